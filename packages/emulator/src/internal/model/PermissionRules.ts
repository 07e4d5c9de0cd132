/**
 * Permissions of the emulator: definitions (the project's, plus the service's
 * built-in `$` team permissions), listing a user's permissions directly or recursively through
 * contained definitions, the checks a route runs, and granting and revoking.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  PermissionNotFound,
  PermissionScopeMismatch,
  TeamMembershipNotFound,
  TeamPermissionNotFound,
  TeamPermissionRequired,
  UserNotFound
} from "stack-auth-effect/KnownErrors"
import type { PermissionDefinition, PermissionGrant, State } from "../../EmulatorState.ts"
import { permissionKey } from "../../EmulatorState.ts"
import * as Table from "../state/Table.ts"
import * as Teams from "./TeamRules.ts"

/** A permission scope. */
export type Scope = "team" | "project"

/** The service's built-in team permissions and their descriptions. */
export const systemTeamPermissions: Readonly<Record<string, string>> = {
  "$update_team": "Update the team information",
  "$delete_team": "Delete the team",
  "$read_members": "Read and list the other members of the team",
  "$remove_members": "Remove other members from the team",
  "$invite_members": "Invite other users to the team",
  "$manage_api_keys": "Create and manage API keys for the team"
}

/** Every definition of a scope: the project's, plus the built-in ones at team scope. */
export const definitions = (state: State, projectId: string, scope: Scope): ReadonlyArray<PermissionDefinition> => [
  ...Table.filter(state.permissionDefinitions, (d) => d.projectId === projectId && d.scope === scope),
  ...(scope === "team"
    ? Object.entries(systemTeamPermissions).map(([id, description]): PermissionDefinition => ({
      projectId,
      scope,
      id,
      description,
      containedPermissionIds: [],
      createdAtMillis: 0
    }))
    : [])
]

/** A permission a user holds (`teamId` at team scope). */
export interface Held {
  readonly id: string
  readonly userId: string
  readonly teamId: string | null
}

/** What to list. */
export interface ListOptions {
  readonly projectId: string
  readonly scope: Scope
  readonly userId?: string | undefined
  readonly teamId?: string | undefined
  readonly permissionId?: string | undefined
  /** Include the permissions contained in held ones, transitively. */
  readonly recursive: boolean
}

/**
 * The permissions users hold, grouped per user (and team): direct grants, plus with `recursive`
 * everything they contain. Grants of deleted definitions are skipped. Sorted by team, user, id.
 */
export const list = (state: State, options: ListOptions): ReadonlyArray<Held> => {
  const byId = new Map(definitions(state, options.projectId, options.scope).map((d) => [d.id, d]))
  const grants = Table.filter(state.permissionGrants, (g) =>
    g.projectId === options.projectId && g.scope === options.scope &&
    (options.userId === undefined || g.userId === options.userId) &&
    (options.teamId === undefined || g.teamId === options.teamId))
  const groups = new Map<string, Array<PermissionGrant>>()
  for (const grant of grants) {
    const key = JSON.stringify([grant.teamId, grant.userId])
    groups.set(key, [...(groups.get(key) ?? []), grant])
  }
  const held: Array<Held> = []
  for (const group of groups.values()) {
    const { teamId, userId } = group[0]!
    const pending = group.map((g) => g.permissionId)
    const seen = new Set<string>()
    while (pending.length > 0) {
      const definition = byId.get(pending.pop()!)
      if (definition === undefined || seen.has(definition.id)) continue
      seen.add(definition.id)
      if (options.recursive) pending.push(...definition.containedPermissionIds)
    }
    for (const id of seen) held.push({ id, userId, teamId })
  }
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return held
    .filter((p) => options.permissionId === undefined || p.id === options.permissionId)
    .sort((a, b) => compare(a.teamId ?? "", b.teamId ?? "") || compare(a.userId, b.userId) || compare(a.id, b.id))
}

/**
 * The user must be a member holding the team permission (recursively for `required`): else
 * `TEAM_MEMBERSHIP_NOT_FOUND`, then `TEAM_PERMISSION_REQUIRED` or `TEAM_PERMISSION_NOT_FOUND`.
 */
export const requireTeamPermission = (
  state: State,
  input: { readonly projectId: string; readonly teamId: string; readonly userId: string; readonly permissionId: string },
  errorType: "required" | "not-exist"
): Effect.Effect<void, UserNotFound | TeamMembershipNotFound | TeamPermissionRequired | TeamPermissionNotFound> =>
  Effect.flatMap(Teams.requireMembership(state, input.projectId, input.teamId, input.userId), () => {
    const held = list(state, { ...input, scope: "team", recursive: errorType === "required" })
    if (held.length > 0) return Effect.void
    const details = { details: { teamId: input.teamId, userId: input.userId, permissionId: input.permissionId } }
    return Effect.fail(errorType === "required" ? new TeamPermissionRequired(details) : new TeamPermissionNotFound(details))
  })

/** Whether a member holds a team permission, directly or through contained ones. */
export const hasTeamPermission = (state: State, projectId: string, teamId: string, userId: string, permissionId: string): boolean =>
  list(state, { projectId, scope: "team", teamId, userId, permissionId, recursive: true }).length > 0

/** The definition a grant names, or `PERMISSION_NOT_FOUND` / `WRONG_PERMISSION_SCOPE`. */
export const requireDefinition = (
  state: State,
  projectId: string,
  scope: Scope,
  permissionId: string
): Effect.Effect<void, PermissionNotFound | PermissionScopeMismatch> => {
  const other: Scope = scope === "team" ? "project" : "team"
  if (Table.get(state.permissionDefinitions, permissionKey(projectId, scope, permissionId)) !== undefined) return Effect.void
  if (scope === "team" && permissionId in systemTeamPermissions) return Effect.void
  if (Table.get(state.permissionDefinitions, permissionKey(projectId, other, permissionId)) !== undefined) {
    return Effect.fail(new PermissionScopeMismatch({ details: { permissionId, expectedScope: scope, actualScope: other } }))
  }
  return Effect.fail(new PermissionNotFound({ details: { permissionId } }))
}

const sameGrant = (g: PermissionGrant, scope: Scope, teamId: string | null, userId: string, permissionId: string) =>
  g.scope === scope && g.teamId === teamId && g.userId === userId && g.permissionId === permissionId

/** Grants a permission directly (granting a held one changes nothing). */
export const grant = (
  state: State,
  input: { readonly projectId: string; readonly scope: Scope; readonly teamId: string | null; readonly userId: string; readonly permissionId: string },
  now: number
): State => {
  if (Table.find(state.permissionGrants, (g) => sameGrant(g, input.scope, input.teamId, input.userId, input.permissionId))) return state
  const row: PermissionGrant = { id: crypto.randomUUID(), ...input, createdAtMillis: now }
  return { ...state, permissionGrants: Table.put(state.permissionGrants, row.id, row) }
}

/** Revokes a direct grant. */
export const revoke = (state: State, scope: Scope, teamId: string | null, userId: string, permissionId: string): State => ({
  ...state,
  permissionGrants: Table.removeWhere(state.permissionGrants, (g) => sameGrant(g, scope, teamId, userId, permissionId))
})
