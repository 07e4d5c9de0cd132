/**
 * SPEC §8: a network failure on POST or PATCH is raised at once; the write is never sent twice.
 * 1,000 writes each meet a network fault (refused, dropped before the answer, reset after the
 * service processed it, reset in the middle of the answer's body), and the emulator's request log
 * must hold every write at most once. A smaller run does the same over real sockets.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import type { RecordedRequest } from "../../packages/emulator/src/RequestLog.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import { fromFetch, HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { type Behaviour, loopbackServer } from "../support/LoopbackServer.ts"
import { type Break, demoConfig, drive, faultyTransport, loopbackOnlyFetch } from "./support.ts"
import { keyOf, reasonWith } from "../support/Transport.ts"

/** A network fault: the transport's (`Break`) or the emulator's dropped connection. */
type Kind = Break | "Dropped"
const kinds: ReadonlyArray<Kind> = ["Refused", "Dropped", "ResetAfterProcessing", "ResetMidBody"]
const perKind = 125 // × 4 kinds × 2 methods = 1,000 faults
const processedKinds: ReadonlySet<Kind> = new Set(["ResetAfterProcessing", "ResetMidBody"])

type Write = { readonly method: "POST" | "PATCH"; readonly path: string; readonly marker: string }

const markerOf = (request: RecordedRequest): string | undefined =>
  (request.body as { display_name?: unknown } | undefined)?.display_name as string | undefined

/** How often each marker appears among the logged writes, and how many extra copies exist. */
const tally = (log: ReadonlyArray<RecordedRequest>) => {
  const counts = new Map<string, number>()
  for (const request of log) {
    if (request.method !== "POST" && request.method !== "PATCH") continue
    const marker = markerOf(request)
    if (marker !== undefined) counts.set(marker, (counts.get(marker) ?? 0) + 1)
  }
  const duplicates = [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0)
  return { counts, duplicates }
}

/**
 * A write lost before its answer began is a `StackTransportError` for a `ConnectionError` (with
 * diagnostics); one whose answer broke off mid-body reached the service: `ResponseLostError`, "the
 * service may have acted".
 */
const expectConnectionError = (exit: Exit.Exit<unknown, unknown>, write: Write, midBody: boolean) => {
  assert.isTrue(Exit.isFailure(exit), `${write.marker} succeeded`)
  const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
  const failure = (error as { _tag?: string; error?: unknown } | undefined)?.error
  if (midBody) {
    const lost = reasonWith(failure, "ResponseLostError")
    assert.strictEqual(lost.method, write.method, `${write.marker}: ${String(failure)}`)
    assert.include(lost.message, "may have acted")
    return
  }
  const unreachable = reasonWith(failure, "ConnectionError")
  assert.strictEqual(unreachable.attempts, 1, `${write.marker}: ${String(failure)}`)
  assert.strictEqual(unreachable.method, write.method)
  assert.lengthOf(unreachable.diagnostics, 3)
}

