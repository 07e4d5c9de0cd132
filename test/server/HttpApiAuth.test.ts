import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { TestClock } from "effect/testing"
import { Emulator, layer as layerInProcess } from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import { ApiLive } from "../../examples/http-api-service/Api.ts"

/** The example API served in process (its handlers run in the test's fiber: TestClock applies). */
const serve = Effect.gen(function*() {
  const app = ApiLive.pipe(
    Layer.provide(Layer.provideMerge(AccessTokenVerifier.layer(), TestApps.server())),
    Layer.provide(HttpServer.layerServices)
  )
  const handler = yield* HttpRouter.toHttpEffect(app)
  return (request: Request) =>
    handler.pipe(
      Effect.provideService(HttpServerRequest.HttpServerRequest, HttpServerRequest.fromWeb(request)),
      Effect.map((response) => HttpServerResponse.toWeb(response)),
      Effect.flatMap((response) => Effect.promise(async () => ({ response, body: await response.text() })))
    )
})

const browser = (email: string) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email, password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
    return (yield* (yield* Session.Session).getTokens())!
  }).pipe(Effect.provide(TestApps.client()))

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://api.test${path}`, { headers })

layer(layerInProcess)("HttpApiAuth: the example API's middleware", (it) => {
  it.effect("GET /me answers the caller's user id for a Bearer token, and 401 with a JSON body without one", () =>
    Effect.gen(function*() {
      const call = yield* serve
      const tokens = yield* browser("httpapi-me@example.com")
      const ok = yield* call(get("/me", { authorization: `Bearer ${Redacted.value(tokens.accessToken)}` }))
      assert.strictEqual(ok.response.status, 200)
      const userId = JSON.parse(ok.body).userId
      assert.isString(userId)
      const none = yield* call(get("/me"))
      assert.strictEqual(none.response.status, 401)
      assert.deepInclude(JSON.parse(none.body), { _tag: "Unauthorized", code: "MISSING_CREDENTIALS" })
      const garbage = yield* call(get("/me", { authorization: "Bearer garbage" }))
      assert.strictEqual(garbage.response.status, 401)
      assert.deepInclude(JSON.parse(garbage.body), { code: "UNPARSABLE_ACCESS_TOKEN" })
      const open = yield* call(get("/health"))
      assert.strictEqual(open.response.status, 200)
    }))

  it.effect("every place a client puts its token works: x-stack-access-token, x-stack-auth, cookies", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const call = yield* serve
      const tokens = yield* browser("httpapi-places@example.com")
      const access = Redacted.value(tokens.accessToken)
      const refresh = Redacted.value(tokens.refreshToken!)
      const cookie = `${CookieStorage.refreshCookieName(emulator.demoProject.projectId)}=${refresh}; ${CookieStorage.accessCookieName}=${
        encodeURIComponent(JSON.stringify([refresh, access]))
      }`
      for (
        const headers of [
          { "x-stack-access-token": access },
          { "x-stack-auth": JSON.stringify({ accessToken: access, refreshToken: refresh }) },
          { cookie }
        ]
      ) {
        const answer = yield* call(get("/me", headers))
        assert.strictEqual(answer.response.status, 200, JSON.stringify(Object.keys(headers)))
      }
    }))

  it.effect("an expired cookie session is refreshed and the response carries its new cookies", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const call = yield* serve
      const tokens = yield* browser("httpapi-cookie@example.com")
      const access = Redacted.value(tokens.accessToken)
      const refresh = Redacted.value(tokens.refreshToken!)
      const cookie = `${CookieStorage.refreshCookieName(emulator.demoProject.projectId)}=${refresh}; ${CookieStorage.accessCookieName}=${
        encodeURIComponent(JSON.stringify([refresh, access]))
      }`
      yield* TestClock.adjust(3_600_000)
      const answer = yield* call(get("/me", { cookie }))
      assert.strictEqual(answer.response.status, 200)
      const set = answer.response.headers.getSetCookie()
      assert.strictEqual(set.length, 2)
      assert.match(set[0]!, new RegExp(`^${CookieStorage.refreshCookieName(emulator.demoProject.projectId)}=`))
      assert.match(set[1]!, /^stack-access=/)
      assert.include(set[1]!, "Max-Age=86400; Path=/; SameSite=Lax")
    }))

  it.effect("a handler's full user is one /users/me; /me/strict refuses a signed-out session that /me still accepts", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const call = yield* serve
      const tokens = yield* browser("httpapi-strict@example.com")
      const headers = { authorization: `Bearer ${Redacted.value(tokens.accessToken)}` }
      const before = yield* emulator.requests.count({ method: "GET", path: "/users/me" })
      const profile = yield* call(get("/me/profile", headers))
      assert.strictEqual(JSON.parse(profile.body).email, "httpapi-strict@example.com")
      assert.strictEqual((yield* emulator.requests.count({ method: "GET", path: "/users/me" })) - before, 1)
      assert.strictEqual((yield* call(get("/me/strict", headers))).response.status, 200)
      yield* Auth.signOut().pipe(Effect.provide(TestApps.client({
        tokenStore: TokenStore.layerExplicit({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }).pipe(Layer.orDie)
      })))
      assert.strictEqual((yield* call(get("/me", headers))).response.status, 200)
      const strict = yield* call(get("/me/strict", headers))
      assert.strictEqual(strict.response.status, 401)
      assert.deepInclude(JSON.parse(strict.body), { code: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" })
    }))

  it.effect("the OpenAPI document shows both security schemes and the 401 error schema", () =>
    Effect.gen(function*() {
      const call = yield* serve
      const doc = JSON.parse((yield* call(get("/openapi.json"))).body)
      const schemes = doc.components.securitySchemes
      assert.isTrue(Object.values(schemes).some((s: any) => s.type === "http" && /^bearer$/i.test(s.scheme)))
      assert.isTrue(Object.values(schemes).some((s: any) => s.type === "apiKey" && s.in === "cookie" && s.name === "stack-access"))
      const me = doc.paths["/me"].get
      assert.property(me.responses, "401")
      assert.property(me.responses, "503")
      assert.isAbove(me.security.length, 0)
      assert.notProperty(doc.paths["/health"].get.responses, "401")
    }))
})
