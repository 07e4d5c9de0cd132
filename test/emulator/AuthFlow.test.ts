import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as oauth from "oauth4webapi"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import { assertKnownError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const refresh = (refreshToken: string) =>
  call({
    method: "POST",
    path: "/auth/oauth/token",
    access: "none",
    form: {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: demoProject.projectId,
      client_secret: demoProject.publishableClientKey
    }
  })

describe("sign-up, sign-in, refresh, expiry and sign-out", () => {
  it.effect("walks the whole session life cycle on TestClock", () =>
    withEmulator(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const signedUp = yield* signUp("ada@example.com", "analytical engine", {
        body: { email: "ada@example.com", password: "analytical engine", verification_callback_url: "http://localhost:3000/handler/email-verification" }
      })
      assert.deepStrictEqual(Object.keys(signedUp).sort(), ["access_token", "refresh_token", "user_id"])

      const mails = yield* emulator.mailbox.list("ada@example.com")
      assert.strictEqual(mails.length, 1)
      assert.isString(Mail.codeOf(mails[0]!))
      assert.include(mails[0]!.html, "http://localhost:3000/handler/email-verification?code=")

      const signIn = yield* call({ method: "POST", path: "/auth/password/sign-in", body: { email: "ada@example.com", password: "analytical engine" } })
      assert.strictEqual(signIn.status, 200, signIn.text)
      assert.strictEqual(signIn.body.user_id, signedUp.user_id)
      assert.notStrictEqual(signIn.body.refresh_token, signedUp.refresh_token)

      const me = yield* call({ path: "/users/me", accessToken: signIn.body.access_token })
      assert.strictEqual(me.status, 200)
      assert.strictEqual(me.body.id, signedUp.user_id)
      assert.strictEqual(me.body.primary_email, "ada@example.com")
      assert.strictEqual(me.body.primary_email_verified, false)
      assert.strictEqual(me.body.has_password, true)
      assert.notProperty(me.body, "server_metadata")

      const updated = yield* call({ method: "PATCH", path: "/users/me", accessToken: signIn.body.access_token, body: { display_name: "Ada", client_metadata: { theme: "dark" } } })
      assert.strictEqual(updated.status, 200, updated.text)
      assert.strictEqual(updated.body.display_name, "Ada")
      assert.deepStrictEqual(updated.body.client_metadata, { theme: "dark" })

      const refreshed = yield* refresh(signIn.body.refresh_token)
      assert.strictEqual(refreshed.status, 200, refreshed.text)
      assert.strictEqual(refreshed.body.token_type, "Bearer")
      // as the service (measured): its OAuth library's hour, whatever the token's life (the `exp`
      // claim tells that), `scope: "legacy"`, and no refresh token (the session's stays valid)
      assert.strictEqual(refreshed.body.expires_in, 3600)
      assert.strictEqual(refreshed.body.scope, "legacy")
      assert.notProperty(refreshed.body, "refresh_token")

      const refreshedAt = Math.floor((yield* Clock.currentTimeMillis) / 1000) * 1000
      yield* TestClock.adjust("10 minutes")
      const expired = yield* call({ path: "/users/me", accessToken: refreshed.body.access_token })
      assertKnownError(expired, "ACCESS_TOKEN_EXPIRED", 401)
      assert.strictEqual(expired.body.details.expired_at_millis, refreshedAt + 600_000)

      const again = yield* refresh(signIn.body.refresh_token)
      const meAgain = yield* call({ path: "/users/me", accessToken: again.body.access_token })
      assert.strictEqual(meAgain.body.display_name, "Ada")

      const signOut = yield* call({ method: "DELETE", path: "/auth/sessions/current", accessToken: again.body.access_token, body: {} })
      assert.strictEqual(signOut.status, 200, signOut.text)
      assertKnownError(yield* refresh(signIn.body.refresh_token), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401)
      assertKnownError(
        yield* call({ method: "DELETE", path: "/auth/sessions/current", accessToken: again.body.access_token, body: {} }),
        "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
        401
      )
      // The sign-up session is another session: still valid.
      assert.strictEqual((yield* refresh(signedUp.refresh_token)).status, 200)
    })))

  it.effect("the token endpoint answers an OAuth 2 client (oauth4webapi, client_secret_post)", () =>
    withEmulator(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const context = yield* Effect.context<never>()
      const tokens = yield* signUp("grace@example.com")
      const as: oauth.AuthorizationServer = { issuer: emulator.baseUrl, token_endpoint: `${emulator.baseUrl}/api/v1/auth/oauth/token` }
      const client: oauth.Client = { client_id: demoProject.projectId }
      const options = {
        [oauth.allowInsecureRequests]: true,
        [oauth.customFetch]: (input: string | URL | Request, init?: RequestInit) =>
          Effect.runPromiseWith(context)(Effect.orDie(emulator.handle(new Request(input, init))))
      }
      const result = yield* Effect.promise(async () => {
        const response = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost(demoProject.publishableClientKey), tokens.refresh_token, options)
        return oauth.processRefreshTokenResponse(as, client, response)
      })
      assert.isString(result.access_token)
      assert.strictEqual(result.token_type, "bearer")
      const me = yield* call({ path: "/users/me", accessToken: result.access_token })
      assert.strictEqual(me.body.id, tokens.user_id)

      const failure = yield* Effect.promise(async () => {
        const response = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost(demoProject.publishableClientKey), "no-such-token", options)
        return oauth.processRefreshTokenResponse(as, client, response).then(() => undefined, (error: unknown) => error)
      })
      assert.instanceOf(failure, oauth.ResponseBodyError)
      assert.strictEqual((failure as oauth.ResponseBodyError).status, 401)
    })))

  it.effect("the token endpoint refuses a wrong client secret and unknown grants", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("alan@example.com")
      const wrongSecret = yield* call({
        method: "POST",
        path: "/auth/oauth/token",
        access: "none",
        form: { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: demoProject.projectId, client_secret: "nope" }
      })
      assertKnownError(wrongSecret, "INVALID_OAUTH_CLIENT_ID_OR_SECRET", 400)
      const unknownGrant = yield* call({
        method: "POST",
        path: "/auth/oauth/token",
        access: "none",
        form: { grant_type: "password", client_id: demoProject.projectId, client_secret: demoProject.publishableClientKey }
      })
      // as the service (measured): the grant type is checked by its request schema, before the client
      assertKnownError(unknownGrant, "SCHEMA_ERROR", 400)
      assert.include(unknownGrant.body.details.message, "body.grant_type must be one of the following values: authorization_code, refresh_token")
      assert.deepStrictEqual(wrongSecret.body.details, { client_id: null })
    })))

  it.effect("anonymous sign-up gives an anonymous user; a password sign-up with its token makes a new user and leaves it, as the service does", () =>
    withEmulator(Effect.gen(function*() {
      const anonymous = yield* call({ method: "POST", path: "/auth/anonymous/sign-up" })
      assert.strictEqual(anonymous.status, 200, anonymous.text)
      const me = yield* call({ path: "/users/me", accessToken: anonymous.body.access_token })
      assert.strictEqual(me.body.is_anonymous, true)
      assert.strictEqual(me.body.primary_email, null)
      const signedUp = yield* signUp("anon@example.com", "password123", { accessToken: anonymous.body.access_token })
      assert.notStrictEqual(signedUp.user_id, anonymous.body.user_id)
      const after = yield* call({ path: "/users/me", accessToken: signedUp.access_token })
      assert.strictEqual(after.body.is_anonymous, false)
      assert.strictEqual(after.body.primary_email, "anon@example.com")
      const left = yield* call({ path: `/users/${anonymous.body.user_id}`, access: "server" })
      assert.strictEqual(left.body.is_anonymous, true)
      assert.strictEqual(left.body.primary_email, null)
    })))

  it.effect("the JWKS verifies the access tokens", () =>
    withEmulator(Effect.gen(function*() {
      const { access_token } = yield* signUp("keys@example.com")
      const jwks = yield* call({ path: `/projects/${demoProject.projectId}/.well-known/jwks.json`, access: "none" })
      assert.strictEqual(jwks.status, 200)
      const { createLocalJWKSet, jwtVerify } = yield* Effect.promise(() => import("jose"))
      const { payload, protectedHeader } = yield* Effect.promise(() =>
        jwtVerify(access_token, createLocalJWKSet(jwks.body), { currentDate: new Date(0) }))
      assert.strictEqual(protectedHeader.alg, "ES256")
      assert.strictEqual(payload.aud, demoProject.projectId)
      assert.strictEqual(payload.iss, `http://localhost:8102/api/v1/projects/${demoProject.projectId}`)
      assert.strictEqual(payload.role, "authenticated")
      assert.strictEqual(payload.branchId, "main")
      assert.isString(payload.refreshTokenId)
      assert.strictEqual((payload.exp ?? 0) - (payload.iat ?? 0), 600)
      // the service answers the JWKS of an unknown project with a plain 404
      const unknown = yield* call({ path: "/projects/6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b/.well-known/jwks.json", access: "none" })
      assert.strictEqual(unknown.status, 404)
      assert.isNull(unknown.headers.get("x-stack-known-error"))
    })))
})
