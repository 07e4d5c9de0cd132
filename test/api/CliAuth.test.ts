import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as CliAuth from "../../packages/sdk/src/api/CliAuth.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import * as Navigation from "../../packages/sdk/src/platform/Navigation.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { call } from "../emulator/support.ts"
import { reasonOf } from "../support/Transport.ts"

const appUrl = "http://localhost:3000"
const pollPath = "/api/v1/auth/cli/poll"

/** Waits (without moving the clock) until the emulator has seen `n` polls. */
const awaitPolls = (n: number) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    for (let i = 0; i < 10_000; i++) {
      if ((yield* emulator.requests.count({ path: pollPath })) >= n) return
      yield* Effect.yieldNow
    }
    return yield* Effect.die(new Error(`never saw ${n} polls`))
  })

/** Starts a CLI login in the background (its own signed-out client app); resolves the login URL. */
const startCli = (options: Omit<CliAuth.PromptOptions, "appUrl" | "onLoginUrl"> = {}) =>
  Effect.gen(function*() {
    const url = yield* Deferred.make<string>()
    const fiber = yield* CliAuth.promptCliLogin({ appUrl, ...options, onLoginUrl: (u) => Deferred.succeed(url, u) }).pipe(
      Effect.provide(TestApps.client()),
      Effect.forkChild
    )
    return { fiber, url: yield* Deferred.await(url) }
  })

const loginCodeOf = (url: string) => new URL(url).searchParams.get("login_code") ?? ""

/** The browser side: signs a user in and confirms the CLI login; answers its refresh token. */
const confirmInBrowser = (loginCode: string) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email: "cli@example.com", password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
    const tokens = yield* Session.Session.use((session) => session.getTokens())
    yield* CliAuth.completeCliLogin(loginCode)
    return Redacted.value(tokens!.refreshToken!)
  }).pipe(Effect.provide(TestApps.client()))

const withEmulator = <A, E, R>(effect: Effect.Effect<A, E, R>) => effect.pipe(Effect.provide(Emulator.layer))


/** The emulator answers the CLI's next poll with `body` (JSON) and `status`, plus `headers`. */
const answerNextPoll = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Emulator.Emulator.use((emulator) =>
    emulator.faults.inject({
      method: "POST",
      path: "/auth/cli/poll",
      times: 1,
      fault: Faults.status(status, { headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })
    }))

