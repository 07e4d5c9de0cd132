/**
 * Fuzzing the response side of the pipeline (SPEC §8): `StackHttp` + `Call.run` with the whole
 * catalogue (`KnownErrors.all`) and a response schema receive generated answers — random statuses,
 * headers and bodies, valid-looking known errors with wrong details, override envelopes, bad
 * `x-stack-actual-status` and `Retry-After` values, truncated and non-JSON bodies (and, for the
 * token endpoint, dropped connections). Every outcome must be a success or a typed failure, and it must be the one SPEC §8
 * prescribes; the only defect allowed is the header/body code mismatch. Sleeps are instant here
 * (the fault matrix times them on the TestClock), so retried answers cost nothing.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { KnownError, KnownErrorCodeMismatch, UnknownErrorCode } from "../../packages/sdk/src/protocol/KnownError.ts"
import { codes as knownCodes } from "../../packages/sdk/src/protocol/internal/KnownErrorCodes.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Refresh from "../../packages/sdk/src/session/internal/Refresh.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import { HttpTransport, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as RetryAfter from "../../packages/sdk/src/transport/internal/RetryAfter.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { isTransportError } from "../../packages/sdk/src/transport/TransportErrors.ts"
import { makeOracleError, oracleSamples } from "../protocol/oracleSamples.ts"
import { demoConfig } from "./support.ts"
import { keyOf, reasonOf } from "../support/Transport.ts"

/** Generated answers per run of the pipeline property (each may be served up to 5 times). */
const pipelineRuns = 5_000
/** Generated answers per run of the refresh property. */
const refreshRuns = 2_000

// ----- generators -----

const ascii = fc.string({ unit: fc.constantFrom(..." !#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~") })
const catalogueCodes = KnownErrors.all.map((c) => c.code)
const oracleBodies = Object.keys(oracleSamples).map((name) => makeOracleError(name).toDescriptiveJson())

const code = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...catalogueCodes) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z][A-Z_]{0,24}$/) },
  { weight: 1, arbitrary: fc.constantFrom("", "undefined", "null", "__proto__", "constructor", "toString") }
)

/** Details of the right shape, the right shape with one field broken, or anything. */
const details = fc.oneof(
  fc.constantFrom(...oracleBodies.map((b) => b.details)),
  fc.tuple(fc.constantFrom(...oracleBodies.map((b) => b.details)), fc.jsonValue()).map(([base, wrong]) =>
    typeof base === "object" && base !== null && Object.keys(base).length > 0
      ? { ...base, [Object.keys(base)[0]!]: wrong }
      : wrong),
  fc.jsonValue(),
  fc.constant(undefined)
)

const statusText = fc.oneof(
  fc.integer({ min: 100, max: 999 }).map(String),
  fc.constantFrom("", "abc", "99", "1000", "4e2", "-40", "404 ", " 404", "0x1f4", "200.0", "NaN", "2OO"),
  ascii
)

