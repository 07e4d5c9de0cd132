/**
 * The emulator against the service's own answers at 2.8.27 (its backend source and end-to-end
 * expectations): statuses, codes, details and body shapes of validation, project defaults, the
 * API root, session refresh, JWKS, passkey options and access rules.
 */
import { assert, describe, it } from "@effect/vitest"
import bcrypt from "bcryptjs"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { demoProject, internalProject } from "../../packages/emulator/src/Seeds.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { type Answer, assertKnownError, assertSchemaError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

/** Asserts a plain (not known-error) 400 with this text. */
const assertPlain = (answer: Answer, status: number, text: string) => {
  assert.strictEqual(answer.status, status, answer.text)
  assert.isNull(answer.headers.get(Headers.knownError))
  assert.strictEqual(answer.text, text)
}

const createUser = (body: object) => call({ method: "POST", path: "/users", access: "server", body })

describe("validation of user bodies", () => {
  it.effect("a SCHEMA_ERROR names the request and each field as the service does", () =>
    withEmulator(Effect.gen(function*() {
      assertSchemaError(yield* createUser({ primary_email: "not an e-mail" }), "POST /api/v1/users", ["body.primary_email must be a valid email"])
      const tokens = yield* signUp("schema@example.com")
      assertSchemaError(
        yield* call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { bogus: 1, other: 2 } }),
        "PATCH /api/v1/users/me",
        ["body contains unknown properties: bogus, other"]
      )
      assertSchemaError(
        yield* call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { display_name: { a: 1 } } }),
        "PATCH /api/v1/users/me",
        ["body.display_name must be a `string` type, but the final value was: `{\"a\":1}`."]
      )
    })))

  it.effect("e-mail syntax is as loose as the service's: invalid_email@gmai is a user's primary e-mail", () =>
    withEmulator(Effect.gen(function*() {
      const created = yield* createUser({ primary_email: "invalid_email@gmai" })
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(created.body.primary_email, "invalid_email@gmai")
      assert.isFalse(created.body.primary_email_auth_enabled)
    })))

  it.effect("profile_image_url must be a URL; a client may only upload a base64 image", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("image@example.com")
      assertSchemaError(
        yield* call({ method: "PATCH", path: "/users/me", access: "server", accessToken: tokens.access_token, body: { profile_image_url: "" } }),
        "PATCH /api/v1/users/me",
        ["body.profile_image_url is not a valid URL"]
      )
      assertSchemaError(yield* createUser({ profile_image_url: "http://x y" }), "POST /api/v1/users", ["body.profile_image_url contains spaces", "body.profile_image_url is not a valid URL"])
      const client = (profile_image_url: string) =>
        call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { profile_image_url } })
      assertPlain(yield* client("http://localhost:8101/open-graph-image.png"), 400, "Invalid profile image URL")
      assertPlain(yield* client("data:image/not-valid;base64,test"), 400, "Invalid profile image URL")
      const image = "data:image/gif;base64,R0lGODlhAQABAAAAACw="
      const uploaded = yield* client(image)
      assert.strictEqual(uploaded.status, 200, uploaded.text)
      assert.strictEqual(uploaded.body.profile_image_url, image)
      const server = yield* call({ method: "PATCH", path: `/users/${tokens.user_id}`, access: "server", body: { profile_image_url: "https://example.com/a.png" } })
      assert.strictEqual(server.body.profile_image_url, "https://example.com/a.png")
    })))

  it.effect("a team's profile_image_url must be a URL; a client may only upload a base64 image", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("team-image@example.com")
      const create = (profile_image_url: string, access: "client" | "server") =>
        call({ method: "POST", path: "/teams", access, accessToken: tokens.access_token, body: { display_name: "T", profile_image_url } })
      assertSchemaError(yield* create("", "server"), "POST /api/v1/teams", ["body.profile_image_url is not a valid URL"])
      assertPlain(yield* create("https://example.com/a.png", "client"), 400, "Invalid profile image URL")
      assert.strictEqual((yield* create("data:image/png;base64,iVBORw0KGgo=", "client")).status, 201)
      assert.strictEqual((yield* create("https://example.com/a.png", "server")).status, 201)
    })))

  it.effect("totp_secret_base64 must be base64 with its padding", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("totp@example.com")
      const patch = (totp_secret_base64: string) =>
        call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { totp_secret_base64 } })
      assertSchemaError(yield* patch("not-valid-base64"), "PATCH /api/v1/users/me", ["body.totp_secret_base64 is not valid base64"])
      assert.strictEqual((yield* patch("ZXhhbXBsZSB2YWx1ZQ==")).status, 200)
    })))

  it.effect("password with password_hash, and a hash that is not bcrypt of at most 16 rounds, are refused", () =>
    withEmulator(Effect.gen(function*() {
      const hash = "$2a$13$TVyY/gpw9Db/w1fBeJkCgeNg2Rae2JfNqrPnSAKtj.ufAO5cVF13."
      assertPlain(
        yield* createUser({ primary_email: "both@example.com", password: "hello-world", password_hash: hash }),
        400,
        "Cannot set both password and password_hash at the same time."
      )
      const invalid = "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format."
      assertPlain(yield* createUser({ password_hash: "$2a$17$VIhIOofSMqGdGlL4wzE//e.77dAQGqNtF/1dT7bqCrVtQuInWy2qi" }), 400, invalid)
      assertPlain(yield* createUser({ password_hash: "scrypt$c2FsdA==$a2V5" }), 400, invalid)
      assertPlain(yield* createUser({ password_hash: "$2a$13$short" }), 400, invalid)
      const created = yield* createUser({ password_hash: hash })
      assert.strictEqual(created.status, 201, created.text)
      assert.isTrue(created.body.has_password)
    })))

  it.effect("a user created with a bcrypt password_hash signs in with that password", () =>
    withEmulator(Effect.gen(function*() {
      const hash = bcrypt.hashSync("hello-world-42", 4)
      const created = yield* createUser({ primary_email: "bcrypt@example.com", primary_email_auth_enabled: true, password_hash: hash })
      assert.strictEqual(created.status, 201, created.text)
      const signIn = (password: string) =>
        call({ method: "POST", path: "/auth/password/sign-in", body: { email: "bcrypt@example.com", password } })
      const good = yield* signIn("hello-world-42")
      assert.strictEqual(good.status, 200, good.text)
      assert.strictEqual(good.body.user_id, created.body.id)
      assertKnownError(yield* signIn("hello-world-43"), "EMAIL_PASSWORD_MISMATCH", 400)
    })))

  it.effect("e-mail auth or a verified flag without a primary e-mail is refused", () =>
    withEmulator(Effect.gen(function*() {
      assertPlain(yield* createUser({ primary_email_auth_enabled: true }), 400, "primary_email_auth_enabled cannot be true without primary_email")
      assertPlain(yield* createUser({ primary_email_verified: true }), 400, "primary_email_verified cannot be true without primary_email")
      const created = yield* createUser({})
      assertPlain(
        yield* call({ method: "PATCH", path: `/users/${created.body.id}`, access: "server", body: { primary_email_auth_enabled: true } }),
        400,
        "primary_email_auth_enabled cannot be true without primary_email"
      )
    })))

  it.effect("an empty display name is stored as null", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("name@example.com")
      const patch = (display_name: string) => call({ method: "PATCH", path: "/users/me", accessToken: tokens.access_token, body: { display_name } })
      assert.strictEqual((yield* patch("John Doe")).body.display_name, "John Doe")
      assert.isNull((yield* patch("")).body.display_name)
      assert.isNull((yield* createUser({ display_name: "" })).body.display_name)
    })))

  it.effect("a server's change of primary_email keeps its verified flag", () =>
    withEmulator(Effect.gen(function*() {
      const created = yield* createUser({ primary_email: "old@example.com", primary_email_verified: true, primary_email_auth_enabled: true })
      const patched = yield* call({ method: "PATCH", path: `/users/${created.body.id}`, access: "server", body: { primary_email: "new@example.com" } })
      assert.strictEqual(patched.status, 200, patched.text)
      assert.strictEqual(patched.body.primary_email, "new@example.com")
      assert.isTrue(patched.body.primary_email_verified)
      assert.isTrue(patched.body.primary_email_auth_enabled)
    })))
})

