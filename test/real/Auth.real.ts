/**
 * Sign-up and sign-in against the real service, with the mails read from its mail catcher.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as EmailVerification from "../../packages/sdk/src/api/EmailVerification.ts"
import * as Passwords from "../../packages/sdk/src/api/Passwords.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as Real from "./RealService.ts"

/** Runs `effect` with `globalThis.location` set to `href`, as on a page of a browser. */
const onPage = <A, E, R>(href: string, effect: Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => {
      const before = Object.getOwnPropertyDescriptor(globalThis, "location")
      Object.defineProperty(globalThis, "location", { value: { href }, configurable: true })
      return before
    }),
    () => effect,
    (before) =>
      Effect.sync(() => {
        if (before === undefined) delete (globalThis as { location?: unknown }).location
        else Object.defineProperty(globalThis, "location", before)
      })
  )

describe.skipIf(Real.env === undefined)("real service: sign-up and sign-in", () => {
  it.live("signs up with a password, mails a link to the verification page, and the mailed code verifies the e-mail", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("signup")
      const signedIn = yield* Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
      assert.isTrue(signedIn.isNewUser)
      const user = yield* Users.getCurrent()
      assert.strictEqual(user.id, signedIn.userId)
      assert.strictEqual(user.primaryEmail, email)
      assert.isFalse(user.primaryEmailVerified)

      const mail = yield* Real.waitForMail(email)
      const link = new URL(Real.mailVariable(mail, "emailVerificationLink"))
      assert.strictEqual(`${link.origin}${link.pathname}`, Real.verificationCallbackUrl)
      yield* EmailVerification.verify(link.searchParams.get("code")!)
      const verified = yield* ServerUsers.get(user.id).pipe(Effect.provide(Real.server()))
      assert.isTrue(verified.primaryEmailVerified)
    }).pipe(Effect.provide(Real.client())))

  it.live("on a page, sign-up links the mail to the app's e-mail-verification page, keeping after_auth_return_to", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("signup-page")
      yield* onPage(
        "http://localhost:3000/handler/sign-up?after_auth_return_to=%2Fdashboard#top",
        Auth.signUpWithPassword({ email, password: Real.password })
      )
      const link = new URL(Real.mailVariable(yield* Real.waitForMail(email), "emailVerificationLink"))
      assert.strictEqual(`${link.origin}${link.pathname}`, "http://localhost:3000/handler/email-verification")
      assert.strictEqual(link.searchParams.get("after_auth_return_to"), "/dashboard")
      assert.isNotNull(link.searchParams.get("code"))
    }).pipe(Effect.provide(Real.client())))

  it.live("outside a browser, sign-up without a verification page is refused before any request", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("signup-node")
      const error = yield* Effect.flip(Auth.signUpWithPassword({ email, password: Real.password }))
      assert.strictEqual(error._tag, "CallbackUrlRequired")
      // nothing reached the service: the address is still free
      const found = yield* ServerUsers.list({ query: email }).pipe(Effect.provide(Real.server()))
      assert.strictEqual(found.items.length, 0)
    }).pipe(Effect.provide(Real.client())))

  it.live("signs in with the password; a wrong password is EmailPasswordMismatch; an address taken is UserWithEmailAlreadyExists", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("signin")
      const up = yield* Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
        .pipe(Effect.provide(Real.client()))
      const again = yield* Effect.flip(
        Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
      ).pipe(Effect.provide(Real.client()))
      assert.strictEqual(again._tag, "UserWithEmailAlreadyExists")
      const wrong = yield* Effect.flip(Auth.signInWithPassword({ email, password: "not-the-password-1" })).pipe(Effect.provide(Real.client()))
      assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
      const signedIn = yield* Effect.gen(function*() {
        const result = yield* Auth.signInWithPassword({ email, password: Real.password })
        assert.isFalse(result.isNewUser)
        return (yield* Users.getCurrent()).id
      }).pipe(Effect.provide(Real.client()))
      assert.strictEqual(signedIn, up.userId)
    }))

  it.live("signs in with the code typed from a sign-in mail, and with its magic link", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("otp")
      const typed = yield* Effect.gen(function*() {
        const { nonce } = yield* Auth.sendSignInCode({ email, callbackUrl: Real.magicLinkCallbackUrl })
        const mail = yield* Real.waitForMail(email)
        const result = yield* Auth.signInWithOtp({ otp: Real.mailVariable(mail, "otp"), nonce })
        assert.isTrue(result.isNewUser)
        return (yield* Users.getCurrent()).primaryEmail
      }).pipe(Effect.provide(Real.client()))
      assert.strictEqual(typed, email)

      const viaLink = yield* Effect.gen(function*() {
        yield* Auth.sendSignInCode({ email, callbackUrl: Real.magicLinkCallbackUrl })
        const link = Real.mailVariable(yield* Real.waitForMail(email, { index: 1 }), "magicLink")
        assert.isTrue(link.startsWith(`${Real.magicLinkCallbackUrl}?code=`))
        const result = yield* Auth.signInWithMagicLinkCallback(link)
        assert.isFalse(result.isNewUser)
        return (yield* Users.getCurrent()).primaryEmail
      }).pipe(Effect.provide(Real.client()))
      assert.strictEqual(viaLink, email)
    }))

  it.live("resets a forgotten password with the mailed code, then signs in with the new one", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("reset")
      yield* Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
      yield* Passwords.sendResetCode({ email, callbackUrl: Real.passwordResetUrl })
      const mail = yield* Real.waitForMail(email, { subject: /reset/i })
      const code = new URL(Real.mailVariable(mail, "passwordResetLink")).searchParams.get("code")!
      yield* Passwords.checkResetCode(code)
      yield* Passwords.reset({ code, password: "a-brand-new-password-2" })
      const old = yield* Effect.flip(Auth.signInWithPassword({ email, password: Real.password }))
      assert.strictEqual(old._tag, "EmailPasswordMismatch")
      yield* Auth.signInWithPassword({ email, password: "a-brand-new-password-2" })
    }).pipe(Effect.provide(Real.client())))

  it.live("signing up while anonymous creates a new user; the anonymous one stays as it was", () =>
    Effect.gen(function*() {
      const anonymous = yield* Auth.signUpAnonymously()
      const email = Real.uniqueEmail("anon-up")
      const up = yield* Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
      assert.notStrictEqual(up.userId, anonymous.userId)
      assert.strictEqual((yield* Users.getCurrent()).id, up.userId)
      const left = yield* ServerUsers.get(anonymous.userId!).pipe(Effect.provide(Real.server()))
      assert.isTrue(left.isAnonymous)
      assert.isNull(left.primaryEmail)
    }).pipe(Effect.provide(Real.client())))

  it.live("signing out ends the session at the service: its refresh token no longer signs in", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("signout")
      yield* Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
      const session = yield* Session.Session
      const before = yield* session.state
      assert.strictEqual(before._tag, "SignedIn")
      yield* Auth.signOut()
      const after = yield* session.state
      assert.strictEqual(after._tag, "SignedOut")
      const error = yield* Effect.flip(Users.getCurrent())
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(Real.client())))
})
