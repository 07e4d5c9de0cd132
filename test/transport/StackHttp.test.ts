import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { KnownError, KnownErrorCodeMismatch } from "../../packages/sdk/src/protocol/KnownError.ts"
import * as Version from "../../packages/sdk/src/protocol/internal/Version.ts"
import { fromFetch, HttpTransport, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as GlobalHost from "../../packages/sdk/src/platform/internal/GlobalHost.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { reasonOf, reasonWith } from "../support/Transport.ts"

// These tests exercise the pipeline itself, so they swap the network seam (HttpTransport) for a
// scripted one; API-level tests run against the in-process emulator instead.

const config = StackConfig.make({
  projectId: "proj-1",
  publishableClientKey: "pck_public",
  secretServerKey: "ssk_secret_value",
  superSecretAdminKey: "sak_admin_value",
  baseUrl: "https://api.example.test/"
})

type Answer = Response | TransportFailure | "stall"

/** A transport that answers from a script and records every request. */
const scripted = (answers: ReadonlyArray<Answer | ((request: Request) => Answer)>) => {
  const requests: Array<Request> = []
  let index = 0
  const transport: HttpTransport = {
    send: (request) =>
      Effect.suspend(() => {
        requests.push(request)
        const next = answers[Math.min(index++, answers.length - 1)]!
        const answer = typeof next === "function" ? next(request) : next
        if (answer === "stall") return Effect.never
        return answer instanceof TransportFailure ? Effect.fail(answer) : Effect.succeed(answer.clone())
      })
  }
  return { requests, transport }
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, ...init, headers: { "content-type": "application/json", ...init.headers } })

const knownError = (status: number, code: string, details?: unknown, headerCode = code) =>
  json({ code, error: `message of ${code}`, ...(details === undefined ? {} : { details }) }, {
    status: 200,
    headers: { [Headers.knownError]: headerCode, [Headers.actualStatus]: String(status) }
  })

const fixedJitter = { nextIntUnsafe: () => 0, nextDoubleUnsafe: () => 0.5 } // jitter factor exactly 1.0

const run = <A, E>(
  transport: HttpTransport,
  f: (http: StackHttp.Service) => Effect.Effect<A, E>,
  accessType: "client" | "server" | "admin" = "client"
) =>
  Effect.flatMap(StackHttp.make({ config, accessType }), f).pipe(
    Effect.provideService(HttpTransport, transport),
    Effect.provideService(Random.Random, fixedJitter)
  )