/** Signs a dashboard user up in the `internal` project and creates a project it owns. */
const ownedProject = Effect.gen(function*() {
  const owner = yield* signUp(`owner-${crypto.randomUUID()}@example.com`, "correct horse battery", { project: internalProject })
  const created = yield* call({
    method: "POST",
    path: "/internal/projects",
    project: internalProject,
    accessToken: owner.access_token,
    body: { display_name: "Fresh" }
  })
  assert.strictEqual(created.status, 201, created.text)
  return { owner, project: created.body }
})

/** Calls a project with the owner's admin access token, as the dashboard does. */
const asOwner = (projectId: string, ownerToken: string, call_: { method?: string; path: string; access?: "client" | "admin"; body?: unknown }) =>
  call({
    ...call_,
    access: "none",
    headers: {
      [Headers.projectId]: projectId,
      [Headers.accessType]: call_.access ?? "admin",
      [Headers.adminAccessToken]: ownerToken
    }
  })

const managedProjectIds = (ownerToken: string) =>
  Effect.map(
    call({ path: "/users/me", access: "server", project: internalProject, accessToken: ownerToken }),
    (answer) => answer.body.server_metadata?.managedProjectIds as ReadonlyArray<string> | undefined
  )

describe("projects", () => {
  it.effect("a new project starts with the service's defaults: optional features off", () =>
    withEmulator(Effect.gen(function*() {
      const { project } = yield* ownedProject
      const config = project.config
      for (const key of ["magic_link_enabled", "passkey_enabled", "client_team_creation_enabled", "client_user_deletion_enabled", "allow_user_api_keys", "allow_team_api_keys"]) {
        assert.strictEqual(config[key], false, key)
      }
      assert.isTrue(config.sign_up_enabled)
      assert.isTrue(config.credential_enabled)
      const demo = yield* call({ path: "/internal/projects/current", access: "admin" })
      assert.isTrue(demo.body.config.magic_link_enabled, "the seeded demo project keeps every flow usable")
      assert.isTrue(demo.body.config.client_team_creation_enabled)
    })))

  it.effect("the owner's server_metadata.managedProjectIds lists the projects it creates, until one is deleted", () =>
    withEmulator(Effect.gen(function*() {
      const { owner, project } = yield* ownedProject
      assert.deepStrictEqual(yield* managedProjectIds(owner.access_token), [project.id])
      const second = yield* call({ method: "POST", path: "/internal/projects", project: internalProject, accessToken: owner.access_token, body: { display_name: "Second" } })
      assert.deepStrictEqual(yield* managedProjectIds(owner.access_token), [project.id, second.body.id])
      const deleted = yield* asOwner(project.id, owner.access_token, { method: "DELETE", path: "/internal/projects/current" })
      assert.strictEqual(deleted.status, 200, deleted.text)
      assert.deepStrictEqual(yield* managedProjectIds(owner.access_token), [second.body.id])
    })))

  it.effect("anonymous sign-up is refused with ANONYMOUS_ACCOUNTS_NOT_ENABLED outside the projects that allow it", () =>
    withEmulator(Effect.gen(function*() {
      const { owner, project } = yield* ownedProject
      const refused = yield* asOwner(project.id, owner.access_token, { method: "POST", path: "/auth/anonymous/sign-up", access: "client" })
      assertKnownError(refused, "ANONYMOUS_ACCOUNTS_NOT_ENABLED", 400)
      const demo = yield* call({ method: "POST", path: "/auth/anonymous/sign-up" })
      assert.strictEqual(demo.status, 200, demo.text)
      const user = yield* call({ path: "/users/me", accessToken: demo.body.access_token })
      assert.isTrue(user.body.is_anonymous)
      assert.strictEqual(user.body.display_name, "Anonymous user")
    })))
})

