/**
 * The emulator's project-level and admin routes, and the answers every route shares, as the real
 * 2.8.27 service gives them (measured with the differential harness, `ProjectMore` sequences):
 * request authentication on routes that need none, the body read before the credentials,
 * content types, admin access tokens, the project body's conversions and refused-field order,
 * owned projects, internal API keys, e-mail themes and templates, JWKS and trailing slashes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { demoProject, internalProject } from "../../packages/emulator/src/Seeds.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { accessHeaders, assertKnownError, call, read, signUp, refusedFields as refused } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    const request = new Request(`${emulator.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
    return yield* read(yield* Effect.orDie(emulator.handle(request)))
  })

const patchProject = (body: unknown) => call({ method: "PATCH", path: "/internal/projects/current", access: "admin", body })

describe("request authentication on routes that need no credentials", () => {
  it.effect("the JWKS, the API root and feature support still check the credentials sent", () =>
    withEmulator(Effect.gen(function*() {
      const jwks = `/projects/${demoProject.projectId}/.well-known/jwks.json`
      const wrongKey = { ...accessHeaders("client"), [Headers.publishableClientKey]: "pck_wrong" }
      assertKnownError(yield* call({ path: jwks, access: "none", headers: wrongKey }), "INVALID_PUBLISHABLE_CLIENT_KEY", 401)
      assertKnownError(
        yield* call({ path: jwks, access: "none", headers: { [Headers.projectId]: demoProject.projectId, [Headers.publishableClientKey]: "x" } }),
        "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
        400
      )
      assert.strictEqual((yield* call({ path: jwks, access: "none" })).status, 200)
      assertKnownError(
        yield* call({ method: "POST", path: "/check-feature-support", access: "none", headers: wrongKey, body: { feature_name: "x" } }),
        "INVALID_PUBLISHABLE_CLIENT_KEY",
        401
      )
      // the API root reads the credentials before it refuses a query
      assertKnownError(yield* call({ path: "?x=1", access: "none", headers: wrongKey }), "INVALID_PUBLISHABLE_CLIENT_KEY", 401)
    })))

  it.effect("the JWKS of an unknown project is a plain 404", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ path: `/projects/${crypto.randomUUID()}/.well-known/jwks.json`, access: "none" })
      assert.strictEqual(answer.status, 404)
      assert.isNull(answer.headers.get(Headers.knownError))
      assert.include(answer.headers.get("content-type") ?? "", "text/plain")
    })))

  it.effect("an admin access token of another project than internal is ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN", () =>
    withEmulator(Effect.gen(function*() {
      const user = yield* signUp("not-a-dashboard-user@example.com")
      const answer = yield* call({
        path: "/internal/projects/current",
        access: "none",
        headers: { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "admin", [Headers.adminAccessToken]: user.access_token }
      })
      assertKnownError(answer, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN", 401)
    })))
})

describe("the body is read before the credentials, by its content type", () => {
  it.effect("invalid JSON is BODY_PARSING_ERROR even without credentials; an unknown content type too", () =>
    withEmulator(Effect.gen(function*() {
      assertKnownError(yield* raw("PATCH", "/api/v1/internal/projects/current", { "content-type": "application/json" }, "{nope"), "BODY_PARSING_ERROR", 400)
      assertKnownError(
        yield* raw("PATCH", "/api/v1/internal/projects/current", { ...accessHeaders("admin"), "content-type": "application/xml" }, "<a/>"),
        "BODY_PARSING_ERROR",
        400
      )
      // without credentials but a good body, the credentials are what is refused
      assertKnownError(yield* raw("PATCH", "/api/v1/internal/projects/current", { "content-type": "application/json" }, "{}"), "ACCESS_TYPE_REQUIRED", 400)
    })))

  it.effect("plain text is a string body, no content type is no body, a GET body is ignored", () =>
    withEmulator(Effect.gen(function*() {
      const admin = accessHeaders("admin")
      assert.deepStrictEqual(refused(yield* raw("PATCH", "/api/v1/internal/projects/current", { ...admin, "content-type": "text/plain" }, "x")), ["body"])
      const untyped = yield* raw("PATCH", "/api/v1/internal/projects/current", admin, undefined)
      assert.deepStrictEqual(refused(untyped), ["body"])
      assert.include(untyped.body.details.message, "body must be defined")
      const form = yield* raw("PATCH", "/api/v1/internal/projects/current", { ...admin, "content-type": "application/x-www-form-urlencoded" }, "description=formed")
      assert.strictEqual(form.body.description, "formed")
    })))
})

describe("the project body as the service checks it", () => {
  it.effect("values are converted first: numbers to strings, 'false'/'1' to booleans", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* patchProject({ display_name: 42, description: 7, is_production_mode: 1, config: { sign_up_enabled: "false", passkey_enabled: "TRUE" } })
      assert.strictEqual(answer.status, 200, answer.text)
      assert.strictEqual(answer.body.display_name, "42")
      assert.strictEqual(answer.body.description, "7")
      assert.isTrue(answer.body.is_production_mode)
      assert.isFalse(answer.body.config.sign_up_enabled)
      assert.isTrue(answer.body.config.passkey_enabled)
      assert.deepStrictEqual(refused(yield* patchProject({ display_name: {}, config: { credential_enabled: "nope", allow_localhost: null } })), [
        "body.display_name",
        "body.config.credential_enabled",
        "body.config.allow_localhost"
      ])
    })))

  it.effect("refused fields come in the service's order: reversed checks, then sorted by the first field name in the path", () =>
    withEmulator(Effect.gen(function*() {
      // a standard provider's secret before its id; `oauth_providers` sorts first (it contains `auth`)
      assert.deepStrictEqual(refused(yield* patchProject({ display_name: {}, config: { oauth_providers: [{ id: "github", type: "standard" }] } })), [
        "body.config.oauth_providers[0].client_secret",
        "body.config.oauth_providers[0].client_id",
        "body.display_name"
      ])
      // a domain's handler path before its URL; unknown properties after the fields, innermost first
      assert.deepStrictEqual(
        refused(yield* patchProject({ extra: 1, config: { domains: [{ domain: "x y", handler_path: "h" }], unknown_flag: true } })),
        ["Handler", "body.config.domains[0].domain", "body.config.domains[0].domain", "URL", "body.config", "body"]
      )
      // a standard e-mail server: every missing field, `type` checked first
      assert.deepStrictEqual(refused(yield* patchProject({ config: { email_config: { type: "standard" } } })), [
        "body.config.email_config.host",
        "body.config.email_config.port",
        "body.config.email_config.username",
        "body.config.email_config.password",
        "body.config.email_config.sender_name",
        "body.config.email_config.sender_email"
      ])
    })))

  it.effect("creating a project: the body is checked before the user, and unknown properties are listed twice", () =>
    withEmulator(Effect.gen(function*() {
      const internal = { [Headers.projectId]: internalProject.projectId, [Headers.accessType]: "client", [Headers.publishableClientKey]: internalProject.publishableClientKey }
      assert.deepStrictEqual(refused(yield* call({ method: "POST", path: "/internal/projects", access: "none", headers: internal, body: { config: 1 } })), [
        "body.display_name",
        "body.config"
      ])
      const owner = yield* signUp("owner-parity@example.com", "correct horse battery", { project: internalProject })
      const answer = yield* call({
        method: "POST",
        path: "/internal/projects",
        access: "none",
        headers: { ...internal, [Headers.accessToken]: owner.access_token },
        body: { display_name: "x", owner_team_id: "t" }
      })
      assert.deepStrictEqual(refused(answer), ["body", "body"])
    })))
})

describe("internal API keys, e-mail themes and templates", () => {
  it.effect("API keys: `revoked` accepts only true; body fields before params; a key id must be a UUID", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* call({ method: "PATCH", path: "/internal/api-keys/abc", access: "admin", body: { revoked: false } })), [
        "body.revoked",
        "params.api_key_id"
      ])
      assert.deepStrictEqual(refused(yield* call({ path: "/internal/api-keys/abc", access: "admin" })), ["params.api_key_id"])
      assert.deepStrictEqual(refused(yield* call({ method: "POST", path: "/internal/api-keys", access: "admin", body: { description: 1, expires_at_millis: "soon" } })), [
        "body.expires_at_millis",
        "body.has_publishable_client_key",
        "body.has_secret_server_key",
        "body.has_super_secret_admin_key"
      ])
    })))

  it.effect("themes: any id is looked up (404 plain); templates: the id must be a UUID", () =>
    withEmulator(Effect.gen(function*() {
      const theme = yield* call({ path: "/internal/email-themes/dark", access: "admin" })
      assert.strictEqual(theme.status, 404)
      assert.isNull(theme.headers.get(Headers.knownError))
      assert.deepStrictEqual(
        refused(yield* call({ method: "PATCH", path: "/internal/email-templates/abc", access: "admin", body: { theme_id: 5 } })),
        ["params.templateId", "body.tsx_source", "body.theme_id"]
      )
    })))
})

describe("paths ending in a slash", () => {
  it.effect("are redirected (308) to the path without it, query kept, with no other header", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* raw("GET", "/api/v1/projects/current/?a=1", accessHeaders("client"))
      assert.strictEqual(answer.status, 308)
      assert.strictEqual(answer.headers.get("location"), "/api/v1/projects/current?a=1")
      assert.strictEqual(answer.headers.get("refresh"), "0;url=/api/v1/projects/current?a=1")
      assert.isNull(answer.headers.get("content-type"))
      assert.isNull(answer.headers.get("access-control-allow-origin"))
      assert.strictEqual(answer.text, "/api/v1/projects/current?a=1")
    })))
})

describe("what a project update stores", () => {
  it.effect("localhost is allowed again by any update that does not say otherwise; a null description is empty", () =>
    withEmulator(Effect.gen(function*() {
      assert.isFalse((yield* patchProject({ config: { allow_localhost: false } })).body.config.allow_localhost)
      const renamed = yield* patchProject({ display_name: "Renamed" })
      assert.isTrue(renamed.body.config.allow_localhost)
      const cleared = yield* patchProject({ description: null })
      assert.strictEqual(cleared.body.description, "")
    })))

  it.effect("a value both of the wrong type and outside the allowed ones is refused twice", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* patchProject({ config: { oauth_providers: [{ id: null, type: {} }] } })), [
        "body.config.oauth_providers[0].type",
        "body.config.oauth_providers[0].type",
        "body.config.oauth_providers[0].id"
      ])
      assert.deepStrictEqual(refused(yield* call({ method: "PATCH", path: `/internal/api-keys/${crypto.randomUUID()}`, access: "admin", body: { revoked: "yes" } })), [
        "body.revoked",
        "body.revoked"
      ])
    })))
})

describe("answers every route shares", () => {
  it.effect("the CRUD reads refuse any query parameter; another branch than main does not exist", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* call({ path: "/projects/current?include=all" })), ["query"])
      assert.deepStrictEqual(refused(yield* call({ path: "/internal/projects/current?a=b", access: "admin" })), ["query"])
      assertKnownError(yield* call({ path: "/projects/current", headers: { "x-stack-branch-id": "dev" } }), "BRANCH_DOES_NOT_EXIST", 400)
      assert.strictEqual((yield* call({ path: "/projects/current", headers: { "x-stack-branch-id": "main" } })).status, 200)
    })))

  it.effect("outside the API: /health sets its own CORS; its OPTIONS is a 204 with `allow`, its POST a 405 without CORS", () =>
    withEmulator(Effect.gen(function*() {
      const health = yield* call({ path: "/health", root: true, access: "none" })
      assert.strictEqual(health.headers.get("access-control-allow-origin"), "*")
      const options = yield* raw("OPTIONS", "/health", { origin: "https://x.example.com", "access-control-request-method": "GET" })
      assert.strictEqual(options.status, 204)
      assert.strictEqual(options.headers.get("allow"), "GET, HEAD, OPTIONS")
      assert.isNull(options.headers.get("access-control-allow-origin"))
      assert.strictEqual(options.headers.get("x-middleware-rewrite"), "/health")
      const post = yield* raw("POST", "/health", {})
      assert.strictEqual(post.status, 405)
      assert.isNull(post.headers.get("access-control-allow-origin"))
      assert.strictEqual(post.headers.get("x-frame-options"), "SAMEORIGIN")
      // the API's preflight stays a bare 200 with the API's CORS
      const api = yield* raw("OPTIONS", "/api/v1/projects/current", { origin: "https://x.example.com" })
      assert.strictEqual(api.status, 200)
      assert.strictEqual(api.headers.get("access-control-allow-origin"), "*")
    })))
})

describe("the stored order of keyed configuration", () => {
  it.effect("providers and default permissions come back ordered by id, a repeated id once", () =>
    withEmulator(Effect.gen(function*() {
      const providers = yield* patchProject({
        config: {
          oauth_providers: [{ id: "microsoft", type: "shared" }, { id: "x", type: "standard", client_id: "a", client_secret: "b" }, { id: "google", type: "shared" }, {
            id: "github",
            type: "shared"
          }, { id: "github", type: "shared" }]
        }
      })
      assert.deepStrictEqual(providers.body.config.oauth_providers.map((p: { id: string }) => p.id), ["github", "google", "microsoft", "x"])
      const permissions = yield* patchProject({ config: { team_member_default_permissions: [{ id: "team_member" }, { id: "team_admin" }, { id: "team_member" }] } })
      assert.deepStrictEqual(permissions.body.config.team_member_default_permissions, [{ id: "team_admin" }, { id: "team_member" }])
    })))
})
