/**
 * Permission routes: listing team and project permissions (clients only their own,
 * `user_id=me`; `recursive=true` adds contained permissions), and the server's grants (201) and
 * revocations of direct permissions.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { PermissionNotFound } from "stack-auth-effect/KnownErrors"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Fields from "../http/Fields.ts"
import * as Router from "../../Router.ts"
import * as Teams from "../model/TeamRules.ts"

/** The list filters of a query; clients must ask for their own permissions. */
const listFilters = (auth: Auth, query: URLSearchParams) =>
  Effect.gen(function*() {
    const userParam = query.get("user_id")
    const teamParam = query.get("team_id")
    const recursive = query.get("recursive")
    if (recursive !== null && recursive !== "true" && recursive !== "false") {
      return yield* Fields.schemaError(Fields.oneOf("query.recursive", ["true", "false"]))
    }
    const userId = userParam === null ? undefined : yield* Teams.userIdParam(auth, "query.user_id", userParam)
    const teamId = teamParam === null ? undefined : yield* Teams.uuidParam("query.team_id", teamParam)
    if (auth.accessType === "client") {
      const user = yield* Teams.requireOwnUser(auth)
      if (userId !== user.id) {
        return yield* new Responses.StatusFailure({
          status: 403,
          message: "Client can only list permissions for their own user. user_id must be either \"me\" or the ID of the current user"
        })
      }
    }
    return { userId, teamId, permissionId: query.get("permission_id") ?? undefined, recursive: recursive === "true" }
  })

/** Permission routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/team-permissions", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const filters = yield* listFilters(auth, query)
      const held = Permissions.list(yield* EmulatorState.get, { ...filters, projectId: auth.project.id, scope: "team" })
      return Responses.list(held.map((p) => ({ id: p.id, user_id: p.userId, team_id: p.teamId })))
    })),

  Router.get("/project-permissions", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const { teamId: _teamId, ...filters } = yield* listFilters(auth, query)
      const held = Permissions.list(yield* EmulatorState.get, { ...filters, projectId: auth.project.id, scope: "project" })
      return Responses.list(held.map((p) => ({ id: p.id, user_id: p.userId })))
    })),

  Router.post("/team-permissions/:teamId/:userId/:permissionId", "server", ({ auth, params }) =>
    Effect.gen(function*() {
      const teamId = yield* Teams.uuidParam("params.team_id", params.teamId!)
      const userId = yield* Teams.userIdParam(auth, "params.user_id", params.userId!)
      const permissionId = params.permissionId!
      const now = yield* Clock.currentTimeMillis
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Teams.requireMembership(state, auth.project.id, teamId, userId)
          yield* Permissions.requireDefinition(state, auth.project.id, "team", permissionId)
          return [undefined, Permissions.grant(state, { projectId: auth.project.id, scope: "team", teamId, userId, permissionId }, now)] as const
        }))
      return Responses.created({ id: permissionId, user_id: userId, team_id: teamId })
    })),

  Router.del("/team-permissions/:teamId/:userId/:permissionId", "server", ({ auth, params }) =>
    Effect.gen(function*() {
      const teamId = yield* Teams.uuidParam("params.team_id", params.teamId!)
      const userId = yield* Teams.userIdParam(auth, "params.user_id", params.userId!)
      const permissionId = params.permissionId!
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Permissions.requireTeamPermission(state, { projectId: auth.project.id, teamId, userId, permissionId }, "not-exist")
          return [undefined, Permissions.revoke(state, "team", teamId, userId, permissionId)] as const
        }))
      return Responses.success()
    })),

  Router.post("/project-permissions/:userId/:permissionId", "server", ({ auth, params }) =>
    Effect.gen(function*() {
      const userId = yield* Teams.userIdParam(auth, "params.user_id", params.userId!)
      const permissionId = params.permissionId!
      const now = yield* Clock.currentTimeMillis
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Teams.requireUser(state, auth.project.id, userId)
          yield* Permissions.requireDefinition(state, auth.project.id, "project", permissionId)
          return [undefined, Permissions.grant(state, { projectId: auth.project.id, scope: "project", teamId: null, userId, permissionId }, now)] as const
        }))
      return Responses.created({ id: permissionId, user_id: userId })
    })),

  Router.del("/project-permissions/:userId/:permissionId", "server", ({ auth, params }) =>
    Effect.gen(function*() {
      const userId = yield* Teams.userIdParam(auth, "params.user_id", params.userId!)
      const permissionId = params.permissionId!
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Teams.requireUser(state, auth.project.id, userId)
          const direct = Permissions.list(state, { projectId: auth.project.id, scope: "project", userId, permissionId, recursive: false })
          if (direct.length === 0) return yield* new PermissionNotFound({ details: { permissionId } })
          return [undefined, Permissions.revoke(state, "project", null, userId, permissionId)] as const
        }))
      return Responses.success()
    }))
]
