/**
 * More sequences of teams, memberships, member profiles, invitations, permissions, permission
 * definitions and API keys: other options, each documented known error, malformed input, client
 * versus server access. Written apart from Teams.ts so that they are not fitted to it.
 */
import type { Context, Project, Tokens } from "../Context.ts"
import { type As, mailbox, type Req } from "../Wire.ts"
import { sequence as plain, type Sequence } from "../Sequence.ts"

/** Every name here starts with `teams+` (`--only teams+` runs just these). */
const sequence = (route: string, kind: Sequence["kind"], name: string, run: Sequence["run"]) => plain(route, kind, `teams+ ${name}`, run)

/**
 * Sends like `ctx.send`, but a signed-in request first gets a fresh access token (quietly): the
 * real service's tokens live 30 s, and a loaded machine answers in seconds.
 */
export const refreshed = async (ctx: Context, as: As): Promise<As> => {
  if (as.accessToken === undefined || as.refreshToken === undefined || as.keys === undefined) return as
  const answer = await ctx.quiet({ method: "POST", path: "/auth/sessions/current/refresh" }, { access: "client", keys: as.keys, refreshToken: as.refreshToken })
  const token = (answer.body as { readonly access_token?: unknown } | undefined)?.access_token
  return typeof token === "string" ? { ...as, accessToken: token } : as
}
export const send = async (ctx: Context, label: string, req: Req, as: As) => ctx.send(label, req, await refreshed(ctx, as))
export const quiet = async (ctx: Context, req: Req, as: As) => ctx.quiet(req, await refreshed(ctx, as))

export const unknownId = "00000000-0000-4000-8000-000000000000"
const inviteCallback = "http://localhost:3000/handler/team-invitation"

export const teamOf = async (ctx: Context, p: Project, creator: Tokens | undefined, name = "Team M") => {
  const body = creator === undefined ? { display_name: name } : { display_name: name, creator_user_id: creator.userId }
  const team = await quiet(ctx, { method: "POST", path: "/teams", body }, ctx.server(p))
  const id = ctx.field(team, "id")
  ctx.alias(id, `team:${name}`)
  return id
}

export const join = (ctx: Context, p: Project, team: string, user: Tokens) =>
  quiet(ctx, { method: "POST", path: `/team-memberships/${team}/${user.userId}`, body: {} }, ctx.server(p))

/**
 * The invitation code of the last mail to `address` (the `code` query parameter of its link),
 * read without recording the mail (its subject and body are the mail helper's area).
 */
const invitationCode = async (ctx: Context, address: string): Promise<string | undefined> => {
  const mails = await mailbox(ctx.target, address, 1)
  const last = mails[mails.length - 1]
  if (last === undefined) return undefined
  const match = /[?&]code=([A-Za-z0-9_-]+)/.exec(`${last.text} ${last.html}`.replaceAll("&amp;", "&"))
  return match?.[1]
}

