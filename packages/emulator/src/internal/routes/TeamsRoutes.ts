/**
 * Team routes: list (`user_id=me` for clients), create (201; a client's team has
 * it as creator, unless the project switches client team creation off), read, update and delete
 * (clients need `$update_team` / `$delete_team` in the team).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import type { Team } from "../../EmulatorState.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as S from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Teams from "../model/TeamRules.ts"
import * as Views from "../http/Views.ts"

/** The service's team fields, in its order (a client may not send the read-only and server ones). */
const clientUpdateBody = S.object({
  display_name: S.string().optional(),
  profile_image_url: S.url().max(1000000).nullable().optional(),
  client_metadata: S.json().optional()
}).defined()
const serverUpdateBody = clientUpdateBody.concat(S.object({
  client_read_only_metadata: S.json().optional(),
  server_metadata: S.json().optional()
}).defined())
const createFields = S.object({
  display_name: S.string().defined(),
  creator_user_id: S.string().userIdOrMe().optional()
}).defined()
const teamParams = S.object({ team_id: S.string().uuid().defined() })
/** Every team route declares the list's filter and the deprecated creation flag. */
const teamQuery = S.object({
  user_id: S.string().userIdOrMe().optional(),
  add_current_user: S.string().oneOf(["true", "false"]).optional()
})

interface Body {
  readonly display_name?: string
  readonly profile_image_url?: string | null
  readonly client_metadata?: unknown
  readonly client_read_only_metadata?: unknown
  readonly server_metadata?: unknown
  readonly creator_user_id?: string
}

/** Checks a team route's request: the body (if any), the `team_id` parameter (if any) and the query. */
const checkRequest = (
  auth: Auth,
  request: { readonly body?: "create" | "update" | undefined; readonly value?: unknown; readonly teamId?: string | undefined; readonly query: URLSearchParams }
) => {
  const update = auth.accessType === "client" ? clientUpdateBody : serverUpdateBody
  const body = request.body === undefined ? undefined : request.body === "create" ? update.concat(createFields) : update
  return Effect.map(
    S.check(S.crud({
      body: body === undefined ? undefined : [body, request.value],
      params: request.teamId === undefined ? undefined : [teamParams, { team_id: request.teamId }],
      query: [teamQuery, S.queryObject(request.query)]
    }), auth.user?.id),
    (parts) => ({
      body: (parts.body ?? {}) as Body,
      teamId: (parts.params as { team_id?: string }).team_id!,
      query: parts.query as { user_id?: string; add_current_user?: "true" | "false" }
    })
  )
}

/** A team as the caller's access type reads it. */
const teamView = (auth: Auth, team: Team) => auth.accessType === "client" ? Views.clientTeam(team) : Views.serverTeam(team)

const forbidden = (message: string) => new Responses.StatusFailure({ status: 403, message })

/** Clients may only upload base64 images. */
const checkClientImage = (auth: Auth, url: string | null | undefined) =>
  auth.accessType === "client" && url && !Fields.isBase64Image(url)
    ? Effect.fail(new Responses.StatusFailure({ status: 400, message: "Invalid profile image URL" }))
    : Effect.void

/**
 * Who becomes the creator: a client creates for itself (signed in, where the project allows it,
 * with a base64 image); a server for whom it names (`me` was resolved with the request).
 */
const creatorOf = (auth: Auth, input: Body, addCurrentUser: "true" | "false" | undefined) =>
  Effect.gen(function*() {
    const id = input.creator_user_id
    if (id !== undefined && addCurrentUser !== undefined) {
      return yield* new Responses.StatusFailure({
        status: 400,
        message: "Cannot use both creator_user_id and add_current_user. add_current_user is deprecated, please only use creator_user_id in the body."
      })
    }
    if (auth.accessType === "client") {
      const user = yield* Teams.requireSignedIn(auth)
      if (!auth.project.config.clientTeamCreationEnabled) {
        return yield* forbidden("Client team creation is disabled for this project")
      }
      yield* checkClientImage(auth, input.profile_image_url)
      if (id === undefined) return user.id
      if (id !== user.id) {
        return yield* forbidden("You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.")
      }
      return id
    }
    if (addCurrentUser === "true") {
      if (auth.user === undefined) {
        return yield* new Responses.StatusFailure({ status: 401, message: "You must be logged in to create a team with the current user as a member." })
      }
      return auth.user.id
    }
    if (id === undefined) return undefined
    yield* Teams.requireUser(yield* EmulatorState.get, auth.project.id, id)
    return id
  })

