/**
 * Concurrency soak (SPEC §4): 1,000 calls forked at once over one session whose access token
 * expires 10 times while they run, on the TestClock and the in-process emulator. Every answer to
 * `/users/me` is held 60 s in flight, so calls sent with a token that was still valid for 20 s
 * reach the service after it expired and must be retried once with the refreshed token.
 *
 * Per epoch (the token expires at `exp`): 40 calls start one per second from `exp − 40 s` and 60
 * more start together at `exp − 19 s`, the first moment the token has less than the 20 s a request
 * needs. So each epoch refreshes exactly once (the burst and the staggered caller share one
 * refresh), 21 calls carry the old token into its expiry and are retried, and the new token lives
 * `exp + 581 s`. A second soak breaks the refresh on the network (it must not sign the user out)
 * and then ends the session at the service (it must).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import * as RefreshCoordinator from "../../packages/sdk/src/session/internal/RefreshCoordinator.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as SessionStreams from "../../packages/sdk/src/session/SessionStreams.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import { HttpTransport, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Sessions from "../../packages/emulator/src/internal/model/SessionRules.ts"
import { signedInUser } from "../session/support.ts"
import { demoConfig } from "./support.ts"
import { reasonOf } from "../support/Transport.ts"

const mePath = "/api/v1/users/me"
const tokenPath = "/api/v1/auth/oauth/token"
const inFlightMillis = 60_000
const secondsOf = (millis: number) => millis / 1000

/** Start times of one epoch's 100 calls around the expiry `exp` (ms). */
const epochStarts = (exp: number): ReadonlyArray<number> => [
  ...Array.from({ length: 40 }, (_, j) => exp - 40_000 + j * 1000),
  ...Array.from({ length: 60 }, () => exp - 19_000)
]

/**
 * A transport to the emulator that holds `/users/me` 60 s in flight and tracks progress, so the
 * clock only moves once everything that can run without it has run.
 */
const soakTransport = (emulator: Emulator.Service) => {
  const stats = { handling: 0, ticks: 0, refreshesAt: [] as Array<number> }
  const transport: HttpTransport = {
    send: (request) =>
      Effect.gen(function*() {
        const path = new URL(request.url).pathname
        stats.ticks++
        if (path === mePath) yield* Effect.sleep(inFlightMillis)
        if (path === tokenPath) stats.refreshesAt.push(yield* Clock.currentTimeMillis)
        stats.handling++
        return yield* emulator.handle(request).pipe(
          Effect.catchTag("ConnectionDropped", () => Effect.fail(new TransportFailure({ reason: "TypeError: fetch failed" }))),
          Effect.ensuring(Effect.sync(() => {
            stats.handling--
            stats.ticks++
          }))
        )
      })
  }
  /** Waits until no request is being answered and nothing moved for three rounds of macrotask turns. */
  const settle = Effect.promise(async () => {
    let last = -1
    for (let stable = 0; stable < 3;) {
      for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => setImmediate(resolve))
      if (stats.handling === 0 && stats.ticks === last) stable++
      else {
        stable = 0
        last = stats.ticks
      }
    }
  })
  return { stats, transport, settle }
}

/** Runs `calls` on the TestClock in `stepMillis` steps until they are all done, doing `actions` on the way. */
const runSoak = <A, E, R>(
  harness: ReturnType<typeof soakTransport>,
  calls: Effect.Effect<A, E, R>,
  stepMillis: number,
  actions: ReadonlyArray<readonly [atMillis: number, action: Effect.Effect<void>]> = []
) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(calls)
    const pending = [...actions]
    while (fiber.pollUnsafe() === undefined) {
      yield* harness.settle
      const now = yield* Clock.currentTimeMillis
      while (pending.length > 0 && pending[0]![0] <= now) yield* pending.shift()![1]
      if (fiber.pollUnsafe() !== undefined) break
      yield* TestClock.adjust(stepMillis)
    }
    return yield* Fiber.join(fiber)
  })