const retryAfter = fc.oneof(
  fc.integer({ min: -5, max: 1_000_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom("", "soon", "1e309", "NaN", "Infinity", "-Infinity", "Wed, 21 Oct 2015 07:28:00 GMT"),
  fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
  ascii
)

const body = fc.oneof(
  // a known-error body: the header's code (set below) or another, any message, any details
  fc.record({ code: fc.option(code, { nil: undefined }), error: fc.oneof(ascii, fc.integer(), fc.constant(null)), details }).map((b) => ({ _tag: "KnownError" as const, ...b })),
  fc.constantFrom(...oracleBodies).map((b) => ({ _tag: "Text" as const, text: JSON.stringify(b) })),
  fc.record({ id: fc.oneof(ascii, fc.integer(), fc.constant(null)), extra: fc.jsonValue() }, { requiredKeys: [] }).map((v) => ({ _tag: "Text" as const, text: JSON.stringify(v) })),
  fc.jsonValue().map((v) => ({ _tag: "Text" as const, text: JSON.stringify(v) })),
  fc.jsonValue().map((v) => JSON.stringify(v)).map((t) => ({ _tag: "Text" as const, text: t.slice(0, Math.floor(t.length / 2)) })),
  fc.string().map((text) => ({ _tag: "Text" as const, text })),
  fc.constantFrom("", "INFINITE_LOOP_DETECTED", "<html>502 Bad Gateway</html>", "null", "[]").map((text) => ({ _tag: "Text" as const, text }))
)

/** One generated answer. */
const answer = fc.record({
  method: fc.constantFrom("GET", "POST", "PATCH", "DELETE" as const),
  status: fc.oneof(fc.constantFrom(200, 201, 400, 401, 404, 409, 429, 500, 502, 503, 504, 508), fc.integer({ min: 200, max: 599 })),
  knownError: fc.option(code, { nil: undefined }),
  /** The body code follows the header (a valid-looking known error) unless told otherwise. */
  sameCode: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  envelope: fc.boolean(),
  actualStatus: fc.option(statusText, { nil: undefined }),
  retryAfter: fc.option(retryAfter, { nil: undefined }),
  contentType: fc.constantFrom(undefined, "application/json", "text/html", "text/plain", "application/json; charset=utf-8"),
  body
})
type Answer = typeof answer extends fc.Arbitrary<infer A> ? A : never

// ----- the answer as a web Response -----

const nullBodyStatuses = new Set([204, 205, 304])

const bodyText = (a: Answer): string => {
  if (nullBodyStatuses.has(a.status)) return ""
  if (a.body._tag === "Text") return a.body.text
  const bodyCode = a.sameCode && a.knownError !== undefined ? a.knownError : a.body.code
  return JSON.stringify({ code: bodyCode, error: a.body.error, details: a.body.details })
}

const headersOf = (a: Answer): globalThis.Headers => {
  const headers = new globalThis.Headers()
  if (a.contentType !== undefined) headers.set("content-type", a.contentType)
  if (a.knownError !== undefined) headers.set(Headers.knownError, a.knownError)
  if (a.envelope && a.actualStatus !== undefined) headers.set(Headers.actualStatus, a.actualStatus)
  if (a.retryAfter !== undefined) headers.set("retry-after", a.retryAfter)
  return headers
}

const toResponse = (a: Answer): Response => {
  const text = bodyText(a)
  return new Response(nullBodyStatuses.has(a.status) ? null : text, { status: a.status, headers: headersOf(a) })
}

// ----- what SPEC §8 says must happen -----

const byCode = new Map<string, Call.AnyKnownErrorConstructor>(KnownErrors.all.map((c) => [c.code, c]))
const Success = Schema.Struct({ id: Schema.String })
const isSuccessBody = Schema.is(Success)

type Expected =
  | { readonly _tag: "Success" }
  | { readonly _tag: "Fail"; readonly error: string; readonly status?: number; readonly code?: string }
  | { readonly _tag: "Mismatch" }

const parse = (text: string): { readonly ok: boolean; readonly value?: unknown } => {
  if (text.length === 0) return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** SPEC §8 for one answer; `attempts` is how many times it is asked for. */
const expect = (a: Answer): { readonly expected: Expected; readonly attempts: number } => {
  const headers = headersOf(a)
  const text = bodyText(a)
  const actual = headers.get(Headers.actualStatus)
  const status = actual !== null && /^\d{3}$/.test(actual) ? Number(actual) : a.status
  const header = headers.get(Headers.knownError)
  const parsed = parse(text)
  // a redirect is never followed (its real status decides; the envelope header does not)
  if (a.status >= 300 && a.status < 400) return { expected: { _tag: "Fail", error: "RedirectError", status: a.status }, attempts: 1 }
  if (header !== null) {
    const value = parsed.value as { code?: unknown } | undefined
    if (!parsed.ok || typeof value !== "object" || value === null || typeof value.code !== "string") {
      return { expected: { _tag: "Fail", error: "DecodeError" }, attempts: 1 }
    }
    if (value.code !== header) return { expected: { _tag: "Mismatch" }, attempts: 1 }
    const cls = byCode.get(header) as (Call.AnyKnownErrorConstructor & { readonly status?: number; readonly name: string }) | undefined
    if (cls !== undefined) return { expected: { _tag: "Fail", error: cls.name, status: cls.status ?? status, code: header }, attempts: 1 }
    return { expected: { _tag: "Fail", error: knownCodes.has(header) ? "KnownError" : "UnknownErrorCode", status, code: header }, attempts: 1 }
  }
  if (status >= 200 && status < 300) {
    return { expected: parsed.ok && isSuccessBody(parsed.value) ? { _tag: "Success" } : { _tag: "Fail", error: "DecodeError" }, attempts: 1 }
  }
  const wait = status === 429 ? RetryAfter.parse(headers.get("retry-after"), Date.now()) : undefined
  if (wait !== undefined && wait > Limits.defaults.maxRetryAfterMillis) {
    return { expected: { _tag: "Fail", error: "RetryAfterError", status }, attempts: 1 }
  }
  const retried = status === 429 || (status === 508 && text.includes("INFINITE_LOOP_DETECTED"))
  return { expected: { _tag: "Fail", error: "HttpError", status }, attempts: retried ? 5 : 1 }
}

// ----- the harness -----

/** Sleeps end at once (the back-off), except the timeouts' (30 s and more: they never fire); the time is the real one. */
const instantClock: Clock.Clock = {
  currentTimeMillisUnsafe: () => Date.now(),
  currentTimeMillis: Effect.sync(() => Date.now()),
  currentTimeNanosUnsafe: () => BigInt(Date.now()) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => BigInt(Date.now()) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => process.hrtime.bigint(),
  monotonicTimeNanos: Effect.sync(() => process.hrtime.bigint()),
  sleep: (duration) => Duration.toMillis(duration) >= 30_000 ? Effect.never : Effect.void
}

/** A transport serving the current answer to the API, and `OK` to the diagnostics probes. */
const makeServer = () => {
  const state = { current: undefined as Answer | undefined, apiRequests: 0, served: 0 }
  const transport: HttpTransport = {
    send: (request) =>
      Effect.suspend(() => {
        if (!new URL(request.url).pathname.startsWith("/api/v1/")) return Effect.succeed(new Response("ok"))
        state.apiRequests++
        state.served++
        return Effect.succeed(toResponse(state.current!))
      })
  }
  return { state, transport }
}

const typedFailures = new Set<string>([
  ...KnownErrors.all.map((c) => (c as unknown as { name: string }).name),
  "KnownError", "UnknownErrorCode", "StackTransportError"
])

describe("fuzzed responses (SPEC §8)", () => {
  it.effect(`${pipelineRuns.toLocaleString("en")} generated answers: a success or the typed failure SPEC §8 prescribes; the only defect is a code mismatch`, () =>
    Effect.gen(function*() {
      const server = makeServer()
      const http = yield* StackHttp.make({ config: demoConfig(), accessType: "admin" })
      const context = yield* Effect.context<never>()
      let cases = 0
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(answer, async (a) => {
            cases++
            server.state.current = a
            server.state.apiRequests = 0
            const exit = await Effect.runPromiseExitWith(context)(
              Call.run(http.execute, {
                method: a.method,
                path: "/fuzz",
                ...(a.method === "POST" || a.method === "PATCH" ? { body: { a: 1 } } : {}),
                tokens: { accessToken: Redacted.make("at"), refreshToken: Redacted.make("rt") },
                response: Success,
                errors: KnownErrors.all
              }).pipe(Effect.provideService(HttpTransport, server.transport), Effect.provideService(Clock.Clock, instantClock))
            )
            const { attempts, expected } = expect(a)
            assert.strictEqual(server.state.apiRequests, attempts, "attempts")
            if (expected._tag === "Success") {
              assert.isTrue(Exit.isSuccess(exit), String(Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""))
              return
            }
            assert.isTrue(Exit.isFailure(exit), "expected a failure")
            if (!Exit.isFailure(exit)) return
            assert.isFalse(Cause.hasInterrupts(exit.cause))
            if (expected._tag === "Mismatch") {
              assert.isTrue(Cause.hasDies(exit.cause))
              assert.instanceOf(Cause.squash(exit.cause), KnownErrorCodeMismatch)
              return
            }
            assert.isFalse(Cause.hasDies(exit.cause), Cause.pretty(exit.cause))
            const failure = Cause.squash(exit.cause) as { _tag: string; status?: number; code?: string }
            assert.isTrue(typedFailures.has(failure._tag), failure._tag)
            // a transport failure is judged by its reason (the class SPEC §8 prescribes)
            const error = (isTransportError(failure) ? failure.reason : failure) as { _tag: string; status?: number; code?: string }
            assert.strictEqual(error.constructor.name, expected.error)
            if (expected.status !== undefined) assert.strictEqual(error.status, expected.status)
            if (expected.code !== undefined) {
              assert.strictEqual(error.code, expected.code)
              if (expected.error === "UnknownErrorCode") assert.instanceOf(error, UnknownErrorCode)
              if (expected.error === "KnownError") assert.instanceOf(error, KnownError)
            }
            assert.doesNotThrow(() => JSON.stringify(failure))
            assert.doesNotThrow(() => String(failure))
          }),
          { numRuns: pipelineRuns }
        )
      )
      assert.strictEqual(cases, pipelineRuns)
      assert.isAtLeast(server.state.served, pipelineRuns, "responses served (retried answers count each time)")
      if (process.env.RELIABILITY_FIGURES) console.log(`fuzz: ${cases} generated answers, ${server.state.served} responses served`)
    }), { timeout: 60_000 })

  const tokenAnswer = fc.record({
    status: fc.oneof(fc.constantFrom(200, 400, 401, 500), fc.integer({ min: 200, max: 599 })),
    knownError: fc.option(fc.oneof(fc.constantFrom(...Refresh.refreshTokenErrorCodes), code), { nil: undefined }),
    contentType: fc.constantFrom(undefined, "application/json", "text/plain", "application/json;charset=UTF-8"),
    dropped: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    body: fc.oneof(
      fc.record({
        access_token: fc.oneof(ascii, fc.constant(""), fc.constant("undefined"), fc.integer()),
        token_type: fc.oneof(fc.constantFrom("Bearer", "bearer", "DPoP", "mac"), ascii),
        expires_in: fc.oneof(fc.integer(), ascii, fc.constant(null)),
        refresh_token: fc.oneof(ascii, fc.constant(""), fc.integer())
      }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
      fc.record({ error: fc.oneof(fc.constantFrom("invalid_grant", "invalid_client", "server_error"), ascii), error_description: ascii }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
      fc.constantFrom(...oracleBodies).map((b) => JSON.stringify(b)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string()
    )
  })

  it.effect(`${refreshRuns.toLocaleString("en")} generated token-endpoint answers: a refresh ends in new tokens, 'invalid', or a typed failure`, () =>
    Effect.gen(function*() {
      const context = yield* Effect.context<never>()
      const config = demoConfig()
      let sends = 0
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(tokenAnswer, async (a) => {
            sends = 0
            const transport: HttpTransport = {
              send: () =>
                Effect.suspend(() => {
                  sends++
                  if (a.dropped) return Effect.fail(new TransportFailure({ reason: "TypeError: fetch failed" }))
                  const headers = new globalThis.Headers()
                  if (a.contentType !== undefined) headers.set("content-type", a.contentType)
                  if (a.knownError !== undefined) headers.set(Headers.knownError, a.knownError)
                  return Effect.succeed(new Response(nullBodyStatuses.has(a.status) ? null : a.body, { status: a.status, headers }))
                })
            }
            const exit = await Effect.runPromiseExitWith(context)(
              Refresh.refreshAccessToken(config, Redacted.make("rt-fuzz")).pipe(
                Effect.provideService(HttpTransport, transport),
                Effect.provideService(Clock.Clock, instantClock)
              )
            )
            // network failures, 429 and 5xx (without a known error) are retried: 5 attempts (SPEC §9)
            const retried = a.dropped || (a.knownError === undefined && (a.status === 429 || a.status >= 500))
            assert.strictEqual(sends, retried ? 5 : 1)
            const bodyCode = (() => {
              if (nullBodyStatuses.has(a.status)) return undefined // a 204/205/304 answer carries no body at all
              try {
                return (JSON.parse(a.body) as { code?: unknown } | null)?.code
              } catch {
                return undefined
              }
            })()
            const redirect = a.status >= 300 && a.status < 400
            const agreeing = !a.dropped && !redirect && a.knownError !== undefined && bodyCode === a.knownError
            if (Exit.isSuccess(exit)) {
              if (exit.value._tag === "Refreshed") {
                const token = Redacted.value(exit.value.accessToken)
                assert.isAbove(token.length, 0)
                assert.notStrictEqual(token, "undefined")
                assert.isUndefined(a.knownError)
                assert.strictEqual(a.status, 200)
              } else if (a.knownError !== undefined && !a.dropped) {
                // only a refresh-token error whose header and body agree signs out
                assert.isTrue(agreeing, "header and body agree")
                assert.isTrue(Refresh.refreshTokenErrorCodes.has(a.knownError), `Invalid after ${a.knownError}`)
              } else {
                assert.strictEqual(a.status, 400, "invalid_grant")
              }
              return
            }
            assert.isFalse(Cause.hasDies(exit.cause), Cause.pretty(exit.cause))
            assert.isFalse(Cause.hasInterrupts(exit.cause))
            const error = Cause.squash(exit.cause) as { _tag: string }
            assert.include(["KnownError", "HttpError", "DecodeError", "ConnectionError", "OfflineError", "RedirectError"], keyOf(error))
            if (redirect && !a.dropped) assert.strictEqual(reasonOf(error)._tag, "RedirectError")
            if (a.knownError !== undefined && !a.dropped && !redirect) {
              assert.strictEqual(keyOf(error), agreeing ? "KnownError" : "DecodeError")
              if (agreeing) assert.isFalse(Refresh.refreshTokenErrorCodes.has(a.knownError))
            }
            assert.notInclude(String(error), "rt-fuzz")
            assert.notInclude(JSON.stringify(error), "rt-fuzz")
          }),
          { numRuns: refreshRuns }
        )
      )
    }), { timeout: 60_000 })
})
