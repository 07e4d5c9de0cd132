/**
 * The emulator's API key, project permission, team invitation list and connected-account routes
 * against the real 2.8.27 service (measured with the differential harness,
 * `scripts/differential/sequences/KeysMore.ts`): the rules found different there, one test each.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as OAuthFlow from "../../packages/emulator/src/internal/model/OAuthFlow.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import { assertKnownError, call, signUp, refusedWithUnknown as refused } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const callbackUrl = "http://localhost:3000/handler/team-invitation"

const admin = (method: string, path: string, body?: unknown) => call({ method, path, access: "admin", ...(body === undefined ? {} : { body }) })
const server = (method: string, path: string, body?: unknown) => call({ method, path, access: "server", ...(body === undefined ? {} : { body }) })

const team = (name: string) =>
  Effect.map(server("POST", "/teams", { display_name: name }), (answer) => {
    assert.strictEqual(answer.status, 201, answer.text)
    return answer.body.id as string
  })

describe("team invitation lists and revocations", () => {
  it.effect("the query refuses unknown fields; a revocation lists its path id before the query's team", () =>
    withEmulator(Effect.gen(function*() {
      const teamId = yield* team("Invitations")
      assert.deepStrictEqual(refused(yield* server("GET", `/team-invitations?team_id=${teamId}&user_id=me`)), ["query:unknown[user_id]"])
      assert.deepStrictEqual(refused(yield* server("DELETE", "/team-invitations/abc")), ["params.id", "query.team_id"])
      assert.deepStrictEqual(refused(yield* server("GET", "/team-invitations?team_id=")), ["query.team_id"])
    })))

  it.effect("a server revocation removes the invitation whichever team of the project the query names", () =>
    withEmulator(Effect.gen(function*() {
      const mine = yield* team("Mine")
      const other = yield* team("Other")
      const sent = yield* server("POST", "/team-invitations/send-code", { email: "invitee-keys@example.com", team_id: mine, callback_url: callbackUrl })
      assert.strictEqual(sent.status, 200, sent.text)
      const listed = yield* server("GET", `/team-invitations?team_id=${mine}`)
      assert.strictEqual(listed.body.items.length, 1)
      const revoked = yield* server("DELETE", `/team-invitations/${listed.body.items[0].id}?team_id=${other}`)
      assert.strictEqual(revoked.status, 200, revoked.text)
      assert.deepStrictEqual(revoked.body, { success: true })
      assert.deepStrictEqual((yield* server("GET", `/team-invitations?team_id=${mine}`)).body.items, [])
    })))
})

describe("project permission definitions", () => {
  it.effect("an empty description is none; a creation and an update answer the contained ids as given, the list each once", () =>
    withEmulator(Effect.gen(function*() {
      const base = yield* admin("POST", "/project-permission-definitions", { id: "keys_base", description: "" })
      assert.strictEqual(base.status, 201, base.text)
      assert.deepStrictEqual(base.body, { id: "keys_base", contained_permission_ids: [] })
      const twice = yield* admin("POST", "/project-permission-definitions", { id: "keys_twice", contained_permission_ids: ["keys_base", "keys_base"] })
      assert.deepStrictEqual(twice.body, { id: "keys_twice", contained_permission_ids: ["keys_base", "keys_base"] })
      const updated = yield* admin("PATCH", "/project-permission-definitions/keys_twice", { description: "", contained_permission_ids: ["keys_base", "keys_base"] })
      assert.strictEqual(updated.status, 200, updated.text)
      assert.deepStrictEqual(updated.body, { id: "keys_twice", contained_permission_ids: ["keys_base", "keys_base"] })
      const listed = (yield* admin("GET", "/project-permission-definitions")).body.items as ReadonlyArray<{ readonly id: string; readonly contained_permission_ids: ReadonlyArray<string> }>
      assert.deepStrictEqual(listed.filter((d) => d.id.startsWith("keys_")), [
        { id: "keys_base", contained_permission_ids: [] },
        { id: "keys_twice", contained_permission_ids: ["keys_base"] }
      ])
    })))
})

describe("connected-account access tokens", () => {
  it.effect("an account linked by the server holds no provider tokens; one an OAuth flow linked serves the scopes asked of the provider", () =>
    withEmulator(Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const configured = yield* admin("PATCH", "/internal/projects/current", {
        config: { oauth_providers: [{ id: "github", type: "standard", client_id: "cid", client_secret: "secret" }] }
      })
      assert.strictEqual(configured.status, 200, configured.text)
      const token = (userId: string, scope?: string) =>
        server("POST", `/connected-accounts/${userId}/github/access-token`, scope === undefined ? {} : { scope })

      const linked = yield* signUp("linked-by-server@example.com")
      const link = yield* server("POST", "/oauth-providers", {
        user_id: linked.user_id,
        provider_config_id: "github",
        account_id: "gh-linked",
        allow_sign_in: false,
        allow_connected_accounts: true
      })
      assert.strictEqual(link.status, 201, link.text)
      assertKnownError(yield* token(linked.user_id), "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", 400)

      const now = Date.now()
      yield* emulator.run(OAuthFlow.complete({
        innerState: "keys-inner",
        projectId: demoProject.projectId,
        providerId: "github",
        redirectUri: "http://localhost:3000/handler/oauth-callback",
        state: "keys-state",
        scope: "legacy",
        codeChallenge: "x",
        codeChallengeMethod: "S256",
        type: "authenticate",
        userId: null,
        providerScope: "repo read:user",
        errorRedirectUrl: null,
        afterCallbackRedirectUrl: null,
        expiresAtMillis: now + 60_000
      }, { _tag: "Approved", account: { email: "through-flow@example.com" } }))
      const state = yield* emulator.run(EmulatorState.get)
      const flowUser = Table.find(state.users, (u) => u.projectId === demoProject.projectId && u.oauthAccounts.some((a) => a.accountId === "mock-through-flow@example.com"))
      assert.isDefined(flowUser)
      assert.strictEqual((yield* token(flowUser!.id)).status, 201)
      assert.strictEqual((yield* token(flowUser!.id, "repo")).status, 201)
      assertKnownError(yield* token(flowUser!.id, "gist"), "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE", 400)
    })))
})

describe("routing", () => {
  it.effect("a path a literal route owns is never a parameter of another: a method it lacks is a bare 405", () =>
    withEmulator(Effect.gen(function*() {
      for (const [method, path] of [["GET", "/user-api-keys/check"], ["PATCH", "/team-api-keys/check"], ["DELETE", "/team-invitations/accept"]] as const) {
        const answer = yield* server(method, path, method === "GET" ? undefined : {})
        assert.strictEqual(answer.status, 405, `${method} ${path}: ${answer.text}`)
        assert.isNull(answer.headers.get("x-stack-known-error"))
        assert.strictEqual(answer.text, "")
      }
      // a parameter still matches where no literal route owns the path
      assertKnownError(yield* server("GET", `/user-api-keys/${crypto.randomUUID()}`), "API_KEY_NOT_FOUND", 404)
    })))
})
