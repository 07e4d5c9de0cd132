/**
 * Project metrics, admin only (`GET /internal/metrics`): user
 * counts, sign-ups and active users per day over the last 30 days, recent users, sign-in methods.
 *
 * @since 0.1.0
 * @module
 */
import { SchemaError } from "../protocol/KnownErrors.ts"
import * as Effect from "effect/Effect"
import { Metrics } from "../protocol/internal/schemas/Metrics.ts"
import { AdminAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The project's metrics. */
export type { Metrics } from "../protocol/internal/schemas/Metrics.ts"

/** What {@link get} can fail with: no error specific to it. */
export type GetError = SchemaError | Call.CallError<readonly []>

/** What `get` takes: whether anonymous users count. */
export interface GetOptions {
  readonly includeAnonymous?: boolean | undefined
}

/** The project's metrics; anonymous users count only with `includeAnonymous`. `GET /internal/metrics` */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: GetOptions = {}): Effect.fn.Return<Metrics, GetError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({
      method: "GET",
      path: "/internal/metrics",
      query: { include_anonymous: options.includeAnonymous === true ? "true" : undefined },
      response: Metrics,
      errors: [SchemaError]
    })
  },
  /*#__PURE__*/ Traced.span("Metrics.get")
)
