import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as TeamMemberProfiles from "../../packages/sdk/src/api/TeamMemberProfiles.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { clientApp, createUser, serverApp, signedIn } from "../support/TeamFixtures.ts"

const unknownId = "00000000-0000-4000-8000-000000000000"

/** A team created by the signed-in user, with a second member added by a server. */
const teamWithMember = (memberName: string) =>
  Effect.gen(function*() {
    const team = yield* Teams.create({ displayName: "Profiles" })
    const member = yield* clientApp()
    const memberUser = yield* member(signedIn(memberName, { displayName: "Grace" }))
    const server = yield* serverApp()
    yield* server(TeamMemberships.add(team.id, memberUser.id))
    return { team, member, memberUser, server }
  })

layer(Emulator.layer)("TeamMemberProfiles", (it) => {
  it.effect("profiles fall back to the user's name; a member updates their own profile in the team", () =>
    Effect.gen(function*() {
      const me = yield* signedIn("profiled", { displayName: "Ada" })
      const { team, memberUser } = yield* teamWithMember("listed")
      const profiles = yield* TeamMemberProfiles.list({ teamId: team.id })
      assert.deepStrictEqual(profiles.map((p) => [p.userId, p.displayName]), [[me.id, "Ada"], [memberUser.id, "Grace"]])
      const updated = yield* TeamMemberProfiles.update(team.id, { displayName: "Captain Ada" })
      assert.strictEqual(updated.displayName, "Captain Ada")
      assert.strictEqual(updated.teamId, team.id)
      assert.strictEqual((yield* TeamMemberProfiles.get(team.id)).displayName, "Captain Ada")
      assert.strictEqual((yield* TeamMemberProfiles.get(team.id, memberUser.id)).displayName, "Grace")
      const mine = yield* TeamMemberProfiles.list({ teamId: team.id, userId: "me" })
      assert.deepStrictEqual(mine.map((p) => p.displayName), ["Captain Ada"])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("without $read_members a member reads only their own profile (TeamPermissionRequired otherwise)", () =>
    Effect.gen(function*() {
      const me = yield* signedIn("reader")
      const { team, member, memberUser, server } = yield* teamWithMember("limited")
      yield* server(Permissions.revokeTeam(team.id, memberUser.id, "team_member"))
      assert.deepStrictEqual((yield* member(TeamMemberProfiles.list({ teamId: team.id, userId: "me" }))).map((p) => p.userId), [memberUser.id])
      assert.strictEqual((yield* member(Effect.flip(TeamMemberProfiles.list({ teamId: team.id }))))._tag, "TeamPermissionRequired")
      assert.strictEqual((yield* member(Effect.flip(TeamMemberProfiles.get(team.id, me.id))))._tag, "TeamPermissionRequired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("outside the team, listing, reading and updating are TeamMembershipNotFound", () =>
    Effect.gen(function*() {
      yield* signedIn("outside")
      const server = yield* serverApp()
      const team = yield* server(Teams.createAsServer({ displayName: "Elsewhere" }))
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.list({ teamId: team.id })))._tag, "TeamMembershipNotFound")
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.get(team.id)))._tag, "TeamMembershipNotFound")
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.update(team.id, { displayName: "x" })))._tag, "TeamMembershipNotFound")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out, every profile call is CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const server = yield* serverApp()
      const team = yield* server(Teams.createAsServer({ displayName: "Anon" }))
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.list({ teamId: team.id })))._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.get(team.id)))._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.update(team.id, { displayName: "x" })))._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server reads and updates any member's profile; a missing team or user is TeamNotFound or UserNotFound", () =>
    Effect.gen(function*() {
      const user = yield* createUser("managed", { displayName: "Linus" })
      const team = yield* Teams.createAsServer({ displayName: "Managed", creatorUserId: user.id })
      const updated = yield* TeamMemberProfiles.update(team.id, { displayName: "Lead" }, user.id)
      assert.strictEqual(updated.displayName, "Lead")
      assert.deepStrictEqual((yield* TeamMemberProfiles.list({ teamId: team.id })).map((p) => p.displayName), ["Lead"])
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.list({ teamId: unknownId })))._tag, "TeamNotFound")
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.list({ teamId: team.id, userId: unknownId })))._tag, "UserNotFound")
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.get(team.id, unknownId)))._tag, "UserNotFound")
      assert.strictEqual((yield* Effect.flip(TeamMemberProfiles.update(team.id, { displayName: "x" }, unknownId)))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))
})
