/**
 * The emulator's user routes against the real 2.8.27 service (measured with the differential
 * harness, `scripts/differential/sequences/UsersMore.ts`): which fields a SCHEMA_ERROR lists and in
 * which order, the conversions the service applies before checking, and the access rules of
 * users, contact channels, notification preferences, OAuth providers on users and connected accounts.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { assertKnownError, call, signUp, refusedWithUnknown as refused } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const unknownId = "00000000-0000-4000-8000-000000000000"

/** The refused fields of a SCHEMA_ERROR, in order (`body.x`, `body:unknown[a, b]`). */

const server = (method: string, path: string, body?: unknown) => call({ method, path, access: "server", ...(body === undefined ? {} : { body }) })

describe("user bodies: conversions and the order of refused fields", () => {
  it.effect("numbers and booleans given as other types are converted, as the service does", () =>
    withEmulator(Effect.gen(function*() {
      const created = yield* server("POST", "/users", { display_name: 42, primary_email_verified: "true", primary_email: "conv@example.com", client_metadata: ["x"] })
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(created.body.display_name, "42")
      assert.isTrue(created.body.primary_email_verified)
      assert.deepStrictEqual(created.body.client_metadata, ["x"])
      const tokens = yield* signUp("conv-me@example.com")
      const updated = yield* call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { display_name: 7, otp_auth_enabled: "false" } })
      assert.strictEqual(updated.status, 200, updated.text)
      assert.strictEqual(updated.body.display_name, "7")
    })))

  it.effect("creation lists the provider links first (merged declaration), and unknown keys twice", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* server("POST", "/users", { primary_email: "nope", password: 5, oauth_providers: "x", unknown_field: 1 })
      assert.deepStrictEqual(refused(answer), ["body.oauth_providers", "body.primary_email", "body:unknown[unknown_field]", "body:unknown[unknown_field]"])
    })))

  it.effect("a problem whose path contains `auth` or `url` ranks before the other body problems", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* server("POST", "/users", {
        zz: 1,
        display_name: [],
        primary_email_verified: "maybe",
        is_anonymous: "x",
        otp_auth_enabled: 3,
        profile_image_url: "not a url",
        primary_email: "bad",
        selected_team_id: unknownId
      })
      assert.deepStrictEqual(refused(answer), [
        "body.otp_auth_enabled",
        "body.profile_image_url",
        "body.profile_image_url",
        "body.is_anonymous",
        "body.display_name",
        "body.primary_email_verified",
        "body.primary_email",
        "body:unknown[zz, selected_team_id]",
        "body:unknown[zz, selected_team_id]"
      ])
    })))

  it.effect("an empty primary e-mail is `must not be empty` only; a too long password is refused by the schema", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* server("POST", "/users", { password: "p".repeat(80), primary_email: "", password_hash: "" })
      assert.deepStrictEqual(refused(answer), ["body.primary_email", "body.password_hash", "body.password"])
    })))

  it.effect("the client's own update: its seven fields in the service's order; a body that is no object", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("client-faults@example.com")
      const patch = (body: unknown) => call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body })
      assert.deepStrictEqual(
        refused(yield* patch({ zeta: 1, display_name: { a: 1 }, otp_auth_enabled: "maybe", selected_team_id: "nope", totp_secret_base64: "***", passkey_auth_enabled: [], alpha: 2 })),
        ["body.otp_auth_enabled", "body.passkey_auth_enabled", "body.display_name", "body.selected_team_id", "body.totp_secret_base64", "body:unknown[zeta, alpha]"]
      )
      assert.deepStrictEqual(refused(yield* patch([1, 2])), ["body"])
      assert.deepStrictEqual(refused(yield* patch({ is_anonymous: false })), ["body:unknown[is_anonymous]"])
    })))

  it.effect("server updates: is_anonymous may only be false; body problems come before params", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("server-update@example.com")
      assert.deepStrictEqual(refused(yield* server("PATCH", `/users/${tokens.user_id}`, { is_anonymous: true })), ["body.is_anonymous"])
      assert.deepStrictEqual(refused(yield* server("PATCH", "/users/nope", { display_name: {} })), ["body.display_name", "params.user_id"])
      assertKnownError(yield* server("PATCH", `/users/${unknownId}`, { display_name: "x" }), "USER_NOT_FOUND", 404)
    })))
})