describe("the API root, sessions, keys and access", () => {
  it.effect("GET /api/v1 greets and runs the request-authentication checks", () =>
    withEmulator(Effect.gen(function*() {
      const none = yield* call({ path: "", access: "none" })
      assert.strictEqual(none.status, 200, none.text)
      assert.match(none.text, /\n\nAuthentication: None$/)
      assertSchemaError(yield* call({ path: "?foo=bar", access: "none" }), "GET /api/v1", ["query contains unknown properties: foo"])
      assertKnownError(yield* call({ path: "", access: "none", headers: { [Headers.accessType]: "client" } }), "ACCESS_TYPE_WITHOUT_PROJECT_ID", 400)
      assertKnownError(
        yield* call({ path: "", access: "none", headers: { [Headers.publishableClientKey]: demoProject.publishableClientKey } }),
        "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
        400
      )
      assertKnownError(
        yield* call({ path: "", headers: { [Headers.publishableClientKey]: "pck_wrong" } }),
        "INVALID_PUBLISHABLE_CLIENT_KEY",
        401
      )
      // an unknown project is looked up before any key is checked
      assertKnownError(
        yield* call({ path: "", headers: { [Headers.projectId]: "00000000-0000-4000-8000-000000000000", [Headers.publishableClientKey]: "pck_wrong" } }),
        "CURRENT_PROJECT_NOT_FOUND",
        400
      )
      assertKnownError(
        yield* call({ path: "", access: "none", headers: { [Headers.accessType]: "server", [Headers.projectId]: demoProject.projectId } }),
        "SERVER_AUTHENTICATION_REQUIRED",
        401
      )
      const client = yield* call({ path: "" })
      assert.match(client.text, new RegExp(`\\n\\nAuthentication: Client\\n  Project: ${demoProject.projectId}\\n  User: None$`))
      const tokens = yield* signUp("root@example.com")
      const signedIn = yield* call({ path: "", access: "server", accessToken: tokens.access_token })
      assert.match(signedIn.text, /Authentication: Server\n {2}Project: .+\n {2}User: root@example\.com$/)
    })))

  it.effect("POST /auth/sessions/current/refresh answers a new access token for the refresh token's session", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("refresh@example.com")
      const refreshed = yield* call({ method: "POST", path: "/auth/sessions/current/refresh", headers: { [Headers.refreshToken]: tokens.refresh_token } })
      assert.strictEqual(refreshed.status, 200, refreshed.text)
      assert.deepStrictEqual(Object.keys(refreshed.body), ["access_token"])
      const me = yield* call({ path: "/users/me", accessToken: refreshed.body.access_token })
      assert.strictEqual(me.body.id, tokens.user_id)
      assertKnownError(
        yield* call({ method: "POST", path: "/auth/sessions/current/refresh", headers: { [Headers.refreshToken]: "unknown" } }),
        "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
        401
      )
      assertSchemaError(
        yield* call({ method: "POST", path: "/auth/sessions/current/refresh" }),
        "POST /api/v1/auth/sessions/current/refresh",
        ["headers.x-stack-refresh-token must be defined"]
      )
    })))

  it.effect("JWKS keys carry exactly alg, crv, kid, kty, x and y", () =>
    withEmulator(Effect.gen(function*() {
      const jwks = yield* call({ path: `/projects/${demoProject.projectId}/.well-known/jwks.json`, access: "none" })
      assert.strictEqual(jwks.status, 200, jwks.text)
      assert.strictEqual(jwks.body.keys.length, 1)
      assert.deepStrictEqual(Object.keys(jwks.body.keys[0]).sort(), ["alg", "crv", "kid", "kty", "x", "y"])
      assert.strictEqual(jwks.body.keys[0].alg, "ES256")
    })))

  it.effect("passkey registration offers the service's algorithms: -8, -7, -257", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("algs@example.com")
      const options = yield* call({ method: "POST", path: "/auth/passkey/initiate-passkey-registration", accessToken: tokens.access_token, body: {} })
      assert.strictEqual(options.status, 200, options.text)
      assert.deepStrictEqual(options.body.options_json.pubKeyCredParams.map((p: { alg: number }) => p.alg), [-8, -7, -257])
    })))

  it.effect("POST /internal/send-sign-in-invitation is admin-only", () =>
    withEmulator(Effect.gen(function*() {
      const body = { email: "invitee@example.com", callback_url: "http://localhost:3000/handler/sign-in" }
      assertKnownError(yield* call({ method: "POST", path: "/internal/send-sign-in-invitation", access: "server", body }), "INSUFFICIENT_ACCESS_TYPE", 401)
      const sent = yield* call({ method: "POST", path: "/internal/send-sign-in-invitation", access: "admin", body })
      assert.strictEqual(sent.status, 200, sent.text)
    })))

  it.effect("POST /oauth-providers with user_id me acts on the signed-in user", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("linked@example.com")
      const body = { user_id: "me", provider_config_id: "github", account_id: "gh-1", allow_sign_in: false, allow_connected_accounts: true }
      const created = yield* call({ method: "POST", path: "/oauth-providers", access: "server", accessToken: tokens.access_token, body })
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(created.body.user_id, tokens.user_id)
      // the service names no provider_config_id on a linked account
      assert.deepStrictEqual(Object.keys(created.body).sort(), ["account_id", "allow_connected_accounts", "allow_sign_in", "id", "type", "user_id"])
      assertKnownError(
        yield* call({ method: "POST", path: "/oauth-providers", access: "server", body }),
        "CANNOT_GET_OWN_USER_WITHOUT_USER",
        400
      )
    })))
})

