import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Mfa from "../../packages/sdk/src/api/Mfa.ts"
import * as EmulatorMfa from "../../packages/emulator/src/internal/model/MfaRules.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import { createPasswordUser, freshClient, latestCode, newTotpSecret } from "./authSupport.ts"

const sessionState = Session.Session.use((session) => session.state)
const password = "a-long-password-1"

/** A user with a second factor, and a fresh attempt-code store for the test. */
const mfaUser = (email: string) =>
  Effect.gen(function*() {
    const secret = newTotpSecret()
    const user = yield* createPasswordUser({ email, password, totpSecretBase64: secret })
    const totp = Effect.map(Clock.currentTimeMillis, (now) => EmulatorMfa.totpAt(secret, now))
    return { user, secret, totp }
  })

const withStore = <A, E, R>(effect: Effect.Effect<A, E, R>) => freshClient(effect.pipe(Effect.provide(Mfa.layerMemory)))

const attemptCode = Mfa.AttemptCodeStore.use((store) => store.get)

describe("Mfa", () => {
  it.effect("a password sign-in of a user with TOTP asks for the second factor and keeps the attempt code", () =>
    withStore(Effect.gen(function*() {
      yield* mfaUser("mfa@example.com")
      const error = yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      assert.strictEqual(error._tag, "MultiFactorAuthenticationRequired")
      const kept = yield* attemptCode
      assert.strictEqual(kept, error._tag === "MultiFactorAuthenticationRequired" ? error.details?.attemptCode : "")
      assert.strictEqual(kept?.length, 45)
      assert.deepStrictEqual(yield* sessionState, { _tag: "SignedOut" })
    })))

  it.effect("a TOTP secret set with the server's PATCH /users/{id} makes password sign-in ask for the second factor", () =>
    withStore(Effect.gen(function*() {
      const user = yield* Auth.signUpWithPassword({ email: "patched@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      yield* Auth.signOut()
      const secret = newTotpSecret()
      yield* Call.call({
        method: "PATCH",
        path: `/users/${user.userId}`,
        body: { totp_secret_base64: secret },
        response: Schema.Unknown,
        errors: []
      }).pipe(Effect.provide(TestApps.server()))
      const error = yield* Effect.flip(Auth.signInWithPassword({ email: "patched@example.com", password }))
      assert.strictEqual(error._tag, "MultiFactorAuthenticationRequired")
      const totp = EmulatorMfa.totpAt(secret, yield* Clock.currentTimeMillis)
      assert.deepStrictEqual(yield* Mfa.signInWithMfa({ totp }), { userId: user.userId, isNewUser: false })
    })))

  it.effect("signInWithMfa completes the sign-in with the current TOTP code and forgets the attempt", () =>
    withStore(Effect.gen(function*() {
      const { totp, user } = yield* mfaUser("mfa@example.com")
      yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      const result = yield* Mfa.signInWithMfa({ totp: yield* totp })
      assert.deepStrictEqual(result, { userId: user.id, isNewUser: false })
      assert.deepStrictEqual(yield* sessionState, { _tag: "SignedIn", userId: user.id })
      assert.isUndefined(yield* attemptCode)
    })))

  it.effect("a wrong TOTP code fails with InvalidTotpCode and the spec's message; the attempt stays usable", () =>
    withStore(Effect.gen(function*() {
      const { totp } = yield* mfaUser("mfa@example.com")
      yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      const right = yield* totp
      const wrong = right === "000000" ? "111111" : "000000"
      const error = yield* Effect.flip(Mfa.signInWithMfa({ totp: wrong }))
      assert.strictEqual(error._tag, "InvalidTotpCode")
      assert.strictEqual(error.message, "The TOTP code is invalid. Please try again.")
      assert.isString(yield* attemptCode)
      yield* Mfa.signInWithMfa({ totp: right })
      assert.strictEqual((yield* sessionState)._tag, "SignedIn")
    })))

  // The service checks the current 30-second step only (no clock skew; measured against 2.8.27).
  it.effect("a TOTP code of the previous 30-second step is refused (the service allows no clock skew)", () =>
    withStore(Effect.gen(function*() {
      const { secret, totp } = yield* mfaUser("mfa@example.com")
      yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      const previous = yield* totp
      yield* TestClock.adjust("30 seconds")
      if (previous === EmulatorMfa.totpAt(secret, yield* Clock.currentTimeMillis)) return // the steps happen to share a code
      assert.strictEqual((yield* Effect.flip(Mfa.signInWithMfa({ totp: previous })))._tag, "InvalidTotpCode")
      yield* Mfa.signInWithMfa({ totp: yield* totp })
      assert.strictEqual((yield* sessionState)._tag, "SignedIn")
    })))

  it.effect("a TOTP code of the next 30-second step is refused (a phone clock running ahead)", () =>
    withStore(Effect.gen(function*() {
      const { secret } = yield* mfaUser("mfa@example.com")
      yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      const now = yield* Clock.currentTimeMillis
      const ahead = EmulatorMfa.totpAt(secret, now + 30_000)
      if (ahead === EmulatorMfa.totpAt(secret, now)) return // the steps happen to share a code
      assert.strictEqual((yield* Effect.flip(Mfa.signInWithMfa({ totp: ahead })))._tag, "InvalidTotpCode")
    })))

  it.effect("signInWithMfa fails with MissingAttemptCode when no sign-in asked for a second factor", () =>
    withStore(Effect.gen(function*() {
      const error = yield* Effect.flip(Mfa.signInWithMfa({ totp: "123456" }))
      assert.strictEqual(error._tag, "MissingAttemptCode")
    })))

  it.effect("an attempt code older than 5 minutes fails with VerificationCodeExpired", () =>
    withStore(Effect.gen(function*() {
      const { totp } = yield* mfaUser("mfa@example.com")
      yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      yield* TestClock.adjust("5 minutes")
      const error = yield* Effect.flip(Mfa.signInWithMfa({ totp: yield* totp }))
      assert.strictEqual(error._tag, "VerificationCodeExpired")
    })))

  it.effect("an attempt code works once: VerificationCodeAlreadyUsed afterwards", () =>
    withStore(Effect.gen(function*() {
      const { totp } = yield* mfaUser("mfa@example.com")
      const error = yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      const code = error._tag === "MultiFactorAuthenticationRequired" ? error.details?.attemptCode ?? "" : ""
      yield* Mfa.signInWithMfa({ totp: yield* totp, attemptCode: code })
      const again = yield* Effect.flip(Mfa.signInWithMfa({ totp: yield* totp, attemptCode: code }))
      assert.strictEqual(again._tag, "VerificationCodeAlreadyUsed")
    })))

  it.effect("an unknown attempt code fails with VerificationCodeNotFound", () =>
    withStore(Effect.gen(function*() {
      const error = yield* Effect.flip(Mfa.signInWithMfa({ totp: "123456", attemptCode: "0".repeat(45) }))
      assert.strictEqual(error._tag, "VerificationCodeNotFound")
    })))

  it.effect("20 wrong TOTP codes exhaust the attempt: VerificationCodeMaxAttemptsReached", () =>
    withStore(Effect.gen(function*() {
      const { totp } = yield* mfaUser("mfa@example.com")
      yield* Effect.flip(Auth.signInWithPassword({ email: "mfa@example.com", password }))
      const right = yield* totp
      const wrong = right === "000000" ? "111111" : "000000"
      for (let i = 0; i < 20; i++) assert.strictEqual((yield* Effect.flip(Mfa.signInWithMfa({ totp: wrong })))._tag, "InvalidTotpCode")
      const error = yield* Effect.flip(Mfa.signInWithMfa({ totp: right }))
      assert.strictEqual(error._tag, "VerificationCodeMaxAttemptsReached")
    })))

  it.effect("a magic-link sign-in of a user with TOTP also asks for the second factor", () =>
    withStore(Effect.gen(function*() {
      const { totp, user } = yield* mfaUser("mfa-otp@example.com")
      yield* Auth.sendSignInCode({ email: "mfa-otp@example.com", callbackUrl: "http://localhost:3000/handler/magic-link-callback" })
      const error = yield* Effect.flip(Auth.signInWithCode(yield* latestCode("mfa-otp@example.com")))
      assert.strictEqual(error._tag, "MultiFactorAuthenticationRequired")
      assert.deepStrictEqual(yield* Mfa.signInWithMfa({ totp: yield* totp }), { userId: user.id, isNewUser: false })
    })))

  it.effect("the sessionStorage store keeps the attempt code under stack_mfa_attempt_code", () =>
    Effect.gen(function*() {
      const items = new Map<string, string>()
      const store = Mfa.makeStorage({
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key)
      })
      yield* store.set("attempt")
      assert.strictEqual(items.get("stack_mfa_attempt_code"), "attempt")
      assert.strictEqual(yield* store.get, "attempt")
      yield* store.clear
      assert.isUndefined(yield* store.get)
    }))
})
