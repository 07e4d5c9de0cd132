import { describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as ApiKeys from "../../packages/sdk/src/api/ApiKeys.ts"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as TeamInvitations from "../../packages/sdk/src/api/TeamInvitations.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import { differentialApps, signedInTokens } from "../support/Differential.ts"
import { is, type RecordedRequest, recordingServer, sameRequests } from "../support/RecordingServer.ts"

// The official SDK (devDependency, test oracle only) and ours take the same steps against a
// recording loopback server answering like the service; the protocol-relevant parts of the
// requests each step sends must be equal. The official SDK also reads through caches (GET
// /users/me, list refreshes): each step compares only the requests of the calls under test.

const keys = { projectId: "proj-1", publishableClientKey: "pck_abc", secretServerKey: "ssk_def" }
const USER = "11111111-1111-4111-8111-111111111111"
const TEAM = "22222222-2222-4222-8222-222222222222"
const KEY = "33333333-3333-4333-8333-333333333333"
const CODE = "a".repeat(45)

const tokens = signedInTokens(USER, keys.projectId)

const team = {
  id: TEAM, display_name: "Team", profile_image_url: null, client_metadata: null, client_read_only_metadata: null,
  server_metadata: null, created_at_millis: 0
}
const user = {
  id: USER, primary_email: "u@example.com", primary_email_verified: true, primary_email_auth_enabled: true, display_name: "U",
  client_metadata: null, client_read_only_metadata: null, server_metadata: null, profile_image_url: null, signed_up_at_millis: 0,
  last_active_at_millis: 0, has_password: true, auth_with_email: true, oauth_providers: [], selected_team_id: null,
  selected_team: null, requires_totp_mfa: false, otp_auth_enabled: false, passkey_auth_enabled: false, is_anonymous: false
}
const key = (type: "user" | "team", value: unknown) => ({
  id: KEY, description: "d", is_public: false, created_at_millis: 0, value,
  ...(type === "user" ? { type, user_id: USER } : { type, team_id: TEAM })
})

/** Answers like the service, enough for both SDKs to go on. */
const respond = (request: RecordedRequest): { status?: number; body: unknown } => {
  const path = request.path.replace(/^\/api\/v1/, "")
  const type = path.startsWith("/team-api-keys") ? "team" : "user"
  if (request.method === "DELETE") return { body: { success: true } }
  if (path.startsWith("/users")) return { body: path === "/users" ? { items: [user], is_paginated: false } : user }
  if (path === "/teams") return request.method === "GET" ? { body: { items: [team], is_paginated: false } } : { status: 201, body: team }
  if (path.endsWith("-permissions")) return { body: { items: [], is_paginated: false } }
  if (path.startsWith("/team-permissions/")) return { status: 201, body: { id: "perm", user_id: USER, team_id: TEAM } }
  if (path.startsWith("/project-permissions/")) return { status: 201, body: { id: "perm", user_id: USER } }
  if (path.startsWith("/team-memberships/")) return { status: 201, body: { team_id: TEAM, user_id: USER } }
  if (path === "/team-invitations/send-code") return { body: { success: true, id: KEY } }
  if (path === "/team-invitations") return { body: { items: [], is_paginated: false } }
  if (path.startsWith("/team-invitations/accept")) return { body: {} }
  if (/^\/(user|team)-api-keys$/.test(path)) {
    return request.method === "POST" ? { body: key(type, "sk_full_value") } : { body: { items: [key(type, { last_four: "alue" })], is_paginated: false } }
  }
  if (/^\/(user|team)-api-keys\//.test(path)) return { body: key(type, { last_four: "alue" }) }
  return { body: {} }
}

describe("teams, permissions and API keys send the same requests as @stackframe/js", () => {
  it.effect("client and server steps", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(respond)
      const { theirClient, theirServer, ourClient, ourServer } = yield* differentialApps(server.url, keys, tokens)

      const same = sameRequests(server)

      const me = () => theirClient.getUser({ or: "throw" })
      const theirTeam = async () => (await (await me()).getTeam(TEAM))!

      yield* same("list teams", async () => (await me()).listTeams(), Teams.list(), ourClient, is("GET", "/teams"))
      yield* same("create team", async () => (await me()).createTeam({ displayName: "Team" }), Teams.create({ displayName: "Team" }), ourClient, is("POST", "/teams"))
      yield* same("create team selects it", async () => (await me()).createTeam({ displayName: "Team" }), Teams.create({ displayName: "Team" }), ourClient, is("PATCH", "/users/me"))
      yield* same("leave team", async () => (await me()).leaveTeam(await theirTeam()), TeamMemberships.leave(TEAM), ourClient, is("DELETE", `/team-memberships/${TEAM}/me`))
      yield* same(
        "send invitation",
        async () => (await theirTeam()).inviteUser({ email: "new@example.com", callbackUrl: "http://localhost:3000/handler/team-invitation" }),
        TeamInvitations.send({ teamId: TEAM, email: "new@example.com", callbackUrl: "http://localhost:3000/handler/team-invitation" }),
        ourClient,
        is("POST", "/team-invitations/send-code")
      )
      yield* same("accept invitation", () => theirClient.acceptTeamInvitation(CODE), TeamInvitations.accept(CODE), ourClient, is("POST", "/team-invitations/accept"))
      yield* same("team permissions", async () => (await me()).listPermissions(await theirTeam()), Permissions.listTeam(TEAM), ourClient, is("GET", "/team-permissions"))
      yield* same(
        "direct team permissions",
        async () => (await me()).listPermissions(await theirTeam(), { recursive: false }),
        Permissions.listTeam(TEAM, { recursive: false }),
        ourClient,
        is("GET", "/team-permissions")
      )
      yield* same("project permissions", async () => (await me()).listPermissions(), Permissions.listProject(), ourClient, is("GET", "/project-permissions"))

      yield* same(
        "create user API key",
        async () => (await me()).createApiKey({ description: "d", expiresAt: null, isPublic: false }),
        ApiKeys.create({ userId: "me", description: "d", expiresAt: null, isPublic: false }),
        ourClient,
        is("POST", "/user-api-keys")
      )
      yield* same("list user API keys", async () => (await me()).listApiKeys(), ApiKeys.list({ userId: "me" }), ourClient, is("GET", "/user-api-keys"))
      yield* same(
        "revoke user API key",
        async () => (await (await me()).listApiKeys())[0]!.revoke(),
        ApiKeys.revoke({ userId: USER }, KEY),
        ourClient,
        is("PATCH", `/user-api-keys/${KEY}`)
      )
      yield* same(
        "create team API key",
        async () => (await theirTeam()).createApiKey({ description: "d", expiresAt: null, isPublic: false }),
        ApiKeys.create({ teamId: TEAM, description: "d", expiresAt: null, isPublic: false }),
        ourClient,
        is("POST", "/team-api-keys")
      )
      yield* same("list team API keys", async () => (await theirTeam()).listApiKeys(), ApiKeys.list({ teamId: TEAM }), ourClient, is("GET", "/team-api-keys"))
      yield* same(
        "revoke team API key",
        async () => (await (await theirTeam()).listApiKeys())[0]!.revoke(),
        ApiKeys.revoke({ teamId: TEAM }, KEY),
        ourClient,
        is("PATCH", `/team-api-keys/${KEY}`)
      )

      yield* same("check user API key", () => theirServer.getUser({ apiKey: "sk_user" }), ApiKeys.check("user", "sk_user"), ourServer, is("POST", "/user-api-keys/check"))
      yield* same("check team API key", () => theirServer.getTeam({ apiKey: "sk_team" }), ApiKeys.check("team", "sk_team"), ourServer, is("POST", "/team-api-keys/check"))
      const theirUser = async () => (await theirServer.getUser(USER))!
      const scope = { id: TEAM } as never
      yield* same("grant team permission", async () => (await theirUser()).grantPermission(scope, "perm"), Permissions.grantTeam(TEAM, USER, "perm"), ourServer, is("POST", /\/team-permissions\//))
      yield* same("revoke team permission", async () => (await theirUser()).revokePermission(scope, "perm"), Permissions.revokeTeam(TEAM, USER, "perm"), ourServer, is("DELETE", /\/team-permissions\//))
      yield* same("grant project permission", async () => (await theirUser()).grantPermission("perm"), Permissions.grantProject(USER, "perm"), ourServer, is("POST", /\/project-permissions\//))
      yield* same("revoke project permission", async () => (await theirUser()).revokePermission("perm"), Permissions.revokeProject(USER, "perm"), ourServer, is("DELETE", /\/project-permissions\//))
      yield* same(
        "list a user's team permissions",
        async () => (await theirUser()).listPermissions(scope),
        Permissions.listTeamAsServer({ userId: USER, teamId: TEAM }),
        ourServer,
        is("GET", "/team-permissions")
      )
      const theirServerTeam = async () => (await theirServer.getTeam(TEAM))!
      yield* same("add member", async () => (await theirServerTeam()).addUser(USER), TeamMemberships.add(TEAM, USER), ourServer, is("POST", /\/team-memberships\//))
      yield* same("remove member", async () => (await theirServerTeam()).removeUser(USER), TeamMemberships.remove(TEAM, USER), ourServer, is("DELETE", /\/team-memberships\//))
    }))
})
