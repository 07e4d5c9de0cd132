/**
 * Linked OAuth provider accounts (`/oauth-providers`)
 * and connected-account access tokens (`/connected-accounts/.../access-token`). Payloads are
 * camelCase, encoded to the wire's snake_case.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/**
 * A provider account linked to a user, addressed by user id and its own id. `accountId` (the
 * provider's id of the account) is only shown to servers.
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

type OAuthProviderType = typeof OAuthProvider.Type
/** A provider account linked to a user. */
export interface OAuthProvider extends OAuthProviderType {}

/** `{ items }` of `GET /oauth-providers`. */
export const OAuthProviderList = Schema.Struct({ items: Schema.Array(OAuthProvider) })

const inputKeys = {
  userId: "user_id",
  providerConfigId: "provider_config_id",
  accountId: "account_id",
  allowSignIn: "allow_sign_in",
  allowConnectedAccounts: "allow_connected_accounts"
} as const

/** A provider account to link to a user (servers only). */
export const OAuthProviderCreate = Schema.Struct({
  userId: Schema.String,
  providerConfigId: Schema.String,
  accountId: Schema.String,
  email: Schema.optional(Schema.String),
  allowSignIn: Schema.Boolean,
  allowConnectedAccounts: Schema.Boolean
}).pipe(Wire.encodeKeys(inputKeys))
type OAuthProviderCreateType = typeof OAuthProviderCreate.Type
/** A provider account to link to a user (servers only). */
export interface OAuthProviderCreate extends OAuthProviderCreateType {}

/** Changes to a linked account; `email` and `accountId` only from servers. */
export const OAuthProviderUpdate = Schema.Struct({
  allowSignIn: Schema.optional(Schema.Boolean),
  allowConnectedAccounts: Schema.optional(Schema.Boolean),
  email: Schema.optional(Schema.String),
  accountId: Schema.optional(Schema.String)
}).pipe(Wire.encodeKeys(inputKeys))
type OAuthProviderUpdateType = typeof OAuthProviderUpdate.Type
/** Changes to a linked account; `email` and `accountId` only from servers. */
export interface OAuthProviderUpdate extends OAuthProviderUpdateType {}

/** Changes a signed-in user may make to one of their linked accounts. */
export const OAuthProviderOwnUpdate = Schema.Struct({
  allowSignIn: Schema.optional(Schema.Boolean),
  allowConnectedAccounts: Schema.optional(Schema.Boolean)
}).pipe(Wire.encodeKeys(inputKeys))
type OAuthProviderOwnUpdateType = typeof OAuthProviderOwnUpdate.Type
/** Changes a signed-in user may make to one of their linked accounts. */
export interface OAuthProviderOwnUpdate extends OAuthProviderOwnUpdateType {}

/** A provider access token of a connected account; the token stays `Redacted`. */
export const ProviderAccessToken = Schema.Struct({
  accessToken: Schema.RedactedFromValue(Schema.String)
}).pipe(Wire.encodeKeys({ accessToken: "access_token" }))
