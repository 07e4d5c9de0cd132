/**
 * The retry loop every call shares, the pipeline's and the token endpoint's: attempts
 * bounded by a per-attempt timeout, retried per the schedule with exponential back-off and jitter
 * or the `Retry-After` the service asked for (up to its cap), the whole under one deadline.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Random from "effect/Random"
import type { Limits, RetrySchedule } from "../Limits.ts"
import { RetryAfterError, type StackTransportError } from "../TransportErrors.ts"
import * as Failures from "./Failures.ts"

/** Why an attempt should be made again. */
export type Retry<E> =
  /** No answer (refused, reset, lost body of a safe method). */
  | { readonly _tag: "Network"; readonly reason: string }
  /** The answer asked for a retry; `error` is the failure once no attempt is left. */
  | { readonly _tag: "Status"; readonly status: number; readonly error: E; readonly retryAfterMillis: number | undefined }

/** An attempt's failure that asks for another attempt. */
export interface RetrySignal<E> {
  readonly _tag: "Retry"
  readonly retry: Retry<E>
}

/** Asks for another attempt. */
export const retry = <E>(retry: Retry<E>): RetrySignal<E> => ({ _tag: "Retry", retry })

const isRetry = (failure: unknown): failure is RetrySignal<unknown> =>
  typeof failure === "object" && failure !== null && (failure as { _tag?: unknown })._tag === "Retry" &&
  "retry" in failure

/** The back-off before the attempt after `attempt` (0-based): `base × 2^attempt × jitter`, jitter from `Random`. */
export const backoffMillis = (schedule: RetrySchedule, attempt: number): Effect.Effect<number> =>
  Effect.map(
    Random.nextBetween(schedule.jitterMin, schedule.jitterMax),
    (jitter) => jitter * schedule.baseDelayMillis * 2 ** attempt
  )

let defaultClock: Clock.Clock | undefined
/** Effect's own clock (the default of `Clock.Clock`): its `sleep` is a `setTimeout`. */
const effectClock = (): Clock.Clock => defaultClock ??= Context.get(Context.empty(), Clock.Clock)

/** The longest delay `setTimeout` takes as is (a longer one would fire at once). */
const maxTimerMillis = 2 ** 31 - 1

/**
 * `self`, failing with `onTimeout()` once it has run `millis`: what `Effect.timeoutOrElse` does
 * (the attempt is interrupted, and awaited, before the failure is given), with one fiber instead
 * of two. `timeoutOrElse` races the attempt and a sleep in two forked fibers (6–10 µs of CPU
 * per call); here the attempt runs in one fiber and the timer is a plain `setTimeout` when the
 * fiber's clock is Effect's own (its `sleep` is exactly that), or a fiber sleeping on the clock
 * when it is another one (a `TestClock`). Interrupting the caller interrupts the attempt and
 * waits for it to end.
 */
export const within = <A, E, E2>(self: Effect.Effect<A, E>, millis: number, onTimeout: () => E2): Effect.Effect<A, E | E2> =>
  Effect.withFiber((parent) => {
    const clock = parent.getRef(Clock.Clock)
    return Effect.callback<A, E | E2>((resume) => {
      const fiber = Effect.runForkWith(parent.context)(self)
      const settled = fiber.pollUnsafe()
      if (settled !== undefined) return resume(settled)
      let timedOut = false
      const expire = () => {
        timedOut = true
        fiber.interruptUnsafe()
      }
      /** Stops the timer, then calls `then` once it is stopped. */
      let stopTimer: (then: () => void) => void
      if (clock === effectClock() && millis <= maxTimerMillis) {
        const handle = setTimeout(expire, millis)
        stopTimer = (then) => {
          clearTimeout(handle)
          then()
        }
      } else {
        const timer = Effect.runForkWith(parent.context)(clock.sleep(Duration.millis(millis)))
        timer.addObserver((exit) => {
          if (Exit.isSuccess(exit)) expire()
        })
        stopTimer = (then) => {
          timer.addObserver(then)
          timer.interruptUnsafe()
        }
      }
      // the attempt's end settles the race; once the timer has fired, it is the timeout whatever the end
      fiber.addObserver((exit) => stopTimer(() => resume(timedOut ? Exit.fail(onTimeout()) : exit)))
      return Effect.callback<void>((done) => {
        stopTimer(() => fiber.addObserver(() => done(Effect.void)))
        fiber.interruptUnsafe()
      })
    })
  })

/**
 * An attempt as a promise under one abort signal (see {@link direct}): it starts the attempt's I/O
 * and answers what follows it, an effect that runs in the caller's fiber. It must not reject.
 */
export type Direct<A, E> = (signal: AbortSignal) => Promise<Effect.Effect<A, E | RetrySignal<E>>>

/**
 * `within` for an attempt given as a {@link Direct} promise, when the timer is a plain `setTimeout`
 * (the fiber's clock is Effect's own): no fiber of its own, no `tryPromise`, one `AbortController`
 * for the interruption and the timeout together. The timer aborts the signal and fails at once with
 * `onTimeout()` (as `within` does: the attempt is stopped, the failure given); interrupting the
 * caller aborts the signal. What follows the promise runs as is when it is already an `Exit` (the
 * success path and the plain failures), else under `within` for what is left of the bound (a
 * failure that sends the diagnostics probes stays bounded).
 */
