/**
 * Reading a transport failure in a test: its reason (the test fails for any other failure), and a
 * failure's tag as the React error table keys it (a transport failure by its reason's tag).
 */
import { assert } from "@effect/vitest"
import {
  isTransportError,
  type StackTransportError,
  type TransportErrorReason
} from "../../packages/sdk/src/transport/TransportErrors.ts"

/** The reason of a `StackTransportError`; fails the test for any other failure. */
export const reasonOf = (error: unknown): TransportErrorReason => {
  assert.isTrue(isTransportError(error), `expected a StackTransportError, got ${String((error as { _tag?: unknown })?._tag ?? error)}`)
  return (error as StackTransportError).reason
}

/** The reason of a `StackTransportError`, which must be `tag`; fails the test otherwise. */
export const reasonWith = <const T extends TransportErrorReason["_tag"]>(
  error: unknown,
  tag: T
): Extract<TransportErrorReason, { readonly _tag: T }> => {
  const reason = reasonOf(error)
  assert.strictEqual(reason._tag, tag)
  return reason as Extract<TransportErrorReason, { readonly _tag: T }>
}

/** A failure's tag, a transport failure's by its reason (`TimeoutError`); `undefined` without one. */
export const keyOf = (error: unknown): string | undefined =>
  isTransportError(error)
    ? error.reason._tag
    : typeof error === "object" && error !== null && typeof (error as { _tag?: unknown })._tag === "string"
    ? (error as { _tag: string })._tag
    : undefined

/** A failure's tag, with a transport failure's reason: `StackTransportError (TimeoutError)`. */
export const labelOf = (error: unknown): string | undefined =>
  isTransportError(error) ? `StackTransportError (${error.reason._tag})` : keyOf(error)
