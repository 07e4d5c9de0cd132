/**
 * The generic hooks under every resource hook: a cached read in two forms, suspending
 * ({@link useSuspenseQuery}) and not ({@link useQuery}), and {@link useMutation} for writes.
 *
 * A mounted component is a subscriber of its query's cache entry: 20 components reading one key
 * share one load, and the entry is dropped 5 s after the last of them unmounts. Failures keep their
 * typed value (the Effect failure, `_tag` and all), never wrapped in another Error.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { use, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react"
import * as QueryCache from "stack-auth-effect/QueryCache"
import { type StackContextValue, useStackContext } from "./StackProvider.tsx"
import { failureOf, type Services } from "./StackRuntime.ts"

/** A query the hooks can run: its effect may use the client app, the cache and navigation. */
export type AppQuery<A, E> = QueryCache.Query<A, E, Services>

/** What {@link useQuery} reports. */
export interface QueryResult<A, E> {
  /** The value, once loaded (kept while a newer one loads). */
  readonly data: A | undefined
  /** The typed failure of the last load, if it failed. */
  readonly error: E | undefined
  /** No outcome yet. */
  readonly isLoading: boolean
  /** A load is running or waiting its turn (also while `data` is shown). */
  readonly isFetching: boolean
  /** Asks for a fresh load (throttled; shared with other refreshes). */
  readonly refresh: () => void
}

const interruptedOnly = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)

/**
 * Runs a synchronous cache operation; nothing once the runtime is gone (its owner may dispose it
 * before the components unmount).
 */
const runQuietly = <A>(stack: StackContextValue, effect: Effect.Effect<A, never, Services>): A | undefined => {
  if (stack.isDisposed()) return undefined
  try {
    return stack.runtime.runSync(effect)
  } catch {
    return undefined
  }
}

