/**
 * The SDK against hostile servers on loopback (issue #15, SPEC §8, §9): redirects to another
 * origin, unbounded `Retry-After`, stalls, endless bodies, answers that echo secrets, broken token
 * endpoints and path ids. Each case asserts the bound held (on the `TestClock`, or by counting
 * attempts), a typed failure, no POST/PATCH sent twice, and no secret in any output.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as NodeHttpTransport from "../../packages/sdk/src/platform/NodeHttpTransport.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Refresh from "../../packages/sdk/src/session/internal/Refresh.ts"
import * as Attempts from "../../packages/sdk/src/transport/internal/Attempts.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import * as HttpClientTransport from "../../packages/sdk/src/transport/HttpClientTransport.ts"
import { fromFetch, HttpTransport, type HttpTransport as Transport } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as RetryAfter from "../../packages/sdk/src/transport/internal/RetryAfter.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { isTransportError } from "../../packages/sdk/src/transport/TransportErrors.ts"
import { type Behaviour, loopbackServer } from "../support/LoopbackServer.ts"
import { demoConfig, drive, flush, loopbackOnlyFetch } from "./support.ts"
import { reasonOf, reasonWith } from "../support/Transport.ts"

const accessToken = "eyJ-hostile-access-token-value"
const refreshToken = "hostile-refresh-token-value-42"
const tokens = { accessToken: Redacted.make(accessToken), refreshToken: Redacted.make(refreshToken) }
const secrets = [demoProject.secretServerKey, demoProject.superSecretAdminKey, accessToken, refreshToken]
const fetchTransport = fromFetch(loopbackOnlyFetch)
/** The `effect/http` transport over effect's fetch client (itself over the loopback-only fetch). */
const effectHttpTransport = HttpClientTransport.fromHttpClient(
  Effect.runSync(Effect.provide(Effect.service(HttpClient.HttpClient), FetchHttpClient.layer))
)
/** The transport over Node's own client (the server apps' default on Node). */
const nodeTransport = Effect.runSync(NodeHttpTransport.make())
/** Every transport: every rule holds for each (issue #15). */
const transports: ReadonlyArray<readonly [string, Transport]> = [
  ["fetch", fetchTransport],
  ["effect/http", effectHttpTransport],
  ["node:http", nodeTransport]
]
/** Runs `effect` with `transport`; effect's fetch client reaches loopback only, as the fetch transport does. */
const using = (transport: Transport) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.provideService(HttpTransport, transport), Effect.provideService(FetchHttpClient.Fetch, loopbackOnlyFetch))

/** Waits (macrotask turns, no timers) until `check` holds. */
const eventually = (check: () => boolean, label: string) =>
  Effect.gen(function*() {
    for (let turn = 0; turn < 2000 && !check(); turn++) yield* flush(1)
    assert.isTrue(check(), label)
  })

/** Every text a user could print of an exit: String, message, JSON, Cause.pretty. */
const outputsOf = (exit: Exit.Exit<unknown, unknown>): Array<string> => {
  if (Exit.isSuccess(exit)) return [JSON.stringify(exit.value) ?? ""]
  const error = Cause.squash(exit.cause) as { message?: string; toJSON?: () => unknown }
  return [String(error), error.message ?? "", JSON.stringify(error), Cause.pretty(exit.cause)]
}
/** What the suite did, printed with `RELIABILITY_FIGURES=1` (RELIABILITY.md's figures). */
const tally = { cases: 0, ended: 0, texts: 0, writes: 0, duplicateWrites: 0 }
const assertNoSecret = (exit: Exit.Exit<unknown, unknown>, label: string) => {
  for (const text of outputsOf(exit)) {
    tally.texts++
    for (const secret of secrets) assert.notInclude(text, secret, `${label} leaked a secret`)
  }
}
afterAll(() => {
  if (process.env.RELIABILITY_FIGURES) {
    console.log(
      `hostile: ${tally.cases} calls, ${tally.ended} ended within their bound, ${tally.texts} texts scanned for ${secrets.length} secrets, ` +
        `${tally.writes} writes, ${tally.duplicateWrites} sent twice`
    )
  }
})

