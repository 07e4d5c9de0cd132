/**
 * The pipeline's, the token endpoint's and the session's way to build a `StackTransportError`:
 * one builder each, shared, so a bundle holds the wrapping once.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  ConnectionError,
  type DiagnosticProbe,
  OfflineError,
  StackTransportError,
  TimeoutError,
  type TransportErrorReason
} from "../TransportErrors.ts"

/** The transport failure for this reason. */
export const of = (reason: TransportErrorReason): StackTransportError => new StackTransportError({ reason })

/** Fails with the transport failure for this reason. */
export const fail = (reason: TransportErrorReason): Effect.Effect<never, StackTransportError> => Effect.fail(of(reason))

/** No answer after `attempts`: `OfflineError` when the host says it is offline, else a connection failure with the probes' results. */
export const unreachable = (
  method: string,
  path: string,
  reason: string,
  attempts: number,
  diagnostics: ReadonlyArray<DiagnosticProbe>,
  offline: boolean
): Effect.Effect<never, StackTransportError> =>
  fail(offline ? new OfflineError({ method, path }) : new ConnectionError({ method, path, reason, attempts, diagnostics }))

/** A time limit ran out: one attempt's (`"attempt"`) or the whole call's (`"call"`). */
export const timeout = (method: string, path: string, timeoutMillis: number, limit: "attempt" | "call"): StackTransportError =>
  of(new TimeoutError({ method, path, timeoutMillis, limit }))