export const direct = <A, E, E2>(
  start: Direct<A, E>,
  millis: number,
  onTimeout: () => E2,
  now: () => number
): Effect.Effect<A, E | E2 | RetrySignal<E>> =>
  Effect.callback<A, E | E2 | RetrySignal<E>>((resume) => {
    const controller = new AbortController()
    const until = now() + millis
    let settled = false
    const handle = setTimeout(() => {
      settled = true
      controller.abort()
      resume(Effect.fail(onTimeout()))
    }, millis)
    const next = (effect: Effect.Effect<A, E | RetrySignal<E>>) => {
      if (settled) return
      settled = true
      clearTimeout(handle)
      if (Exit.isExit(effect)) return resume(effect)
      const left = until - now()
      resume(left > 0 ? within(effect, left, onTimeout) : Effect.fail(onTimeout()))
    }
    try {
      start(controller.signal).then(next, (defect) => next(Effect.die(defect)))
    } catch (defect) {
      next(Effect.die(defect))
    }
    return Effect.sync(() => {
      settled = true
      clearTimeout(handle)
      controller.abort()
    })
  })

/** One call's loop. */
export interface Plan<A, E, E2> {
  readonly method: string
  readonly path: string
  readonly limits: Limits
  /** One attempt; built again for each. */
  readonly attempt: Effect.Effect<A, E | RetrySignal<E>>
  /**
   * The same attempt as a {@link Direct} promise, when the transport can give one: used instead of
   * `attempt` while the fiber's clock is Effect's own (a `TestClock` drives `attempt`).
   */
  readonly direct?: Direct<A, E> | undefined
  /** What a network failure becomes when no attempt is left (with the attempts made). */
  readonly exhausted: (reason: string, attempts: number) => Effect.Effect<never, E2>
}

/**
 * Runs the attempts: a `Retry-After` above the cap fails at once (reason `RetryAfterError`), an
 * attempt past its timeout ends the call (reason `TimeoutError`, `limit: "attempt"`: a stalled
 * service is not asked again), and the deadline ends everything (`limit: "call"`).
 *
 * One timer per attempt, none for the call: an attempt is bounded by its timeout or by what is
 * left of the deadline, whichever is shorter, and a wait that would pass the deadline sleeps only
 * until it (the success path pays one timer: {@link within}).
 */
export const run = <A, E, E2>(plan: Plan<A, E, E2>): Effect.Effect<A, E | E2 | StackTransportError> =>
  Effect.clockWith((clock) => {
    const { limits, method, path } = plan
    const schedule = limits.retry
    const attemptMillis = limits.attemptTimeoutMillis
    const deadline = clock.currentTimeMillisUnsafe() + limits.deadlineMillis
    const isEffectClock = clock === effectClock()
    const now = () => clock.currentTimeMillisUnsafe()
    const callTimeout = () => Failures.timeout(method, path, limits.deadlineMillis, "call")
    type Failure = E | E2 | StackTransportError
    /** One attempt under the shorter of its timeout and what is left of the deadline. */
    const timed = (): Effect.Effect<A, E | StackTransportError | RetrySignal<E>> => {
      const left = deadline - clock.currentTimeMillisUnsafe()
      if (left <= 0) return Effect.fail(callTimeout())
      const bound = Math.min(attemptMillis, left)
      if (!Number.isFinite(bound)) return plan.attempt
      const onTimeout = () => bound < attemptMillis ? callTimeout() : Failures.timeout(method, path, attemptMillis, "attempt")
      return plan.direct !== undefined && isEffectClock && bound <= maxTimerMillis
        ? direct(plan.direct, bound, onTimeout, now)
        : within(plan.attempt, bound, onTimeout)
    }
    const loop = (attempt: number): Effect.Effect<A, Failure> =>
      Effect.catch(timed(), (failure): Effect.Effect<A, Failure> => {
        if (!isRetry(failure)) return Effect.fail(failure as E | StackTransportError)
        const why = failure.retry as Retry<E>
        const requested = why._tag === "Status" ? why.retryAfterMillis : undefined
        if (requested !== undefined && requested > limits.maxRetryAfterMillis) {
          return Failures.fail(
            new RetryAfterError({
              method,
              path,
              status: (why as { readonly status: number }).status,
              retryAfterMillis: requested,
              maxRetryAfterMillis: limits.maxRetryAfterMillis
            })
          )
        }
        if (attempt + 1 >= schedule.attempts) {
          return why._tag === "Network" ? plan.exhausted(why.reason, attempt + 1) : Effect.fail(why.error)
        }
        // a wait the service asked for (in the future) wins; none, 0 or past: the back-off of
        const wait = requested !== undefined && requested > 0 ? Effect.succeed(requested) : backoffMillis(schedule, attempt)
        return Effect.flatMap(wait, (millis) => {
          const left = deadline - clock.currentTimeMillisUnsafe()
          // a wait past the deadline: sleep until it, then the call is over
          return millis >= left
            ? Effect.andThen(Effect.sleep(Math.max(0, left)), Effect.fail(callTimeout()))
            : Effect.andThen(Effect.sleep(millis), loop(attempt + 1))
        })
      })
    return loop(0)
  })
