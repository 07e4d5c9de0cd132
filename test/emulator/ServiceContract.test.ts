/**
 * The emulator against the service's documented answers at 2.8.27 (its backend's validation
 * schemas and the end-to-end expectations under apps/e2e/tests/backend/endpoints/api/v1):
 * every route family reports a malformed request in the one SCHEMA_ERROR format, with the field
 * named as the service names it.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import { type Answer, assertKnownError, assertSchemaError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const signInPattern = "\"/^[^.]+(\\.[^.]+)*@.*\\.[^.][^.]+$/\""

describe("SCHEMA_ERROR: one format on every route, fields named as the service does", () => {
  it.effect("teams: path, query and body ids, image URLs", () =>
    withEmulator(Effect.gen(function*() {
      assertSchemaError(yield* call({ path: "/teams/not-a-uuid", access: "server" }), "GET /api/v1/teams/not-a-uuid", [
        "params.team_id must be a valid UUID"
      ])
      assertSchemaError(yield* call({ path: "/teams?user_id=nope", access: "server" }), "GET /api/v1/teams", ["query.user_id must be a valid UUID"])
      assertSchemaError(
        yield* call({ method: "POST", path: "/teams", access: "server", body: { display_name: "T", creator_user_id: "x" } }),
        "POST /api/v1/teams",
        ["body.creator_user_id must be a valid UUID"]
      )
      assertSchemaError(
        yield* call({ method: "POST", path: "/teams", access: "server", body: { display_name: "T", profile_image_url: "not a url" } }),
        "POST /api/v1/teams",
        ["body.profile_image_url contains spaces", "body.profile_image_url is not a valid URL"]
      )
    })))

  it.effect("team invitations, memberships and permissions", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("invites@example.com")
      assertSchemaError(yield* call({ path: "/team-invitations", accessToken: tokens.access_token }), "GET /api/v1/team-invitations", [
        "query.team_id must be defined"
      ])
      assertSchemaError(
        yield* call({ method: "POST", path: "/team-invitations/send-code", accessToken: tokens.access_token, body: { team_id: "t", email: "nope", callback_url: "http://localhost:8103/accept" } }),
        "POST /api/v1/team-invitations/send-code",
        ["body.team_id must be a valid UUID", "body.email must be a valid email"]
      )
      assertSchemaError(
        yield* call({ method: "POST", path: "/team-invitations/accept", accessToken: tokens.access_token, body: { code: "short" } }),
        "POST /api/v1/team-invitations/accept",
        ["body.code must be exactly 45 characters"]
      )
      assertSchemaError(
        yield* call({ method: "POST", path: `/team-memberships/x/${tokens.user_id}`, access: "server", body: {} }),
        `POST /api/v1/team-memberships/x/${tokens.user_id}`,
        ["params.team_id must be a valid UUID"]
      )
      assertSchemaError(
        yield* call({ path: "/team-permissions?user_id=me&recursive=maybe", accessToken: tokens.access_token }),
        "GET /api/v1/team-permissions",
        ["query.recursive must be one of the following values: true, false"]
      )
    })))

  it.effect("OAuth authorize lists every missing or malformed parameter", () =>
    withEmulator(Effect.gen(function*() {
      assertSchemaError(
        yield* call({ path: "/auth/oauth/authorize/github?client_id=p&redirect_uri=this%20is%20an%20invalid%20URL%20string", access: "none" }),
        "GET /api/v1/auth/oauth/authorize/github",
        // the real service's order (asked 2026-11-27): `*_type` sorts with `type`, ties in reverse
        [
          "query.response_type must be defined",
          "query.grant_type must be defined",
          "query.client_secret must be defined",
          "query.redirect_uri contains spaces",
          "query.redirect_uri is not a valid URL",
          "query.scope must be defined",
          "query.state must be defined",
          "query.code_challenge_method must be defined",
          "query.code_challenge must be defined"
        ]
      )
    })))

  it.effect("one-time codes and password sign-up: a sign-in e-mail breaks the e-mail rule and the service's pattern", () =>
    withEmulator(Effect.gen(function*() {
      assertSchemaError(
        yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "not-an-email", callback_url: "http://localhost:8103/magic" } }),
        "POST /api/v1/auth/otp/send-sign-in-code",
        ["body.email must be a valid email", `body.email must match the following: ${signInPattern}`]
      )
      assertSchemaError(
        yield* call({ method: "POST", path: "/auth/password/sign-up", body: { email: "ada@gmai", password: "correct horse battery", verification_callback_url: "http://localhost:3000/handler/email-verification" } }),
        "POST /api/v1/auth/password/sign-up",
        [`body.email must match the following: ${signInPattern}`]
      )
    })))

  it.effect("contact channels and OAuth providers: server-only fields are unknown to a client", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("fields@example.com")
      assertSchemaError(
        yield* call({ method: "POST", path: "/contact-channels", accessToken: tokens.access_token, body: { user_id: "me", value: "b@example.com", type: "email", used_for_auth: false, is_verified: true } }),
        "POST /api/v1/contact-channels",
        ["body contains unknown properties: is_verified"]
      )
      assertSchemaError(
        yield* call({ method: "PATCH", path: "/oauth-providers/me/any", accessToken: tokens.access_token, body: { email: "x@example.com", account_id: "1" } }),
        "PATCH /api/v1/oauth-providers/me/any",
        ["body contains unknown properties: email, account_id", "params.provider_id must be a valid UUID"]
      )
    })))

  it.effect("sessions, the signed-in user and users' list query", () =>
    withEmulator(Effect.gen(function*() {
      assertSchemaError(yield* call({ path: "/auth/sessions", access: "server" }), "GET /api/v1/auth/sessions", ["query.user_id must be defined"])
      assertSchemaError(
        yield* call({ method: "POST", path: "/auth/password/update", body: { old_password: "a", new_password: "correct horse battery" } }),
        "POST /api/v1/auth/password/update",
        ["auth.user must be defined"]
      )
      assertSchemaError(
        yield* call({ path: "/users?limit=0&order_by=name&cursor=c", access: "server" }),
        "GET /api/v1/users",
        [
          "query.limit must be greater than or equal to 1",
          "query.cursor must be a valid UUID",
          "query.order_by must be one of the following values: signed_up_at"
        ]
      )
    })))

  it.effect("projects: domains, OAuth providers and the e-mail server (projects.test.ts:317, 612, 651, 1063)", () =>
    withEmulator(Effect.gen(function*() {
      const update = (config: object) => call({ method: "PATCH", path: "/internal/projects/current", access: "admin", body: { config } })
      const request = "PATCH /api/v1/internal/projects/current"
      assertSchemaError(yield* update({ domains: [{ domain: "whatever://disallowed.example.com", handler_path: "/handler" }] }), request, [
        "URL must start with http:// or https://"
      ])
      const server = { type: "standard", host: "", port: 587, username: "u", password: "p", sender_name: "Test Sender", sender_email: "test@email.com" }
      assertSchemaError(yield* update({ email_config: server }), request, ["body.config.email_config.host must not be empty"])
      assertSchemaError(yield* update({ email_config: { type: "standard" } }), request, [
        "body.config.email_config.host must be defined",
        "body.config.email_config.port must be defined",
        "body.config.email_config.username must be defined",
        "body.config.email_config.password must be defined",
        "body.config.email_config.sender_name must be defined",
        "body.config.email_config.sender_email must be defined"
      ])
      assertSchemaError(
        yield* update({ oauth_providers: [{ id: "github", type: "standard", client_id: "client_id", client_secret: "" }] }),
        request,
        ["body.config.oauth_providers[0].client_secret must not be empty"]
      )
    })))

  it.effect("API keys: the service's own sentence is sent as it is, without the request line", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ path: "/user-api-keys", access: "server" })
      assertKnownError(answer, "SCHEMA_ERROR", 400)
      assert.strictEqual(answer.body.error, "user_id is required for user API keys")
      assert.deepStrictEqual(answer.body.details, { message: "user_id is required for user API keys" })
      assertSchemaError(yield* call({ path: "/user-api-keys/nope", access: "server" }), "GET /api/v1/user-api-keys/nope", [
        "params.api_key_id must be a valid UUID"
      ])
    })))
})

/**
 * The audit: the service's documented answers (e2e inline snapshots at 2.8.27, file:line under
 * apps/e2e/tests/backend/endpoints/api/v1) replayed against the emulator: status, known-error code
 * (or none, for the service's plain-text errors) and, where the snapshot pins it, the body's shape.
 * Message texts are not compared (the SDK keeps whatever text the service sends).
 */
