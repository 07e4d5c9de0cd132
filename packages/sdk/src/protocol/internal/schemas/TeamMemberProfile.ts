/**
 * Wire shapes of team member profiles: a member's display name and
 * image in one team; the payload carries `team_id` and `user_id`.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A member's profile in a team. */
export const TeamMemberProfile = Schema.Struct({
  teamId: Schema.String,
  userId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  profileImageUrl: Schema.NullOr(Schema.String)
}).pipe(Wire.encodeKeys({
  teamId: "team_id",
  userId: "user_id",
  displayName: "display_name",
  profileImageUrl: "profile_image_url"
}))

type TeamMemberProfileType = typeof TeamMemberProfile.Type
/** A member's profile in a team. */
export interface TeamMemberProfile extends TeamMemberProfileType {}

/** The `{ items }` list of profiles. */
export const TeamMemberProfileList = Schema.Struct({ items: Schema.Array(TeamMemberProfile) })

/** What a member may change in their profile in one team; a key left out stays as it is. */
export const TeamMemberProfileUpdate = Schema.Struct({
  displayName: Schema.optional(Schema.String),
  profileImageUrl: Schema.optional(Schema.NullOr(Schema.String))
}).pipe(Wire.encodeKeys({ displayName: "display_name", profileImageUrl: "profile_image_url" }))
type TeamMemberProfileUpdateType = typeof TeamMemberProfileUpdate.Type
/** What a member may change in their profile in one team; a key left out stays as it is. */
export interface TeamMemberProfileUpdate extends TeamMemberProfileUpdateType {}
