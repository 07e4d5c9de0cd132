/**
 * The emulator's one-time codes count attempts as the service does: every attempt, found or not
 * and whatever its outcome, against each code sharing its nonce; the attempt limit is checked
 * last, against the count before the attempt.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Verification from "../../packages/emulator/src/internal/model/Verification.ts"
import { freshClient, latestCode } from "../api/authSupport.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const purpose = "test_purpose"

/** Runs a state-level effect in the emulator of the test. */
const run = <A, E>(effect: Effect.Effect<A, E, EmulatorState.EmulatorState>) =>
  Effect.flatMap(Emulator.Emulator, (emulator) => emulator.run(effect))

const projectId = Effect.map(Emulator.Emulator, (emulator) => emulator.demoProject.projectId)

const newCode = (options: { readonly code?: string; readonly purpose?: string } = {}) =>
  Effect.flatMap(projectId, (id) => run(Verification.create({ projectId: id, purpose: options.purpose ?? purpose, ...options })))

const attempt = (code: string, options: { readonly purpose?: string; readonly checkOnly?: boolean } = {}) =>
  Effect.flatMap(projectId, (id) =>
    run(Verification.use(id, options.purpose ?? purpose, code, { checkOnly: options.checkOnly ?? false })).pipe(
      Effect.match({ onFailure: (error) => error._tag, onSuccess: () => "ok" })
    ))

const attemptsOf = (code: string) =>
  Effect.map(run(EmulatorState.get), (state) => Table.find(state.verificationCodes, (c) => c.code === code)?.attemptCount)

const repeat = (times: number, effect: Effect.Effect<string, never, Emulator.Emulator>) =>
  Effect.forEach(Array.from({ length: times }), () => effect)

describe("Verification.use", () => {
  it.effect("the 20th attempt of a code still succeeds; the 21st is VerificationCodeMaxAttemptsReached", () =>
    withEmulator(Effect.gen(function*() {
      const { code } = yield* newCode()
      assert.deepStrictEqual(new Set(yield* repeat(19, attempt(code, { checkOnly: true }))), new Set(["ok"]))
      assert.strictEqual(yield* attempt(code, { checkOnly: true }), "ok")
      assert.strictEqual(yield* attempt(code), "VerificationCodeMaxAttemptsReached")
    })))

  it.effect("refused attempts count too: a code tried under another purpose is spent by not-found answers", () =>
    withEmulator(Effect.gen(function*() {
      const { code } = yield* newCode()
      const answers = yield* repeat(20, attempt(code, { purpose: "another_purpose" }))
      assert.deepStrictEqual(new Set(answers), new Set(["VerificationCodeNotFound"]))
      assert.strictEqual(yield* attemptsOf(code), 20)
      assert.strictEqual(yield* attempt(code), "VerificationCodeMaxAttemptsReached")
    })))

  it.effect("an unknown code sharing a code's nonce counts against that code", () =>
    withEmulator(Effect.gen(function*() {
      const { code } = yield* newCode({ code: "abcdef" + "n".repeat(39) })
      assert.strictEqual(yield* attempt("zzzzzz" + "n".repeat(39)), "VerificationCodeNotFound")
      assert.strictEqual(yield* attemptsOf(code), 1)
    })))

  it.effect("a code no longer than the typed part counts against no other code", () =>
    withEmulator(Effect.gen(function*() {
      const { code } = yield* newCode()
      assert.strictEqual(yield* attempt("abc"), "VerificationCodeNotFound")
      assert.strictEqual(yield* attemptsOf(code), 0)
    })))

  it.effect("the limit is checked last: a used code past it is VerificationCodeAlreadyUsed", () =>
    withEmulator(Effect.gen(function*() {
      const { code } = yield* newCode()
      yield* repeat(19, attempt(code, { checkOnly: true }))
      assert.strictEqual(yield* attempt(code), "ok")
      assert.strictEqual(yield* attempt(code), "VerificationCodeAlreadyUsed")
      assert.strictEqual(yield* attemptsOf(code), 21)
    })))

  it.effect("the limit is checked last: an expired code past it is VerificationCodeExpired", () =>
    withEmulator(Effect.gen(function*() {
      const { code } = yield* newCode()
      yield* repeat(20, attempt(code, { checkOnly: true }))
      yield* TestClock.adjust("8 days")
      assert.strictEqual(yield* attempt(code), "VerificationCodeExpired")
    })))
})

describe("OTP sign-in attempts", () => {
  it.effect("after 19 wrong guesses of the typed part the right code still signs in", () =>
    freshClient(Effect.gen(function*() {
      const { nonce } = yield* Auth.sendSignInCode({ email: "guess19@example.com", callbackUrl: "http://localhost:3000/handler/magic-link-callback" })
      const code = yield* latestCode("guess19@example.com")
      const wrong = code.slice(0, 6) === "zzzzzz" ? "yyyyyy" : "zzzzzz"
      for (let i = 0; i < 19; i++) {
        assert.strictEqual((yield* Effect.flip(Auth.signInWithOtp({ otp: wrong, nonce })))._tag, "VerificationCodeNotFound")
      }
      assert.isTrue((yield* Auth.signInWithCode(code)).isNewUser)
    })))
})
