/**
 * Process-wide single flight for refreshes (only one refresh runs at a time): sessions
 * that share a refresh token (for example one request-scoped session per incoming request, all
 * reading the same cookie) share one in-flight refresh instead of sending one each.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"

/** Runs keyed tasks, one at a time per key; callers of a running key wait for its result. */
export interface RefreshCoordinator {
  /**
   * Runs `task` unless a task with `key` is already in flight, in which case its result is shared.
   * The task keeps running while at least one caller waits; when every caller is interrupted it is
   * interrupted and the key is free again (the next caller starts afresh).
   */
  readonly run: <A, E>(key: string, task: Effect.Effect<A, E>) => Effect.Effect<A, E>
  /** How many keys are in flight (diagnostics and tests). */
  readonly inFlight: () => number
}

interface Entry {
  readonly deferred: Deferred.Deferred<unknown, unknown>
  waiters: number
  fiber: Fiber.Fiber<unknown, unknown> | undefined
}

/** A coordinator with its own in-flight map. */
export const make = (): RefreshCoordinator => {
  const entries = new Map<string, Entry>()
  const release = (key: string, entry: Entry) => (exit: Exit.Exit<unknown, unknown>) =>
    Effect.suspend(() => {
      entry.waiters--
      if (entry.waiters > 0 || !Exit.hasInterrupts(exit) || entries.get(key) !== entry) return Effect.void
      entries.delete(key)
      return entry.fiber === undefined ? Effect.void : Fiber.interrupt(entry.fiber)
    })
  const run = <A, E>(key: string, task: Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.uninterruptibleMask((restore): Effect.Effect<A, E> =>
      Effect.gen(function*() {
        let entry = entries.get(key)
        if (entry === undefined) {
          const deferred = yield* Deferred.make<unknown, unknown>()
          const created: Entry = { deferred, waiters: 0, fiber: undefined }
          entries.set(key, created)
          const forget = () => {
            if (entries.get(key) === created) entries.delete(key)
          }
          created.fiber = yield* task.pipe(
            Effect.exit,
            // the key is freed before the result is handed out: a finished task (a failed refresh
            // above all) is never shared with a caller that comes after it
            Effect.flatMap((exit) => Effect.andThen(Effect.sync(forget), Deferred.done(deferred, exit))),
            Effect.ensuring(Effect.sync(forget)),
            Effect.forkDetach({ uninterruptible: false })
          )
          entry = created
        }
        entry.waiters++
        return yield* restore(Deferred.await(entry.deferred) as Effect.Effect<A, E>).pipe(Effect.onExit(release(key, entry)))
      }) as Effect.Effect<A, E>
    )
  return { run, inFlight: () => entries.size }
}

/** The coordinator in use: one per process by default; provide another to isolate (e.g. tests). */
export const RefreshCoordinator: Context.Reference<RefreshCoordinator> = /*#__PURE__*/ Context.Reference<RefreshCoordinator>(
  "stack-auth-effect/session/RefreshCoordinator",
  { defaultValue: make }
)
