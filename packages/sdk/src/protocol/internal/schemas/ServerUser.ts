/**
 * A user as the server reads it (`/users` with server or admin access), and its pages.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { ServerTeam } from "./Team.ts"
import { UserOAuthProvider } from "./User.ts"
import * as Wire from "./Wire.ts"

/** A team as the server reads it (a user's selected team): the one of `Team.ts`. */
export { ServerTeam }

/** The server view of a user: the client fields plus `lastActiveAt` and `serverMetadata`. */
export const ServerUser = Schema.Struct({
  id: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  primaryEmail: Schema.NullOr(Schema.String),
  primaryEmailVerified: Schema.Boolean,
  primaryEmailAuthEnabled: Schema.Boolean,
  profileImageUrl: Schema.NullOr(Schema.String),
  signedUpAt: Schema.DateFromMillis,
  lastActiveAt: Schema.DateFromMillis,
  clientMetadata: Schema.optional(Schema.Unknown),
  clientReadOnlyMetadata: Schema.optional(Schema.Unknown),
  serverMetadata: Schema.optional(Schema.Unknown),
  hasPassword: Schema.Boolean,
  otpAuthEnabled: Schema.Boolean,
  passkeyAuthEnabled: Schema.Boolean,
  requiresTotpMfa: Schema.Boolean,
  isAnonymous: Schema.Boolean,
  oauthProviders: Schema.Array(UserOAuthProvider),
  selectedTeamId: Schema.NullOr(Schema.String),
  selectedTeam: Schema.NullOr(ServerTeam)
}).pipe(Wire.encodeKeys({
  displayName: "display_name",
  primaryEmail: "primary_email",
  primaryEmailVerified: "primary_email_verified",
  primaryEmailAuthEnabled: "primary_email_auth_enabled",
  profileImageUrl: "profile_image_url",
  signedUpAt: "signed_up_at_millis",
  lastActiveAt: "last_active_at_millis",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  hasPassword: "has_password",
  otpAuthEnabled: "otp_auth_enabled",
  passkeyAuthEnabled: "passkey_auth_enabled",
  requiresTotpMfa: "requires_totp_mfa",
  isAnonymous: "is_anonymous",
  oauthProviders: "oauth_providers",
  selectedTeamId: "selected_team_id",
  selectedTeam: "selected_team"
}))

type ServerUserType = typeof ServerUser.Type
/** A user, server view. */
export interface ServerUser extends ServerUserType {}

/** One page of `GET /users`: `{ items, pagination: { next_cursor } }`. */
export const ServerUserPage = Schema.Struct({
  items: Schema.Array(ServerUser),
  pagination: Schema.optional(Schema.Struct({
    nextCursor: Schema.optional(Schema.NullOr(Schema.String))
  }).pipe(Wire.encodeKeys({ nextCursor: "next_cursor" })))
})

type ServerUserPageType = typeof ServerUserPage.Type
/** One page of `GET /users`. */
export interface ServerUserPage extends ServerUserPageType {}

/** A password in an input: plain, or kept `Redacted` until the request body is built. */
const PasswordInput = Schema.Union([Schema.String, Schema.RedactedFromValue(Schema.String)])

const writeFields = {
  primaryEmail: Schema.optional(Schema.NullOr(Schema.String)),
  primaryEmailVerified: Schema.optional(Schema.Boolean),
  primaryEmailAuthEnabled: Schema.optional(Schema.Boolean),
  password: Schema.optional(Schema.NullOr(PasswordInput)),
  passwordHash: Schema.optional(Schema.String),
  displayName: Schema.optional(Schema.NullOr(Schema.String)),
  profileImageUrl: Schema.optional(Schema.NullOr(Schema.String)),
  clientMetadata: Schema.optional(Schema.Unknown),
  clientReadOnlyMetadata: Schema.optional(Schema.Unknown),
  serverMetadata: Schema.optional(Schema.Unknown),
  otpAuthEnabled: Schema.optional(Schema.Boolean),
  passkeyAuthEnabled: Schema.optional(Schema.Boolean),
  totpSecretBase64: Schema.optional(Schema.NullOr(Schema.String))
}
const writeKeys = {
  primaryEmail: "primary_email",
  primaryEmailVerified: "primary_email_verified",
  primaryEmailAuthEnabled: "primary_email_auth_enabled",
  passwordHash: "password_hash",
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  otpAuthEnabled: "otp_auth_enabled",
  passkeyAuthEnabled: "passkey_auth_enabled",
  totpSecretBase64: "totp_secret_base64",
  isAnonymous: "is_anonymous",
  oauthProviders: "oauth_providers",
  selectedTeamId: "selected_team_id"
} as const

/** A provider account the new user signs in with. */
export const ServerUserOAuthProviderInput = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  email: Schema.NullOr(Schema.String)
}).pipe(Wire.encodeKeys({ accountId: "account_id" }))
type ServerUserOAuthProviderInputType = typeof ServerUserOAuthProviderInput.Type
/** A provider account the new user signs in with. */
export interface ServerUserOAuthProviderInput extends ServerUserOAuthProviderInputType {}

/**
 * The fields of a new user, all optional: e-mail (verified or not, signing in or not), password
 * (plain or `Redacted`) or password hash, profile, metadata, sign-in methods, linked provider
 * accounts, or an anonymous user.
 */
export const ServerUserCreate = Schema.Struct({
  ...writeFields,
  isAnonymous: Schema.optional(Schema.Boolean),
  oauthProviders: Schema.optional(Schema.Array(ServerUserOAuthProviderInput))
}).pipe(Wire.encodeKeys(writeKeys))
type ServerUserCreateType = typeof ServerUserCreate.Type
/** The fields of a new user, all optional. */
export interface ServerUserCreate extends ServerUserCreateType {}

/**
 * Changes to a user; a key left out stays as it is. `isAnonymous` takes only `false`: an
 * anonymous user can be upgraded, never the reverse.
 */
export const ServerUserUpdate = Schema.Struct({
  ...writeFields,
  selectedTeamId: Schema.optional(Schema.NullOr(Schema.String)),
  isAnonymous: Schema.optional(Schema.Literal(false))
}).pipe(Wire.encodeKeys(writeKeys))
type ServerUserUpdateType = typeof ServerUserUpdate.Type
/** Changes to a user; a key left out stays as it is. */
export interface ServerUserUpdate extends ServerUserUpdateType {}
