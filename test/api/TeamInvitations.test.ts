import { assert, describe, it as plainIt, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as TeamInvitations from "../../packages/sdk/src/api/TeamInvitations.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { clientApp, freshEmail, serverApp, signedIn } from "../support/TeamFixtures.ts"

const callbackUrl = "http://localhost:3000/handler/team-invitation"
const unknownId = "00000000-0000-4000-8000-000000000000"
const unknownCode = "0".repeat(45)

/** Sends an invitation from the signed-in user's new team; answers the team, the address and the mailed link's code. */
const invite = (teamName = "Invites") =>
  Effect.gen(function*() {
    const team = yield* Teams.create({ displayName: teamName })
    const email = freshEmail("invitee")
    const sent = yield* TeamInvitations.send({ teamId: team.id, email, callbackUrl })
    const mail = yield* Effect.flatMap(Emulator.Emulator, (e) => e.mailbox.latest(email))
    assert.isDefined(mail)
    // the development form names the team among its variables; a rendered mail in its subject
    assert.include(`${mail!.subject} ${String(Mail.variablesOf(mail!).teamDisplayName)}`, teamName)
    const link = Mail.linkOf(mail!)!
    assert.isTrue(link.startsWith(`${callbackUrl}?code=`))
    const code = Option.getOrThrow(TeamInvitations.codeFromUrl(link))
    assert.strictEqual(code, Mail.codeOf(mail!))
    return { team, email, sent, code }
  })

describe("TeamInvitations.codeFromUrl", () => {
  plainIt("reads the code of a link, and nothing from a link without one or from a non-URL", () => {
    assert.deepStrictEqual(TeamInvitations.codeFromUrl("https://app.example.com/handler/team-invitation?code=abc"), Option.some("abc"))
    assert.deepStrictEqual(TeamInvitations.codeFromUrl(new URL("https://app.example.com/x?code=")), Option.none())
    assert.deepStrictEqual(TeamInvitations.codeFromUrl("not a url"), Option.none())
  })
})

layer(Emulator.layer)("TeamInvitations", (it) => {
  it.effect("an invitee checks, reads and accepts the mailed code, joins the team, and the invitation is gone", () =>
    Effect.gen(function*() {
      yield* signedIn("inviter")
      const { team, email, sent, code } = yield* invite("Orbit")
      const pending = yield* TeamInvitations.list(team.id)
      assert.deepStrictEqual(pending.map((i) => [i.id, i.recipientEmail, i.teamId]), [[sent.id, email, team.id]])
      assert.instanceOf(pending[0]!.expiresAt, Date)
      const invitee = yield* clientApp()
      const inviteeUser = yield* invitee(signedIn("joiner"))
      yield* invitee(TeamInvitations.check(code))
      assert.deepStrictEqual(yield* invitee(TeamInvitations.details(code.toUpperCase())), { teamId: team.id, teamDisplayName: "Orbit" })
      yield* invitee(TeamInvitations.accept(code))
      assert.deepStrictEqual((yield* invitee(Teams.list())).map((t) => t.id), [team.id])
      assert.isFalse(yield* invitee(Permissions.hasTeamPermission(team.id, "team_admin")))
      assert.isTrue(yield* invitee(Permissions.hasTeamPermission(team.id, "team_member")))
      assert.deepStrictEqual(yield* TeamInvitations.list(team.id), [])
      assert.strictEqual((yield* invitee(Effect.flip(TeamInvitations.accept(code))))._tag, "VerificationCodeAlreadyUsed")
      const server = yield* serverApp()
      assert.include((yield* server(Teams.listUsers(team.id))).map((u) => u.id), inviteeUser.id)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a code past its 7 days is VerificationCodeExpired and no longer listed", () =>
    Effect.gen(function*() {
      yield* signedIn("expirer")
      const { team, code } = yield* invite()
      yield* TestClock.adjust("8 days")
      assert.strictEqual((yield* Effect.flip(TeamInvitations.check(code)))._tag, "VerificationCodeExpired")
      assert.deepStrictEqual(yield* TeamInvitations.list(team.id), [])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("an unknown code is VerificationCodeNotFound; too many checks VerificationCodeMaxAttemptsReached", () =>
    Effect.gen(function*() {
      yield* signedIn("attempts")
      const { code } = yield* invite()
      assert.strictEqual((yield* Effect.flip(TeamInvitations.accept(unknownCode)))._tag, "VerificationCodeNotFound")
      for (let i = 0; i < 20; i++) yield* TeamInvitations.check(code)
      assert.strictEqual((yield* Effect.flip(TeamInvitations.check(code)))._tag, "VerificationCodeMaxAttemptsReached")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a revoked invitation is not listed and its code is VerificationCodeNotFound", () =>
    Effect.gen(function*() {
      yield* signedIn("revoker")
      const { team, sent, code } = yield* invite()
      yield* TeamInvitations.revoke(sent.id, team.id)
      assert.deepStrictEqual(yield* TeamInvitations.list(team.id), [])
      assert.strictEqual((yield* Effect.flip(TeamInvitations.details(code)))._tag, "VerificationCodeNotFound")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out, details and accept are UserAuthenticationRequired; accepting for a deleted team is TeamNotFound", () =>
    Effect.gen(function*() {
      yield* signedIn("gone")
      const { team, code } = yield* invite()
      const signedOut = yield* clientApp()
      assert.strictEqual((yield* signedOut(Effect.flip(TeamInvitations.details(code))))._tag, "UserAuthenticationRequired")
      yield* Teams.remove(team.id)
      const invitee = yield* clientApp()
      yield* invitee(signedIn("late"))
      assert.strictEqual((yield* invitee(Effect.flip(TeamInvitations.details(code))))._tag, "TeamNotFound")
      assert.strictEqual((yield* invitee(Effect.flip(TeamInvitations.accept(code))))._tag, "TeamNotFound")
      const { code: other } = yield* invite("Second")
      assert.strictEqual((yield* signedOut(Effect.flip(TeamInvitations.accept(other))))._tag, "UserAuthenticationRequired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("sending: an untrusted callback, a non-member, a member lacking $invite_members, and signed out are typed", () =>
    Effect.gen(function*() {
      yield* signedIn("sender")
      const team = yield* Teams.create({ displayName: "Strict" })
      const untrusted = yield* Effect.flip(TeamInvitations.send({ teamId: team.id, email: freshEmail("x"), callbackUrl: "https://evil.example.com/cb" }))
      assert.strictEqual(untrusted._tag, "RedirectUrlNotWhitelisted")
      const other = yield* clientApp()
      const otherUser = yield* other(signedIn("not-member"))
      const send = TeamInvitations.send({ teamId: team.id, email: freshEmail("y"), callbackUrl })
      assert.strictEqual((yield* other(Effect.flip(send)))._tag, "TeamMembershipNotFound")
      const server = yield* serverApp()
      yield* server(TeamMemberships.add(team.id, otherUser.id))
      yield* server(Permissions.revokeTeam(team.id, otherUser.id, "team_member"))
      assert.strictEqual((yield* other(Effect.flip(send)))._tag, "TeamPermissionRequired")
      const signedOut = yield* clientApp()
      assert.strictEqual((yield* signedOut(Effect.flip(send)))._tag, "UserAuthenticationRequired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("listing and revoking: lacking permissions, non-member and signed out are typed", () =>
    Effect.gen(function*() {
      yield* signedIn("guard")
      const { team, sent } = yield* invite()
      const other = yield* clientApp()
      const otherUser = yield* other(signedIn("plain"))
      assert.strictEqual((yield* other(Effect.flip(TeamInvitations.list(team.id))))._tag, "TeamMembershipNotFound")
      const server = yield* serverApp()
      yield* server(TeamMemberships.add(team.id, otherUser.id))
      assert.strictEqual((yield* other(TeamInvitations.list(team.id))).length, 1)
      assert.strictEqual((yield* other(Effect.flip(TeamInvitations.revoke(sent.id, team.id))))._tag, "TeamPermissionRequired")
      yield* server(Permissions.revokeTeam(team.id, otherUser.id, "team_member"))
      assert.strictEqual((yield* other(Effect.flip(TeamInvitations.list(team.id))))._tag, "TeamPermissionRequired")
      const signedOut = yield* clientApp()
      assert.strictEqual((yield* signedOut(Effect.flip(TeamInvitations.list(team.id))))._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual((yield* signedOut(Effect.flip(TeamInvitations.revoke(sent.id, team.id))))._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server invites to any team; a missing team is TeamNotFound", () =>
    Effect.gen(function*() {
      const team = yield* Teams.createAsServer({ displayName: "Served" })
      const email = freshEmail("served")
      yield* TeamInvitations.send({ teamId: team.id, email, callbackUrl })
      assert.deepStrictEqual((yield* TeamInvitations.list(team.id)).map((i) => i.recipientEmail), [email])
      const missing = TeamInvitations.send({ teamId: unknownId, email, callbackUrl })
      assert.strictEqual((yield* Effect.flip(missing))._tag, "TeamNotFound")
      assert.strictEqual((yield* Effect.flip(TeamInvitations.list(unknownId)))._tag, "TeamNotFound")
      assert.strictEqual((yield* Effect.flip(TeamInvitations.revoke(unknownId, unknownId)))._tag, "TeamNotFound")
    }).pipe(Effect.provide(TestApps.server())))
})
