/**
 * A light observable for the session's state and transitions: a set of synchronous
 * listeners. `toStream` (used by `SessionStreams`) turns one into a `Stream`; code that only
 * listens keeps `Stream`, `Queue` and `PubSub` out of a browser bundle.
 *
 * @since 0.1.0
 */
import type * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"

/** Listeners of values of type `A`; closing ends every stream over them. */
export interface Listeners<A> {
  /** Calls every listener with `value`, in subscription order. */
  readonly emit: (value: A) => void
  /** Adds a listener (`onClose` runs when the listeners close); the returned function removes it. */
  readonly listen: (listener: (value: A) => void, onClose?: () => void) => () => void
  /** Ends every stream over these listeners and drops them; later `emit`s do nothing. */
  readonly close: () => void
}

interface Entry<A> {
  readonly listener: (value: A) => void
  readonly end: (() => void) | undefined
}

/** Empty listeners. */
export const make = <A>(): Listeners<A> => {
  const entries = new Set<Entry<A>>()
  let closed = false
  return {
    emit: (value) => {
      for (const entry of Array.from(entries)) entry.listener(value)
    },
    listen: (listener, onClose) => {
      if (closed) {
        onClose?.()
        return () => {}
      }
      const entry: Entry<A> = { listener, end: onClose }
      entries.add(entry)
      return () => void entries.delete(entry)
    },
    close: () => {
      closed = true
      const all = Array.from(entries)
      entries.clear()
      for (const entry of all) entry.end?.()
    }
  }
}

/**
 * The values given to listeners added by `listen` from the moment the stream starts (after `initial()`, when given; a value
 * equal to the previous one by `same` is skipped); ends when `listen` calls its `onClose`.
 */
export const toStream = <A>(
  listen: Listeners<A>["listen"],
  options: { readonly initial?: () => A; readonly same?: (a: A, b: A) => boolean } = {}
): Stream.Stream<A> =>
  Stream.callback<A>((queue: Queue.Queue<A, Cause.Done>) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        const same = options.same
        let last: { readonly value: A } | undefined
        const offer = (value: A) => {
          if (same !== undefined && last !== undefined && same(last.value, value)) return
          last = { value }
          Queue.offerUnsafe(queue, value)
        }
        const unlisten = listen(offer, () => void Queue.endUnsafe(queue))
        if (options.initial !== undefined) offer(options.initial())
        return unlisten
      }),
      (unlisten) => Effect.sync(unlisten)
    ))
