/**
 * Wire shapes of user and team API keys: the key as listed
 * (only the last four characters of its value), the key just created (its whole value, kept
 * `Redacted`). Times are `Date`s decoded from the wire's milliseconds.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

const baseFields = {
  id: Schema.String,
  description: Schema.String,
  expiresAt: Schema.optional(Schema.DateFromMillis),
  manuallyRevokedAt: Schema.optional(Schema.DateFromMillis),
  createdAt: Schema.DateFromMillis,
  isPublic: Schema.Boolean
}
const baseKeys = {
  expiresAt: "expires_at_millis",
  manuallyRevokedAt: "manually_revoked_at_millis",
  createdAt: "created_at_millis",
  isPublic: "is_public"
} as const

/** What is kept of a key's value after creation. */
export const LastFour = Schema.Struct({ lastFour: Schema.String }).pipe(Wire.encodeKeys({ lastFour: "last_four" }))

const userKey = <V extends Schema.Top>(value: V) =>
  Schema.Struct({ ...baseFields, type: Schema.Literal("user"), userId: Schema.String, value }).pipe(
    Wire.encodeKeys({ ...baseKeys, userId: "user_id" })
  )
const teamKey = <V extends Schema.Top>(value: V) =>
  Schema.Struct({ ...baseFields, type: Schema.Literal("team"), teamId: Schema.String, value }).pipe(
    Wire.encodeKeys({ ...baseKeys, teamId: "team_id" })
  )

/** A user's API key as listed or read. */
export const UserApiKey = userKey(LastFour)
/** A team's API key as listed or read. */
export const TeamApiKey = teamKey(LastFour)
/** An API key as listed or read: `type` says whose. */
export const ApiKey = Schema.Union([UserApiKey, TeamApiKey])
/** An API key as listed or read. */
export type ApiKey = typeof ApiKey.Type

/** The key's whole value, answered once at creation, kept `Redacted`. */
export const SecretValue = Schema.RedactedFromValue(Schema.String)

/** A user's API key just created. */
export const CreatedUserApiKey = userKey(SecretValue)
/** A team's API key just created. */
export const CreatedTeamApiKey = teamKey(SecretValue)
/** An API key just created, with its whole value (`Redacted`). */
export const CreatedApiKey = Schema.Union([CreatedUserApiKey, CreatedTeamApiKey])
/** An API key just created. */
export type CreatedApiKey = typeof CreatedApiKey.Type

/** The `{ items }` list of keys. */
export const ApiKeyList = Schema.Struct({ items: Schema.Array(ApiKey) })