interface Documented {
  readonly source: string
  readonly status: number
  /** The known-error code; `null`: a plain answer without one; absent: not checked. */
  readonly code?: string | null
  readonly check?: (answer: Answer) => void
  readonly run: Effect.Effect<Answer, never, Emulator.Emulator>
}

const server = (method: string, path: string, body?: unknown) => call({ method, path, access: "server", ...(body === undefined ? {} : { body }) })
const client = (token: string | undefined, method: string, path: string, body?: unknown) =>
  call({ method, path, ...(token === undefined ? {} : { accessToken: token }), ...(body === undefined ? {} : { body }) })
let emails = 0
const freshEmail = () => `audit-${++emails}@example.com`
const user = () => signUp(freshEmail())
const team = (creator?: string) =>
  Effect.map(server("POST", "/teams", { display_name: "Audit team", ...(creator === undefined ? {} : { creator_user_id: creator }) }), (a) => a.body.id as string)
const member = (teamId: string, userId: string) => server("POST", `/team-memberships/${teamId}/${userId}`, {})
/** A new user who is a member of a new team (with the member defaults unless `defaults: false`). */
const newMember = (options: { readonly defaults?: boolean } = {}) =>
  Effect.gen(function*() {
    const t = yield* user()
    const teamId = yield* team()
    yield* member(teamId, t.user_id)
    if (options.defaults === false) yield* server("DELETE", `/team-permissions/${teamId}/${t.user_id}/team_member`)
    return { t, teamId }
  })
