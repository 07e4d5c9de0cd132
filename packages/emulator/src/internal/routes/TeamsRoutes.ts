/**
 * Team routes: list (`user_id=me` for clients), create (201; a client's team has
 * it as creator, unless the project switches client team creation off), read, update and delete
 * (clients need `$update_team` / `$delete_team` in the team).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import type { Team } from "../../EmulatorState.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Teams from "../model/TeamRules.ts"
import * as Views from "../http/Views.ts"

const clientUpdateFields = {
  display_name: Schema.optional(Schema.String),
  profile_image_url: Schema.optional(Schema.NullOr(Schema.String)),
  client_metadata: Schema.optional(Schema.Unknown)
}
const serverUpdateFields = {
  ...clientUpdateFields,
  client_read_only_metadata: Schema.optional(Schema.Unknown),
  server_metadata: Schema.optional(Schema.Unknown)
}
const ClientUpdate = Schema.Struct(clientUpdateFields)
const ServerUpdate = Schema.Struct(serverUpdateFields)
// the service refuses a create's fields with the update's fields first, then display_name
const { display_name: _clientName, ...clientRest } = clientUpdateFields
const { display_name: _serverName, ...serverRest } = serverUpdateFields
const ClientCreate = Schema.Struct({ ...clientRest, display_name: Schema.String, creator_user_id: Schema.optional(Schema.String) })
const ServerCreate = Schema.Struct({ ...serverRest, display_name: Schema.String, creator_user_id: Schema.optional(Schema.String) })
type Body = typeof ServerUpdate.Type & { readonly creator_user_id?: string | undefined }

/** A team as the caller's access type reads it. */
const teamView = (auth: Auth, team: Team) => auth.accessType === "client" ? Views.clientTeam(team) : Views.serverTeam(team)

const forbidden = (message: string) => new Responses.StatusFailure({ status: 403, message })

/** A team image must be a URL; clients may only upload base64 images. */
const checkClientImage = (auth: Auth, url: string | null | undefined) => {
  const problems = Fields.urlProblems("body.profile_image_url", url)
  if (problems.length > 0) return Fields.check(...problems)
  return auth.accessType === "client" && url && !Fields.isBase64Image(url)
    ? Effect.fail(new Responses.StatusFailure({ status: 400, message: "Invalid profile image URL" }))
    : Effect.void
}

const decodeBody = (auth: Auth, body: unknown, create: boolean): Effect.Effect<Body, Responses.RouteFailure> =>
  auth.accessType === "client"
    ? Router.decode(create ? ClientCreate : ClientUpdate, body)
    : Router.decode(create ? ServerCreate : ServerUpdate, body)

/** Who becomes the creator: a client creates for itself; a server for whom it names. */
const creatorOf = (auth: Auth, requested: string | undefined) =>
  Effect.gen(function*() {
    if (auth.accessType === "client") {
      // the service resolves `me` while checking the request, before the sign-in check: signed
      // out, `creator_user_id: "me"` is CANNOT_GET_OWN_USER_WITHOUT_USER
      const id = requested === undefined ? undefined : yield* Teams.userIdParam(auth, "body.creator_user_id", requested)
      const user = yield* Teams.requireSignedIn(auth)
      if (!auth.project.config.clientTeamCreationEnabled) {
        return yield* forbidden("Client team creation is disabled for this project")
      }
      if (id === undefined) return user.id
      if (id !== user.id) {
        return yield* forbidden("You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.")
      }
      return id
    }
    if (requested === undefined) return undefined
    const id = yield* Teams.userIdParam(auth, "body.creator_user_id", requested)
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
      const userParam = query.get("user_id")
      const userId = userParam === null ? undefined : yield* Teams.userIdParam(auth, "query.user_id", userParam)
      if (auth.accessType === "client") {
        const user = yield* Teams.requireOwnUser(auth)
        if (userId !== user.id) {
          return yield* forbidden("Client can only list teams for their own user. user_id must be either \"me\" or the ID of the current user")
        }
      }
      const teams = Teams.listTeams(yield* EmulatorState.get, auth.project.id, userId)
      return Responses.list(teams.map((t) => teamView(auth, t)))
    })),

  Router.post("/teams", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* decodeBody(auth, body, true)
      const creator = yield* creatorOf(auth, input.creator_user_id)
      yield* checkClientImage(auth, input.profile_image_url)
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

  Router.get("/teams/:teamId", "client", ({ auth, params }) =>
    Effect.gen(function*() {
      const teamId = yield* Teams.uuidParam("params.team_id", params.teamId!)
      const state = yield* EmulatorState.get
      if (auth.accessType === "client") {
        const user = yield* Teams.requireSignedIn(auth)
        yield* Teams.requireMembership(state, auth.project.id, teamId, user.id)
      }
      return Responses.json(teamView(auth, yield* Teams.requireTeam(state, auth.project.id, teamId)))
    })),

  Router.patch("/teams/:teamId", "client", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const teamId = yield* Teams.uuidParam("params.team_id", params.teamId!)
      const input = yield* decodeBody(auth, body, false)
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

  Router.del("/teams/:teamId", "client", ({ auth, params }) =>
    Effect.gen(function*() {
      const teamId = yield* Teams.uuidParam("params.team_id", params.teamId!)
      yield* requireClientPermission(auth, teamId, "$delete_team")
      yield* Teams.requireTeam(yield* EmulatorState.get, auth.project.id, teamId)
      yield* EmulatorState.update((state) => Teams.removeTeam(state, teamId))
      return Responses.success()
    }))
]
