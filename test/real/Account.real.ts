/**
 * A user's account against the real service, as an app manages it: contact channels (added,
 * verified with the mailed code, made primary, deleted), linked OAuth accounts (a server links,
 * lists, updates and unlinks them), notification preferences, sessions, and a TOTP second factor at
 * sign-in. In a project the suite made for itself (the shared GitHub provider on).
 */
import { assert, describe, it } from "@effect/vitest"
import { beforeAll } from "vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as MfaRules from "../../packages/emulator/src/internal/model/MfaRules.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as ContactChannels from "../../packages/sdk/src/api/ContactChannels.ts"
import * as EmailVerification from "../../packages/sdk/src/api/EmailVerification.ts"
import * as Mfa from "../../packages/sdk/src/api/Mfa.ts"
import * as Notifications from "../../packages/sdk/src/api/Notifications.ts"
import * as OAuthProviders from "../../packages/sdk/src/api/OAuthProviders.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Sessions from "../../packages/sdk/src/api/Sessions.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Real from "./RealService.ts"
import { reasonWith } from "../support/Transport.ts"

const project = Real.sharedOwnedProject({ oauthProviders: [{ id: "github", type: "shared" }] })
const { asServer, asClient } = Real.appsOf(project)

const signUp = (email: string) =>
  Effect.andThen(
    Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl }),
    Users.getCurrent()
  )

const codeOf = (link: string) => new URL(link).searchParams.get("code")!

