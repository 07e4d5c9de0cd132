/**
 * The emulator's team, permission-definition and API key routes against the real 2.8.27 service
 * (measured with the differential harness, `scripts/differential/sequences/TeamsMore.ts`): which
 * fields a SCHEMA_ERROR lists and in which order, the conversions the service applies before
 * checking, and what it checks before a project's switches.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { internalProject } from "../../packages/emulator/src/Seeds.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { type Answer, assertKnownError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

/** The refused fields of a SCHEMA_ERROR, in order (`body.x`, `body:unknown[a, b]`, or a whole sentence). */
const refused = (answer: Answer): ReadonlyArray<string> => {
  assertKnownError(answer, "SCHEMA_ERROR", 400)
  return String(answer.body.details.message).split("\n").slice(1).map((line) => {
    const problem = line.trim().slice(2)
    const unknown = /^(\S+) contains unknown properties: (.*)$/.exec(problem)
    if (unknown !== null) return `${unknown[1]}:unknown[${unknown[2]}]`
    return /^(body|query|params)\b/.test(problem) ? problem.split(" ")[0]! : problem
  })
}

/** Asserts a plain answer (no known error) with this status and text. */
const assertPlain = (answer: Answer, status: number, text: string) => {
  assert.strictEqual(answer.status, status, answer.text)
  assert.isNull(answer.headers.get(Headers.knownError))
  assert.strictEqual(answer.text, text)
}

const server = (method: string, path: string, body?: unknown) => call({ method, path, access: "server", ...(body === undefined ? {} : { body }) })
const admin = (method: string, path: string, body?: unknown) => call({ method, path, access: "admin", ...(body === undefined ? {} : { body }) })

/** A new project with the service's defaults (API keys off), its server key and a signed-up user. */
const defaultProject = Effect.gen(function*() {
  const owner = yield* signUp(`owner-${crypto.randomUUID()}@example.com`, "correct horse battery", { project: internalProject })
  const created = yield* call({ method: "POST", path: "/internal/projects", project: internalProject, accessToken: owner.access_token, body: { display_name: "Defaults" } })
  assert.strictEqual(created.status, 201, created.text)
  const projectId = created.body.id as string
  const keys = yield* call({
    method: "POST",
    path: "/internal/api-keys",
    access: "none",
    headers: { [Headers.projectId]: projectId, [Headers.accessType]: "admin", [Headers.adminAccessToken]: owner.access_token },
    body: { description: "t", expires_at_millis: Date.now() + 3_600_000, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: true }
  })
  assert.strictEqual(keys.status, 200, keys.text)
  const project = {
    projectId,
    displayName: "Defaults",
    publishableClientKey: keys.body.publishable_client_key as string,
    secretServerKey: keys.body.secret_server_key as string,
    superSecretAdminKey: keys.body.super_secret_admin_key as string
  }
  const user = yield* signUp(`user-${crypto.randomUUID()}@example.com`, "correct horse battery", { project })
  return { project, user }
})

describe("team bodies: conversions and the order of refused fields", () => {
  it.effect("numbers given for text are accepted as their text; the rest is refused in the request's order", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("teams-conv@example.com")
      const created = yield* call({ method: "POST", path: "/teams", accessToken: tokens.access_token, body: { display_name: 7 } })
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(created.body.display_name, "7")
      // `body.profile_image_url` contains `url`, a part of the request declared before `body`
      assert.deepStrictEqual(
        refused(yield* call({ method: "POST", path: "/teams", accessToken: tokens.access_token, body: { display_name: 7, profile_image_url: false, creator_user_id: 5 } })),
        ["body.profile_image_url", "body.creator_user_id"]
      )
      assert.deepStrictEqual(
        refused(yield* server("POST", "/teams", { display_name: ["x"], server_metadata: "s", creator_user_id: "not-a-uuid" })),
        ["body.display_name", "body.creator_user_id"]
      )
      assert.deepStrictEqual(refused(yield* server("POST", "/teams")), ["body"])
    })))

  it.effect("unknown fields are refused once per merged declaration of the body", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("teams-unknown@example.com")
      assert.deepStrictEqual(
        refused(yield* call({ method: "POST", path: "/teams", accessToken: tokens.access_token, body: { display_name: "x", server_metadata: { a: 1 }, client_read_only_metadata: { b: 2 } } })),
        ["body:unknown[server_metadata, client_read_only_metadata]", "body:unknown[server_metadata, client_read_only_metadata]"]
      )
      assert.deepStrictEqual(refused(yield* server("POST", "/teams", { display_name: "x", color: "red" })), [
        "body:unknown[color]",
        "body:unknown[color]",
        "body:unknown[color]"
      ])
    })))

  it.effect("add_current_user (deprecated) adds the caller and cannot be combined with creator_user_id", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("teams-add-current@example.com")
      const both = yield* call({ method: "POST", path: "/teams?add_current_user=true", accessToken: tokens.access_token, body: { display_name: "x", creator_user_id: "me" } })
      assert.strictEqual(both.status, 400, both.text)
      assertPlain(yield* server("POST", "/teams?add_current_user=true", { display_name: "x" }), 401, "You must be logged in to create a team with the current user as a member.")
      assert.deepStrictEqual(refused(yield* server("GET", "/teams?color=red")), ["query:unknown[color]"])
    })))
})