/** The session of a signed-in user over the harness's transport. */
const sessionLayer = (tokens: { readonly accessToken: string; readonly refreshToken: string }, baseUrl: string) =>
  Session.layer.pipe(Layer.provideMerge(Layer.mergeAll(
    // calls are held 60 s in flight: bounds above the soak's (the defaults are tested elsewhere)
    StackHttp.layer({ config: { ...demoConfig(baseUrl), limits: Limits.make({ timeout: "10 minutes", deadline: "1 hour" }) }, accessType: "client" }),
    TokenStore.layerExplicit(tokens)
  )))

type User = Effect.Success<typeof signedInUser>

const soak = <A, E>(
  body: (emulator: Emulator.Service, harness: ReturnType<typeof soakTransport>, user: User) => Effect.Effect<A, E, Session.Session | TokenStore.TokenStore>
) =>
  Effect.gen(function*() {
    const emulator = yield* Effect.orDie(Emulator.make())
    const harness = soakTransport(emulator)
    const user = yield* Effect.provideService(signedInUser, Emulator.Emulator, emulator)
    return yield* body(emulator, harness, user).pipe(
      Effect.provide(sessionLayer(user, emulator.baseUrl), { local: true }),
      Effect.provideService(HttpTransport, harness.transport),
      Effect.provideService(RefreshCoordinator.RefreshCoordinator, RefreshCoordinator.make()),
      Effect.provideService(Emulator.Emulator, emulator),
      Effect.map((result) => ({ result, user })),
      Effect.orDie
    )
  })

/** Forks one call per start time; each reports its exit and the user id it saw. */
const callsAt = (starts: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const session = yield* Session.Session
    return yield* Effect.forEach(starts, (start) =>
      Effect.sleep(start).pipe(
        Effect.andThen(session.execute({ method: "GET", path: "/users/me" })),
        Effect.map((response) => (response.body as { id: string }).id),
        Effect.exit
      ), { concurrency: "unbounded" })
  })

