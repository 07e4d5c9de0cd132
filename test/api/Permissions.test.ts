import { assert, describe, it as plainIt, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { createUser, definePermission, serverApp, signedIn, withConfig } from "../support/TeamFixtures.ts"

const unknownId = "00000000-0000-4000-8000-000000000000"
const ids = (items: ReadonlyArray<{ readonly id: string }>) => items.map((p) => p.id)

describe("Permissions constants", () => {
  plainIt("listings are recursive by default (SPEC §9)", () => {
    assert.strictEqual(Permissions.defaultRecursive, true)
  })
})

layer(Emulator.layer)("Permissions", (it) => {
  it.effect("a team creator gets the creator defaults only: recursive includes what team_admin contains, non-recursive only the direct ones", () =>
    Effect.gen(function*() {
      yield* signedIn("creator")
      const team = yield* Teams.create({ displayName: "Perms" })
      assert.deepStrictEqual(ids(yield* Permissions.listTeam(team.id, { recursive: false })), ["team_admin"])
      assert.deepStrictEqual(ids(yield* Permissions.listTeam(team.id)), [
        "$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team", "team_admin"
      ])
      assert.isTrue(yield* Permissions.hasTeamPermission(team.id, "$delete_team"))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a plain member gets the member defaults only, and not what team_admin contains", () =>
    Effect.gen(function*() {
      const member = yield* signedIn("member")
      const server = yield* serverApp()
      const team = yield* server(Teams.createAsServer({ displayName: "Members" }))
      yield* server(TeamMemberships.add(team.id, member.id))
      assert.deepStrictEqual(ids(yield* Permissions.listTeam(team.id)), ["$invite_members", "$read_members", "team_member"])
      assert.isFalse(yield* Permissions.hasTeamPermission(team.id, "$delete_team"))
      assert.isTrue(yield* Permissions.hasTeamPermission(team.id, "$invite_members"))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a project permission containing another lists both recursively and only itself non-recursively", () =>
    Effect.gen(function*() {
      yield* definePermission("project", "viewer")
      yield* definePermission("project", "editor", ["viewer"])
      const user = yield* signedIn("editor")
      const server = yield* serverApp()
      const granted = yield* server(Permissions.grantProject(user.id, "editor"))
      assert.deepStrictEqual(granted, { id: "editor", userId: user.id })
      assert.deepStrictEqual(ids(yield* Permissions.listProject()), ["editor", "viewer"])
      assert.deepStrictEqual(ids(yield* Permissions.listProject({ recursive: false })), ["editor"])
      assert.isTrue(yield* Permissions.hasProjectPermission("viewer"))
      assert.isFalse(yield* Permissions.hasProjectPermission("admin"))
      assert.deepStrictEqual(ids(yield* server(Permissions.listProjectAsServer({ userId: user.id, recursive: false }))), ["editor"])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("the project's default user permissions are granted to new users", () =>
    Effect.gen(function*() {
      yield* definePermission("project", "reader")
      yield* withConfig({ userDefaultPermissions: ["reader"] })
      yield* signedIn("defaulted")
      assert.deepStrictEqual(ids(yield* Permissions.listProject()), ["reader"])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out, listing one's permissions is CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(Permissions.listProject()))._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual((yield* Effect.flip(Permissions.listTeam(unknownId)))._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server grants and revokes a team permission; the member sees it come and go", () =>
    Effect.gen(function*() {
      yield* definePermission("team", "billing", ["$manage_api_keys"])
      const user = yield* createUser("granted")
      const team = yield* Teams.createAsServer({ displayName: "Grants", creatorUserId: user.id })
      const granted = yield* Permissions.grantTeam(team.id, user.id, "billing")
      assert.deepStrictEqual(granted, { id: "billing", userId: user.id, teamId: team.id })
      yield* Permissions.grantTeam(team.id, user.id, "billing")
      const held = yield* Permissions.listTeamAsServer({ teamId: team.id, userId: user.id, recursive: false })
      assert.deepStrictEqual(ids(held), ["billing", "team_admin"])
      yield* Permissions.revokeTeam(team.id, user.id, "billing")
      assert.notInclude(ids(yield* Permissions.listTeamAsServer({ teamId: team.id, userId: user.id })), "billing")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("granting a team permission: unknown id, project scope, non-member and missing user are typed", () =>
    Effect.gen(function*() {
      yield* definePermission("project", "project_only")
      const user = yield* createUser("grantee")
      const outsider = yield* createUser("outsider")
      const team = yield* Teams.createAsServer({ displayName: "Typed", creatorUserId: user.id })
      assert.strictEqual((yield* Effect.flip(Permissions.grantTeam(team.id, user.id, "no_such")))._tag, "PermissionNotFound")
      const mismatch = yield* Effect.flip(Permissions.grantTeam(team.id, user.id, "project_only"))
      assert.strictEqual(mismatch._tag, "PermissionScopeMismatch")
      assert.deepStrictEqual(mismatch._tag === "PermissionScopeMismatch" ? mismatch.details : undefined, {
        permissionId: "project_only", expectedScope: "team", actualScope: "project"
      })
      assert.strictEqual((yield* Effect.flip(Permissions.grantTeam(team.id, outsider.id, "team_member")))._tag, "TeamMembershipNotFound")
      assert.strictEqual((yield* Effect.flip(Permissions.grantTeam(team.id, unknownId, "team_member")))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("revoking a team permission held only through another is TeamPermissionNotFound; non-member and missing user are typed", () =>
    Effect.gen(function*() {
      const user = yield* createUser("revokee")
      const outsider = yield* createUser("revoke-outsider")
      const team = yield* Teams.createAsServer({ displayName: "Revokes", creatorUserId: user.id })
      assert.strictEqual((yield* Effect.flip(Permissions.revokeTeam(team.id, user.id, "$update_team")))._tag, "TeamPermissionNotFound")
      assert.strictEqual((yield* Effect.flip(Permissions.revokeTeam(team.id, outsider.id, "team_member")))._tag, "TeamMembershipNotFound")
      assert.strictEqual((yield* Effect.flip(Permissions.revokeTeam(team.id, unknownId, "team_member")))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("project grants: a team permission is PermissionScopeMismatch, an unknown one PermissionNotFound, a missing user UserNotFound", () =>
    Effect.gen(function*() {
      const user = yield* createUser("project-grants")
      assert.strictEqual((yield* Effect.flip(Permissions.grantProject(user.id, "team_admin")))._tag, "PermissionScopeMismatch")
      assert.strictEqual((yield* Effect.flip(Permissions.grantProject(user.id, "$update_team")))._tag, "PermissionNotFound")
      assert.strictEqual((yield* Effect.flip(Permissions.grantProject(unknownId, "team_admin")))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a server revokes a project permission; one not held directly is PermissionNotFound, a missing user UserNotFound", () =>
    Effect.gen(function*() {
      yield* definePermission("project", "auditor")
      yield* definePermission("project", "superuser", ["auditor"])
      const user = yield* createUser("project-revokes")
      yield* Permissions.grantProject(user.id, "superuser")
      assert.strictEqual((yield* Effect.flip(Permissions.revokeProject(user.id, "auditor")))._tag, "PermissionNotFound")
      yield* Permissions.revokeProject(user.id, "superuser")
      assert.deepStrictEqual(yield* Permissions.listProjectAsServer({ userId: user.id }), [])
      assert.strictEqual((yield* Effect.flip(Permissions.revokeProject(user.id, "superuser")))._tag, "PermissionNotFound")
      assert.strictEqual((yield* Effect.flip(Permissions.revokeProject(unknownId, "superuser")))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))
})
