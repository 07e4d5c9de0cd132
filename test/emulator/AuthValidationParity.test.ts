/**
 * The auth routes on the emulator's one request validator (internal/http/RequestSchema.ts) answer
 * as the real 2.8.27 service does where the service's rules are finer than a field-by-field
 * reading: the e-mail rule lets the empty text through (only the sign-in pattern refuses it), and a
 * value of the wrong type for a field with a list of values fails both rules.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as RequestSchema from "../../packages/emulator/src/internal/http/RequestSchema.ts"
import { type Answer, assertKnownError, call } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const callback = "http://localhost:3000/handler/callback"

/** Each problem line of a SCHEMA_ERROR, without its `  - `. */
const lines = (answer: Answer): ReadonlyArray<string> => {
  assertKnownError(answer, "SCHEMA_ERROR", 400)
  return String(answer.body.details.message).split("\n").slice(1).map((line) => line.replace(/^\s*- /, ""))
}

const post = (path: string, body: unknown) => call({ method: "POST", path, body })

describe("the empty e-mail", () => {
  it.effect("fails only the sign-in pattern on sign-up and OTP codes; passes the plain e-mail rule of sign-in and reset codes", () =>
    withEmulator(Effect.gen(function*() {
      const pattern = `body.email must match the following: "${String(/^[^.]+(\.[^.]+)*@.*\.[^.][^.]+$/)}"`
      assert.deepStrictEqual(lines(yield* post("/auth/password/sign-up", { email: "", password: "long enough 1", verification_callback_url: callback })), [pattern])
      assert.deepStrictEqual(lines(yield* post("/auth/otp/send-sign-in-code", { email: "", callback_url: callback })), [pattern])
      assertKnownError(yield* post("/auth/password/sign-in", { email: "", password: "long enough 1" }), "EMAIL_PASSWORD_MISMATCH", 400)
      const reset = yield* post("/auth/password/send-reset-code", { email: "", callback_url: callback })
      assert.strictEqual(reset.status, 200, reset.text)
      // a malformed one fails both rules of a sign-in e-mail, the e-mail rule first
      assert.deepStrictEqual(lines(yield* post("/auth/otp/send-sign-in-code", { email: "nope", callback_url: callback })), ["body.email must be a valid email", pattern])
    })))
})

describe("a field with a list of values", () => {
  it.effect("given a value of the wrong type, reports the type and the list", () =>
    withEmulator(Effect.gen(function*() {
      const answer = lines(yield* post("/auth/mfa/sign-in", { type: {}, totp: "1", code: "x" }))
      assert.deepStrictEqual(answer.map((line) => line.split(" ").slice(0, 2).join(" ")), ["body.type must", "body.type must", "body.code must"])
      assert.include(answer[0], "must be a `string` type")
      assert.strictEqual(answer[1], "body.type must be one of the following values: totp")
      assert.strictEqual(answer[2], "body.code must be exactly 45 characters")
    })))
})

describe("the validator's additions for the auth routes", () => {
  it("maxValue, matches, allowUnknown and concat'ed parts report as the service", () => {
    const body = (field: RequestSchema.Field, value: unknown) => RequestSchema.problems(field, value, "body")
    assert.deepStrictEqual(body(RequestSchema.object({ n: RequestSchema.number().maxValue(10) }), { n: "11" }), ["body.n must be less than or equal to 10"])
    assert.deepStrictEqual(body(RequestSchema.object({ n: RequestSchema.number().maxValue(10) }), { n: 10 }), [])
    assert.deepStrictEqual(body(RequestSchema.object({ s: RequestSchema.string().matches(/^a+$/) }), { s: "" }), ["body.s must match the following: \"/^a+$/\""])
    assert.deepStrictEqual(body(RequestSchema.object({ a: RequestSchema.string() }).allowUnknown(), { a: "x", b: 1 }), [])
    const merged = RequestSchema.object({ code: RequestSchema.string().defined() }).concat(RequestSchema.object({ password: RequestSchema.string().defined() }))
    assert.deepStrictEqual(body(merged, { extra: 1 }), [
      "body.password must be defined",
      "body.code must be defined",
      "body contains unknown properties: extra",
      "body contains unknown properties: extra"
    ])
  })
})