/** Subscribes the component to a query's entry for as long as it is mounted. */
function useEntry<A, E>(stack: StackContextValue, query: AppQuery<A, E>): QueryCache.Snapshot<A, E> {
  const { cache, runtime } = stack
  const id = QueryCache.keyId(query.key)
  const queryRef = useRef(query)
  queryRef.current = query
  const subscribe = useCallback((onChange: () => void) => {
    const unlisten = cache.listenUnsafe(queryRef.current.key, onChange)
    const release = runQuietly(stack, cache.retain(queryRef.current))
    return () => {
      unlisten()
      if (release !== undefined) runQuietly(stack, release)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, runtime, id])
  const getSnapshot = useCallback(() => cache.snapshotUnsafe<A, E>(queryRef.current.key), [cache, id])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}

/** A defect (not a typed failure) goes to the nearest error boundary. */
const throwDefect = (exit: Exit.Exit<unknown, unknown>) => {
  if (Exit.isFailure(exit) && !interruptedOnly(exit) && Cause.findError(exit.cause)._tag === "Failure") {
    throw Cause.squash(exit.cause)
  }
}

/**
 * A cached read without Suspense: `{ data, error, isLoading, isFetching, refresh }`. A typed
 * failure is `error` (its Effect value); a defect is thrown to the error boundary.
 */
export function useQuery<A, E>(query: AppQuery<A, E>): QueryResult<A, E> {
  const stack = useStackContext()
  const snapshot = useEntry(stack, query)
  const exit = snapshot.exit !== undefined && interruptedOnly(snapshot.exit) ? undefined : snapshot.exit
  if (exit !== undefined) throwDefect(exit)
  const queryRef = useRef(query)
  queryRef.current = query
  const refresh = useCallback(() => {
    if (!stack.isDisposed()) stack.runtime.runFork(stack.cache.refresh(queryRef.current))
  }, [stack])
  return {
    data: exit !== undefined && Exit.isSuccess(exit) ? exit.value : undefined,
    error: exit !== undefined && Exit.isFailure(exit) ? (failureOf(exit.cause) as E) : undefined,
    isLoading: exit === undefined,
    isFetching: snapshot.isLoading || exit === undefined,
    refresh
  }
}

/**
 * A cached read with Suspense: the value, suspending until the first one is there. A failure is
 * thrown to the error boundary as its typed value (the Effect failure itself).
 */
export function useSuspenseQuery<A, E>(query: AppQuery<A, E>): A {
  const stack = useStackContext()
  const snapshot = useEntry(stack, query)
  // `use` gets the same promise on every render of an outcome (React retries a suspended render
  // and wants what it suspended on again): pending before the outcome, resolved after
  use(stack.runtime.runSync(stack.cache.settledPromise(query)))
  const exit = stack.cache.snapshotUnsafe<A, E>(query.key).exit ?? snapshot.exit
  if (exit === undefined || interruptedOnly(exit)) {
    // cleared again meanwhile (a session change): wait for the next outcome
    throw stack.runtime.runSync(stack.cache.settledPromise(query))
  }
  if (Exit.isSuccess(exit)) return exit.value
  // a failure marked stale (an error boundary's "Try again" invalidates): load again, suspended
  if (stack.cache.snapshotUnsafe<A, E>(query.key).isStale) throw reload(stack, query)
  throw failureOf(exit.cause)
}

const reloadsByCache = new WeakMap<QueryCache.Service, Map<string, Promise<void>>>()

/** One reload per key at a time, as a promise Suspense can wait for. */
const reload = <A, E>(stack: StackContextValue, query: AppQuery<A, E>): Promise<void> => {
  const id = QueryCache.keyId(query.key)
  let reloads = reloadsByCache.get(stack.cache)
  if (reloads === undefined) reloadsByCache.set(stack.cache, reloads = new Map())
  let promise = reloads.get(id)
  if (promise === undefined) {
    promise = Effect.runPromiseWith(stack.context)(Effect.ignore(stack.cache.refresh(query))).finally(() => reloads.delete(id))
    reloads.set(id, promise)
  }
  return promise
}

/** `use` that suspends for good when `forever`, and returns at once otherwise (same call every render). */
export const useSuspendWhile = (forever: boolean): void => {
  use(forever ? never : QueryCache.resolvedPromise)
}

const never: Promise<never> = new Promise(() => {})

/** What {@link useMutation} gives. */
export interface MutationResult<Args extends ReadonlyArray<unknown>, A, E> {
  /** Runs the mutation; resolves with its `Exit` (never rejects). */
  readonly mutate: (...args: Args) => Promise<Exit.Exit<A, E>>
  /** A run is in progress. */
  readonly isPending: boolean
  /** The last run's outcome, `undefined` before the first one ends. */
  readonly exit: Exit.Exit<A, E> | undefined
  /** The last run's value. */
  readonly data: A | undefined
  /** The last run's typed failure. */
  readonly error: E | undefined
  /** Forgets the last run's outcome. */
  readonly reset: () => void
}

interface MutationState<A, E> {
  readonly isPending: boolean
  readonly exit: Exit.Exit<A, E> | undefined
}

const idle: MutationState<never, never> = { isPending: false, exit: undefined }

/**
 * A write through an API function (for example `Users.update`); the app's write observer sets or
 * invalidates the cache entries it changed, so every subscribed component re-renders with the new
 * value. A run finishes even if the component unmounts; only its state updates stop.
 */
export function useMutation<Args extends ReadonlyArray<unknown>, A, E>(
  mutation: (...args: Args) => Effect.Effect<A, E, Services>
): MutationResult<Args, A, E> {
  const stack = useStackContext()
  const [state, setState] = useState<MutationState<A, E>>(idle)
  const mounted = useRef(true)
  const mutationRef = useRef(mutation)
  mutationRef.current = mutation
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const mutate = useCallback(async (...args: Args): Promise<Exit.Exit<A, E>> => {
    if (mounted.current) setState((s) => ({ ...s, isPending: true }))
    const exit = await Effect.runPromiseExitWith(stack.context)(mutationRef.current(...args))
    if (mounted.current) setState({ isPending: false, exit })
    return exit
  }, [stack])
  const reset = useCallback(() => setState(idle), [])
  const exit = state.exit
  return {
    mutate,
    reset,
    isPending: state.isPending,
    exit,
    data: exit !== undefined && Exit.isSuccess(exit) ? exit.value : undefined,
    error: exit !== undefined && Exit.isFailure(exit) ? (failureOf(exit.cause) as E) : undefined
  }
}
