import { assert, describe, it, layer } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Projects from "../../packages/sdk/src/api/Projects.ts"
import * as QueryCache from "../../packages/sdk/src/query/QueryCache.ts"
import * as QueryCacheStreams from "../../packages/sdk/src/query/QueryCacheStreams.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

class Boom extends Schema.TaggedError<Boom>()("Boom", { n: Schema.Number }) {}

/** A load that counts its runs, records when each started, and takes `millis` to answer. */
const counted = (millis = 0) => {
  const starts: Array<number> = []
  let running = 0
  let maxRunning = 0
  const load = Effect.gen(function*() {
    starts.push(yield* Clock.currentTimeMillis)
    running++
    maxRunning = Math.max(maxRunning, running)
    if (millis > 0) yield* Effect.sleep(millis)
    running--
    return starts.length
  })
  return { load, starts, maxRunning: () => maxRunning }
}

const cache = QueryCache.QueryCache
const withCache = Effect.provide(QueryCache.layerStandalone)

describe("QueryCache", () => {
  it.effect("concurrent readers share one load", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const probe = counted(100)
      const q = QueryCache.query(["n"], probe.load)
      const fibers = yield* Effect.forEach(Array.from({ length: 20 }), () => Effect.forkChild(c.get(q)))
      yield* TestClock.adjust(100)
      const values = yield* Effect.forEach(fibers, Fiber.join)
      assert.deepStrictEqual(new Set(values), new Set([1]))
      assert.strictEqual(probe.starts.length, 1)
    }).pipe(withCache))

  it.effect("serves a fresh value from the cache without loading again", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const probe = counted()
      const q = QueryCache.query(["n"], probe.load)
      assert.strictEqual(yield* c.get(q), 1)
      assert.strictEqual(yield* c.get(q), 1)
      assert.strictEqual(probe.starts.length, 1)
    }).pipe(withCache))

  it.effect("refreshes start at least 300 ms apart and refreshes asked meanwhile share one load", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const probe = counted()
      const q = QueryCache.query(["n"], probe.load)
      assert.strictEqual(yield* c.get(q), 1)
      const a = yield* Effect.forkChild(c.refresh(q))
      const b = yield* Effect.forkChild(c.refresh(q))
      yield* TestClock.adjust(299)
      assert.strictEqual(probe.starts.length, 1)
      yield* TestClock.adjust(1)
      assert.deepStrictEqual([yield* Fiber.join(a), yield* Fiber.join(b)], [2, 2])
      assert.deepStrictEqual(probe.starts, [0, QueryCache.throttleMillis])
    }).pipe(withCache))

  it.effect("runs one load at a time: a refresh asked during a load starts after it", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const probe = counted(1_000)
      const q = QueryCache.query(["n"], probe.load)
      const first = yield* Effect.forkChild(c.get(q))
      yield* TestClock.adjust(10)
      const second = yield* Effect.forkChild(c.refresh(q))
      yield* TestClock.adjust(2_000)
      assert.deepStrictEqual([yield* Fiber.join(first), yield* Fiber.join(second)], [1, 2])
      assert.deepStrictEqual(probe.starts, [0, 1_000])
      assert.strictEqual(probe.maxRunning(), 1)
    }).pipe(withCache))

  it.effect("drops an entry 5 s after its last subscriber leaves, not before", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const probe = counted()
      const q = QueryCache.query(["n"], probe.load)
      const release = yield* c.retain(q)
      yield* TestClock.adjust(1)
      assert.strictEqual(c.snapshotUnsafe<number, never>(q.key).exit?.pipe(Exit.isSuccess), true)
      yield* release
      yield* TestClock.adjust(QueryCache.dropAfterMillis - 1)
      assert.isDefined(c.snapshotUnsafe(q.key).exit)
      yield* TestClock.adjust(1)
      assert.strictEqual(c.snapshotUnsafe(q.key), QueryCache.initialSnapshot)
      assert.strictEqual(yield* c.get(q), 2)
    }).pipe(withCache))

  it.effect("a new subscriber within 5 s keeps the entry", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const probe = counted()
      const q = QueryCache.query(["n"], probe.load)
      yield* Effect.flatten(c.retain(q))
      yield* TestClock.adjust(4_000)
      const release = yield* c.retain(q)
      yield* TestClock.adjust(10_000)
      assert.strictEqual(yield* c.get(q), 1)
      assert.strictEqual(probe.starts.length, 1)
      yield* release
    }).pipe(withCache))

  it.effect("set shows the value to subscribers without a request and overrules a load in flight", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const probe = counted(1_000)
      const q = QueryCache.query(["n"], probe.load)
      const seen: Array<unknown> = []
      const unlisten = c.listenUnsafe(q.key, () => seen.push(c.snapshotUnsafe<number, never>(q.key).exit))
      yield* c.retain(q)
      yield* TestClock.adjust(10)
      yield* c.set(q, 42)
      yield* TestClock.adjust(1_000)
      assert.deepStrictEqual(c.snapshotUnsafe<number, never>(q.key).exit, Exit.succeed(42))
      assert.strictEqual(yield* c.get(q), 42)
      assert.strictEqual(probe.starts.length, 1)
      const shown = seen.filter((e) => e !== undefined)
      assert.isAbove(shown.length, 0)
      for (const exit of shown) assert.deepStrictEqual(exit, Exit.succeed(42)) // the load's 1 never showed
      unlisten()
    }).pipe(withCache))

  it.effect("update changes a cached value in place and leaves an empty entry alone", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const q = QueryCache.query(["n"], Effect.succeed(1))
      yield* c.update(q, (n) => n + 1)
      assert.isUndefined(c.snapshotUnsafe(q.key).exit)
      yield* c.get(q)
      yield* c.update(q, (n) => n + 10)
      assert.strictEqual(yield* c.get(q), 11)
    }).pipe(withCache))

  it.effect("invalidate reloads subscribed entries once and marks the others stale", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const teams = counted()
      const team = counted()
      const other = counted()
      const qTeams = QueryCache.query(["teams"], teams.load)
      const qTeam = QueryCache.query(["teams", "t1"], team.load)
      const qOther = QueryCache.query(["user"], other.load)
      yield* c.retain(qTeams)
      yield* c.get(qTeam)
      yield* c.retain(qOther)
      yield* TestClock.adjust(1_000)
      yield* c.invalidate(["teams"])
      yield* c.invalidate(["teams"])
      yield* TestClock.adjust(1_000)
      assert.strictEqual(teams.starts.length, 2)
      assert.strictEqual(team.starts.length, 1)
      assert.isTrue(c.snapshotUnsafe(qTeam.key).isStale)
      assert.strictEqual(yield* c.get(qTeam), 2)
      assert.strictEqual(other.starts.length, 1)
    }).pipe(withCache))

  it.effect("a failed load keeps its typed error, and the next read tries again", () =>
    Effect.gen(function*() {
      const c = yield* cache
      let n = 0
      const q = QueryCache.query(["n"], Effect.suspend(() => ++n === 1 ? Effect.fail(new Boom({ n })) : Effect.succeed(n)))
      const error = yield* Effect.flip(c.get(q))
      assert.strictEqual(error._tag, "Boom")
      assert.deepStrictEqual(c.snapshotUnsafe(q.key).exit, Exit.fail(new Boom({ n: 1 })))
      yield* TestClock.adjust(QueryCache.throttleMillis)
      assert.strictEqual(yield* c.get(q), 2)
    }).pipe(withCache))

  it.effect("changes streams the current snapshot, then each change", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const q = QueryCache.query(["n"], Effect.as(Effect.sleep(10), "v"))
      const fiber = yield* QueryCacheStreams.changes(c, q).pipe(
        Stream.filter((s) => s.exit !== undefined),
        Stream.take(2),
        Stream.runCollect,
        Effect.forkChild
      )
      yield* TestClock.adjust(10)
      yield* c.set(q, "w")
      const seen = yield* Fiber.join(fiber)
      assert.deepStrictEqual(seen.map((s) => s.exit), [Exit.succeed("v"), Exit.succeed("w")])
    }).pipe(withCache))

  it.effect("getOrLoad serves one load per freshness window through the app's cache", () =>
    Effect.gen(function*() {
      const probe = counted()
      const q = QueryCache.query(["n"], probe.load)
      assert.strictEqual(yield* QueryCache.getOrLoad(q), 1) // no cache in context: loads each time
      assert.strictEqual(yield* QueryCache.getOrLoad(q), 2)
      yield* Effect.gen(function*() {
        assert.strictEqual(yield* QueryCache.getOrLoad(q, { maxAge: "1 second" }), 3)
        yield* TestClock.adjust(999)
        assert.strictEqual(yield* QueryCache.getOrLoad(q, { maxAge: "1 second" }), 3)
        yield* TestClock.adjust(2)
        assert.strictEqual(yield* QueryCache.getOrLoad(q, { maxAge: "1 second" }), 4)
      }).pipe(withCache)
    }))

  it("the SPEC §9 constants", () => {
    assert.deepStrictEqual(
      [QueryCache.dropAfterMillis, QueryCache.refreshConcurrency, QueryCache.throttleMillis],
      [5_000, 1, 300]
    )
  })
})