export const sequences: ReadonlyArray<Sequence> = [
  // ---- teams: list
  sequence("GET /teams", "known-error", "client lists teams without user_id, with another user's id, with its own id", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "no user_id", { method: "GET", path: "/teams" }, ctx.client(p, t))
    await send(ctx, "other user", { method: "GET", path: "/teams", query: { user_id: unknownId } }, ctx.client(p, t))
    await send(ctx, "own id", { method: "GET", path: "/teams", query: { user_id: t.userId } }, ctx.client(p, t))
  }),
  sequence("GET /teams", "auth", "signed-out client lists teams of me and without user_id", async (ctx) => {
    const p = await ctx.project()
    await send(ctx, "me", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p))
    await send(ctx, "none", { method: "GET", path: "/teams" }, ctx.client(p))
  }),
  sequence("GET /teams", "malformed", "server lists teams of a malformed user id and of an unknown user", async (ctx) => {
    const p = await ctx.project()
    await send(ctx, "not a uuid", { method: "GET", path: "/teams", query: { user_id: "abc" } }, ctx.server(p))
    await send(ctx, "unknown user", { method: "GET", path: "/teams", query: { user_id: unknownId } }, ctx.server(p))
    await send(ctx, "me without user", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.server(p))
  }),
  sequence("GET /teams", "happy", "server lists the teams of a user in several teams, oldest first", async (ctx) => {
    const p = await ctx.project("fresh")
    const t = await ctx.signUp(p, ctx.email())
    await teamOf(ctx, p, t, "First")
    await teamOf(ctx, p, t, "Second")
    await teamOf(ctx, p, undefined, "Nobody's")
    await send(ctx, "user's", { method: "GET", path: "/teams", query: { user_id: t.userId } }, ctx.server(p))
    await send(ctx, "all", { method: "GET", path: "/teams" }, ctx.server(p))
    await send(ctx, "client me", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  // ---- teams: create
  sequence("POST /teams", "happy", "client creates a team without creator_user_id and with metadata", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    const created = await send(ctx, "create", { method: "POST", path: "/teams", body: { display_name: "Implicit", client_metadata: { k: [1, 2] } } }, ctx.client(p, t))
    ctx.alias(ctx.field(created, "id"), "team:implicit")
    await send(ctx, "my permissions", { method: "GET", path: "/team-permissions", query: { team_id: ctx.field(created, "id"), user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("POST /teams", "known-error", "client creates a team for another user", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    await send(ctx, "other creator", { method: "POST", path: "/teams", body: { display_name: "Theirs", creator_user_id: other.userId } }, ctx.client(p, t))
    await send(ctx, "signed out", { method: "POST", path: "/teams", body: { display_name: "Nobody" } }, ctx.client(p))
  }),
  sequence("POST /teams", "malformed", "create a team with wrong types in several fields", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "client", { method: "POST", path: "/teams", body: { display_name: 7, profile_image_url: false, creator_user_id: 5 } }, ctx.client(p, t))
    await send(ctx, "server", { method: "POST", path: "/teams", body: { display_name: ["x"], server_metadata: "s", creator_user_id: "not-a-uuid" } }, ctx.server(p))
    await send(ctx, "client server-only fields", { method: "POST", path: "/teams", body: { display_name: "x", server_metadata: { a: 1 }, client_read_only_metadata: { b: 2 } } }, ctx.client(p, t))
    await send(ctx, "empty body", { method: "POST", path: "/teams", body: {} }, ctx.server(p))
  }),
  sequence("POST /teams", "malformed", "create a team with unknown fields and a non-object body", async (ctx) => {
    const p = await ctx.project("teams")
    await send(ctx, "unknown field", { method: "POST", path: "/teams", body: { display_name: "x", color: "red" } }, ctx.server(p))
    await send(ctx, "array body", { method: "POST", path: "/teams", body: [1] }, ctx.server(p))
    await send(ctx, "no body", { method: "POST", path: "/teams" }, ctx.server(p))
  }),
  sequence("POST /teams", "known-error", "server creates a team for an unknown user, then lists", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "unknown creator", { method: "POST", path: "/teams", body: { display_name: "Ghost", creator_user_id: unknownId } }, ctx.server(p))
    await send(ctx, "list", { method: "GET", path: "/teams" }, ctx.server(p))
    await send(ctx, "me without user", { method: "POST", path: "/teams", body: { display_name: "Me", creator_user_id: "me" } }, ctx.server(p))
  }),
  sequence("POST /teams", "known-error", "client team image that is not a base64 image", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "http url", { method: "POST", path: "/teams", body: { display_name: "Img", profile_image_url: "https://example.com/a.png" } }, ctx.client(p, t))
    await send(ctx, "server http url", { method: "POST", path: "/teams", body: { display_name: "Img", profile_image_url: "https://example.com/a.png" } }, ctx.server(p))
  }),
  sequence("POST /teams", "happy", "server creates a team with every field and reads it as client and server", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email())
    const created = await send(ctx, "create", {
      method: "POST",
      path: "/teams",
      body: { display_name: "Full", creator_user_id: t.userId, client_metadata: { c: 1 }, client_read_only_metadata: { r: 2 }, server_metadata: { s: 3 }, profile_image_url: null }
    }, ctx.server(p))
    const id = ctx.field(created, "id")
    ctx.alias(id, "team:full")
    await send(ctx, "client read", { method: "GET", path: `/teams/${id}` }, ctx.client(p, t))
    await send(ctx, "server read", { method: "GET", path: `/teams/${id}` }, ctx.server(p))
    await send(ctx, "client list", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  // ---- teams: read, update, delete
  sequence("GET /teams/{id}", "malformed", "team ids that are not UUIDs", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "server read", { method: "GET", path: "/teams/not-a-uuid" }, ctx.server(p))
    await send(ctx, "client patch", { method: "PATCH", path: "/teams/not-a-uuid", body: { display_name: 3 } }, ctx.client(p, t))
    await send(ctx, "server delete", { method: "DELETE", path: "/teams/123" }, ctx.server(p))
  }),
  sequence("GET /teams/{id}", "known-error", "a non-member and a signed-out client read a team", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const stranger = await ctx.signUp(p, ctx.email("stranger"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "stranger", { method: "GET", path: `/teams/${team}` }, ctx.client(p, stranger))
    await send(ctx, "signed out", { method: "GET", path: `/teams/${team}` }, ctx.client(p))
    await send(ctx, "signed out update", { method: "PATCH", path: `/teams/${team}`, body: { display_name: "x" } }, ctx.client(p))
    await send(ctx, "stranger delete", { method: "DELETE", path: `/teams/${team}` }, ctx.client(p, stranger))
  }),
  sequence("PATCH /teams/{id}", "happy", "server updates every field, then clears metadata", async (ctx) => {
    const p = await ctx.project()
    const team = await teamOf(ctx, p, undefined)
    await send(ctx, "update", {
      method: "PATCH",
      path: `/teams/${team}`,
      body: { display_name: "New", client_metadata: { a: 1 }, client_read_only_metadata: { b: 2 }, server_metadata: { c: 3 } }
    }, ctx.server(p))
    await send(ctx, "clear", { method: "PATCH", path: `/teams/${team}`, body: { client_metadata: null, server_metadata: null } }, ctx.server(p))
    await send(ctx, "empty", { method: "PATCH", path: `/teams/${team}`, body: {} }, ctx.server(p))
    await send(ctx, "delete", { method: "DELETE", path: `/teams/${team}` }, ctx.server(p))
    await send(ctx, "delete again", { method: "DELETE", path: `/teams/${team}` }, ctx.server(p))
  }),
  sequence("PATCH /teams/{id}", "malformed", "client updates server-only team fields and wrong types", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "server fields", { method: "PATCH", path: `/teams/${team}`, body: { server_metadata: { x: 1 } } }, ctx.client(p, owner))
    await send(ctx, "wrong types", { method: "PATCH", path: `/teams/${team}`, body: { display_name: 1, profile_image_url: 2 } }, ctx.client(p, owner))
    await send(ctx, "unknown field", { method: "PATCH", path: `/teams/${team}`, body: { nickname: "x" } }, ctx.server(p))
    await send(ctx, "owner ok", { method: "PATCH", path: `/teams/${team}`, body: { display_name: "Owned" } }, ctx.client(p, owner))
  }),
  sequence("DELETE /teams/{id}", "happy", "the creator deletes its team; its memberships are gone", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "delete", { method: "DELETE", path: `/teams/${team}` }, ctx.client(p, owner))
    await send(ctx, "member's teams", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p, member))
    await send(ctx, "profiles", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.server(p))
  }),
  // ---- memberships
  sequence("DELETE /team-memberships/{team}/{user}", "known-error", "a plain member removes another; the owner removes a member", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const a = await ctx.signUp(p, ctx.email("a"))
    const b = await ctx.signUp(p, ctx.email("b"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, a)
    await join(ctx, p, team, b)
    await send(ctx, "member removes member", { method: "DELETE", path: `/team-memberships/${team}/${b.userId}` }, ctx.client(p, a))
    await send(ctx, "owner removes member", { method: "DELETE", path: `/team-memberships/${team}/${b.userId}` }, ctx.client(p, owner))
    await send(ctx, "owner removes non-member", { method: "DELETE", path: `/team-memberships/${team}/${b.userId}` }, ctx.client(p, owner))
    await send(ctx, "list", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.server(p))
  }),
  sequence("DELETE /team-memberships/{team}/{user}", "known-error", "server removes from unknown teams and users; signed-out client leaves", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "unknown team", { method: "DELETE", path: `/team-memberships/${unknownId}/${owner.userId}` }, ctx.server(p))
    await send(ctx, "unknown user", { method: "DELETE", path: `/team-memberships/${team}/${unknownId}` }, ctx.server(p))
    await send(ctx, "me as server", { method: "DELETE", path: `/team-memberships/${team}/me` }, ctx.server(p))
    await send(ctx, "signed out", { method: "DELETE", path: `/team-memberships/${team}/me` }, ctx.client(p))
    await send(ctx, "stranger leaves", { method: "DELETE", path: `/team-memberships/${unknownId}/me` }, ctx.client(p, owner))
  }),
  sequence("POST /team-memberships/{team}/{user}", "malformed", "memberships with malformed ids and a body", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "bad team", { method: "POST", path: `/team-memberships/bad/${owner.userId}`, body: {} }, ctx.server(p))
    await send(ctx, "bad user", { method: "POST", path: `/team-memberships/${team}/bad`, body: {} }, ctx.server(p))
    await send(ctx, "both bad", { method: "POST", path: "/team-memberships/bad/bad", body: {} }, ctx.server(p))
    await send(ctx, "me as server", { method: "POST", path: `/team-memberships/${team}/me`, body: {} }, ctx.server(p, owner))
    await send(ctx, "no body", { method: "POST", path: `/team-memberships/${team}/${owner.userId}` }, ctx.server(p))
  }),
  // ---- member profiles
  sequence("GET /team-member-profiles", "happy", "server lists profiles of a team and of a user; reads and updates one", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "by team", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "by team and user", { method: "GET", path: "/team-member-profiles", query: { team_id: team, user_id: member.userId } }, ctx.server(p))
    await send(ctx, "by user", { method: "GET", path: "/team-member-profiles", query: { user_id: member.userId } }, ctx.server(p))
    await send(ctx, "all", { method: "GET", path: "/team-member-profiles" }, ctx.server(p))
    await send(ctx, "server update", { method: "PATCH", path: `/team-member-profiles/${team}/${member.userId}`, body: { display_name: "Mem", profile_image_url: "https://example.com/p.png" } }, ctx.server(p))
    await send(ctx, "server read", { method: "GET", path: `/team-member-profiles/${team}/${member.userId}` }, ctx.server(p))
  }),
  sequence("GET /team-member-profiles/{team}/{user}", "known-error", "a member reads and updates another member's profile", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "member reads owner", { method: "GET", path: `/team-member-profiles/${team}/${owner.userId}` }, ctx.client(p, member))
    await send(ctx, "member lists", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "member lists own", { method: "GET", path: "/team-member-profiles", query: { team_id: team, user_id: "me" } }, ctx.client(p, member))
    await send(ctx, "member updates owner", { method: "PATCH", path: `/team-member-profiles/${team}/${owner.userId}`, body: { display_name: "Hacked" } }, ctx.client(p, member))
    await send(ctx, "owner updates member", { method: "PATCH", path: `/team-member-profiles/${team}/${member.userId}`, body: { display_name: "Hacked" } }, ctx.client(p, owner))
  }),
  sequence("PATCH /team-member-profiles/{team}/{user}", "malformed", "member profile updates with wrong types and unknown fields", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "wrong types", { method: "PATCH", path: `/team-member-profiles/${team}/me`, body: { display_name: 5, profile_image_url: true } }, ctx.client(p, owner))
    await send(ctx, "unknown field", { method: "PATCH", path: `/team-member-profiles/${team}/me`, body: { title: "CEO" } }, ctx.client(p, owner))
    await send(ctx, "null name", { method: "PATCH", path: `/team-member-profiles/${team}/me`, body: { display_name: null } }, ctx.client(p, owner))
    await send(ctx, "bad team id", { method: "PATCH", path: "/team-member-profiles/x/me", body: { display_name: "x" } }, ctx.client(p, owner))
    await send(ctx, "non-member", { method: "GET", path: `/team-member-profiles/${unknownId}/me` }, ctx.client(p, owner))
  }),
  sequence("GET /team-member-profiles", "malformed", "member profile lists with malformed ids, signed out", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "bad team", { method: "GET", path: "/team-member-profiles", query: { team_id: "x" } }, ctx.server(p))
    await send(ctx, "bad user", { method: "GET", path: "/team-member-profiles", query: { user_id: "x" } }, ctx.server(p))
    await send(ctx, "signed out", { method: "GET", path: "/team-member-profiles", query: { team_id: unknownId } }, ctx.client(p))
    await send(ctx, "unknown team", { method: "GET", path: "/team-member-profiles", query: { team_id: unknownId } }, ctx.server(p))
    await send(ctx, "client user other", { method: "GET", path: "/team-member-profiles", query: { user_id: unknownId } }, ctx.client(p, t))
  }),
  // ---- invitations
  sequence("POST /team-invitations/accept", "happy", "invite, check, details, accept, accept again, list teams", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const invitee = await ctx.signUp(p, ctx.email("invitee"))
    const team = await teamOf(ctx, p, owner, "Welcome")
    await send(ctx, "send", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("invitee"), team_id: team, callback_url: inviteCallback } }, ctx.client(p, owner))
    const code = await invitationCode(ctx, ctx.email("invitee"))
    if (code === undefined) return
    await send(ctx, "check", { method: "POST", path: "/team-invitations/accept/check-code", body: { code } }, ctx.client(p, invitee))
    await send(ctx, "details", { method: "POST", path: "/team-invitations/accept/details", body: { code } }, ctx.client(p, invitee))
    await send(ctx, "accept", { method: "POST", path: "/team-invitations/accept", body: { code } }, ctx.client(p, invitee))
    await send(ctx, "accept again", { method: "POST", path: "/team-invitations/accept", body: { code } }, ctx.client(p, invitee))
    await send(ctx, "check used", { method: "POST", path: "/team-invitations/accept/check-code", body: { code } }, ctx.client(p, invitee))
    await send(ctx, "teams", { method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p, invitee))
    await send(ctx, "permissions", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: "me" } }, ctx.client(p, invitee))
  }),
  sequence("POST /team-invitations/accept", "known-error", "signed-out details and accept of a real code; an existing member accepts", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner, "Again")
    await quiet(ctx, { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("owner"), team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    const code = await invitationCode(ctx, ctx.email("owner"))
    if (code === undefined) return
    await send(ctx, "signed-out check", { method: "POST", path: "/team-invitations/accept/check-code", body: { code } }, ctx.client(p))
    await send(ctx, "signed-out details", { method: "POST", path: "/team-invitations/accept/details", body: { code } }, ctx.client(p))
    await send(ctx, "signed-out accept", { method: "POST", path: "/team-invitations/accept", body: { code } }, ctx.client(p))
    await send(ctx, "member accepts", { method: "POST", path: "/team-invitations/accept", body: { code } }, ctx.client(p, owner))
    await send(ctx, "profiles", { method: "GET", path: "/team-member-profiles", query: { team_id: team } }, ctx.server(p))
  }),
  sequence("POST /team-invitations/accept", "malformed", "accept codes that are missing, of a wrong type or too short", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "missing", { method: "POST", path: "/team-invitations/accept", body: {} }, ctx.client(p, t))
    await send(ctx, "number", { method: "POST", path: "/team-invitations/accept/check-code", body: { code: 12 } }, ctx.client(p, t))
    await send(ctx, "short", { method: "POST", path: "/team-invitations/accept/details", body: { code: "abc" } }, ctx.client(p, t))
    await send(ctx, "extra field", { method: "POST", path: "/team-invitations/accept/check-code", body: { code: "g".repeat(45), team_id: unknownId } }, ctx.client(p, t))
  }),
  sequence("POST /team-invitations/send-code", "happy", "server sends an invitation; server lists and revokes it", async (ctx) => {
    const p = await ctx.project()
    const team = await teamOf(ctx, p, undefined, "Served")
    const invited = ctx.email("invited")
    await send(ctx, "send", { method: "POST", path: "/team-invitations/send-code", body: { email: invited, team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    await send(ctx, "send twice", { method: "POST", path: "/team-invitations/send-code", body: { email: invited, team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    const list = await send(ctx, "list", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "revoke", { method: "DELETE", path: `/team-invitations/${ctx.field(list, "items.0.id")}`, query: { team_id: team } }, ctx.server(p))
    await send(ctx, "list after", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.server(p))
  }),
  sequence("POST /team-invitations/send-code", "malformed", "invitations with missing and malformed fields", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "empty", { method: "POST", path: "/team-invitations/send-code", body: {} }, ctx.client(p, owner))
    await send(ctx, "bad email and team", { method: "POST", path: "/team-invitations/send-code", body: { email: "not-an-email", team_id: "x", callback_url: inviteCallback } }, ctx.client(p, owner))
    await send(ctx, "bad callback", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x"), team_id: team, callback_url: "not a url" } }, ctx.client(p, owner))
    await send(ctx, "types", { method: "POST", path: "/team-invitations/send-code", body: { email: 1, team_id: 2, callback_url: 3 } }, ctx.server(p))
  }),
  sequence("POST /team-invitations/send-code", "known-error", "invitations to an unknown team, signed out, by server", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    await send(ctx, "client unknown team", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x"), team_id: unknownId, callback_url: inviteCallback } }, ctx.client(p, owner))
    await send(ctx, "server unknown team", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x"), team_id: unknownId, callback_url: inviteCallback } }, ctx.server(p))
    await send(ctx, "signed out", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x"), team_id: unknownId, callback_url: inviteCallback } }, ctx.client(p))
  }),
  sequence("GET /team-invitations", "known-error", "a plain member lists and revokes invitations; bad queries", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await quiet(ctx, { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("inv"), team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    const list = await send(ctx, "member lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, member))
    const owners = await send(ctx, "owner lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, owner))
    void list
    await send(ctx, "member revokes", { method: "DELETE", path: `/team-invitations/${ctx.field(owners, "items.0.id")}`, query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "no team_id", { method: "GET", path: "/team-invitations" }, ctx.client(p, owner))
    await send(ctx, "bad team_id", { method: "GET", path: "/team-invitations", query: { team_id: "x" } }, ctx.server(p))
    await send(ctx, "unknown team", { method: "GET", path: "/team-invitations", query: { team_id: unknownId } }, ctx.server(p))
    await send(ctx, "revoke unknown", { method: "DELETE", path: `/team-invitations/${unknownId}`, query: { team_id: team } }, ctx.client(p, owner))
    await send(ctx, "revoke without team", { method: "DELETE", path: `/team-invitations/${unknownId}` }, ctx.server(p))
    await send(ctx, "revoke bad id", { method: "DELETE", path: "/team-invitations/x", query: { team_id: team } }, ctx.server(p))
  }),
  // ---- team permissions
  sequence("GET /team-permissions", "happy", "server lists team permissions by team, by user, by permission, recursive", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "by team", { method: "GET", path: "/team-permissions", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "by user", { method: "GET", path: "/team-permissions", query: { user_id: member.userId } }, ctx.server(p))
    await send(ctx, "by permission", { method: "GET", path: "/team-permissions", query: { team_id: team, permission_id: "team_admin" } }, ctx.server(p))
    await send(ctx, "recursive by permission", { method: "GET", path: "/team-permissions", query: { team_id: team, permission_id: "$read_members", recursive: "true" } }, ctx.server(p))
    await send(ctx, "all", { method: "GET", path: "/team-permissions" }, ctx.server(p))
  }),
  sequence("GET /team-permissions", "known-error", "client lists team permissions of another user or without user; bad recursive", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "other user", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: owner.userId } }, ctx.client(p, member))
    await send(ctx, "no user", { method: "GET", path: "/team-permissions", query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "bad recursive", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: "me", recursive: "yes" } }, ctx.client(p, member))
    await send(ctx, "bad team", { method: "GET", path: "/team-permissions", query: { team_id: "x", user_id: "me" } }, ctx.client(p, member))
    await send(ctx, "signed out", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: "me" } }, ctx.client(p))
    await send(ctx, "not a member", { method: "GET", path: "/team-permissions", query: { team_id: unknownId, user_id: "me" } }, ctx.client(p, member))
  }),
  sequence("POST /team-permissions/{team}/{user}/{permission}", "known-error", "grant twice, revoke twice, grant to a non-member, client grants", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const stranger = await ctx.signUp(p, ctx.email("stranger"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "grant", { method: "POST", path: `/team-permissions/${team}/${owner.userId}/$manage_api_keys`, body: {} }, ctx.server(p))
    await send(ctx, "grant again", { method: "POST", path: `/team-permissions/${team}/${owner.userId}/$manage_api_keys`, body: {} }, ctx.server(p))
    await send(ctx, "revoke", { method: "DELETE", path: `/team-permissions/${team}/${owner.userId}/$manage_api_keys` }, ctx.server(p))
    await send(ctx, "revoke again", { method: "DELETE", path: `/team-permissions/${team}/${owner.userId}/$manage_api_keys` }, ctx.server(p))
    await send(ctx, "non-member", { method: "POST", path: `/team-permissions/${team}/${stranger.userId}/team_member`, body: {} }, ctx.server(p))
    await send(ctx, "unknown team", { method: "POST", path: `/team-permissions/${unknownId}/${owner.userId}/team_member`, body: {} }, ctx.server(p))
    await send(ctx, "client grants", { method: "POST", path: `/team-permissions/${team}/${owner.userId}/team_member`, body: {} }, ctx.client(p, owner))
    await send(ctx, "bad ids", { method: "POST", path: "/team-permissions/x/y/team_member", body: {} }, ctx.server(p))
    await send(ctx, "revoke unknown permission", { method: "DELETE", path: `/team-permissions/${team}/${owner.userId}/nothing_here` }, ctx.server(p))
  }),
  // ---- project permissions
  sequence("POST /project-permissions/{user}/{permission}", "happy", "grant, grant again, list, revoke, revoke again a project permission", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "reports" } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "all_reports", contained_permission_ids: ["reports"] } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "grant", { method: "POST", path: `/project-permissions/${t.userId}/all_reports`, body: {} }, ctx.server(p))
    await send(ctx, "grant again", { method: "POST", path: `/project-permissions/${t.userId}/all_reports`, body: {} }, ctx.server(p))
    await send(ctx, "direct", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.client(p, t))
    await send(ctx, "recursive", { method: "GET", path: "/project-permissions", query: { user_id: "me", recursive: "true" } }, ctx.client(p, t))
    await send(ctx, "server all", { method: "GET", path: "/project-permissions" }, ctx.server(p))
    await send(ctx, "server by permission", { method: "GET", path: "/project-permissions", query: { permission_id: "reports", recursive: "true" } }, ctx.server(p))
    await send(ctx, "revoke", { method: "DELETE", path: `/project-permissions/${t.userId}/all_reports` }, ctx.server(p))
    await send(ctx, "revoke again", { method: "DELETE", path: `/project-permissions/${t.userId}/all_reports` }, ctx.server(p))
  }),
  sequence("POST /project-permissions/{user}/{permission}", "known-error", "project permissions for unknown users, by clients, signed out", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "unknown user", { method: "POST", path: `/project-permissions/${unknownId}/x`, body: {} }, ctx.server(p))
    await send(ctx, "bad user", { method: "POST", path: "/project-permissions/bad/x", body: {} }, ctx.server(p))
    await send(ctx, "client grants", { method: "POST", path: `/project-permissions/${t.userId}/x`, body: {} }, ctx.client(p, t))
    await send(ctx, "client no user", { method: "GET", path: "/project-permissions" }, ctx.client(p, t))
    await send(ctx, "signed out", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.client(p))
    await send(ctx, "revoke unknown user", { method: "DELETE", path: `/project-permissions/${unknownId}/x` }, ctx.server(p))
  }),
  // ---- permission definitions
  sequence("PATCH /team-permission-definitions/{id}", "happy", "update only the description keeps or resets contained ids; rename", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "create", { method: "POST", path: "/team-permission-definitions", body: { id: "moderator", description: "Mod", contained_permission_ids: ["$read_members", "$invite_members"] } }, ctx.admin(p))
    await send(ctx, "update description", { method: "PATCH", path: "/team-permission-definitions/moderator", body: { description: "Moderates" } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/team-permission-definitions" }, ctx.admin(p))
    await send(ctx, "set contained", { method: "PATCH", path: "/team-permission-definitions/moderator", body: { contained_permission_ids: ["$remove_members"] } }, ctx.admin(p))
    await send(ctx, "rename", { method: "PATCH", path: "/team-permission-definitions/moderator", body: { id: "mod" } }, ctx.admin(p))
    await send(ctx, "old name", { method: "PATCH", path: "/team-permission-definitions/moderator", body: { description: "x" } }, ctx.admin(p))
    await send(ctx, "list after", { method: "GET", path: "/team-permission-definitions" }, ctx.admin(p))
  }),
  sequence("PATCH /team-permission-definitions/{id}", "known-error", "update unknown, rename onto an existing id, delete system permissions", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/team-permission-definitions", body: { id: "one" } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/team-permission-definitions", body: { id: "two" } }, ctx.admin(p))
    await send(ctx, "unknown", { method: "PATCH", path: "/team-permission-definitions/nope", body: { description: "x" } }, ctx.admin(p))
    await send(ctx, "rename onto existing", { method: "PATCH", path: "/team-permission-definitions/one", body: { id: "two" } }, ctx.admin(p))
    await send(ctx, "delete system", { method: "DELETE", path: "/team-permission-definitions/$read_members" }, ctx.admin(p))
    await send(ctx, "update system", { method: "PATCH", path: "/team-permission-definitions/$read_members", body: { description: "x" } }, ctx.admin(p))
    await send(ctx, "contain itself", { method: "PATCH", path: "/team-permission-definitions/one", body: { contained_permission_ids: ["one"] } }, ctx.admin(p))
    await send(ctx, "delete default", { method: "DELETE", path: "/team-permission-definitions/team_member" }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/team-permission-definitions" }, ctx.admin(p))
  }),
  sequence("POST /team-permission-definitions", "malformed", "definition ids: dollar, too long, missing, wrong types, unknown fields", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "dollar", { method: "POST", path: "/team-permission-definitions", body: { id: "$mine" } }, ctx.admin(p))
    await send(ctx, "long", { method: "POST", path: "/team-permission-definitions", body: { id: "a".repeat(120) } }, ctx.admin(p))
    await send(ctx, "missing", { method: "POST", path: "/team-permission-definitions", body: { description: "x" } }, ctx.admin(p))
    await send(ctx, "types", { method: "POST", path: "/team-permission-definitions", body: { id: 3, description: 4, contained_permission_ids: "a" } }, ctx.admin(p))
    await send(ctx, "unknown field", { method: "POST", path: "/team-permission-definitions", body: { id: "ok_one", scope: "team" } }, ctx.admin(p))
    await send(ctx, "colon and dash", { method: "POST", path: "/team-permission-definitions", body: { id: "read:things-x" } }, ctx.admin(p))
    await send(ctx, "upper case", { method: "POST", path: "/team-permission-definitions", body: { id: "Admin" } }, ctx.admin(p))
  }),
  sequence("GET /team-permission-definitions", "auth", "permission definitions with client and server keys", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "client list", { method: "GET", path: "/team-permission-definitions" }, ctx.client(p, t))
    await send(ctx, "server create", { method: "POST", path: "/project-permission-definitions", body: { id: "x" } }, ctx.server(p))
    await send(ctx, "client delete", { method: "DELETE", path: "/project-permission-definitions/x" }, ctx.client(p, t))
  }),
  sequence("POST /project-permission-definitions", "known-error", "project definitions: duplicate, contain a team permission, update, delete", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "create", { method: "POST", path: "/project-permission-definitions", body: { id: "audit", description: "Audit" } }, ctx.admin(p))
    await send(ctx, "duplicate", { method: "POST", path: "/project-permission-definitions", body: { id: "audit" } }, ctx.admin(p))
    await send(ctx, "contains team permission", { method: "POST", path: "/project-permission-definitions", body: { id: "audit2", contained_permission_ids: ["$read_members"] } }, ctx.admin(p))
    await send(ctx, "contains audit", { method: "POST", path: "/project-permission-definitions", body: { id: "audit3", contained_permission_ids: ["audit"] } }, ctx.admin(p))
    await send(ctx, "update", { method: "PATCH", path: "/project-permission-definitions/audit", body: { description: "Audits" } }, ctx.admin(p))
    await send(ctx, "update unknown", { method: "PATCH", path: "/project-permission-definitions/nope", body: { description: "x" } }, ctx.admin(p))
    await send(ctx, "delete", { method: "DELETE", path: "/project-permission-definitions/audit" }, ctx.admin(p))
    await send(ctx, "delete unknown", { method: "DELETE", path: "/project-permission-definitions/audit" }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
  }),
  sequence("DELETE /team-permission-definitions/{id}", "happy", "deleting a granted team permission removes the grant", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/team-permission-definitions", body: { id: "editor" } }, ctx.admin(p))
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "grant", { method: "POST", path: `/team-permissions/${team}/${owner.userId}/editor`, body: {} }, ctx.server(p))
    await send(ctx, "list", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: owner.userId } }, ctx.server(p))
    await send(ctx, "delete", { method: "DELETE", path: "/team-permission-definitions/editor" }, ctx.admin(p))
    await send(ctx, "list after", { method: "GET", path: "/team-permissions", query: { team_id: team, user_id: owner.userId } }, ctx.server(p))
  }),
  // ---- user API keys
  sequence("POST /user-api-keys", "happy", "user API keys: public key, read, update description, list by server, expired check", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const pub = await send(ctx, "create public", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "pub", expires_at_millis: null, is_public: true } }, ctx.client(p, t))
    const id = ctx.field(pub, "id")
    await send(ctx, "read", { method: "GET", path: `/user-api-keys/${id}` }, ctx.client(p, t))
    await send(ctx, "update", { method: "PATCH", path: `/user-api-keys/${id}`, body: { description: "renamed" } }, ctx.client(p, t))
    await send(ctx, "server list", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.server(p))
    const expired = await send(ctx, "create expired", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "old", expires_at_millis: 1000 } }, ctx.server(p))
    await send(ctx, "check expired", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(expired, "value") } }, ctx.server(p))
    await send(ctx, "check public", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(pub, "value") } }, ctx.server(p))
  }),
  sequence("POST /user-api-keys", "known-error", "user API keys of others, without user_id, signed out", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    await send(ctx, "create for other", { method: "POST", path: "/user-api-keys", body: { user_id: other.userId, description: "x", expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "list without user", { method: "GET", path: "/user-api-keys" }, ctx.client(p, t))
    await send(ctx, "list other", { method: "GET", path: "/user-api-keys", query: { user_id: other.userId } }, ctx.client(p, t))
    await send(ctx, "signed out create", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: null } }, ctx.client(p))
    const theirs = await quiet(ctx, { method: "POST", path: "/user-api-keys", body: { user_id: other.userId, description: "theirs", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "read other's", { method: "GET", path: `/user-api-keys/${ctx.field(theirs, "id")}` }, ctx.client(p, t))
    await send(ctx, "revoke other's", { method: "PATCH", path: `/user-api-keys/${ctx.field(theirs, "id")}`, body: { revoked: true } }, ctx.client(p, t))
    await send(ctx, "server list all", { method: "GET", path: "/user-api-keys" }, ctx.server(p))
  }),
  sequence("POST /user-api-keys", "malformed", "user API key creation with missing and wrong fields", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "empty", { method: "POST", path: "/user-api-keys", body: {} }, ctx.client(p, t))
    await send(ctx, "no expiry", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x" } }, ctx.client(p, t))
    await send(ctx, "types", { method: "POST", path: "/user-api-keys", body: { user_id: 1, description: 2, expires_at_millis: "soon", is_public: "yes" } }, ctx.client(p, t))
    await send(ctx, "no user", { method: "POST", path: "/user-api-keys", body: { description: "x", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "bad user", { method: "POST", path: "/user-api-keys", body: { user_id: "x", description: "x", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "unknown field", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: null, prefix: "abc" } }, ctx.client(p, t))
  }),
  sequence("PATCH /user-api-keys/{id}", "known-error", "API key reads and updates: unknown, malformed, revoked false, twice revoked", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const created = await quiet(ctx, { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "k", expires_at_millis: null } }, ctx.client(p, t))
    const id = ctx.field(created, "id")
    await send(ctx, "read unknown", { method: "GET", path: `/user-api-keys/${unknownId}` }, ctx.client(p, t))
    await send(ctx, "read bad id", { method: "GET", path: "/user-api-keys/x" }, ctx.client(p, t))
    await send(ctx, "revoked false", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: false } }, ctx.client(p, t))
    await send(ctx, "wrong types", { method: "PATCH", path: `/user-api-keys/${id}`, body: { description: 5, revoked: "yes" } }, ctx.client(p, t))
    await send(ctx, "revoke", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: true } }, ctx.client(p, t))
    await send(ctx, "revoke again", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: true, description: "after" } }, ctx.client(p, t))
    await send(ctx, "update unknown", { method: "PATCH", path: `/user-api-keys/${unknownId}`, body: { description: "x" } }, ctx.server(p))
    await send(ctx, "delete", { method: "DELETE", path: `/user-api-keys/${id}` }, ctx.server(p))
  }),
  sequence("POST /user-api-keys/check", "known-error", "checks: wrong type, missing key, client access, disabled project", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    const teamKey = await quiet(ctx, { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "t", expires_at_millis: null } }, ctx.server(p))
    const userKey = await quiet(ctx, { method: "POST", path: "/user-api-keys", body: { user_id: owner.userId, description: "u", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "team key as user", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(teamKey, "value") } }, ctx.server(p))
    await send(ctx, "user key as team", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(userKey, "value") } }, ctx.server(p))
    await send(ctx, "team key as team", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(teamKey, "value") } }, ctx.server(p))
    await send(ctx, "missing key", { method: "POST", path: "/user-api-keys/check", body: {} }, ctx.server(p))
    await send(ctx, "number key", { method: "POST", path: "/team-api-keys/check", body: { api_key: 5 } }, ctx.server(p))
    await send(ctx, "client checks", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(userKey, "value") } }, ctx.client(p, owner))
    const off = await ctx.project()
    await send(ctx, "disabled check", { method: "POST", path: "/team-api-keys/check", body: { api_key: "x" } }, ctx.server(off))
  }),
  // ---- team API keys
  sequence("POST /team-api-keys", "known-error", "a plain member manages team API keys; the owner with $manage_api_keys", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "member creates", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "m", expires_at_millis: null } }, ctx.client(p, member))
    await send(ctx, "member lists", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, member))
    const created = await send(ctx, "owner creates", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "o", expires_at_millis: Date.now() + 3_600_000 } }, ctx.client(p, owner))
    const id = ctx.field(created, "id")
    await send(ctx, "member reads", { method: "GET", path: `/team-api-keys/${id}` }, ctx.client(p, member))
    await send(ctx, "owner reads", { method: "GET", path: `/team-api-keys/${id}` }, ctx.client(p, owner))
    await send(ctx, "owner revokes", { method: "PATCH", path: `/team-api-keys/${id}`, body: { revoked: true } }, ctx.client(p, owner))
    await send(ctx, "check revoked", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(created, "value") } }, ctx.server(p))
    await send(ctx, "server list", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.server(p))
  }),
  sequence("POST /team-api-keys", "malformed", "team API keys without team, unknown team, bad team id, both ids", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    await send(ctx, "no team", { method: "POST", path: "/team-api-keys", body: { description: "x", expires_at_millis: null } }, ctx.client(p, owner))
    await send(ctx, "unknown team client", { method: "POST", path: "/team-api-keys", body: { team_id: unknownId, description: "x", expires_at_millis: null } }, ctx.client(p, owner))
    await send(ctx, "list no team", { method: "GET", path: "/team-api-keys" }, ctx.server(p))
    await send(ctx, "list bad team", { method: "GET", path: "/team-api-keys", query: { team_id: "x" } }, ctx.client(p, owner))
  }),
  sequence("POST /team-api-keys", "known-error", "API keys where the project has them off", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "team create", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "x", expires_at_millis: null } }, ctx.client(p, owner))
    await send(ctx, "team list", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "user list", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, owner))
    await send(ctx, "user read", { method: "GET", path: `/user-api-keys/${unknownId}` }, ctx.client(p, owner))
    await send(ctx, "user create malformed", { method: "POST", path: "/user-api-keys", body: {} }, ctx.client(p, owner))
  })
]
