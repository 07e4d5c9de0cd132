/**
 * The bounds every call of the pipeline keeps (the service's retry rules, and what a production
 * SDK owes its users): a timeout per attempt, a deadline for the whole call (attempts and waits together), a
 * cap on the answer's size, a cap on the `Retry-After` wait, and the retry schedule.
 *
 * Set for an app through `StackConfig` (`timeout`, `deadline`, `maxResponseBytes`, `maxRetryAfter`,
 * `retry`), and for the calls of one effect with {@link withLimits}.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"

/** The retry schedule: how many attempts, and the exponential back-off with jitter. */
export interface RetrySchedule {
  /** Attempts in all, the first included (1 means never retried). */
  readonly attempts: number
  /** The back-off before attempt n+1 is `baseDelayMillis × 2^(n-1) × jitter`. */
  readonly baseDelayMillis: number
  readonly jitterMin: number
  readonly jitterMax: number
}

/** The resolved bounds of a call. */
export interface Limits {
  /** One attempt (sending and reading the whole answer) may take this long. */
  readonly attemptTimeoutMillis: number
  /** The whole call, every attempt and every wait, may take this long. */
  readonly deadlineMillis: number
  /** An answer's body may be this large; above it the download is cancelled. */
  readonly maxResponseBytes: number
  /** A `Retry-After` wait above this fails at once instead of being slept. */
  readonly maxRetryAfterMillis: number
  readonly retry: RetrySchedule
}

/** The default retry schedule: 5 attempts, back-off from 1000 ms, jitter 0.5–1.5. */
export const defaultRetry: RetrySchedule = { attempts: 5, baseDelayMillis: 1000, jitterMin: 0.5, jitterMax: 1.5 }

/** The defaults: 30 s per attempt, 90 s per call, 16 MiB per answer, `Retry-After` up to 20 s, {@link defaultRetry}. */
export const defaults: Limits = {
  attemptTimeoutMillis: 30_000,
  deadlineMillis: 90_000,
  maxResponseBytes: 16 * 1024 * 1024,
  maxRetryAfterMillis: 20_000,
  retry: defaultRetry
}

/** Bounds as an app or a call gives them; anything left out keeps the value it overrides. */
export interface Options {
  /** Per-attempt timeout (default 30 s). */
  readonly timeout?: Duration.Input | undefined
  /** Whole-call deadline, attempts and waits together (default 90 s). */
  readonly deadline?: Duration.Input | undefined
  /** Largest answer body in bytes (default 16 MiB). */
  readonly maxResponseBytes?: number | undefined
  /** Longest `Retry-After` wait the SDK sleeps (default 20 s); a longer one fails with a `StackTransportError` (reason `RetryAfterError`). */
  readonly maxRetryAfter?: Duration.Input | undefined
  /**
   * The retry schedule: `{ attempts: 1 }` never retries, `{ baseDelay: 0 }` retries without waiting
   * (tests of error paths run instantly). Default: 5 attempts from 1000 ms.
   */
  readonly retry?: { readonly attempts?: number | undefined; readonly baseDelay?: Duration.Input | undefined } | undefined
}

const millis = (input: Duration.Input | undefined, fallback: number): number =>
  input === undefined ? fallback : Duration.toMillis(Duration.fromInputUnsafe(input))

/** `base` with the bounds `options` sets. */
export const make = (options: Options | undefined, base: Limits = defaults): Limits =>
  options === undefined ? base : {
    attemptTimeoutMillis: millis(options.timeout, base.attemptTimeoutMillis),
    deadlineMillis: millis(options.deadline, base.deadlineMillis),
    maxResponseBytes: options.maxResponseBytes ?? base.maxResponseBytes,
    maxRetryAfterMillis: millis(options.maxRetryAfter, base.maxRetryAfterMillis),
    retry: options.retry === undefined ? base.retry : {
      ...base.retry,
      attempts: Math.max(1, Math.floor(options.retry.attempts ?? base.retry.attempts)),
      baseDelayMillis: millis(options.retry.baseDelay, base.retry.baseDelayMillis)
    }
  }

/** Bounds for the calls of one effect, over the app's (see {@link withLimits}). */
export const CallLimits: Context.Reference<Options | undefined> = /*#__PURE__*/ Context.Reference<Options | undefined>(
  "stack-auth-effect/transport/CallLimits",
  { defaultValue: () => undefined }
)

/**
 * Gives every call of `self` other bounds than the app's:
 * `Users.getCurrent().pipe(Limits.withLimits({ timeout: "5 seconds", retry: { attempts: 1 } }))`.
 */
export const withLimits = (options: Options) => <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(self, CallLimits, options)