layer(Emulator.layer)("QueryCache over the emulator", (it) => {
  const app = Layer.provideMerge(QueryCache.layer, TestApps.client())

  it.effect("two apps built with one memo map never share a cache", () =>
    Effect.gen(function*() {
      // one memo map, as when both apps are parts of one Layer graph (a ManagedRuntime)
      const memoMap = yield* Layer.makeMemoMap
      const scope = yield* Effect.scope
      const first = yield* Layer.buildWithMemoMap(Layer.provideMerge(QueryCache.layer, TestApps.client()), memoMap, scope)
      const second = yield* Layer.buildWithMemoMap(Layer.provideMerge(QueryCache.layer, TestApps.client()), memoMap, scope)
      assert.notStrictEqual(Context.get(first, QueryCache.QueryCache), Context.get(second, QueryCache.QueryCache))
    }))

  it.effect("20 concurrent reads of the project send one request", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.requests.clear
      const c = yield* cache
      const q = QueryCache.query(["project"], Projects.getCurrent(), { sessionBound: false })
      const projects = yield* Effect.all(Array.from({ length: 20 }, () => c.get(q)), { concurrency: "unbounded" })
      assert.strictEqual(new Set(projects.map((p) => p.id)).size, 1)
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: "/projects/current" }), 1)
    }).pipe(Effect.provide(app)))

  it.effect("a sign-in clears session-bound entries (subscribed ones reload) and keeps the project", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const mine = counted()
      const cachedElsewhere = counted()
      const qMine = QueryCache.query(["me"], mine.load)
      const qElse = QueryCache.query(["other"], cachedElsewhere.load)
      const qProject = QueryCache.query(["project"], Projects.getCurrent(), { sessionBound: false })
      yield* c.retain(qMine)
      yield* c.get(qElse)
      yield* c.get(qProject)
      yield* TestClock.adjust(1_000)
      yield* Auth.signUpAnonymously()
      yield* TestClock.adjust(1_000)
      assert.strictEqual(mine.starts.length, 2)
      assert.strictEqual(c.snapshotUnsafe(qElse.key).exit, undefined)
      assert.isDefined(c.snapshotUnsafe(qProject.key).exit)
      yield* Auth.signOut()
      yield* TestClock.adjust(1_000)
      assert.strictEqual(mine.starts.length, 3)
    }).pipe(Effect.provide(app)))
})
