/**
 * The SDK's query cache (an entry is dropped 5 s after its last subscriber leaves; one refresh
 * at a time, at most one per 300 ms): keyed entries of the client's
 * reads, shared by every reader of the same key, React-free and driven by Effect's `Clock`.
 *
 * - Concurrent readers share one load (20 components reading the current user send 1 request).
 * - Loads of an entry run one at a time, each starting at least 300 ms after the previous one
 *   started; refreshes asked for meanwhile share the next load.
 * - An entry is dropped 5 s after its last subscriber leaves (or after a one-off read).
 * - Writes `set`/`update` an entry (every subscriber sees the value, no request) or
 *   `invalidate` entries by key prefix (subscribed ones reload once, throttled).
 * - `layer` follows the `Session`: a sign-in, a sign-out or another user's tokens (another tab
 *   through the cookie store) clear every session-bound entry, so no user sees another's data.
 *
 * Adapters (React) read snapshots and listen synchronously (`snapshotUnsafe`, `listenUnsafe`).
 *
 * @since 0.1.0
 * @module
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import { Session, type SessionState } from "../session/Session.ts"
import { initialSnapshot, isPrefix, type Key, keyId, makeSettled, type Query, resolvedPromise, type Snapshot } from "./internal/Query.ts"

export {
  initialSnapshot,
  isPrefix,
  type Key,
  keyId,
  type KeyPart,
  query,
  type Query,
  resolvedPromise,
  type Snapshot
} from "./internal/Query.ts"

/** An entry is dropped this long after its last subscriber leaves. */
export const dropAfterMillis = 5_000
/** A load of an entry starts at least this long after the previous one started. */
export const throttleMillis = 300
/** Loads of one entry running at a time. */
export const refreshConcurrency = 1

/** Options of `get`. */
export interface GetOptions {
  /** Serve a cached value only if it was loaded at most this long ago; any fresh value by default. */
  readonly maxAge?: Duration.Input | undefined
}

/** The query cache. */
export interface Service {
  /** The cached value when fresh, else the load running now (shared) or a new one. */
  readonly get: <A, E, R>(query: Query<A, E, R>, options?: GetOptions) => Effect.Effect<A, E, R>
  /** A load started after this call (throttled; shared with other refreshes asked meanwhile). */
  readonly refresh: <A, E, R>(query: Query<A, E, R>) => Effect.Effect<A, E, R>
  /** Adds a subscriber (loading if needed) and returns its release; 5 s after the last release the entry goes. */
  readonly retain: <A, E, R>(query: Query<A, E, R>) => Effect.Effect<Effect.Effect<void>, never, R>
  /** Sets the value: every subscriber sees it, no request is sent, a load running is overruled. */
  readonly set: <A, E, R>(query: Query<A, E, R>, value: A) => Effect.Effect<void>
  /** Updates a cached value in place; nothing happens when none is cached. */
  readonly update: <A, E, R>(query: Query<A, E, R>, f: (value: A) => A) => Effect.Effect<void>
  /** Marks entries under `prefix` stale; the subscribed ones reload (one load each, throttled). */
  readonly invalidate: (prefix: Key) => Effect.Effect<void>
  /** Clears every session-bound entry; subscribed ones reload. */
  readonly resetSession: Effect.Effect<void>
  /** The current snapshot of a key (synchronous: for adapters). */
  readonly snapshotUnsafe: <A, E>(key: Key) => Snapshot<A, E>
  /** Calls `listener` on every change of a key's snapshot; returns the unlisten (for adapters). */
  readonly listenUnsafe: (key: Key, listener: () => void) => () => void
  /**
   * A promise for the entry's outcome (for Suspense), loading if needed: pending until the next
   * outcome when there is none, else resolved. The same promise object is answered before and
   * after it resolves; resolved promises carry `status: "fulfilled"` (the thenable convention).
   */
  readonly settledPromise: <A, E, R>(query: Query<A, E, R>) => Effect.Effect<Promise<void>, never, R>
}

/** The query cache service key. */
export class QueryCache extends /*#__PURE__*/ Context.Service<QueryCache, Service>()("stack-auth-effect/cache/QueryCache") {}

interface Load {
  readonly deferred: Deferred.Deferred<unknown, unknown>
  /** The entry's version when the load started (or was asked for). */
  version: number
}

