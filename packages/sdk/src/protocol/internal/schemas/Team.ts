/**
 * Wire shapes of teams: the client and server read views, and the create
 * and update payloads (camelCase, encoded to the wire's snake_case).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

const clientFields = {
  id: Schema.String,
  displayName: Schema.String,
  profileImageUrl: Schema.NullOr(Schema.String),
  clientMetadata: Schema.optional(Schema.Unknown),
  clientReadOnlyMetadata: Schema.optional(Schema.Unknown)
}
const clientKeys = {
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata"
} as const

/** A team as a client reads it. */
export const Team = Schema.Struct(clientFields).pipe(Wire.encodeKeys(clientKeys))

type TeamType = typeof Team.Type
/** A team as a client reads it. */
export interface Team extends TeamType {}

/** A team as a server reads it: adds `createdAt` (from `created_at_millis`) and `serverMetadata`. */
export const ServerTeam = Schema.Struct({
  ...clientFields,
  createdAt: Schema.DateFromMillis,
  serverMetadata: Schema.optional(Schema.Unknown)
}).pipe(Wire.encodeKeys({ ...clientKeys, createdAt: "created_at_millis", serverMetadata: "server_metadata" }))

type ServerTeamType = typeof ServerTeam.Type
/** A team as a server reads it. */
export interface ServerTeam extends ServerTeamType {}

/** The `{ items }` list of teams a client reads. */
export const TeamList = Schema.Struct({ items: Schema.Array(Team) })

/** The `{ items }` list of teams a server reads. */
export const ServerTeamList = Schema.Struct({ items: Schema.Array(ServerTeam) })

const updateFields = {
  displayName: Schema.optional(Schema.String),
  profileImageUrl: Schema.optional(Schema.NullOr(Schema.String)),
  clientMetadata: Schema.optional(Schema.Unknown)
}
const serverUpdateFields = {
  ...updateFields,
  clientReadOnlyMetadata: Schema.optional(Schema.Unknown),
  serverMetadata: Schema.optional(Schema.Unknown)
}
const serverUpdateKeys = { ...clientKeys, serverMetadata: "server_metadata" } as const

/** What a client may change in a team; a key left out stays as it is. */
export const TeamUpdate = Schema.Struct(updateFields).pipe(Wire.encodeKeys(clientKeys))
type TeamUpdateType = typeof TeamUpdate.Type
/** What a client may change in a team; a key left out stays as it is. */
export interface TeamUpdate extends TeamUpdateType {}

/** What a client creates a team with: a display name at least (the caller becomes its first member). */
export const TeamCreate = Schema.Struct({ ...updateFields, displayName: Schema.String }).pipe(Wire.encodeKeys(clientKeys))
type TeamCreateType = typeof TeamCreate.Type
/** What a client creates a team with: a display name at least (the caller becomes its first member). */
export interface TeamCreate extends TeamCreateType {}

/** What a server may change in a team, its read-only and server metadata included. */
export const ServerTeamUpdate = Schema.Struct(serverUpdateFields).pipe(Wire.encodeKeys(serverUpdateKeys))
type ServerTeamUpdateType = typeof ServerTeamUpdate.Type
/** What a server may change in a team, its read-only and server metadata included. */
export interface ServerTeamUpdate extends ServerTeamUpdateType {}

/** What a server creates a team with; `creatorUserId` makes that user its first member. */
export const ServerTeamCreate = Schema.Struct({
  ...serverUpdateFields,
  displayName: Schema.String,
  creatorUserId: Schema.optional(Schema.String)
}).pipe(Wire.encodeKeys({ ...serverUpdateKeys, creatorUserId: "creator_user_id" }))
type ServerTeamCreateType = typeof ServerTeamCreate.Type
/** What a server creates a team with; `creatorUserId` makes that user its first member. */
export interface ServerTeamCreate extends ServerTeamCreateType {}

/** A membership as the service answers it (`{ team_id, user_id }`). */
export const TeamMembership = Schema.Struct({ teamId: Schema.String, userId: Schema.String }).pipe(
  Wire.encodeKeys({ teamId: "team_id", userId: "user_id" })
)

type TeamMembershipType = typeof TeamMembership.Type
/** A membership. */
export interface TeamMembership extends TeamMembershipType {}