describe("CliAuth", () => {
  it.effect("the CLI polls every 2 s until the browser confirms, then gets the browser session's refresh token", () =>
    withEmulator(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const { fiber, url } = yield* startCli()
      assert.match(url, /^http:\/\/localhost:3000\/handler\/cli-auth-confirm\?login_code=[0-9a-z]{45}$/)
      yield* awaitPolls(1)
      yield* TestClock.adjust("1999 millis")
      assert.strictEqual(yield* emulator.requests.count({ path: pollPath }), 1)
      yield* TestClock.adjust("1 millis")
      yield* awaitPolls(2)
      const refreshToken = yield* confirmInBrowser(loginCodeOf(url))
      yield* TestClock.adjust("2 seconds")
      const received = yield* Fiber.join(fiber)
      assert.strictEqual(Redacted.value(received), refreshToken)
      assert.strictEqual(yield* emulator.requests.count({ path: pollPath }), 3)
    })))

  it.effect("without onLoginUrl the confirmation URL is opened through Navigation", () =>
    withEmulator(Effect.gen(function*() {
      const fiber = yield* CliAuth.promptCliLogin({ appUrl, maxAttempts: 1 }).pipe(
        Effect.provide(TestApps.client()),
        Effect.forkChild
      )
      yield* awaitPolls(1)
      yield* TestClock.adjust("2 seconds")
      yield* Fiber.await(fiber)
      const visits = yield* Navigation.visits
      assert.strictEqual(visits.length, 1)
      assert.include(visits[0]!.url, `${appUrl}/handler/cli-auth-confirm?login_code=`)
    }).pipe(Effect.provide(Navigation.layerTest))))

  it.effect("an expired login fails with CliAuthExpiredError and the spec's message", () =>
    withEmulator(Effect.gen(function*() {
      const { fiber } = yield* startCli({ expiresInMillis: 3000 })
      yield* awaitPolls(1)
      yield* TestClock.adjust("4 seconds")
      const error = yield* Effect.flip(Fiber.join(fiber))
      assert.strictEqual(error._tag, "CliAuthExpiredError")
      assert.strictEqual(error.message, "CLI authentication request expired. Please try again.")
    })))

  it.effect("a poll answering used fails with CliAuthUsedError and the spec's message", () =>
    withEmulator(Effect.gen(function*() {
      yield* answerNextPoll(200, { status: "used" })
      const { fiber } = yield* startCli()
      const error = yield* Effect.flip(Fiber.join(fiber))
      assert.strictEqual(error._tag, "CliAuthUsedError")
      assert.strictEqual(error.message, "This authentication token has already been used.")
    })))

  it.effect("success is only HTTP 201: a 200 answer saying success keeps polling", () =>
    withEmulator(Effect.gen(function*() {
      yield* answerNextPoll(200, { status: "success", refresh_token: "x" })
      const { fiber } = yield* startCli({ maxAttempts: 1 })
      const error = yield* Effect.flip(Fiber.join(fiber))
      assert.strictEqual(error._tag, "CliAuthUnexpectedStatus")
    })))

  it.effect("a polling code the service does not know fails with InvalidPollingCodeError", () =>
    withEmulator(Effect.gen(function*() {
      yield* answerNextPoll(400, { code: "INVALID_POLLING_CODE", error: "Unknown or invalid polling code." }, { "x-stack-known-error": "INVALID_POLLING_CODE" })
      const { fiber } = yield* startCli()
      const error = yield* Effect.flip(Fiber.join(fiber))
      assert.strictEqual(error._tag, "InvalidPollingCodeError")
    })))

  it.effect("after maxAttempts waiting polls it fails with CliAuthTimeout and the spec's message", () =>
    withEmulator(Effect.gen(function*() {
      const { fiber } = yield* startCli({ maxAttempts: 3, waitMillis: 500 })
      for (let n = 1; n <= 3; n++) {
        yield* awaitPolls(n)
        yield* TestClock.adjust("500 millis")
      }
      const error = yield* Effect.flip(Fiber.join(fiber))
      assert.strictEqual(error._tag, "CliAuthTimeout")
      assert.strictEqual(error.message, "Timed out waiting for CLI authentication.")
    })))

  it.effect("a refused start fails with CliAuthInitiationFailed: 'Failed to initiate CLI auth: {status} {text}'", () =>
    withEmulator(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.faults.inject({ method: "POST", path: "/auth/cli", times: 1, fault: Faults.status(503, { body: "down for maintenance" }) })
      const error = yield* Effect.flip(CliAuth.promptCliLogin({ appUrl, onLoginUrl: () => Effect.void }).pipe(Effect.provide(TestApps.client())))
      assert.strictEqual(error._tag, "CliAuthInitiationFailed")
      assert.strictEqual(error.message, "Failed to initiate CLI auth: 503 down for maintenance")
    })))

  it.effect("a start the service rejects as a known error also fails with CliAuthInitiationFailed", () =>
    withEmulator(Effect.gen(function*() {
      const error = yield* Effect.flip(
        CliAuth.promptCliLogin({ appUrl, expiresInMillis: 25 * 60 * 60 * 1000, onLoginUrl: () => Effect.void }).pipe(
          Effect.provide(TestApps.client())
        )
      )
      assert.strictEqual(error._tag, "CliAuthInitiationFailed")
      assert.match(error.message, /^Failed to initiate CLI auth: 400 \{"code":"SCHEMA_ERROR"/)
    })))

  it.effect("completeCliLogin fails with NotSignedIn when the browser has no session", () =>
    withEmulator(Effect.gen(function*() {
      const error = yield* Effect.flip(CliAuth.completeCliLogin("x".repeat(45)).pipe(Effect.provide(TestApps.client())))
      assert.strictEqual(error._tag, "NotSignedIn")
    })))

  it.effect("completeCliLogin with an unknown login code is refused by the service", () =>
    withEmulator(Effect.gen(function*() {
      const error = yield* Effect.flip(
        Effect.gen(function*() {
          yield* Auth.signUpAnonymously()
          yield* CliAuth.completeCliLogin("x".repeat(45))
        }).pipe(Effect.provide(TestApps.client()))
      )
      assert.strictEqual(reasonOf(error)._tag, "HttpError")
      assert.include(error.message, "400")
    })))
})

describe("CLI login routes of the emulator", () => {
  it.effect("an unknown polling code is INVALID_POLLING_CODE; a consumed one answers used; a completed code cannot complete again", () =>
    withEmulator(Effect.gen(function*() {
      const unknown = yield* call({ method: "POST", path: "/auth/cli/poll", body: { polling_code: "nope" } })
      assert.strictEqual(unknown.status, 400)
      assert.strictEqual(unknown.body.code, "INVALID_POLLING_CODE")

      const started = yield* call({ method: "POST", path: "/auth/cli", body: {} })
      assert.strictEqual(started.status, 200)
      const waiting = yield* call({ method: "POST", path: "/auth/cli/poll", body: { polling_code: started.body.polling_code } })
      assert.deepStrictEqual([waiting.status, waiting.body], [200, { status: "waiting" }])

      const refreshToken = yield* confirmInBrowser(started.body.login_code)
      const again = yield* call({ method: "POST", path: "/auth/cli/complete", body: { login_code: started.body.login_code, refresh_token: refreshToken } })
      assert.strictEqual(again.status, 400)

      const success = yield* call({ method: "POST", path: "/auth/cli/poll", body: { polling_code: started.body.polling_code } })
      assert.deepStrictEqual([success.status, success.body], [201, { status: "success", refresh_token: refreshToken }])
      const used = yield* call({ method: "POST", path: "/auth/cli/poll", body: { polling_code: started.body.polling_code } })
      assert.deepStrictEqual([used.status, used.body], [200, { status: "used" }])
    })))

  it.effect("a login expires after expires_in_millis", () =>
    withEmulator(Effect.gen(function*() {
      const started = yield* call({ method: "POST", path: "/auth/cli", body: { expires_in_millis: 1000 } })
      assert.strictEqual(new Date(started.body.expires_at).getTime(), (yield* Clock.currentTimeMillis) + 1000)
      yield* TestClock.adjust("2 seconds")
      const expired = yield* call({ method: "POST", path: "/auth/cli/poll", body: { polling_code: started.body.polling_code } })
      assert.deepStrictEqual(expired.body, { status: "expired" })
    })))
})

