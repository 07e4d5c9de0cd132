import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import * as RefreshCoordinator from "../../packages/sdk/src/session/internal/RefreshCoordinator.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as SessionStreams from "../../packages/sdk/src/session/SessionStreams.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { recordingTracer } from "../support/RecordingTracer.ts"
import { withWireSpy } from "../support/WireSpy.ts"
import { count, emulatorConfig, endSession, eventually, jwt, refreshes, signedInUser } from "./support.ts"
import { reasonOf, reasonWith } from "../support/Transport.ts"

// HTTP-level behaviour runs against the in-process emulator (src/emulator); refresh faults (stall,
// dropped connection, invalid_grant, 5xx) are the emulator's own fault injection.

const http = StackHttp.layer({ config: emulatorConfig, accessType: "client" })
const me: StackHttp.StackRequest = { method: "GET", path: "/users/me" }
const tokenPath = "/auth/oauth/token"
const accessLifetime = 600_000

/** Runs `body` against a fresh emulator and a fresh coordinator. */
const emulated = <A, E>(body: Effect.Effect<A, E, Emulator.Emulator>) =>
  body.pipe(
    Effect.provide(Layer.fresh(Emulator.layer)),
    Effect.provideService(RefreshCoordinator.RefreshCoordinator, RefreshCoordinator.make())
  )

/** A session over an explicit store holding `tokens`. */
const withSession = <A, E, R>(
  tokens: { readonly accessToken?: string; readonly refreshToken?: string },
  body: (session: Session.Service, store: TokenStore.Service) => Effect.Effect<A, E, R>
) =>
  Effect.gen(function*() {
    const store = yield* TokenStore.TokenStore
    const session = yield* Session.Session
    return yield* body(session, store)
  }).pipe(
    Effect.provide(Session.layer.pipe(Layer.provideMerge(Layer.mergeAll(http, TokenStore.layerExplicit(tokens)))), { local: true }),
    Effect.orDie
  )

const knownErrorFault = (code: string, status: number) =>
  Faults.status(200, {
    headers: { "content-type": "application/json", [Headers.knownError]: code, [Headers.actualStatus]: String(status) },
    body: JSON.stringify({ code, error: `message of ${code}` })
  })

const errorOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? Cause.squash(exit.cause) as { _tag: string; [key: string]: unknown } : undefined

const inject = (injection: Faults.Injection) => Effect.flatMap(Emulator.Emulator, (e) => e.faults.inject(injection))

