/**
 * Project and team permissions against the real service: an admin defines them (create, list,
 * update, delete), a server grants and revokes them, the signed-in user sees what they hold. In a
 * project the suite made for itself (client team creation on).
 */
import { assert, describe, it } from "@effect/vitest"
import { beforeAll } from "vitest"
import * as Effect from "effect/Effect"
import * as PermissionDefinitions from "../../packages/sdk/src/api/PermissionDefinitions.ts"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Real from "./RealService.ts"

const project = Real.sharedOwnedProject({ clientTeamCreationEnabled: true })
const { asAdmin, asServer, asClient } = Real.appsOf(project)


const stamp = Date.now().toString(36)

describe.skipIf(Real.env === undefined)("real service: permissions", () => {
  // the suite\'s project is made first (a minute or more on a busy development server)
  beforeAll(() => Effect.runPromise(project), 300_000)

  it.live("definitions: created, listed, updated (contained ids), deleted; duplicates and unknown ids are typed errors", () =>
    asAdmin(Effect.gen(function*() {
      const base = `read_${stamp}`
      const composite = `manage_${stamp}`
      const created = yield* PermissionDefinitions.create("project", { id: base, description: "Read" })
      assert.strictEqual(created.id, base)
      const withContained = yield* PermissionDefinitions.create("project", { id: composite, containedPermissionIds: [base] })
      assert.deepStrictEqual(withContained.containedPermissionIds, [base])
      const listed = yield* PermissionDefinitions.list("project")
      assert.includeMembers(listed.map((d) => d.id), [base, composite])
      const duplicate = yield* Effect.flip(PermissionDefinitions.create("project", { id: base }))
      assert.strictEqual(duplicate._tag, "PermissionIdAlreadyExists")
      const missingContained = yield* Effect.flip(PermissionDefinitions.create("project", { id: `other_${stamp}`, containedPermissionIds: [`nope_${stamp}`] }))
      assert.strictEqual(missingContained._tag, "ContainedPermissionNotFound")
      const updated = yield* PermissionDefinitions.update("project", composite, { description: "Manage", containedPermissionIds: [] })
      assert.strictEqual(updated.description, "Manage")
      assert.deepStrictEqual(updated.containedPermissionIds, [])
      yield* PermissionDefinitions.remove("project", composite)
      assert.notInclude((yield* PermissionDefinitions.list("project")).map((d) => d.id), composite)
      const unknown = yield* Effect.flip(PermissionDefinitions.remove("project", `gone_${stamp}`))
      assert.strictEqual(unknown._tag, "PermissionNotFound")
      // team definitions: the service's own `$` permissions are listed too
      const team = yield* PermissionDefinitions.create("team", { id: `edit_${stamp}`, containedPermissionIds: ["$read_members"] })
      assert.deepStrictEqual(team.containedPermissionIds, ["$read_members"])
      const teamIds = (yield* PermissionDefinitions.list("team")).map((d) => d.id)
      assert.includeMembers(teamIds, [`edit_${stamp}`, "$read_members", "team_admin", "team_member"])
    })), 300_000)

  it.live("project permissions: granted and revoked by a server, seen by the user (contained ones too)", () =>
    Effect.gen(function*() {
      const child = `view_${stamp}`
      const parent = `admin_${stamp}`
      yield* asAdmin(Effect.gen(function*() {
        yield* PermissionDefinitions.create("project", { id: child })
        yield* PermissionDefinitions.create("project", { id: parent, containedPermissionIds: [child] })
      }))
      yield* asClient(Effect.gen(function*() {
        const me = yield* Real.signUp("project-perms")
        assert.isFalse(yield* Permissions.hasProjectPermission(parent))
        const granted = yield* asServer(Permissions.grantProject(me.id, parent))
        assert.deepStrictEqual([granted.id, granted.userId], [parent, me.id])
        assert.isTrue(yield* Permissions.hasProjectPermission(parent))
        assert.isTrue(yield* Permissions.hasProjectPermission(child))
        assert.deepStrictEqual((yield* Permissions.listProject({ recursive: false })).map((p) => p.id), [parent])
        const listed = yield* asServer(Permissions.listProjectAsServer({ userId: me.id }))
        assert.sameMembers(listed.map((p) => p.id), [parent, child])
        yield* asServer(Permissions.revokeProject(me.id, parent))
        assert.isFalse(yield* Permissions.hasProjectPermission(child))
        const unknown = yield* Effect.flip(asServer(Permissions.grantProject(me.id, `missing_${stamp}`)))
        assert.strictEqual(unknown._tag, "PermissionNotFound")
        const noUser = yield* Effect.flip(asServer(Permissions.grantProject(crypto.randomUUID(), parent)))
        assert.strictEqual(noUser._tag, "UserNotFound")
      }))
    }), 300_000)

  it.live("team permissions: the creator's defaults; granted and revoked by a server for a member", () =>
    Effect.gen(function*() {
      const permission = `publish_${stamp}`
      yield* asAdmin(PermissionDefinitions.create("team", { id: permission }))
      yield* asClient(Effect.gen(function*() {
        const me = yield* Real.signUp("team-perms")
        const team = yield* Teams.create({ displayName: "Perms" })
        const defaults = (yield* Permissions.listTeam(team.id)).map((p) => p.id)
        assert.include(defaults, "team_admin")
        assert.isTrue(yield* Permissions.hasTeamPermission(team.id, "$update_team"))
        assert.isFalse(yield* Permissions.hasTeamPermission(team.id, permission))
        const granted = yield* asServer(Permissions.grantTeam(team.id, me.id, permission))
        assert.deepStrictEqual([granted.id, granted.userId, granted.teamId], [permission, me.id, team.id])
        assert.isTrue(yield* Permissions.hasTeamPermission(team.id, permission))
        const listed = yield* asServer(Permissions.listTeamAsServer({ teamId: team.id, userId: me.id, recursive: false }))
        assert.includeMembers(listed.map((p) => p.id), [permission, "team_admin"])
        yield* asServer(Permissions.revokeTeam(team.id, me.id, permission))
        assert.isFalse(yield* Permissions.hasTeamPermission(team.id, permission))
        const wrongScope = yield* Effect.flip(asServer(Permissions.grantProject(me.id, permission)))
        assert.include(["PermissionScopeMismatch", "PermissionNotFound"], wrongScope._tag)
        const notMember = yield* Effect.flip(asServer(Permissions.grantTeam(team.id, crypto.randomUUID(), permission)))
        assert.include(["UserNotFound", "TeamMembershipNotFound"], notMember._tag)
      }))
    }), 300_000)
})
