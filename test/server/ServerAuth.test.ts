import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import { Emulator, layer as layerInProcess } from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as Credentials from "../../packages/sdk/src/server/Credentials.ts"
import * as CurrentUser from "../../packages/sdk/src/server/CurrentUser.ts"
import * as ServerAuth from "../../packages/sdk/src/server/ServerAuth.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"

const projectId = "p1"
const r = (headers: Record<string, string>) => new Request("http://backend.test/me", { headers })

describe("Credentials: where a request's tokens are read, in their order", () => {
  const cookie = `${CookieStorage.refreshCookieName(projectId)}=rc; ${CookieStorage.accessCookieName}=${encodeURIComponent(JSON.stringify(["rc", "ac"]))}`
  const all = {
    authorization: "Bearer bt",
    "x-stack-access-token": "ht",
    "x-stack-refresh-token": "hr",
    "x-stack-auth": JSON.stringify({ accessToken: "jt", refreshToken: "jr" }),
    cookie
  }
  const read = (headers: Record<string, string>) => {
    const found = Credentials.fromRequest(r(headers), { projectId })
    return found === undefined
      ? undefined
      : {
        source: found.source,
        access: found.accessToken && Redacted.value(found.accessToken),
        refresh: found.refreshToken && Redacted.value(found.refreshToken)
      }
  }

  it("Bearer first, then x-stack-access-token (+ refresh), then x-stack-auth, then the cookies; never mixed", () => {
    assert.deepStrictEqual(read(all), { source: "authorization", access: "bt", refresh: undefined })
    const { authorization: _a, ...noBearer } = all
    assert.deepStrictEqual(read(noBearer), { source: "x-stack-access-token", access: "ht", refresh: "hr" })
    const { "x-stack-access-token": _b, ...noAccess } = noBearer
    assert.deepStrictEqual(read(noAccess), { source: "x-stack-auth", access: "jt", refresh: "jr" })
    const { "x-stack-auth": _c, ...onlyCookie } = noAccess
    assert.deepStrictEqual(read(onlyCookie), { source: "cookie", access: "ac", refresh: "rc" })
    assert.isUndefined(read({}))
  })

  it("node:http headers objects are read like Fetch headers", () => {
    const found = Credentials.fromRequest({ headers: { "x-stack-access-token": "nt" } }, { projectId })
    assert.strictEqual(found?.source, "x-stack-access-token")
  })

  it("another scheme, an empty or `undefined` value counts as absent, and the next place is read", () => {
    assert.deepStrictEqual(read({ authorization: "Basic abc", "x-stack-access-token": "ht" })?.source, "x-stack-access-token")
    assert.deepStrictEqual(read({ authorization: "Bearer undefined", "x-stack-access-token": "ht" })?.source, "x-stack-access-token")
    assert.deepStrictEqual(read({ "x-stack-access-token": "undefined", cookie })?.source, "cookie")
    assert.deepStrictEqual(read({ authorization: "bearer   lower" })?.access, "lower")
  })
})

/** A browser signed up on the emulator's demo project: its session tokens. */
const browser = (email: string) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email, password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
    return (yield* (yield* Session.Session).getTokens())!
  }).pipe(Effect.provide(TestApps.client()))

/** Ends the browser's session at the service (`DELETE /auth/sessions/current`). */
const signOut = (tokens: Session.ValidTokens) =>
  Auth.signOut().pipe(Effect.provide(TestApps.client({
    tokenStore: TokenStore.layerExplicit({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }).pipe(Layer.orDie)
  })))

const server = Layer.provideMerge(AccessTokenVerifier.layer(), TestApps.server())

const cookiesOf = (projectId: string, refresh: string, access: string) =>
  `${CookieStorage.refreshCookieName(projectId)}=${encodeURIComponent(refresh)}; ${CookieStorage.accessCookieName}=${
    encodeURIComponent(JSON.stringify([refresh, access]))
  }`

