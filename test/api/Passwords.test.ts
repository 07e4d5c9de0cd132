import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Passwords from "../../packages/sdk/src/api/Passwords.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { callbackUrl, countRequests, freshEmail, latestCode, password, signUp, withConfig } from "./accountSupport.ts"
import { reasonOf, reasonWith } from "../support/Transport.ts"

const newPassword = "another-long-password-2"

/** A signed-up user with a reset code in the mailbox. */
const resetCode = Effect.gen(function*() {
  const { email, userId } = yield* signUp()
  yield* Passwords.sendResetCode({ email, callbackUrl })
  return { email, userId, code: yield* latestCode(email) }
})

const signsInWith = (email: string, secret: string) =>
  Auth.signInWithPassword({ email, password: secret }).pipe(Effect.as(true), Effect.catchTag("EmailPasswordMismatch", () => Effect.succeed(false)))

const sessionsOf = (userId: string) =>
  Effect.flatMap(Emulator.Emulator, (emulator) =>
    Effect.map(emulator.run(EmulatorState.get), (state) => Table.filter(state.sessions, (s) => s.userId === userId).length))

layer(Emulator.layer)("Passwords: reset by e-mail", (it) => {
  it.effect("a mailed reset code checks, then resets the password", () =>
    Effect.gen(function*() {
      const { code, email } = yield* resetCode
      const mail = yield* (yield* Emulator.Emulator).mailbox.latest(email)
      assert.isTrue(mail!.text.includes(`${callbackUrl}?code=`))
      yield* Passwords.checkResetCode(code)
      yield* Passwords.reset({ code, password: Redacted.make(newPassword) })
      assert.isTrue(yield* signsInWith(email, newPassword))
      assert.isFalse(yield* signsInWith(email, password))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("sendResetCode answers alike for an unknown e-mail, and sends nothing", () =>
    Effect.gen(function*() {
      const email = freshEmail("nobody")
      yield* Passwords.sendResetCode({ email, callbackUrl })
      assert.isUndefined(yield* (yield* Emulator.Emulator).mailbox.latest(email))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("sendResetCode with an untrusted callback fails with RedirectUrlNotWhitelisted", () =>
    Effect.gen(function*() {
      const { email } = yield* signUp()
      const error = yield* Effect.flip(Passwords.sendResetCode({ email, callbackUrl: "https://evil.example/reset" }))
      assert.strictEqual(error._tag, "RedirectUrlNotWhitelisted")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("sendResetCode needs a callback URL outside a browser, and sends nothing without one", () =>
    Effect.gen(function*() {
      const before = yield* countRequests("POST", "/auth/password/send-reset-code")
      const error = yield* Effect.flip(Passwords.sendResetCode({ email: freshEmail() }))
      assert.strictEqual(error._tag, "CallbackUrlRequired")
      assert.strictEqual(yield* countRequests("POST", "/auth/password/send-reset-code"), before)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("sendResetCode and reset fail with PasswordAuthenticationNotEnabled when passwords are off", () =>
    Effect.gen(function*() {
      const { code, email } = yield* resetCode
      const [sent, reset] = yield* withConfig(
        { credentialEnabled: false },
        Effect.all([
          Effect.flip(Passwords.sendResetCode({ email, callbackUrl })),
          Effect.flip(Passwords.reset({ code, password: newPassword }))
        ])
      )
      assert.strictEqual(sent._tag, "PasswordAuthenticationNotEnabled")
      assert.strictEqual(reset._tag, "PasswordAuthenticationNotEnabled")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("an unknown code is VerificationCodeNotFound", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(Passwords.checkResetCode("n".repeat(45))))._tag, "VerificationCodeNotFound")
      assert.strictEqual((yield* Effect.flip(Passwords.reset({ code: "n".repeat(45), password: newPassword })))._tag, "VerificationCodeNotFound")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a used code is VerificationCodeAlreadyUsed", () =>
    Effect.gen(function*() {
      const { code } = yield* resetCode
      yield* Passwords.reset({ code, password: newPassword })
      assert.strictEqual((yield* Effect.flip(Passwords.checkResetCode(code)))._tag, "VerificationCodeAlreadyUsed")
      assert.strictEqual((yield* Effect.flip(Passwords.reset({ code, password: newPassword })))._tag, "VerificationCodeAlreadyUsed")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a code older than its lifetime is VerificationCodeExpired", () =>
    Effect.gen(function*() {
      const { code } = yield* resetCode
      yield* TestClock.adjust("8 days")
      assert.strictEqual((yield* Effect.flip(Passwords.checkResetCode(code)))._tag, "VerificationCodeExpired")
      assert.strictEqual((yield* Effect.flip(Passwords.reset({ code, password: newPassword })))._tag, "VerificationCodeExpired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a code out of attempts is VerificationCodeMaxAttemptsReached", () =>
    Effect.gen(function*() {
      const { code } = yield* resetCode
      yield* (yield* Emulator.Emulator).run(EmulatorState.update((state) => ({
        ...state,
        verificationCodes: Object.fromEntries(
          Object.entries(state.verificationCodes).map(([id, c]) => [id, c.code === code ? { ...c, attemptCount: c.maxAttempts } : c])
        )
      })))
      assert.strictEqual((yield* Effect.flip(Passwords.checkResetCode(code)))._tag, "VerificationCodeMaxAttemptsReached")
      assert.strictEqual((yield* Effect.flip(Passwords.reset({ code, password: newPassword })))._tag, "VerificationCodeMaxAttemptsReached")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("reset with a too short password fails with PasswordTooShort, a too long one with the service's SchemaError", () =>
    Effect.gen(function*() {
      const short = yield* resetCode
      const tooShort = yield* Effect.flip(Passwords.reset({ code: short.code, password: "short" }))
      assert.strictEqual(tooShort._tag, "PasswordTooShort")
      const long = yield* resetCode
      // the service's request schema caps passwords at 70 characters: the code is not even spent
      const tooLong = yield* Effect.flip(Passwords.reset({ code: long.code, password: "x".repeat(71) }))
      assert.strictEqual(tooLong._tag, "SchemaError")
      assert.isTrue(yield* signsInWith(long.email, password))
    }).pipe(Effect.provide(TestApps.client())))
})

layer(Emulator.layer)("Passwords: change and set", (it) => {
  it.effect("update changes the password, keeps this session and ends the others", () =>
    Effect.gen(function*() {
      const { email, userId } = yield* signUp()
      yield* signsInWith(email, password).pipe(Effect.provide(TestApps.client())) // a second session
      assert.strictEqual(yield* sessionsOf(userId), 2)
      yield* Passwords.update({ oldPassword: password, newPassword })
      assert.strictEqual(yield* sessionsOf(userId), 1)
      assert.strictEqual((yield* Users.getCurrent()).id, userId)
      assert.isTrue(yield* signsInWith(email, newPassword).pipe(Effect.provide(TestApps.client())))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("update with a wrong old password fails with PasswordConfirmationMismatch", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(Passwords.update({ oldPassword: "not-the-password", newPassword }))
      assert.strictEqual(error._tag, "PasswordConfirmationMismatch")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("update with a too short new password fails with PasswordTooShort, a too long one with SchemaError", () =>
    Effect.gen(function*() {
      yield* signUp()
      assert.strictEqual((yield* Effect.flip(Passwords.update({ oldPassword: password, newPassword: "short" })))._tag, "PasswordTooShort")
      assert.strictEqual((yield* Effect.flip(Passwords.update({ oldPassword: password, newPassword: "x".repeat(71) })))._tag, "SchemaError")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("update for a user without a password fails with UserDoesNotHavePassword", () =>
    Effect.gen(function*() {
      yield* Auth.signUpAnonymously()
      const error = yield* Effect.flip(Passwords.update({ oldPassword: password, newPassword }))
      assert.strictEqual(error._tag, "UserDoesNotHavePassword")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("update and set fail with PasswordAuthenticationNotEnabled when passwords are off", () =>
    Effect.gen(function*() {
      yield* signUp()
      const [updated, set] = yield* withConfig(
        { credentialEnabled: false },
        Effect.all([Effect.flip(Passwords.update({ oldPassword: password, newPassword })), Effect.flip(Passwords.set({ password: newPassword }))])
      )
      assert.strictEqual(updated._tag, "PasswordAuthenticationNotEnabled")
      assert.strictEqual(set._tag, "PasswordAuthenticationNotEnabled")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("set gives a password to a user without one", () =>
    Effect.gen(function*() {
      yield* Auth.signUpAnonymously()
      assert.isFalse((yield* Users.getCurrent()).hasPassword)
      yield* Passwords.set({ password: newPassword })
      assert.isTrue((yield* Users.getCurrent()).hasPassword)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("set with a too short password fails with PasswordTooShort, a too long one with SchemaError", () =>
    Effect.gen(function*() {
      yield* Auth.signUpAnonymously()
      assert.strictEqual((yield* Effect.flip(Passwords.set({ password: "short" })))._tag, "PasswordTooShort")
      assert.strictEqual((yield* Effect.flip(Passwords.set({ password: "x".repeat(71) })))._tag, "SchemaError")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("set for a user who has a password is refused with a plain 400", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(Passwords.set({ password: newPassword }))
      assert.strictEqual(reasonOf(error)._tag, "HttpError")
      assert.strictEqual(reasonWith(error, "HttpError").status, 400)
    }).pipe(Effect.provide(TestApps.client())))
})
