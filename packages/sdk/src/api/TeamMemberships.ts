/**
 * Team memberships (`/team-memberships`): the signed-in user leaves a team or removes another member
 * (with `$remove_members`); a server adds any user to a team (with the project's default member
 * permissions) and removes them.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { TeamMembership } from "../protocol/internal/schemas/Team.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A user's membership of a team. */
export type { TeamMembership } from "../protocol/internal/schemas/Team.ts"

type Common = KnownError | UnknownErrorCode | TransportError

const path = (teamId: string, userId: string) => `/team-memberships/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`

/** What `leave` can fail with: not a member, or signed out. */
export type LeaveError = KnownErrors.SchemaError | KnownErrors.TeamMembershipNotFound | KnownErrors.CannotGetOwnUserWithoutUser | Common

/** The signed-in user leaves a team. `DELETE /team-memberships/{teamId}/me` */
export const leave = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string): Effect.fn.Return<void, LeaveError, Session.Session> {
    yield* Session.call({
      method: "DELETE",
      path: path(teamId, "me"),
      body: {},
      response: Schema.Unknown,
      errors: [KnownErrors.SchemaError, KnownErrors.TeamMembershipNotFound, KnownErrors.CannotGetOwnUserWithoutUser]
    })
  },
  /*#__PURE__*/ Traced.span("TeamMemberships.leave")
)

/** What `removeMember` can fail with: lacking `$remove_members`, not a member, or signed out. */
export type RemoveMemberError =
  | KnownErrors.SchemaError
  | KnownErrors.TeamPermissionRequired
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.CannotGetOwnUserWithoutUser
  | Common

/**
 * The signed-in user removes another member from a team (needs `$remove_members` there).
 * `DELETE /team-memberships/{teamId}/{userId}`
 */
export const removeMember = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, userId: string): Effect.fn.Return<void, RemoveMemberError, Session.Session> {
    yield* Session.call({
      method: "DELETE",
      path: path(teamId, userId),
      body: {},
      response: Schema.Unknown,
      errors: [KnownErrors.SchemaError, KnownErrors.TeamPermissionRequired, KnownErrors.TeamMembershipNotFound, KnownErrors.CannotGetOwnUserWithoutUser]
    })
  },
  /*#__PURE__*/ Traced.span("TeamMemberships.removeMember")
)

/** What `add` can fail with: no such user or team, or already a member. */
export type AddError = KnownErrors.SchemaError | KnownErrors.UserNotFound | KnownErrors.TeamNotFound | KnownErrors.TeamMembershipAlreadyExists | Common

/** Adds a user to a team, with the member default permissions. `POST /team-memberships/{teamId}/{userId}` */
export const add = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, userId: string): Effect.fn.Return<TeamMembership, AddError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: path(teamId, userId),
      body: {},
      response: TeamMembership,
      errors: [KnownErrors.SchemaError, KnownErrors.UserNotFound, KnownErrors.TeamNotFound, KnownErrors.TeamMembershipAlreadyExists]
    })
  },
  /*#__PURE__*/ Traced.span("TeamMemberships.add")
)

/** What `remove` can fail with: no such user, or not a member. */
export type RemoveError = KnownErrors.SchemaError | KnownErrors.UserNotFound | KnownErrors.TeamMembershipNotFound | Common

/** Removes a user from a team, with their permissions in it. `DELETE /team-memberships/{teamId}/{userId}` */
export const remove = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, userId: string): Effect.fn.Return<void, RemoveError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({
      method: "DELETE",
      path: path(teamId, userId),
      body: {},
      response: Schema.Unknown,
      errors: [KnownErrors.SchemaError, KnownErrors.UserNotFound, KnownErrors.TeamMembershipNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("TeamMemberships.remove")
)
