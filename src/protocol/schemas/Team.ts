/**
 * Wire shapes of teams (SPEC §3 Team, §7 Teams): the client and server read views, and the create
 * and update payloads, which are passed through as given (snake_case).
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

/** A team as a client reads it. SPEC §3 */
export const Team = Schema.Struct(clientFields).pipe(Wire.encodeKeys(clientKeys))

/** A team as a client reads it. SPEC §3 */
export type Team = typeof Team.Type

/** A team as a server reads it: adds `createdAt` (from `created_at_millis`) and `serverMetadata`. SPEC §3 */
export const ServerTeam = Schema.Struct({
  ...clientFields,
  createdAt: Schema.DateFromMillis,
  serverMetadata: Schema.optional(Schema.Unknown)
}).pipe(Wire.encodeKeys({ ...clientKeys, createdAt: "created_at_millis", serverMetadata: "server_metadata" }))

/** A team as a server reads it. SPEC §3 */
export type ServerTeam = typeof ServerTeam.Type

/** The `{ items }` list of teams a client reads. SPEC §7 */
export const TeamList = Schema.Struct({ items: Schema.Array(Team) })

/** The `{ items }` list of teams a server reads. SPEC §7 */
export const ServerTeamList = Schema.Struct({ items: Schema.Array(ServerTeam) })

/** What a client may change in a team (passed through). SPEC §3 */
export interface TeamUpdate {
  readonly display_name?: string
  readonly profile_image_url?: string | null
  readonly client_metadata?: unknown
}

/** What a client creates a team with (passed through; the SDK adds `creator_user_id: "me"`). SPEC §3 */
export interface TeamCreate extends TeamUpdate {
  readonly display_name: string
}

/** What a server may change in a team (passed through). SPEC §3 */
export interface ServerTeamUpdate extends TeamUpdate {
  readonly client_read_only_metadata?: unknown
  readonly server_metadata?: unknown
}

/** What a server creates a team with; `creator_user_id` makes that user its first member. SPEC §3 */
export interface ServerTeamCreate extends ServerTeamUpdate {
  readonly display_name: string
  readonly creator_user_id?: string
}

/** A membership as the service answers it (`{ team_id, user_id }`). SPEC §3 */
export const TeamMembership = Schema.Struct({ teamId: Schema.String, userId: Schema.String }).pipe(
  Wire.encodeKeys({ teamId: "team_id", userId: "user_id" })
)

/** A membership. SPEC §3 */
export type TeamMembership = typeof TeamMembership.Type
