/**
 * Wire shapes of held permissions: a team permission of a user in a
 * team, and a project permission of a user.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A team permission a user holds in a team. */
export const TeamPermission = Schema.Struct({ id: Schema.String, userId: Schema.String, teamId: Schema.String }).pipe(
  Wire.encodeKeys({ userId: "user_id", teamId: "team_id" })
)

type TeamPermissionType = typeof TeamPermission.Type
/** A team permission a user holds in a team. */
export interface TeamPermission extends TeamPermissionType {}

/** A project permission a user holds. */
export const ProjectPermission = Schema.Struct({ id: Schema.String, userId: Schema.String }).pipe(
  Wire.encodeKeys({ userId: "user_id" })
)

type ProjectPermissionType = typeof ProjectPermission.Type
/** A project permission a user holds. */
export interface ProjectPermission extends ProjectPermissionType {}

/** The `{ items }` list of team permissions. */
export const TeamPermissionList = Schema.Struct({ items: Schema.Array(TeamPermission) })

/** The `{ items }` list of project permissions. */
export const ProjectPermissionList = Schema.Struct({ items: Schema.Array(ProjectPermission) })