describe("the service's headers and routing", () => {
  it.effect("an API answer carries the service's headers: security, CORS without credentials, rewrite, no-store, a request id", () =>
    withEmulator(Effect.gen(function*() {
      const me = yield* call({ path: "/users/me?x=1", headers: { origin: "http://localhost:5173" } })
      assert.strictEqual(me.headers.get("access-control-allow-origin"), "*")
      assert.isNull(me.headers.get("access-control-allow-credentials"))
      assert.strictEqual(me.headers.get("access-control-expose-headers"), "content-type, x-stack-actual-status, x-stack-known-error")
      assert.strictEqual(me.headers.get("access-control-max-age"), "86400")
      assert.strictEqual(me.headers.get("x-content-type-options"), "nosniff")
      assert.strictEqual(me.headers.get("x-frame-options"), "SAMEORIGIN")
      assert.strictEqual(me.headers.get("x-middleware-rewrite"), "/api/latest/users/me?x=1")
      assert.strictEqual(me.headers.get("vary"), "RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch")
      assert.strictEqual(me.headers.get("cache-control"), "no-store, max-age=0")
      assert.match(me.headers.get("x-stack-request-id") ?? "", /^[0-9a-z]{16}$/)
    })))

  it.effect("a preflight is a bare 200 with CORS; a method a route lacks is a bare 405", () =>
    withEmulator(Effect.gen(function*() {
      const preflight = yield* call({ method: "OPTIONS", path: "/users/me", access: "none", headers: { origin: "http://localhost:5173", "access-control-request-method": "GET" } })
      assert.strictEqual(preflight.status, 200)
      assert.strictEqual(preflight.text, "")
      assert.strictEqual(preflight.headers.get("access-control-allow-methods"), "GET, POST, PUT, PATCH, DELETE, OPTIONS")
      assert.include(preflight.headers.get("access-control-allow-headers") ?? "", "x-stack-admin-access-token")
      assert.isNull(preflight.headers.get("vary"))
      const wrongMethod = yield* call({ method: "PUT", path: "/users/me", body: {} })
      assert.strictEqual(wrongMethod.status, 405)
      assert.strictEqual(wrongMethod.text, "")
      assert.isNull(wrongMethod.headers.get("content-type"))
      assert.isNull(wrongMethod.headers.get("x-stack-request-id"))
      assert.isNull(wrongMethod.headers.get("cache-control"))
    })))

  it.effect("every route is served under /api/latest too; /health has its own CORS and no charset", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("latest@example.com")
      const me = yield* call({ path: "/../latest/users/me", accessToken: tokens.access_token })
      assert.strictEqual(me.status, 200, me.text)
      assert.strictEqual(me.body.primary_email, "latest@example.com")
      const root = yield* call({ path: "/../latest", access: "none" })
      assert.strictEqual(root.status, 200, root.text)
      assert.match(root.text, /Authentication: None$/)
      const health = yield* call({ path: "/health", root: true, access: "none" })
      assert.strictEqual(health.headers.get("content-type"), "application/json")
      assert.strictEqual(health.headers.get("access-control-allow-headers"), "*")
      assert.isNull(health.headers.get("cache-control"))
    })))
})

