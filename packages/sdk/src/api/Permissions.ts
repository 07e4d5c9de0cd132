/**
 * Permissions users hold (`/project-permissions`, `/team-permissions`): the signed-in user's project
 * and team permissions, recursive by default (contained permissions included) or only
 * the direct ones on request, `has*` helpers, and the server's listing of anyone's permissions
 * and its grants and revocations of direct permissions.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import {
  ProjectPermission,
  ProjectPermissionList,
  TeamPermission,
  TeamPermissionList
} from "../protocol/internal/schemas/Permission.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A permission a user holds in a team or in the project. */
export type { ProjectPermission, TeamPermission } from "../protocol/internal/schemas/Permission.ts"

type Common = KnownError | UnknownErrorCode | TransportError

/**
 * The team permissions every project starts with: `team_admin` (what a team's creator gets; it
 * contains every team system permission) and `team_member` (what a plain member gets).
 */
export type SeededTeamPermission = "team_admin" | "team_member"

/**
 * The team system permissions the service itself checks: renaming and deleting a team, reading,
 * removing and inviting members, managing the team's API keys. Their ids start with `$`.
 */
export type TeamSystemPermission =
  | "$update_team"
  | "$delete_team"
  | "$read_members"
  | "$remove_members"
  | "$invite_members"
  | "$manage_api_keys"

/**
 * A team permission id: a seeded or system one (offered by editors as you type), or any id your
 * project defines.
 */
export type TeamPermissionId = SeededTeamPermission | TeamSystemPermission | (string & {})

/** Listings include contained permissions unless asked not to: `recursive` is `true` by default. */
export const defaultRecursive = true

/** How to list: `recursive` (default `true`) adds the permissions contained in held ones. */
export interface ListOptions {
  readonly recursive?: boolean | undefined
}

const segment = encodeURIComponent

/** What the signed-in user's listings can fail with: signed out. */
export type ListOwnError = KnownErrors.SchemaError | KnownErrors.CannotGetOwnUserWithoutUser | Common

/** The signed-in user's permissions in a team. `GET /team-permissions?team_id&user_id=me&recursive` */
export const listTeam = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, options: ListOptions = {}): Effect.fn.Return<ReadonlyArray<TeamPermission>, ListOwnError, Session.Session> {
    const page = yield* Session.call({
      method: "GET",
      path: "/team-permissions",
      query: { team_id: teamId, user_id: "me", recursive: options.recursive ?? defaultRecursive },
      response: TeamPermissionList,
      errors: [KnownErrors.SchemaError, KnownErrors.CannotGetOwnUserWithoutUser]
    })
    return page.items
  },
  /*#__PURE__*/ Traced.span("Permissions.listTeam")
)

/** The signed-in user's project permissions. `GET /project-permissions?user_id=me&recursive` */
export const listProject = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: ListOptions = {}): Effect.fn.Return<ReadonlyArray<ProjectPermission>, ListOwnError, Session.Session> {
    const page = yield* Session.call({
      method: "GET",
      path: "/project-permissions",
      query: { user_id: "me", recursive: options.recursive ?? defaultRecursive },
      response: ProjectPermissionList,
      errors: [KnownErrors.SchemaError, KnownErrors.CannotGetOwnUserWithoutUser]
    })
    return page.items
  },
  /*#__PURE__*/ Traced.span("Permissions.listProject")
)

/** Whether the signed-in user holds a team permission, directly or contained. */
export const hasTeamPermission = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, permissionId: TeamPermissionId): Effect.fn.Return<boolean, ListOwnError, Session.Session> {
    return (yield* listTeam(teamId)).some((p) => p.id === permissionId)
  },
  /*#__PURE__*/ Traced.span("Permissions.hasTeamPermission")
)

/** Whether the signed-in user holds a project permission, directly or contained. */
export const hasProjectPermission = /*#__PURE__*/ Effect.fnUntraced(
  function*(permissionId: string): Effect.fn.Return<boolean, ListOwnError, Session.Session> {
    return (yield* listProject()).some((p) => p.id === permissionId)
  },
  /*#__PURE__*/ Traced.span("Permissions.hasProjectPermission")
)

// ----- server -----

/** What the server's listings can fail with: no error specific to them. */
export type ListAnyError = KnownErrors.SchemaError | Common

