/**
 * Failures of the HTTP pipeline that are not known errors of the protocol: one error,
 * {@link StackTransportError}, whose `reason` says what went wrong (the style of `effect/http`'s
 * `HttpClientError`). Handle them all with `Effect.catchTag("StackTransportError", ...)`, one reason
 * with `Effect.catchReason("StackTransportError", "TimeoutError", ...)`, several with
 * `Effect.catchReasons`, or lift the reasons into the error channel with
 * `Effect.unwrapReason("StackTransportError")`.
 *
 * None of them carries a key or a token, even when the service echoes one back: text taken from an
 * answer is scrubbed of the configured keys and the request's tokens before it is stored.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"

/** One network-diagnostics probe (the service's health route, a well-known site) and what it found. */
export const DiagnosticProbe = /*#__PURE__*/ Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  result: Schema.String
})
/** @category models */
export type DiagnosticProbe = typeof DiagnosticProbe.Type

// ----- the reasons -----

/**
 * The service could not be reached. Raised at once for POST and PATCH (they are never re-sent),
 * and for other methods after their retries (5 attempts, exponential back-off). `reason`: the
 * network's own words; `diagnostics`: the probes' results. A reason of {@link StackTransportError}.
 *
 * @category reasons
 */
export class ConnectionError extends /*#__PURE__*/ Schema.TaggedError<ConnectionError>()("ConnectionError", {
  method: Schema.String,
  path: Schema.String,
  reason: Schema.String,
  attempts: Schema.Number,
  diagnostics: /*#__PURE__*/ Schema.Array(DiagnosticProbe)
}) {
  override get message(): string {
    return `Unable to connect to the service (${this.method} ${this.path} after ${this.attempts} attempt(s)): ${this.reason}`
  }
}

/** The browser reports itself offline (`navigator.onLine` is false). A reason of {@link StackTransportError}. @category reasons */
export class OfflineError extends /*#__PURE__*/ Schema.TaggedError<OfflineError>()("OfflineError", {
  method: Schema.String,
  path: Schema.String
}) {
  override get message(): string {
    return "You are offline"
  }
}

/**
 * A non-2xx answer that is not a known error (for example a 500, or a 429 after every retry).
 * `body`: its first 2,000 characters, known secrets scrubbed. A reason of {@link StackTransportError}.
 *
 * @category reasons
 */
export class HttpError extends /*#__PURE__*/ Schema.TaggedError<HttpError>()("HttpError", {
  method: Schema.String,
  path: Schema.String,
  status: Schema.Number,
  body: Schema.String
}) {
  override get message(): string {
    return `${this.method} ${this.path} answered HTTP ${this.status}: ${this.body.slice(0, 200)}`
  }
}

/** An answer that does not match the wire schema; `issue` names the path of the mismatch. A reason of {@link StackTransportError}. @category reasons */
export class DecodeError extends /*#__PURE__*/ Schema.TaggedError<DecodeError>()("DecodeError", {
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
 * Defaults: 30 s per attempt, 90 s per call (`Limits`). A reason of {@link StackTransportError}.
 *
 * @category reasons
 */
export class TimeoutError extends /*#__PURE__*/ Schema.TaggedError<TimeoutError>()("TimeoutError", {
  method: Schema.String,
  path: Schema.String,
  timeoutMillis: Schema.Number,
  limit: /*#__PURE__*/ Schema.optional(/*#__PURE__*/ Schema.Literals(["attempt", "call"]))
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
 * `"unknown"`: a browser hides it). A reason of {@link StackTransportError}.
 *
 * @category reasons
 */
export class RedirectError extends /*#__PURE__*/ Schema.TaggedError<RedirectError>()("RedirectError", {
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
 * A reason of {@link StackTransportError}.
 *
 * @category reasons
 */
export class RetryAfterError extends /*#__PURE__*/ Schema.TaggedError<RetryAfterError>()("RetryAfterError", {
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

/**
 * The answer's body passed the configured size cap (default 16 MiB); its download was cancelled.
 * Never retried. A reason of {@link StackTransportError}.
 *
 * @category reasons
 */
export class ResponseTooLargeError extends /*#__PURE__*/ Schema.TaggedError<ResponseTooLargeError>()("ResponseTooLargeError", {
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
 * A reason of {@link StackTransportError}.
 *
 * @category reasons
 */
export class ResponseLostError extends /*#__PURE__*/ Schema.TaggedError<ResponseLostError>()("ResponseLostError", {
  method: Schema.String,
  path: Schema.String,
  status: Schema.Number,
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.method} ${this.path} reached the service (HTTP ${this.status}) but its answer was lost (${this.reason}); the service may have acted. The request was not sent again`
  }
}

/** An id in the request's path is empty, `.` or `..` (it would name another resource): nothing was sent. A reason of {@link StackTransportError}. @category reasons */
export class InvalidIdError extends /*#__PURE__*/ Schema.TaggedError<InvalidIdError>()("InvalidIdError", {
  method: Schema.String,
  path: Schema.String
}) {
  override get message(): string {
    return `${this.method} ${this.path}: an id in the path is empty, "." or ".."; nothing was sent`
  }
}

/** What went wrong in a {@link StackTransportError}: match on `_tag` exhaustively. @category reasons */
export type TransportErrorReason =
  | ConnectionError
  | OfflineError
  | HttpError
  | DecodeError
  | TimeoutError
  | RedirectError
  | RetryAfterError
  | ResponseTooLargeError
  | ResponseLostError
  | InvalidIdError

/** The schema of {@link TransportErrorReason} (each reason is a `Schema.TaggedError` class). @category reasons */
export const TransportErrorReason = /*#__PURE__*/ Schema.Union([
  ConnectionError,
  OfflineError,
  HttpError,
  DecodeError,
  TimeoutError,
  RedirectError,
  RetryAfterError,
  ResponseTooLargeError,
  ResponseLostError,
  InvalidIdError
])

// ----- the error -----

/**
 * Every failure the pipeline itself can produce, besides known errors of the service: one error
 * whose `reason` says which (a timeout, no connection, an unexpected status...). Its `message` is
 * the reason's. `Effect.catchReason("StackTransportError", "TimeoutError", (reason) => ...)` handles
 * one reason and leaves the others in the error channel.
 *
 * @category errors
 */
export class StackTransportError extends /*#__PURE__*/ Schema.TaggedError<StackTransportError>()("StackTransportError", {
  reason: TransportErrorReason
}) {
  override get message(): string {
    return this.reason.message
  }
}

/** The transport failure every call's error type lists: {@link StackTransportError}. @category errors */
export type TransportError = StackTransportError

/**
 * Whether a failure is the pipeline's own ({@link StackTransportError}) rather than an error of the
 * service: for `Match.when(isTransportError, ...)`, or a value of unknown type (an error boundary).
 */
export const isTransportError = (error: unknown): error is StackTransportError =>
  typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "StackTransportError"

/** The configuration is unusable (for example a secret key in a browser). */
export class StackConfigError extends /*#__PURE__*/ Schema.TaggedError<StackConfigError>()("StackConfigError", {
  reason: Schema.String
}) {
  override get message(): string {
    return this.reason
  }
}
