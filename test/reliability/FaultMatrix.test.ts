/**
 * The fault matrix of SPEC §8/§9, for GET and for POST: which faults are retried, how many times,
 * after which waits, and which typed error ends the call. Faults come from the emulator's fault
 * injection (statuses, bodies, dropped connections, delays) and from a transport that breaks the
 * connection after the emulator processed the request (refused, reset, reset mid-body). Every
 * attempt is counted at the emulator's request log and timed on the `TestClock`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Random from "effect/Random"
import * as Schema from "effect/Schema"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { KnownErrorCodeMismatch, UnknownErrorCode } from "../../packages/sdk/src/protocol/KnownError.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import { HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { isTransportError } from "../../packages/sdk/src/transport/TransportErrors.ts"
import { type Break, demoConfig, drive, faultyTransport, fixedJitter, gaps } from "./support.ts"

const backoff = [1000, 2000, 4000, 8000] // SPEC §9: base 1000 ms, doubling; jitter pinned to 1.0
const retryAfter = [3000, 3000, 3000, 3000] // `Retry-After: 3`

/** What a row does to the exchanges with the emulator. */
type Injection =
  | { readonly _tag: "Emulator"; readonly fault: Faults.Fault; readonly times?: number }
  | { readonly _tag: "Break"; readonly breaks: Break; readonly times?: number }

/** What must happen: attempts, the waits between them, and how the call ends. */
interface Expected {
  readonly attempts: number
  readonly gaps: ReadonlyArray<number>
  /** `Success`, an error `_tag`, or `Die:<defect tag>`. */
  readonly outcome: string
  readonly status?: number
  /** When the call ends, on the TestClock. */
  readonly endsAtMillis?: number
}

interface Row {
  readonly fault: string
  readonly injection: Injection
  readonly timeout?: Duration.Input
  readonly GET: Expected
  readonly POST: Expected
}

const emulatorFault = (fault: Faults.Fault, times?: number): Injection => ({ _tag: "Emulator", fault, ...(times === undefined ? {} : { times }) })
const broken = (breaks: Break, times?: number): Injection => ({ _tag: "Break", breaks, ...(times === undefined ? {} : { times }) })
const same = (expected: Expected) => ({ GET: expected, POST: expected })
const sum = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0)

const knownErrorFault = (headerCode: string, bodyCode: string, status: number) =>
  Faults.status(200, {
    headers: { "content-type": "application/json", [Headers.knownError]: headerCode, [Headers.actualStatus]: String(status) },
    body: JSON.stringify({ code: bodyCode, error: `message of ${bodyCode}` })
  })