describe("concurrency soak (SPEC §4)", () => {
  it.effect("1,000 concurrent calls across 10 token expiries: exactly 10 refreshes, 210 stale tokens retried once, no call fails, no session lost", () =>
    Effect.gen(function*() {
      const expiries = Array.from({ length: 10 }, (_, k) => 600_000 + k * 581_000)
      const starts = expiries.flatMap(epochStarts)
      const { result, user } = yield* soak((emulator, harness) =>
        Effect.gen(function*() {
          const session = yield* Session.Session
          let refreshedEvents = 0
          yield* Effect.forkChild(Stream.runForEach(SessionStreams.events(session), (event) =>
            Effect.sync(() => {
              if (event._tag === "Refreshed") refreshedEvents++
            })))
          yield* Effect.yieldNow
          const exits = yield* runSoak(harness, callsAt(starts), 1000)
          return {
            exits,
            refreshedEvents,
            refreshesAt: [...harness.stats.refreshesAt],
            meRequests: yield* emulator.requests.count({ method: "GET", path: "/users/me" }),
            tokenRequests: yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" }),
            state: yield* session.state,
            knownInvalid: yield* session.isKnownInvalid,
            stored: yield* (yield* TokenStore.TokenStore).get
          }
        }))
      assert.strictEqual(starts.length, 1000)
      assert.lengthOf(result.exits, 1000)
      const failures = result.exits.filter(Exit.isFailure)
      assert.strictEqual(failures.length, 0, failures.slice(0, 3).map(String).join("\n"))
      assert.isTrue(result.exits.every((exit) => Exit.isSuccess(exit) && exit.value === user.session.userId))
      assert.strictEqual(result.tokenRequests, 10, "refreshes")
      assert.deepStrictEqual(result.refreshesAt.map(secondsOf), expiries.map((exp) => secondsOf(exp - 19_000)), "each refresh at the first moment a token had < 20 s left")
      assert.strictEqual(result.refreshedEvents, 10)
      assert.strictEqual(result.meRequests, 1000 + 10 * 21, "every stale token retried exactly once")
      assert.deepStrictEqual(result.state, { _tag: "SignedIn", userId: user.session.userId })
      assert.isFalse(result.knownInvalid)
      assert.strictEqual(Redacted.value(result.stored.refreshToken!), user.refreshToken)
    }).pipe(Effect.provideService(Random.Random, { nextIntUnsafe: () => 0, nextDoubleUnsafe: () => 0.5 })), { timeout: 60_000 })

  it.effect("a refresh that fails on the network keeps the user signed in and is retried by later calls; a refresh-token error signs out", () =>
    Effect.gen(function*() {
      // jitter 0.75: refresh back-off waits 750, 1500, 3000, 6000 ms (SPEC §9), never on a whole second
      const expiries = [600_000, 1_181_000, 1_764_000, 2_357_000]
      const { result, user } = yield* soak((emulator, harness, user) =>
        Effect.gen(function*() {
          const session = yield* Session.Session
          const store = yield* TokenStore.TokenStore
          const snapshots: Array<{ readonly signedIn: boolean; readonly refreshToken: string | undefined }> = []
          const snapshot = Effect.gen(function*() {
            const stored = yield* store.get
            snapshots.push({
              signedIn: (yield* session.state)._tag === "SignedIn",
              refreshToken: stored.refreshToken === undefined ? undefined : Redacted.value(stored.refreshToken)
            })
          })
          const dropRefreshes = (times: number) =>
            Effect.asVoid(emulator.faults.inject({ method: "POST", path: "/auth/oauth/token", times, fault: Faults.drop() }))
          const exits = yield* runSoak(harness, callsAt(expiries.flatMap(epochStarts)), 250, [
            [900_000, Effect.andThen(snapshot, dropRefreshes(2))], // epoch 2: two attempts dropped, the third succeeds
            [1_500_000, Effect.andThen(snapshot, dropRefreshes(5))], // epoch 3: all five attempts of one refresh dropped
            [2_100_000, Effect.andThen(snapshot, Effect.asVoid(emulator.run(Sessions.remove(demoProject.projectId, user.session.id))))] // epoch 4: the session ended elsewhere
          ])
          yield* snapshot
          return { exits, snapshots, refreshesAt: [...harness.stats.refreshesAt], knownInvalid: yield* session.isKnownInvalid }
        }))
      const { exits, knownInvalid, refreshesAt, snapshots } = result
      const epochOf = (i: number) => Math.floor(i / 100)
      const failed = (epoch: number) => exits.filter((exit, i) => epochOf(i) === epoch && Exit.isFailure(exit))
      assert.strictEqual(failed(0).length, 0)
      assert.strictEqual(failed(1).length, 0, "two dropped attempts are absorbed by the refresh's own retries")
      // epoch 3: the refresh gives up after 5 attempts (11.25 s); the 72 callers that shared it get the
      // connection error, the user stays signed in, and the next call (at exp − 7 s) refreshes anew
      const third = failed(2)
      assert.strictEqual(third.length, 1 + 11 + 60)
      for (const exit of third) assert.strictEqual(reasonOf(Exit.isFailure(exit) && (exit.cause.reasons[0] as { error?: { _tag: string } }).error)._tag, "ConnectionError")
      assert.isTrue(exits.slice(200, 300).filter(Exit.isSuccess).every((exit) => exit.value === user.session.userId))
      // epoch 4: the refresh token is rejected once; every call of the epoch ends signed out, typed
      const fourth = failed(3)
      assert.strictEqual(fourth.length, 100)
      for (const exit of fourth) {
        const error = Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: { code?: string } }).error : undefined
        assert.strictEqual(error?.code, "CANNOT_GET_OWN_USER_WITHOUT_USER")
      }
      assert.deepStrictEqual(refreshesAt.map(secondsOf), [581, 1162, 1162.75, 1164.25, 1745, 1745.75, 1747.25, 1750.25, 1756.25, 1757, 2338])
      assert.deepStrictEqual(snapshots.slice(0, 3), [
        { signedIn: true, refreshToken: user.refreshToken },
        { signedIn: true, refreshToken: user.refreshToken },
        { signedIn: true, refreshToken: user.refreshToken }
      ], "signed in, with the same refresh token, after each network failure")
      assert.deepStrictEqual(snapshots[3], { signedIn: false, refreshToken: undefined }, "signed out after the refresh-token error")
      assert.isTrue(knownInvalid)
    }).pipe(Effect.provideService(Random.Random, { nextIntUnsafe: () => 0, nextDoubleUnsafe: () => 0.25 })), { timeout: 60_000 })
})
