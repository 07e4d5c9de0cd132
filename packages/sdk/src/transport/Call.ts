/**
 * The typed call layer every API function uses: decode the success body with its wire schema,
 * and turn the generic known errors of the pipeline into the classes the call declares.
 *
 * A known error outside a call's declared set still arrives typed (`KnownError`); a code
 * the SDK does not know arrives as `UnknownErrorCode`.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import { type InstanceOf, KnownError, type KnownErrorConstructor, UnknownErrorCode } from "../protocol/KnownError.ts"
import { codes as knownCodes } from "../protocol/internal/KnownErrorCodes.ts"
import { StackHttp, type StackRequest, type StackResponse } from "./StackHttp.ts"
import * as Decoders from "./internal/Decoders.ts"
import * as Failures from "./internal/Failures.ts"
import { DecodeError, type TransportError } from "./TransportErrors.ts"
import { notify } from "./WriteObserver.ts"

/** Any known-error constructor. */
// oxlint-disable-next-line no-explicit-any
export type AnyKnownErrorConstructor = KnownErrorConstructor<any>

/** The failures of a call that declares `Errors`. */
export type CallError<Errors extends ReadonlyArray<AnyKnownErrorConstructor>> =
  | InstanceOf<Errors[number]>
  | KnownError
  | UnknownErrorCode
  | TransportError

/** What a typed call needs besides the request. */
export interface CallOptions<A, I, Errors extends ReadonlyArray<AnyKnownErrorConstructor>> extends StackRequest {
  /** The wire schema of the success body. */
  readonly response: Schema.Codec<A, I>
  /** The known errors this call can really return. */
  readonly errors: Errors
}

const formatIssue = /*#__PURE__*/ SchemaIssue.makeFormatterDefault()

/**
 * Decodes a body with a wire schema; a mismatch is a `StackTransportError` (reason `DecodeError`) naming its path (the
 * issue's text, which may quote the body, goes through `scrub`: no secret the answer echoed).
 */
export const decodeBody = <A, I>(
  schema: Schema.Codec<A, I>,
  request: Pick<StackRequest, "method" | "path">,
  body: unknown,
  scrub: (text: string) => string = (text) => text
): Effect.Effect<A, TransportError> => {
  const decoded = Decoders.of(schema)(body) as Effect.Effect<A, SchemaIssue.Issue>
  // a success is already an `Exit` (Schema's parser is eager): given back as it is
  if (Exit.isExit(decoded) && Exit.isSuccess(decoded)) return decoded as Exit.Exit<A>
  return Effect.mapError(decoded, (issue) =>
    Failures.of(new DecodeError({ method: request.method, path: request.path, issue: scrub(formatIssue(issue)) })))
}

/** Turns a generic known error into the declared class with that code, if any. */
export const refineKnownError = <Errors extends ReadonlyArray<AnyKnownErrorConstructor>>(
  errors: Errors,
  error: KnownError
): InstanceOf<Errors[number]> | KnownError | UnknownErrorCode => {
  for (const constructor of errors) {
    if (constructor.code === error.code) {
      return constructor.fromWire({ status: error.status, code: error.code, message: error.message, details: error.details })
    }
  }
  if (knownCodes.has(error.code)) return error
  return new UnknownErrorCode({ code: error.code, status: error.status, message: error.message, details: error.details })
}

/** Runs a request through `execute`, decoding the body and refining known errors; a write is told to the `WriteObserver`. */
export const run = <A, I, Errors extends ReadonlyArray<AnyKnownErrorConstructor>, E, R>(
  execute: (request: StackRequest) => Effect.Effect<StackResponse, KnownError | E, R>,
  options: CallOptions<A, I, Errors>
): Effect.Effect<A, CallError<Errors> | E, R> => {
  // one step for both outcomes (not a `catch` and a `flatMap`): it runs on every call
  const decoded = Effect.matchEffect(execute(options), {
    onFailure: (error: KnownError | E) =>
      Effect.fail(error instanceof KnownError ? refineKnownError(options.errors, error) : error),
    onSuccess: (response) => decodeBody(options.response, options, response.body, response.scrub)
  })
  // a read changes nothing: only writes are told (no step on the path of every read)
  return (options.method === "GET"
    ? decoded
    : Effect.tap(decoded, (answer) => notify(options, answer, options.response !== (Schema.Unknown as Schema.Top)))) as Effect.Effect<
      A,
      CallError<Errors> | E,
      R
    >
}

/** A call without user tokens, through the app's pipeline (server and admin calls). */
export const call = <A, I, Errors extends ReadonlyArray<AnyKnownErrorConstructor>>(
  options: CallOptions<A, I, Errors>
): Effect.Effect<A, CallError<Errors>, StackHttp> =>
  StackHttp.use((http) => run(http.execute, options))
