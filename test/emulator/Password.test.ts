import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import type { ProjectConfig } from "../../packages/emulator/src/EmulatorState.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import { assertKnownError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const configure = (config: Partial<ProjectConfig>) =>
  Effect.flatMap(Emulator.Emulator, (emulator) =>
    emulator.run(EmulatorState.update((state) => ({
      ...state,
      projects: Table.modify(state.projects, demoProject.projectId, (p) => ({ ...p, config: { ...p.config, ...config } }))
    }))))

// the verification page the service requires, unless a test gives its own body key
const signUpRaw = (body: object) =>
  call({ method: "POST", path: "/auth/password/sign-up", body: { verification_callback_url: "http://localhost:3000/handler/email-verification", ...body } })
const signInRaw = (email: string, password: string) => call({ method: "POST", path: "/auth/password/sign-in", body: { email, password } })

describe("password sign-up and sign-in", () => {
  it.effect("a second sign-up with the same e-mail is UserWithEmailAlreadyExists", () =>
    withEmulator(Effect.gen(function*() {
      yield* signUp("dup@example.com")
      const answer = yield* signUpRaw({ email: "dup@example.com", password: "another password" })
      assertKnownError(answer, "USER_EMAIL_ALREADY_EXISTS", 409)
      assert.deepStrictEqual(answer.body.details, { email: "dup@example.com", would_work_if_email_was_verified: false })
    })))

  it.effect("passwords shorter than 8 (PASSWORD_TOO_SHORT) or longer than 70 characters (the schema's body.password) are refused", () =>
    withEmulator(Effect.gen(function*() {
      const short = yield* signUpRaw({ email: "a@example.com", password: "1234567" })
      assertKnownError(short, "PASSWORD_TOO_SHORT", 400)
      assert.deepStrictEqual(short.body.details, { min_length: 8 })
      // the service's request schema caps passwords at 70 characters, so PASSWORD_TOO_LONG never comes
      const long = yield* signUpRaw({ email: "a@example.com", password: "x".repeat(71) })
      assertKnownError(long, "SCHEMA_ERROR", 400)
      assert.match(long.body.details.message, /- body\.password must be at most 70 characters$/)
      assert.strictEqual((yield* signUpRaw({ email: "a@example.com", password: "x".repeat(70) })).status, 200)
      assert.strictEqual((yield* signUpRaw({ email: "b@example.com", password: "12345678" })).status, 200)
    })))

  it.effect("project switches: sign-up disabled, password authentication disabled", () =>
    withEmulator(Effect.gen(function*() {
      yield* signUp("existing@example.com")
      yield* configure({ signUpEnabled: false })
      assertKnownError(yield* signUpRaw({ email: "new@example.com", password: "password123" }), "SIGN_UP_NOT_ENABLED", 400)
      assert.strictEqual((yield* signInRaw("existing@example.com", "correct horse battery")).status, 200)
      yield* configure({ credentialEnabled: false })
      assertKnownError(yield* signUpRaw({ email: "new@example.com", password: "password123" }), "PASSWORD_AUTHENTICATION_NOT_ENABLED", 400)
      assertKnownError(yield* signInRaw("existing@example.com", "correct horse battery"), "PASSWORD_AUTHENTICATION_NOT_ENABLED", 400)
    })))

  it.effect("a wrong password or an unknown e-mail is EmailPasswordMismatch", () =>
    withEmulator(Effect.gen(function*() {
      yield* signUp("bob@example.com")
      assertKnownError(yield* signInRaw("bob@example.com", "wrong password"), "EMAIL_PASSWORD_MISMATCH", 400)
      assertKnownError(yield* signInRaw("nobody@example.com", "correct horse battery"), "EMAIL_PASSWORD_MISMATCH", 400)
    })))

  it.effect("an invalid body is a SchemaError, invalid JSON a BodyParsingError", () =>
    withEmulator(Effect.gen(function*() {
      assertKnownError(yield* signUpRaw({ email: "x@example.com" }), "SCHEMA_ERROR", 400)
      assertKnownError(yield* signUpRaw({ email: "not an email", password: "password123" }), "SCHEMA_ERROR", 400)
      // as the service: an empty body sent as JSON is not JSON; no content type is no body
      const broken = yield* call({ method: "POST", path: "/auth/password/sign-in", headers: { "content-type": "application/json" } })
      assertKnownError(broken, "BODY_PARSING_ERROR", 400)
      assertKnownError(yield* call({ method: "POST", path: "/auth/password/sign-in" }), "SCHEMA_ERROR", 400)
      const emulator = yield* Emulator.Emulator
      const raw = yield* Effect.orDie(emulator.handle(new Request(`${emulator.baseUrl}/api/v1/auth/password/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-stack-project-id": demoProject.projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": demoProject.publishableClientKey },
        body: "{not json"
      })))
      assert.strictEqual(raw.headers.get("x-stack-known-error"), "BODY_PARSING_ERROR")
    })))

  it.effect("a verification callback outside the trusted domains is RedirectUrlNotWhitelisted", () =>
    withEmulator(Effect.gen(function*() {
      const body = (url: string, email: string) => ({ email, password: "password123", verification_callback_url: url })
      assertKnownError(yield* signUpRaw(body("https://evil.example/verify", "c@example.com")), "REDIRECT_URL_NOT_WHITELISTED", 400)
      yield* configure({ domains: [{ domain: "https://*.myapp.dev", handlerPath: "/handler" }], allowLocalhost: false })
      assertKnownError(yield* signUpRaw(body("http://localhost:3000/verify", "c@example.com")), "REDIRECT_URL_NOT_WHITELISTED", 400)
      assert.strictEqual((yield* signUpRaw(body("https://app.myapp.dev/handler/email-verification", "c@example.com"))).status, 200)
    })))

  it.effect("a user with TOTP must finish with a second factor (attempt code)", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("mfa@example.com")
      const patched = yield* call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { totp_secret_base64: "SGVsbG8gV29ybGQhISE=" } })
      assert.strictEqual(patched.body.requires_totp_mfa, true)
      const answer = yield* signInRaw("mfa@example.com", "correct horse battery")
      assertKnownError(answer, "MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400)
      assert.isString(answer.body.details.attempt_code)
    })))
})

describe("the current user", () => {
  it.effect("'me' without a user is CannotGetOwnUserWithoutUser", () =>
    withEmulator(Effect.gen(function*() {
      assertKnownError(yield* call({ path: "/users/me" }), "CANNOT_GET_OWN_USER_WITHOUT_USER", 400)
    })))

  it.effect("a client may not update server-only fields", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("eve@example.com")
      const answer = yield* call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { server_metadata: { admin: true } } })
      assertKnownError(answer, "SCHEMA_ERROR", 400)
    })))

  it.effect("client user deletion follows the project switch; the deleted user's token names no user", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("leaving@example.com")
      yield* configure({ clientUserDeletionEnabled: false })
      const refused = yield* call({ method: "DELETE", path: "/users/me", accessToken: tokens.access_token })
      assert.strictEqual(refused.status, 400)
      assert.isNull(refused.headers.get("x-stack-known-error"))
      yield* configure({ clientUserDeletionEnabled: true })
      assert.strictEqual((yield* call({ method: "DELETE", path: "/users/me", accessToken: tokens.access_token })).status, 200)
      // the service reads a deleted user's still-signed access token as no user
      assertKnownError(yield* call({ path: "/users/me", accessToken: tokens.access_token }), "CANNOT_GET_OWN_USER_WITHOUT_USER", 400)
      const refresh = yield* call({
        method: "POST",
        path: "/auth/oauth/token",
        access: "none",
        form: { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: demoProject.projectId, client_secret: demoProject.publishableClientKey }
      })
      // the service keeps a deleted user's sessions: they still refresh (test/emulator/AccountParity.test.ts)
      assert.strictEqual(refresh.status, 200, refresh.text)
    })))
})