interface Entry {
  readonly key: Key
  sessionBound: boolean
  loader: Effect.Effect<unknown, unknown> | undefined
  snapshot: Snapshot<unknown, unknown>
  subscribers: number
  running: Load | undefined
  queued: Load | undefined
  runner: boolean
  lastStartMillis: number | undefined
  dropTimer: Fiber.Fiber<void> | undefined
  /** Bumped by every set, reset and invalidation. */
  version: number
  /** Version of the last set or reset: loads started before it are overruled. */
  writtenAt: number
  /** Version of the last invalidation: loads started before it are stale. */
  invalidatedAt: number
  settled: { readonly promise: Promise<void>; readonly resolve: () => void } | undefined
  /** The promise of the last outcome, resolved. */
  lastSettled: Promise<void> | undefined
}

/** Builds a cache whose background work (loads, drop timers) lives in the current scope. */
export const make: Effect.Effect<Service, never, Scope.Scope> = /*#__PURE__*/ Effect.gen(function*() {
  const scope = yield* Scope.Scope
  const entries = new Map<string, Entry>()
  const listeners = new Map<string, Set<() => void>>()

  const notify = (id: string) => {
    for (const listener of [...(listeners.get(id) ?? [])]) listener()
  }
  const show = (id: string, entry: Entry, patch: Partial<Snapshot<unknown, unknown>>) => {
    entry.snapshot = { ...entry.snapshot, ...patch }
    notify(id)
  }
  const loading = (entry: Entry) => entry.running !== undefined || entry.queued !== undefined

  const entryOf = (key: Key, sessionBound = true): Entry => {
    const id = keyId(key)
    let entry = entries.get(id)
    if (entry === undefined) {
      entry = {
        key, sessionBound, loader: undefined, snapshot: initialSnapshot, subscribers: 0, running: undefined,
        queued: undefined, runner: false, lastStartMillis: undefined, dropTimer: undefined, version: 0,
        writtenAt: 0, invalidatedAt: 0, settled: undefined, lastSettled: undefined
      }
      entries.set(id, entry)
    }
    return entry
  }
  const withLoader = <A, E, R>(q: Query<A, E, R>) =>
    Effect.map(Effect.context<R>(), (context) => {
      const entry = entryOf(q.key, q.sessionBound)
      entry.sessionBound = q.sessionBound
      entry.loader = Effect.provideContext(q.load, context) as Effect.Effect<unknown, unknown>
      return entry
    })

  const cancelDrop = (entry: Entry) => {
    entry.dropTimer?.interruptUnsafe()
    entry.dropTimer = undefined
  }
  const scheduleDrop = (entry: Entry): Effect.Effect<void> =>
    Effect.suspend(() => {
      cancelDrop(entry)
      if (entry.subscribers > 0) return Effect.void
      const id = keyId(entry.key)
      return Effect.sleep(dropAfterMillis).pipe(
        Effect.andThen(Effect.sync(() => {
          entry.dropTimer = undefined
          if (entry.subscribers === 0 && !loading(entry) && entries.get(id) === entry) entries.delete(id)
        })),
        Effect.forkIn(scope),
        Effect.map((fiber) => {
          entry.dropTimer = fiber
        })
      )
    })

  const resolveSettled = (entry: Entry) => {
    const settled = entry.settled
    if (settled === undefined) return
    entry.settled = undefined
    entry.lastSettled = settled.promise
    settled.resolve()
  }

  const settle = (entry: Entry, load: Load, exit: Exit.Exit<unknown, unknown>) =>
    Effect.gen(function*() {
      const id = keyId(entry.key)
      if (entry.writtenAt <= load.version) {
        entry.snapshot = {
          exit,
          isLoading: loading(entry),
          isStale: entry.invalidatedAt > load.version,
          updatedAtMillis: yield* Clock.currentTimeMillis
        }
        resolveSettled(entry)
        notify(id)
      } else if (entry.snapshot.isLoading !== loading(entry)) {
        show(id, entry, { isLoading: loading(entry) })
      }
      yield* Deferred.done(load.deferred, exit)
      if (entry.subscribers === 0 && !loading(entry)) yield* scheduleDrop(entry)
    })

  /** Runs the queued loads of an entry, one at a time, each >= 300 ms after the previous start. */
  const runner = (entry: Entry): Effect.Effect<void> =>
    Effect.gen(function*() {
      while (entry.queued !== undefined) {
        const now = yield* Clock.currentTimeMillis
        const wait = entry.lastStartMillis === undefined ? 0 : entry.lastStartMillis + throttleMillis - now
        if (wait > 0) yield* Effect.sleep(wait)
        const load = entry.queued
        entry.queued = undefined
        entry.running = load
        load.version = entry.version
        entry.lastStartMillis = yield* Clock.currentTimeMillis
        const loader = entry.loader ?? Effect.die(new Error(`No loader for ${keyId(entry.key)}`))
        const exit = yield* Effect.exit(loader)
        entry.running = undefined
        yield* settle(entry, load, exit)
      }
    }).pipe(
      Effect.onInterrupt(() =>
        Effect.sync(() => {
          for (const load of [entry.running, entry.queued]) if (load) Deferred.doneUnsafe(load.deferred, Effect.interrupt)
          entry.running = undefined
          entry.queued = undefined
        })
      ),
      Effect.ensuring(Effect.sync(() => {
        entry.runner = false
      }))
    )

  /** Asks for a load that starts after now; shares one already waiting for its turn. */
  const requestLoad = (entry: Entry): Effect.Effect<Load> =>
    Effect.suspend(() => {
      if (entry.queued !== undefined) return Effect.succeed(entry.queued)
      const load: Load = { deferred: Deferred.makeUnsafe(), version: entry.version }
      entry.queued = load
      cancelDrop(entry)
      if (!entry.snapshot.isLoading) show(keyId(entry.key), entry, { isLoading: true })
      if (entry.runner) return Effect.succeed(load)
      entry.runner = true
      return Effect.as(Effect.forkIn(runner(entry), scope), load)
    })

  /** Shares the running load when nothing made it obsolete, else the next one. */
  const joinLoad = (entry: Entry): Effect.Effect<Load> =>
    Effect.suspend(() => {
      const running = entry.running
      if (running !== undefined && entry.writtenAt <= running.version && entry.invalidatedAt <= running.version) {
        return Effect.succeed(running)
      }
      return requestLoad(entry)
    })

  const await_ = <A, E>(load: Load) => Deferred.await(load.deferred) as Effect.Effect<A, E>

  const isFresh = (entry: Entry, now: number, maxAgeMillis: number) => {
    const s = entry.snapshot
    return s.exit !== undefined && Exit.isSuccess(s.exit) && !s.isStale && s.updatedAtMillis !== undefined &&
      now - s.updatedAtMillis <= maxAgeMillis
  }

  const get = <A, E, R>(q: Query<A, E, R>, options: GetOptions = {}): Effect.Effect<A, E, R> =>
    Effect.gen(function*() {
      const entry = yield* withLoader(q)
      const maxAge = options.maxAge === undefined ? Infinity : Duration.toMillis(Duration.fromInputUnsafe(options.maxAge))
      if (isFresh(entry, yield* Clock.currentTimeMillis, maxAge)) {
        if (entry.subscribers === 0 && !loading(entry)) yield* scheduleDrop(entry) // a one-off read is a use
        return (entry.snapshot.exit as Exit.Success<A, E>).value
      }
      return yield* await_<A, E>(yield* joinLoad(entry))
    })

  const refresh = <A, E, R>(q: Query<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(withLoader(q), (entry) => Effect.flatMap(requestLoad(entry), (load) => await_<A, E>(load)))

  const release = (entry: Entry) =>
    Effect.suspend(() => {
      entry.subscribers = Math.max(0, entry.subscribers - 1)
      return entry.subscribers === 0 && !loading(entry) ? scheduleDrop(entry) : Effect.void
    })

  const retain = <A, E, R>(q: Query<A, E, R>): Effect.Effect<Effect.Effect<void>, never, R> =>
    Effect.gen(function*() {
      const entry = yield* withLoader(q)
      entry.subscribers++
      cancelDrop(entry)
      const exit = entry.snapshot.exit
      if ((exit === undefined || Exit.isFailure(exit) || entry.snapshot.isStale) && !loading(entry)) yield* requestLoad(entry)
      let released = false
      return Effect.suspend(() => {
        if (released) return Effect.void
        released = true
        return release(entry)
      })
    })

  const snapshotUnsafe = <A, E>(key: Key): Snapshot<A, E> =>
    (entries.get(keyId(key))?.snapshot ?? initialSnapshot) as Snapshot<A, E>

  const listenUnsafe = (key: Key, listener: () => void) => {
    const id = keyId(key)
    let set = listeners.get(id)
    if (set === undefined) listeners.set(id, set = new Set())
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && listeners.get(id) === set) listeners.delete(id)
    }
  }

  const set = <A, E, R>(q: Query<A, E, R>, value: A) =>
    Effect.gen(function*() {
      const entry = entryOf(q.key, q.sessionBound)
      entry.version++
      entry.writtenAt = entry.version
      entry.snapshot = {
        exit: Exit.succeed(value),
        isLoading: loading(entry),
        isStale: false,
        updatedAtMillis: yield* Clock.currentTimeMillis
      }
      resolveSettled(entry)
      notify(keyId(q.key))
      if (entry.subscribers === 0 && !loading(entry)) yield* scheduleDrop(entry)
    })

  const update = <A, E, R>(q: Query<A, E, R>, f: (value: A) => A) =>
    Effect.suspend(() => {
      const exit = entries.get(keyId(q.key))?.snapshot.exit as Exit.Exit<A, E> | undefined
      return exit !== undefined && Exit.isSuccess(exit) ? set(q, f(exit.value)) : Effect.void
    })

  const invalidateWhere = (predicate: (entry: Entry) => boolean, clear: boolean) =>
    Effect.suspend(() => Effect.forEach([...entries.entries()], ([id, entry]) => {
      if (!predicate(entry)) return Effect.void
      entry.version++
      entry.invalidatedAt = entry.version
      if (clear) {
        entry.lastSettled = undefined
        entry.writtenAt = entry.version
        entry.snapshot = { ...initialSnapshot, isLoading: loading(entry) }
        notify(id)
      } else if (entry.snapshot.exit !== undefined && !entry.snapshot.isStale) {
        show(id, entry, { isStale: true })
      }
      const awaited = entry.subscribers > 0 || entry.settled !== undefined // a suspended reader waits too
      return awaited ? Effect.asVoid(requestLoad(entry)) : Effect.void
    }, { discard: true }))

  const settledPromise = <A, E, R>(q: Query<A, E, R>): Effect.Effect<Promise<void>, never, R> =>
    Effect.gen(function*() {
      const entry = yield* withLoader(q)
      const exit = entry.snapshot.exit
      if (exit !== undefined && !(Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause))) {
        return entry.lastSettled ?? resolvedPromise
      }
      entry.settled ??= makeSettled()
      const promise = entry.settled.promise
      if (!loading(entry)) yield* requestLoad(entry)
      return promise
    })

  return QueryCache.of({
    get,
    refresh,
    retain,
    set,
    update,
    invalidate: (prefix) => invalidateWhere((entry) => isPrefix(prefix, entry.key), false),
    resetSession: invalidateWhere((entry) => entry.sessionBound, true),
    snapshotUnsafe,
    listenUnsafe,
    settledPromise
  })
})

