/**
 * The retry loop every call shares, the pipeline's and the token endpoint's (SPEC §8, §9): attempts
 * bounded by a per-attempt timeout, retried per the schedule with exponential back-off and jitter
 * or the `Retry-After` the service asked for (up to its cap), the whole under one deadline.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import type { Limits, RetrySchedule } from "./Limits.ts"
import { StackRetryAfterError, StackTimeoutError } from "./TransportErrors.ts"

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

/** The back-off before the attempt after `attempt` (0-based): `base × 2^attempt × jitter`, jitter from `Random`. SPEC §9 */
export const backoffMillis = (schedule: RetrySchedule, attempt: number): Effect.Effect<number> =>
  Effect.map(
    Random.nextBetween(schedule.jitterMin, schedule.jitterMax),
    (jitter) => jitter * schedule.baseDelayMillis * 2 ** attempt
  )

/** One call's loop. */
export interface Plan<A, E, E2> {
  readonly method: string
  readonly path: string
  readonly limits: Limits
  /** One attempt; built again for each. */
  readonly attempt: Effect.Effect<A, E | RetrySignal<E>>
  /** What a network failure becomes when no attempt is left (with the attempts made). */
  readonly exhausted: (reason: string, attempts: number) => Effect.Effect<never, E2>
}

interface Exhausted {
  readonly _tag: "Exhausted"
  readonly reason: string
  readonly attempts: number
}

/**
 * Runs the attempts: a `Retry-After` above the cap fails at once (`StackRetryAfterError`), an
 * attempt past its timeout ends the call (`StackTimeoutError`, `limit: "attempt"`: a stalled
 * service is not asked again), and the deadline ends everything (`limit: "call"`).
 */
export const run = <A, E, E2>(plan: Plan<A, E, E2>): Effect.Effect<A, E | E2 | StackTimeoutError | StackRetryAfterError> => {
  const { limits, method, path } = plan
  const schedule = limits.retry
  const timed = Effect.timeoutOrElse(plan.attempt, {
    duration: limits.attemptTimeoutMillis,
    orElse: () => Effect.fail(new StackTimeoutError({ method, path, timeoutMillis: limits.attemptTimeoutMillis, limit: "attempt" }))
  })
  type Failure = E | StackTimeoutError | StackRetryAfterError | Exhausted
  const loop = (attempt: number): Effect.Effect<A, Failure> =>
    Effect.catch(timed, (failure): Effect.Effect<A, Failure> => {
      if (!isRetry(failure)) return Effect.fail(failure as E | StackTimeoutError)
      const why = failure.retry as Retry<E>
      const requested = why._tag === "Status" ? why.retryAfterMillis : undefined
      if (requested !== undefined && requested > limits.maxRetryAfterMillis) {
        return Effect.fail(
          new StackRetryAfterError({
            method,
            path,
            status: (why as { readonly status: number }).status,
            retryAfterMillis: requested,
            maxRetryAfterMillis: limits.maxRetryAfterMillis
          })
        )
      }
      if (attempt + 1 >= schedule.attempts) {
        return Effect.fail(why._tag === "Network" ? { _tag: "Exhausted", reason: why.reason, attempts: attempt + 1 } : why.error)
      }
      // a wait the service asked for (in the future) wins; none, 0 or past: the back-off of SPEC §9
      const wait = requested !== undefined && requested > 0 ? Effect.succeed(requested) : backoffMillis(schedule, attempt)
      return Effect.flatMap(wait, (millis) => Effect.andThen(Effect.sleep(millis), loop(attempt + 1)))
    })
  // an infinite deadline (a shared refresh: each waiter keeps its own) sets no timer
  const bounded = Number.isFinite(limits.deadlineMillis)
    ? Effect.timeoutOrElse(loop(0), {
      duration: limits.deadlineMillis,
      orElse: () => Effect.fail(new StackTimeoutError({ method, path, timeoutMillis: limits.deadlineMillis, limit: "call" }))
    })
    : loop(0)
  return Effect.catch(bounded, (failure): Effect.Effect<never, E | E2 | StackTimeoutError | StackRetryAfterError> =>
    typeof failure === "object" && failure !== null && (failure as { _tag?: unknown })._tag === "Exhausted"
      ? plan.exhausted((failure as Exhausted).reason, (failure as Exhausted).attempts)
      : Effect.fail(failure as E | StackTimeoutError | StackRetryAfterError))
}
