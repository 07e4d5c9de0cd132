/**
 * What the query cache stores: keys, queries, and the snapshots adapters read.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"

/** One part of a cache key. */
export type KeyPart = string | number | boolean | null
/** A cache key: `["teams", teamId]`; `invalidate(["teams"])` reaches every key it prefixes. */
export type Key = ReadonlyArray<KeyPart>

/** A cached read: its key, how to load it, and whether it belongs to the signed-in user. */
export interface Query<A, E = never, R = never> {
  readonly key: Key
  readonly load: Effect.Effect<A, E, R>
  /** Cleared when the session changes (sign-in, sign-out, another user). Default `true`. */
  readonly sessionBound: boolean
}

/** Builds a query. */
export const query = <A, E, R>(
  key: Key,
  load: Effect.Effect<A, E, R>,
  options: { readonly sessionBound?: boolean | undefined } = {}
): Query<A, E, R> => ({ key, load, sessionBound: options.sessionBound ?? true })

/** What an entry shows now; a new object on every change (adapters compare by identity). */
export interface Snapshot<A, E> {
  /** The last load's outcome (or the value a mutation set); `undefined` before the first. */
  readonly exit: Exit.Exit<A, E> | undefined
  /** A load is running or waiting for its turn. */
  readonly isLoading: boolean
  /** Invalidated since `exit` was loaded; a newer value is on its way or will be on next read. */
  readonly isStale: boolean
  readonly updatedAtMillis: number | undefined
}

/** The snapshot of a key nobody has read yet. */
export const initialSnapshot: Snapshot<never, never> = {
  exit: undefined,
  isLoading: false,
  isStale: false,
  updatedAtMillis: undefined
}

/** The canonical string of a key. */
export const keyId = (key: Key): string => JSON.stringify(key)

/** Whether `prefix` prefixes `key`. */
export const isPrefix = (prefix: Key, key: Key): boolean =>
  prefix.length <= key.length && prefix.every((part, i) => part === key[i])

/** A promise already resolved, marked as such (the thenable convention adapters read). */
export const resolvedPromise: Promise<void> = /*#__PURE__*/ Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined })

/** A promise to resolve at an entry's next outcome, marked `fulfilled` when it is. */
export const makeSettled = () => {
  let resolve!: () => void
  const promise: Promise<void> & { status?: string; value?: undefined } = new Promise<void>((r) => {
    resolve = r
  })
  promise.status = "pending"
  return {
    promise,
    resolve: () => {
      promise.status = "fulfilled"
      promise.value = undefined
      resolve()
    }
  }
}