describe("StackHttp", () => {
  it.effect("sends the protocol's URL and headers for a client request", () =>
    Effect.gen(function*() {
      const { requests, transport } = scripted([json({ ok: true })])
      const response = yield* run(transport, (http) =>
        http.execute({
          method: "GET",
          path: "/users/me",
          query: { include: "x", skipped: undefined },
          tokens: { accessToken: Redacted.make("at-1"), refreshToken: Redacted.make("rt-1") }
        }))
      assert.deepStrictEqual(response.body, { ok: true })
      const request = requests[0]!
      assert.strictEqual(request.url, "https://api.example.test/api/v1/users/me?include=x")
      assert.strictEqual(request.headers.get(Headers.projectId), "proj-1")
      assert.strictEqual(request.headers.get(Headers.accessType), "client")
      assert.strictEqual(request.headers.get(Headers.clientVersion), Version.clientVersion)
      assert.strictEqual(request.headers.get(Headers.publishableClientKey), "pck_public")
      assert.strictEqual(request.headers.get(Headers.overrideErrorStatus), "true")
      assert.strictEqual(request.headers.get(Headers.accessToken), "at-1")
      assert.strictEqual(request.headers.get(Headers.refreshToken), "rt-1")
      assert.isNull(request.headers.get(Headers.secretServerKey), "a client request never carries the server key")
      assert.isNull(request.headers.get(Headers.superSecretAdminKey))
      assert.match(request.headers.get(Headers.randomNonce)!, /^[0-9a-hjkmnp-tv-z]{45}$/)
    }))

  it.effect("a fresh nonce per request", () =>
    Effect.gen(function*() {
      const { requests, transport } = scripted([json({})])
      yield* run(transport, (http) => Effect.all([http.execute({ method: "GET", path: "/a" }), http.execute({ method: "GET", path: "/a" })]))
      assert.notStrictEqual(requests[0]!.headers.get(Headers.randomNonce), requests[1]!.headers.get(Headers.randomNonce))
    }))

  it.effect("server access adds the secret server key, admin access adds the admin key too", () =>
    Effect.gen(function*() {
      const server = scripted([json({})])
      yield* run(server.transport, (http) => http.execute({ method: "POST", path: "/users", body: { a: 1 } }), "server")
      assert.strictEqual(server.requests[0]!.headers.get(Headers.secretServerKey), "ssk_secret_value")
      assert.isNull(server.requests[0]!.headers.get(Headers.superSecretAdminKey))
      assert.strictEqual(server.requests[0]!.headers.get("content-type"), "application/json")
      assert.strictEqual(yield* Effect.promise(() => server.requests[0]!.text()), "{\"a\":1}")
      const admin = scripted([json({})])
      yield* run(admin.transport, (http) => http.execute({ method: "GET", path: "/internal/projects/current" }), "admin")
      assert.strictEqual(admin.requests[0]!.headers.get(Headers.superSecretAdminKey), "sak_admin_value")
      assert.strictEqual(admin.requests[0]!.headers.get(Headers.accessType), "admin")
    }))

  it.effect("restores the real status of the override envelope and types the known error", () =>
    Effect.gen(function*() {
      const { transport } = scripted([knownError(404, "USER_NOT_FOUND")])
      const error = yield* run(transport, (http) => Effect.flip(http.execute({ method: "GET", path: "/users/u1" })))
      assert.instanceOf(error, KnownError)
      assert.strictEqual((error as KnownError).status, 404)
      assert.strictEqual((error as KnownError).code, "USER_NOT_FOUND")
    }))

  it.effect("a header/body code mismatch is a defect naming both codes", () =>
    Effect.gen(function*() {
      const { transport } = scripted([knownError(400, "BODY_CODE", undefined, "HEADER_CODE")])
      const exit = yield* run(transport, (http) => Effect.exit(http.execute({ method: "GET", path: "/x" })))
      assert.isTrue(Exit.isFailure(exit) && Cause.hasDies(exit.cause))
      const defect = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      assert.instanceOf(defect, KnownErrorCodeMismatch)
      assert.include((defect as KnownErrorCodeMismatch).message, "HEADER_CODE")
      assert.include((defect as KnownErrorCodeMismatch).message, "BODY_CODE")
    }))

  it.effect("GET network failures are retried 5 times with exponential back-off, then a connection error with diagnostics", () =>
    Effect.gen(function*() {
      const { requests, transport } = scripted([
        (request) => request.url.includes("/api/v1/") ? new TransportFailure({ reason: "ECONNREFUSED" }) : new Response("ok")
      ])
      const fiber = yield* Effect.forkChild(run(transport, (http) => Effect.flip(http.execute({ method: "GET", path: "/users/me" }))))
      const apiRequests = () => requests.filter((r) => r.url.includes("/api/v1/")).length
      yield* Effect.yieldNow
      assert.strictEqual(apiRequests(), 1)
      for (const [wait, expected] of [[1000, 2], [2000, 3], [4000, 4], [8000, 5]] as const) {
        yield* TestClock.adjust(wait - 1)
        assert.strictEqual(apiRequests(), expected - 1, `no attempt before ${wait} ms`)
        yield* TestClock.adjust(1)
        assert.strictEqual(apiRequests(), expected, `attempt ${expected} after ${wait} ms`)
      }
      const error = yield* Fiber.join(fiber)
      const reason = reasonWith(error, "ConnectionError")
      assert.strictEqual(reason.attempts, 5)
      assert.deepStrictEqual(reason.diagnostics.map((d) => d.name), ["apiHealth", "hostedServiceHealth", "publicTrace"])
      assert.deepStrictEqual(reason.diagnostics.map((d) => d.result), ["OK", "OK", "OK"])
    }))

  it.effect("POST and PATCH are never sent twice after a network failure", () =>
    Effect.gen(function*() {
      for (const method of ["POST", "PATCH"] as const) {
        const { requests, transport } = scripted([
          (request) => request.url.includes("/api/v1/") ? new TransportFailure({ reason: "ECONNRESET" }) : new Response("ok")
        ])
        const error = yield* run(transport, (http) => Effect.flip(http.execute({ method, path: "/users", body: {} })))
        assert.strictEqual(reasonOf(error)._tag, "ConnectionError")
        assert.strictEqual(requests.filter((r) => r.url.includes("/api/v1/")).length, 1)
      }
    }))

  it.effect("429 waits Retry-After seconds, then retries", () =>
    Effect.gen(function*() {
      const { requests, transport } = scripted([
        new Response("slow down", { status: 429, headers: { "retry-after": "7" } }),
        json({ ok: 1 })
      ])
      const fiber = yield* Effect.forkChild(run(transport, (http) => http.execute({ method: "POST", path: "/x", body: {} })))
      yield* TestClock.adjust(6999)
      assert.strictEqual(requests.length, 1)
      yield* TestClock.adjust(1)
      const response = yield* Fiber.join(fiber)
      assert.strictEqual(requests.length, 2)
      assert.deepStrictEqual(response.body, { ok: 1 })
    }))

  it.effect("429 without Retry-After backs off exponentially; 508 INFINITE_LOOP_DETECTED retries", () =>
    Effect.gen(function*() {
      const { requests, transport } = scripted([
        new Response("", { status: 429 }),
        new Response("INFINITE_LOOP_DETECTED", { status: 508 }),
        json({ ok: 2 })
      ])
      const fiber = yield* Effect.forkChild(run(transport, (http) => http.execute({ method: "GET", path: "/x" })))
      yield* TestClock.adjust(1000)
      assert.strictEqual(requests.length, 2)
      yield* TestClock.adjust(2000)
      assert.deepStrictEqual((yield* Fiber.join(fiber)).body, { ok: 2 })
    }))

  it.effect("a 429 that never ends gives a typed HTTP error after 5 attempts", () =>
    Effect.gen(function*() {
      const { requests, transport } = scripted([new Response("", { status: 429, headers: { "retry-after": "1" } })])
      const fiber = yield* Effect.forkChild(run(transport, (http) => Effect.flip(http.execute({ method: "GET", path: "/x" }))))
      yield* TestClock.adjust(10_000)
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(requests.length, 5)
      assert.strictEqual(reasonWith(error, "HttpError").status, 429)
    }))

  it.effect("500 is not retried and arrives as a typed HTTP error", () =>
    Effect.gen(function*() {
      const { requests, transport } = scripted([new Response("boom", { status: 500 })])
      const error = yield* run(transport, (http) => Effect.flip(http.execute({ method: "GET", path: "/x" })))
      assert.strictEqual(requests.length, 1)
      assert.strictEqual(reasonOf(error)._tag, "HttpError")
    }))

  it.effect("a success body that is not JSON is a typed decode error", () =>
    Effect.gen(function*() {
      const { transport } = scripted([new Response("<html>", { status: 200 })])
      const error = yield* run(transport, (http) => Effect.flip(http.execute({ method: "GET", path: "/x" })))
      assert.strictEqual(reasonOf(error)._tag, "DecodeError")
    }))

  it.effect("a request that expects text gets the raw body; the default still requires JSON", () =>
    Effect.gen(function*() {
      const { transport } = scripted([new Response("FEATURE_NOTED", { status: 200 })])
      const response = yield* run(transport, (http) => http.execute({ method: "POST", path: "/check-feature-support", body: {}, responseType: "text" }))
      assert.strictEqual(response.body, "FEATURE_NOTED")
      const error = yield* run(transport, (http) => Effect.flip(http.execute({ method: "POST", path: "/check-feature-support", body: {} })))
      assert.strictEqual(reasonOf(error)._tag, "DecodeError")
    }))

  it.effect("interrupting a call aborts the underlying fetch", () =>
    Effect.gen(function*() {
      let signal: AbortSignal | undefined
      const fetchLike = (_: RequestInfo | URL, init?: RequestInit) => {
        signal = init?.signal ?? undefined
        return new Promise<Response>(() => {})
      }
      const fiber = yield* Effect.forkChild(run(fromFetch(fetchLike as typeof fetch), (http) => http.execute({ method: "GET", path: "/x" })))
      yield* Effect.yieldNow
      assert.isFalse(signal!.aborted)
      yield* Fiber.interrupt(fiber)
      assert.isTrue(signal!.aborted)
    }))

  it.effect("a per-request timeout gives a typed timeout error", () =>
    Effect.gen(function*() {
      const { transport } = scripted(["stall"])
      const fiber = yield* Effect.forkChild(run(transport, (http) => Effect.flip(http.execute({ method: "POST", path: "/x", timeout: "2 seconds" }))))
      yield* TestClock.adjust(2000)
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(reasonOf(error)._tag, "TimeoutError")
    }))

  it.effect("a browser that reports itself offline gets 'You are offline'", () =>
    Effect.gen(function*() {
      const { transport } = scripted([new TransportFailure({ reason: "Failed to fetch" })])
      const navigator = Object.getOwnPropertyDescriptor(globalThis, "navigator")
      Object.defineProperty(globalThis, "navigator", { value: { onLine: false }, configurable: true })
      // the host (offline or not) is the apps' (platform/): provided here as an app provides it
      const error = yield* run(transport, (http) => Effect.flip(http.execute({ method: "POST", path: "/x", body: {} }))).pipe(
        Effect.provide(GlobalHost.layer),
        Effect.ensuring(Effect.sync(() => {
          if (navigator) Object.defineProperty(globalThis, "navigator", navigator)
        }))
      )
      assert.strictEqual(reasonOf(error)._tag, "OfflineError")
      assert.strictEqual(error.message, "You are offline")
    }))

  it("strips trailing slashes from the base URL", () => {
    assert.strictEqual(StackConfig.make({ projectId: "p", baseUrl: "http://x.test///" }).baseUrl, "http://x.test")
    assert.strictEqual(StackConfig.make({ projectId: "p" }).baseUrl, "https://api.stack-auth.com")
  })

  it.effect("a body nested 5000 deep, a cycle or a BigInt fails typed (SCHEMA_ERROR) before any request, never a defect", () =>
    Effect.gen(function*() {
      let deep: Record<string, unknown> = {}
      for (let i = 0; i < 5000; i++) deep = { a: deep }
      const cyclic: Record<string, unknown> = { name: "x" }
      cyclic.self = cyclic
      for (const body of [deep, cyclic, { n: 10n }]) {
        const { requests, transport } = scripted([json({ ok: true })])
        const exit = yield* Effect.exit(run(transport, (http) => http.execute({ method: "PATCH", path: "/users/u1", body })))
        assert.isTrue(Exit.isFailure(exit) && !Cause.hasDies(exit.cause), "a typed failure, no defect")
        const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
        assert.instanceOf(error, KnownError)
        assert.strictEqual((error as KnownError).code, "SCHEMA_ERROR")
        assert.strictEqual(requests.length, 0, "nothing was sent")
      }
    }))
})