/** The matrix. Each row runs once for GET /users and once for POST /users (server access). */
const rows: ReadonlyArray<Row> = [
  { fault: "429 with Retry-After: 3 (always)", injection: emulatorFault(Faults.rateLimited(3)), ...same({ attempts: 5, gaps: retryAfter, outcome: "HttpError", status: 429, endsAtMillis: 12_000 }) },
  { fault: "429 with Retry-After: 3 (twice)", injection: emulatorFault(Faults.rateLimited(3), 2), ...same({ attempts: 3, gaps: [3000, 3000], outcome: "Success" }) },
  {
    fault: "429 with Retry-After as an HTTP date 4 s ahead (once)",
    injection: emulatorFault(Faults.status(429, { headers: { "retry-after": new Date(4000).toUTCString() } }), 1),
    ...same({ attempts: 2, gaps: [4000], outcome: "Success" })
  },
  { fault: "429 without Retry-After (always)", injection: emulatorFault(Faults.rateLimited()), ...same({ attempts: 5, gaps: backoff, outcome: "HttpError", status: 429, endsAtMillis: 15_000 }) },
  { fault: "429 without Retry-After (once)", injection: emulatorFault(Faults.rateLimited(), 1), ...same({ attempts: 2, gaps: [1000], outcome: "Success" }) },
  { fault: "500", injection: emulatorFault(Faults.serverError(500)), ...same({ attempts: 1, gaps: [], outcome: "HttpError", status: 500 }) },
  { fault: "502", injection: emulatorFault(Faults.serverError(502)), ...same({ attempts: 1, gaps: [], outcome: "HttpError", status: 502 }) },
  { fault: "503", injection: emulatorFault(Faults.serverError(503)), ...same({ attempts: 1, gaps: [], outcome: "HttpError", status: 503 }) },
  { fault: "504", injection: emulatorFault(Faults.serverError(504)), ...same({ attempts: 1, gaps: [], outcome: "HttpError", status: 504 }) },
  { fault: "508 INFINITE_LOOP_DETECTED (always)", injection: emulatorFault(Faults.infiniteLoop()), ...same({ attempts: 5, gaps: backoff, outcome: "HttpError", status: 508 }) },
  { fault: "508 INFINITE_LOOP_DETECTED (once)", injection: emulatorFault(Faults.infiniteLoop(), 1), ...same({ attempts: 2, gaps: [1000], outcome: "Success" }) },
  { fault: "508 without INFINITE_LOOP_DETECTED", injection: emulatorFault(Faults.serverError(508)), ...same({ attempts: 1, gaps: [], outcome: "HttpError", status: 508 }) },
  {
    fault: "connection refused (always)",
    injection: broken("Refused"),
    GET: { attempts: 5, gaps: backoff, outcome: "ConnectionError" },
    POST: { attempts: 1, gaps: [], outcome: "ConnectionError" }
  },
  {
    fault: "connection refused (once)",
    injection: broken("Refused", 1),
    GET: { attempts: 2, gaps: [1000], outcome: "Success" },
    POST: { attempts: 1, gaps: [], outcome: "ConnectionError" }
  },
  {
    fault: "connection dropped before the answer (always)",
    injection: emulatorFault(Faults.drop()),
    GET: { attempts: 5, gaps: backoff, outcome: "ConnectionError" },
    POST: { attempts: 1, gaps: [], outcome: "ConnectionError" }
  },
  {
    fault: "connection reset after the request was processed (always)",
    injection: broken("ResetAfterProcessing"),
    GET: { attempts: 5, gaps: backoff, outcome: "ConnectionError" },
    POST: { attempts: 1, gaps: [], outcome: "ConnectionError" }
  },
  {
    fault: "connection reset mid-body (always)",
    injection: broken("ResetMidBody"),
    GET: { attempts: 5, gaps: backoff, outcome: "ConnectionError" },
    POST: { attempts: 1, gaps: [], outcome: "ResponseLostError" }
  },
  {
    fault: "connection reset mid-body (once)",
    injection: broken("ResetMidBody", 1),
    GET: { attempts: 2, gaps: [1000], outcome: "Success" },
    POST: { attempts: 1, gaps: [], outcome: "ResponseLostError" }
  },
  {
    fault: "truncated JSON",
    injection: emulatorFault(Faults.status(200, { headers: { "content-type": "application/json" }, body: "{\"items\":[{\"id\":\"u1\"" })),
    ...same({ attempts: 1, gaps: [], outcome: "DecodeError" })
  },
  {
    fault: "non-JSON body with 200",
    injection: emulatorFault(Faults.status(200, { headers: { "content-type": "text/html" }, body: "<html><body>proxy login</body></html>" })),
    ...same({ attempts: 1, gaps: [], outcome: "DecodeError" })
  },
  {
    fault: "non-JSON body with 502 (a proxy's error page)",
    injection: emulatorFault(Faults.status(502, { headers: { "content-type": "text/html" }, body: "<html>Bad gateway</html>" })),
    ...same({ attempts: 1, gaps: [], outcome: "HttpError", status: 502 })
  },
  {
    fault: "stalled answer, per-request timeout 2 s",
    injection: emulatorFault(Faults.delay("1 hour")),
    timeout: "2 seconds",
    ...same({ attempts: 1, gaps: [], outcome: "TimeoutError", endsAtMillis: 2000 })
  },
  {
    fault: "known-error header with a different body code",
    injection: emulatorFault(knownErrorFault("USER_NOT_FOUND", "TEAM_NOT_FOUND", 404)),
    ...same({ attempts: 1, gaps: [], outcome: "Die:KnownErrorCodeMismatch" })
  },
  {
    fault: "unknown error code",
    injection: emulatorFault(knownErrorFault("SOME_FUTURE_ERROR", "SOME_FUTURE_ERROR", 418)),
    ...same({ attempts: 1, gaps: [], outcome: "UnknownErrorCode", status: 418 })
  },
  {
    fault: "a known error (USER_NOT_FOUND) in the override envelope",
    injection: emulatorFault(knownErrorFault("USER_NOT_FOUND", "USER_NOT_FOUND", 404)),
    ...same({ attempts: 1, gaps: [], outcome: "UserNotFound", status: 404 })
  }
]

const usersPath = "/api/v1/users"

