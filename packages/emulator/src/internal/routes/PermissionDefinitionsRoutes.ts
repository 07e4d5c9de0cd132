/**
 * `/team-permission-definitions` and `/project-permission-definitions` (admin
 * only): the definitions table of the state, which permission grants (`Permissions.ts`) read.
 * Ids are unique across both scopes; contained ids must exist in the same scope (the built-in
 * `$` permissions count at team scope); renames and deletions carry over to grants and to other
 * definitions.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  ContainedPermissionNotFound,
  PermissionIdAlreadyExists,
  PermissionNotFound
} from "stack-auth-effect/KnownErrors"
import type { PermissionDefinition, State } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import { permissionKey } from "../../EmulatorState.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as S from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"

type Scope = "team" | "project"

/** A permission id as the service checks it: its pattern, and `$` only for the built-in ones. */
const permissionId = () =>
  S.string()
    .verbatimRule((v) => typeof v === "string" && !/^\$?[a-z0-9_:]+$/.test(v) ? `Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed` : undefined)
    .verbatimRule((v) => typeof v === "string" && v.startsWith("$") && !(v in Permissions.systemTeamPermissions) ? "Invalid system permission" : undefined)
/** The id of a definition one creates (no `$`). */
const customId = () =>
  S.string().verbatimRule((v) => typeof v === "string" && !/^[a-z0-9_:]+$/.test(v) ? `Only lowercase letters, numbers, ":", "_" are allowed` : undefined)

const updateBody = S.object({
  id: customId().optional(),
  description: S.string().optional(),
  contained_permission_ids: S.array(permissionId().defined()).optional()
}).defined()
const createBody = S.object({
  id: customId().defined(),
  description: S.string().optional(),
  contained_permission_ids: S.array(permissionId().defined()).optional()
}).defined()
const definitionParams = S.object({ permission_id: permissionId().defined() })

interface Body {
  readonly id?: string
  readonly description?: string
  readonly contained_permission_ids?: ReadonlyArray<string>
}

/** Checks a definition route's request: the body (if any) and the `permission_id` parameter (if any). */
const checkRequest = (
  auth: Auth,
  request: { readonly body?: S.Field | undefined; readonly value?: unknown; readonly permissionId?: string | undefined; readonly query: URLSearchParams }
) =>
  Effect.map(
    S.check(S.crud({
      body: request.body === undefined ? undefined : [request.body, request.value],
      params: request.permissionId === undefined ? undefined : [definitionParams, { permission_id: request.permissionId }],
      query: [S.object({}), S.queryObject(request.query)]
    }), auth.user?.id),
    (parts) => ({ body: (parts.body ?? {}) as Body, permissionId: (parts.params as { permission_id?: string }).permission_id! })
  )

/**
 * A definition on the wire; `description` is left out when there is none. A creation or update
 * answers the contained ids the body gave (sorted, repeats kept), though it stores each once.
 */
export const view = (definition: PermissionDefinition, givenContained?: ReadonlyArray<string>) => ({
  id: definition.id,
  ...(definition.description === null ? {} : { description: definition.description }),
  contained_permission_ids: [...(givenContained ?? definition.containedPermissionIds)].sort()
})

/** The description a body sets: an empty one is none, as the service reads it. */
const givenDescription = (description: string | undefined): string | null => description === undefined || description === "" ? null : description

const taken = (state: State, projectId: string, id: string) =>
  Table.get(state.permissionDefinitions, permissionKey(projectId, "team", id)) !== undefined ||
  Table.get(state.permissionDefinitions, permissionKey(projectId, "project", id)) !== undefined

const checkContained = (state: State, projectId: string, scope: Scope, contained: ReadonlyArray<string> | undefined) => {
  const known = new Set(Permissions.definitions(state, projectId, scope).map((d) => d.id))
  const missing = contained?.find((id) => !known.has(id))
  return missing === undefined
    ? Effect.void
    : Effect.fail(new ContainedPermissionNotFound({ details: { permissionId: missing } }))
}

const existing = (state: State, projectId: string, scope: Scope, id: string) => {
  const definition = Table.get(state.permissionDefinitions, permissionKey(projectId, scope, id))
  return definition === undefined
    ? Effect.fail(new PermissionNotFound({ details: { permissionId: id } }))
    : Effect.succeed(definition)
}

