/**
 * Teams (`/teams`): the signed-in user's teams (list, create, update, delete,
 * select), and the server's management of every team of the project. Create and update inputs
 * are camelCase, encoded to the wire's snake_case (an unknown key fails with `SchemaError`).
 *
 * A client creating a team becomes its first member and selects it. A project may switch
 * client team creation off: the service then refuses with a plain HTTP 403, which arrives as
 * a `StackTransportError` with reason `HttpError` (it has no known-error code).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import type { ServerUser } from "../protocol/internal/schemas/ServerUser.ts"
import { ServerTeam, ServerTeamCreate, ServerTeamList, ServerTeamUpdate, Team, TeamCreate, TeamList, TeamUpdate } from "../protocol/internal/schemas/Team.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as ServerUsers from "./ServerUsers.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** Teams as clients and servers read them, and their create and update inputs. */
export type { ServerTeam, ServerTeamCreate, ServerTeamUpdate, Team, TeamCreate, TeamUpdate } from "../protocol/internal/schemas/Team.ts"

type Common = KnownError | UnknownErrorCode | TransportError

const encodeCreate = /*#__PURE__*/ Wire.encodeInput(TeamCreate)
const encodeUpdate = /*#__PURE__*/ Wire.encodeInput(TeamUpdate)
const encodeServerCreate = /*#__PURE__*/ Wire.encodeInput(ServerTeamCreate)
const encodeServerUpdate = /*#__PURE__*/ Wire.encodeInput(ServerTeamUpdate)

const segment = encodeURIComponent

/** What `list` can fail with: signed out (`me` without a user). */
export type ListError = KnownErrors.CannotGetOwnUserWithoutUser | Common

/** The signed-in user's teams, oldest first. `GET /teams?user_id=me` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<Team>, ListError, Session.Session> {
    const page = yield* Session.call({
      method: "GET",
      path: "/teams",
      query: { user_id: "me" },
      response: TeamList,
      errors: [KnownErrors.CannotGetOwnUserWithoutUser]
    })
    return page.items
  },
  /*#__PURE__*/ Traced.span("Teams.list")
)

/** What `select` can fail with: the user is not a member of that team, or is signed out. */
export type SelectError = KnownErrors.SchemaError | KnownErrors.TeamMembershipNotFound | KnownErrors.CannotGetOwnUserWithoutUser | Common

/** Makes a team (or none) the signed-in user's selected team. `PATCH /users/me` (`selected_team_id`) */
export const select = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string | null): Effect.fn.Return<void, SelectError, Session.Session> {
    yield* Session.call({
      method: "PATCH",
      path: "/users/me",
      body: { selected_team_id: teamId },
      response: Schema.Unknown,
      errors: [KnownErrors.SchemaError, KnownErrors.TeamMembershipNotFound, KnownErrors.CannotGetOwnUserWithoutUser]
    })
  },
  /*#__PURE__*/ Traced.span("Teams.select")
)

/**
 * What `create` can fail with: signed out it is `CannotGetOwnUserWithoutUser` (the service resolves
 * the creator `me` first); client team creation switched off arrives as a `StackTransportError`
 * with reason `HttpError`, status 403.
 */
export type CreateError = KnownErrors.UserAuthenticationRequired | KnownErrors.SchemaError | SelectError

/** Creates a team with the signed-in user as creator (`me`), then selects it. `POST /teams` */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: TeamCreate): Effect.fn.Return<Team, CreateError, Session.Session> {
    const team = yield* Session.call({
      method: "POST",
      path: "/teams",
      body: { ...yield* encodeCreate(input), creator_user_id: "me" },
      response: Team,
      errors: [KnownErrors.SchemaError, KnownErrors.UserAuthenticationRequired, KnownErrors.CannotGetOwnUserWithoutUser]
    })
    yield* select(team.id)
    return team
  },
  /*#__PURE__*/ Traced.span("Teams.create")
)

/** What `update` can fail with: what `remove` can, or an input refused by its schema or the service. */
export type UpdateError = KnownErrors.SchemaError | ChangeError

/** What `update` and `remove` can fail with: not a member, lacking the permission, no such team. */
export type ChangeError =
  | KnownErrors.SchemaError
  | KnownErrors.UserAuthenticationRequired
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.TeamPermissionRequired
  | KnownErrors.TeamNotFound
  | Common

const changeErrors = [
  KnownErrors.SchemaError,
  KnownErrors.UserAuthenticationRequired,
  KnownErrors.TeamMembershipNotFound,
  KnownErrors.TeamPermissionRequired,
  KnownErrors.TeamNotFound
] as const