/** The fields a SCHEMA_ERROR refuses, in order (the first word of each problem line). */
const refusedFields = (answer: Answer): ReadonlyArray<string> => {
  assertKnownError(answer, "SCHEMA_ERROR", 400)
  return String(answer.body.details.message).split("\n").filter((line) => line.startsWith("  - ")).map((line) => line.slice(4).split(" ")[0]!)
}

describe("answers measured on the running service (the differential harness)", () => {
  it.effect("a user id that is not a UUID is refused before any lookup", () =>
    withEmulator(Effect.gen(function*() {
      assertSchemaError(yield* call({ path: "/users/not-a-uuid", access: "server" }), "GET /api/v1/users/not-a-uuid", ["params.user_id must be a valid UUID"])
      assertKnownError(yield* call({ path: "/users/00000000-0000-4000-8000-000000000000", access: "server" }), "USER_NOT_FOUND", 404)
    })))

  it.effect("a deleted user's access token reads as no user", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("deleted@example.com")
      const deleted = yield* call({ method: "DELETE", path: "/users/me", accessToken: tokens.access_token })
      assert.strictEqual(deleted.status, 200, deleted.text)
      assertKnownError(yield* call({ path: "/users/me", accessToken: tokens.access_token }), "CANNOT_GET_OWN_USER_WITHOUT_USER", 400)
    })))

  it.effect("a project's mail comes from its display name at the shared sender's address", () =>
    withEmulator(Effect.gen(function*() {
      yield* signUp("mailed@example.com", "correct horse battery", { body: { email: "mailed@example.com", password: "correct horse battery", verification_callback_url: "http://localhost:3000/handler/email-verification" } })
      const emulator = yield* Emulator.Emulator
      const mail = yield* emulator.mailbox.latest("mailed@example.com")
      assert.strictEqual(mail?.from, `${demoProject.displayName} <noreply@example.com>`)
    })))

  it.effect("signing out without a session is ACCESS_TOKEN_EXPIRED, as the service answers", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ method: "DELETE", path: "/auth/sessions/current", body: {} })
      assertKnownError(answer, "ACCESS_TOKEN_EXPIRED", 401)
      assert.isNumber(answer.body.details.expired_at_millis)
      const tokens = yield* signUp("signed-out@example.com")
      assert.strictEqual((yield* call({ method: "DELETE", path: "/auth/sessions/current", accessToken: tokens.access_token, body: {} })).status, 200)
      assertKnownError(
        yield* call({ method: "DELETE", path: "/auth/sessions/current", accessToken: tokens.access_token, body: {} }),
        "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
        401
      )
    })))

  it.effect("an unknown polling code is INVALID_POLLING_CODE without details", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ method: "POST", path: "/auth/cli/poll", body: { polling_code: "nope" } })
      assertKnownError(answer, "INVALID_POLLING_CODE", 400)
      assert.notProperty(answer.body, "details")
    })))

  it.effect("malformed team and linked-account creates refuse their fields in the service's order", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refusedFields(yield* call({ method: "POST", path: "/teams", access: "server", body: { profile_image_url: 3 } })), [
        "body.profile_image_url",
        "body.display_name"
      ])
      assert.deepStrictEqual(refusedFields(yield* call({ method: "POST", path: "/oauth-providers", access: "server", body: {} })), [
        "body.user_id",
        "body.provider_config_id",
        "body.allow_sign_in",
        "body.allow_connected_accounts",
        "body.account_id"
      ])
    })))

  it.effect("the default team permissions carry the service's descriptions", () =>
    withEmulator(Effect.gen(function*() {
      const list = yield* call({ path: "/team-permission-definitions", access: "admin" })
      const described = Object.fromEntries((list.body.items as Array<{ id: string; description: string }>).map((d) => [d.id, d.description]))
      assert.strictEqual(described.team_admin, "Default permission for team admins")
      assert.strictEqual(described.team_member, "Default permission for team members")
    })))
})