layer(layerInProcess)("ServerAuth on the emulator", (it) => {
  it.effect("a browser's token authenticates locally: CurrentUser holds its claims, with no request to the service", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const tokens = yield* browser("server-auth-local@example.com")
      const access = Redacted.value(tokens.accessToken)
      yield* ServerAuth.authenticate(r({ authorization: `Bearer ${access}` })) // warms the key set
      const before = yield* emulator.requests.count({})
      const { currentUser, setCookies, source } = yield* ServerAuth.authenticate(r({ authorization: `Bearer ${access}` }))
      assert.strictEqual(source, "authorization")
      assert.strictEqual(currentUser.projectId, emulator.demoProject.projectId)
      assert.strictEqual(currentUser.mode, "local")
      assert.strictEqual(Redacted.value(currentUser.accessToken), access)
      assert.isString(currentUser.sessionId)
      assert.deepStrictEqual(setCookies, [])
      assert.strictEqual(yield* emulator.requests.count({}), before)
    }).pipe(Effect.provide(server)))

  it.effect("CurrentUser.user loads the full user with one /users/me, however often a handler asks", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const tokens = yield* browser("server-auth-user@example.com")
      const { currentUser } = yield* ServerAuth.authenticate(r({ "x-stack-access-token": Redacted.value(tokens.accessToken) }))
      const before = yield* emulator.requests.count({ method: "GET", path: "/users/me" })
      const users = yield* Effect.all([currentUser.user, currentUser.user, currentUser.user], { concurrency: "unbounded" })
      assert.strictEqual(users[0].primaryEmail, "server-auth-user@example.com")
      assert.strictEqual(users[2].id, currentUser.userId)
      assert.strictEqual((yield* emulator.requests.count({ method: "GET", path: "/users/me" })) - before, 1)
    }).pipe(Effect.provide(server)))

  it.effect("no token anywhere: MissingCredentials (401)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ServerAuth.authenticate(r({})))
      assert.instanceOf(error, ServerAuth.MissingCredentials)
      assert.strictEqual(ServerAuth.statusOf(error), 401)
    }).pipe(Effect.provide(server)))

  it.effect("a signed-out session's token still passes locally (until exp) and is refused in remote mode", () =>
    Effect.gen(function*() {
      const tokens = yield* browser("server-auth-revoked@example.com")
      const request = r({ "x-stack-access-token": Redacted.value(tokens.accessToken) })
      assert.strictEqual((yield* ServerAuth.authenticate(request, { mode: "remote" })).currentUser.mode, "remote")
      // the browser signs out: its session ends at the service
      yield* signOut(tokens)
      assert.strictEqual((yield* ServerAuth.authenticate(request)).currentUser.mode, "local")
      const error = yield* Effect.flip(ServerAuth.authenticate(request, { mode: "remote" }))
      assert.instanceOf(error, KnownErrors.RefreshTokenNotFoundOrExpired)
      assert.strictEqual(ServerAuth.statusOf(error), 401)
    }).pipe(Effect.provide(server)))

  it.effect("remote mode answers the service's own refusals", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ServerAuth.authenticate(r({ "x-stack-access-token": "garbage" }), { mode: "remote" }))
      assert.instanceOf(error, KnownErrors.UnparsableAccessToken)
    }).pipe(Effect.provide(server)))

  it.effect("a cookie session whose access token expired is refreshed, and its new cookies are written back", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const tokens = yield* browser("server-auth-cookie@example.com")
      const refresh = Redacted.value(tokens.refreshToken!)
      const request = r({ cookie: cookiesOf(emulator.demoProject.projectId, refresh, Redacted.value(tokens.accessToken)) })
      const fresh = yield* ServerAuth.authenticate(request)
      assert.deepStrictEqual(fresh.setCookies, []) // still valid: nothing to write
      yield* TestClock.adjust(3_600_000)
      const expired = yield* Effect.flip(ServerAuth.authenticate(r({ "x-stack-access-token": Redacted.value(tokens.accessToken) })))
      assert.instanceOf(expired, KnownErrors.AccessTokenExpired)
      const { currentUser, refreshed, setCookies } = yield* ServerAuth.authenticate(request)
      assert.strictEqual(currentUser.userId, fresh.currentUser.userId)
      assert.notStrictEqual(Redacted.value(currentUser.accessToken), Redacted.value(tokens.accessToken))
      assert.strictEqual(Redacted.value(refreshed!.accessToken!), Redacted.value(currentUser.accessToken))
      assert.deepStrictEqual(setCookies, [
        CookieStorage.serialize(CookieStorage.refreshCookieName(emulator.demoProject.projectId), refresh, CookieStorage.attributes(CookieStorage.refreshCookieMaxAgeSeconds, false)),
        CookieStorage.serialize(
          CookieStorage.accessCookieName,
          JSON.stringify([refresh, Redacted.value(currentUser.accessToken)]),
          CookieStorage.attributes(CookieStorage.accessCookieMaxAgeSeconds, false)
        )
      ])
      // a Fetch Response carries them
      const response = ServerAuth.withSetCookies(new Response("ok"), setCookies)
      assert.deepStrictEqual(response.headers.getSetCookie(), [...setCookies])
    }).pipe(Effect.provide(server)))

  it.effect("an expired token with a dead refresh token: RefreshTokenNotFoundOrExpired", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const tokens = yield* browser("server-auth-dead@example.com")
      yield* signOut(tokens)
      yield* TestClock.adjust(3_600_000)
      const request = r({ cookie: cookiesOf(emulator.demoProject.projectId, Redacted.value(tokens.refreshToken!), Redacted.value(tokens.accessToken)) })
      assert.instanceOf(yield* Effect.flip(ServerAuth.authenticate(request)), KnownErrors.RefreshTokenNotFoundOrExpired)
    }).pipe(Effect.provide(server)))

  it.effect("CurrentUser.layerTest provides a chosen caller to a handler", () =>
    Effect.gen(function*() {
      const id = yield* CurrentUser.CurrentUser.use((user) => Effect.succeed(user.userId))
      assert.strictEqual(id, "test-user")
      assert.instanceOf(yield* Effect.flip(CurrentUser.user), KnownErrors.CannotGetOwnUserWithoutUser)
    }).pipe(Effect.provide(CurrentUser.layerTest({ userId: "test-user" }))))
})