/** Team permissions of any user and team (filters optional). `GET /team-permissions` (server) */
export const listTeamAsServer = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    options: ListOptions & { readonly userId?: string | undefined; readonly teamId?: string | undefined } = {}
  ): Effect.fn.Return<ReadonlyArray<TeamPermission>, ListAnyError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const page = yield* Call.call({
      method: "GET",
      path: "/team-permissions",
      query: { user_id: options.userId, team_id: options.teamId, recursive: options.recursive ?? defaultRecursive },
      response: TeamPermissionList,
      errors: [KnownErrors.SchemaError]
    })
    return page.items
  },
  /*#__PURE__*/ Traced.span("Permissions.listTeamAsServer")
)

/** Project permissions of any user (or every user). `GET /project-permissions` (server) */
export const listProjectAsServer = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: ListOptions & { readonly userId?: string | undefined } = {}): Effect.fn.Return<ReadonlyArray<ProjectPermission>, ListAnyError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const page = yield* Call.call({
      method: "GET",
      path: "/project-permissions",
      query: { user_id: options.userId, recursive: options.recursive ?? defaultRecursive },
      response: ProjectPermissionList,
      errors: [KnownErrors.SchemaError]
    })
    return page.items
  },
  /*#__PURE__*/ Traced.span("Permissions.listProjectAsServer")
)

/** What `grantTeam` can fail with: no such user, not a member, no such team permission. */
export type GrantTeamError =
  | KnownErrors.SchemaError
  | KnownErrors.UserNotFound
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.PermissionNotFound
  | KnownErrors.PermissionScopeMismatch
  | Common

/** Grants a member a team permission (granting a held one changes nothing). `POST /team-permissions/{teamId}/{userId}/{permissionId}` */
export const grantTeam = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, userId: string, permissionId: TeamPermissionId): Effect.fn.Return<TeamPermission, GrantTeamError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: `/team-permissions/${segment(teamId)}/${segment(userId)}/${segment(permissionId)}`,
      body: {},
      response: TeamPermission,
      errors: [KnownErrors.SchemaError, KnownErrors.UserNotFound, KnownErrors.TeamMembershipNotFound, KnownErrors.PermissionNotFound, KnownErrors.PermissionScopeMismatch]
    })
  },
  /*#__PURE__*/ Traced.span("Permissions.grantTeam")
)

/** What `revokeTeam` can fail with: no such user, not a member, the permission is not held directly. */
export type RevokeTeamError = KnownErrors.SchemaError | KnownErrors.UserNotFound | KnownErrors.TeamMembershipNotFound | KnownErrors.TeamPermissionNotFound | Common

/** Revokes a member's direct team permission. `DELETE /team-permissions/{teamId}/{userId}/{permissionId}` */
export const revokeTeam = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, userId: string, permissionId: TeamPermissionId): Effect.fn.Return<void, RevokeTeamError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({
      method: "DELETE",
      path: `/team-permissions/${segment(teamId)}/${segment(userId)}/${segment(permissionId)}`,
      body: {},
      response: Schema.Unknown,
      errors: [KnownErrors.SchemaError, KnownErrors.UserNotFound, KnownErrors.TeamMembershipNotFound, KnownErrors.TeamPermissionNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("Permissions.revokeTeam")
)

/** What `grantProject` can fail with: no such user, no such project permission. */
export type GrantProjectError = KnownErrors.SchemaError | KnownErrors.UserNotFound | KnownErrors.PermissionNotFound | KnownErrors.PermissionScopeMismatch | Common

/** Grants a user a project permission (granting a held one changes nothing). `POST /project-permissions/{userId}/{permissionId}` */
export const grantProject = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string, permissionId: string): Effect.fn.Return<ProjectPermission, GrantProjectError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: `/project-permissions/${segment(userId)}/${segment(permissionId)}`,
      body: {},
      response: ProjectPermission,
      errors: [KnownErrors.SchemaError, KnownErrors.UserNotFound, KnownErrors.PermissionNotFound, KnownErrors.PermissionScopeMismatch]
    })
  },
  /*#__PURE__*/ Traced.span("Permissions.grantProject")
)

/** What `revokeProject` can fail with: no such user, the permission is not held directly. */
export type RevokeProjectError = KnownErrors.SchemaError | KnownErrors.UserNotFound | KnownErrors.PermissionNotFound | Common

/** Revokes a user's direct project permission. `DELETE /project-permissions/{userId}/{permissionId}` */
export const revokeProject = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string, permissionId: string): Effect.fn.Return<void, RevokeProjectError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({
      method: "DELETE",
      path: `/project-permissions/${segment(userId)}/${segment(permissionId)}`,
      body: {},
      response: Schema.Unknown,
      errors: [KnownErrors.SchemaError, KnownErrors.UserNotFound, KnownErrors.PermissionNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("Permissions.revokeProject")
)
