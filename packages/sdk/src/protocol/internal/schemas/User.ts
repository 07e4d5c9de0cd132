/**
 * The current user as a client reads it (`GET /users/me`) and the
 * update payload of `PATCH /users/me`.
 *
 * `signedUpAt` is a `Date`, decoded from the wire's `signed_up_at_millis` (milliseconds since the
 * epoch); `emailAuthEnabled` and `isMultiFactorRequired` are the wire's `auth_with_email` and
 * `requires_totp_mfa`.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { Team } from "./Team.ts"
import * as Wire from "./Wire.ts"

/** A provider account linked to the user, as the user view lists it. */
export const UserOAuthProvider = Schema.Struct({
  id: Schema.String,
  accountId: Schema.String,
  email: Schema.optional(Schema.NullOr(Schema.String))
}).pipe(Wire.encodeKeys({ accountId: "account_id" }))

type UserOAuthProviderType = typeof UserOAuthProvider.Type
/** A provider account linked to the user. */
export interface UserOAuthProvider extends UserOAuthProviderType {}

/** The signed-in user, client view. */
export const CurrentUser = Schema.Struct({
  id: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  primaryEmail: Schema.NullOr(Schema.String),
  primaryEmailVerified: Schema.Boolean,
  profileImageUrl: Schema.NullOr(Schema.String),
  signedUpAt: Schema.DateFromMillis,
  clientMetadata: Schema.optional(Schema.Unknown),
  clientReadOnlyMetadata: Schema.optional(Schema.Unknown),
  hasPassword: Schema.Boolean,
  emailAuthEnabled: Schema.Boolean,
  otpAuthEnabled: Schema.Boolean,
  passkeyAuthEnabled: Schema.Boolean,
  oauthProviders: Schema.Array(UserOAuthProvider),
  isMultiFactorRequired: Schema.Boolean,
  isAnonymous: Schema.Boolean,
  selectedTeamId: Schema.NullOr(Schema.String),
  selectedTeam: Schema.NullOr(Team)
}).pipe(Wire.encodeKeys({
  displayName: "display_name",
  primaryEmail: "primary_email",
  primaryEmailVerified: "primary_email_verified",
  profileImageUrl: "profile_image_url",
  signedUpAt: "signed_up_at_millis",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  hasPassword: "has_password",
  emailAuthEnabled: "auth_with_email",
  otpAuthEnabled: "otp_auth_enabled",
  passkeyAuthEnabled: "passkey_auth_enabled",
  oauthProviders: "oauth_providers",
  isMultiFactorRequired: "requires_totp_mfa",
  isAnonymous: "is_anonymous",
  selectedTeamId: "selected_team_id",
  selectedTeam: "selected_team"
}))

type CurrentUserType = typeof CurrentUser.Type
/** The signed-in user, client view. */
export interface CurrentUser extends CurrentUserType {}

/**
 * Changes to the signed-in user: `null` clears a field, a key left out stays as it is. Encodes to
 * the snake_case body of `PATCH /users/me`.
 */
export const CurrentUserUpdate = Schema.Struct({
  displayName: Schema.optional(Schema.NullOr(Schema.String)),
  profileImageUrl: Schema.optional(Schema.NullOr(Schema.String)),
  clientMetadata: Schema.optional(Schema.Unknown),
  selectedTeamId: Schema.optional(Schema.NullOr(Schema.String)),
  totpSecretBase64: Schema.optional(Schema.NullOr(Schema.String)),
  otpAuthEnabled: Schema.optional(Schema.Boolean),
  passkeyAuthEnabled: Schema.optional(Schema.Boolean)
}).pipe(Wire.encodeKeys({
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  selectedTeamId: "selected_team_id",
  totpSecretBase64: "totp_secret_base64",
  otpAuthEnabled: "otp_auth_enabled",
  passkeyAuthEnabled: "passkey_auth_enabled"
}))

type CurrentUserUpdateType = typeof CurrentUserUpdate.Type

/** Changes to the signed-in user: `null` clears a field, a key left out stays as it is. */
export interface CurrentUserUpdate extends CurrentUserUpdateType {}