/** Updates a team the user holds `$update_team` in. `PATCH /teams/{id}` */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, input: TeamUpdate): Effect.fn.Return<Team, UpdateError, Session.Session> {
    return yield* Session.call({
      method: "PATCH",
      path: `/teams/${segment(teamId)}`,
      body: yield* encodeUpdate(input),
      response: Team,
      errors: [KnownErrors.SchemaError, ...changeErrors]
    })
  },
  /*#__PURE__*/ Traced.span("Teams.update")
)

/** Deletes a team the user holds `$delete_team` in. `DELETE /teams/{id}` */
export const remove = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string): Effect.fn.Return<void, ChangeError, Session.Session> {
    yield* Session.call({ method: "DELETE", path: `/teams/${segment(teamId)}`, response: Schema.Unknown, errors: changeErrors })
  },
  /*#__PURE__*/ Traced.span("Teams.remove")
)

// ----- server -----

/** What `listAll` can fail with: no error specific to it. */
export type ListAllError = KnownErrors.SchemaError | Common

/** What `listAll` takes: a user, to list only the teams they belong to. */
export interface ListAllOptions {
  readonly userId?: string | undefined
}

/** Every team of the project, or those a user belongs to, oldest first. `GET /teams` (server) */
export const listAll = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: ListAllOptions = {}): Effect.fn.Return<ReadonlyArray<ServerTeam>, ListAllError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const page = yield* Call.call({ method: "GET", path: "/teams", query: { user_id: options.userId }, response: ServerTeamList, errors: [KnownErrors.SchemaError] })
    return page.items
  },
  /*#__PURE__*/ Traced.span("Teams.listAll")
)

/** What `createAsServer` can fail with: the creator does not exist. */
export type CreateAsServerError = KnownErrors.UserNotFound | KnownErrors.SchemaError | Common

/**
 * Creates a team; with `creatorUserId` that user becomes its first member with the creator's
 * default permissions (the team is not selected for them). `POST /teams` (server)
 */
export const createAsServer = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: ServerTeamCreate): Effect.fn.Return<ServerTeam, CreateAsServerError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: "/teams",
      body: yield* encodeServerCreate(input),
      response: ServerTeam,
      errors: [KnownErrors.SchemaError, KnownErrors.UserNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("Teams.createAsServer")
)

/** What the server's single-team calls can fail with: no such team. */
export type ServerTeamError = KnownErrors.SchemaError | KnownErrors.TeamNotFound | Common

/** What `updateAsServer` can fail with: no such team, or an input refused by its schema or the service. */
export type UpdateAsServerError = KnownErrors.SchemaError | ServerTeamError

/** Reads any team of the project. `GET /teams/{id}` (server) */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string): Effect.fn.Return<ServerTeam, ServerTeamError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({ method: "GET", path: `/teams/${segment(teamId)}`, response: ServerTeam, errors: [KnownErrors.SchemaError, KnownErrors.TeamNotFound] })
  },
  /*#__PURE__*/ Traced.span("Teams.get")
)

/** Updates any team, server fields included. `PATCH /teams/{id}` (server) */
export const updateAsServer = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string, input: ServerTeamUpdate): Effect.fn.Return<ServerTeam, UpdateAsServerError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "PATCH",
      path: `/teams/${segment(teamId)}`,
      body: yield* encodeServerUpdate(input),
      response: ServerTeam,
      errors: [KnownErrors.SchemaError, KnownErrors.TeamNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("Teams.updateAsServer")
)

/** Deletes any team, with its memberships, permissions and API keys. `DELETE /teams/{id}` (server) */
export const removeAsServer = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string): Effect.fn.Return<void, ServerTeamError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({ method: "DELETE", path: `/teams/${segment(teamId)}`, response: Schema.Unknown, errors: [KnownErrors.SchemaError, KnownErrors.TeamNotFound] })
  },
  /*#__PURE__*/ Traced.span("Teams.removeAsServer")
)

/** What `listUsers` can fail with. */
export type ListUsersError = ServerUsers.ListError

/** The users of a team (server view), through the user list. `GET /users?team_id={id}` */
export const listUsers = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string): Effect.fn.Return<ReadonlyArray<ServerUser>, ListUsersError, StackHttp | ServerAccess> {
    return (yield* ServerUsers.list({ teamId })).items
  },
  /*#__PURE__*/ Traced.span("Teams.listUsers")
)
