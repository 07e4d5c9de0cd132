/**
 * Failures of the HTTP pipeline that are not known errors of the protocol. None of them carries a key or a token, even when the service echoes one back: text taken
 * from an answer is scrubbed of the configured keys and the request's tokens (`Scrub.ts`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Schema from "effect/Schema"

/** One network-diagnostics probe and what it found. */
export const DiagnosticProbe = /*#__PURE__*/ Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  result: Schema.String
})
/** @category models */
export type DiagnosticProbe = typeof DiagnosticProbe.Type

/**
 * The service could not be reached. Raised at once for POST and PATCH (they are never re-sent),
 * and for other methods after the retries (5 attempts, exponential back-off). Carries the diagnostics probes' results.
 */
export class StackConnectionError extends /*#__PURE__*/ Schema.TaggedError<StackConnectionError>()("StackConnectionError", {
  method: Schema.String,
  path: Schema.String,
  reason: Schema.String,
  attempts: Schema.Number,
  diagnostics: Schema.Array(DiagnosticProbe)
}) {
  override get message(): string {
    return `Unable to connect to the service (${this.method} ${this.path} after ${this.attempts} attempt(s)): ${this.reason}`
  }
}

/** The browser reports itself offline. */
export class StackOfflineError extends /*#__PURE__*/ Schema.TaggedError<StackOfflineError>()("StackOfflineError", {
  method: Schema.String,
  path: Schema.String
}) {
  override get message(): string {
    return "You are offline"
  }
}

/** A non-2xx answer that is not a known error (for example a 500, or a 429 after every retry). `body`: its first 2,000 characters, known secrets scrubbed. */
export class StackHttpError extends /*#__PURE__*/ Schema.TaggedError<StackHttpError>()("StackHttpError", {
  method: Schema.String,
  path: Schema.String,
  status: Schema.Number,
  body: Schema.String
}) {
  override get message(): string {
    return `${this.method} ${this.path} answered HTTP ${this.status}: ${this.body.slice(0, 200)}`
  }
}

/** A response that does not match the wire schema; `issue` names the path of the mismatch. */
export class StackDecodeError extends /*#__PURE__*/ Schema.TaggedError<StackDecodeError>()("StackDecodeError", {
  method: Schema.String,
  path: Schema.String,
  issue: Schema.String
}) {
  override get message(): string {
    return `Unexpected response from ${this.method} ${this.path}: ${this.issue}`
  }
}

/**
 * A time limit ran out: one attempt took longer than the per-attempt timeout (`limit: "attempt"`),
 * or the whole call, attempts and waits together, passed its deadline (`limit: "call"`).
 * Defaults: 30 s per attempt, 90 s per call (`Limits.ts`).
 */
export class StackTimeoutError extends /*#__PURE__*/ Schema.TaggedError<StackTimeoutError>()("StackTimeoutError", {
  method: Schema.String,
  path: Schema.String,
  timeoutMillis: Schema.Number,
  limit: /*#__PURE__*/ Schema.optional(Schema.Literals(["attempt", "call"]))
}) {
  override get message(): string {
    return this.limit === "call"
      ? `${this.method} ${this.path} did not complete within its deadline of ${this.timeoutMillis} ms (attempts and waits together)`
      : `${this.method} ${this.path} did not answer within ${this.timeoutMillis} ms`
  }
}

/**
 * The service answered with a redirect (3xx). The SDK never follows one: no header, key, token or
 * body goes anywhere but the configured base URL. `location` is the origin it pointed to (or
 * `"unknown"`: a browser hides it).
 */
export class StackRedirectError extends /*#__PURE__*/ Schema.TaggedError<StackRedirectError>()("StackRedirectError", {
  method: Schema.String,
  path: Schema.String,
  status: Schema.Number,
  location: Schema.String
}) {
  override get message(): string {
    return `${this.method} ${this.path} answered a redirect (HTTP ${this.status} to ${this.location}); redirects are never followed`
  }
}

/**
 * The service asked to retry later (`Retry-After`) after a wait longer than the configured cap
 * (default 20 s): the SDK does not sleep that long, it fails at once so the application decides.
 */
export class StackRetryAfterError extends /*#__PURE__*/ Schema.TaggedError<StackRetryAfterError>()("StackRetryAfterError", {
  method: Schema.String,
  path: Schema.String,
  status: Schema.Number,
  retryAfterMillis: Schema.Number,
  maxRetryAfterMillis: Schema.Number
}) {
  override get message(): string {
    return `${this.method} ${this.path} answered HTTP ${this.status} asking to retry after ${this.retryAfterMillis} ms, more than the ${this.maxRetryAfterMillis} ms the SDK waits`
  }
}