describe("user writes: the service's rules after validation", () => {
  it.effect("a primary e-mail is stored trimmed and lower-cased; a taken one is reported so", () =>
    withEmulator(Effect.gen(function*() {
      const created = yield* server("POST", "/users", { primary_email: "Mixed.Case@Example.COM", primary_email_auth_enabled: true })
      assert.strictEqual(created.body.primary_email, "mixed.case@example.com")
      const taken = yield* server("POST", "/users", { primary_email: "MIXED.CASE@example.com", primary_email_auth_enabled: true })
      assertKnownError(taken, "USER_EMAIL_ALREADY_EXISTS", 409)
      assert.strictEqual(taken.body.details.email, "mixed.case@example.com")
    })))

  it.effect("no password length minimum on server writes; passkeys are never enabled by hand; unknown providers refused", () =>
    withEmulator(Effect.gen(function*() {
      const created = yield* server("POST", "/users", { primary_email: "short-pw@example.com", password: "a" })
      assert.strictEqual(created.status, 201, created.text)
      assert.isTrue(created.body.has_password)
      const passkey = yield* server("PATCH", `/users/${created.body.id}`, { passkey_auth_enabled: true })
      assert.strictEqual(passkey.status, 400, passkey.text)
      const provider = yield* server("POST", "/users", { oauth_providers: [{ id: "no-such-provider", account_id: "1" }] })
      assert.strictEqual(provider.status, 400, provider.text)
    })))
})

describe("GET /users: the list query", () => {
  it.effect("limit, order_by and desc are refused in that order; unknown keys after them", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* server("GET", "/users?limit=abc&order_by=name&desc=maybe")), ["query.limit", "query.order_by", "query.desc"])
      assert.deepStrictEqual(refused(yield* server("GET", "/users?include_anonymous=true")), ["query:unknown[include_anonymous]"])
      assert.deepStrictEqual(refused(yield* server("GET", "/users?limit=1.5")), ["query.limit"])
      assert.deepStrictEqual(refused(yield* server("GET", "/users?cursor=nope&team_id=nope")), ["query.team_id", "query.cursor"])
    })))

  it.effect("desc=1 and a padded limit are read as the service converts them", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* server("GET", "/users?desc=1&limit=%202%20")
      assert.strictEqual(answer.status, 200, answer.text)
      assert.isAtMost(answer.body.items.length, 2)
    })))
})

