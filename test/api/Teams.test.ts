import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { clientApp, createUser, freshEmail, serverApp, signedIn, userRow, withConfig } from "../support/TeamFixtures.ts"
import { reasonOf, reasonWith } from "../support/Transport.ts"

const unknownId = "00000000-0000-4000-8000-000000000000"

layer(Emulator.layer)("Teams", (it) => {
  it.effect("a new user has no team; a created team is listed, selected, and its creator is its admin", () =>
    Effect.gen(function*() {
      const user = yield* signedIn("creator")
      assert.deepStrictEqual(yield* Teams.list(), [])
      const team = yield* Teams.create({ displayName: "Rocket", clientMetadata: { plan: "free" } })
      assert.strictEqual(team.displayName, "Rocket")
      assert.deepStrictEqual(team.clientMetadata, { plan: "free" })
      assert.deepStrictEqual((yield* Teams.list()).map((t) => t.id), [team.id])
      assert.strictEqual((yield* userRow(user.id))?.selectedTeamId, team.id)
      const direct = yield* Permissions.listTeam(team.id, { recursive: false })
      assert.deepStrictEqual(direct.map((p) => p.id), ["team_admin"])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("lists teams oldest first", () =>
    Effect.gen(function*() {
      yield* signedIn("many")
      const first = yield* Teams.create({ displayName: "First" })
      const second = yield* Teams.create({ displayName: "Second" })
      assert.deepStrictEqual((yield* Teams.list()).map((t) => t.id), [first.id, second.id])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out, listing teams and creating one are CannotGetOwnUserWithoutUser (the creator is `me`), as the service answers", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(Teams.list()))._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual((yield* Effect.flip(Teams.create({ displayName: "x" })))._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a project without client team creation refuses it with HTTP 403; a server still creates teams", () =>
    Effect.gen(function*() {
      yield* withConfig({ clientTeamCreationEnabled: false })
      const user = yield* signedIn("nocreate")
      const error = yield* Effect.flip(Teams.create({ displayName: "Nope" }))
      assert.strictEqual(reasonOf(error)._tag, "HttpError")
      assert.strictEqual(reasonWith(error, "HttpError").status, 403)
      const server = yield* serverApp()
      const team = yield* server(Teams.createAsServer({ displayName: "By server", creatorUserId: user.id }))
      assert.deepStrictEqual((yield* Teams.list()).map((t) => t.id), [team.id])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("an admin updates and deletes the team; deleting clears the selection", () =>
    Effect.gen(function*() {
      const user = yield* signedIn("admin")
      const team = yield* Teams.create({ displayName: "Old" })
      const updated = yield* Teams.update(team.id, { displayName: "New", profileImageUrl: null })
      assert.strictEqual(updated.displayName, "New")
      assert.deepStrictEqual((yield* Teams.list()).map((t) => t.displayName), ["New"])
      yield* Teams.remove(team.id)
      assert.deepStrictEqual(yield* Teams.list(), [])
      assert.isNull((yield* userRow(user.id))?.selectedTeamId)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a plain member may not update or delete (TeamPermissionRequired), a stranger is not a member", () =>
    Effect.gen(function*() {
      yield* signedIn("owner")
      const team = yield* Teams.create({ displayName: "Guarded" })
      const member = yield* clientApp()
      const memberUser = yield* member(signedIn("member"))
      const server = yield* serverApp()
      yield* server(TeamMemberships.add(team.id, memberUser.id))
      assert.strictEqual((yield* member(Effect.flip(Teams.update(team.id, { displayName: "Mine" }))))._tag, "TeamPermissionRequired")
      assert.strictEqual((yield* member(Effect.flip(Teams.remove(team.id))))._tag, "TeamPermissionRequired")
      const stranger = yield* clientApp()
      yield* stranger(signedIn("stranger"))
      assert.strictEqual((yield* stranger(Effect.flip(Teams.update(team.id, { displayName: "Mine" }))))._tag, "TeamMembershipNotFound")
      const signedOut = yield* clientApp()
      assert.strictEqual((yield* signedOut(Effect.flip(Teams.remove(team.id))))._tag, "UserAuthenticationRequired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("selects a team or none; a team the user is not in is TeamMembershipNotFound", () =>
    Effect.gen(function*() {
      const user = yield* signedIn("selector")
      const team = yield* Teams.create({ displayName: "Mine" })
      yield* Teams.select(null)
      assert.isNull((yield* userRow(user.id))?.selectedTeamId)
      yield* Teams.select(team.id)
      assert.strictEqual((yield* userRow(user.id))?.selectedTeamId, team.id)
      const server = yield* serverApp()
      const other = yield* server(Teams.createAsServer({ displayName: "Other" }))
      assert.strictEqual((yield* Effect.flip(Teams.select(other.id)))._tag, "TeamMembershipNotFound")
      const signedOut = yield* clientApp()
      assert.strictEqual((yield* signedOut(Effect.flip(Teams.select(null))))._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server lists every team or a user's, reads, updates and deletes any", () =>
    Effect.gen(function*() {
      const user = yield* createUser("serverside")
      const mine = yield* Teams.createAsServer({ displayName: "Theirs", creatorUserId: user.id, serverMetadata: { tier: 2 } })
      const other = yield* Teams.createAsServer({ displayName: "Nobody's" })
      assert.instanceOf(mine.createdAt, Date)
      assert.deepStrictEqual(mine.serverMetadata, { tier: 2 })
      const all = (yield* Teams.listAll()).map((t) => t.id)
      assert.includeMembers(all, [mine.id, other.id])
      assert.deepStrictEqual((yield* Teams.listAll({ userId: user.id })).map((t) => t.id), [mine.id])
      assert.strictEqual((yield* Teams.get(mine.id)).displayName, "Theirs")
      const updated = yield* Teams.updateAsServer(mine.id, { clientReadOnlyMetadata: { verified: true } })
      assert.deepStrictEqual(updated.clientReadOnlyMetadata, { verified: true })
      yield* Teams.removeAsServer(other.id)
      assert.notInclude((yield* Teams.listAll()).map((t) => t.id), other.id)
      assert.deepStrictEqual((yield* Teams.listUsers(mine.id)).map((u) => u.id), [user.id])
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a server gets TeamNotFound for a missing team and UserNotFound for a missing creator", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(Teams.get(unknownId)))._tag, "TeamNotFound")
      assert.strictEqual((yield* Effect.flip(Teams.updateAsServer(unknownId, { displayName: "x" })))._tag, "TeamNotFound")
      assert.strictEqual((yield* Effect.flip(Teams.removeAsServer(unknownId)))._tag, "TeamNotFound")
      assert.strictEqual((yield* Effect.flip(Teams.createAsServer({ displayName: "x", creatorUserId: unknownId })))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a project creating teams on sign-up gives each new user a selected personal team", () =>
    Effect.gen(function*() {
      yield* withConfig({ createTeamOnSignUp: true })
      const emulator = yield* Emulator.Emulator
      const projectId = emulator.demoProject.projectId
      const named = yield* signedIn("personal", { displayName: "Ada" })
      const teams = yield* Teams.list()
      assert.deepStrictEqual(teams.map((t) => t.displayName), ["Ada's Team"])
      assert.strictEqual((yield* userRow(named.id))?.selectedTeamId, teams[0]!.id)
      const email = freshEmail("mailonly")
      const anonymousName = yield* emulator.run(Users.create({ projectId, primaryEmail: email, primaryEmailAuthEnabled: true }))
      const nameless = yield* emulator.run(Users.create({ projectId }))
      const server = yield* serverApp()
      assert.deepStrictEqual((yield* server(Teams.listAll({ userId: anonymousName.id }))).map((t) => t.displayName), [`${email}'s Team`])
      assert.deepStrictEqual((yield* server(Teams.listAll({ userId: nameless.id }))).map((t) => t.displayName), ["Personal Team"])
    }).pipe(Effect.provide(TestApps.client())))
})
