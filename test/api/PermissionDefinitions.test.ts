import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as PermissionDefinitions from "../../packages/sdk/src/api/PermissionDefinitions.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Permissions from "../../packages/emulator/src/internal/model/PermissionRules.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

layer(Emulator.layer)("PermissionDefinitions", (it) => {
  it.effect("lists the team definitions with the built-in ones, sorted by id", () =>
    Effect.gen(function*() {
      const team = yield* PermissionDefinitions.list("team")
      const ids = team.map((d) => d.id)
      assert.includeMembers(ids, ["team_admin", "team_member", "$read_members", "$update_team"])
      assert.deepStrictEqual(ids, [...ids].sort())
      assert.includeMembers([...team.find((d) => d.id === "team_member")!.containedPermissionIds], ["$read_members", "$invite_members"])
      assert.deepStrictEqual(yield* PermissionDefinitions.list("project"), [])
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("creates, updates, renames and deletes a team definition; grants and containers follow", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const projectId = emulator.demoProject.projectId
      const created = yield* PermissionDefinitions.create("team", { id: "moderator", description: "Moderates", containedPermissionIds: ["$read_members"] })
      assert.deepStrictEqual(created, { id: "moderator", description: "Moderates", containedPermissionIds: ["$read_members"] })
      yield* PermissionDefinitions.create("team", { id: "senior_moderator", containedPermissionIds: ["moderator"] })

      const user = yield* emulator.run(Users.create({ projectId }))
      const teamId = crypto.randomUUID()
      yield* emulator.run(EmulatorState.update((state) =>
        Permissions.grant(state, { projectId, scope: "team", teamId, userId: user.id, permissionId: "moderator" }, 0)))

      const updated = yield* PermissionDefinitions.update("team", "moderator", { description: "Keeps order", containedPermissionIds: ["$read_members", "$remove_members"] })
      assert.strictEqual(updated.description, "Keeps order")
      assert.deepStrictEqual(updated.containedPermissionIds, ["$read_members", "$remove_members"])

      const renamed = yield* PermissionDefinitions.update("team", "moderator", { id: "mod" })
      assert.strictEqual(renamed.id, "mod")
      let state = yield* emulator.state.get
      assert.isTrue(Table.values(state.permissionGrants).some((g) => g.userId === user.id && g.permissionId === "mod"))
      let listed = yield* PermissionDefinitions.list("team")
      assert.deepStrictEqual(listed.find((d) => d.id === "senior_moderator")!.containedPermissionIds, ["mod"])
      assert.isUndefined(listed.find((d) => d.id === "moderator"))

      yield* PermissionDefinitions.remove("team", "mod")
      state = yield* emulator.state.get
      assert.isFalse(Table.values(state.permissionGrants).some((g) => g.userId === user.id && g.permissionId === "mod"))
      listed = yield* PermissionDefinitions.list("team")
      assert.deepStrictEqual(listed.find((d) => d.id === "senior_moderator")!.containedPermissionIds, [])
      assert.isUndefined(listed.find((d) => d.id === "mod"))
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("an update keeps what it leaves out: a description alone keeps the contained ids, a rename keeps both", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* PermissionDefinitions.create("team", { id: "keeper", description: "Keeps", containedPermissionIds: ["$read_members"] })
      const described = yield* PermissionDefinitions.update("team", "keeper", { description: "Still keeps" })
      assert.deepStrictEqual(described, { id: "keeper", description: "Still keeps", containedPermissionIds: ["$read_members"] })
      // the definition went whole on the wire, as the service rewrites it from the body
      const sent = (yield* emulator.requests.filter({ method: "PATCH", path: "/api/v1/team-permission-definitions/keeper" })).at(-1)
      assert.deepStrictEqual(sent?.body, { description: "Still keeps", contained_permission_ids: ["$read_members"] })
      const renamed = yield* PermissionDefinitions.update("team", "keeper", { id: "holder" })
      assert.deepStrictEqual(renamed, { id: "holder", description: "Still keeps", containedPermissionIds: ["$read_members"] })
      const unknown = yield* Effect.flip(PermissionDefinitions.update("team", "nobody_here", { description: "x" }))
      assert.strictEqual(unknown._tag, "PermissionNotFound")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("project definitions contain only project definitions", () =>
    Effect.gen(function*() {
      yield* PermissionDefinitions.create("project", { id: "read_reports" })
      const admin = yield* PermissionDefinitions.create("project", { id: "reports_admin", containedPermissionIds: ["read_reports"] })
      assert.deepStrictEqual(admin.containedPermissionIds, ["read_reports"])
      const error = yield* Effect.flip(PermissionDefinitions.create("project", { id: "bad", containedPermissionIds: ["team_admin"] }))
      assert.strictEqual(error._tag, "ContainedPermissionNotFound")
      if (error._tag === "ContainedPermissionNotFound") assert.strictEqual(error.details?.permissionId, "team_admin")
      assert.deepStrictEqual((yield* PermissionDefinitions.list("project")).map((d) => d.id), ["read_reports", "reports_admin"])
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("an id taken in either scope is PermissionIdAlreadyExists, on create and on rename", () =>
    Effect.gen(function*() {
      yield* PermissionDefinitions.create("project", { id: "billing" })
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.create("project", { id: "billing" })))._tag, "PermissionIdAlreadyExists")
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.create("team", { id: "billing" })))._tag, "PermissionIdAlreadyExists")
      yield* PermissionDefinitions.create("team", { id: "editor" })
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.update("team", "editor", { id: "team_admin" })))._tag, "PermissionIdAlreadyExists")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("unknown contained ids and unknown definitions are refused", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.create("team", { id: "x1", containedPermissionIds: ["nope"] })))._tag, "ContainedPermissionNotFound")
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.update("team", "team_member", { containedPermissionIds: ["nope"] })))._tag, "ContainedPermissionNotFound")
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.update("team", "missing", { description: "x" })))._tag, "PermissionNotFound")
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.remove("team", "missing")))._tag, "PermissionNotFound")
      // a definition of the other scope is not found through this one
      assert.strictEqual((yield* Effect.flip(PermissionDefinitions.remove("project", "team_admin")))._tag, "PermissionNotFound")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("a malformed id is the service's SchemaError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(PermissionDefinitions.create("team", { id: "Not Valid!" }))
      assert.strictEqual(error._tag, "SchemaError")
    }).pipe(Effect.provide(TestApps.admin())))
})