/** The answer's body passed the configured size cap (default 16 MiB); its download was cancelled. Never retried. */
export class StackResponseTooLargeError extends /*#__PURE__*/ Schema.TaggedError<StackResponseTooLargeError>()("StackResponseTooLargeError", {
  method: Schema.String,
  path: Schema.String,
  status: Schema.Number,
  maxBytes: Schema.Number
}) {
  override get message(): string {
    return `${this.method} ${this.path} answered HTTP ${this.status} with a body larger than ${this.maxBytes} bytes; its download was cancelled` +
      (this.method === "POST" || this.method === "PATCH" ? " (the service may have acted on the request)" : "")
  }
}

/**
 * A POST or PATCH reached the service (its status arrived) but the answer was lost on the way
 * (the body broke off or could not be read): the service may have acted. It is never sent again.
 */
export class StackResponseLostError extends /*#__PURE__*/ Schema.TaggedError<StackResponseLostError>()("StackResponseLostError", {
  method: Schema.String,
  path: Schema.String,
  status: Schema.Number,
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.method} ${this.path} reached the service (HTTP ${this.status}) but its answer was lost (${this.reason}); the service may have acted. The request was not sent again`
  }
}

/** An id in the request's path is empty, `.` or `..` (it would name another resource): nothing was sent. */
export class StackInvalidIdError extends /*#__PURE__*/ Schema.TaggedError<StackInvalidIdError>()("StackInvalidIdError", {
  method: Schema.String,
  path: Schema.String
}) {
  override get message(): string {
    return `${this.method} ${this.path}: an id in the path is empty, "." or ".."; nothing was sent`
  }
}

/** The configuration is unusable (for example a secret key in a browser). */
export class StackConfigError extends /*#__PURE__*/ Schema.TaggedError<StackConfigError>()("StackConfigError", {
  reason: Schema.String
}) {
  override get message(): string {
    return this.reason
  }
}

/** Every failure the pipeline itself can produce, besides known errors: match on `_tag` exhaustively. */
export type TransportError =
  | StackDecodeError
  | StackConnectionError
  | StackOfflineError
  | StackHttpError
  | StackTimeoutError
  | StackRedirectError
  | StackRetryAfterError
  | StackResponseTooLargeError
  | StackResponseLostError
  | StackInvalidIdError

/** The `_tag` of every {@link TransportError}. */
export const transportErrorTags: ReadonlySet<TransportError["_tag"]> = /*#__PURE__*/ new Set<TransportError["_tag"]>([
  "StackDecodeError",
  "StackConnectionError",
  "StackOfflineError",
  "StackHttpError",
  "StackTimeoutError",
  "StackRedirectError",
  "StackRetryAfterError",
  "StackResponseTooLargeError",
  "StackResponseLostError",
  "StackInvalidIdError"
])

/** Whether a failure is one of the pipeline's own ({@link TransportError}) rather than an error of the service. */
export const isTransportError = (error: unknown): error is TransportError =>
  typeof error === "object" && error !== null && transportErrorTags.has((error as { _tag?: unknown })._tag as TransportError["_tag"])

/**
 * Handles every transport failure of an effect in one place (the service's own errors pass
 * through): `Users.getCurrent().pipe(catchTransport((error) => ...))`. Inside, match `error._tag`.
 */
export const catchTransport: {
  <E, A2, E2, R2>(
    f: (error: Extract<E, TransportError>) => Effect.Effect<A2, E2, R2>
  ): <A, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A | A2, Exclude<E, TransportError> | E2, R | R2>
  <A, E, R, A2, E2, R2>(
    self: Effect.Effect<A, E, R>,
    f: (error: Extract<E, TransportError>) => Effect.Effect<A2, E2, R2>
  ): Effect.Effect<A | A2, Exclude<E, TransportError> | E2, R | R2>
} = /*#__PURE__*/ dual(2, <A, E, R, A2, E2, R2>(
  self: Effect.Effect<A, E, R>,
  f: (error: Extract<E, TransportError>) => Effect.Effect<A2, E2, R2>
) =>
  Effect.catch(self, (error: E): Effect.Effect<A2, Exclude<E, TransportError> | E2, R2> =>
    isTransportError(error) ? f(error as Extract<E, TransportError>) : Effect.fail(error as Exclude<E, TransportError>)))
