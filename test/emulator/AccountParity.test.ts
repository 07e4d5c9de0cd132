/**
 * What a signed-in account owns answers as the real 2.8.27 service does (measured with the
 * differential harness, scripts/differential/sequences/AccountMore.ts): the TOTP second factor's
 * switch apart from its secret, sessions that outlive their user, sign-out by the access token only,
 * ids in upper case.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import { assertKnownError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const secret = Buffer.from("account-parity-secret").toString("base64")
const password = "correct horse battery"
const signIn = (email: string) => call({ method: "POST", path: "/auth/password/sign-in", body: { email, password } })

describe("the TOTP second factor", () => {
  it.effect("a server creation stores the secret but leaves the second factor off; an update of the secret turns it on, clearing turns it off", () =>
    withEmulator(Effect.gen(function*() {
      const email = "created-with-totp@example.com"
      const created = yield* call({
        method: "POST",
        path: "/users",
        access: "server",
        body: { primary_email: email, primary_email_auth_enabled: true, password, totp_secret_base64: secret }
      })
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(created.body.requires_totp_mfa, false)
      assert.strictEqual((yield* signIn(email)).status, 200)

      const updated = yield* call({ method: "PATCH", path: `/users/${created.body.id}`, access: "server", body: { totp_secret_base64: secret } })
      assert.strictEqual(updated.body.requires_totp_mfa, true)
      assertKnownError(yield* signIn(email), "MULTI_FACTOR_AUTHENTICATION_REQUIRED", 400)

      const other = yield* call({ method: "PATCH", path: `/users/${created.body.id}`, access: "server", body: { display_name: "Still MFA" } })
      assert.strictEqual(other.body.requires_totp_mfa, true)

      const cleared = yield* call({ method: "PATCH", path: `/users/${created.body.id}`, access: "server", body: { totp_secret_base64: null } })
      assert.strictEqual(cleared.body.requires_totp_mfa, false)
      assert.strictEqual((yield* signIn(email)).status, 200)
    })))
})

describe("sessions of a deleted user", () => {
  it.effect("still refresh (both refresh routes); the access tokens they give name no user but their session", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("deleted-session@example.com")
      const removed = yield* call({ method: "DELETE", path: `/users/${tokens.user_id}`, access: "server" })
      assert.strictEqual(removed.status, 200, removed.text)
      const refreshed = yield* call({ method: "POST", path: "/auth/sessions/current/refresh", headers: { "x-stack-refresh-token": tokens.refresh_token } })
      assert.strictEqual(refreshed.status, 200, refreshed.text)
      assertKnownError(yield* call({ path: "/users/me", accessToken: refreshed.body.access_token }), "CANNOT_GET_OWN_USER_WITHOUT_USER", 400)
      const granted = yield* call({
        method: "POST",
        path: "/auth/oauth/token",
        access: "none",
        form: { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: demoProject.projectId, client_secret: demoProject.publishableClientKey }
      })
      assert.strictEqual(granted.status, 200, granted.text)
      // such a token still names its session: sign-out ends it
      const signedOut = yield* call({ method: "DELETE", path: "/auth/sessions/current", accessToken: refreshed.body.access_token })
      assert.strictEqual(signedOut.status, 200, signedOut.text)
      const after = yield* call({ method: "POST", path: "/auth/sessions/current/refresh", headers: { "x-stack-refresh-token": tokens.refresh_token } })
      assertKnownError(after, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401)
    })))
})

describe("sign-out", () => {
  it.effect("names its session by the access token only: a refresh token header alone is answered as an expired access token, and its session lives on", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("refresh-only-sign-out@example.com")
      const headers = { "x-stack-refresh-token": tokens.refresh_token }
      assertKnownError(yield* call({ method: "DELETE", path: "/auth/sessions/current", headers }), "ACCESS_TOKEN_EXPIRED", 401)
      const refreshed = yield* call({ method: "POST", path: "/auth/sessions/current/refresh", headers })
      assert.strictEqual(refreshed.status, 200, refreshed.text)
      const signedOut = yield* call({ method: "DELETE", path: "/auth/sessions/current", accessToken: refreshed.body.access_token, headers })
      assert.strictEqual(signedOut.status, 200, signedOut.text)
      assertKnownError(yield* call({ method: "POST", path: "/auth/sessions/current/refresh", headers }), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401)
    })))
})

describe("ids in upper case", () => {
  it.effect("name the same user in a path, a query and a body; answers carry the lower-case id", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("upper-case-id@example.com")
      const upper = tokens.user_id.toUpperCase()
      const read = yield* call({ path: `/users/${upper}`, access: "server" })
      assert.strictEqual(read.status, 200, read.text)
      assert.strictEqual(read.body.id, tokens.user_id)
      const channels = yield* call({ path: `/contact-channels?user_id=${upper}`, access: "server" })
      assert.strictEqual(channels.body.items.length, 1, channels.text)
      assert.strictEqual(channels.body.items[0].user_id, tokens.user_id)
      const session = yield* call({ method: "POST", path: "/auth/sessions", access: "server", body: { user_id: upper } })
      assert.strictEqual(session.status, 200, session.text)
      const sessions = yield* call({ path: `/auth/sessions?user_id=${upper}`, access: "server" })
      assert.strictEqual(sessions.body.items.length, 2, sessions.text)
    })))

  it.effect("a project id is compared as written: the JWKS of an upper-case project id is the plain 404 of an unknown project", () =>
    withEmulator(Effect.gen(function*() {
      const path = (id: string) => `/projects/${id}/.well-known/jwks.json`
      assert.strictEqual((yield* call({ path: path(demoProject.projectId), access: "none" })).status, 200)
      const upper = yield* call({ path: path(demoProject.projectId.toUpperCase()), access: "none" })
      assert.strictEqual(upper.status, 404, upper.text)
      assert.isNull(upper.headers.get("x-stack-known-error"))
    })))
})