describe("no write is sent twice (SPEC §8)", () => {
  it.effect("1,000 network faults on POST and PATCH: every write reaches the service at most once", () =>
    Effect.gen(function*() {
      const emulator = yield* Effect.orDie(Emulator.make())
      const faulty = faultyTransport(emulator)
      const http = yield* Effect.orDie(StackHttp.make({ config: demoConfig(emulator.baseUrl), accessType: "server" }))
      const targets = yield* emulator.run(Effect.forEach(Array.from({ length: kinds.length * perKind }), (_, i) =>
        Users.create({ projectId: demoProject.projectId, displayName: `target-${i}` }))).pipe(Effect.orDie)
      yield* emulator.requests.clear

      let faultsInjected = 0
      for (const method of ["POST", "PATCH"] as const) {
        for (const [k, kind] of kinds.entries()) {
          const writes: Array<Write> = Array.from({ length: perKind }, (_, j) => {
            const i = k * perKind + j
            return { method, path: method === "POST" ? "/users" : `/users/${targets[i]!.id}`, marker: `${method}-${kind}-${j}` }
          })
          const isWrite = (request: { readonly method: string; readonly path: string }) =>
            request.method === method && request.path.startsWith("/api/v1/users")
          if (kind === "Dropped") {
            faulty.setPlan(() => undefined)
            yield* emulator.faults.inject({ method, path: method === "POST" ? "/users" : "/users/:userId", times: perKind, fault: Faults.drop() })
          } else {
            faulty.setPlan((request) => (isWrite(request) ? kind : undefined))
          }
          const sentBefore = faulty.sent.filter(isWrite).length
          const fiber = yield* Effect.forkChild(Effect.forEach(writes, (write) =>
            Effect.exit(Call.run(http.execute, {
              method: write.method,
              path: write.path,
              body: { display_name: write.marker },
              response: Schema.Unknown,
              errors: KnownErrors.all
            })), { concurrency: 25 }).pipe(Effect.provideService(HttpTransport, faulty.transport)))
          const exits = yield* Effect.flatten(drive(fiber, 1000))
          exits.forEach((exit, i) => expectConnectionError(exit, writes[i]!, kind === "ResetMidBody"))
          faultsInjected += writes.length
          assert.strictEqual(faulty.sent.filter(isWrite).length - sentBefore, perKind, "one send per write")
        }
      }
      const log = yield* emulator.requests.all
      const { counts, duplicates } = tally(log)
      assert.strictEqual(faultsInjected, 1000)
      assert.strictEqual(duplicates, 0, "writes the service received twice")
      for (const [marker, n] of counts) assert.strictEqual(n, 1, marker)
      // refused writes never arrived; all others arrived exactly once
      assert.strictEqual(counts.size, 2 * 3 * perKind)
      assert.isFalse([...counts.keys()].some((marker) => marker.includes("-Refused-")))
      assert.strictEqual(faulty.sent.filter((s) => s.method === "POST" || s.method === "PATCH").length, 1000, "sends of writes")
      // the service applied each processed write once: one user per processed POST, one rename per processed PATCH
      const state = yield* emulator.state.get
      const names = Table.values(state.users).map((u) => u.displayName ?? "")
      assert.strictEqual(names.filter((name) => name.startsWith("POST-")).length, processedKinds.size * perKind)
      assert.strictEqual(names.filter((name) => name.startsWith("PATCH-")).length, processedKinds.size * perKind)
    }), { timeout: 60_000 })

  it.effect("over real sockets: resets before the answer, after processing and mid-body never resend a write", () =>
    Effect.gen(function*() {
      const emulator = yield* Effect.orDie(Emulator.make())
      const targets = yield* emulator.run(Effect.forEach(Array.from({ length: 60 }), (_, i) =>
        Users.create({ projectId: demoProject.projectId, displayName: `target-${i}` }))).pipe(Effect.orDie)
      const behaviours: ReadonlyArray<Behaviour> = [
        { _tag: "Reset" },
        { _tag: "Reset", forwardFirst: true },
        { _tag: "ResetMidBody", forwardFirst: true }
      ]
      let writeIndex = 0
      const server = yield* loopbackServer(
        ({ method }) => (method === "POST" || method === "PATCH" ? behaviours[writeIndex++ % behaviours.length]! : { _tag: "Forward" }),
        (request) => Effect.runPromise(Effect.orDie(emulator.handle(request)))
      )
      // the driver moves the TestClock 1 s per step while real sockets answer: on a loaded machine a
      // write can outlast 30 steps, so the attempt timeout (not under test here) is set out of reach
      const limits = Limits.make({ timeout: "1 hour", deadline: "2 hours" })
      const http = yield* Effect.orDie(StackHttp.make({ config: { ...demoConfig(server.url), limits }, accessType: "server" }))
      const writes: Array<Write> = targets.flatMap((target, i) => [
        { method: "POST" as const, path: "/users", marker: `real-POST-${i}` },
        { method: "PATCH" as const, path: `/users/${target.id}`, marker: `real-PATCH-${i}` }
      ])
      const fiber = yield* Effect.forkChild(Effect.forEach(writes, (write) =>
        Effect.exit(Call.run(http.execute, {
          method: write.method,
          path: write.path,
          body: { display_name: write.marker },
          response: Schema.Unknown,
          errors: KnownErrors.all
        })), { concurrency: 10 }).pipe(Effect.provideService(HttpTransport, fromFetch(loopbackOnlyFetch))))
      const exits = yield* Effect.flatten(drive(fiber, 1000))
      // which write met which behaviour depends on arrival order: a third broke off mid-body
      const midBody = exits.map((exit) => Exit.isFailure(exit) && keyOf((exit.cause.reasons[0] as { error?: unknown }).error) === "ResponseLostError")
      exits.forEach((exit, i) => expectConnectionError(exit, writes[i]!, midBody[i]!))
      assert.strictEqual(midBody.filter(Boolean).length, writes.length / 3, "answers broken off mid-body")
      const sentWrites = server.seen.filter((s) => s.method === "POST" || s.method === "PATCH")
      assert.lengthOf(sentWrites, writes.length, "writes the server received")
      const bodies = new Set(sentWrites.map((s) => s.body))
      assert.strictEqual(bodies.size, writes.length, "each write body exactly once at the socket")
      const { counts, duplicates } = tally(yield* emulator.requests.all)
      assert.strictEqual(duplicates, 0)
      assert.strictEqual(counts.size, sentWrites.filter((s) => s.forwarded).length, "writes the service processed")
      assert.strictEqual(counts.size, (writes.length * 2) / 3)
    }), { timeout: 30_000 })
})