/** Runs one cell of the matrix against a fresh emulator; reports what happened. */
const runCell = (row: Row, method: "GET" | "POST") =>
  Effect.gen(function*() {
    const emulator = yield* Effect.orDie(Emulator.make())
    const faulty = faultyTransport(emulator)
    const injection = row.injection
    if (injection._tag === "Emulator") {
      yield* emulator.faults.inject({ method, path: "/users", fault: injection.fault, times: injection.times })
    } else {
      let remaining = injection.times ?? Number.POSITIVE_INFINITY
      faulty.setPlan(({ path }) => (path === usersPath && remaining-- > 0 ? injection.breaks : undefined))
    }
    const http = yield* Effect.orDie(StackHttp.make({ config: demoConfig(emulator.baseUrl), accessType: "server" }))
    let endedAt = -1
    const call = Call.run(http.execute, {
      method,
      path: "/users",
      ...(method === "POST" ? { body: { display_name: "matrix" } } : {}),
      ...(row.timeout === undefined ? {} : { timeout: row.timeout }),
      response: Schema.Unknown,
      errors: KnownErrors.all
    }).pipe(
      Effect.onExit(() => Effect.clockWith((clock) => Effect.sync(() => (endedAt = clock.currentTimeMillisUnsafe()))))
    )
    const fiber = yield* Effect.forkChild(Effect.provideService(call, HttpTransport, faulty.transport))
    const exit = yield* drive(fiber)
    const sends = faulty.sendsTo(method, usersPath)
    const logged = yield* emulator.requests.count({ method, path: "/users" })
    return { exit, sends, logged, endedAt }
  }).pipe(
    Effect.provideService(Random.Random, fixedJitter)
  )

const outcomeOf = (exit: Exit.Exit<unknown, unknown>): { readonly outcome: string; readonly error: unknown } => {
  if (Exit.isSuccess(exit)) return { outcome: "Success", error: undefined }
  const failure = exit.cause.reasons.find(Cause.isFailReason)
  // a transport failure by its reason: the reason's tag and fields
  if (failure !== undefined && isTransportError(failure.error)) return { outcome: failure.error.reason._tag, error: failure.error.reason }
  if (failure !== undefined) return { outcome: (failure.error as { _tag: string })._tag, error: failure.error }
  const defect = Cause.squash(exit.cause) as { _tag?: string }
  return { outcome: `Die:${defect._tag ?? String(defect)}`, error: defect }
}

describe("fault matrix (SPEC §8, §9)", () => {
  for (const row of rows) {
    for (const method of ["GET", "POST"] as const) {
      const expected = row[method]
      it.effect(`${method} · ${row.fault}: ${expected.attempts} attempt(s), then ${expected.outcome}`, () =>
        Effect.gen(function*() {
          const { endedAt, exit, logged, sends } = yield* runCell(row, method)
          const { error, outcome } = outcomeOf(exit)
          assert.strictEqual(outcome, expected.outcome, String(error))
          assert.strictEqual(sends.length, expected.attempts, "attempts sent")
          assert.deepStrictEqual(gaps(sends.map((s) => s.atMillis)), [...expected.gaps], "waits between attempts")
          const reachedEmulator = row.injection._tag === "Break" && row.injection.breaks === "Refused"
            ? expected.attempts - Math.min(expected.attempts, row.injection.times ?? expected.attempts)
            : expected.attempts
          assert.strictEqual(logged, reachedEmulator, "requests in the emulator's log")
          if (expected.status !== undefined) assert.strictEqual((error as { status?: number }).status, expected.status)
          assert.strictEqual(endedAt, expected.endsAtMillis ?? sum(expected.gaps), "when the call ended")
          if (outcome === "ConnectionError") {
            const connection = error as { attempts: number; diagnostics: ReadonlyArray<{ name: string }>; method: string }
            assert.strictEqual(connection.attempts, expected.attempts)
            assert.strictEqual(connection.method, method)
            assert.deepStrictEqual(connection.diagnostics.map((d) => d.name), ["apiHealth", "hostedServiceHealth", "publicTrace"])
          }
          if (outcome === "TimeoutError") assert.strictEqual((error as { timeoutMillis: number }).timeoutMillis, 2000)
          if (outcome === "ResponseLostError") {
            assert.strictEqual((error as { status: number }).status, 201, "the service's answer had begun: it acted")
            assert.include(String(error), "may have acted")
            assert.notInclude(String(error), "Unable to connect")
          }
          if (outcome === "Die:KnownErrorCodeMismatch") {
            assert.instanceOf(error, KnownErrorCodeMismatch)
            assert.include((error as KnownErrorCodeMismatch).message, "USER_NOT_FOUND")
            assert.include((error as KnownErrorCodeMismatch).message, "TEAM_NOT_FOUND")
          }
          if (outcome === "UnknownErrorCode") assert.include((error as UnknownErrorCode).hint, "Update stack-auth-effect")
        }))
    }
  }

  it("covers every fault the reliability issue names, for GET and POST", () => {
    const named = rows.map((row) => row.fault)
    for (const needle of ["429 with Retry-After", "429 without Retry-After", "500", "502", "503", "504", "508 INFINITE_LOOP_DETECTED", "connection refused", "reset mid-body", "truncated JSON", "non-JSON", "stalled", "different body code", "unknown error code"]) {
      assert.isTrue(named.some((name) => name.includes(needle)), needle)
    }
  })
})