/**
 * Runs `fiber` to its end on the TestClock and checks what every case owes: it ended (the driver
 * dies otherwise), and no key or token is in any output of its exit.
 */
const endOf = <A, E>(fiber: Fiber.Fiber<A, E>, stepMillis: number, label: string) =>
  Effect.gen(function*() {
    tally.cases++
    const exit = yield* drive(fiber, stepMillis)
    tally.ended++
    assertNoSecret(exit, label)
    return exit
  })
const errorOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? Cause.squash(exit.cause) as { _tag: string; [key: string]: unknown } : undefined

/** Runs one admin call against a server behaving as `decide`; the TestClock is driven until it ends. */
const callAgainst = (
  decide: (request: { readonly index: number; readonly method: string; readonly path: string }) => Behaviour,
  method: "GET" | "POST" | "PATCH",
  options: { readonly limits?: Limits.Options; readonly path?: string; readonly stepMillis?: number; readonly transport?: Transport } = {}
) =>
  Effect.gen(function*() {
    // a write sent again after an answer other than 429 (the service may have acted on it) is a duplicate
    const answers: Array<Behaviour> = []
    const server = yield* loopbackServer((request) => {
      const behaviour = decide(request)
      if (method !== "GET" && request.index > 0 && answers[request.index - 1]?._tag === "Respond" && (answers[request.index - 1] as { status: number }).status !== 429) tally.duplicateWrites++
      if (method !== "GET" && request.index > 0 && answers[request.index - 1]?._tag !== "Respond") tally.duplicateWrites++
      answers.push(behaviour)
      return behaviour
    })
    if (method !== "GET") tally.writes++
    const http = yield* Effect.orDie(StackHttp.make({
      config: { ...demoConfig(server.url), limits: Limits.make(options.limits) },
      accessType: "admin"
    }))
    const startedAt = yield* Clock.currentTimeMillis
    const fiber = yield* Effect.forkChild(Call.run(http.execute, {
      method,
      path: options.path ?? "/users/u1",
      ...(method === "GET" ? {} : { body: { display_name: "x" } }),
      tokens,
      response: Schema.Struct({ id: Schema.String }),
      errors: KnownErrors.all
    }).pipe(using(options.transport ?? fetchTransport)))
    const exit = yield* endOf(fiber, options.stepMillis ?? 1000, `${method} ${options.path ?? "/users/u1"}`)
    return { exit, server, endedAt: (yield* Clock.currentTimeMillis) - startedAt }
  })

