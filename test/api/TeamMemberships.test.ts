import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { createUser, serverApp, signedIn, userRow } from "../support/TeamFixtures.ts"

const unknownId = "00000000-0000-4000-8000-000000000000"

layer(Emulator.layer)("TeamMemberships", (it) => {
  it.effect("a server adds a user as a plain member (member defaults only) and removes them", () =>
    Effect.gen(function*() {
      const user = yield* createUser("joiner")
      const team = yield* Teams.createAsServer({ displayName: "Club" })
      const membership = yield* TeamMemberships.add(team.id, user.id)
      assert.deepStrictEqual(membership, { teamId: team.id, userId: user.id })
      assert.deepStrictEqual((yield* Teams.listUsers(team.id)).map((u) => u.id), [user.id])
      const held = yield* Permissions.listTeamAsServer({ teamId: team.id, userId: user.id, recursive: false })
      assert.deepStrictEqual(held.map((p) => p.id), ["team_member"])
      yield* TeamMemberships.remove(team.id, user.id)
      assert.deepStrictEqual(yield* Teams.listUsers(team.id), [])
      assert.deepStrictEqual(yield* Permissions.listTeamAsServer({ teamId: team.id, userId: user.id }), [])
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("adding twice is TeamMembershipAlreadyExists; a missing user or team is UserNotFound or TeamNotFound", () =>
    Effect.gen(function*() {
      const user = yield* createUser("twice")
      const team = yield* Teams.createAsServer({ displayName: "Twice" })
      yield* TeamMemberships.add(team.id, user.id)
      assert.strictEqual((yield* Effect.flip(TeamMemberships.add(team.id, user.id)))._tag, "TeamMembershipAlreadyExists")
      assert.strictEqual((yield* Effect.flip(TeamMemberships.add(team.id, unknownId)))._tag, "UserNotFound")
      assert.strictEqual((yield* Effect.flip(TeamMemberships.add(unknownId, user.id)))._tag, "TeamNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("removing a non-member is TeamMembershipNotFound, a missing user UserNotFound", () =>
    Effect.gen(function*() {
      const user = yield* createUser("outsider")
      const team = yield* Teams.createAsServer({ displayName: "Closed" })
      assert.strictEqual((yield* Effect.flip(TeamMemberships.remove(team.id, user.id)))._tag, "TeamMembershipNotFound")
      assert.strictEqual((yield* Effect.flip(TeamMemberships.remove(team.id, unknownId)))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a member leaves a team: it is no longer listed nor selected, and leaving again is TeamMembershipNotFound", () =>
    Effect.gen(function*() {
      const user = yield* signedIn("leaver")
      const team = yield* Teams.create({ displayName: "Left behind" })
      yield* TeamMemberships.leave(team.id)
      assert.deepStrictEqual(yield* Teams.list(), [])
      assert.isNull((yield* userRow(user.id))?.selectedTeamId)
      assert.strictEqual((yield* Effect.flip(TeamMemberships.leave(team.id)))._tag, "TeamMembershipNotFound")
      const server = yield* serverApp()
      assert.deepStrictEqual(yield* server(Teams.listUsers(team.id)), [])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out, leaving is CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const server = yield* serverApp()
      const team = yield* server(Teams.createAsServer({ displayName: "Anyone" }))
      assert.strictEqual((yield* Effect.flip(TeamMemberships.leave(team.id)))._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))
})