describe("path ids of memberships and permissions", () => {
  it.effect("every refused id is listed; `me` without a signed-in user refuses the whole request", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* server("POST", "/team-memberships/bad/bad", {})), ["params.team_id", "params.user_id"])
      assertKnownError(yield* server("POST", "/team-memberships/bad/me", {}), "CANNOT_GET_OWN_USER_WITHOUT_USER", 400)
      // adding a member or granting a permission takes an empty object as its body
      const owner = yield* signUp("paths-owner@example.com")
      const team = yield* server("POST", "/teams", { display_name: "Paths", creator_user_id: owner.user_id })
      assert.deepStrictEqual(refused(yield* server("POST", `/team-memberships/${team.body.id}/${owner.user_id}`)), ["body"])
      assert.deepStrictEqual(refused(yield* server("POST", `/team-permissions/${team.body.id}/${owner.user_id}/$read_members`)), ["body"])
      assert.deepStrictEqual(refused(yield* server("POST", "/team-permissions/x/y/Bad", {})), [
        "params.team_id",
        "params.user_id",
        `Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed`
      ])
      assert.deepStrictEqual(refused(yield* server("GET", "/team-permissions?recursive=yes&permission_id=$nope")), [
        "Invalid system permission",
        "query.recursive"
      ])
    })))
})

describe("API keys: what is checked before the project's switch", () => {
  it.effect("a team key's routes require query.team_id as a UUID, like any refused field", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* server("GET", "/team-api-keys")), ["query.team_id"])
      assert.deepStrictEqual(refused(yield* server("GET", "/team-api-keys?team_id=x")), ["query.team_id"])
      assert.deepStrictEqual(refused(yield* server("GET", "/team-api-keys/00000000-0000-4000-8000-000000000000")), ["query.team_id"])
      // a user list names its user in a sentence of the service's own
      const noUser = yield* server("GET", "/user-api-keys")
      assertKnownError(noUser, "SCHEMA_ERROR", 400)
      assert.strictEqual(noUser.body.details.message, "user_id is required for user API keys")
    })))

  it.effect("bodies are converted, then checked, before the switch that turns a key type off", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("keys-conv@example.com")
      const client = (method: string, path: string, body: unknown) => call({ method, path, accessToken: tokens.access_token, body })
      assert.deepStrictEqual(
        refused(yield* client("POST", "/user-api-keys", { user_id: 1, description: 2, expires_at_millis: "soon", is_public: "yes" })),
        ["body.expires_at_millis", "body.is_public", "body.user_id"]
      )
      const created = yield* client("POST", "/user-api-keys", { user_id: "me", description: 42, expires_at_millis: null })
      assert.strictEqual(created.status, 200, created.text)
      assert.strictEqual(created.body.description, "42")
      assert.deepStrictEqual(refused(yield* client("PATCH", `/user-api-keys/${created.body.id}`, { description: 5, revoked: "yes" })), ["body.revoked", "body.revoked"])
      assert.deepStrictEqual(refused(yield* client("PATCH", `/user-api-keys/${created.body.id}`, { revoked: false })), ["body.revoked"])
      const off = yield* defaultProject
      const offClient = (method: string, path: string, body?: unknown) =>
        call({ method, path, project: off.project, accessToken: off.user.access_token, ...(body === undefined ? {} : { body }) })
      assert.deepStrictEqual(refused(yield* offClient("POST", "/user-api-keys", {})), ["body.description", "body.expires_at_millis", "body.user_id"])
      assertPlain(yield* offClient("POST", "/user-api-keys", { user_id: "me", description: "x", expires_at_millis: null }), 400, "User API keys are not enabled for this project.")
      assert.deepStrictEqual(refused(yield* offClient("GET", "/team-api-keys")), ["query.team_id"])
    })))
})

describe("permission definitions: ids as the service checks them", () => {
  it.effect("the id rules speak in their own sentences; other fields are converted first", () =>
    withEmulator(Effect.gen(function*() {
      assert.deepStrictEqual(refused(yield* admin("POST", "/team-permission-definitions", { id: 3, description: 4, contained_permission_ids: "a" })), [
        "body.contained_permission_ids"
      ])
      assert.deepStrictEqual(refused(yield* admin("POST", "/team-permission-definitions", { id: "$mine" })), [
        `Only lowercase letters, numbers, ":", "_" are allowed`
      ])
      assert.deepStrictEqual(refused(yield* admin("POST", "/team-permission-definitions", { id: "mine", contained_permission_ids: ["$nope"] })), [
        "Invalid system permission"
      ])
      assert.deepStrictEqual(refused(yield* admin("PATCH", "/team-permission-definitions/Bad%20Id", { description: "x" })), [
        `Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed`
      ])
    })))
})