describe.skipIf(Real.env === undefined)("real service: the user's account", () => {
  // the suite\'s project is made first (a minute or more on a busy development server)
  beforeAll(() => Effect.runPromise(project), 300_000)

  it.live("contact channels: added, verified with the mailed code, made primary, the old one deleted", () =>
    asClient(Effect.gen(function*() {
      const first = Real.uniqueEmail("channels")
      const second = Real.uniqueEmail("channels-second")
      const me = yield* signUp(first)
      assert.strictEqual(me.primaryEmail, first)
      const added = yield* ContactChannels.create({ type: "email", value: second, usedForAuth: false })
      assert.isFalse(added.isVerified)
      assert.isFalse(added.isPrimary)
      assert.sameMembers((yield* ContactChannels.list()).map((c) => c.value), [first, second])
      yield* ContactChannels.sendVerificationCode(added.id, { callbackUrl: Real.verificationCallbackUrl })
      const mail = yield* Real.waitForMail(second)
      yield* EmailVerification.verify(codeOf(Real.mailVariable(mail, "emailVerificationLink")))
      const verified = (yield* ContactChannels.list()).find((c) => c.id === added.id)!
      assert.isTrue(verified.isVerified)
      const again = yield* Effect.flip(ContactChannels.sendVerificationCode(added.id, { callbackUrl: Real.verificationCallbackUrl }))
      assert.strictEqual(again._tag, "EmailAlreadyVerified")
      const primary = yield* ContactChannels.update(added.id, { isPrimary: true, usedForAuth: true })
      assert.isTrue(primary.isPrimary)
      assert.strictEqual((yield* Users.getCurrent()).primaryEmail, second)
      const old = (yield* ContactChannels.list()).find((c) => c.value === first)!
      assert.isFalse(old.isPrimary)
      yield* ContactChannels.remove(old.id)
      assert.deepStrictEqual((yield* ContactChannels.list()).map((c) => c.value), [second])
      // the new address signs in
      yield* Auth.signOut()
      yield* Auth.signInWithPassword({ email: second, password: Real.password })
      assert.strictEqual((yield* Users.getCurrent()).id, me.id)
    })), 300_000)

  it.live("a used code and a made-up code are typed errors", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("codes")
      yield* asClient(signUp(email))
      const code = codeOf(Real.mailVariable(yield* Real.waitForMail(email), "emailVerificationLink"))
      yield* asClient(EmailVerification.verify(code))
      const used = yield* Effect.flip(asClient(EmailVerification.verify(code)))
      assert.strictEqual(used._tag, "VerificationCodeAlreadyUsed")
      const unknown = yield* Effect.flip(asClient(EmailVerification.verify("x".repeat(45))))
      assert.strictEqual(unknown._tag, "VerificationCodeNotFound")
    }), 300_000)

  it.live("OAuth accounts: a server links one; the user and the server list, read, update and unlink it", () =>
    Effect.gen(function*() {
      const accountId = `gh-${crypto.randomUUID()}`
      yield* asClient(Effect.gen(function*() {
        const me = yield* signUp(Real.uniqueEmail("oauth-linked"))
        const created = yield* asServer(OAuthProviders.create({
          userId: me.id,
          providerConfigId: "github",
          accountId,
          email: "octo@example.com",
          allowSignIn: true,
          allowConnectedAccounts: true
        }))
        assert.strictEqual(created.accountId, accountId)
        assert.strictEqual(created.userId, me.id)
        const mine = yield* OAuthProviders.list()
        assert.deepStrictEqual(mine.map((p) => [p.id, p.email]), [[created.id, "octo@example.com"]])
        assert.strictEqual((yield* OAuthProviders.get(created.id)).id, created.id)
        const own = yield* OAuthProviders.update(created.id, { allowSignIn: false })
        assert.isFalse(own.allowSignIn)
        assert.isTrue(own.allowConnectedAccounts)
        const listed = yield* asServer(OAuthProviders.listForUser(me.id))
        assert.deepStrictEqual(listed.map((p) => [p.id, p.accountId]), [[created.id, accountId]])
        const byServer = yield* asServer(OAuthProviders.updateForUser(me.id, created.id, { email: "cat@example.com", allowSignIn: true }))
        assert.strictEqual(byServer.email, "cat@example.com")
        assert.isTrue(byServer.allowSignIn)
        assert.strictEqual((yield* asServer(OAuthProviders.getForUser(me.id, created.id))).email, "cat@example.com")
        const duplicate = yield* Effect.flip(asServer(OAuthProviders.create({
          userId: me.id,
          providerConfigId: "github",
          accountId,
          allowSignIn: true,
          allowConnectedAccounts: true
        })))
        // not a known error: the service answers a plain-text 400
        assert.strictEqual(reasonWith(duplicate, "HttpError").status, 400)
        yield* asServer(OAuthProviders.removeForUser(me.id, created.id))
        assert.deepStrictEqual(yield* OAuthProviders.list(), [])
        // gone: a plain-text 404, not a known error
        const gone = yield* Effect.flip(OAuthProviders.get(created.id))
        assert.strictEqual(reasonWith(gone, "HttpError").status, 404)
      }))
    }), 300_000)

  it.live("notification preferences: listed, turned off and on by the user and by a server", () =>
    asClient(Effect.gen(function*() {
      const me = yield* signUp(Real.uniqueEmail("notifications"))
      const categories = yield* Notifications.list()
      assert.isAbove(categories.length, 0)
      const optional = categories.find((c) => c.canDisable)!
      assert.isDefined(optional)
      assert.isTrue(optional.enabled)
      const off = yield* Notifications.setEnabled(optional.id, false)
      assert.deepStrictEqual([off.id, off.enabled], [optional.id, false])
      assert.isFalse((yield* Notifications.list()).find((c) => c.id === optional.id)!.enabled)
      const byServer = yield* asServer(Notifications.setEnabledForUser(me.id, optional.id, true))
      assert.isTrue(byServer.enabled)
      assert.isTrue((yield* asServer(Notifications.listForUser(me.id))).find((c) => c.id === optional.id)!.enabled)
      const unknownUser = yield* Effect.flip(asServer(Notifications.listForUser(crypto.randomUUID())))
      assert.strictEqual(unknownUser._tag, "UserNotFound")
    })), 300_000)

  it.live("sessions: the user lists theirs (the current one marked) and revokes another", () =>
    asClient(Effect.gen(function*() {
      const me = yield* signUp(Real.uniqueEmail("sessions"))
      yield* asServer(Sessions.create({ userId: me.id, expiresInMillis: 3_600_000 }))
      const listed = yield* Sessions.listMine()
      assert.strictEqual(listed.length, 2)
      assert.strictEqual(listed.filter((s) => s.isCurrentSession === true).length, 1)
      const other = listed.find((s) => s.isCurrentSession !== true)!
      yield* Sessions.revokeMine(other.id)
      assert.deepStrictEqual((yield* Sessions.listMine()).map((s) => s.isCurrentSession), [true])
      const unknownUser = yield* Effect.flip(asServer(Sessions.create({ userId: crypto.randomUUID() })))
      assert.strictEqual(unknownUser._tag, "UserIdDoesNotExist")
    })), 300_000)

  it.live("a TOTP second factor: password sign-in asks for it (attempt code kept), a wrong code is InvalidTotpCode, the right one signs in", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("totp")
      const bytes = crypto.getRandomValues(new Uint8Array(20))
      const secret = btoa(String.fromCharCode(...bytes))
      const user = yield* asServer(ServerUsers.create({ primaryEmail: email, primaryEmailAuthEnabled: true, password: Redacted.make(Real.password) }))
      yield* asServer(ServerUsers.update(user.id, { totpSecretBase64: secret }))
      yield* asClient(Effect.gen(function*() {
        const required = yield* Effect.flip(Mfa.keepAttemptCode(Auth.signInWithPassword({ email, password: Real.password })))
        assert.strictEqual(required._tag, "MultiFactorAuthenticationRequired")
        const now = yield* Clock.currentTimeMillis
        const right = MfaRules.totpAt(secret, now)
        const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0")
        const refused = yield* Effect.flip(Mfa.signInWithMfa({ totp: wrong }))
        assert.strictEqual(refused._tag, "InvalidTotpCode")
        const result = yield* Mfa.signInWithMfa({ totp: MfaRules.totpAt(secret, yield* Clock.currentTimeMillis) })
        assert.strictEqual(result.userId, user.id)
        assert.strictEqual((yield* Users.getCurrent()).id, user.id)
        const missing = yield* Effect.flip(Mfa.signInWithMfa({ totp: right }))
        assert.strictEqual(missing._tag, "MissingAttemptCode")
      }).pipe(Effect.provide(Mfa.layerMemory)))
    }), 300_000)
})
