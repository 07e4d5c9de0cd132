/**
 * The auth routes answer as the real 2.8.27 service does (measured with the differential harness,
 * scripts/differential/sequences/AuthMore.ts): which fields a malformed request is refused for and
 * in which order, what the service coerces, passwords over 70 characters, the code routes, passkey
 * challenges, CLI login and server sessions.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as RequestSchema from "../../packages/emulator/src/internal/http/RequestSchema.ts"
import * as Mfa from "../../packages/emulator/src/internal/model/MfaRules.ts"
import { demoProject, internalProject } from "../../packages/emulator/src/Seeds.ts"
import { assertKnownError, call, signUp, refusedFields as refused } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const verify = "http://localhost:3000/handler/email-verification"
const internalKey = internalProject.publishableClientKey
const long = "p".repeat(71)

const post = (path: string, body: unknown, accessToken?: string) => call({ method: "POST", path, body, ...(accessToken === undefined ? {} : { accessToken }) })

describe("passwords over 70 characters", () => {
  it.effect("are the schema's body.password on every password route, never PASSWORD_TOO_LONG", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* post("/auth/password/sign-up", { email: "long@example.com", password: long, verification_callback_url: verify })), ["body.password"])
      assert.deepStrictEqual(refused(yield* post("/auth/password/sign-in", { email: "long@example.com", password: long })), ["body.password"])
      const tokens = yield* signUp("long-owner@example.com")
      assert.deepStrictEqual(
        refused(yield* post("/auth/password/update", { old_password: "correct horse battery", new_password: long }, tokens.access_token)),
        ["body.new_password"]
      )
      assert.deepStrictEqual(refused(yield* post("/auth/password/set", { password: long }, tokens.access_token)), ["body.password"])
      const seventy = yield* post("/auth/password/sign-up", { email: "seventy@example.com", password: "q".repeat(70), verification_callback_url: verify })
      assert.strictEqual(seventy.status, 200, seventy.text)
    })))
})

describe("the order of refused fields", () => {
  it.effect("sign-up: every problem of every field, the e-mail's two rules both", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* post("/auth/password/sign-up", { email: "nope", password: long })), [
        "body.email",
        "body.email",
        "body.password",
        "body.verification_callback_url"
      ])
      assert.deepStrictEqual(refused(yield* post("/auth/password/sign-up", { email: "a@b.co", password: "password-1", verification_callback_url: "not a url", zzz: 1, aaa: 2 })), [
        "body.verification_callback_url",
        "body.verification_callback_url",
        "body"
      ])
    })))

  it.effect("a code route lists its own fields before the code: reset is body.password, then body.code", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* post("/auth/password/reset", { code: "abc", password: long })), ["body.password", "body.code"])
      assert.deepStrictEqual(refused(yield* post("/auth/password/reset", {})), ["body.password", "body.code"])
      // checking a code takes the code alone; a code route's body is merged from two parts, each
      // refusing unknown properties
      assert.deepStrictEqual(refused(yield* post("/auth/password/reset/check-code", { code: "a".repeat(44), password: "x" })), ["body.code", "body", "body"])
      assert.deepStrictEqual(refused(yield* post("/auth/mfa/sign-in", {})), ["body.type", "body.totp", "body.code"])
    })))

  it.effect("a path containing an earlier key's name sorts with it: auth.user and body.authentication_response first", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* post("/auth/password/update", {})), ["auth.user", "body.old_password", "body.new_password"])
      // the passkey routes declare their own `code`, of any length
      assert.deepStrictEqual(refused(yield* post("/auth/passkey/sign-in", { code: 1 })), ["body.authentication_response"])
      assert.deepStrictEqual(refused(yield* post("/auth/passkey/sign-in", {})), ["body.authentication_response", "body.code"])
      assert.deepStrictEqual(
        RequestSchema.problems(RequestSchema.object({ password: RequestSchema.string().defined(), old_password: RequestSchema.string().defined() }), {}, "body")
          .map((line) => line.split(" ")[0]),
        ["body.old_password", "body.password"]
      )
    })))
})

describe("types and bodies", () => {
  it.effect("a number is read as text, an object or null is refused, a missing or non-object body is the body's problem", () =>
    withEmulator(Effect.gen(function*() {
      const numeric = yield* post("/auth/password/sign-up", { email: "numeric@example.com", password: 1234567890, verification_callback_url: verify })
      assert.strictEqual(numeric.status, 200, numeric.text)
      const signedIn = yield* post("/auth/password/sign-in", { email: "numeric@example.com", password: "1234567890" })
      assert.strictEqual(signedIn.status, 200, signedIn.text)
      assert.deepStrictEqual(refused(yield* post("/auth/password/sign-up", { email: { a: 1 }, password: null, verification_callback_url: verify })), ["body.email", "body.password"])
      assert.deepStrictEqual(refused(yield* post("/auth/password/sign-up", [1, 2])), ["body"])
      assert.deepStrictEqual(refused(yield* call({ method: "POST", path: "/auth/password/sign-up" })), ["body"])
    })))
})

describe("how a body is read", () => {
  it.effect("by its content type, before the credentials: text is a body of the wrong type, no type no body, others refused", () =>
    withEmulator(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const send = (headers: Record<string, string>, body?: string) =>
        Effect.orDie(emulator.handle(new Request(`${emulator.baseUrl}/api/v1/auth/password/sign-in`, {
          method: "POST",
          headers: { "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-publishable-client-key": internalKey, ...headers },
          // bytes: a text body would get a text/plain type of its own
          ...(body === undefined ? {} : { body: new TextEncoder().encode(body) })
        }))).pipe(Effect.flatMap((response) => Effect.promise(async () => ({ code: response.headers.get("x-stack-known-error"), text: await response.text() }))))
      const plain = yield* send({ "content-type": "text/plain" }, "hi")
      assert.strictEqual(plain.code, "SCHEMA_ERROR")
      assert.include(plain.text, "body must be a `object` type")
      assert.strictEqual((yield* send({ "content-type": "application/xml" }, "<a/>")).code, "BODY_PARSING_ERROR")
      assert.strictEqual((yield* send({ "content-type": "application/json" })).code, "BODY_PARSING_ERROR")
      assert.include((yield* send({}, "{\"email\":\"a@b.co\"}")).text, "body must be defined")
      // a malformed body wins over a wrong key
      assert.strictEqual((yield* send({ "content-type": "application/json", "x-stack-publishable-client-key": "wrong" }, "{bad")).code, "BODY_PARSING_ERROR")
    })))
})

describe("OAuth authorize", () => {
  it.effect("refuses its query fields in the service's order: *_type with type, ties in reverse", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ path: "/auth/oauth/authorize/github?client_id=p&redirect_uri=not%20a%20url", access: "none" })
      assert.deepStrictEqual(refused(answer), [
        "query.response_type",
        "query.grant_type",
        "query.client_secret",
        "query.redirect_uri",
        "query.redirect_uri",
        "query.scope",
        "query.state",
        "query.code_challenge_method",
        "query.code_challenge"
      ])
    })))
})

describe("the token endpoint", () => {
  it.effect("checks the grant type first, names no client id, and answers a refresh as the service", () =>
    withEmulator(Effect.gen(function*() {
      const token = (form: Record<string, string>) => call({ method: "POST", path: "/auth/oauth/token", access: "none", form })
      assert.deepStrictEqual(refused(yield* token({ client_id: "nope" })), ["body.grant_type"])
      assert.deepStrictEqual(refused(yield* token({ grant_type: "password", client_id: "nope" })), ["body.grant_type"])
      const tokens = yield* signUp("token-endpoint@example.com")
      const wrong = yield* token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: demoProject.projectId, client_secret: "nope" })
      assertKnownError(wrong, "INVALID_OAUTH_CLIENT_ID_OR_SECRET", 400)
      assert.deepStrictEqual(wrong.body.details, { client_id: null })
      const good = yield* token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: demoProject.projectId, client_secret: demoProject.publishableClientKey })
      assert.deepStrictEqual(Object.keys(good.body).sort(), ["access_token", "expires_in", "scope", "token_type"])
      assert.deepStrictEqual([good.body.token_type, good.body.expires_in, good.body.scope], ["Bearer", 3600, "legacy"])
    })))
})

describe("e-mail case", () => {
  it.effect("sign-up stores the e-mail in lower case; sign-in looks the address up exactly as sent", () =>
    withEmulator(Effect.gen(function*() {
      const signedUp = yield* signUp("Casey.Mixed@Example.com")
      const me = yield* call({ path: "/users/me", accessToken: signedUp.access_token })
      assert.strictEqual(me.body.primary_email, "casey.mixed@example.com")
      assertKnownError(yield* post("/auth/password/sign-in", { email: "Casey.Mixed@Example.com", password: "correct horse battery" }), "EMAIL_PASSWORD_MISMATCH", 400)
      const lower = yield* post("/auth/password/sign-in", { email: "casey.mixed@example.com", password: "correct horse battery" })
      assert.strictEqual(lower.status, 200, lower.text)
      const again = yield* post("/auth/password/sign-up", { email: "CASEY.MIXED@EXAMPLE.COM", password: "correct horse battery", verification_callback_url: verify })
      assertKnownError(again, "USER_EMAIL_ALREADY_EXISTS", 409)
      assert.strictEqual(again.body.details.email, "casey.mixed@example.com")
    })))
})

describe("sessions and the OAuth callback", () => {
  it.effect("session routes refuse a malformed user id or session id; every callback answer deletes the inner-state cookie", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* call({ path: "/auth/sessions?user_id=nope", access: "server" })), ["query.user_id"])
      const tokens = yield* signUp("sessions-ids@example.com")
      assert.deepStrictEqual(refused(yield* call({ method: "DELETE", path: "/auth/sessions/nope?user_id=me", accessToken: tokens.access_token })), ["params.id"])
      const callback = yield* call({ path: "/auth/oauth/callback/github?state=unknown-state&code=x", access: "none" })
      assert.strictEqual(callback.status, 400)
      assert.strictEqual(callback.headers.get("set-cookie"), "stack-oauth-inner-unknown-state=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
    })))
})

describe("TOTP", () => {
  it("accepts the code of the current 30-second step only, as the service (no clock skew)", () => {
    const secret = Buffer.from("abcdefghij0123456789").toString("base64")
    const now = 1_700_000_015_000
    assert.isTrue(Mfa.verifyTotp(secret, Mfa.totpAt(secret, now), now))
    for (const skew of [-30_000, 30_000]) {
      const other = Mfa.totpAt(secret, now + skew)
      if (other !== Mfa.totpAt(secret, now)) assert.isFalse(Mfa.verifyTotp(secret, other, now))
    }
  })
})

describe("codes", () => {
  it.effect("OTP codes can be checked without being spent", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* post("/auth/otp/sign-in/check-code", { code: "ABC123" })), ["body.code"])
      assertKnownError(yield* post("/auth/otp/sign-in/check-code", { code: "b".repeat(45) }), "VERIFICATION_CODE_NOT_FOUND", 404)
    })))
})

describe("passkeys", () => {
  const challenges = Effect.gen(function*() {
    const tokens = yield* signUp("passkey-challenge@example.com")
    const registration = yield* post("/auth/passkey/initiate-passkey-registration", {}, tokens.access_token)
    assert.strictEqual(registration.status, 200, registration.text)
    const first = yield* post("/auth/passkey/initiate-passkey-authentication", {})
    const second = yield* post("/auth/passkey/initiate-passkey-authentication", {})
    return [registration.body.options_json.challenge, first.body.options_json.challenge, second.body.options_json.challenge] as Array<string>
  })

  it.effect("by default, options carry the development setup's fixed challenge MOCK (base64url TU9DSw)", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(yield* challenges, ["TU9DSw", "TU9DSw", "TU9DSw"])
    })))

  it.effect("with passkeyChallenges random, a fresh random challenge each time, as in production", () =>
    Effect.provide(
      Effect.gen(function*() {
        const drawn = yield* challenges
        assert.strictEqual(new Set(drawn).size, 3)
        assert.notInclude(drawn, "TU9DSw")
      }),
      Emulator.layerWith({ passkeyChallenges: "random" })
    ))

  it.effect("registering spends the code first: signed out with an unknown code is VERIFICATION_CODE_NOT_FOUND", () =>
    withEmulator(Effect.gen(function*() {
      assertKnownError(yield* post("/auth/passkey/register", { credential: {}, code: "e".repeat(45) }), "VERIFICATION_CODE_NOT_FOUND", 404)
    })))
})

describe("CLI login", () => {
  it.effect("the start body may be left out; the expiry is a number of at most 24 hours; complete takes exactly its two fields", () =>
    withEmulator(Effect.gen(function*() {
      const bare = yield* call({ method: "POST", path: "/auth/cli" })
      assert.strictEqual(bare.status, 200, bare.text)
      const text = yield* post("/auth/cli", { expires_in_millis: "60000" })
      assert.strictEqual(text.status, 200, text.text)
      assert.deepStrictEqual(refused(yield* post("/auth/cli", { expires_in_millis: 25 * 3600 * 1000 })), ["body.expires_in_millis"])
      assert.deepStrictEqual(refused(yield* post("/auth/cli", { expires_in_millis: "abc" })), ["body.expires_in_millis"])
      assert.deepStrictEqual(refused(yield* post("/auth/cli/complete", {})), ["body.login_code", "body.refresh_token"])
      assert.deepStrictEqual(refused(yield* post("/auth/cli/complete", { login_code: "x", refresh_token: "y", mode: "check" })), ["body"])
    })))

  it.effect("complete stores the refresh token as given; the poll hands it over", () =>
    withEmulator(Effect.gen(function*() {
      const started = yield* post("/auth/cli", {})
      const completed = yield* post("/auth/cli/complete", { login_code: started.body.login_code, refresh_token: "not-a-refresh-token" })
      assert.strictEqual(completed.status, 200, completed.text)
      const polled = yield* post("/auth/cli/poll", { polling_code: started.body.polling_code })
      assert.deepStrictEqual([polled.status, polled.body], [201, { status: "success", refresh_token: "not-a-refresh-token" }])
    })))
})

describe("server sessions", () => {
  it.effect("create refuses a malformed user id and expiry in the schema's order", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ method: "POST", path: "/auth/sessions", access: "server", body: { user_id: "nope", expires_in_millis: "soon", x: 1 } })
      assert.deepStrictEqual(refused(answer), ["body.user_id", "body.expires_in_millis", "body"])
    })))
})
