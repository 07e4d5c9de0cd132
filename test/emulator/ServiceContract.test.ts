/**
 * The emulator against the service's documented answers at 2.8.27 (its backend's validation
 * schemas and the end-to-end expectations under apps/e2e/tests/backend/endpoints/api/v1):
 * every route family reports a malformed request in the one SCHEMA_ERROR format, with the field
 * named as the service names it.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../src/emulator/Emulator.ts"
import { assertKnownError, assertSchemaError, call, signUp } from "./support.ts"

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
        yield* call({ method: "POST", path: "/team-memberships/x/me", access: "server", body: {} }),
        "POST /api/v1/team-memberships/x/me",
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
        [
          "query.client_secret must be defined",
          "query.scope must be defined",
          "query.state must be defined",
          "query.grant_type must be defined",
          "query.code_challenge must be defined",
          "query.code_challenge_method must be defined",
          "query.response_type must be defined",
          "query.redirect_uri contains spaces",
          "query.redirect_uri is not a valid URL"
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
        yield* call({ method: "POST", path: "/auth/password/sign-up", body: { email: "ada@gmai", password: "correct horse battery" } }),
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
        ["body contains unknown properties: email, account_id"]
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
