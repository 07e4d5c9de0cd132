/**
 * Teams and memberships of the emulator: the request checks the service runs before
 * touching a team (`me` and UUID parameters, user / team / membership existence), team creation
 * with its creator's default permissions, and the cascades of leaving and deleting a team.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  CannotGetOwnUserWithoutUser,
  type SchemaError,
  TeamMembershipNotFound,
  TeamNotFound,
  UserAuthenticationRequired,
  UserNotFound
} from "stack-auth-effect/KnownErrors"
import type { Membership, State, Team, User } from "../../EmulatorState.ts"
import { membershipKey } from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"

/**
 * A UUID field (path, query or body, named as the service does: `params.team_id`), or the
 * protocol's schema error; a missing one (`null`) `must be defined`.
 */
export const uuidParam = (field: string, value: string | null): Effect.Effect<string, SchemaError> =>
  value === null
    ? Effect.fail(Fields.schemaError(Fields.mustBeDefined(field)))
    : Effect.as(Fields.check(Fields.uuidProblem(field, value)), value)

/** A user id field: `me` is the signed-in user, anything else must be a UUID. */
export const userIdParam = (auth: Auth, field: string, value: string): Effect.Effect<string, SchemaError | CannotGetOwnUserWithoutUser> =>
  value === "me"
    ? auth.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(auth.user.id)
    : uuidParam(field, value)

/** The signed-in user of a client request, or `USER_AUTHENTICATION_REQUIRED`. */
export const requireSignedIn = (auth: Auth): Effect.Effect<User, UserAuthenticationRequired> =>
  auth.user === undefined ? Effect.fail(new UserAuthenticationRequired({})) : Effect.succeed(auth.user)

/** The signed-in user where `me` is implied, or `CANNOT_GET_OWN_USER_WITHOUT_USER`. */
export const requireOwnUser = (auth: Auth): Effect.Effect<User, CannotGetOwnUserWithoutUser> =>
  auth.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(auth.user)

/** A user of the project, or `USER_NOT_FOUND`. */
export const requireUser = (state: State, projectId: string, userId: string): Effect.Effect<User, UserNotFound> => {
  const user = Users.findInProject(state, projectId, userId)
  return user === undefined ? Effect.fail(new UserNotFound({})) : Effect.succeed(user)
}

/** A team of the project, or `TEAM_NOT_FOUND`. */
export const requireTeam = (state: State, projectId: string, teamId: string): Effect.Effect<Team, TeamNotFound> => {
  const team = Table.get(state.teams, teamId)
  return team === undefined || team.projectId !== projectId
    ? Effect.fail(new TeamNotFound({ details: { teamId } }))
    : Effect.succeed(team)
}

/** The membership of a user in a team, if any. */
export const findMembership = (state: State, teamId: string, userId: string): Membership | undefined =>
  Table.get(state.memberships, membershipKey(teamId, userId))

/** The user must exist, then be a member: `USER_NOT_FOUND` or `TEAM_MEMBERSHIP_NOT_FOUND`. */
export const requireMembership = (
  state: State,
  projectId: string,
  teamId: string,
  userId: string
): Effect.Effect<Membership, UserNotFound | TeamMembershipNotFound> =>
  Effect.flatMap(requireUser(state, projectId, userId), () => {
    const membership = findMembership(state, teamId, userId)
    return membership === undefined || membership.projectId !== projectId
      ? Effect.fail(new TeamMembershipNotFound({ details: { teamId, userId } }))
      : Effect.succeed(membership)
  })

/** Fields of a new team. */
export interface NewTeam {
  readonly projectId: string
  readonly displayName: string
  readonly profileImageUrl?: string | null | undefined
  readonly clientMetadata?: unknown
  readonly clientReadOnlyMetadata?: unknown
  readonly serverMetadata?: unknown
}

/** Adds a team; its creator (if any) becomes a member with the creator's defaults. */
export const createTeam = (state: State, input: NewTeam, creatorUserId: string | undefined, now: number): readonly [Team, State] => {
  const team: Team = {
    id: crypto.randomUUID(),
    projectId: input.projectId,
    displayName: input.displayName,
    profileImageUrl: input.profileImageUrl ?? null,
    clientMetadata: input.clientMetadata ?? null,
    clientReadOnlyMetadata: input.clientReadOnlyMetadata ?? null,
    serverMetadata: input.serverMetadata ?? null,
    createdAtMillis: now
  }
  const next: State = { ...state, teams: Table.put(state.teams, team.id, team) }
  return [team, creatorUserId === undefined ? next : Users.addMembership(next, team, creatorUserId, true, now)]
}

const unselect = (state: State, predicate: (user: User) => boolean): State => {
  let users = state.users
  for (const user of Table.filter(users, predicate)) users = Table.put(users, user.id, { ...user, selectedTeamId: null })
  return { ...state, users }
}

/** Ends a membership with its team permissions, and the team's selection by that user. */
export const removeMembership = (state: State, teamId: string, userId: string): State =>
  unselect({
    ...state,
    memberships: Table.remove(state.memberships, membershipKey(teamId, userId)),
    permissionGrants: Table.removeWhere(state.permissionGrants, (g) => g.scope === "team" && g.teamId === teamId && g.userId === userId)
  }, (u) => u.id === userId && u.selectedTeamId === teamId)

/** Deletes a team with its memberships, team permissions, team API keys and selections. */
export const removeTeam = (state: State, teamId: string): State =>
  unselect({
    ...state,
    teams: Table.remove(state.teams, teamId),
    memberships: Table.removeWhere(state.memberships, (m) => m.teamId === teamId),
    permissionGrants: Table.removeWhere(state.permissionGrants, (g) => g.scope === "team" && g.teamId === teamId),
    apiKeys: Table.removeWhere(state.apiKeys, (k) => k.teamId === teamId)
  }, (u) => u.selectedTeamId === teamId)

/** The teams of a project (optionally those a user belongs to), oldest first. */
export const listTeams = (state: State, projectId: string, memberId: string | undefined): ReadonlyArray<Team> =>
  Table.filter(state.teams, (t) =>
    t.projectId === projectId && (memberId === undefined || findMembership(state, t.id, memberId) !== undefined))
    .slice()
    .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
