import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as EmailVerification from "../../packages/sdk/src/api/EmailVerification.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { callbackUrl, countRequests, latestCode, signUp } from "./accountSupport.ts"

/** A signed-up user with a verification code in the mailbox. */
const sentCode = Effect.gen(function*() {
  const { email } = yield* signUp()
  yield* EmailVerification.send({ callbackUrl })
  return { email, code: yield* latestCode(email) }
})

layer(Emulator.layer)("EmailVerification", (it) => {
  it.effect("send mails a code to the primary e-mail and verify marks it verified", () =>
    Effect.gen(function*() {
      const { code, email } = yield* sentCode
      const mail = yield* (yield* Emulator.Emulator).mailbox.latest(email)
      assert.isTrue(mail!.text.includes(`${callbackUrl}?code=`))
      assert.isFalse((yield* Users.getCurrent()).primaryEmailVerified)
      yield* EmailVerification.verify(code)
      assert.isTrue((yield* Users.getCurrent()).primaryEmailVerified)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("send takes the user the caller holds, without reading it again", () =>
    Effect.gen(function*() {
      yield* signUp()
      const user = yield* Users.getCurrent()
      const reads = yield* countRequests("GET", "/users/me")
      yield* EmailVerification.send({ user, callbackUrl })
      assert.strictEqual(yield* countRequests("GET", "/users/me"), reads)
      assert.isDefined(yield* latestCode(user.primaryEmail!))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("send without a primary e-mail fails with NoPrimaryEmail before any request", () =>
    Effect.gen(function*() {
      yield* Auth.signUpAnonymously()
      const before = yield* countRequests("POST", "/contact-channels/send-verification-code")
      const error = yield* Effect.flip(EmailVerification.send({ callbackUrl }))
      assert.strictEqual(error._tag, "NoPrimaryEmail")
      assert.strictEqual(error.message, "User does not have a primary email")
      assert.strictEqual(yield* countRequests("POST", "/contact-channels/send-verification-code"), before)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("send for a verified e-mail fails with EmailAlreadyVerified", () =>
    Effect.gen(function*() {
      const { code } = yield* sentCode
      yield* EmailVerification.verify(code)
      const error = yield* Effect.flip(EmailVerification.send({ callbackUrl }))
      assert.strictEqual(error._tag, "EmailAlreadyVerified")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("send for an e-mail that is not the primary one fails with EmailIsNotPrimaryEmail", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(EmailVerification.send({ user: { primaryEmail: "other@example.com" }, callbackUrl }))
      assert.strictEqual(error._tag, "EmailIsNotPrimaryEmail")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("send with an untrusted callback fails with RedirectUrlNotWhitelisted", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(EmailVerification.send({ callbackUrl: "https://evil.example/verify" }))
      assert.strictEqual(error._tag, "RedirectUrlNotWhitelisted")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("send when signed out fails with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EmailVerification.send({ callbackUrl }))
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("send needs a callback URL outside a browser", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(EmailVerification.send())
      assert.strictEqual(error._tag, "CallbackUrlRequired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("verify: unknown, used, expired and exhausted codes are each typed", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      assert.strictEqual((yield* Effect.flip(EmailVerification.verify("x".repeat(45))))._tag, "VerificationCodeNotFound")

      const used = yield* sentCode
      yield* EmailVerification.verify(used.code)
      assert.strictEqual((yield* Effect.flip(EmailVerification.verify(used.code)))._tag, "VerificationCodeAlreadyUsed")

      const exhausted = yield* sentCode
      yield* emulator.run(EmulatorState.update((state) => ({
        ...state,
        verificationCodes: Object.fromEntries(Object.entries(state.verificationCodes).map(([id, c]) =>
          [id, c.code === exhausted.code ? { ...c, attemptCount: c.maxAttempts } : c]))
      })))
      assert.strictEqual((yield* Effect.flip(EmailVerification.verify(exhausted.code)))._tag, "VerificationCodeMaxAttemptsReached")

      const expired = yield* sentCode
      yield* TestClock.adjust("8 days")
      assert.strictEqual((yield* Effect.flip(EmailVerification.verify(expired.code)))._tag, "VerificationCodeExpired")
    }).pipe(Effect.provide(TestApps.client())))
})
