/**
 * Failures of the HTTP pipeline that are not known errors of the protocol (SPEC §8, client-side
 * handling). None of them carries a key or a token.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"

/** One network-diagnostics probe and what it found. SPEC §7 */
export const DiagnosticProbe = /*#__PURE__*/ Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  result: Schema.String
})
/** @category models */
export type DiagnosticProbe = typeof DiagnosticProbe.Type

/**
 * The service could not be reached. Raised at once for POST and PATCH (they are never re-sent),
 * and for other methods after the retries of SPEC §9. Carries the diagnostics probes' results.
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

/** The browser reports itself offline. SPEC §8 */
export class StackOfflineError extends /*#__PURE__*/ Schema.TaggedError<StackOfflineError>()("StackOfflineError", {
  method: Schema.String,
  path: Schema.String
}) {
  override get message(): string {
    return "You are offline"
  }
}

/** A non-2xx answer that is not a known error (for example a 500, or a 429 after every retry). */
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

/** No answer within the per-request timeout the caller set. */
export class StackTimeoutError extends /*#__PURE__*/ Schema.TaggedError<StackTimeoutError>()("StackTimeoutError", {
  method: Schema.String,
  path: Schema.String,
  timeoutMillis: Schema.Number
}) {
  override get message(): string {
    return `${this.method} ${this.path} did not answer within ${this.timeoutMillis} ms`
  }
}

/** The configuration is unusable (for example a secret key in a browser). SPEC §6 */
export class StackConfigError extends /*#__PURE__*/ Schema.TaggedError<StackConfigError>()("StackConfigError", {
  reason: Schema.String
}) {
  override get message(): string {
    return this.reason
  }
}

/** Every failure the pipeline itself can produce, besides known errors. */
export type TransportError =
  | StackDecodeError
  | StackConnectionError
  | StackOfflineError
  | StackHttpError
  | StackTimeoutError
