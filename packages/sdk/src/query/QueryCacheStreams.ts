/**
 * A query cache entry's snapshots as a `Stream`, kept apart from `QueryCache.ts` so an
 * app that only reads through the cache does not bundle `Stream`.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import type { Query, Service, Snapshot } from "./QueryCache.ts"

/** The entry's snapshots while the stream runs (a subscriber meanwhile), the current one first. */
export const changes = <A, E, R>(cache: Service, q: Query<A, E, R>): Stream.Stream<Snapshot<A, E>, never, R> =>
  Stream.callback<Snapshot<A, E>, never, R>((queue) =>
    Effect.gen(function*() {
      const offer = () => void Queue.offerUnsafe(queue, cache.snapshotUnsafe<A, E>(q.key))
      yield* Effect.acquireRelease(Effect.sync(() => cache.listenUnsafe(q.key, offer)), (unlisten) => Effect.sync(unlisten))
      offer()
      yield* Effect.acquireRelease(cache.retain(q), (release) => release)
    }), { strategy: "sliding", bufferSize: 16 })