/** Clears the session-bound entries on every change of who is signed in. */
export const followSession: Effect.Effect<void, never, QueryCache | Session | Scope.Scope> = /*#__PURE__*/ Effect.gen(function*() {
  const cache = yield* QueryCache
  const session = yield* Session
  const identity = (state: SessionState) => (state._tag === "SignedOut" ? null : state.userId)
  const context = yield* Effect.context<never>()
  let current = identity(session.stateUnsafe())
  const unlisten = session.listenEventsUnsafe((event) => {
    const next = identity(session.stateUnsafe())
    const changed = event._tag !== "Refreshed" || (next !== undefined && next !== current)
    if (event._tag !== "Refreshed" || next !== undefined) current = next
    // clearing runs no request and never waits: done before the session's change completes
    if (changed) Effect.runSyncWith(context)(cache.resetSession)
  })
  yield* Effect.addFinalizer(() => Effect.sync(unlisten))
})

/** A cache on its own, without a session to follow; a new one wherever it is provided. */
export const layerStandalone: Layer.Layer<QueryCache> = /*#__PURE__*/ Layer.fresh(/*#__PURE__*/ Layer.effect(QueryCache, make))

/**
 * The app's cache: cleared for the new user whenever the session changes. A new one wherever it
 * is provided (never shared by two apps through layer memoisation).
 */