describe("Session refresh", () => {
  it.effect("50 concurrent requests with an expired access token cost exactly one refresh", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* TestClock.adjust(accessLifetime + 1)
      yield* withSession(user, (session) =>
        Effect.forEach(Array.from({ length: 50 }), () => session.execute(me), { concurrency: "unbounded" }))
      assert.strictEqual(yield* refreshes, 1)
      assert.strictEqual(yield* count("GET", "/users/me"), 50)
    })))

  it.effect("one session refreshes once for 50 concurrent callers even without the shared coordinator", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* TestClock.adjust(accessLifetime + 1)
      yield* withSession(user, (session) =>
        Effect.forEach(Array.from({ length: 50 }), () => session.execute(me), { concurrency: "unbounded" })).pipe(
          Effect.provideService(RefreshCoordinator.RefreshCoordinator, { run: (_key, task) => task, inFlight: () => 0 })
        )
      assert.strictEqual(yield* refreshes, 1)
    })))

  it.effect("reuses a token with 25 s left and refreshes one with 15 s left", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* withSession(user, (session) =>
        Effect.gen(function*() {
          yield* TestClock.adjust(accessLifetime - 25_000)
          yield* session.execute(me)
          assert.strictEqual(yield* refreshes, 0)
          yield* TestClock.adjust("10 seconds")
          yield* session.execute(me)
          assert.strictEqual(yield* refreshes, 1)
          const sent = yield* Effect.flatMap(Emulator.Emulator, (e) => e.requests.filter({ method: "GET", path: "/users/me" }))
          assert.strictEqual(sent.length, 2)
        }))
    })))

  it.effect("refuses to promise 60 s of validity or more, with a typed error", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* withSession(user, (session) =>
        Effect.gen(function*() {
          const error = yield* Effect.flip(session.getTokens(60_000))
          assert.instanceOf(error, Session.AccessTokenValidityTooLong)
          assert.strictEqual(error.requestedMillis, 60_000)
          assert.strictEqual(Redacted.value((yield* session.getTokens(59_999))!.accessToken), user.accessToken)
          assert.strictEqual(yield* refreshes, 0)
        }))
    })))

  it.effect("sends the refresh as an OAuth refresh grant with client_secret_post and no x-stack headers", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      const { sent } = yield* withWireSpy(withSession({ refreshToken: user.refreshToken }, (session) => session.getTokens()))
      assert.deepStrictEqual(sent.map((r) => `${r.method} ${r.path}`), ["POST /api/v1/auth/oauth/token"])
      assert.deepStrictEqual<Record<string, string | undefined>>(Object.fromEntries(sent[0]!.form), {
        grant_type: "refresh_token",
        refresh_token: user.refreshToken,
        client_id: emulatorConfig.projectId,
        client_secret: emulatorConfig.publishableClientKey
      })
      assert.deepStrictEqual([...sent[0]!.headers.keys()].filter((name) => name.startsWith("x-stack")), [])
      // the emulator's log keeps the request, not its secrets
      const [logged] = yield* Effect.flatMap(Emulator.Emulator, (e) => e.requests.filter({ method: "POST", path: tokenPath }))
      assert.deepStrictEqual(logged!.body, {
        grant_type: "refresh_token",
        refresh_token: "<redacted>",
        client_id: emulatorConfig.projectId,
        client_secret: "<redacted>"
      })
    })))

  it.effect("ACCESS_TOKEN_EXPIRED on the first answer: one refresh, then the request succeeds", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "GET", path: "/users/me", times: 1, fault: knownErrorFault("ACCESS_TOKEN_EXPIRED", 401) })
      const response = yield* withSession(user, (session) => session.execute(me))
      assert.strictEqual((response.body as { id: string }).id, user.session.userId)
      assert.strictEqual(yield* refreshes, 1)
      assert.strictEqual(yield* count("GET", "/users/me"), 2)
    })))

  it.effect("a token the service cannot parse is replaced the same way", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      const forged = jwt(user.session.userId, accessLifetime) // unsigned: UNPARSABLE_ACCESS_TOKEN
      const response = yield* withSession({ accessToken: forged, refreshToken: user.refreshToken }, (session) => session.execute(me))
      assert.strictEqual((response.body as { id: string }).id, user.session.userId)
      assert.strictEqual(yield* refreshes, 1)
    })))

  it.effect("retries only once when the fresh token is rejected too", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "GET", path: "/users/me", times: 2, fault: knownErrorFault("ACCESS_TOKEN_EXPIRED", 401) })
      const error = yield* withSession(user, (session) => Effect.flip(session.execute(me)))
      assert.strictEqual((error as { code?: string }).code, "ACCESS_TOKEN_EXPIRED")
      assert.strictEqual(yield* count("GET", "/users/me"), 2)
      assert.strictEqual(yield* refreshes, 1)
    })))
  // issue #15 row 6: a finished failed refresh was handed to the calls right after it (1 token request, not 4)
  it.effect("a failed refresh is not replayed: each of three later calls tries again, one refresh at a time", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 4, fault: Faults.status(400, { headers: { "content-type": "application/json" }, body: "{\"error\":\"invalid_client\"}" }) })
      yield* TestClock.adjust(accessLifetime + 1)
      yield* withSession(user, (session) =>
        Effect.gen(function*() {
          assert.strictEqual(reasonOf(yield* Effect.flip(session.execute(me)))._tag, "HttpError")
          for (let i = 0; i < 3; i++) assert.strictEqual(reasonOf(yield* Effect.flip(session.execute(me)))._tag, "HttpError")
          assert.strictEqual(yield* refreshes, 4, "one token request per call, none shared with a finished failure")
          assert.isFalse(yield* session.isKnownInvalid, "the user stays signed in")
          const response = yield* session.execute(me)
          assert.strictEqual((response.body as { id: string }).id, user.session.userId)
        }))
    })))

  it.effect("a refresh token rotated by the token endpoint is adopted and stored", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({
        method: "POST", path: tokenPath, times: 1,
        fault: Faults.status(200, {
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ access_token: user.accessToken, token_type: "Bearer", expires_in: 600, refresh_token: "rotated-refresh-token-1" })
        })
      })
      yield* withSession({ refreshToken: user.refreshToken }, (session, store) =>
        Effect.gen(function*() {
          const tokens = yield* session.getTokens()
          assert.strictEqual(Redacted.value(tokens!.refreshToken!), "rotated-refresh-token-1")
          assert.strictEqual(Redacted.value((yield* store.get).refreshToken!), "rotated-refresh-token-1")
        }))
    })))
})

