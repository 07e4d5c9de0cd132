import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { SchemaError } from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { createPasswordUser, freshClient, latestCode, latestMail, setConfig, userRow } from "./authSupport.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"

const Me = Schema.Struct({ id: Schema.String, primary_email: Schema.NullOr(Schema.String), is_anonymous: Schema.Boolean })
const me = Session.call({ method: "GET", path: "/users/me", response: Me, errors: [] })
const sessionState = Session.Session.use((session) => session.state)

/** Runs `effect` with `globalThis.location` at `href`, as on a browser page. */
const onPage = <A, E, R>(href: string, effect: Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => Object.defineProperty(globalThis, "location", { value: { href }, configurable: true })),
    () => effect,
    () => Effect.sync(() => delete (globalThis as { location?: unknown }).location)
  )

const callbackUrl = "http://localhost:3000/handler/magic-link-callback"
const verificationCallbackUrl = "http://localhost:3000/handler/email-verification"

layer(Emulator.layer)("Auth: anonymous sign-up and sign-out", (it) => {
  it.effect("signUpAnonymously signs a new anonymous user in and stores its tokens", () =>
    Effect.gen(function*() {
      const result = yield* Auth.signUpAnonymously()
      assert.isTrue(result.isNewUser)
      assert.isString(result.userId)
      assert.deepStrictEqual(yield* sessionState, { _tag: "SignedIn", userId: result.userId })
      const user = yield* me
      assert.strictEqual(user.id, result.userId)
      assert.isTrue(user.is_anonymous)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signOut deletes the session at the service and clears the tokens", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* Auth.signUpAnonymously()
      const before = yield* emulator.requests.count({ method: "DELETE", path: "/api/v1/auth/sessions/current" })
      yield* Auth.signOut()
      assert.strictEqual(yield* emulator.requests.count({ method: "DELETE", path: "/api/v1/auth/sessions/current" }), before + 1)
      assert.deepStrictEqual(yield* sessionState, { _tag: "SignedOut" })
    }).pipe(Effect.provide(TestApps.client())))
})

