/**
 * Connected accounts (`/connected-accounts/.../access-token`): a provider access token of the
 * user's linked account for the scopes asked. `OAuthConnectionNotConnectedToUser` and
 * `OAuthConnectionDoesNotHaveRequiredScope` mean "no access token" and give `Option.none()`;
 * other failures stay failures. The token stays `Redacted`.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import {
  SchemaError,
  CannotGetOwnUserWithoutUser,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthProviderNotFoundOrNotEnabled,
  UserNotFound
} from "../protocol/KnownErrors.ts"
import { ProviderAccessToken } from "../protocol/internal/schemas/OAuthProvider.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** Options of an access-token request. */
export interface Options {
  /** Provider scopes the token must carry (sent space-separated as `scope`). */
  readonly scopes?: ReadonlyArray<string> | undefined
}

type Common = KnownError | UnknownErrorCode | TransportError

const errors = [
  OAuthConnectionNotConnectedToUser,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthProviderNotFoundOrNotEnabled,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys
] as const

const tokenPath = (userId: string, providerId: string) =>
  `/connected-accounts/${encodeURIComponent(userId)}/${encodeURIComponent(providerId)}/access-token`

const some = (answer: { readonly accessToken: Redacted.Redacted<string> }) => Option.some(answer.accessToken)
const none = () => Effect.succeed(Option.none<Redacted.Redacted<string>>())
/** The two errors that mean "no access token". */
const noToken = ["OAuthConnectionNotConnectedToUser", "OAuthConnectionDoesNotHaveRequiredScope"] as const

/** What `getAccessToken` can fail with (besides "no access token", which is `none`). */
export type GetAccessTokenError =
  | SchemaError
  | OAuthProviderNotFoundOrNotEnabled
  | OAuthAccessTokenNotAvailableWithSharedOAuthKeys
  | CannotGetOwnUserWithoutUser
  | Common

/**
 * The current user's access token at a provider, or `none` when the user has no such connection
 * or it lacks a scope. `POST /connected-accounts/me/{provider}/access-token`
 */
export const getAccessToken = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    providerId: string,
    options: Options = {}
  ): Effect.fn.Return<Option.Option<Redacted.Redacted<string>>, GetAccessTokenError, Session.Session> {
    return yield* Session.call({
      method: "POST",
      path: tokenPath("me", providerId),
      body: { scope: (options.scopes ?? []).join(" ") },
      response: ProviderAccessToken,
      errors: [SchemaError, ...errors, CannotGetOwnUserWithoutUser]
    }).pipe(Effect.map(some), Effect.catchTag(noToken, none))
  },
  /*#__PURE__*/ Traced.span("ConnectedAccounts.getAccessToken")
)

/** What `getAccessTokenForUser` can fail with. */
export type GetAccessTokenForUserError =
  | SchemaError
  | OAuthProviderNotFoundOrNotEnabled
  | OAuthAccessTokenNotAvailableWithSharedOAuthKeys
  | UserNotFound
  | Common

/** A user's access token at a provider, or `none`. `POST /connected-accounts/{userId}/{provider}/access-token` */
export const getAccessTokenForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    userId: string,
    providerId: string,
    options: Options = {}
  ): Effect.fn.Return<Option.Option<Redacted.Redacted<string>>, GetAccessTokenForUserError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: tokenPath(userId, providerId),
      body: { scope: (options.scopes ?? []).join(" ") },
      response: ProviderAccessToken,
      errors: [SchemaError, ...errors, UserNotFound]
    }).pipe(Effect.map(some), Effect.catchTag(noToken, none))
  },
  /*#__PURE__*/ Traced.span("ConnectedAccounts.getAccessTokenForUser")
)
