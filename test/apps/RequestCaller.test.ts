import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as QueryCache from "../../packages/sdk/src/query/QueryCache.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Seeds from "../../packages/emulator/src/Seeds.ts"
import * as AuthHeaders from "../../packages/sdk/src/session/AuthHeaders.ts"
import * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

/** A browser signed up as `email`: the headers it forwards to the backend. */
const browser = (email: string) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email, password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
    return { headers: yield* AuthHeaders.getAuthHeaders(), tokens: (yield* (yield* Session.Session).getTokens())! }
  }).pipe(Effect.provide(TestApps.client()))

const get = (headers: Record<string, string>) => new Request("http://backend.test/me", { headers })

layer(Emulator.layer)("StackServerApp.forRequest: a server app acting as a request's caller", (it) => {
  it.effect("each request reads its own caller, however many the app serves; no tokens read as signed out", () =>
    Effect.gen(function*() {
      const ada = yield* browser("caller-ada@example.com")
      const bob = yield* browser("caller-bob@example.com")
      const asAda = yield* Users.getUser().pipe(StackServerApp.forRequest(get({ ...ada.headers })))
      const asBob = yield* Users.getUser().pipe(StackServerApp.forRequest(get({ ...bob.headers })))
      const again = yield* Users.getUser().pipe(StackServerApp.forRequest(get({ ...ada.headers })))
      assert.strictEqual(asAda?.primaryEmail, "caller-ada@example.com")
      assert.strictEqual(asBob?.primaryEmail, "caller-bob@example.com")
      assert.strictEqual(again?.primaryEmail, "caller-ada@example.com")
      assert.isNull(yield* Users.getUser().pipe(StackServerApp.forRequest(get({}))))
      // the app's own session and cache are untouched
      assert.isNull(yield* Users.getUser())
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("the session cookies of a request work as well as its x-stack-auth header", () =>
    Effect.gen(function*() {
      const { tokens } = yield* browser("caller-cookies@example.com")
      const refresh = Redacted.value(tokens.refreshToken!)
      const cookie = [
        `${CookieStorage.refreshCookieName(Seeds.demoProject.projectId)}=${encodeURIComponent(refresh)}`,
        `${CookieStorage.accessCookieName}=${encodeURIComponent(JSON.stringify([refresh, Redacted.value(tokens.accessToken)]))}`
      ].join("; ")
      const user = yield* Users.getUser().pipe(StackServerApp.forRequest(get({ cookie })))
      assert.strictEqual(user?.primaryEmail, "caller-cookies@example.com")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("concurrent requests with the same expired access token share one refresh", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const { headers } = yield* browser("caller-refresh@example.com")
      yield* TestClock.adjust(3_600_000) // every access token has expired; the refresh token still works
      const before = yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" })
      const users = yield* Effect.forEach(
        Array.from({ length: 10 }, () => get({ ...headers })),
        (request) => Users.getCurrent().pipe(StackServerApp.forRequest(request)),
        { concurrency: "unbounded" }
      )
      assert.isTrue(users.every((u) => u.primaryEmail === "caller-refresh@example.com"))
      assert.strictEqual((yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" })) - before, 1)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("writes inside a request leave the app's cache alone", () =>
    Effect.gen(function*() {
      const { headers } = yield* browser("caller-writes@example.com")
      const cache = yield* QueryCache.QueryCache
      const renamed = yield* Users.update({ displayName: "Renamed" }).pipe(StackServerApp.forRequest(get({ ...headers })))
      assert.strictEqual(renamed.displayName, "Renamed")
      assert.isUndefined(cache.snapshotUnsafe(["users", "me"]).exit)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("an access token the service rejects is refreshed once and the call sent again", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const { headers } = yield* browser("caller-rejected@example.com")
      const tokens = JSON.parse(headers["x-stack-auth"]!) as { accessToken: string; refreshToken: string }
      // still unexpired by its claims, but its signature no longer matches
      const [head, payload, signature] = tokens.accessToken.split(".")
      const forged = `${head}.${payload}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`
      const before = yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" })
      const user = yield* Users.getCurrent().pipe(
        StackServerApp.forRequest(get({ "x-stack-auth": JSON.stringify({ ...tokens, accessToken: forged }) }))
      )
      assert.strictEqual(user.primaryEmail, "caller-rejected@example.com")
      assert.strictEqual((yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" })) - before, 1)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a sign-out inside a request ends that caller's session, and its listeners end with the effect", () =>
    Effect.gen(function*() {
      const { headers } = yield* browser("caller-signout@example.com")
      let closed = 0
      const after = yield* Effect.gen(function*() {
        const session = yield* Session.Session
        session.listenUnsafe(() => {}, () => void closed++)
        yield* Auth.signOut()
        assert.strictEqual(closed, 0)
        return yield* Users.getUser()
      }).pipe(StackServerApp.forRequest(get({ ...headers })))
      assert.isNull(after)
      assert.strictEqual(closed, 1)
      // the service deleted the session: the same headers now read as signed out
      const refreshed = yield* Effect.gen(function*() {
        const session = yield* Session.Session
        yield* session.markAccessTokenExpired((yield* session.getTokens())!.accessToken)
        return yield* session.getTokens()
      }).pipe(StackServerApp.forRequest(get({ ...headers })))
      assert.isUndefined(refreshed)
    }).pipe(Effect.provide(TestApps.server())))
})
