/**
 * The session's recovery from an expired access token (SPEC §4, §8) sends what `@stackframe/js`
 * sends: sign-in, the call, the service's ACCESS_TOKEN_EXPIRED, one refresh at the token endpoint,
 * and the call again with the NEW access token. A recording loopback server answers like the
 * service (the known error in the override envelope), keyed on the access token each call carries.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import {
  AccessTokenExpired,
  CannotGetOwnUserWithoutUser,
  RefreshTokenNotFoundOrExpired,
  toWire
} from "../../packages/sdk/src/protocol/KnownErrors.ts"
import { formView, protocolView, type RecordedRequest, recordingServer } from "../support/RecordingServer.ts"

const keys = { projectId: "proj-1", publishableClientKey: "pck_abc" }

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
/** An unsigned JWT both SDKs can read, valid until 2100 by either clock (so neither refreshes early). */
const jwt = (iat: number) =>
  `${base64Url({ alg: "ES256", typ: "JWT" })}.${base64Url({ sub: "u1", aud: keys.projectId, iat, exp: 4_102_444_800 })}.c2ln`
const firstAccessToken = jwt(1)
const refreshedAccessToken = jwt(2)
const refreshToken = "refresh-token-1"

const user = {
  id: "u1", primary_email: "a@example.com", primary_email_verified: true, display_name: "Ada",
  client_metadata: null, client_read_only_metadata: null, profile_image_url: null, signed_up_at_millis: 0,
  has_password: true, auth_with_email: true, oauth_providers: [], selected_team_id: null, selected_team: null,
  requires_totp_mfa: false, otp_auth_enabled: false, passkey_auth_enabled: false, is_anonymous: false
}

type Answer = { status?: number; headers?: Record<string, string>; body: unknown }

/** A known error as the service sends it to a caller that asked for the override envelope. */
const enveloped = (error: Parameters<typeof toWire>[0]): Answer => {
  const wire = toWire(error)
  return { headers: { "x-stack-actual-status": String(wire.status), "x-stack-known-error": wire.code }, body: wire.body }
}

/** A known error with its real status (the token endpoint: oauth4webapi asks for no envelope). */
const plain = (error: Parameters<typeof toWire>[0]): Answer => {
  const wire = toWire(error)
  return { status: wire.status, headers: { "x-stack-known-error": wire.code }, body: wire.body }
}

/**
 * Answers like the service: the first access token is expired; the refreshed one is good; the
 * token endpoint refreshes, or refuses the refresh token when `refreshRefused`.
 */
const service = (options: { readonly refreshRefused: boolean }) => (request: RecordedRequest): Answer => {
  switch (request.path) {
    case "/api/v1/auth/password/sign-in":
      return { body: { access_token: firstAccessToken, refresh_token: refreshToken, user_id: "u1" } }
    case "/api/v1/auth/oauth/token":
      return options.refreshRefused
        ? plain(new RefreshTokenNotFoundOrExpired({}))
        : { body: { access_token: refreshedAccessToken, refresh_token: refreshToken, token_type: "Bearer", expires_in: 600 } }
    case "/api/v1/users/me": {
      const token = request.headers["x-stack-access-token"]
      if (token === undefined) return enveloped(new CannotGetOwnUserWithoutUser({}))
      return token === refreshedAccessToken ? { body: user } : enveloped(new AccessTokenExpired({ details: { expiredAtMillis: 1_000 } }))
    }
    default:
      return { status: 404, body: { error: `unexpected ${request.method} ${request.path}` } }
  }
}

/** A request in its protocol-relevant view; the token endpoint's form body is compared field by field. */
const view = (request: RecordedRequest) =>
  request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ? formView(request) : protocolView(request)

const credentials = { email: "a@example.com", password: "pw-123456" }

/**
 * The official SDK, then ours, each in a fresh signed-out app: sign in with a password, then get the
 * current user. Returns each side's outcome and requests.
 */
const bothSdks = (answer: (request: RecordedRequest) => Answer) =>
  Effect.gen(function*() {
    const server = yield* recordingServer(answer)
    const official = yield* Effect.promise(() => import("@stackframe/js"))
    const theirUser = yield* Effect.promise(async () => {
      const app = new official.StackClientApp({ ...keys, baseUrl: server.url, tokenStore: "memory", redirectMethod: "none", noAutomaticPrefetch: true })
      await app.signInWithCredential({ ...credentials, noRedirect: true })
      return app.getUser()
    })
    const theirs = server.requests.splice(0).map(view)

    const myUser = yield* Effect.gen(function*() {
      yield* Auth.signInWithPassword(credentials)
      return yield* Effect.result(Users.getCurrent())
    }).pipe(Effect.provide(StackClientApp.layer({ ...keys, baseUrl: server.url })))
    const ours = server.requests.splice(0).map(view)
    return { theirUser, theirs, myUser, ours }
  })

const steps = (requests: ReadonlyArray<{ readonly method: string; readonly path: string }>) =>
  requests.map((r) => `${r.method} ${r.path}`)

describe("the session's requests equal @stackframe/js's", () => {
  it.effect("sign-in, a call answered ACCESS_TOKEN_EXPIRED, one refresh, and the call again with the new token", () =>
    Effect.gen(function*() {
      const { theirUser, theirs, myUser, ours } = yield* bothSdks(service({ refreshRefused: false }))

      // Both completed, with the user the refreshed token fetched.
      assert.strictEqual(theirUser?.displayName, "Ada")
      assert.strictEqual(Result.getOrThrow(myUser).displayName, "Ada")
      assert.deepStrictEqual(steps(theirs), [
        "POST /api/v1/auth/password/sign-in",
        "GET /api/v1/users/me",
        "POST /api/v1/auth/oauth/token",
        "GET /api/v1/users/me"
      ])
      // The retried call carries the new access token (and the same refresh token).
      assert.strictEqual(theirs[1]!.headers["x-stack-access-token"], firstAccessToken)
      assert.strictEqual(theirs[3]!.headers["x-stack-access-token"], refreshedAccessToken)
      assert.strictEqual(theirs[3]!.headers["x-stack-refresh-token"], refreshToken)
      assert.deepInclude(theirs[2]!.body, { grant_type: "refresh_token", refresh_token: refreshToken })
      assert.deepStrictEqual(ours, theirs)
    }), 30_000)

  it.effect("a refused refresh ends the session: the call goes out once more, without tokens", () =>
    Effect.gen(function*() {
      const { theirUser, theirs, myUser, ours } = yield* bothSdks(service({ refreshRefused: true }))

      assert.isNull(theirUser)
      assert.isTrue(Result.isFailure(myUser))
      assert.strictEqual(Result.isFailure(myUser) ? myUser.failure._tag : undefined, "CannotGetOwnUserWithoutUser")
      assert.deepStrictEqual(steps(theirs), [
        "POST /api/v1/auth/password/sign-in",
        "GET /api/v1/users/me",
        "POST /api/v1/auth/oauth/token",
        "GET /api/v1/users/me"
      ])
      assert.notProperty(theirs[3]!.headers, "x-stack-access-token")
      assert.notProperty(theirs[3]!.headers, "x-stack-refresh-token")
      assert.deepStrictEqual(ours, theirs)
    }), 30_000)
})