/** The definitions with `oldId` renamed (or, with `newId` undefined, removed) everywhere it is named. */
const replaceEverywhere = (state: State, projectId: string, scope: Scope, oldId: string, newId: string | undefined): State => {
  const definitions: Record<string, PermissionDefinition> = {}
  for (const [key, d] of Object.entries(state.permissionDefinitions)) {
    definitions[key] = d.projectId === projectId && d.scope === scope && d.containedPermissionIds.includes(oldId)
      ? {
        ...d,
        containedPermissionIds: newId === undefined
          ? d.containedPermissionIds.filter((c) => c !== oldId)
          : d.containedPermissionIds.map((c) => (c === oldId ? newId : c))
      }
      : d
  }
  const grantOf = (g: { readonly projectId: string; readonly scope: string; readonly permissionId: string }) =>
    g.projectId === projectId && g.scope === scope && g.permissionId === oldId
  const permissionGrants = newId === undefined
    ? Table.removeWhere(state.permissionGrants, grantOf)
    : Object.fromEntries(Object.entries(state.permissionGrants).map(([key, g]) => [key, grantOf(g) ? { ...g, permissionId: newId } : g]))
  return { ...state, permissionDefinitions: definitions, permissionGrants }
}

const scopeRoutes = (scope: Scope): ReadonlyArray<Router.Route> => {
  const base = `/${scope}-permission-definitions`
  return [
    Router.get(base, "admin", ({ auth, query }) =>
      Effect.gen(function*() {
        yield* checkRequest(auth, { query })
        const state = yield* EmulatorState.get
        return Responses.list(
          Permissions.definitions(state, auth.project.id, scope).slice().sort((a, b) => a.id.localeCompare(b.id)).map((d) => view(d))
        )
      })),

    Router.post(base, "admin", ({ auth, body, query }) =>
      Effect.gen(function*() {
        const { body: checked } = yield* checkRequest(auth, { body: createBody, value: body, query })
        const input = { ...checked, id: checked.id! }
        const now = yield* Clock.currentTimeMillis
        const created = yield* EmulatorState.transact((state) =>
          Effect.gen(function*() {
            if (taken(state, auth.project.id, input.id)) {
              return yield* new PermissionIdAlreadyExists({ details: { permissionId: input.id } })
            }
            yield* checkContained(state, auth.project.id, scope, input.contained_permission_ids)
            const definition: PermissionDefinition = {
              projectId: auth.project.id,
              scope,
              id: input.id,
              description: givenDescription(input.description),
              containedPermissionIds: [...new Set(input.contained_permission_ids ?? [])],
              createdAtMillis: now
            }
            const key = permissionKey(auth.project.id, scope, input.id)
            return [definition, { ...state, permissionDefinitions: Table.put(state.permissionDefinitions, key, definition) }] as const
          }))
        return Responses.created(view(created, input.contained_permission_ids ?? []))
      })),

    Router.patch(`${base}/:permissionId`, "admin", ({ auth, body, params, query }) =>
      Effect.gen(function*() {
        const { body: input, permissionId: oldId } = yield* checkRequest(auth, { body: updateBody, value: body, permissionId: params.permissionId!, query })
        const updated = yield* EmulatorState.transact((state) =>
          Effect.gen(function*() {
            const current = yield* existing(state, auth.project.id, scope, oldId)
            const newId = input.id ?? oldId
            if (newId !== oldId && taken(state, auth.project.id, newId)) {
              return yield* new PermissionIdAlreadyExists({ details: { permissionId: newId } })
            }
            yield* checkContained(state, auth.project.id, scope, input.contained_permission_ids)
            // the service writes the definition whole from the body: a field left out is emptied
            const definition: PermissionDefinition = {
              ...current,
              id: newId,
              description: givenDescription(input.description),
              containedPermissionIds: [...new Set(input.contained_permission_ids ?? [])]
            }
            const renamed = newId === oldId ? state : replaceEverywhere(state, auth.project.id, scope, oldId, newId)
            const withoutOld = Table.remove(renamed.permissionDefinitions, permissionKey(auth.project.id, scope, oldId))
            const permissionDefinitions = Table.put(withoutOld, permissionKey(auth.project.id, scope, newId), definition)
            return [definition, { ...renamed, permissionDefinitions }] as const
          }))
        return Responses.json(view(updated, input.contained_permission_ids ?? []))
      })),

    Router.del(`${base}/:permissionId`, "admin", ({ auth, params, query }) =>
      Effect.gen(function*() {
        const { permissionId: id } = yield* checkRequest(auth, { permissionId: params.permissionId!, query })
        yield* EmulatorState.transact((state) =>
          Effect.map(existing(state, auth.project.id, scope, id), () => {
            const cleaned = replaceEverywhere(state, auth.project.id, scope, id, undefined)
            const permissionDefinitions = Table.remove(cleaned.permissionDefinitions, permissionKey(auth.project.id, scope, id))
            return [undefined, { ...cleaned, permissionDefinitions }] as const
          }))
        return Responses.success()
      }))
  ]
}

/** Permission definition routes of both scopes. */
export const routes: ReadonlyArray<Router.Route> = [...scopeRoutes("team"), ...scopeRoutes("project")]
