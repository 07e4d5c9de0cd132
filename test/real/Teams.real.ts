/**
 * Teams against the real service, as an app calls them: a signed-in user creates, renames, selects
 * and deletes a team; invites by e-mail (the mailed code accepted by the invitee), lists and revokes
 * invitations; reads and edits member profiles. In a project the suite made for itself (client team
 * creation on).
 */
import { assert, describe, it } from "@effect/vitest"
import { beforeAll } from "vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as TeamInvitations from "../../packages/sdk/src/api/TeamInvitations.ts"
import * as TeamMemberProfiles from "../../packages/sdk/src/api/TeamMemberProfiles.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Real from "./RealService.ts"

const project = Real.sharedOwnedProject({ clientTeamCreationEnabled: true })
const { asServer, asClient } = Real.appsOf(project)

const invitationUrl = "http://localhost:3000/handler/team-invitation"

const signUp = (email: string) => Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })

describe.skipIf(Real.env === undefined)("real service: teams", () => {
  // the suite\'s project is made first (a minute or more on a busy development server)
  beforeAll(() => Effect.runPromise(project), 300_000)

  it.live("a signed-in user creates, renames, selects, unselects and deletes a team", () =>
    asClient(Effect.gen(function*() {
      yield* signUp(Real.uniqueEmail("team-owner"))
      const team = yield* Teams.create({ displayName: "Alpha", clientMetadata: { color: "red" } })
      assert.strictEqual(team.displayName, "Alpha")
      assert.deepStrictEqual(team.clientMetadata, { color: "red" })
      assert.strictEqual((yield* Users.getCurrent()).selectedTeamId, team.id)
      const renamed = yield* Teams.update(team.id, { displayName: "Beta" })
      assert.strictEqual(renamed.displayName, "Beta")
      assert.deepStrictEqual((yield* Teams.list()).map((t) => [t.id, t.displayName]), [[team.id, "Beta"]])
      yield* Teams.select(null)
      assert.isNull((yield* Users.getCurrent()).selectedTeamId)
      yield* Teams.select(team.id)
      assert.strictEqual((yield* Users.getCurrent()).selectedTeamId, team.id)
      // a team the user is not in cannot be selected
      const foreign = yield* Effect.flip(Teams.select(crypto.randomUUID()))
      assert.strictEqual(foreign._tag, "TeamMembershipNotFound")
      yield* Teams.remove(team.id)
      assert.deepStrictEqual(yield* Teams.list(), [])
      const gone = yield* Effect.flip(Teams.update(team.id, { displayName: "Gamma" }))
      assert.include(["TeamNotFound", "TeamMembershipNotFound", "TeamPermissionRequired"], gone._tag)
    })), 300_000)

  it.live("the server view: update, list by user, not found", () =>
    asServer(Effect.gen(function*() {
      const user = yield* ServerUsers.create({ displayName: "Server teams" })
      const team = yield* Teams.createAsServer({ displayName: "Server team", creatorUserId: user.id })
      const updated = yield* Teams.updateAsServer(team.id, { displayName: "Renamed", serverMetadata: { tier: 2 }, clientReadOnlyMetadata: { seats: 5 } })
      assert.strictEqual(updated.displayName, "Renamed")
      assert.deepStrictEqual(updated.serverMetadata, { tier: 2 })
      assert.deepStrictEqual(updated.clientReadOnlyMetadata, { seats: 5 })
      assert.deepStrictEqual((yield* Teams.listAll({ userId: user.id })).map((t) => t.id), [team.id])
      assert.strictEqual((yield* Teams.get(team.id)).displayName, "Renamed")
      const unknown = yield* Effect.flip(Teams.updateAsServer(crypto.randomUUID(), { displayName: "x" }))
      assert.strictEqual(unknown._tag, "TeamNotFound")
      const unknownCreator = yield* Effect.flip(Teams.createAsServer({ displayName: "x", creatorUserId: crypto.randomUUID() }))
      assert.strictEqual(unknownCreator._tag, "UserNotFound")
      yield* Teams.removeAsServer(team.id)
    })), 300_000)

  it.live("invitations: sent by e-mail, listed, revoked; the mailed code is checked, detailed and accepted by the invitee", () =>
    Effect.gen(function*() {
      const ownerEmail = Real.uniqueEmail("inviter")
      const inviteeEmail = Real.uniqueEmail("invitee")
      const revokedEmail = Real.uniqueEmail("revoked-invitee")
      const lostEmail = Real.uniqueEmail("lost-invitee")
      const team = yield* asClient(Effect.gen(function*() {
        yield* signUp(ownerEmail)
        const team = yield* Teams.create({ displayName: "Invites" })
        const sent = yield* TeamInvitations.send({ teamId: team.id, email: revokedEmail, callbackUrl: invitationUrl })
        yield* TeamInvitations.send({ teamId: team.id, email: inviteeEmail, callbackUrl: invitationUrl })
        yield* TeamInvitations.send({ teamId: team.id, email: lostEmail, callbackUrl: invitationUrl })
        const listed = yield* TeamInvitations.list(team.id)
        assert.sameMembers(listed.map((i) => i.recipientEmail), [revokedEmail, inviteeEmail, lostEmail])
        const toRevoke = listed.find((i) => i.recipientEmail === revokedEmail)!
        if (sent.id !== undefined) assert.strictEqual(sent.id, toRevoke.id)
        yield* TeamInvitations.revoke(toRevoke.id, team.id)
        assert.sameMembers((yield* TeamInvitations.list(team.id)).map((i) => i.recipientEmail), [inviteeEmail, lostEmail])
        return team
      }))
      const codeFor = (email: string) =>
        Effect.map(Real.waitForMail(email), (mail) => {
          const link = Object.values(mail.variables).find((v): v is string => typeof v === "string" && v.startsWith(invitationUrl))
          assert.isDefined(link, JSON.stringify(mail.variables))
          return Option.getOrThrow(TeamInvitations.codeFromUrl(link!))
        })
      // accepting signed out is refused, and uses the code up (the service marks it used first)
      const lost = yield* codeFor(lostEmail)
      yield* asClient(Effect.gen(function*() {
        const signedOut = yield* Effect.flip(TeamInvitations.accept(lost))
        assert.strictEqual(signedOut._tag, "UserAuthenticationRequired")
        const used = yield* Effect.flip(TeamInvitations.check(lost))
        assert.strictEqual(used._tag, "VerificationCodeAlreadyUsed")
      }))
      const code = yield* codeFor(inviteeEmail)
      yield* asClient(Effect.gen(function*() {
        yield* signUp(inviteeEmail)
        yield* TeamInvitations.check(code)
        const details = yield* TeamInvitations.details(code)
        assert.strictEqual(details.teamId, team.id)
        assert.strictEqual(details.teamDisplayName, "Invites")
        yield* TeamInvitations.accept(code)
        assert.deepStrictEqual((yield* Teams.list()).map((t) => t.id), [team.id])
        const reused = yield* Effect.flip(TeamInvitations.accept(code))
        assert.strictEqual(reused._tag, "VerificationCodeAlreadyUsed")
        const bogus = yield* Effect.flip(TeamInvitations.check("a".repeat(45)))
        assert.strictEqual(bogus._tag, "VerificationCodeNotFound")
      }))
    }), 300_000)

  it.live("member profiles: each member reads the team's, edits their own", () =>
    asClient(Effect.gen(function*() {
      yield* signUp(Real.uniqueEmail("profiled"))
      const me = yield* Users.getCurrent()
      const team = yield* Teams.create({ displayName: "Profiles" })
      const mine = yield* TeamMemberProfiles.get(team.id)
      assert.strictEqual(mine.userId, me.id)
      assert.strictEqual(mine.teamId, team.id)
      const edited = yield* TeamMemberProfiles.update(team.id, { displayName: "Captain", profileImageUrl: "https://example.com/a.png" })
      assert.strictEqual(edited.displayName, "Captain")
      assert.strictEqual(edited.profileImageUrl, "https://example.com/a.png")
      const all = yield* TeamMemberProfiles.list({ teamId: team.id })
      assert.deepStrictEqual(all.map((p) => [p.userId, p.displayName]), [[me.id, "Captain"]])
      const notMember = yield* Effect.flip(TeamMemberProfiles.get(crypto.randomUUID()))
      assert.include(["TeamMembershipNotFound", "TeamNotFound"], notMember._tag)
    })), 300_000)
})
