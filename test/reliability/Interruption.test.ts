/**
 * Interruption over real sockets (SPEC §4, §8): interrupting a call aborts its `fetch` — the
 * AbortSignal fires and the loopback server sees the connection close before it answered — and
 * interrupting the only caller of a refresh aborts the refresh without leaving the session locked.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as RefreshCoordinator from "../../packages/sdk/src/session/internal/RefreshCoordinator.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import { fromFetch, HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { type Behaviour, eventually, loopbackServer } from "../support/LoopbackServer.ts"
import { signedInUser } from "../session/support.ts"
import { demoConfig, drive, flush, loopbackOnlyFetch } from "./support.ts"
import { reasonOf } from "../support/Transport.ts"

/** A loopback-only fetch that keeps every AbortSignal it was given and counts heads and failures. */
const spyFetch = () => {
  const signals: Array<AbortSignal> = []
  const counts = { heads: 0, failures: 0 }
  const fetch: typeof globalThis.fetch = (input, init) => {
    if (init?.signal) signals.push(init.signal)
    return loopbackOnlyFetch(input, init).then(
      (response) => {
        counts.heads++
        return response
      },
      (error) => {
        counts.failures++
        throw error
      }
    )
  }
  return { signals, counts, transport: fromFetch(fetch) }
}

const pipelineAt = (url: string) => Effect.orDie(StackHttp.make({ config: demoConfig(url), accessType: "server" }))

describe("interruption aborts the request (real loopback server, fetch transport)", () => {
  const stalls: ReadonlyArray<readonly [string, Behaviour]> = [
    ["before the answer's head", { _tag: "Stall" }],
    ["in the middle of the answer's body", { _tag: "StallMidBody", body: JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: `u${i}` })) }) }]
  ]
  for (const [where, behaviour] of stalls) {
    for (const method of ["GET", "POST"] as const) {
      it.effect(`${method} interrupted while the server stalls ${where}: the request is aborted and the server sees the socket close`, () =>
        Effect.gen(function*() {
          const server = yield* loopbackServer(() => behaviour)
          const spy = spyFetch()
          const http = yield* pipelineAt(server.url)
          const fiber = yield* Effect.forkChild(
            http.execute({ method, path: "/users", ...(method === "POST" ? { body: { display_name: "x" } } : {}) }).pipe(
              Effect.provideService(HttpTransport, spy.transport)
            )
          )
          yield* eventually(Effect.sync(() => server.count() === 1 && spy.signals.length === 1))
          if (behaviour._tag === "StallMidBody") yield* eventually(Effect.sync(() => spy.counts.heads === 1)) // the head arrived
          yield* flush(20)
          assert.strictEqual(spy.counts.heads, behaviour._tag === "StallMidBody" ? 1 : 0)
          assert.isFalse(spy.signals[0]!.aborted)
          assert.isFalse(server.seen[0]!.closedByClient)
          yield* Fiber.interrupt(fiber)
          const exit = yield* Fiber.await(fiber)
          assert.isTrue(Exit.isFailure(exit) && Exit.hasInterrupts(exit))
          // before the head the fetch itself is aborted; after it, the body's stream is cancelled
          if (behaviour._tag === "Stall") assert.isTrue(spy.signals[0]!.aborted, "the fetch's AbortSignal fired")
          yield* eventually(Effect.sync(() => server.seen[0]!.closedByClient))
          assert.isFalse(server.seen[0]!.finished)
          assert.strictEqual(server.count(), 1, "nothing was sent again")
        }))
    }
  }

  it.effect("a per-request timeout aborts the stalled fetch too", () =>
    Effect.gen(function*() {
      const server = yield* loopbackServer(() => ({ _tag: "Stall" }))
      const spy = spyFetch()
      const http = yield* pipelineAt(server.url)
      const fiber = yield* Effect.forkChild(
        http.execute({ method: "GET", path: "/users", timeout: "2 seconds" }).pipe(Effect.provideService(HttpTransport, spy.transport))
      )
      yield* eventually(Effect.sync(() => server.count() === 1))
      const exit = yield* drive(fiber, 500)
      assert.isTrue(Exit.isFailure(exit))
      assert.strictEqual(reasonOf(Exit.isFailure(exit) && (exit.cause.reasons[0] as { error?: { _tag: string } }).error)._tag, "TimeoutError")
      assert.isTrue(spy.signals[0]!.aborted)
      yield* eventually(Effect.sync(() => server.seen[0]!.closedByClient))
    }))

  it.effect("a GET interrupted while it waits to retry sends nothing more", () =>
    Effect.gen(function*() {
      const server = yield* loopbackServer(() => ({ _tag: "Reset" }))
      const spy = spyFetch()
      const http = yield* pipelineAt(server.url)
      const fiber = yield* Effect.forkChild(http.execute({ method: "GET", path: "/users" }).pipe(Effect.provideService(HttpTransport, spy.transport)))
      yield* eventually(Effect.sync(() => server.count() === 1 && spy.signals.length === 1))
      yield* eventually(Effect.sync(() => spy.counts.failures === 1)) // the reset arrived: the back-off starts
      yield* flush(20)
      yield* Fiber.interrupt(fiber)
      yield* TestClock.adjust("1 minute")
      yield* flush(50)
      assert.strictEqual(server.count({ path: "/api/v1/users" }), 1)
      assert.strictEqual(spy.signals.length, 1)
    }))
})

