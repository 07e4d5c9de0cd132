/**
 * Team member profiles (`/team-member-profiles`): a member's display name and image
 * in one team. A client reads its own profile in its teams, everyone's with `$read_members`, and
 * updates only its own (`me`); a server reads and updates any.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { TeamMemberProfile, TeamMemberProfileList, TeamMemberProfileUpdate } from "../protocol/internal/schemas/TeamMemberProfile.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import * as Session from "../session/Session.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A member's profile in a team, and the changes a member may make to it. */
export type { TeamMemberProfile, TeamMemberProfileUpdate } from "../protocol/internal/schemas/TeamMemberProfile.ts"

type Common = KnownError | UnknownErrorCode | TransportError

const encodeUpdate = /*#__PURE__*/ Wire.encodeInput(TeamMemberProfileUpdate)

const path = (teamId: string, userId: string) => `/team-member-profiles/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`

/** What `list` can fail with: not a member, lacking `$read_members`, no such team or user, signed out. */
export type ListError =
  | KnownErrors.SchemaError
  | KnownErrors.CannotGetOwnUserWithoutUser
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.TeamPermissionRequired
  | KnownErrors.TeamNotFound
  | KnownErrors.UserNotFound
  | Common

/** What `list` takes: the team, and one member (`me` allowed) to read only theirs. */
export interface ListOptions {
  readonly teamId: string
  readonly userId?: string | undefined
}

/** The profiles of a team's members (only one user's with `userId`, `me` allowed), oldest first. `GET /team-member-profiles` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: ListOptions): Effect.fn.Return<ReadonlyArray<TeamMemberProfile>, ListError, Session.Session> {
    const page = yield* Session.call({
      method: "GET",
      path: "/team-member-profiles",
      query: { team_id: options.teamId, user_id: options.userId },
      response: TeamMemberProfileList,
      errors: [
        KnownErrors.SchemaError,
        KnownErrors.CannotGetOwnUserWithoutUser,
        KnownErrors.TeamMembershipNotFound,
        KnownErrors.TeamPermissionRequired,
        KnownErrors.TeamNotFound,
        KnownErrors.UserNotFound
      ]
    })
    return page.items
  },
  /*#__PURE__*/ Traced.span("TeamMemberProfiles.list")
)

/** What `get` can fail with: not a member, lacking `$read_members` (for others), signed out. */
export type GetError =
  | KnownErrors.SchemaError
  | KnownErrors.CannotGetOwnUserWithoutUser
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.TeamPermissionRequired
  | KnownErrors.UserNotFound
  | Common

/** A member's profile in a team; the signed-in user's by default. `GET /team-member-profiles/{teamId}/{userId}` */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, userId = "me"): Effect.fn.Return<TeamMemberProfile, GetError, Session.Session> {
    return yield* Session.call({
      method: "GET",
      path: path(teamId, userId),
      response: TeamMemberProfile,
      errors: [
        KnownErrors.SchemaError,
        KnownErrors.CannotGetOwnUserWithoutUser,
        KnownErrors.TeamMembershipNotFound,
        KnownErrors.TeamPermissionRequired,
        KnownErrors.UserNotFound
      ]
    })
  },
  /*#__PURE__*/ Traced.span("TeamMemberProfiles.get")
)

/**
 * What `update` can fail with: not a member, signed out, an input refused by its schema or the
 * service. A client updating another's profile gets HTTP 403.
 */
export type UpdateError =
  | KnownErrors.SchemaError
  | KnownErrors.CannotGetOwnUserWithoutUser
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.UserNotFound
  | Common

/**
 * Updates a member's profile in a team with the camelCase changes given; the signed-in user's by default (a
 * server may name any member). `PATCH /team-member-profiles/{teamId}/{userId}`
 */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, changes: TeamMemberProfileUpdate, userId = "me"): Effect.fn.Return<TeamMemberProfile, UpdateError, Session.Session> {
    return yield* Session.call({
      method: "PATCH",
      path: path(teamId, userId),
      body: yield* encodeUpdate(changes),
      response: TeamMemberProfile,
      errors: [KnownErrors.SchemaError, KnownErrors.CannotGetOwnUserWithoutUser, KnownErrors.TeamMembershipNotFound, KnownErrors.UserNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("TeamMemberProfiles.update")
)