describe("Session invalidation", () => {
  const invalidRefreshes = [
    ["the refresh-token known error", (sessionId: string) => endSession(sessionId)],
    ["OAuth invalid_grant", () =>
      inject({
        method: "POST",
        path: tokenPath,
        fault: Faults.status(400, { headers: { "content-type": "application/json" }, body: JSON.stringify({ error: "invalid_grant" }) })
      })]
  ] as const
  for (const [name, breakRefresh] of invalidRefreshes) {
    it.effect(`a refresh answered with ${name} marks the session invalid; later calls go without tokens and without a refresh`, () =>
      emulated(Effect.gen(function*() {
        const user = yield* signedInUser
        yield* breakRefresh(user.session.id)
        yield* TestClock.adjust(accessLifetime + 1)
        yield* withSession(user, (session, store) =>
          Effect.gen(function*() {
            const first = yield* Effect.flip(session.execute(me))
            assert.strictEqual((first as { code?: string }).code, "CANNOT_GET_OWN_USER_WITHOUT_USER")
            assert.isTrue(yield* session.isKnownInvalid)
            assert.deepStrictEqual(yield* session.state, { _tag: "SignedOut" })
            assert.deepStrictEqual(yield* store.get, {})
            yield* Effect.flip(session.execute(me))
            assert.isUndefined(yield* session.getTokens())
          }))
        assert.strictEqual(yield* refreshes, 1)
        const sent = yield* Effect.flatMap(Emulator.Emulator, (e) => e.requests.filter({ method: "GET", path: "/users/me" }))
        assert.deepStrictEqual(sent.map((r) => Headers.accessToken in r.headers), [false, false])
      })))
  }

  it.effect("a session created without tokens is known-invalid and never refreshes", () =>
    emulated(Effect.gen(function*() {
      yield* withSession({}, (session) =>
        Effect.gen(function*() {
          assert.isTrue(yield* session.isKnownInvalid)
          assert.isUndefined(yield* session.getTokens())
        }))
      assert.strictEqual(yield* refreshes, 0)
    })))

  it.effect("a refresh that fails on the network surfaces the error and keeps the user signed in", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 5, fault: Faults.drop() })
      yield* TestClock.adjust(accessLifetime + 1)
      yield* withSession(user, (session, store) =>
        Effect.gen(function*() {
          const fiber = yield* Effect.forkChild(Effect.flip(session.execute(me)))
          for (let attempt = 1; attempt < 5; attempt++) {
            yield* eventually(Effect.map(refreshes, (n) => n >= attempt))
            yield* TestClock.adjust("20 seconds") // past this attempt's back-off (at most 1.5 × 8 s)
          }
          const error = yield* Fiber.join(fiber)
          assert.strictEqual(reasonOf(error)._tag, "ConnectionError")
          assert.strictEqual(yield* refreshes, 5)
          assert.isFalse(yield* session.isKnownInvalid)
          assert.strictEqual(Redacted.value((yield* store.get).refreshToken!), user.refreshToken)
          yield* session.execute(me) // a later call retries
          assert.strictEqual(yield* refreshes, 6)
        }))
    })))

  it.effect("a refresh answered with HTTP 500 (retries off) fails typed and keeps the session", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 1, fault: Faults.serverError() })
      yield* withSession({ refreshToken: user.refreshToken }, (session) =>
        Effect.gen(function*() {
          const error = yield* Effect.flip(session.getTokens().pipe(Limits.withLimits({ retry: { attempts: 1 } })))
          assert.strictEqual(reasonOf(error)._tag, "HttpError")
          assert.notInclude(JSON.stringify(error), user.refreshToken)
          assert.notInclude(String(error), user.refreshToken)
          assert.isFalse(yield* session.isKnownInvalid)
        }))
    })))

  it.effect("interrupting the caller during a refresh does not lock the session", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 1, fault: Faults.delay("1 hour") })
      yield* TestClock.adjust(accessLifetime + 1)
      yield* withSession(user, (session) =>
        Effect.gen(function*() {
          const stuck = yield* Effect.forkChild(session.execute(me))
          yield* eventually(Effect.map(refreshes, (n) => n === 1))
          yield* Fiber.interrupt(stuck)
          const response = yield* session.execute(me)
          assert.strictEqual((response.body as { id: string }).id, user.session.userId)
          assert.strictEqual(yield* refreshes, 2)
        }))
    })))

  it.effect("one waiter's interruption does not cancel the refresh other callers wait for", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 1, fault: Faults.delay("10 seconds") })
      yield* withSession({ refreshToken: user.refreshToken }, (session) =>
        Effect.gen(function*() {
          const a = yield* Effect.forkChild(session.getTokens())
          const b = yield* Effect.forkChild(session.getTokens())
          yield* eventually(Effect.map(refreshes, (n) => n === 1))
          yield* Fiber.interrupt(a)
          yield* TestClock.adjust("10 seconds")
          assert.isDefined(yield* Fiber.join(b))
          assert.strictEqual(yield* refreshes, 1)
        }))
    })))

  it.effect("concurrent callers share one failing refresh; the call after it refreshes again", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 2, fault: Faults.status(400, { headers: { "content-type": "application/json" }, body: "{\"error\":\"invalid_client\"}" }) })
      yield* withSession({ refreshToken: user.refreshToken }, (session) =>
        Effect.gen(function*() {
          const errors = yield* Effect.forEach(Array.from({ length: 20 }), () => Effect.flip(session.getTokens()), { concurrency: "unbounded" })
          assert.deepStrictEqual(new Set(errors.map((e) => reasonOf(e)._tag)), new Set(["HttpError"]))
          assert.strictEqual(yield* refreshes, 1, "20 concurrent callers, one token request")
          assert.strictEqual(reasonOf(yield* Effect.flip(session.getTokens()))._tag, "HttpError")
          assert.strictEqual(yield* refreshes, 2, "the next call is not handed the finished failure")
          assert.isDefined(yield* session.getTokens())
          assert.strictEqual(yield* refreshes, 3)
          assert.isFalse(yield* session.isKnownInvalid)
        }))
    })))

  it.effect("each caller waits for a shared refresh until its own deadline: shorter ones fail typed, a longer one is not cut short by the first caller's", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 1, fault: Faults.delay("10 seconds") })
      yield* withSession({ refreshToken: user.refreshToken }, (session) =>
        Effect.gen(function*() {
          // the first caller starts the refresh with a 3 s deadline
          const first = yield* Effect.forkChild(Effect.exit(session.getTokens().pipe(Limits.withLimits({ deadline: "3 seconds" }))))
          yield* eventually(Effect.map(refreshes, (n) => n === 1))
          yield* TestClock.adjust("1 second")
          // at 1 s: one caller with the app's 90 s deadline, one with 1 s
          const patient = yield* Effect.forkChild(Effect.exit(session.getTokens()))
          const hasty = yield* Effect.forkChild(Effect.exit(session.getTokens().pipe(Limits.withLimits({ deadline: "1 second" }))))
          yield* TestClock.adjust("1 second") // 2 s
          const hastyExit = yield* Fiber.join(hasty)
          const hastyReason = reasonWith(errorOf(hastyExit), "TimeoutError")
          assert.strictEqual(hastyReason.limit, "call", "the 1 s caller fails at its own deadline")
          assert.strictEqual(hastyReason.timeoutMillis, 1000)
          assert.isUndefined(first.pollUnsafe(), "the 3 s caller still waits")
          yield* TestClock.adjust("1 second") // 3 s
          const firstExit = yield* Fiber.join(first)
          assert.strictEqual(reasonWith(errorOf(firstExit), "TimeoutError").timeoutMillis, 3000, "the first caller fails at its 3 s deadline")
          assert.isUndefined(patient.pollUnsafe(), "the 90 s caller is not cut short by the first caller's deadline")
          yield* TestClock.adjust("7 seconds") // 10 s: the token endpoint answers
          const patientExit = yield* Fiber.join(patient)
          assert.isTrue(Exit.isSuccess(patientExit) && patientExit.value !== undefined, "the 90 s caller gets the tokens")
          assert.strictEqual(yield* refreshes, 1)
        }))
    })))

  it.effect("a stalled refresh fails every caller waiting on it, typed, at the attempt timeout; the user stays signed in", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "POST", path: tokenPath, times: 1, fault: Faults.delay("1 hour") })
      yield* withSession({ refreshToken: user.refreshToken }, (session) =>
        Effect.gen(function*() {
          const waiters = yield* Effect.forEach(Array.from({ length: 3 }), () => Effect.forkChild(Effect.exit(session.getTokens())))
          yield* eventually(Effect.map(refreshes, (n) => n === 1))
          yield* TestClock.adjust("30 seconds")
          for (const waiter of waiters) {
            const error = errorOf(yield* Fiber.join(waiter))
            const reason = reasonWith(error, "TimeoutError")
            assert.strictEqual(reason.limit, "attempt")
            assert.strictEqual(reason.path, tokenPath)
          }
          assert.strictEqual(yield* refreshes, 1, "a stalled refresh is not asked again")
          assert.isFalse(yield* session.isKnownInvalid)
          assert.isDefined(yield* session.getTokens(), "the next caller refreshes afresh")
          assert.strictEqual(yield* refreshes, 2)
        }))
    })))
})