describe("interruption during a refresh (real loopback server, emulator behind it)", () => {
  const stalls: ReadonlyArray<readonly [string, Behaviour]> = [
    ["before the answer's head", { _tag: "Stall" }],
    ["in the middle of the token response's body", { _tag: "StallMidBody", body: JSON.stringify({ access_token: "x".repeat(400), token_type: "Bearer" }) }]
  ]
  for (const [where, behaviour] of stalls) {
  it.effect(`interrupting the only caller while the refresh stalls ${where} aborts it; the next caller refreshes and succeeds`, () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const context = yield* Effect.context<never>()
      let tokenRequests = 0
      const server = yield* loopbackServer(
        ({ path }) => (path === "/api/v1/auth/oauth/token" && tokenRequests++ === 0 ? behaviour : { _tag: "Forward" }),
        (request) => Effect.runPromiseWith(context)(Effect.orDie(emulator.handle(request)))
      )
      const user = yield* signedInUser
      yield* TestClock.adjust("601 seconds") // the access token has expired: the next call refreshes
      const spy = spyFetch()
      const session = Session.layer.pipe(Layer.provideMerge(Layer.mergeAll(
        StackHttp.layer({ config: demoConfig(server.url), accessType: "client" }),
        TokenStore.layerExplicit(user)
      )))
      const coordinator = RefreshCoordinator.make()
      yield* Effect.gen(function*() {
        const { execute, isKnownInvalid } = yield* Session.Session
        const stuck = yield* Effect.forkChild(execute({ method: "GET", path: "/users/me" }))
        yield* eventually(Effect.sync(() => server.count({ path: "/api/v1/auth/oauth/token" }) === 1))
        if (behaviour._tag === "StallMidBody") yield* eventually(Effect.sync(() => spy.counts.heads === 1))
        yield* flush(20)
        const refreshSignal = spy.signals.at(-1)!
        assert.isFalse(refreshSignal.aborted)
        yield* Fiber.interrupt(stuck)
        yield* eventually(Effect.sync(() => server.seen.find((s) => s.path === "/api/v1/auth/oauth/token")!.closedByClient))
        if (behaviour._tag === "Stall") assert.isTrue(refreshSignal.aborted, "the refresh's fetch was aborted")
        assert.strictEqual(coordinator.inFlight(), 0, "no refresh left holding the lock")
        assert.isFalse(yield* isKnownInvalid)
        const response = yield* execute({ method: "GET", path: "/users/me" })
        assert.strictEqual((response.body as { id: string }).id, user.session.userId)
        assert.strictEqual(server.count({ path: "/api/v1/auth/oauth/token" }), 2, "the next caller refreshed")
        assert.strictEqual(server.count({ method: "GET", path: "/api/v1/users/me" }), 1)
      }).pipe(
        Effect.provide(session, { local: true }),
        Effect.provideService(HttpTransport, spy.transport),
        Effect.provideService(RefreshCoordinator.RefreshCoordinator, coordinator),
        Effect.orDie
      )
    }).pipe(Effect.provide(Layer.fresh(Emulator.layer))))
  }
})
