/**
 * Permission definitions, admin only (`/team-permission-definitions`,
 * `/project-permission-definitions`): list, create, update
 * (also rename) and delete the definitions of one scope; a definition may contain others.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { PermissionDefinition, PermissionDefinitionList } from "../protocol/internal/schemas/PermissionDefinition.ts"
import { AdminAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A permission definition. */
export type { PermissionDefinition } from "../protocol/internal/schemas/PermissionDefinition.ts"

/** The scope of a definition: within a team, or project-wide. */
export type Scope = "team" | "project"

/** The path of a scope's definitions. */
export const basePath = (scope: Scope): string => `/${scope}-permission-definitions`

const definitionPath = (scope: Scope, id: string) => `${basePath(scope)}/${encodeURIComponent(id)}`

/** A new definition. */
export interface CreateInput {
  /** Lower-case letters, digits, `_` and `:`. */
  readonly id: string
  readonly description?: string | undefined
  readonly containedPermissionIds?: ReadonlyArray<string> | undefined
}

/**
 * Changes to a definition; giving `id` renames it (grants follow). A field left out keeps its
 * value: {@link update} reads the definition and sends it whole, because the service rewrites the
 * whole definition from what it is sent (a field it is not sent is emptied).
 */
export interface UpdateInput {
  readonly id?: string | undefined
  readonly description?: string | undefined
  readonly containedPermissionIds?: ReadonlyArray<string> | undefined
}

/** What {@link list} can fail with: no error specific to it. */
export type ListError = KnownErrors.SchemaError | Call.CallError<readonly []>

/** The scope's definitions by id (at team scope with the built-in `$` permissions). */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(scope: Scope): Effect.fn.Return<ReadonlyArray<PermissionDefinition>, ListError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return (yield* Call.call({ method: "GET", path: basePath(scope), response: PermissionDefinitionList, errors: [KnownErrors.SchemaError] })).items
  },
  /*#__PURE__*/ Traced.span("PermissionDefinitions.list")
)

const createErrors = [KnownErrors.PermissionIdAlreadyExists, KnownErrors.ContainedPermissionNotFound, KnownErrors.SchemaError] as const
/** What {@link create} can fail with: the id is taken (in either scope), a contained id is unknown, or the id is malformed. */
export type CreateError = Call.CallError<typeof createErrors>

/** Creates a definition. `POST /{scope}-permission-definitions` */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(scope: Scope, input: CreateInput): Effect.fn.Return<PermissionDefinition, CreateError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({
      method: "POST",
      path: basePath(scope),
      body: { id: input.id, description: input.description, contained_permission_ids: input.containedPermissionIds },
      response: PermissionDefinition,
      errors: createErrors
    })
  },
  /*#__PURE__*/ Traced.span("PermissionDefinitions.create")
)

const updateErrors = [KnownErrors.SchemaError, KnownErrors.PermissionNotFound, KnownErrors.PermissionIdAlreadyExists, KnownErrors.ContainedPermissionNotFound] as const
/** What {@link update} can fail with. */
export type UpdateError = Call.CallError<typeof updateErrors>

/**
 * Updates (or renames) a definition, keeping what `input` leaves out: it reads the scope's
 * definitions (`GET /{scope}-permission-definitions`), merges `input` into the current one and
 * sends the result whole (`PATCH /{scope}-permission-definitions/{id}`). An unknown id is sent as
 * given, for the service's `PermissionNotFound`. Two updates of one definition at once may lose one
 * of them (the last write wins).
 */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(scope: Scope, id: string, input: UpdateInput): Effect.fn.Return<PermissionDefinition, UpdateError, StackHttp | AdminAccess> {
    yield* AdminAccess
    const current = (yield* list(scope)).find((definition) => definition.id === id)
    return yield* Call.call({
      method: "PATCH",
      path: definitionPath(scope, id),
      body: {
        id: input.id,
        description: input.description ?? current?.description ?? undefined,
        contained_permission_ids: input.containedPermissionIds ?? current?.containedPermissionIds
      },
      response: PermissionDefinition,
      errors: updateErrors
    })
  },
  /*#__PURE__*/ Traced.span("PermissionDefinitions.update")
)

const removeErrors = [KnownErrors.SchemaError, KnownErrors.PermissionNotFound] as const
/** What {@link remove} can fail with. */
export type RemoveError = Call.CallError<typeof removeErrors>

/** Deletes a definition, its grants, and its place in other definitions. `DELETE /{scope}-permission-definitions/{id}` */
export const remove = /*#__PURE__*/ Effect.fnUntraced(
  function*(scope: Scope, id: string): Effect.fn.Return<void, RemoveError, StackHttp | AdminAccess> {
    yield* AdminAccess
    yield* Call.call({ method: "DELETE", path: definitionPath(scope, id), response: Schema.Unknown, errors: removeErrors })
  },
  /*#__PURE__*/ Traced.span("PermissionDefinitions.remove")
)