describe("Session sign-out", () => {
  it.effect("deletes the current session with the tokens, then clears them", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* withSession(user, (session, store) =>
        Effect.gen(function*() {
          yield* session.signOut
          assert.deepStrictEqual(yield* store.get, {})
          assert.isTrue(yield* session.isKnownInvalid)
        }))
      assert.strictEqual(yield* count("DELETE", "/auth/sessions/current"), 1)
      // the service ended the session: its refresh token no longer works
      yield* TestClock.adjust(accessLifetime + 1)
      yield* withSession({ refreshToken: user.refreshToken }, (session) =>
        Effect.map(session.getTokens(), (tokens) => assert.isUndefined(tokens)))
    })))

  it.effect("ignores a refresh-token error from the delete call and still clears the session", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* endSession(user.session.id) // signed out elsewhere: the delete answers REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED
      yield* withSession(user, (session, store) =>
        Effect.gen(function*() {
          yield* session.signOut
          assert.deepStrictEqual(yield* store.get, {})
          assert.deepStrictEqual(yield* session.state, { _tag: "SignedOut" })
        }))
      assert.strictEqual(yield* count("DELETE", "/auth/sessions/current"), 1)
    })))

  it.effect("signs out locally when the delete answers another known error, naming it on the sign-out span", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* inject({ method: "DELETE", path: "/auth/sessions/current", times: 1, fault: knownErrorFault("USER_NOT_FOUND", 404) })
      const { spans, tracer } = recordingTracer()
      yield* withSession(user, (session, store) =>
        Effect.gen(function*() {
          yield* session.signOut
          assert.deepStrictEqual(yield* store.get, {})
          assert.deepStrictEqual(yield* session.state, { _tag: "SignedOut" })
        })).pipe(Effect.withTracer(tracer))
      const span = spans.find((s) => s.name === "Session.signOut")
      assert.strictEqual(span?.attributes.get(Session.signOutErrorAttribute), "USER_NOT_FOUND")
    })))

  it.effect("sends nothing when there are no tokens", () =>
    emulated(Effect.gen(function*() {
      yield* withSession({}, (session) => session.signOut)
      assert.strictEqual((yield* Effect.flatMap(Emulator.Emulator, (e) => e.requests.all)).length, 0)
    })))

  it.effect("invalidate clears the tokens without a request", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* withSession(user, (session, store) =>
        Effect.gen(function*() {
          yield* session.invalidate
          assert.deepStrictEqual(yield* store.get, {})
          assert.isTrue(yield* session.isKnownInvalid)
        }))
      assert.strictEqual((yield* Effect.flatMap(Emulator.Emulator, (e) => e.requests.all)).length, 0)
    })))
})

