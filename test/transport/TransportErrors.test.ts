/**
 * Transport failures are one error, `StackTransportError`, whose `reason` says which of the ten
 * happened: Effect's `catchReason` / `catchReasons` / `unwrapReason` handle them on failures the
 * pipeline really produced (the in-process emulator, the TestClock), its message is the reason's,
 * no secret shows in any of its texts, and it round-trips through its schema like the known errors.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Projects from "../../packages/sdk/src/api/Projects.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import { KnownError } from "../../packages/sdk/src/protocol/KnownError.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import {
  ConnectionError,
  HttpError,
  isTransportError,
  OfflineError,
  StackTransportError,
  TimeoutError
} from "../../packages/sdk/src/transport/TransportErrors.ts"
import * as Capture from "../support/Capture.ts"
import { reasonOf, reasonWith } from "../support/Transport.ts"

const projectPath = "/projects/current"

/** Answers the next `GET /projects/current` with `fault`. */
const inject = (fault: Faults.Fault) =>
  Effect.flatMap(Emulator.Emulator, (emulator) => emulator.faults.inject({ method: "GET", path: projectPath, times: 1, fault }))

describe("StackTransportError", () => {
  it.effect("Effect.catchReason(\"StackTransportError\", \"TimeoutError\") handles a real timeout; the reason carries its limit", () =>
    Effect.gen(function*() {
      yield* inject(Faults.delay("1 hour"))
      const fiber = yield* Effect.forkChild(Projects.getCurrent().pipe(
        Limits.withLimits({ timeout: "2 seconds" }),
        Effect.map(() => undefined),
        Effect.catchReason("StackTransportError", "TimeoutError", (reason, error) => Effect.succeed({ reason, error }))
      ))
      yield* TestClock.adjust("1999 millis")
      assert.isUndefined(fiber.pollUnsafe(), "no timeout before 2 s")
      yield* TestClock.adjust("1 millis")
      const caught = yield* Fiber.join(fiber)
      assert.isDefined(caught, "the handler ran")
      const { error, reason } = caught!
      assert.instanceOf(reason, TimeoutError)
      assert.strictEqual(reason.limit, "attempt")
      assert.strictEqual(reason.timeoutMillis, 2000)
      assert.strictEqual(reason.method, "GET")
      assert.strictEqual(reason.path, projectPath)
      assert.instanceOf(error, StackTransportError)
      assert.strictEqual(error.reason, reason)
      assert.strictEqual(error.message, reason.message)
      assert.include(error.message, "did not answer within 2000 ms")
    }).pipe(Effect.provide(TestApps.client()), Effect.provide(Emulator.layer)))

  it.effect("a caught reason leaves the others in the error channel, as the one class", () =>
    Effect.gen(function*() {
      yield* inject(Faults.serverError(503))
      const error = yield* Effect.flip(Projects.getCurrent().pipe(
        Effect.catchReason("StackTransportError", "TimeoutError", () => Effect.succeed("timed out"))
      ))
      assert.strictEqual(reasonWith(error, "HttpError").status, 503)
    }).pipe(Effect.provide(TestApps.client()), Effect.provide(Emulator.layer)))

  it.effect("Effect.catchReasons picks the handler by reason; unwrapReason puts the reasons in the error channel", () =>
    Effect.gen(function*() {
      const handled = () =>
        Projects.getCurrent().pipe(
          Effect.as("ok"),
          Effect.catchReasons("StackTransportError", {
            HttpError: (reason) => Effect.succeed(`status ${reason.status}`),
            TimeoutError: (reason) => Effect.succeed(`timeout ${reason.limit}`)
          }, (reason) => Effect.succeed(`other ${reason._tag}`))
        )
      yield* inject(Faults.serverError(500))
      assert.strictEqual(yield* handled(), "status 500")
      yield* inject(Faults.status(200, { body: "<html>not json</html>" }))
      assert.strictEqual(yield* handled(), "other DecodeError")
      assert.strictEqual(yield* handled(), "ok")

      yield* inject(Faults.serverError(502))
      const unwrapped = yield* Effect.flip(Projects.getCurrent().pipe(Effect.unwrapReason("StackTransportError")))
      assert.instanceOf(unwrapped, HttpError)
      assert.strictEqual((unwrapped as HttpError).status, 502)
      yield* inject(Faults.serverError(502))
      const byTag = yield* Projects.getCurrent().pipe(
        Effect.unwrapReason("StackTransportError"),
        Effect.as(0),
        Effect.catchTag("HttpError", (reason) => Effect.succeed(reason.status))
      )
      assert.strictEqual(byTag, 502)
    }).pipe(Effect.provide(TestApps.client()), Effect.provide(Emulator.layer)))

  it.effect("no key or token the service echoes shows in its message, toString, JSON or inspection", () =>
    Effect.gen(function*() {
      const echoed = `upstream said ${demoProject.secretServerKey} and ${encodeURIComponent(demoProject.secretServerKey)}`
      const emulator = yield* Emulator.Emulator
      yield* emulator.faults.inject({ method: "GET", path: "/users", times: 1, fault: Faults.status(500, { body: echoed }) })
      const error = yield* Effect.flip(ServerUsers.list())
      const reason = reasonWith(error, "HttpError")
      assert.include(reason.body, "upstream said", "the body is kept")
      const texts = [error.message, String(error), error.toString(), reason.message, String(reason), ...Capture.views(error)]
      assert.isAtLeast(texts.length, 8)
      for (const text of texts) {
        assert.notInclude(text, demoProject.secretServerKey)
        assert.notInclude(text, encodeURIComponent(demoProject.secretServerKey))
      }
      assert.isTrue(texts.some((text) => text.includes("[redacted]")), "the key was replaced, not dropped with the body")
    }).pipe(Effect.provide(TestApps.server()), Effect.provide(Emulator.layer)))

  it("round-trips through its schema, the reason decoded to its own class", () => {
    const error = new StackTransportError({
      reason: new ConnectionError({
        method: "POST",
        path: "/users",
        reason: "ECONNREFUSED",
        attempts: 1,
        diagnostics: [{ name: "apiHealth", url: "https://api.example.test/health", result: "OK" }]
      })
    })
    const encoded = Schema.encodeSync(StackTransportError)(error)
    const decoded = Schema.decodeUnknownSync(StackTransportError)(JSON.parse(JSON.stringify(encoded)))
    assert.instanceOf(decoded, StackTransportError)
    assert.instanceOf(decoded.reason, ConnectionError)
    assert.deepStrictEqual(reasonWith(decoded, "ConnectionError").diagnostics, reasonWith(error, "ConnectionError").diagnostics)
    assert.strictEqual(decoded.message, error.message)
    assert.throws(() => Schema.decodeUnknownSync(StackTransportError)({ _tag: "StackTransportError", reason: { _tag: "Unheard", method: "GET", path: "/x" } }))
  })

  it("isTransportError tells the one class from a bare reason and the service's errors", () => {
    const offline = new OfflineError({ method: "GET", path: "/x" })
    assert.isTrue(isTransportError(new StackTransportError({ reason: offline })))
    assert.isFalse(isTransportError(offline))
    assert.isFalse(isTransportError(new KnownError({ code: "USER_NOT_FOUND", status: 404, message: "no" })))
    assert.isFalse(isTransportError(undefined))
    assert.strictEqual(reasonOf(new StackTransportError({ reason: offline })), offline)
  })
})