describe("contact channels", () => {
  it.effect("create: the service's check order; a value is an e-mail only when the type is email", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("cc-faults@example.com")
      const answer = yield* call({
        method: "POST",
        path: "/contact-channels",
        accessToken: tokens.access_token,
        body: { zz: 1, user_id: "nope", value: "not-an-email", type: "sms", used_for_auth: "maybe", is_primary: "x" }
      })
      // `body.used_for_auth` contains `auth`: it ranks first among the request's parts
      assert.deepStrictEqual(refused(answer), ["body.used_for_auth", "body.user_id", "body.type", "body.is_primary", "body:unknown[zz]"])
    })))

  it.effect("`me` without a signed-in user refuses the whole request, whatever else is wrong", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* server("POST", "/contact-channels", { user_id: "me", type: "phone", value: "x" })
      assertKnownError(answer, "CANNOT_GET_OWN_USER_WITHOUT_USER", 400)
    })))

  it.effect("a client lists only its own channels (403); a server without user_id lists the project's", () =>
    withEmulator(Effect.gen(function*() {
      const a = yield* signUp("cc-list-a@example.com")
      const b = yield* signUp("cc-list-b@example.com")
      assert.strictEqual((yield* call({ path: `/contact-channels?user_id=${b.user_id}`, accessToken: a.access_token })).status, 403)
      assert.strictEqual((yield* call({ path: "/contact-channels", accessToken: a.access_token })).status, 403)
      const all = yield* server("GET", "/contact-channels")
      assert.strictEqual(all.status, 200, all.text)
      const owners = new Set((all.body.items as Array<{ user_id: string }>).map((c) => c.user_id))
      assert.isTrue(owners.has(a.user_id) && owners.has(b.user_id))
    })))

  it.effect("a server's update or delete of an unknown user's channel is the plain 400 of a missing channel", () =>
    withEmulator(Effect.gen(function*() {
      const update = yield* server("PATCH", `/contact-channels/${unknownId}/${unknownId}`, { used_for_auth: false })
      assert.strictEqual(update.status, 400, update.text)
      assert.isNull(update.headers.get("x-stack-known-error"))
      assert.strictEqual((yield* server("DELETE", `/contact-channels/${unknownId}/${unknownId}`)).status, 400)
    })))

  it.effect("the older send-verification-code call: a signed-in user first, then its fields", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ method: "POST", path: "/contact-channels/send-verification-code", body: { email: "no-dot@localhost" } })
      assert.deepStrictEqual(refused(answer), ["auth.user", "body.email", "body.callback_url"])
    })))

  it.effect("verify: the code must be 45 characters; codes sent are 45 characters", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* call({ method: "POST", path: "/contact-channels/verify", body: { code: "abc" } })), ["body.code"])
      assert.deepStrictEqual(refused(yield* call({ method: "POST", path: "/contact-channels/verify", body: { extra: 1 } })), [
        "body.code",
        "body:unknown[extra]",
        "body:unknown[extra]"
      ])
      assertKnownError(yield* call({ method: "POST", path: "/contact-channels/verify", body: { code: "E".repeat(45) } }), "VERIFICATION_CODE_NOT_FOUND", 404)
    })))
})

describe("notification preferences", () => {
  it.effect("body problems come before the parameters'; another user's preferences are 403", () =>
    withEmulator(Effect.gen(function*() {
      const a = yield* signUp("np-a@example.com")
      const b = yield* signUp("np-b@example.com")
      const patch = yield* call({ method: "PATCH", path: "/emails/notification-preference/me/not-a-uuid", accessToken: a.access_token, body: { enabled: "no" } })
      assert.deepStrictEqual(refused(patch), ["body.enabled", "params.notification_category_id"])
      assert.strictEqual((yield* call({ path: `/emails/notification-preference/${b.user_id}`, accessToken: a.access_token })).status, 403)
      assertKnownError(yield* server("GET", `/emails/notification-preference/${unknownId}`), "USER_NOT_FOUND", 404)
    })))
})

describe("OAuth providers on users", () => {
  it.effect("create lists its fields in the service's order; a client's update knows two fields", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* server("POST", "/oauth-providers", {})
      assert.deepStrictEqual(refused(answer), [
        "body.user_id",
        "body.provider_config_id",
        "body.allow_sign_in",
        "body.allow_connected_accounts",
        "body.account_id"
      ])
      const tokens = yield* signUp("op-client@example.com")
      const update = yield* call({ method: "PATCH", path: `/oauth-providers/me/${unknownId}`, accessToken: tokens.access_token, body: { email: "x@example.com" } })
      assert.deepStrictEqual(refused(update), ["body:unknown[email]"])
    })))

  it.effect("a client lists only its own; a server's list of an unknown user is USER_NOT_FOUND", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("op-list@example.com")
      assert.strictEqual((yield* call({ path: "/oauth-providers", accessToken: tokens.access_token })).status, 403)
      assertKnownError(yield* server("GET", `/oauth-providers?user_id=${unknownId}`), "USER_NOT_FOUND", 404)
      assertKnownError(yield* server("GET", `/oauth-providers/${unknownId}/${unknownId}`), "USER_NOT_FOUND", 404)
    })))
})
