/**
 * What makes the emulator safe and quick to test with (issue #16 "Make it testable", #17 items 1
 * and 2): test apps talk only to the emulator they were given, in process; tokens minted under
 * `it.effect` are valid on the real clock until the test moves time; token lifetimes are set per
 * emulator; and refresh-token rotation, which the service does not do, can be switched on so the
 * SDK's rotation path runs.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import { createLocalJWKSet, jwtVerify } from "jose"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Tokens from "../../packages/emulator/src/internal/model/Tokens.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import { HttpTransport, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { call } from "./support.ts"

/** A transport that records what reached "the network" and fails it: nothing of a test app may arrive here. */
const networkTrap = () => {
  const reached: Array<string> = []
  const layer = Layer.succeed(HttpTransport, {
    send: (request: Request) => {
      reached.push(`${request.method} ${request.url}`)
      return Effect.fail(new TransportFailure({ reason: "the test reached the network" }))
    }
  })
  return { reached, layer }
}

const signUp = (email: string) => Auth.signUpWithPassword({ email, password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })

const storedTokens = Effect.gen(function*() {
  const stored = yield* (yield* TokenStore.TokenStore).get
  return {
    accessToken: stored.accessToken === undefined ? undefined : Redacted.value(stored.accessToken),
    refreshToken: stored.refreshToken === undefined ? undefined : Redacted.value(stored.refreshToken)
  }
})

describe("test wiring: a test app talks only to its emulator, in process (#17 item 1)", () => {
  it.effect("with the emulator alone (no transport routing), TestApps still send every request to that emulator", () => {
    const trap = networkTrap()
    return Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const user = yield* Effect.andThen(signUp("wired@example.com"), Users.getCurrent()).pipe(Effect.provide(TestApps.client()))
      assert.strictEqual(user?.primaryEmail, "wired@example.com")
      assert.deepStrictEqual(trap.reached, [])
      assert.strictEqual(yield* emulator.requests.count({ method: "POST", path: "/auth/password/sign-up" }), 1)
    }).pipe(Effect.provide(Emulator.layerAlone), Effect.provide(trap.layer))
  })

  it.effect("Emulator.layer routes the SDK in process: an app built by hand on its base URL reaches no network", () => {
    const trap = networkTrap()
    return Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const app = StackClientApp.layer({
        projectId: emulator.demoProject.projectId,
        publishableClientKey: emulator.demoProject.publishableClientKey,
        baseUrl: emulator.baseUrl
      })
      yield* signUp("by-hand@example.com").pipe(Effect.provide(app))
      assert.deepStrictEqual(trap.reached, [])
      assert.strictEqual(yield* emulator.requests.count({ method: "POST", path: "/auth/password/sign-up" }), 1)
    }).pipe(Effect.provide(Emulator.layer), Effect.provide(trap.layer))
  })

  it.effect("two emulators in one test: each test app reaches only its own", () =>
    Effect.gen(function*() {
      const first = yield* Emulator.make()
      const second = yield* Emulator.make()
      yield* signUp("first@example.com").pipe(Effect.provide(TestApps.client()), Effect.provideService(Emulator.Emulator, first))
      assert.strictEqual(yield* first.requests.count({ path: "/auth/password/sign-up" }), 1)
      assert.strictEqual(yield* second.requests.count(), 0)
    }))
})

describe("time: tokens minted under it.effect are valid on the real clock (#17 item 2)", () => {
  it.effect("an access token minted on TestClock verifies with a JWT library on the real clock; TestClock.adjust expires it on purpose", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const tokens = yield* Effect.andThen(signUp("clock@example.com"), storedTokens).pipe(Effect.provide(TestApps.client()))
      const jwks = createLocalJWKSet(Tokens.jwks([(yield* emulator.state.get).signingKey]) as never)
      // what a handler running on the real clock (a web framework, jose) sees
      const verified = yield* Effect.promise(() => jwtVerify(tokens.accessToken!, jwks, { currentDate: new Date() }))
      assert.isAbove(verified.payload.exp! * 1000, Date.now())
      // the test moves time on purpose: the emulator sees the token expired
      yield* TestClock.adjust("11 minutes")
      const answer = yield* call({ path: "/users/me", accessToken: tokens.accessToken! })
      assert.strictEqual(answer.body.code, "ACCESS_TOKEN_EXPIRED", answer.text)
    }).pipe(Effect.provide(Emulator.layer)))
})

describe("token lifetimes and refresh-token rotation per emulator (#16)", () => {
  it.effect("an emulator with 5-second access tokens mints them so; after 6 s the SDK refreshes before its next call", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const result = yield* Effect.gen(function*() {
        yield* signUp("short@example.com")
        const first = yield* storedTokens
        yield* TestClock.adjust("6 seconds")
        const me = yield* Users.getCurrent()
        return { first, me, second: yield* storedTokens }
      }).pipe(Effect.provide(TestApps.client()))
      const [, payload] = result.first.accessToken!.split(".")
      const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as { iat: number; exp: number }
      assert.strictEqual(claims.exp - claims.iat, 5)
      assert.strictEqual(result.me?.primaryEmail, "short@example.com")
      assert.notStrictEqual(result.second.accessToken, result.first.accessToken)
      assert.strictEqual(yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" }), 1)
      // the refresh token is kept (the service does not rotate by default)
      assert.strictEqual(result.second.refreshToken, result.first.refreshToken)
    }).pipe(Effect.provide(Layer.orDie(Emulator.layerWith({ accessTokenLifetimeSeconds: 5 })))))

  it.effect("a short refresh-token lifetime ends the session: the SDK signs out instead of refreshing forever", () =>
    Effect.gen(function*() {
      const me = yield* Effect.gen(function*() {
        yield* signUp("ending@example.com")
        yield* TestClock.adjust("2 minutes")
        return yield* Effect.flip(Users.getCurrent())
      }).pipe(Effect.provide(TestApps.client()))
      assert.strictEqual(me._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(Layer.orDie(Emulator.layerWith({ accessTokenLifetimeSeconds: 30, refreshTokenLifetimeMillis: 60_000 })))))

  it.effect("with rotation on, each refresh answers a new refresh token, the SDK stores it, and the used one stops working", () =>
    Effect.gen(function*() {
      const { first, second, third } = yield* Effect.gen(function*() {
        yield* signUp("rotating@example.com")
        const first = yield* storedTokens
        yield* TestClock.adjust("11 minutes")
        yield* Users.getCurrent()
        const second = yield* storedTokens
        yield* TestClock.adjust("11 minutes")
        const me = yield* Users.getCurrent()
        assert.strictEqual(me?.primaryEmail, "rotating@example.com")
        return { first, second, third: yield* storedTokens }
      }).pipe(Effect.provide(TestApps.client()))
      assert.notStrictEqual(second.refreshToken, first.refreshToken)
      assert.notStrictEqual(third.refreshToken, second.refreshToken)
      const emulator = yield* Emulator.Emulator
      const reused = yield* call({
        method: "POST",
        path: "/auth/oauth/token",
        access: "none",
        form: {
          grant_type: "refresh_token",
          refresh_token: first.refreshToken!,
          client_id: emulator.demoProject.projectId,
          client_secret: emulator.demoProject.publishableClientKey
        }
      })
      assert.strictEqual(reused.body.code, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", reused.text)
    }).pipe(Effect.provide(Layer.orDie(Emulator.layerWith({ rotateRefreshTokens: true })))))
})