describe("Auth: password", () => {
  it.effect("signUpWithPassword creates the user, signs it in and reports a new user", () =>
    freshClient(Effect.gen(function*() {
      const result = yield* Auth.signUpWithPassword({ email: "new@example.com", password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      assert.isTrue(result.isNewUser)
      const user = yield* me
      assert.strictEqual(user.id, result.userId)
      assert.strictEqual(user.primary_email, "new@example.com")
      assert.isFalse(user.is_anonymous)
    })))

  it.effect("signUpWithPassword mails a verification link to the callback URL when given one", () =>
    freshClient(Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: "verify@example.com", password: "a-long-password-1", verificationCallbackUrl })
      const mail = yield* latestMail("verify@example.com")
      assert.include(mail.text, `${verificationCallbackUrl}?code=`)
    })))

  it.effect("signing up with a password while anonymous creates a new user, as the service does; the anonymous one stays", () =>
    freshClient(Effect.gen(function*() {
      const anonymous = yield* Auth.signUpAnonymously()
      const result = yield* Auth.signUpWithPassword({ email: "upgrade@example.com", password: "a-long-password-1", verificationCallbackUrl })
      assert.isTrue(result.isNewUser)
      assert.notStrictEqual(result.userId, anonymous.userId)
      const user = yield* me
      assert.strictEqual(user.id, result.userId)
      assert.isFalse(user.is_anonymous)
      assert.strictEqual(user.primary_email, "upgrade@example.com")
      const left = yield* userRow(anonymous.userId!)
      assert.isTrue(left?.isAnonymous)
    })))

  it.effect("outside a browser, signUpWithPassword without a verification page fails with CallbackUrlRequired before any request", () =>
    freshClient(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const error = yield* Effect.flip(Auth.signUpWithPassword({ email: "node@example.com", password: "a-long-password-1" }))
      assert.strictEqual(error._tag, "CallbackUrlRequired")
      assert.strictEqual(yield* emulator.requests.count({ method: "POST", path: "/api/v1/auth/password/sign-up" }), 0)
    })))

  it.effect("on a page, signUpWithPassword links the mail to the app's e-mail-verification page, keeping after_auth_return_to", () =>
    freshClient(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* onPage(
        "http://localhost:3000/handler/sign-up?after_auth_return_to=%2Fdashboard#top",
        Auth.signUpWithPassword({ email: "page@example.com", password: "a-long-password-1" })
      )
      const sent = (yield* emulator.requests.filter({ method: "POST", path: "/api/v1/auth/password/sign-up" })).at(-1)
      assert.strictEqual(
        (sent?.body as { verification_callback_url?: string }).verification_callback_url,
        "http://localhost:3000/handler/email-verification?after_auth_return_to=%2Fdashboard"
      )
    })))

  it.effect("the emulator refuses a sign-up without verification_callback_url, as the service does", () =>
    freshClient(Effect.gen(function*() {
      const error = yield* Effect.flip(Session.call({
        method: "POST",
        path: "/auth/password/sign-up",
        body: { email: "raw@example.com", password: "a-long-password-1" },
        response: Schema.Unknown,
        errors: [SchemaError]
      }))
      assert.strictEqual(error._tag, "SchemaError")
      assert.include(error.message, "body.verification_callback_url must be defined")
    })))

  it.effect("signUpWithPassword fails with SignUpNotEnabled and the spec's message when sign-up is off", () =>
    freshClient(Effect.gen(function*() {
      yield* setConfig({ signUpEnabled: false })
      const error = yield* Effect.flip(Auth.signUpWithPassword({ email: "x@example.com", password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      assert.strictEqual(error._tag, "SignUpNotEnabled")
      assert.strictEqual(error.message, "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.")
      assert.deepStrictEqual(yield* sessionState, { _tag: "SignedOut" })
    })))

  it.effect("signUpWithPassword fails with UserWithEmailAlreadyExists for a taken e-mail", () =>
    freshClient(Effect.gen(function*() {
      yield* createPasswordUser({ email: "taken@example.com", password: "a-long-password-1" })
      const error = yield* Effect.flip(Auth.signUpWithPassword({ email: "taken@example.com", password: "a-long-password-2", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      assert.strictEqual(error._tag, "UserWithEmailAlreadyExists")
    })))

  it.effect("signUpWithPassword fails with PasswordTooShort, and with the service's SchemaError past 70 characters", () =>
    freshClient(Effect.gen(function*() {
      const short = yield* Effect.flip(Auth.signUpWithPassword({ email: "s@example.com", password: "short", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      assert.strictEqual(short._tag, "PasswordTooShort")
      const long = yield* Effect.flip(Auth.signUpWithPassword({ email: "l@example.com", password: "x".repeat(200), verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      assert.strictEqual(long._tag, "SchemaError")
    })))

  it.effect("signUpWithPassword fails with RedirectUrlNotWhitelisted for an untrusted verification URL", () =>
    freshClient(Effect.gen(function*() {
      const error = yield* Effect.flip(Auth.signUpWithPassword({
        email: "r@example.com",
        password: "a-long-password-1",
        verificationCallbackUrl: "https://evil.example.org/verify"
      }))
      assert.strictEqual(error._tag, "RedirectUrlNotWhitelisted")
    })))

  it.effect("password sign-up and sign-in fail with PasswordAuthenticationNotEnabled when password auth is off", () =>
    freshClient(Effect.gen(function*() {
      yield* setConfig({ credentialEnabled: false })
      const up = yield* Effect.flip(Auth.signUpWithPassword({ email: "p@example.com", password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      assert.strictEqual(up._tag, "PasswordAuthenticationNotEnabled")
      const in_ = yield* Effect.flip(Auth.signInWithPassword({ email: "p@example.com", password: "a-long-password-1" }))
      assert.strictEqual(in_._tag, "PasswordAuthenticationNotEnabled")
    })))

  it.effect("signInWithPassword signs an existing user in and reports an existing user", () =>
    freshClient(Effect.gen(function*() {
      const user = yield* createPasswordUser({ email: "old@example.com", password: "a-long-password-1" })
      const result = yield* Auth.signInWithPassword({ email: "old@example.com", password: "a-long-password-1" })
      assert.deepStrictEqual(result, { userId: user.id, isNewUser: false })
      assert.strictEqual((yield* me).id, user.id)
    })))

  it.effect("signInWithPassword fails with EmailPasswordMismatch for a wrong password or an unknown e-mail", () =>
    freshClient(Effect.gen(function*() {
      yield* createPasswordUser({ email: "old@example.com", password: "a-long-password-1" })
      const wrong = yield* Effect.flip(Auth.signInWithPassword({ email: "old@example.com", password: "a-long-password-2" }))
      assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
      assert.strictEqual(wrong.message, "Wrong e-mail or password.")
      const unknown = yield* Effect.flip(Auth.signInWithPassword({ email: "nobody@example.com", password: "a-long-password-1" }))
      assert.strictEqual(unknown._tag, "EmailPasswordMismatch")
      assert.deepStrictEqual(yield* sessionState, { _tag: "SignedOut" })
    })))
})

describe("Auth: one-time code and magic link", () => {
  it.effect("a magic link signs a new user up, then a second link signs the same user in", () =>
    freshClient(Effect.gen(function*() {
      const sent = yield* Auth.sendSignInCode({ email: "otp@example.com", callbackUrl })
      assert.strictEqual(sent.nonce.length, 39)
      const mail = yield* latestMail("otp@example.com")
      assert.include(mail.text, `${callbackUrl}?code=`)
      const first = yield* Auth.signInWithMagicLinkCallback(`${callbackUrl}?code=${yield* latestCode("otp@example.com")}`)
      assert.isTrue(first.isNewUser)
      const user = yield* me
      assert.strictEqual(user.id, first.userId)
      assert.strictEqual(user.primary_email, "otp@example.com")

      yield* Auth.signOut()
      yield* Auth.sendSignInCode({ email: "otp@example.com", callbackUrl })
      const second = yield* Auth.signInWithCode(yield* latestCode("otp@example.com"))
      assert.deepStrictEqual(second, { userId: first.userId, isNewUser: false })
    })))

  it.effect("signInWithOtp accepts the typed 6-character code with the nonce", () =>
    freshClient(Effect.gen(function*() {
      const { nonce } = yield* Auth.sendSignInCode({ email: "typed@example.com", callbackUrl })
      const typed = Mail.otpOf(yield* latestMail("typed@example.com")) ?? ""
      assert.strictEqual(typed.length, 6)
      const result = yield* Auth.signInWithOtp({ otp: typed, nonce })
      assert.isTrue(result.isNewUser)
    })))

  it.effect("a magic link while anonymous upgrades the anonymous user", () =>
    freshClient(Effect.gen(function*() {
      const anonymous = yield* Auth.signUpAnonymously()
      yield* Auth.sendSignInCode({ email: "anon-otp@example.com", callbackUrl })
      const result = yield* Auth.signInWithCode(yield* latestCode("anon-otp@example.com"))
      assert.deepStrictEqual(result, { userId: anonymous.userId, isNewUser: true })
      assert.isFalse((yield* me).is_anonymous)
    })))

  it.effect("signInWithCode fails with VerificationCodeNotFound for an unknown code", () =>
    freshClient(Effect.gen(function*() {
      const error = yield* Effect.flip(Auth.signInWithCode("0".repeat(45)))
      assert.strictEqual(error._tag, "VerificationCodeNotFound")
    })))

  it.effect("signInWithCode fails with VerificationCodeAlreadyUsed the second time", () =>
    freshClient(Effect.gen(function*() {
      yield* Auth.sendSignInCode({ email: "twice@example.com", callbackUrl })
      const code = yield* latestCode("twice@example.com")
      yield* Auth.signInWithCode(code)
      const error = yield* Effect.flip(Auth.signInWithCode(code))
      assert.strictEqual(error._tag, "VerificationCodeAlreadyUsed")
      assert.strictEqual(error.message, "The verification link has already been used.")
    })))

  it.effect("signInWithCode fails with VerificationCodeExpired after seven days", () =>
    freshClient(Effect.gen(function*() {
      yield* Auth.sendSignInCode({ email: "late@example.com", callbackUrl })
      const code = yield* latestCode("late@example.com")
      yield* TestClock.adjust("7 days")
      const error = yield* Effect.flip(Auth.signInWithCode(code))
      assert.strictEqual(error._tag, "VerificationCodeExpired")
    })))

  it.effect("guessing the typed part 20 times exhausts the code: VerificationCodeMaxAttemptsReached", () =>
    freshClient(Effect.gen(function*() {
      const { nonce } = yield* Auth.sendSignInCode({ email: "guess@example.com", callbackUrl })
      const code = yield* latestCode("guess@example.com")
      const wrong = code.slice(0, 6) === "zzzzzz" ? "yyyyyy" : "zzzzzz"
      for (let i = 0; i < 20; i++) {
        const error = yield* Effect.flip(Auth.signInWithOtp({ otp: wrong, nonce }))
        assert.strictEqual(error._tag, "VerificationCodeNotFound")
      }
      const error = yield* Effect.flip(Auth.signInWithCode(code))
      assert.strictEqual(error._tag, "VerificationCodeMaxAttemptsReached")
    })))

  it.effect("sendSignInCode fails with RedirectUrlNotWhitelisted for an untrusted callback", () =>
    freshClient(Effect.gen(function*() {
      const error = yield* Effect.flip(Auth.sendSignInCode({ email: "a@example.com", callbackUrl: "https://evil.example.org/cb" }))
      assert.strictEqual(error._tag, "RedirectUrlNotWhitelisted")
    })))

  it.effect("sendSignInCode fails with SignUpNotEnabled for a new e-mail when sign-up is off", () =>
    freshClient(Effect.gen(function*() {
      yield* setConfig({ signUpEnabled: false })
      const error = yield* Effect.flip(Auth.sendSignInCode({ email: "new@example.com", callbackUrl }))
      assert.strictEqual(error._tag, "SignUpNotEnabled")
    })))

  it.effect("sendSignInCode fails with UserWithEmailAlreadyExists for an unverified sign-in e-mail", () =>
    freshClient(Effect.gen(function*() {
      yield* createPasswordUser({ email: "unverified@example.com", password: "a-long-password-1", verified: false })
      const error = yield* Effect.flip(Auth.sendSignInCode({ email: "unverified@example.com", callbackUrl }))
      assert.strictEqual(error._tag, "UserWithEmailAlreadyExists")
    })))

  it.effect("an existing verified user signs in by code and gets OTP sign-in switched on", () =>
    freshClient(Effect.gen(function*() {
      const user = yield* createPasswordUser({ email: "both@example.com", password: "a-long-password-1" })
      yield* Auth.sendSignInCode({ email: "both@example.com", callbackUrl })
      const result = yield* Auth.signInWithCode(yield* latestCode("both@example.com"))
      assert.deepStrictEqual(result, { userId: user.id, isNewUser: false })
      assert.isTrue((yield* userRow(user.id))?.otpAuthEnabled)
    })))

  it.effect("signInWithMagicLinkCallback fails with MissingMagicLinkCode without a code, sending nothing", () =>
    freshClient(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const error = yield* Effect.flip(Auth.signInWithMagicLinkCallback(callbackUrl))
      assert.strictEqual(error._tag, "MissingMagicLinkCode")
      assert.strictEqual(yield* emulator.requests.count({ path: "/api/v1/auth/otp/sign-in" }), 0)
    })))
})
