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
import type * as Fiber from "effect/Fiber"
import * as Random from "effect/Random"
import * as HttpTransport from "../HttpTransport.ts"
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
 * The I/O of one attempt, begun under `signal`: it calls `done` once with its outcome (later calls
 * are ignored). It answers how to stop it and wait for its end, or nothing when aborting `signal`
 * stops it at once. It must not throw.
 */
export type Start<X, F> = (signal: AbortSignal, done: (exit: Exit.Exit<X, F>) => void) => Effect.Effect<void> | undefined

/**
 * An effect as the I/O of an attempt: forked in `context`; stopping it interrupts the fiber and
 * waits until it has ended.
 */
export const fork = <X, F>(context: Context.Context<never>, effect: Effect.Effect<X, F>): Start<X, F> => (_signal, done) => {
  const fiber = Effect.runForkWith(context)(effect)
  fiber.addObserver(done)
  return Effect.callback<void>((resume) => {
    fiber.addObserver(() => resume(Effect.void))
    fiber.interruptUnsafe()
  })
}

/**
 * One exchange through `transport` as the I/O of an attempt: the transport's own `exchange` (a
 * promise under the attempt's abort signal) when it has one, else its `send` and the capped body
 * reader forked in `context`. `init` is built when the attempt starts (a fresh nonce for each).
 */
export const exchange = (
  transport: HttpTransport.HttpTransport,
  context: Context.Context<never>,
  url: string,
  init: () => RequestInit,
  maxBytes: number
): Start<HttpTransport.Exchange, HttpTransport.TransportFailure> => {
  const direct = transport.exchange
  if (direct === undefined) return (signal, done) => fork(context, HttpTransport.exchange(transport, url, init(), maxBytes))(signal, done)
  return (signal, done) => {
    direct(url, init(), maxBytes, signal).then(
      (answer) => done(Exit.succeed(answer)),
      (cause: unknown) => done(Exit.fail(HttpTransport.toTransportFailure(cause)))
    )
    return undefined
  }
}

/**
 * One attempt, bounded: starts its I/O, then runs `then` with the outcome in the caller's fiber (no
 * fiber of its own for an I/O given as a promise). Once `millis` have passed on the fiber's clock,
 * the I/O is stopped (aborted; a forked one interrupted and awaited) and the attempt fails with
 * `onTimeout()`. The timer is a plain `setTimeout` under Effect's own clock (its `sleep` is exactly
 * that), a fiber sleeping on the clock under any other (a `TestClock`); none when the I/O ends at
 * once. What `then` answers runs as it is when it is already an `Exit` (the success path and the
 * plain failures); anything longer (a failure that sends the diagnostics probes) is bounded by what
 * is left of `millis`. Interrupting the caller stops the I/O and waits for its end.
 */
export const bounded = <X, F, A, E, E2>(
  start: Start<X, F>,
  then: (exit: Exit.Exit<X, F>) => Effect.Effect<A, E>,
  millis: number,
  onTimeout: () => E2
): Effect.Effect<A, E | E2> => Effect.withFiber((parent) => boundedIn(parent, start, then, millis, onTimeout))

/** {@link bounded} in the fiber `parent` (its clock, and its context for a forked timer). */
const boundedIn = <X, F, A, E, E2, A3 = never, E3 = never>(
  parent: Fiber.Fiber<unknown, unknown>,
  start: Start<X, F>,
  then: (exit: Exit.Exit<X, F>) => Effect.Effect<A, E>,
  millis: number,
  onTimeout: () => E2,
  recover?: (failure: E | E2) => Effect.Effect<A3, E3>
): Effect.Effect<A | A3, E | E2 | E3> => {
  const clock = parent.getRef(Clock.Clock)
  return Effect.callback<A | A3, E | E2 | E3>((resume) => {
    const controller = new AbortController()
    const until = clock.currentTimeMillisUnsafe() + millis
    let settled = false
    let stopTimer: (() => void) | undefined
    let stop: Effect.Effect<void> | undefined
    const finish = (exit: Exit.Exit<X, F>) => {
      if (settled) return
      settled = true
      stopTimer?.()
      const next = then(exit)
      if (Exit.isExit(next)) {
        return resume(recover === undefined || Exit.isSuccess(next) ? next : Effect.catch(next as Effect.Effect<A, E>, recover))
      }
      const left = until - clock.currentTimeMillisUnsafe()
      const rest = !Number.isFinite(left)
        ? next
        : Effect.timeoutOrElse(next, { duration: Math.max(0, left), orElse: () => Effect.fail(onTimeout()) })
      // what follows a failure (a retry's wait and next attempt) is outside this attempt's bound
      resume(recover === undefined ? rest : Effect.catch(rest, recover))
    }
    try {
      stop = start(controller.signal, finish)
    } catch (defect) {
      finish(Exit.die(defect))
    }
    if (settled || !Number.isFinite(millis)) return stopAll()
    const expire = () => {
      if (settled) return
      settled = true
      controller.abort()
      resume(stop === undefined ? Effect.fail(onTimeout()) : Effect.andThen(stop, Effect.fail(onTimeout())))
    }
    if (clock === effectClock() && millis <= maxTimerMillis) {
      const handle = setTimeout(expire, millis)
      stopTimer = () => clearTimeout(handle)
    } else {
      const timer = Effect.runForkWith(parent.context)(clock.sleep(Duration.millis(millis)))
      timer.addObserver((exit) => {
        if (Exit.isSuccess(exit)) expire()
      })
      stopTimer = () => timer.interruptUnsafe()
    }
    return stopAll()

    /** The caller's interruption: the timer cleared, the I/O aborted (a forked one awaited). */
    function stopAll(): Effect.Effect<void> {
      return Effect.suspend(() => {
        const running = !settled
        settled = true
        stopTimer?.()
        controller.abort()
        return running && stop !== undefined ? stop : Effect.void
      })
    }
  })
}

