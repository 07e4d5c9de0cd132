/**
 * One at a time, in call order: the session's state lock, a `Semaphore` of one permit
 * without the `Semaphore` module in a browser bundle. Waiting is interruptible; an interrupted
 * waiter leaves the line, and a turn handed to it as it was interrupted passes to the next.
 *
 * @since 0.1.0
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"

/** Runs an effect once every effect given before it has finished. */
export type Lock = <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>

/** A new lock, free. */
export const make = (): Lock => {
  let held = false
  const waiting: Array<Deferred.Deferred<void>> = []
  const release = Effect.sync(() => {
    const next = waiting.shift()
    if (next === undefined) held = false
    else Deferred.doneUnsafe(next, Effect.void) // the turn passes on; the lock stays held
  })
  return <A, E, R>(self: Effect.Effect<A, E, R>) =>
    Effect.uninterruptibleMask((restore) =>
      Effect.suspend(() => {
        if (!held) {
          held = true
          return Effect.ensuring(restore(self), release)
        }
        const turn = Deferred.makeUnsafe<void>()
        waiting.push(turn)
        return restore(Deferred.await(turn)).pipe(
          Effect.onInterrupt(() =>
            Effect.suspend(() => {
              const index = waiting.indexOf(turn)
              if (index === -1) return release // our turn had come: hand it on
              waiting.splice(index, 1)
              return Effect.void
            })
          ),
          Effect.andThen(Effect.ensuring(restore(self), release))
        )
      })
    )
}