/** A client needs the permission in the team, recursively. */
const requireClientPermission = (auth: Auth, teamId: string, permissionId: string) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return
    const user = yield* Teams.requireSignedIn(auth)
    yield* Permissions.requireTeamPermission(yield* EmulatorState.get, { projectId: auth.project.id, teamId, userId: user.id, permissionId }, "required")
  })

const keep = <A>(value: A | undefined, current: A): A => (value === undefined ? current : value)

/** Team routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/teams", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const { query: q } = yield* checkRequest(auth, { query })
      if (auth.accessType === "client") {
        const user = yield* Teams.requireOwnUser(auth)
        if (q.user_id !== user.id) {
          return yield* forbidden("Client can only list teams for their own user. user_id must be either \"me\" or the ID of the current user")
        }
      }
      const teams = Teams.listTeams(yield* EmulatorState.get, auth.project.id, q.user_id)
      return Responses.list(teams.map((t) => teamView(auth, t)))
    })),

  Router.post("/teams", "client", ({ auth, body, query }) =>
    Effect.gen(function*() {
      const { body: input, query: q } = yield* checkRequest(auth, { body: "create", value: body, query })
      const creator = yield* creatorOf(auth, input, q.add_current_user)
      const now = yield* Clock.currentTimeMillis
      const team = yield* EmulatorState.modify((state) =>
        Teams.createTeam(state, {
          projectId: auth.project.id,
          displayName: input.display_name!,
          profileImageUrl: input.profile_image_url,
          clientMetadata: input.client_metadata,
          clientReadOnlyMetadata: input.client_read_only_metadata,
          serverMetadata: input.server_metadata
        }, creator, now))
      return Responses.created(teamView(auth, team))
    })),

  Router.get("/teams/:teamId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const { teamId } = yield* checkRequest(auth, { teamId: params.teamId!, query })
      const state = yield* EmulatorState.get
      if (auth.accessType === "client") {
        const user = yield* Teams.requireSignedIn(auth)
        yield* Teams.requireMembership(state, auth.project.id, teamId, user.id)
      }
      return Responses.json(teamView(auth, yield* Teams.requireTeam(state, auth.project.id, teamId)))
    })),

  Router.patch("/teams/:teamId", "client", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const { body: input, teamId } = yield* checkRequest(auth, { body: "update", value: body, teamId: params.teamId!, query })
      yield* checkClientImage(auth, input.profile_image_url)
      yield* requireClientPermission(auth, teamId, "$update_team")
      const team = yield* Teams.requireTeam(yield* EmulatorState.get, auth.project.id, teamId)
      const next: Team = {
        ...team,
        displayName: keep(input.display_name, team.displayName),
        profileImageUrl: keep(input.profile_image_url, team.profileImageUrl),
        clientMetadata: keep(input.client_metadata, team.clientMetadata),
        clientReadOnlyMetadata: keep(input.client_read_only_metadata, team.clientReadOnlyMetadata),
        serverMetadata: keep(input.server_metadata, team.serverMetadata)
      }
      yield* EmulatorState.update((state) => ({ ...state, teams: Table.put(state.teams, teamId, next) }))
      return Responses.json(teamView(auth, next))
    })),

  Router.del("/teams/:teamId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const { teamId } = yield* checkRequest(auth, { teamId: params.teamId!, query })
      yield* requireClientPermission(auth, teamId, "$delete_team")
      yield* Teams.requireTeam(yield* EmulatorState.get, auth.project.id, teamId)
      yield* EmulatorState.update((state) => Teams.removeTeam(state, teamId))
      return Responses.success()
    }))
]