/** One call's loop: the exchange each attempt makes and what its outcomes mean. */
export interface Plan<A, E, E2> {
  readonly method: string
  readonly path: string
  readonly limits: Limits
  /** Where every attempt is sent. */
  readonly url: string
  /** The request of one attempt, built again for each (a fresh nonce). */
  readonly init: () => RequestInit
  /** What a whole answer means, run in the caller's fiber: the value, a failure, or a retry. */
  readonly interpret: (response: Response, text: string) => Effect.Effect<A, E | RetrySignal<E>>
  /** What an exchange that brought no whole answer means (no answer, a body too large or lost). */
  readonly lost: (failure: HttpTransport.TransportFailure) => Effect.Effect<never, E | RetrySignal<E>>
  /** What a network failure becomes when no attempt is left (with the attempts made). */
  readonly exhausted: (reason: string, attempts: number) => Effect.Effect<never, E2>
}

/**
 * Runs the attempts: a `Retry-After` above the cap fails at once (reason `RetryAfterError`), an
 * attempt past its timeout ends the call (reason `TimeoutError`, `limit: "attempt"`: a stalled
 * service is not asked again), and the deadline ends everything (`limit: "call"`). Each attempt is
 * an {@link exchange} through the fiber's transport.
 *
 * One timer per attempt, none for the call: an attempt is bounded by its timeout or by what is
 * left of the deadline, whichever is shorter, and a wait that would pass the deadline sleeps only
 * until it (the success path pays one timer: {@link bounded}).
 */
export const run = <A, E, E2>(plan: Plan<A, E, E2>): Effect.Effect<A, E | E2 | StackTransportError> =>
  Effect.withFiber((fiber) => runIn(fiber, plan))

/** {@link run} in the fiber `fiber`, for a caller that already holds it (no step to get it again). */
export const runIn = <A, E, E2>(
  fiber: Fiber.Fiber<unknown, unknown>,
  plan: Plan<A, E, E2>
): Effect.Effect<A, E | E2 | StackTransportError> => {
  const clock = fiber.getRef(Clock.Clock)
  const { limits, method, path } = plan
  const deadline = clock.currentTimeMillisUnsafe() + limits.deadlineMillis
  const start = exchange(fiber.getRef(HttpTransport.HttpTransport), fiber.context, plan.url, plan.init, limits.maxResponseBytes)
  const then = (exit: Exit.Exit<HttpTransport.Exchange, HttpTransport.TransportFailure>) =>
    Exit.isSuccess(exit)
      ? plan.interpret(exit.value.response, exit.value.text)
      : Effect.catch(exit as Exit.Exit<never, HttpTransport.TransportFailure>, plan.lost)
  const callTimeout = () => Failures.timeout(method, path, limits.deadlineMillis, "call")

  /**
   * Attempt number `attempt` (0-based) under the shorter of its timeout and what is left of the
   * deadline. A success is given back as it is (no step of the loop on the success path); a
   * failure goes to `afterFailure`.
   */
  const attemptIn = (attempt: number): Effect.Effect<A, E | E2 | StackTransportError> => {
    const left = deadline - clock.currentTimeMillisUnsafe()
    if (left <= 0) return Effect.fail(callTimeout())
    const attemptMillis = limits.attemptTimeoutMillis
    const bound = Math.min(attemptMillis, left)
    return boundedIn(
      fiber,
      start,
      then,
      bound,
      (): StackTransportError => bound < attemptMillis ? callTimeout() : Failures.timeout(method, path, attemptMillis, "attempt"),
      (failure) => afterFailure(attempt, failure)
    ) as Effect.Effect<A, E | E2 | StackTransportError> // every failure of `then` went to `afterFailure`
  }

  /**
   * What follows a failed attempt: the failure itself, or (a retry signal) the next attempt after
   * its wait, the `Retry-After` refusal, or the call's end once no attempt or time is left.
   */
  const afterFailure = (
    attempt: number,
    failure: E | RetrySignal<E> | StackTransportError
  ): Effect.Effect<A, E | E2 | StackTransportError> => {
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
    if (attempt + 1 >= limits.retry.attempts) {
      return why._tag === "Network" ? plan.exhausted(why.reason, attempt + 1) : Effect.fail(why.error)
    }
    // a wait the service asked for (in the future) wins; none, 0 or past: the back-off of the schedule
    const wait = requested !== undefined && requested > 0 ? Effect.succeed(requested) : backoffMillis(limits.retry, attempt)
    return Effect.flatMap(wait, (millis) => {
      const left = deadline - clock.currentTimeMillisUnsafe()
      // a wait past the deadline: sleep until it, then the call is over
      return millis >= left
        ? Effect.andThen(Effect.sleep(Math.max(0, left)), Effect.fail(callTimeout()))
        // the next attempt is built after the wait: its bound is what is left of the deadline then
        : Effect.flatMap(Effect.sleep(millis), () => attemptIn(attempt + 1))
    })
  }

  return attemptIn(0)
}