describe("Session state", () => {
  it.effect("publishes SignedOut, SignedIn with the user id, then SignedOut", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      const states = yield* withSession({}, (session) =>
        Effect.gen(function*() {
          const collected = yield* Effect.forkChild(Stream.runCollect(Stream.take(SessionStreams.changes(session), 3)))
          yield* Effect.yieldNow
          yield* session.setTokens(user)
          yield* session.invalidate
          return yield* Fiber.join(collected)
        }))
      assert.deepStrictEqual(states, [{ _tag: "SignedOut" }, { _tag: "SignedIn", userId: user.session.userId }, { _tag: "SignedOut" }])
    })))

  it.effect("emits Refreshed after a refresh", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      const events = yield* withSession({ refreshToken: user.refreshToken }, (session) =>
        Effect.gen(function*() {
          const collected = yield* Effect.forkChild(Stream.runCollect(Stream.take(SessionStreams.events(session), 1)))
          yield* Effect.yieldNow
          yield* session.getTokens()
          return yield* Fiber.join(collected)
        }))
      assert.deepStrictEqual(events, [{ _tag: "Refreshed" }])
    })))

  it.effect("setTokens with the text 'undefined' is a defect (SPEC §5)", () =>
    emulated(Effect.gen(function*() {
      const exit = yield* withSession({}, (session) => Effect.exit(session.setTokens({ accessToken: "undefined", refreshToken: "rt" })))
      assert.isTrue(Exit.isFailure(exit) && Cause.hasDies(exit.cause))
    })))

  it.effect("Session.call decodes through the session", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      const result = yield* withSession(user, () =>
        Session.call({ ...me, response: Schema.Struct({ id: Schema.String }), errors: [] }))
      assert.strictEqual(result.id, user.session.userId)
    })))
})

describe("RefreshCoordinator (request-scoped sessions)", () => {
  const fiftyRequests = (tokens: { readonly accessToken: string; readonly refreshToken: string }) =>
    Effect.forEach(Array.from({ length: 50 }), () => withSession(tokens, (session) => session.execute(me)), {
      concurrency: "unbounded"
    })

  it.effect("50 request-scoped sessions sharing a refresh token cost one refresh", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* TestClock.adjust(accessLifetime + 1)
      yield* fiftyRequests(user)
      assert.strictEqual(yield* refreshes, 1)
      assert.strictEqual(yield* count("GET", "/users/me"), 50)
      assert.strictEqual((yield* RefreshCoordinator.RefreshCoordinator).inFlight(), 0)
    })))

  it.effect("without a shared coordinator each request-scoped session refreshes on its own", () =>
    emulated(Effect.gen(function*() {
      const user = yield* signedInUser
      yield* TestClock.adjust(accessLifetime + 1)
      yield* fiftyRequests(user).pipe(
        Effect.provideService(RefreshCoordinator.RefreshCoordinator, { run: (_key, task) => task, inFlight: () => 0 })
      )
      assert.strictEqual(yield* refreshes, 50)
    })))
})