export const layer: Layer.Layer<QueryCache, never, Session> = /*#__PURE__*/ Layer.fresh(/*#__PURE__*/ Layer.effect(
  QueryCache,
  /*#__PURE__*/ Effect.gen(function*() {
    const cache = yield* make
    yield* Effect.provideService(followSession, QueryCache, cache)
    return cache
  })
))

/**
 * Reads through the app's cache when it has one (`maxAge` is the freshness window: one request per
 * window however often it is called), else loads directly. For API functions such as `Users.getUser`.
 */
export const getOrLoad = <A, E, R>(q: Query<A, E, R>, options: GetOptions = {}): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.serviceOption(QueryCache), (cache) =>
    Option.isSome(cache) ? cache.value.get(q, options) : q.load)

/**
 * A cache that keeps nothing: every read loads, every write is ignored. For work that must never
 * share cached data (a server acting for one incoming request).
 */
export const passThrough: Service = {
  get: (q) => q.load,
  refresh: (q) => q.load,
  retain: () => Effect.succeed(Effect.void),
  set: () => Effect.void,
  update: () => Effect.void,
  invalidate: () => Effect.void,
  resetSession: Effect.void,
  snapshotUnsafe: () => initialSnapshot as Snapshot<never, never>,
  listenUnsafe: () => () => {},
  settledPromise: () => Effect.succeed(resolvedPromise)
}