const otpCode = (email: string) =>
  Effect.gen(function*() {
    const sent = yield* client(undefined, "POST", "/auth/otp/send-sign-in-code", { email, callback_url: "http://localhost:3000/handler/magic-link-callback" })
    const emulator = yield* Emulator.Emulator
    const mail = yield* emulator.mailbox.latest(email)
    return { nonce: sent.body.nonce as string, code: Mail.codeOf(mail!)! }
  })
const userKey = (userId: string, expires: number | null = null) =>
  Effect.map(server("POST", "/user-api-keys", { user_id: userId, description: "k", expires_at_millis: expires }), (a) => a.body as { id: string; value: string })
const randomId = "031448ab-178b-4d43-b31b-28f16c3c52a9"
const keys = (...names: ReadonlyArray<string>) => (answer: Answer) => assert.deepStrictEqual(Object.keys(answer.body).sort(), [...names].sort())

const documented: ReadonlyArray<readonly [string, Documented]> = [
  // users.test.ts
  ["read own user without an access type", { source: "users:11", status: 400, code: "ACCESS_TYPE_REQUIRED", run: call({ path: "/users/me", access: "none" }) }],
  ["list users without an access type", { source: "users:37", status: 400, code: "ACCESS_TYPE_REQUIRED", run: call({ path: "/users", access: "none" }) }],
  ["read own user signed out", { source: "users:61", status: 400, code: "CANNOT_GET_OWN_USER_WITHOUT_USER", run: client(undefined, "GET", "/users/me") }],
  ["read own user with a forged token", { source: "users:80", status: 401, code: "UNPARSABLE_ACCESS_TOKEN", run: client("not.a.token", "GET", "/users/me") }],
  ["read own user signed in", { source: "users:124", status: 200, run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", "/users/me")) }],
  ["read own user with only a refresh token", {
    source: "users:189", status: 400, code: "CANNOT_GET_OWN_USER_WITHOUT_USER",
    run: Effect.flatMap(user(), (t) => call({ path: "/users/me", headers: { "x-stack-refresh-token": t.refresh_token } }))
  }],
  ["set own server_metadata", { source: "users:307", status: 400, code: "SCHEMA_ERROR", run: Effect.flatMap(user(), (t) => client(t.access_token, "PATCH", "/users/me", { server_metadata: { a: 1 } })) }],
  ["create a user from a client", { source: "users:385", status: 401, code: "INSUFFICIENT_ACCESS_TYPE", run: client(undefined, "POST", "/users", { primary_email: "x@example.com" }) }],
  ["empty display name becomes null", {
    source: "users:413", status: 200, check: (a) => assert.isNull(a.body.display_name),
    run: Effect.flatMap(user(), (t) => client(t.access_token, "PATCH", "/users/me", { display_name: "" }))
  }],
  ["invalid totp_secret_base64", { source: "users:494", status: 400, code: "SCHEMA_ERROR", run: Effect.flatMap(user(), (t) => client(t.access_token, "PATCH", "/users/me", { totp_secret_base64: "not base64!" })) }],
  ["list users from a client", { source: "users:527", status: 401, code: "INSUFFICIENT_ACCESS_TYPE", run: client(undefined, "GET", "/users") }],
  ["read a user from a client", { source: "users:554", status: 401, code: "INSUFFICIENT_ACCESS_TYPE", run: client(undefined, "GET", "/users/123") }],
  ["client read-only metadata from a client", { source: "users:620", status: 400, code: "SCHEMA_ERROR", run: Effect.flatMap(user(), (t) => client(t.access_token, "PATCH", "/users/me", { client_read_only_metadata: { a: 1 } })) }],
  ["an HTTP profile image from a client", { source: "users:653", status: 400, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "PATCH", "/users/me", { profile_image_url: "https://example.com/a.png" })) }],
  ["an invalid base64 profile image from a client", { source: "users:683", status: 400, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "PATCH", "/users/me", { profile_image_url: "data:image/png;base64,!!!" })) }],
  ["read own user with server access", { source: "users:737", status: 200, run: Effect.flatMap(user(), (t) => call({ path: "/users/me", access: "server", accessToken: t.access_token })) }],
  ["delete own user with server access", { source: "users:811", status: 200, check: keys("success"), run: Effect.flatMap(user(), (t) => call({ method: "DELETE", path: "/users/me", access: "server", accessToken: t.access_token })) }],
  ["list users with server access", { source: "users:826", status: 200, check: keys("items", "is_paginated", "pagination"), run: server("GET", "/users") }],
  ["create a user", { source: "users:939", status: 201, run: server("POST", "/users", {}) }],
  ["create a user with e-mail auth", {
    source: "users:975", status: 201, check: (a) => assert.isTrue(a.body.primary_email_auth_enabled),
    run: server("POST", "/users", { primary_email: "auth-on@example.com", primary_email_auth_enabled: true })
  }],
  ["an e-mail outside the strict schema", { source: "users:1016", status: 201, run: server("POST", "/users", { primary_email: "invalid_email@gmai" }) }],
  ["an anonymous user", { source: "users:1164", status: 201, check: (a) => assert.isTrue(a.body.is_anonymous), run: server("POST", "/users", { is_anonymous: true }) }],
  ["a non-anonymous user made anonymous", {
    source: "users:1241", status: 400, code: "SCHEMA_ERROR",
    run: Effect.flatMap(server("POST", "/users", {}), (u) => server("PATCH", `/users/${u.body.id}`, { is_anonymous: true }))
  }],
  ["password with password_hash", { source: "users:1279", status: 400, code: null, run: server("POST", "/users", { password: "hello-world-1", password_hash: "$2a$10$abcdefghijklmnopqrstuuQ8c3K0mJz1rlCzQq3m6ZcXzYfX8Q9Ce" }) }],
  ["a hash with too many rounds", { source: "users:1299", status: 400, code: null, run: server("POST", "/users", { password_hash: "$2a$99$abcdefghijklmnopqrstuuQ8c3K0mJz1rlCzQq3m6ZcXzYfX8Q9Ce" }) }],
  ["e-mail auth without an e-mail", { source: "users:1318", status: 400, code: null, run: server("POST", "/users", { primary_email_auth_enabled: true }) }],
  ["a second user with the same auth e-mail", {
    source: "users:1335", status: 409, code: "USER_EMAIL_ALREADY_EXISTS",
    run: Effect.flatMap(server("POST", "/users", { primary_email: "twice@example.com", primary_email_auth_enabled: true }), () =>
      server("POST", "/users", { primary_email: "twice@example.com", primary_email_auth_enabled: true }))
  }],
  ["the same e-mail without auth", {
    source: "users:1487", status: 201,
    run: Effect.flatMap(server("POST", "/users", { primary_email: "twice-b@example.com", primary_email_auth_enabled: true }), () =>
      server("POST", "/users", { primary_email: "twice-b@example.com", primary_email_auth_enabled: false }))
  }],
  ["read a deleted user", {
    source: "users:1742", status: 404, code: "USER_NOT_FOUND",
    run: Effect.gen(function*() {
      const created = yield* server("POST", "/users", {})
      yield* server("DELETE", `/users/${created.body.id}`)
      return yield* server("GET", `/users/${created.body.id}`)
    })
  }],
  ["primary e-mail taken by another user's auth", {
    source: "users:1932", status: 409, code: "USER_EMAIL_ALREADY_EXISTS",
    run: Effect.gen(function*() {
      yield* signUp("taken@example.com")
      const t = yield* user()
      return yield* call({ method: "PATCH", path: "/users/me", access: "server", accessToken: t.access_token, body: { primary_email: "taken@example.com", primary_email_auth_enabled: true } })
    })
  }],
  ["profile image URL set to the empty string", { source: "users:1964", status: 400, code: "SCHEMA_ERROR", run: Effect.flatMap(server("POST", "/users", {}), (u) => server("PATCH", `/users/${u.body.id}`, { profile_image_url: "" })) }],
  ["sign up with an e-mail in use", { source: "users:1997", status: 409, code: "USER_EMAIL_ALREADY_EXISTS", run: Effect.flatMap(signUp("dup-sign-up@example.com"), () => call({ method: "POST", path: "/auth/password/sign-up", body: { email: "dup-sign-up@example.com", password: "hello-world-1", verification_callback_url: "http://localhost:3000/handler/email-verification" } })) }],
  // teams.test.ts
  ["list every team from a client", { source: "teams:5", status: 403, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", "/teams")) }],
  ["list own teams from a client", { source: "teams:30", status: 200, check: keys("items", "is_paginated"), run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", "/teams?user_id=me")) }],
  ["create a team signed out", { source: "teams:89", status: 401, code: "USER_AUTHENTICATION_REQUIRED", run: client(undefined, "POST", "/teams", { display_name: "T" }) }],
  ["create a team for someone else from a client", {
    source: "teams:115", status: 403, code: null,
    run: Effect.gen(function*() {
      const other = yield* user()
      const t = yield* user()
      return yield* client(t.access_token, "POST", "/teams", { display_name: "T", creator_user_id: other.user_id })
    })
  }],
  ["create a team for a user that does not exist", { source: "teams:152", status: 404, code: "USER_NOT_FOUND", run: server("POST", "/teams", { display_name: "T", creator_user_id: randomId }) }],
  ["read a team one is not in, from a client", {
    source: "teams:212", status: 404, code: "TEAM_MEMBERSHIP_NOT_FOUND",
    run: Effect.gen(function*() {
      const teamId = yield* team()
      const t = yield* user()
      return yield* client(t.access_token, "GET", `/teams/${teamId}`)
    })
  }],
  ["read any team with server access", { source: "teams:239", status: 200, run: Effect.flatMap(team(), (id) => server("GET", `/teams/${id}`)) }],
  ["client read-only team metadata from a client", {
    source: "teams:429", status: 400, code: "SCHEMA_ERROR",
    run: Effect.gen(function*() {
      const t = yield* user()
      const teamId = yield* team(t.user_id)
      return yield* client(t.access_token, "PATCH", `/teams/${teamId}`, { client_read_only_metadata: { a: 1 } })
    })
  }],
  ["update a team without $update_team", {
    source: "teams:474", status: 401, code: "TEAM_PERMISSION_REQUIRED",
    run: Effect.gen(function*() {
      const { t, teamId } = yield* newMember()
      return yield* client(t.access_token, "PATCH", `/teams/${teamId}`, { display_name: "New" })
    })
  }],
  ["delete a team without $delete_team", {
    source: "teams:637", status: 401, code: "TEAM_PERMISSION_REQUIRED",
    run: Effect.gen(function*() {
      const { t, teamId } = yield* newMember()
      return yield* client(t.access_token, "DELETE", `/teams/${teamId}`)
    })
  }],
  // team-memberships.test.ts
  ["add a member from a client", {
    source: "team-memberships:6", status: 401, code: "INSUFFICIENT_ACCESS_TYPE",
    run: Effect.gen(function*() {
      const t = yield* user()
      const teamId = yield* team()
      return yield* client(t.access_token, "POST", `/team-memberships/${teamId}/${t.user_id}`, {})
    })
  }],
  ["add a member twice", {
    source: "team-memberships:315", status: 409, code: "TEAM_MEMBERSHIP_ALREADY_EXISTS",
    run: Effect.gen(function*() {
      const { t, teamId } = yield* newMember()
      return yield* member(teamId, t.user_id)
    })
  }],
  ["add a user that does not exist", { source: "team-memberships:339", status: 404, code: "USER_NOT_FOUND", run: Effect.flatMap(team(), (id) => member(id, "12345678-1234-4234-9234-123456789012")) }],
  ["leave a team", {
    source: "team-memberships:401", status: 200,
    run: Effect.gen(function*() {
      const t = yield* user()
      const teamId = yield* team(t.user_id)
      return yield* client(t.access_token, "DELETE", `/team-memberships/${teamId}/me`)
    })
  }],
  ["remove another member without $remove_members", {
    source: "team-memberships:420", status: 401, code: "TEAM_PERMISSION_REQUIRED",
    run: Effect.gen(function*() {
      const a = yield* user()
      const b = yield* user()
      const teamId = yield* team()
      yield* member(teamId, a.user_id)
      yield* member(teamId, b.user_id)
      return yield* client(b.access_token, "DELETE", `/team-memberships/${teamId}/${a.user_id}`)
    })
  }],
  // team-invitations.test.ts
  ["invite without $invite_members", {
    source: "team-invitations:26", status: 401, code: "TEAM_PERMISSION_REQUIRED",
    run: Effect.gen(function*() {
      const { t, teamId } = yield* newMember({ defaults: false })
      return yield* client(t.access_token, "POST", "/team-invitations/send-code", { team_id: teamId, email: "guest@example.com", callback_url: "http://localhost:3000/handler/team-invitation" })
    })
  }],
  ["invite with server access", {
    source: "team-invitations:106", status: 200, check: keys("success", "id"),
    run: Effect.flatMap(team(), (teamId) => server("POST", "/team-invitations/send-code", { team_id: teamId, email: "guest@example.com", callback_url: "http://localhost:3000/handler/team-invitation" }))
  }],
  ["list invitations without a team", { source: "team-invitations:180", status: 400, code: "SCHEMA_ERROR", run: server("GET", "/team-invitations") }],
  ["list invitations without $read_members", {
    source: "team-invitations:248", status: 401, code: "TEAM_PERMISSION_REQUIRED",
    run: Effect.gen(function*() {
      const { t, teamId } = yield* newMember({ defaults: false })
      yield* server("POST", `/team-permissions/${teamId}/${t.user_id}/$invite_members`, {})
      return yield* client(t.access_token, "GET", `/team-invitations?team_id=${teamId}`)
    })
  }],
  ["revoke an invitation without $remove_members", {
    source: "team-invitations:429", status: 401, code: "TEAM_PERMISSION_REQUIRED",
    run: Effect.gen(function*() {
      const { t, teamId } = yield* newMember()
      const sent = yield* server("POST", "/team-invitations/send-code", { team_id: teamId, email: "guest@example.com", callback_url: "http://localhost:3000/handler/team-invitation" })
      return yield* client(t.access_token, "DELETE", `/team-invitations/${sent.body.id}?team_id=${teamId}`)
    })
  }],
  // contact-channels.test.ts
  ["create a contact channel from a client", {
    source: "contact-channels:4", status: 201, check: keys("id", "user_id", "value", "type", "used_for_auth", "is_verified", "is_primary"),
    run: Effect.flatMap(user(), (t) => client(t.access_token, "POST", "/contact-channels", { user_id: "me", value: "second@example.com", type: "email", used_for_auth: false }))
  }],
  ["a duplicate contact channel", {
    source: "contact-channels:68", status: 400, code: null,
    run: Effect.gen(function*() {
      const t = yield* user()
      const body = { user_id: "me", value: "dup-channel@example.com", type: "email", used_for_auth: false }
      yield* client(t.access_token, "POST", "/contact-channels", body)
      return yield* client(t.access_token, "POST", "/contact-channels", body)
    })
  }],
  ["delete a contact channel that does not exist", { source: "contact-channels:211", status: 400, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "DELETE", `/contact-channels/me/${randomId}`)) }],
  ["list own contact channels", { source: "contact-channels:227", status: 200, check: keys("items", "is_paginated"), run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", "/contact-channels?user_id=me")) }],
  ["list another user's contact channels from a client", { source: "contact-channels:256", status: 403, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", `/contact-channels?user_id=${randomId}`)) }],
  // api-keys.test.ts
  ["check an unknown key", { source: "api-keys (check, not found)", status: 404, code: "API_KEY_NOT_FOUND", run: server("POST", "/user-api-keys/check", { api_key: "sk_nope" }) }],
  ["check a team key as a user key", {
    source: "api-keys (check, wrong type)", status: 400, code: "WRONG_API_KEY_TYPE",
    run: Effect.gen(function*() {
      const teamId = yield* team()
      const key = yield* server("POST", "/team-api-keys", { team_id: teamId, description: "k", expires_at_millis: null })
      return yield* server("POST", "/user-api-keys/check", { api_key: key.body.value })
    })
  }],
  ["check a revoked key", {
    source: "api-keys (check, revoked)", status: 401, code: "API_KEY_REVOKED",
    run: Effect.gen(function*() {
      const t = yield* user()
      const key = yield* userKey(t.user_id)
      yield* server("PATCH", `/user-api-keys/${key.id}?user_id=${t.user_id}`, { revoked: true })
      return yield* server("POST", "/user-api-keys/check", { api_key: key.value })
    })
  }],
  ["check an expired key", {
    source: "api-keys (check, expired)", status: 401, code: "API_KEY_EXPIRED",
    run: Effect.gen(function*() {
      const t = yield* user()
      const key = yield* userKey(t.user_id, (yield* Clock.currentTimeMillis) + 1000)
      yield* TestClock.adjust("2 seconds")
      return yield* server("POST", "/user-api-keys/check", { api_key: key.value })
    })
  }],
  ["list user keys without a user", { source: "api-keys (list, no user_id)", status: 400, code: "SCHEMA_ERROR", run: server("GET", "/user-api-keys") }],
  // team-permissions.test.ts, project-permissions.test.ts
  ["list a team's permissions of other users from a client", {
    source: "team-permissions:4", status: 403, code: null,
    run: Effect.gen(function*() {
      const t = yield* user()
      const teamId = yield* team(t.user_id)
      return yield* client(t.access_token, "GET", `/team-permissions?team_id=${teamId}`)
    })
  }],
  ["grant a team permission that does not exist", {
    source: "team-permissions:21", status: 404, code: "PERMISSION_NOT_FOUND",
    run: Effect.gen(function*() {
      const t = yield* user()
      const teamId = yield* team(t.user_id)
      return yield* server("POST", `/team-permissions/${teamId}/${t.user_id}/does_not_exist`, {})
    })
  }],
  ["grant a project permission in a team", {
    source: "team-permissions:46", status: 404, code: "WRONG_PERMISSION_SCOPE",
    run: Effect.gen(function*() {
      yield* call({ method: "POST", path: "/project-permission-definitions", access: "admin", body: { id: "audit_p1" } })
      const t = yield* user()
      const teamId = yield* team(t.user_id)
      return yield* server("POST", `/team-permissions/${teamId}/${t.user_id}/audit_p1`, {})
    })
  }],
  ["a team permission id that exists", {
    source: "team-permissions:355", status: 400, code: "PERMISSION_ID_ALREADY_EXISTS",
    run: Effect.flatMap(call({ method: "POST", path: "/team-permission-definitions", access: "admin", body: { id: "audit_dup" } }), () =>
      call({ method: "POST", path: "/team-permission-definitions", access: "admin", body: { id: "audit_dup" } }))
  }],
  ["a project permission id taken by a team permission", {
    source: "project-permissions:358", status: 400, code: "PERMISSION_ID_ALREADY_EXISTS",
    run: Effect.flatMap(call({ method: "POST", path: "/team-permission-definitions", access: "admin", body: { id: "audit_dup2" } }), () =>
      call({ method: "POST", path: "/project-permission-definitions", access: "admin", body: { id: "audit_dup2" } }))
  }],
  ["list project permissions of everyone from a client", { source: "project-permissions:4", status: 403, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", "/project-permissions")) }],
  ["grant a project permission that does not exist", { source: "project-permissions:20", status: 404, code: "PERMISSION_NOT_FOUND", run: Effect.flatMap(user(), (t) => server("POST", `/project-permissions/${t.user_id}/does_not_exist`, {})) }],
  ["grant a team permission as a project permission", {
    source: "project-permissions:44", status: 404, code: "WRONG_PERMISSION_SCOPE",
    run: Effect.gen(function*() {
      yield* call({ method: "POST", path: "/team-permission-definitions", access: "admin", body: { id: "audit_t1" } })
      const t = yield* user()
      return yield* server("POST", `/project-permissions/${t.user_id}/audit_t1`, {})
    })
  }],
  // oauth-providers.test.ts
  ["read an OAuth provider that does not exist", { source: "oauth-providers:286", status: 404, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", "/oauth-providers/me/e889e6de-8da5-47fd-87fd-a8db34b14ec4")) }],
  ["update an OAuth provider that does not exist", { source: "oauth-providers:304", status: 404, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "PATCH", "/oauth-providers/me/e889e6de-8da5-47fd-87fd-a8db34b14ec4", { allow_sign_in: false })) }],
  ["delete an OAuth provider that does not exist", { source: "oauth-providers:325", status: 404, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "DELETE", "/oauth-providers/me/e889e6de-8da5-47fd-87fd-a8db34b14ec4")) }],
  ["list own OAuth providers", { source: "oauth-providers (list, me)", status: 200, check: keys("items", "is_paginated"), run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", "/oauth-providers?user_id=me")) }],
  // auth/sessions/index.test.ts, current/index.test.ts, current/refresh.test.ts
  ["create a session from a client", { source: "auth/sessions:6", status: 401, code: "INSUFFICIENT_ACCESS_TYPE", run: Effect.flatMap(user(), (t) => client(undefined, "POST", "/auth/sessions", { user_id: t.user_id })) }],
  ["create a session with server access", { source: "auth/sessions:38", status: 200, check: keys("access_token", "refresh_token"), run: Effect.flatMap(user(), (t) => server("POST", "/auth/sessions", { user_id: t.user_id })) }],
  ["a session longer than a year", {
    source: "auth/sessions:135", status: 400, code: "SCHEMA_ERROR",
    check: (a) => assert.include(a.body.error, "  - body.expires_in_millis must be less than or equal to 31708800000"),
    run: Effect.flatMap(user(), (t) => server("POST", "/auth/sessions", { user_id: t.user_id, expires_in_millis: 31708800001 }))
  }],
  ["another user's sessions from a client", { source: "auth/sessions:265", status: 403, code: null, run: Effect.flatMap(user(), (t) => client(t.access_token, "GET", `/auth/sessions?user_id=${randomId}`)) }],
  ["list sessions without a user", { source: "auth/sessions:292", status: 400, code: "SCHEMA_ERROR", run: server("GET", "/auth/sessions") }],
  ["refresh after signing out", {
    source: "auth/sessions/current:index", status: 401, code: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
    run: Effect.gen(function*() {
      const t = yield* user()
      yield* call({ method: "DELETE", path: "/auth/sessions/current", accessToken: t.access_token, headers: { "x-stack-refresh-token": t.refresh_token } })
      return yield* call({ method: "POST", path: "/auth/sessions/current/refresh", headers: { "x-stack-refresh-token": t.refresh_token } })
    })
  }],
  // auth/password/*.test.ts
  ["sign in with a wrong password", { source: "auth/password/sign-in", status: 400, code: "EMAIL_PASSWORD_MISMATCH", run: Effect.flatMap(signUp("pw-wrong@example.com"), () => client(undefined, "POST", "/auth/password/sign-in", { email: "pw-wrong@example.com", password: "not-the-password" })) }],
  ["sign in with an unknown e-mail", { source: "auth/password/sign-in", status: 400, code: "EMAIL_PASSWORD_MISMATCH", run: client(undefined, "POST", "/auth/password/sign-in", { email: "nobody@example.com", password: "whatever-1" }) }],
  ["sign up with an untrusted callback", { source: "auth/password/sign-up", status: 400, code: "REDIRECT_URL_NOT_WHITELISTED", run: client(undefined, "POST", "/auth/password/sign-up", { email: freshEmail(), password: "hello-world-1", verification_callback_url: "https://evil.example.org/verify" }) }],
  ["sign up with a short password", { source: "auth/password/sign-up", status: 400, code: "PASSWORD_TOO_SHORT", check: (a) => assert.deepStrictEqual(a.body.details, { min_length: 8 }), run: client(undefined, "POST", "/auth/password/sign-up", { email: freshEmail(), password: "short", verification_callback_url: "http://localhost:3000/handler/email-verification" }) }],
  ["update a password with a wrong old password", { source: "auth/password/update", status: 400, code: "PASSWORD_CONFIRMATION_MISMATCH", run: Effect.flatMap(user(), (t) => client(t.access_token, "POST", "/auth/password/update", { old_password: "not-it-at-all", new_password: "hello-world-2" })) }],
  ["update a password of a user without one", {
    source: "auth/password/update", status: 400, code: "USER_DOES_NOT_HAVE_PASSWORD",
    run: Effect.gen(function*() {
      const created = yield* server("POST", "/users", {})
      const session = yield* server("POST", "/auth/sessions", { user_id: created.body.id })
      return yield* client(session.body.access_token, "POST", "/auth/password/update", { old_password: "whatever-1", new_password: "hello-world-2" })
    })
  }],
  // auth/otp/*.test.ts
  ["sign in with a wrong one-time code", {
    source: "auth/otp/sign-in:224", status: 404, code: "VERIFICATION_CODE_NOT_FOUND",
    run: Effect.flatMap(otpCode(freshEmail()), ({ nonce }) => client(undefined, "POST", "/auth/otp/sign-in", { code: `ABC123${nonce}` }))
  }],
  ["a one-time code after too many attempts", {
    source: "auth/otp/sign-in:260", status: 400, code: "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
    run: Effect.gen(function*() {
      const { code, nonce } = yield* otpCode(freshEmail())
      for (let i = 0; i < 25; i++) yield* client(undefined, "POST", "/auth/otp/sign-in", { code: `ABC123${nonce}` })
      return yield* client(undefined, "POST", "/auth/otp/sign-in", { code })
    })
  }],
  ["sign in with the right one-time code", {
    source: "auth/otp/sign-in", status: 200, check: keys("access_token", "refresh_token", "user_id", "is_new_user"),
    run: Effect.flatMap(otpCode(freshEmail()), ({ code }) => client(undefined, "POST", "/auth/otp/sign-in", { code }))
  }]
]

describe("the service's documented answers (e2e snapshots at 2.8.27)", () => {
  it.effect(`${documented.length} answers: status, known-error code and body shape match`, () =>
    withEmulator(Effect.gen(function*() {
      assert.isAtLeast(documented.length, 60)
      const mismatches: Array<string> = []
      for (const [name, expected] of documented) {
        const answer = yield* expected.run
        const code = answer.headers.get("x-stack-known-error")
        const problems = [
          answer.status === expected.status ? undefined : `status ${answer.status}, the service ${expected.status}`,
          expected.code === undefined || code === expected.code ? undefined : `code ${code}, the service ${expected.code}`
        ].filter((p) => p !== undefined)
        if (problems.length === 0 && expected.check !== undefined) {
          try {
            expected.check(answer)
          } catch (error) {
            problems.push(String(error))
          }
        }
        if (problems.length > 0) mismatches.push(`${name} (${expected.source}): ${problems.join("; ")} — ${answer.text.slice(0, 160)}`)
      }
      assert.deepStrictEqual(mismatches, [], `${mismatches.length} of ${documented.length} answers differ`)
    })))
})
