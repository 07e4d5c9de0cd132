/**
 * Linked OAuth provider accounts (SPEC §3 "OAuth provider (linked account)", §7 `/oauth-providers`)
 * and connected-account access tokens (`/connected-accounts/.../access-token`). Payloads are
 * passed through as given (snake_case).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/**
 * A provider account linked to a user, addressed by user id and its own id. `accountId` (the
 * provider's id of the account) is only shown to servers. SPEC §3
 */
export const OAuthProvider = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  type: Schema.String,
  providerConfigId: Schema.optional(Schema.String),
  email: Schema.optional(Schema.NullOr(Schema.String)),
  accountId: Schema.optional(Schema.String),
  allowSignIn: Schema.Boolean,
  allowConnectedAccounts: Schema.Boolean
}).pipe(Wire.encodeKeys({
  userId: "user_id",
  providerConfigId: "provider_config_id",
  accountId: "account_id",
  allowSignIn: "allow_sign_in",
  allowConnectedAccounts: "allow_connected_accounts"
}))

/** A provider account linked to a user. */
export type OAuthProvider = typeof OAuthProvider.Type

/** `{ items }` of `GET /oauth-providers`. SPEC §7 */
export const OAuthProviderList = Schema.Struct({ items: Schema.Array(OAuthProvider) })

/** A new linked account (server only). SPEC §7 `POST /oauth-providers` */
export interface OAuthProviderCreate {
  readonly user_id: string
  readonly provider_config_id: string
  readonly account_id: string
  readonly email?: string | undefined
  readonly allow_sign_in: boolean
  readonly allow_connected_accounts: boolean
}

/** Changes to a linked account; `email` and `account_id` only from servers. SPEC §7 */
export interface OAuthProviderUpdate {
  readonly allow_sign_in?: boolean | undefined
  readonly allow_connected_accounts?: boolean | undefined
  readonly email?: string | undefined
  readonly account_id?: string | undefined
}

/** A provider access token of a connected account; the token stays `Redacted`. SPEC §7 */
export const ProviderAccessToken = Schema.Struct({
  accessToken: Schema.RedactedFromValue(Schema.String)
}).pipe(Wire.encodeKeys({ accessToken: "access_token" }))
