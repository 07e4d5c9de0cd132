/**
 * Answers of the real 2.8.27 service that `npm run test:real` found and the SDK relies on, pinned
 * on the in-process emulator (which answers the same way): an invitation accepted signed out is
 * used up, and a duplicate or missing linked OAuth account is a plain-text status (not a known
 * error), which the SDK surfaces as a transport `HttpError`.
 */
import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as OAuthProviders from "../../packages/sdk/src/api/OAuthProviders.ts"
import * as TeamInvitations from "../../packages/sdk/src/api/TeamInvitations.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import { clientApp, freshEmail, serverApp, signedIn } from "../support/TeamFixtures.ts"
import { reasonWith } from "../support/Transport.ts"

const callbackUrl = "http://localhost:3000/handler/team-invitation"

layer(Emulator.layer)("facts of the real service (in-process emulator)", (it) => {
  it.effect("accepting an invitation signed out is UserAuthenticationRequired and uses the code up", () =>
    Effect.gen(function*() {
      yield* signedIn("real-inviter")
      const team = yield* Teams.create({ displayName: "Used up" })
      const email = freshEmail("real-invitee")
      yield* TeamInvitations.send({ teamId: team.id, email, callbackUrl })
      const mail = yield* Effect.flatMap(Emulator.Emulator, (e) => e.mailbox.latest(email))
      const code = Option.getOrThrow(TeamInvitations.codeFromUrl(Mail.linkOf(mail!)!))
      const signedOut = yield* clientApp()
      assert.strictEqual((yield* signedOut(Effect.flip(TeamInvitations.accept(code))))._tag, "UserAuthenticationRequired")
      const invitee = yield* clientApp()
      yield* invitee(signedIn("real-late"))
      assert.strictEqual((yield* invitee(Effect.flip(TeamInvitations.check(code))))._tag, "VerificationCodeAlreadyUsed")
      assert.strictEqual((yield* invitee(Effect.flip(TeamInvitations.accept(code))))._tag, "VerificationCodeAlreadyUsed")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a linked OAuth account: linked twice is a plain 400, read after unlinking a plain 404", () =>
    Effect.gen(function*() {
      const user = yield* signedIn("real-oauth")
      const server = yield* serverApp()
      const link = OAuthProviders.create({ userId: user.id, providerConfigId: "github", accountId: "gh-real", allowSignIn: true, allowConnectedAccounts: true })
      const created = yield* server(link)
      assert.strictEqual(reasonWith(yield* server(Effect.flip(link)), "HttpError").status, 400)
      yield* server(OAuthProviders.removeForUser(user.id, created.id))
      assert.strictEqual(reasonWith(yield* Effect.flip(OAuthProviders.get(created.id)), "HttpError").status, 404)
    }).pipe(Effect.provide(TestApps.client())))
})
