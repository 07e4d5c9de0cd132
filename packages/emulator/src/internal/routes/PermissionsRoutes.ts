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
import * as S from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Teams from "../model/TeamRules.ts"

type Scope = "team" | "project"

/** A permission id as the service checks it in paths and queries. */
const permissionId = () =>
  S.string()
    .verbatimRule((v) => typeof v === "string" && !/^\$?[a-z0-9_:]+$/.test(v) ? `Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed` : undefined)
    .verbatimRule((v) => typeof v === "string" && v.startsWith("$") && !(v in Permissions.systemTeamPermissions) ? "Invalid system permission" : undefined)

/** Every route of a scope declares the list's filters and the grant's path. */
const declarations = {
  team: {
    query: S.object({
      team_id: S.string().uuid().optional(),
      user_id: S.string().userIdOrMe().optional(),
      permission_id: permissionId().optional(),
      recursive: S.string().oneOf(["true", "false"]).optional()
    }),
    params: S.object({ team_id: S.string().uuid().defined(), user_id: S.string().userIdOrMe().defined(), permission_id: permissionId().defined() })
  },
  project: {
    query: S.object({
      user_id: S.string().userIdOrMe().optional(),
      permission_id: permissionId().optional(),
      recursive: S.string().oneOf(["true", "false"]).optional()
    }),
    params: S.object({ user_id: S.string().userIdOrMe().defined(), permission_id: permissionId().defined() })
  }
}

interface Checked {
  readonly params: { readonly team_id?: string; readonly user_id: string; readonly permission_id: string }
  readonly query: { readonly team_id?: string; readonly user_id?: string; readonly permission_id?: string; readonly recursive?: "true" | "false" }
}

/** Checks a permission route's request (the path's ids, if any, and the query) as the service does. */
const checkRequest = (auth: Auth, scope: Scope, params: Record<string, string> | undefined, query: URLSearchParams, body?: { readonly value: unknown }) =>
  Effect.map(
    S.check(S.crud({
      // a grant's body is an empty object
      body: body === undefined ? undefined : [S.object({}).defined(), body.value],
      params: params === undefined ? undefined : [declarations[scope].params, params],
      query: [declarations[scope].query, S.queryObject(query)]
    }), auth.user?.id),
    (parts) => ({ params: parts.params, query: parts.query }) as unknown as Checked
  )

/** The list filters of a query; clients must ask for their own permissions. */
const listFilters = (auth: Auth, scope: Scope, query: URLSearchParams) =>
  Effect.gen(function*() {
    const { query: q } = yield* checkRequest(auth, scope, undefined, query)
    if (auth.accessType === "client") {
      const user = yield* Teams.requireOwnUser(auth)
      if (q.user_id !== user.id) {
        return yield* new Responses.StatusFailure({
          status: 403,
          message: "Client can only list permissions for their own user. user_id must be either \"me\" or the ID of the current user"
        })
      }
    }
    return { userId: q.user_id, teamId: q.team_id, permissionId: q.permission_id, recursive: q.recursive === "true" }
  })

/** Permission routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/team-permissions", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const filters = yield* listFilters(auth, "team", query)
      const held = Permissions.list(yield* EmulatorState.get, { ...filters, projectId: auth.project.id, scope: "team" })
      return Responses.list(held.map((p) => ({ id: p.id, user_id: p.userId, team_id: p.teamId })))
    })),

  Router.get("/project-permissions", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const { teamId: _teamId, ...filters } = yield* listFilters(auth, "project", query)
      const held = Permissions.list(yield* EmulatorState.get, { ...filters, projectId: auth.project.id, scope: "project" })
      return Responses.list(held.map((p) => ({ id: p.id, user_id: p.userId })))
    })),

  Router.post("/team-permissions/:teamId/:userId/:permissionId", "server", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const checked = yield* checkRequest(auth, "team", { team_id: params.teamId!, user_id: params.userId!, permission_id: params.permissionId! }, query, { value: body })
      const { team_id: teamId, user_id: userId, permission_id: permissionId } = checked.params as Required<Checked["params"]>
      const now = yield* Clock.currentTimeMillis
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Teams.requireMembership(state, auth.project.id, teamId, userId)
          yield* Permissions.requireDefinition(state, auth.project.id, "team", permissionId)
          return [undefined, Permissions.grant(state, { projectId: auth.project.id, scope: "team", teamId, userId, permissionId }, now)] as const
        }))
      return Responses.created({ id: permissionId, user_id: userId, team_id: teamId })
    })),

  Router.del("/team-permissions/:teamId/:userId/:permissionId", "server", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const checked = yield* checkRequest(auth, "team", { team_id: params.teamId!, user_id: params.userId!, permission_id: params.permissionId! }, query)
      const { team_id: teamId, user_id: userId, permission_id: permissionId } = checked.params as Required<Checked["params"]>
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Permissions.requireTeamPermission(state, { projectId: auth.project.id, teamId, userId, permissionId }, "not-exist")
          return [undefined, Permissions.revoke(state, "team", teamId, userId, permissionId)] as const
        }))
      return Responses.success()
    })),

  Router.post("/project-permissions/:userId/:permissionId", "server", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const checked = yield* checkRequest(auth, "project", { user_id: params.userId!, permission_id: params.permissionId! }, query, { value: body })
      const { user_id: userId, permission_id: permissionId } = checked.params
      const now = yield* Clock.currentTimeMillis
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Teams.requireUser(state, auth.project.id, userId)
          yield* Permissions.requireDefinition(state, auth.project.id, "project", permissionId)
          return [undefined, Permissions.grant(state, { projectId: auth.project.id, scope: "project", teamId: null, userId, permissionId }, now)] as const
        }))
      return Responses.created({ id: permissionId, user_id: userId })
    })),

  Router.del("/project-permissions/:userId/:permissionId", "server", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const checked = yield* checkRequest(auth, "project", { user_id: params.userId!, permission_id: params.permissionId! }, query)
      const { user_id: userId, permission_id: permissionId } = checked.params
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