describe("hostile servers (issue #15)", () => {
  for (const [name, transport] of transports) {
  it.effect(`row 3 (${name} transport): 301, 302, 303, 307 and 308 to another origin are never followed; nothing reaches it`, () =>
    Effect.gen(function*() {
      const elsewhere = yield* loopbackServer(() => ({ _tag: "Respond", status: 200, body: "{\"id\":\"stolen\"}" }))
      for (const status of [301, 302, 303, 307, 308]) {
        for (const method of ["GET", "POST", "PATCH"] as const) {
          const { exit, server } = yield* callAgainst(
            () => ({ _tag: "Respond", status, headers: { location: `${elsewhere.url}/api/v1/users/u1?x=1` }, body: "" }),
            method,
            { transport }
          )
          const error = errorOf(exit)
          const reason = reasonWith(error, "RedirectError")
          assert.strictEqual(reason.status, status, `${method} ${status}`)
          assert.strictEqual(reason.location, elsewhere.url, "names the Location's origin only")
          assert.strictEqual(server.count(), 1, "sent once")
          assertNoSecret(exit, `${method} ${status}`)
        }
      }
      assert.strictEqual(elsewhere.count(), 0, "the other origin received nothing: no key, token or body")
    }), { timeout: 30_000 })

  it.effect(`row 4 (${name} transport): an endless body is cut off at the cap, its download cancelled, never retried`, () =>
    Effect.gen(function*() {
      for (const method of ["GET", "POST"] as const) {
        const { exit, server } = yield* callAgainst(() => ({ _tag: "Endless" }), method, { limits: { maxResponseBytes: 1024 * 1024 }, transport })
        const error = errorOf(exit)
        assert.strictEqual(reasonWith(error, "ResponseTooLargeError").maxBytes, 1024 * 1024, method)
        assert.strictEqual(server.count(), 1, "not retried for size")
        assert.notInclude(String(error), "Unable to connect")
        yield* eventually(() => server.seen[0]!.closedByClient, "the download was cancelled: the client closed the connection")
      }
      // a declared length above the default 16 MiB fails before any byte is read
      const { exit } = yield* callAgainst(() => ({ _tag: "Endless", contentLength: 600 * 1024 * 1024 }), "GET", { transport })
      assert.strictEqual(reasonWith(errorOf(exit), "ResponseTooLargeError").maxBytes, 16 * 1024 * 1024)
    }), { timeout: 30_000 })

  it.effect(`row 3 (${name} transport): the token endpoint's redirect is not followed`, () =>
    Effect.gen(function*() {
      const elsewhere = yield* loopbackServer(() => ({ _tag: "Respond", status: 200, body: "{}" }))
      for (const status of [302, 307, 308]) {
        const server = yield* loopbackServer(() => ({ _tag: "Respond", status, headers: { location: elsewhere.url }, body: "" }))
        const fiber = yield* Effect.forkChild(
          Refresh.refreshAccessToken(demoConfig(server.url), Redacted.make(refreshToken)).pipe(using(transport))
        )
        const exit = yield* drive(fiber, 1000)
        assert.strictEqual(reasonOf(errorOf(exit))._tag, "RedirectError", String(status))
        assert.strictEqual(server.count(), 1)
      }
      assert.strictEqual(elsewhere.count(), 0, "the refresh token went nowhere else")
    }), { timeout: 30_000 })
  }

  it.effect("effect/http transport: an answer a client reached by following a redirect itself is refused as a redirect", () =>
    Effect.gen(function*() {
      // an app's own client configured to follow redirects: the hop happened, its answer is not taken as the service's
      const elsewhere = yield* loopbackServer(() => ({ _tag: "Respond", status: 200, body: "{\"id\":\"stolen\"}" }))
      const following = HttpClientTransport.fromHttpClient(
        Effect.runSync(Effect.provide(Effect.service(HttpClient.HttpClient), FetchHttpClient.layer)).pipe(HttpClient.followRedirects(3))
      )
      const { exit } = yield* callAgainst(
        () => ({ _tag: "Respond", status: 302, headers: { location: `${elsewhere.url}/api/v1/users/u1` }, body: "" }),
        "GET",
        { transport: following }
      )
      assert.strictEqual(reasonWith(errorOf(exit), "RedirectError").location, elsewhere.url)
    }), { timeout: 30_000 })

  it.effect("row 1: a Retry-After above the 20 s cap fails at once, typed, with the status and the wait", () =>
    Effect.gen(function*() {
      for (const value of ["999999999", "2592000", "21", "Fri, 31 Dec 9999 23:59:59 GMT"]) {
        for (const method of ["GET", "POST"] as const) {
          const { endedAt, exit, server } = yield* callAgainst(
            () => ({ _tag: "Respond", status: 429, headers: { "retry-after": value }, body: "slow down" }),
            method
          )
          const error = errorOf(exit)
          const reason = reasonWith(error, "RetryAfterError")
          assert.strictEqual(reason.status, 429, value)
          assert.isAbove(reason.retryAfterMillis, 20_000)
          assert.strictEqual(server.count(), 1, "no attempt after the refused wait")
          assert.isAtMost(endedAt, 1000, "did not sleep")
        }
      }
    }), { timeout: 30_000 })

  it.effect("row 7: negative, empty, past, hexadecimal or exponent Retry-After values fall back to the SPEC back-off", () =>
    Effect.gen(function*() {
      for (const value of ["-1", "", "0x10", "1e3", "Thu, 01 Jan 1970 00:00:00 GMT", "soon"]) {
        const { endedAt, exit, server } = yield* callAgainst(
          () => ({ _tag: "Respond", status: 429, headers: { "retry-after": value }, body: "" }),
          "GET"
        ).pipe(Effect.provideService(Random.Random, { nextIntUnsafe: () => 0, nextDoubleUnsafe: () => 0.5 }))
        assert.strictEqual(reasonOf(errorOf(exit))._tag, "HttpError", value)
        assert.strictEqual(server.count(), 5, `${value}: SPEC §9 attempts`)
        assert.isAtLeast(endedAt, 1000 + 2000 + 4000 + 8000, `${value}: waited the back-off (15 s), not 0`)
      }
      assert.strictEqual(RetryAfter.parse("0x10", 0), undefined)
      assert.strictEqual(RetryAfter.parse("1e3", 0), undefined)
      assert.strictEqual(RetryAfter.parse("-1", 0), undefined)
      assert.strictEqual(RetryAfter.parse("3", 0), 3000)
      assert.strictEqual(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", Date.UTC(1994, 10, 6, 8, 49, 27)), 10_000)
      assert.strictEqual(RetryAfter.parse("Sunday, 06-Nov-94 08:49:37 GMT", Date.UTC(1994, 10, 6, 8, 49, 27)), 10_000)
      assert.strictEqual(RetryAfter.parse("Sun Nov  6 08:49:37 1994", Date.UTC(1994, 10, 6, 8, 49, 27)), 10_000)
    }), { timeout: 60_000 })

  it.effect("row 2: a server that never answers: GET and POST end at the 30 s attempt timeout, POST sent once", () =>
    Effect.gen(function*() {
      for (const method of ["GET", "POST"] as const) {
        const { endedAt, exit, server } = yield* callAgainst(() => ({ _tag: "Stall" }), method)
        const error = errorOf(exit)
        const reason = reasonWith(error, "TimeoutError")
        assert.strictEqual(reason.limit, "attempt", method)
        assert.strictEqual(reason.timeoutMillis, 30_000)
        assert.strictEqual(server.count(), 1)
        assert.isAtMost(endedAt, 31_000)
      }
    }), { timeout: 30_000 })

  it.effect("the default deadline is 90 s: a slow 429 storm with retries to spare ends there, typed", () =>
    Effect.gen(function*() {
      const { endedAt, exit, server } = yield* callAgainst(
        () => ({ _tag: "Respond", status: 429, headers: { "retry-after": "19" }, body: "" }),
        "GET",
        { limits: { retry: { attempts: 10 } } }
      )
      const error = errorOf(exit)
      const reason = reasonWith(error, "TimeoutError")
      assert.strictEqual(reason.limit, "call")
      assert.strictEqual(reason.timeoutMillis, 90_000)
      assert.strictEqual(server.count(), 5, "attempts at 0, 19, 38, 57 and 76 s; the next wait would pass 90 s")
      assert.isAtLeast(endedAt, 90_000)
      assert.isAtMost(endedAt, 91_000)
    }), { timeout: 30_000 })

  it.effect("row 3: the diagnostics probes follow no redirect", () =>
    Effect.gen(function*() {
      const elsewhere = yield* loopbackServer(() => ({ _tag: "Respond", status: 200, body: "ok" }))
      const server = yield* loopbackServer(() => ({ _tag: "Respond", status: 302, headers: { location: `${elsewhere.url}/health` }, body: "" }))
      const probes = yield* StackHttp.runDiagnostics(server.url).pipe(using(fetchTransport))
      assert.strictEqual(probes.find((probe) => probe.name === "apiHealth")?.result, "HTTP 302")
      assert.strictEqual(server.count(), 1)
      assert.strictEqual(elsewhere.count(), 0, "the probe went nowhere else")
    }), { timeout: 30_000 })

  it.effect("the whole-call deadline covers attempts and waits: 429 storms end at the deadline", () =>
    Effect.gen(function*() {
      const { endedAt, exit, server } = yield* callAgainst(
        () => ({ _tag: "Respond", status: 429, headers: { "retry-after": "20" }, body: "" }),
        "GET",
        { limits: { deadline: "50 seconds" } }
      )
      const error = errorOf(exit)
      assert.strictEqual(reasonWith(error, "TimeoutError").limit, "call")
      assert.strictEqual(server.count(), 3, "attempts at 0, 20 and 40 s")
      assert.isAtMost(endedAt, 51_000)
    }), { timeout: 30_000 })

  it.effect("row 4: a POST or PATCH whose answer broke off mid-body may have acted: typed, sent once, not 'unable to connect'", () =>
    Effect.gen(function*() {
      for (const method of ["POST", "PATCH"] as const) {
        const { exit, server } = yield* callAgainst(() => ({ _tag: "ResetMidBody", body: "{\"id\":\"u1\",\"pad\":\"" + "y".repeat(5000) + "\"}" }), method, { stepMillis: 1 })
        const error = errorOf(exit)
        assert.strictEqual(reasonOf(error)._tag, "ResponseLostError", method)
        assert.include(String(error), "may have acted")
        assert.strictEqual(server.count(), 1)
      }
    }), { timeout: 30_000 })

  it.effect("row 5: keys and tokens a server echoes back appear in no message, String, JSON or Cause.pretty", () =>
    Effect.gen(function*() {
      const echo = secrets.join(" ")
      const answers: ReadonlyArray<Behaviour> = [
        { _tag: "Respond", status: 200, headers: { [Headers.knownError]: "USER_NOT_FOUND", [Headers.actualStatus]: "404" }, body: JSON.stringify({ code: "USER_NOT_FOUND", error: `no user ${echo}`, details: { echo } }) },
        { _tag: "Respond", status: 200, headers: { [Headers.knownError]: "SOME_NEW_CODE" }, body: JSON.stringify({ code: "SOME_NEW_CODE", error: echo }) },
        { _tag: "Respond", status: 500, body: `upstream said ${echo} ${encodeURIComponent(accessToken)}` },
        { _tag: "Respond", status: 200, body: JSON.stringify({ id: 7, echo }) },
        { _tag: "Respond", status: 200, body: JSON.stringify({ id: echo.length > 0 ? [echo] : echo }) }
      ]
      for (const [i, answer] of answers.entries()) {
        const { exit } = yield* callAgainst(() => answer, i % 2 === 0 ? "GET" : "POST")
        assert.isTrue(Exit.isFailure(exit), `answer ${i} fails`)
        assert.isTrue(isTransportError(errorOf(exit)) || errorOf(exit)?._tag !== undefined)
        assertNoSecret(exit, `answer ${i}`)
      }
    }), { timeout: 30_000 })

  it.effect("row 9: an empty, '.' or '..' id fails typed before any request", () =>
    Effect.gen(function*() {
      for (const id of ["", ".", "..", "%2e", "%2E%2e"]) {
        const { exit, server } = yield* callAgainst(() => ({ _tag: "Respond", status: 200, body: "{\"id\":\"list\"}" }), "GET", { path: `/users/${id}` })
        assert.strictEqual(reasonOf(errorOf(exit))._tag, "InvalidIdError", JSON.stringify(id))
        assert.strictEqual(server.count(), 0, "nothing was sent")
      }
      const { exit } = yield* callAgainst(() => ({ _tag: "Respond", status: 200, body: "{\"id\":\"a/b\"}" }), "GET", { path: `/users/${encodeURIComponent("a/..")}` })
      assert.isTrue(Exit.isSuccess(exit), "an id holding '/' stays one segment")
    }), { timeout: 30_000 })
})

describe("ids in paths (issue #15 row 9)", () => {
  it.effect("API functions send each id as one path segment, whatever it holds", () =>
    Effect.gen(function*() {
      const server = yield* loopbackServer(() => ({
        _tag: "Respond", status: 200, headers: { [Headers.knownError]: "USER_NOT_FOUND", [Headers.actualStatus]: "404" },
        body: JSON.stringify({ code: "USER_NOT_FOUND", error: "no such user" })
      }))
      const app = StackServerApp.layer({
        projectId: demoProject.projectId,
        publishableClientKey: demoProject.publishableClientKey,
        secretServerKey: demoProject.secretServerKey,
        baseUrl: server.url
      }).pipe(Layer.orDie)
      const id = "a/../.."
      const send = <A, E>(call: Effect.Effect<A, E, StackServerApp.Services>) =>
        Effect.exit(call.pipe(Effect.provide(app), Limits.withLimits({ retry: { attempts: 1 } }), using(fetchTransport)))
      yield* send(ServerUsers.get(id))
      yield* send(ServerUsers.update(id, { displayName: "x" }))
      yield* send(ServerUsers.remove(id))
      assert.deepStrictEqual(server.seen.map((r) => r.path), Array.from({ length: 3 }, () => `/api/v1/users/${encodeURIComponent(id)}`))
    }), { timeout: 30_000 })
})

describe("the token endpoint (issue #15 rows 6, 8; issue #14 option 1)", () => {
  const refreshAgainst = (decide: (request: { readonly index: number }) => Behaviour, limits?: Limits.Options) =>
    Effect.gen(function*() {
      const server = yield* loopbackServer(decide)
      const fiber = yield* Effect.forkChild(
        Refresh.refreshAccessToken({ ...demoConfig(server.url), limits: Limits.make(limits) }, Redacted.make(refreshToken)).pipe(
          using(fetchTransport)
        )
      )
      const exit = yield* endOf(fiber, 1000, "refresh")
      return { exit, server }
    })
  const good = JSON.stringify({ access_token: "new-access-token", token_type: "Bearer", expires_in: 600, refresh_token: "rotated-refresh-token" })

  it.effect("sends the refresh grant itself (form, client_secret_post, no x-stack-* header) and adopts a rotated refresh token", () =>
    Effect.gen(function*() {
      const { exit, server } = yield* refreshAgainst(() => ({ _tag: "Respond", status: 200, headers: { "content-type": "application/json" }, body: good }))
      assert.isTrue(Exit.isSuccess(exit))
      const outcome = Exit.isSuccess(exit) ? exit.value : undefined
      assert.strictEqual(outcome?._tag, "Refreshed")
      if (outcome?._tag === "Refreshed") assert.strictEqual(Redacted.value(outcome.refreshToken!), "rotated-refresh-token")
      const form = new URLSearchParams(server.seen[0]!.body)
      assert.deepStrictEqual(Object.fromEntries(form), {
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: demoProject.projectId,
        client_secret: demoProject.publishableClientKey
      })
    }), { timeout: 30_000 })

  it.effect("429 (with Retry-After) and 5xx are retried as SPEC §9 says; a storm ends typed after 5 attempts", () =>
    Effect.gen(function*() {
      const once = yield* refreshAgainst(({ index }) =>
        index === 0 ? { _tag: "Respond", status: 429, headers: { "retry-after": "2" }, body: "" } : { _tag: "Respond", status: 200, body: good }
      )
      assert.isTrue(Exit.isSuccess(once.exit))
      assert.strictEqual(once.server.count(), 2)
      const storm = yield* refreshAgainst(() => ({ _tag: "Respond", status: 503, body: `down ${refreshToken}` }))
      assert.strictEqual(reasonOf(errorOf(storm.exit))._tag, "HttpError")
      assert.strictEqual(storm.server.count(), 5)
      assertNoSecret(storm.exit, "5xx storm")
    }), { timeout: 30_000 })

  it.effect("a refresh-token error signs out only when header and body agree", () =>
    Effect.gen(function*() {
      const agree = yield* refreshAgainst(() => ({
        _tag: "Respond", status: 401, headers: { [Headers.knownError]: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" },
        body: JSON.stringify({ code: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", error: "gone" })
      }))
      assert.deepStrictEqual(Exit.isSuccess(agree.exit) ? agree.exit.value : undefined, { _tag: "Invalid" })
      const disagree = yield* refreshAgainst(() => ({
        _tag: "Respond", status: 401, headers: { [Headers.knownError]: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" },
        body: JSON.stringify({ code: "SOMETHING_ELSE", error: "?" })
      }))
      assert.strictEqual(reasonOf(errorOf(disagree.exit))._tag, "DecodeError", "a typed failure: the session stays")
    }), { timeout: 30_000 })

  it.effect("a redirect, a stall and garbage answers at the token endpoint fail typed", () =>
    Effect.gen(function*() {
      const elsewhere = yield* loopbackServer(() => ({ _tag: "Respond", status: 200, body: good }))
      const redirected = yield* refreshAgainst(() => ({ _tag: "Respond", status: 307, headers: { location: elsewhere.url }, body: "" }))
      assert.strictEqual(reasonOf(errorOf(redirected.exit))._tag, "RedirectError")
      assert.strictEqual(elsewhere.count(), 0, "the refresh token went nowhere else")
      const stalled = yield* refreshAgainst(() => ({ _tag: "Stall" }))
      assert.strictEqual(reasonOf(errorOf(stalled.exit))._tag, "TimeoutError")
      for (const body of ["[]", "null", "{\"access_token\":\"\",\"token_type\":\"Bearer\"}", "{\"access_token\":\"a\",\"token_type\":\"mac\"}", "{\"access_token\":\"a\",\"token_type\":\"Bearer\",\"expires_in\":\"x\"}", "<html>"]) {
        const garbage = yield* refreshAgainst(() => ({ _tag: "Respond", status: 200, body }))
        assert.strictEqual(reasonOf(errorOf(garbage.exit))._tag, "DecodeError", body)
      }
    }), { timeout: 30_000 })
})

describe("retry schedule (SPEC §9)", () => {
  it.effect("the back-off jitter falls in [0.5, 1.5] × base × 2^n with a seeded Random, and spans the range", () =>
    Effect.gen(function*() {
      const factors: Array<number> = []
      for (let n = 0; n < 4; n++) {
        for (let i = 0; i < 200; i++) {
          const millis = yield* Attempts.backoffMillis(Limits.defaultRetry, n)
          const factor = millis / (1000 * 2 ** n)
          assert.isAtLeast(factor, 0.5)
          assert.isAtMost(factor, 1.5)
          factors.push(factor)
        }
      }
      assert.isBelow(Math.min(...factors), 0.6, "jitter reaches low")
      assert.isAbove(Math.max(...factors), 1.4, "jitter reaches high")
    }).pipe(Random.withSeed("stack-auth-effect")))

  it.effect("an app's retry option makes failure paths instant: { attempts: 2, baseDelay: 0 }", () =>
    Effect.gen(function*() {
      const server = yield* loopbackServer(() => ({ _tag: "Respond", status: 429, body: "" }))
      const http = yield* Effect.orDie(StackHttp.make({
        config: { ...demoConfig(server.url), limits: Limits.make({ retry: { attempts: 2, baseDelay: 0 } }) },
        accessType: "admin"
      }))
      const fiber = yield* Effect.forkChild(http.execute({ method: "GET", path: "/users" }).pipe(Effect.provideService(HttpTransport, fetchTransport)))
      const exit = yield* drive(fiber, 1)
      assert.strictEqual(reasonOf(errorOf(exit))._tag, "HttpError")
      assert.strictEqual(server.count(), 2)
      assert.isAtMost(yield* Clock.currentTimeMillis, 5, "no back-off waited (the driver steps 1 ms)")
    }))

  it.effect("per-call limits override the app's (Limits.withLimits)", () =>
    Effect.gen(function*() {
      const server = yield* loopbackServer(() => ({ _tag: "Stall" }))
      const http = yield* Effect.orDie(StackHttp.make({ config: demoConfig(server.url), accessType: "admin" }))
      const fiber = yield* Effect.forkChild(http.execute({ method: "GET", path: "/users" }).pipe(
        Limits.withLimits({ timeout: "2 seconds" }),
        Effect.provideService(HttpTransport, fetchTransport)
      ))
      const exit = yield* drive(fiber, 500)
      assert.strictEqual(reasonWith(errorOf(exit), "TimeoutError").timeoutMillis, 2000)
      yield* Fiber.interrupt(fiber)
    }))
})
