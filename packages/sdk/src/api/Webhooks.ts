/**
 * Webhooks, admin only (`POST /webhooks/svix-token`):
 * a token for the third-party webhook service's portal, where endpoints are managed.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { AdminAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** What {@link createSvixToken} can fail with: no error specific to it. */
export type CreateSvixTokenError = Call.CallError<readonly []>

/** A token for the webhook service's portal, kept `Redacted`. `POST /webhooks/svix-token` */
export const createSvixToken = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<Redacted.Redacted<string>, CreateSvixTokenError, StackHttp | AdminAccess> {
    yield* AdminAccess
    const answer = yield* Call.call({
      method: "POST",
      path: "/webhooks/svix-token",
      body: {},
      response: Schema.Struct({ token: Schema.String }),
      errors: []
    })
    return Redacted.make(answer.token)
  },
  /*#__PURE__*/ Traced.span("Webhooks.createSvixToken")
)
