/**
 * Sequences of teams, memberships, member profiles, invitations, permissions and API keys.
 */
import type { Context, Project, Tokens } from "../Context.ts"
import { sequence, type Sequence } from "../Sequence.ts"

const teamOf = async (ctx: Context, p: Project, creator: Tokens, name = "Team A") => {
  const team = await ctx.quiet({ method: "POST", path: "/teams", body: { display_name: name, creator_user_id: creator.userId } }, ctx.server(p))
  const id = ctx.field(team, "id")
  ctx.alias(id, `team:${name}`)
  return id
}

export const sequences: ReadonlyArray<Sequence> = [
  sequence("POST /teams", "happy", "client creates a team, lists, updates and deletes it", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("list after sign-up", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p, t))
    const created = await ctx.send("create", { method: "POST", path: "/teams", body: { display_name: "Client Team", creator_user_id: "me" } }, ctx.client(p, t))
    const id = ctx.field(created, "id")
    ctx.alias(id, "team:client")
    await ctx.send("read", { method: "GET", path: `/teams/${id}` }, ctx.client(p, t))
    await ctx.send("update", { method: "PATCH", path: `/teams/${id}`, body: { display_name: "Renamed", client_metadata: { a: 1 } } }, ctx.client(p, t))
    await ctx.send("delete", { method: "DELETE", path: `/teams/${id}` }, ctx.client(p, t))
    await ctx.send("read deleted", { method: "GET", path: `/teams/${id}` }, ctx.client(p, t))
  }),
  sequence("POST /teams", "known-error", "client creates a team where client team creation is off", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("create", { method: "POST", path: "/teams", body: { display_name: "Nope", creator_user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("POST /teams", "malformed", "create a team without a name", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("create", { method: "POST", path: "/teams", body: { creator_user_id: "me", profile_image_url: 3 } }, ctx.client(p, t))
  }),
  sequence("POST /teams", "happy", "server creates a team with a creator and lists teams", async (ctx) => {
    const p = await ctx.project("fresh")
    const t = await ctx.signUp(p, ctx.email())
    const created = await ctx.send("create", { method: "POST", path: "/teams", body: { display_name: "Server Team", creator_user_id: t.userId, server_metadata: { s: true } } }, ctx.server(p))
    ctx.alias(ctx.field(created, "id"), "team:server")
    await ctx.send("list all", { method: "GET", path: "/teams" }, ctx.server(p))
    await ctx.send("list of user", { method: "GET", path: "/teams", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("client list", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("GET /teams/{id}", "known-error", "read, update and delete an unknown team", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const unknown = "00000000-0000-4000-8000-000000000000"
    await ctx.send("server read", { method: "GET", path: `/teams/${unknown}` }, ctx.server(p))
    await ctx.send("client read", { method: "GET", path: `/teams/${unknown}` }, ctx.client(p, t))
    await ctx.send("client update", { method: "PATCH", path: `/teams/${unknown}`, body: { display_name: "x" } }, ctx.client(p, t))
    await ctx.send("server delete", { method: "DELETE", path: `/teams/${unknown}` }, ctx.server(p))
  }),
  sequence("PATCH /teams/{id}", "known-error", "a member without $update_team updates the team", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await ctx.quiet({ method: "POST", path: `/team-memberships/${team}/${member.userId}`, body: {} }, ctx.server(p))
    await ctx.send("update", { method: "PATCH", path: `/teams/${team}`, body: { display_name: "Mine now" } }, ctx.client(p, member))
    await ctx.send("delete", { method: "DELETE", path: `/teams/${team}` }, ctx.client(p, member))
  }),
  sequence("POST /team-memberships/{team}/{user}", "happy", "add, re-add, leave a team", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("add", { method: "POST", path: `/team-memberships/${team}/${member.userId}`, body: {} }, ctx.server(p))
    await ctx.send("add again", { method: "POST", path: `/team-memberships/${team}/${member.userId}`, body: {} }, ctx.server(p))
    await ctx.send("leave", { method: "DELETE", path: `/team-memberships/${team}/me` }, ctx.client(p, member))
    await ctx.send("leave again", { method: "DELETE", path: `/team-memberships/${team}/me` }, ctx.client(p, member))
  }),
  sequence("POST /team-memberships/{team}/{user}", "known-error", "add an unknown user or to an unknown team", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("unknown user", { method: "POST", path: `/team-memberships/${team}/00000000-0000-4000-8000-000000000000`, body: {} }, ctx.server(p))
    await ctx.send("unknown team", { method: "POST", path: `/team-memberships/00000000-0000-4000-8000-000000000000/${owner.userId}`, body: {} }, ctx.server(p))
    await ctx.send("client adds", { method: "POST", path: `/team-memberships/${team}/${owner.userId}`, body: {} }, ctx.client(p, owner))
  }),
  sequence("GET /team-member-profiles", "happy", "list, read and update member profiles", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("list", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.client(p, owner))
    await ctx.send("read mine", { method: "GET", path: `/team-member-profiles/${team}/me` }, ctx.client(p, owner))
    await ctx.send("update mine", { method: "PATCH", path: `/team-member-profiles/${team}/me`, body: { display_name: "Boss" } }, ctx.client(p, owner))
    await ctx.send("server list", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.server(p))
  }),
  sequence("GET /team-member-profiles", "known-error", "member profiles of a team I am not in", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const stranger = await ctx.signUp(p, ctx.email("stranger"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("list", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.client(p, stranger))
    await ctx.send("read", { method: "GET", path: `/team-member-profiles/${team}/${owner.userId}` }, ctx.client(p, stranger))
    await ctx.send("list without team", { method: "GET", path: "/team-member-profiles" }, ctx.client(p, stranger))
  }),
  sequence("POST /team-invitations/send-code", "happy", "invite, list, check, details and revoke", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    const invited = ctx.email("invited")
    await ctx.send("send", { method: "POST", path: "/team-invitations/send-code", body: { email: invited, team_id: team, callback_url: "http://localhost:3000/handler/team-invitation" } }, ctx.client(p, owner))
    await ctx.mails("mail", invited)
    const list = await ctx.send("list", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, owner))
    await ctx.send("revoke", { method: "DELETE", path: `/team-invitations/${ctx.field(list, "items.0.id")}`, query: { team_id: team } }, ctx.client(p, owner))
    await ctx.send("list after", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, owner))
  }),
  sequence("POST /team-invitations/accept", "known-error", "accept with an unknown code", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const code = "f".repeat(45)
    await ctx.send("check", { method: "POST", path: "/team-invitations/accept/check-code", body: { code } }, ctx.client(p, t))
    await ctx.send("details", { method: "POST", path: "/team-invitations/accept/details", body: { code } }, ctx.client(p, t))
    await ctx.send("accept", { method: "POST", path: "/team-invitations/accept", body: { code } }, ctx.client(p, t))
  }),
  sequence("POST /team-invitations/send-code", "known-error", "invite without $invite_members, or to an untrusted URL", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const stranger = await ctx.signUp(p, ctx.email("stranger"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("stranger invites", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x"), team_id: team, callback_url: "http://localhost:3000/handler/team-invitation" } }, ctx.client(p, stranger))
    await ctx.send("untrusted callback", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x"), team_id: team, callback_url: "https://evil.example.org/x" } }, ctx.client(p, owner))
  }),
  sequence("GET /team-permissions", "happy", "team permissions of the creator, recursive and not", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("direct", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: "me", recursive: "false" } }, ctx.client(p, owner))
    await ctx.send("recursive", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: "me", recursive: "true" } }, ctx.client(p, owner))
  }),
  sequence("POST /team-permissions/{team}/{user}/{permission}", "happy", "grant and revoke a team permission", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("grant", { method: "POST", path: `/team-permissions/${team}/${owner.userId}/$read_members`, body: {} }, ctx.server(p))
    await ctx.send("revoke", { method: "DELETE", path: `/team-permissions/${team}/${owner.userId}/team_admin` }, ctx.server(p))
    await ctx.send("list", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: owner.userId } }, ctx.server(p))
    await ctx.send("grant unknown", { method: "POST", path: `/team-permissions/${team}/${owner.userId}/no_such_permission`, body: {} }, ctx.server(p))
  }),
  sequence("GET /project-permissions", "happy", "project permissions: list, grant unknown, revoke", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("list", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("grant unknown", { method: "POST", path: `/project-permissions/${t.userId}/no_such_permission`, body: {} }, ctx.server(p))
    await ctx.send("list other user as client", { method: "GET", path: "/project-permissions", query: { user_id: "00000000-0000-4000-8000-000000000000" } }, ctx.client(p, t))
  }),
  sequence("POST /team-permission-definitions", "happy", "admin creates, updates, lists and deletes a team permission", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("list", { method: "GET", path: "/team-permission-definitions" }, ctx.admin(p))
    await ctx.send("create", { method: "POST", path: "/team-permission-definitions", body: { id: "editor", description: "Edits", contained_permission_ids: ["$read_members"] } }, ctx.admin(p))
    await ctx.send("create again", { method: "POST", path: "/team-permission-definitions", body: { id: "editor" } }, ctx.admin(p))
    await ctx.send("update", { method: "PATCH", path: "/team-permission-definitions/editor", body: { description: "Edits more" } }, ctx.admin(p))
    await ctx.send("delete", { method: "DELETE", path: "/team-permission-definitions/editor" }, ctx.admin(p))
    await ctx.send("delete again", { method: "DELETE", path: "/team-permission-definitions/editor" }, ctx.admin(p))
  }),
  sequence("POST /team-permission-definitions", "malformed", "permission definitions with bad ids and unknown contained ones", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("bad id", { method: "POST", path: "/team-permission-definitions", body: { id: "Has Spaces!" } }, ctx.admin(p))
    await ctx.send("unknown contained", { method: "POST", path: "/team-permission-definitions", body: { id: "viewer", contained_permission_ids: ["nope"] } }, ctx.admin(p))
    await ctx.send("server key", { method: "GET", path: "/team-permission-definitions" }, ctx.server(p))
  }),
  sequence("POST /project-permission-definitions", "happy", "admin creates and lists a project permission", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("create", { method: "POST", path: "/project-permission-definitions", body: { id: "billing", description: "Billing" } }, ctx.admin(p))
    await ctx.send("list", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("grant", { method: "POST", path: `/project-permissions/${t.userId}/billing`, body: {} }, ctx.server(p))
    await ctx.send("user list", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("POST /user-api-keys", "happy", "user API keys: create, list, check, revoke", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const created = await ctx.send("create", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "ci", expires_at_millis: null } }, ctx.client(p, t))
    const id = ctx.field(created, "id")
    await ctx.send("list", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("check", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(created, "value") } }, ctx.server(p))
    await ctx.send("revoke", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: true } }, ctx.client(p, t))
    await ctx.send("check revoked", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(created, "value") } }, ctx.server(p))
  }),
  sequence("POST /user-api-keys", "known-error", "user API keys where they are off; unknown key check", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("create", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "ci", expires_at_millis: null } }, ctx.client(p, t))
    await ctx.send("check unknown", { method: "POST", path: "/user-api-keys/check", body: { api_key: "stack_pk_unknown" } }, ctx.server(p))
  }),
  sequence("POST /team-api-keys", "happy", "team API keys: create and list", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await ctx.send("create", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "deploy", expires_at_millis: null } }, ctx.client(p, owner))
    await ctx.send("list", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, owner))
  })
]
