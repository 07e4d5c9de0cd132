/**
 * More sequences of user and team API keys, project permissions and their definitions, team
 * invitation lists and revocations, connected-account access tokens and internal API keys: other
 * orders of calls, other fields, each documented known error, malformed input and each access
 * level. Written apart from TeamsMore.ts and ProjectMore.ts so that they are not fitted to them.
 */
import type { Context, Project } from "../Context.ts"
import { sequence as plain, type Sequence } from "../Sequence.ts"
import { join, quiet, send, teamOf, unknownId } from "./TeamsMore.ts"

/** Every name here starts with `keys+` (`--only keys+` runs just these). */
const sequence = (route: string, kind: Sequence["kind"], name: string, run: Sequence["run"]) => plain(route, kind, `keys+ ${name}`, run)

const inviteCallback = "http://localhost:3000/handler/team-invitation"
const hourFromNow = () => Date.now() + 3_600_000

/** Sets a fresh project's config (quietly, with the admin key). */
const configure = (ctx: Context, p: Project, config: Record<string, unknown>) =>
  ctx.quiet({ method: "PATCH", path: "/internal/projects/current", body: { config } }, ctx.admin(p))

/** A user key of `userId` made by the server (quietly); the creation exchange. */
const userKey = (ctx: Context, p: Project, userId: string, description = "k", extra: Record<string, unknown> = {}) =>
  quiet(ctx, { method: "POST", path: "/user-api-keys", body: { user_id: userId, description, expires_at_millis: null, ...extra } }, ctx.server(p))

/** A team key of `teamId` made by the server (quietly); the creation exchange. */
const teamKey = (ctx: Context, p: Project, teamId: string, description = "k", extra: Record<string, unknown> = {}) =>
  quiet(ctx, { method: "POST", path: "/team-api-keys", body: { team_id: teamId, description, expires_at_millis: null, ...extra } }, ctx.server(p))

export const sequences: ReadonlyArray<Sequence> = [
  // ---- user API keys
  sequence("POST /user-api-keys", "happy", "server makes keys for a user, lists them newest first, reads, renames and revokes one", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const first = await send(ctx, "create first", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "first", expires_at_millis: hourFromNow() } }, ctx.server(p))
    await send(ctx, "create second", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "second", expires_at_millis: null, is_public: false } }, ctx.server(p))
    const id = ctx.field(first, "id")
    await send(ctx, "list", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.server(p))
    await send(ctx, "read", { method: "GET", path: `/user-api-keys/${id}` }, ctx.server(p))
    await send(ctx, "rename and revoke", { method: "PATCH", path: `/user-api-keys/${id}`, body: { description: "gone", revoked: true } }, ctx.server(p))
    await send(ctx, "list after", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.client(p, t))
    await send(ctx, "check revoked", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(first, "value") } }, ctx.server(p))
  }),
  sequence("GET /user-api-keys", "happy", "client lists its keys by me and by its own id; empty list; admin lists", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "empty", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, t))
    await send(ctx, "create", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "mine", expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "by me", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, t))
    await send(ctx, "by own id", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.client(p, t))
    await send(ctx, "admin by id", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.admin(p))
    await send(ctx, "server by unknown user", { method: "GET", path: "/user-api-keys", query: { user_id: unknownId } }, ctx.server(p))
  }),
  sequence("GET /user-api-keys", "malformed", "user key lists with bad queries and by a server without a user", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "bad user id", { method: "GET", path: "/user-api-keys", query: { user_id: "abc" } }, ctx.server(p))
    await send(ctx, "server me", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.server(p))
    await send(ctx, "server me with token", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.server(p, t))
    await send(ctx, "signed out me", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p))
    await send(ctx, "signed out other", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.client(p))
    await send(ctx, "client bad id", { method: "GET", path: "/user-api-keys", query: { user_id: "abc" } }, ctx.client(p, t))
  }),
  sequence("POST /user-api-keys", "malformed", "user key creation: empty description, negative and text expiry, arrays, null owner", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "empty description", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "", expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "negative expiry", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: -5 } }, ctx.client(p, t))
    await send(ctx, "text expiry", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: "tomorrow" } }, ctx.client(p, t))
    await send(ctx, "array description", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: ["x"], expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "null owner", { method: "POST", path: "/user-api-keys", body: { user_id: null, description: "x", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "null description", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: null, expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "server me", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "array body", { method: "POST", path: "/user-api-keys", body: [] }, ctx.server(p))
    await send(ctx, "team id in a user key", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, team_id: unknownId, description: "x", expires_at_millis: null } }, ctx.server(p))
  }),
  sequence("POST /user-api-keys", "known-error", "admin makes a user key; a client names an unknown user", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "admin", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "by admin", expires_at_millis: null, is_public: true } }, ctx.admin(p))
    await send(ctx, "client unknown user", { method: "POST", path: "/user-api-keys", body: { user_id: unknownId, description: "x", expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "list", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("PATCH /user-api-keys/{id}", "malformed", "user key updates: empty body, unknown field, null description, bad id, no body", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const id = ctx.field(await userKey(ctx, p, t.userId), "id")
    await send(ctx, "empty body", { method: "PATCH", path: `/user-api-keys/${id}`, body: {} }, ctx.client(p, t))
    await send(ctx, "unknown field", { method: "PATCH", path: `/user-api-keys/${id}`, body: { is_public: true } }, ctx.client(p, t))
    await send(ctx, "null description", { method: "PATCH", path: `/user-api-keys/${id}`, body: { description: null } }, ctx.client(p, t))
    await send(ctx, "revoked null", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: null } }, ctx.server(p))
    await send(ctx, "bad id", { method: "PATCH", path: "/user-api-keys/not-an-id", body: { description: "x" } }, ctx.server(p))
    await send(ctx, "no body", { method: "PATCH", path: `/user-api-keys/${id}` }, ctx.server(p))
    await send(ctx, "read", { method: "GET", path: `/user-api-keys/${id}` }, ctx.client(p, t))
  }),
  sequence("GET /user-api-keys/{id}", "auth", "another user's key: read, rename, revoke as client; signed out; then by the server", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    const id = ctx.field(await userKey(ctx, p, other.userId, "theirs"), "id")
    await send(ctx, "rename other's", { method: "PATCH", path: `/user-api-keys/${id}`, body: { description: "mine now" } }, ctx.client(p, t))
    await send(ctx, "signed out read", { method: "GET", path: `/user-api-keys/${id}` }, ctx.client(p))
    await send(ctx, "signed out update", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: true } }, ctx.client(p))
    await send(ctx, "owner reads", { method: "GET", path: `/user-api-keys/${id}` }, ctx.client(p, other))
    await send(ctx, "server revokes", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: true } }, ctx.server(p))
    await send(ctx, "owner reads revoked", { method: "GET", path: `/user-api-keys/${id}` }, ctx.client(p, other))
  }),
  sequence("POST /user-api-keys/check", "known-error", "checks: unknown value, empty value, admin, expired then revoked, a future expiry", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const expired = await userKey(ctx, p, t.userId, "old", { expires_at_millis: 1_000 })
    const future = await userKey(ctx, p, t.userId, "new", { expires_at_millis: hourFromNow(), is_public: true })
    await send(ctx, "unknown value", { method: "POST", path: "/user-api-keys/check", body: { api_key: "sk_nothing_like_a_key" } }, ctx.server(p))
    await send(ctx, "empty value", { method: "POST", path: "/user-api-keys/check", body: { api_key: "" } }, ctx.server(p))
    await send(ctx, "future", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(future, "value") } }, ctx.admin(p))
    await send(ctx, "expired", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(expired, "value") } }, ctx.server(p))
    await quiet(ctx, { method: "PATCH", path: `/user-api-keys/${ctx.field(expired, "id")}`, body: { revoked: true } }, ctx.server(p))
    await send(ctx, "expired and revoked", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(expired, "value") } }, ctx.server(p))
    await send(ctx, "signed-in client", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(future, "value") } }, ctx.client(p, t))
    await send(ctx, "no body", { method: "POST", path: "/user-api-keys/check" }, ctx.server(p))
    await send(ctx, "extra field", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(future, "value"), user_id: t.userId } }, ctx.server(p))
  }),
  sequence("POST /user-api-keys/check", "known-error", "a key of another project is unknown here", async (ctx) => {
    const p = await ctx.project("apikeys")
    const other = await ctx.project("open")
    const t = await ctx.signUp(other, ctx.email())
    const theirs = await userKey(ctx, other, t.userId)
    await send(ctx, "check elsewhere", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(theirs, "value") } }, ctx.server(p))
    await send(ctx, "read elsewhere", { method: "GET", path: `/user-api-keys/${ctx.field(theirs, "id")}` }, ctx.server(p))
    await send(ctx, "check at home", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(theirs, "value") } }, ctx.server(other))
  }),
  sequence("POST /user-api-keys", "known-error", "user keys off while team keys are on: every user route; team keys still work", async (ctx) => {
    const p = await ctx.project("fresh")
    await configure(ctx, p, { allow_team_api_keys: true })
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "create", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "server create", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "x", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "list", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.server(p))
    await send(ctx, "update", { method: "PATCH", path: `/user-api-keys/${unknownId}`, body: { description: "x" } }, ctx.server(p))
    await send(ctx, "check", { method: "POST", path: "/user-api-keys/check", body: { api_key: "x" } }, ctx.server(p))
    await send(ctx, "list bad id", { method: "GET", path: "/user-api-keys", query: { user_id: "abc" } }, ctx.server(p))
    const team = await teamOf(ctx, p, t)
    await send(ctx, "team create", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "t", expires_at_millis: null } }, ctx.client(p, t))
  }),
  sequence("POST /user-api-keys", "known-error", "keys made while allowed survive turning the switch off, and come back when on", async (ctx) => {
    const p = await ctx.project("fresh")
    await configure(ctx, p, { allow_user_api_keys: true })
    const t = await ctx.signUp(p, ctx.email())
    const key = await send(ctx, "create", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: null } }, ctx.client(p, t))
    await configure(ctx, p, { allow_user_api_keys: false })
    await send(ctx, "read when off", { method: "GET", path: `/user-api-keys/${ctx.field(key, "id")}` }, ctx.client(p, t))
    await send(ctx, "check when off", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(key, "value") } }, ctx.server(p))
    await configure(ctx, p, { allow_user_api_keys: true })
    await send(ctx, "check when on", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(key, "value") } }, ctx.server(p))
  }),
  // ---- team API keys
  sequence("POST /team-api-keys", "happy", "server makes team keys, lists them by team, reads, renames, revokes; check", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const team = await teamOf(ctx, p, t)
    const first = await send(ctx, "create", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "ci", expires_at_millis: hourFromNow(), is_public: true } }, ctx.server(p))
    await send(ctx, "create second", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "deploy", expires_at_millis: null } }, ctx.admin(p))
    const id = ctx.field(first, "id")
    await send(ctx, "list", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "read", { method: "GET", path: `/team-api-keys/${id}` }, ctx.server(p))
    await send(ctx, "rename", { method: "PATCH", path: `/team-api-keys/${id}`, body: { description: "ci-2" } }, ctx.server(p))
    await send(ctx, "check", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(first, "value") } }, ctx.server(p))
    await send(ctx, "revoke", { method: "PATCH", path: `/team-api-keys/${id}`, body: { revoked: true } }, ctx.server(p))
    await send(ctx, "check revoked", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(first, "value") } }, ctx.server(p))
  }),
  sequence("GET /team-api-keys", "auth", "a member granted $manage_api_keys manages keys; after revoking it, not", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await quiet(ctx, { method: "POST", path: `/team-permissions/${team}/${member.userId}/$manage_api_keys`, body: {} }, ctx.server(p))
    const key = await send(ctx, "member creates", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "m", expires_at_millis: null } }, ctx.client(p, member))
    await send(ctx, "member lists", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "member renames", { method: "PATCH", path: `/team-api-keys/${ctx.field(key, "id")}`, body: { description: "m2" } }, ctx.client(p, member))
    await quiet(ctx, { method: "DELETE", path: `/team-permissions/${team}/${member.userId}/$manage_api_keys` }, ctx.server(p))
    await send(ctx, "member lists after", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "member reads after", { method: "GET", path: `/team-api-keys/${ctx.field(key, "id")}` }, ctx.client(p, member))
    await send(ctx, "owner lists", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, owner))
  }),
  sequence("GET /team-api-keys", "known-error", "team keys of a team the client is not in, of an unknown team, signed out, a removed member", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const stranger = await ctx.signUp(p, ctx.email("stranger"))
    const team = await teamOf(ctx, p, owner)
    const key = await teamKey(ctx, p, team)
    await send(ctx, "stranger lists", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, stranger))
    await send(ctx, "stranger reads", { method: "GET", path: `/team-api-keys/${ctx.field(key, "id")}` }, ctx.client(p, stranger))
    await send(ctx, "stranger revokes", { method: "PATCH", path: `/team-api-keys/${ctx.field(key, "id")}`, body: { revoked: true } }, ctx.client(p, stranger))
    await send(ctx, "stranger creates", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "x", expires_at_millis: null } }, ctx.client(p, stranger))
    await send(ctx, "unknown team", { method: "GET", path: "/team-api-keys", query: { team_id: unknownId } }, ctx.client(p, owner))
    await send(ctx, "server unknown team", { method: "GET", path: "/team-api-keys", query: { team_id: unknownId } }, ctx.server(p))
    await send(ctx, "signed out", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p))
    await quiet(ctx, { method: "DELETE", path: `/team-memberships/${team}/${owner.userId}` }, ctx.server(p))
    await send(ctx, "removed owner lists", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, owner))
  }),
  sequence("POST /team-api-keys", "malformed", "team key creation: user_id instead of team_id, wrong types, missing description or expiry", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "user id", { method: "POST", path: "/team-api-keys", body: { user_id: owner.userId, description: "x", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "types", { method: "POST", path: "/team-api-keys", body: { team_id: 5, description: true, expires_at_millis: {} } }, ctx.server(p))
    await send(ctx, "missing description", { method: "POST", path: "/team-api-keys", body: { team_id: team, expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "missing expiry", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "x" } }, ctx.server(p))
    await send(ctx, "list with user id", { method: "GET", path: "/team-api-keys", query: { user_id: owner.userId } }, ctx.server(p))
  }),
  sequence("POST /team-api-keys/check", "known-error", "team checks: expired, unknown, missing, and team keys off", async (ctx) => {
    const p = await ctx.project("fresh")
    await configure(ctx, p, { allow_team_api_keys: true })
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    const old = await teamKey(ctx, p, team, "old", { expires_at_millis: 2_000 })
    await send(ctx, "expired", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(old, "value") } }, ctx.server(p))
    await send(ctx, "unknown", { method: "POST", path: "/team-api-keys/check", body: { api_key: "pk_unknown" } }, ctx.server(p))
    await send(ctx, "missing", { method: "POST", path: "/team-api-keys/check", body: { key: "x" } }, ctx.server(p))
    await send(ctx, "user check while user keys off", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(old, "value") } }, ctx.server(p))
    await configure(ctx, p, { allow_team_api_keys: false })
    await send(ctx, "team keys off", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(old, "value") } }, ctx.server(p))
    await send(ctx, "list off", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "create off", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "x", expires_at_millis: null } }, ctx.server(p))
  }),
  sequence("GET /team-api-keys/{id}", "known-error", "a team's keys listed by another team; a team key deleted with its team", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const a = await teamOf(ctx, p, owner, "A")
    const b = await teamOf(ctx, p, owner, "B")
    await teamKey(ctx, p, a, "a-key")
    await send(ctx, "list b", { method: "GET", path: "/team-api-keys", query: { team_id: b } }, ctx.client(p, owner))
    await send(ctx, "list a", { method: "GET", path: "/team-api-keys", query: { team_id: a } }, ctx.client(p, owner))
    await send(ctx, "read unknown", { method: "GET", path: `/team-api-keys/${unknownId}` }, ctx.server(p))
    await send(ctx, "read bad id", { method: "GET", path: "/team-api-keys/zzz" }, ctx.server(p))
    await send(ctx, "revoke unknown", { method: "PATCH", path: `/team-api-keys/${unknownId}`, body: { revoked: true } }, ctx.client(p, owner))
  }),
  // ---- project permission definitions
  sequence("POST /project-permission-definitions", "happy", "definitions with descriptions and contained ids; update, rename, delete, list", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "read", { method: "POST", path: "/project-permission-definitions", body: { id: "read", description: "Reads" } }, ctx.admin(p))
    await send(ctx, "write", { method: "POST", path: "/project-permission-definitions", body: { id: "write", contained_permission_ids: [] } }, ctx.admin(p))
    await send(ctx, "admin", { method: "POST", path: "/project-permission-definitions", body: { id: "admin", description: "All", contained_permission_ids: ["read", "write"] } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
    await send(ctx, "drop one", { method: "PATCH", path: "/project-permission-definitions/admin", body: { contained_permission_ids: ["read"] } }, ctx.admin(p))
    await send(ctx, "rename", { method: "PATCH", path: "/project-permission-definitions/write", body: { id: "writes", description: "Writes" } }, ctx.admin(p))
    await send(ctx, "list after", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
    await send(ctx, "delete contained", { method: "DELETE", path: "/project-permission-definitions/read" }, ctx.admin(p))
    await send(ctx, "list last", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
  }),
  sequence("POST /project-permission-definitions", "malformed", "project definition ids and fields: space, dollar, empty, long, types, unknown contained", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "space", { method: "POST", path: "/project-permission-definitions", body: { id: "has space" } }, ctx.admin(p))
    await send(ctx, "dollar", { method: "POST", path: "/project-permission-definitions", body: { id: "$admin" } }, ctx.admin(p))
    await send(ctx, "empty", { method: "POST", path: "/project-permission-definitions", body: { id: "" } }, ctx.admin(p))
    await send(ctx, "long", { method: "POST", path: "/project-permission-definitions", body: { id: "p".repeat(300) } }, ctx.admin(p))
    await send(ctx, "types", { method: "POST", path: "/project-permission-definitions", body: { id: ["a"], description: { a: 1 }, contained_permission_ids: [1] } }, ctx.admin(p))
    await send(ctx, "unknown contained", { method: "POST", path: "/project-permission-definitions", body: { id: "ok", contained_permission_ids: ["ghost"] } }, ctx.admin(p))
    await send(ctx, "null contained", { method: "POST", path: "/project-permission-definitions", body: { id: "ok2", contained_permission_ids: null } }, ctx.admin(p))
    await send(ctx, "unknown field", { method: "POST", path: "/project-permission-definitions", body: { id: "ok3", scope: "project" } }, ctx.admin(p))
    await send(ctx, "dot and colon", { method: "POST", path: "/project-permission-definitions", body: { id: "read:docs.v1" } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
  }),
  sequence("PATCH /project-permission-definitions/{id}", "known-error", "project definitions: rename onto another, contain itself, bad path id, empty update", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "alpha" } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "beta", contained_permission_ids: ["alpha"] } }, ctx.admin(p))
    await send(ctx, "rename onto", { method: "PATCH", path: "/project-permission-definitions/alpha", body: { id: "beta" } }, ctx.admin(p))
    await send(ctx, "contain itself", { method: "PATCH", path: "/project-permission-definitions/alpha", body: { contained_permission_ids: ["alpha"] } }, ctx.admin(p))
    await send(ctx, "cycle", { method: "PATCH", path: "/project-permission-definitions/alpha", body: { contained_permission_ids: ["beta"] } }, ctx.admin(p))
    await send(ctx, "bad path id", { method: "PATCH", path: "/project-permission-definitions/bad%20id", body: { description: "x" } }, ctx.admin(p))
    await send(ctx, "empty update", { method: "PATCH", path: "/project-permission-definitions/alpha", body: {} }, ctx.admin(p))
    await send(ctx, "rename contained", { method: "PATCH", path: "/project-permission-definitions/alpha", body: { id: "alpha2" } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
    await send(ctx, "delete dollar", { method: "DELETE", path: "/project-permission-definitions/$x" }, ctx.admin(p))
  }),
  sequence("GET /project-permission-definitions", "auth", "project definitions with client, server, signed-in client and no access type", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "client list", { method: "GET", path: "/project-permission-definitions" }, ctx.client(p, t))
    await send(ctx, "server list", { method: "GET", path: "/project-permission-definitions" }, ctx.server(p))
    await send(ctx, "server update", { method: "PATCH", path: "/project-permission-definitions/x", body: { description: "x" } }, ctx.server(p))
    await send(ctx, "client create", { method: "POST", path: "/project-permission-definitions", body: { id: "x" } }, ctx.client(p, t))
    await send(ctx, "no access type", { method: "GET", path: "/project-permission-definitions" }, { keys: p.keys })
  }),
  // ---- project permissions
  sequence("GET /project-permissions", "happy", "project permission lists by user, by permission, recursive and not, two users", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "view" } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "edit", contained_permission_ids: ["view"] } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "owner", contained_permission_ids: ["edit"] } }, ctx.admin(p))
    const a = await ctx.signUp(p, ctx.email("ann"))
    const b = await ctx.signUp(p, ctx.email("bob"))
    await send(ctx, "grant ann owner", { method: "POST", path: `/project-permissions/${a.userId}/owner`, body: {} }, ctx.server(p))
    await send(ctx, "grant bob view", { method: "POST", path: `/project-permissions/${b.userId}/view` }, ctx.admin(p))
    await send(ctx, "ann direct", { method: "GET", path: "/project-permissions", query: { user_id: a.userId } }, ctx.server(p))
    await send(ctx, "ann recursive", { method: "GET", path: "/project-permissions", query: { user_id: a.userId, recursive: "true" } }, ctx.server(p))
    await send(ctx, "ann recursive false", { method: "GET", path: "/project-permissions", query: { user_id: a.userId, recursive: "false" } }, ctx.server(p))
    await send(ctx, "view direct", { method: "GET", path: "/project-permissions", query: { permission_id: "view" } }, ctx.server(p))
    await send(ctx, "view recursive", { method: "GET", path: "/project-permissions", query: { permission_id: "view", recursive: "true" } }, ctx.server(p))
    await send(ctx, "bob edit recursive", { method: "GET", path: "/project-permissions", query: { user_id: b.userId, permission_id: "edit", recursive: "true" } }, ctx.server(p))
    await send(ctx, "client ann own id", { method: "GET", path: "/project-permissions", query: { user_id: a.userId, recursive: "true" } }, ctx.client(p, a))
  }),
  sequence("GET /project-permissions", "malformed", "project permission lists: bad recursive, bad permission id, bad user, another user as client", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    await send(ctx, "bad recursive", { method: "GET", path: "/project-permissions", query: { recursive: "1" } }, ctx.server(p))
    await send(ctx, "bad permission", { method: "GET", path: "/project-permissions", query: { permission_id: "no space allowed" } }, ctx.server(p))
    await send(ctx, "bad user", { method: "GET", path: "/project-permissions", query: { user_id: "u1" } }, ctx.server(p))
    await send(ctx, "unknown permission", { method: "GET", path: "/project-permissions", query: { permission_id: "nothing" } }, ctx.server(p))
    await send(ctx, "client other", { method: "GET", path: "/project-permissions", query: { user_id: other.userId } }, ctx.client(p, t))
    await send(ctx, "server me", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.server(p))
    await send(ctx, "unknown user", { method: "GET", path: "/project-permissions", query: { user_id: unknownId } }, ctx.server(p))
  }),
  sequence("POST /project-permissions/{user}/{permission}", "known-error", "grant an unknown definition, a team permission, revoke what was never granted, me as server", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "known" } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "unknown definition", { method: "POST", path: `/project-permissions/${t.userId}/unknown_one`, body: {} }, ctx.server(p))
    await send(ctx, "team permission", { method: "POST", path: `/project-permissions/${t.userId}/$read_members`, body: {} }, ctx.server(p))
    await send(ctx, "team definition", { method: "POST", path: `/project-permissions/${t.userId}/team_member`, body: {} }, ctx.server(p))
    await send(ctx, "revoke never granted", { method: "DELETE", path: `/project-permissions/${t.userId}/known` }, ctx.server(p))
    await send(ctx, "server me", { method: "POST", path: "/project-permissions/me/known", body: {} }, ctx.server(p))
    await send(ctx, "server me with token", { method: "POST", path: "/project-permissions/me/known", body: {} }, ctx.server(p, t))
    await send(ctx, "bad permission id", { method: "POST", path: `/project-permissions/${t.userId}/bad%20id`, body: {} }, ctx.server(p))
    await send(ctx, "client revokes", { method: "DELETE", path: `/project-permissions/${t.userId}/known` }, ctx.client(p, t))
    await send(ctx, "list", { method: "GET", path: "/project-permissions", query: { user_id: t.userId } }, ctx.server(p))
  }),
  sequence("DELETE /project-permission-definitions/{id}", "happy", "deleting or renaming a granted project definition changes the grants", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "first" } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "second" } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await quiet(ctx, { method: "POST", path: `/project-permissions/${t.userId}/first`, body: {} }, ctx.server(p))
    await quiet(ctx, { method: "POST", path: `/project-permissions/${t.userId}/second`, body: {} }, ctx.server(p))
    await send(ctx, "list", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.client(p, t))
    await send(ctx, "delete first", { method: "DELETE", path: "/project-permission-definitions/first" }, ctx.admin(p))
    await send(ctx, "rename second", { method: "PATCH", path: "/project-permission-definitions/second", body: { id: "renamed" } }, ctx.admin(p))
    await send(ctx, "list after", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.client(p, t))
    await send(ctx, "revoke old name", { method: "DELETE", path: `/project-permissions/${t.userId}/second` }, ctx.server(p))
    await send(ctx, "revoke new name", { method: "DELETE", path: `/project-permissions/${t.userId}/renamed` }, ctx.server(p))
  }),
  sequence("POST /project-permissions/{user}/{permission}", "happy", "a grant with an unknown body field; the list before and after", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "basic" } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "no permissions", { method: "GET", path: "/project-permissions", query: { user_id: "me", recursive: "true" } }, ctx.client(p, t))
    await send(ctx, "grant with a body field", { method: "POST", path: `/project-permissions/${t.userId}/basic`, body: { extra: 1 } }, ctx.server(p))
    await send(ctx, "list", { method: "GET", path: "/project-permissions", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  // ---- team invitations
  sequence("GET /team-invitations", "happy", "server lists a team's invitations, revokes one, lists again; another team's list is empty", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner, "Inv")
    const other = await teamOf(ctx, p, owner, "Other")
    await quiet(ctx, { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("one"), team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    await quiet(ctx, { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("two"), team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    const list = await send(ctx, "list", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "other team", { method: "GET", path: "/team-invitations", query: { team_id: other } }, ctx.server(p))
    await send(ctx, "revoke", { method: "DELETE", path: `/team-invitations/${ctx.field(list, "items.0.id")}`, query: { team_id: team } }, ctx.server(p))
    await send(ctx, "list after", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "admin lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.admin(p))
  }),
  sequence("GET /team-invitations", "auth", "members with $read_members and $invite_members list; with $remove_members revoke", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await quiet(ctx, { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("inv"), team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    await quiet(ctx, { method: "POST", path: `/team-permissions/${team}/${member.userId}/$read_members`, body: {} }, ctx.server(p))
    await send(ctx, "read only", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, member))
    await quiet(ctx, { method: "POST", path: `/team-permissions/${team}/${member.userId}/$invite_members`, body: {} }, ctx.server(p))
    const list = await send(ctx, "read and invite", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, member))
    const id = ctx.field(list, "items.0.id")
    await send(ctx, "revoke without", { method: "DELETE", path: `/team-invitations/${id}`, query: { team_id: team } }, ctx.client(p, member))
    await quiet(ctx, { method: "POST", path: `/team-permissions/${team}/${member.userId}/$remove_members`, body: {} }, ctx.server(p))
    await send(ctx, "revoke with", { method: "DELETE", path: `/team-invitations/${id}`, query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "owner lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, owner))
  }),
  sequence("DELETE /team-invitations/{id}", "known-error", "invitations: a non-member, signed out, an unknown team as client, a body, an invitation of another team", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const stranger = await ctx.signUp(p, ctx.email("stranger"))
    const team = await teamOf(ctx, p, owner, "Mine")
    const other = await teamOf(ctx, p, owner, "Theirs")
    await quiet(ctx, { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("inv"), team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    const list = await quiet(ctx, { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.server(p))
    const id = ctx.field(list, "items.0.id")
    await send(ctx, "stranger lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, stranger))
    await send(ctx, "stranger revokes", { method: "DELETE", path: `/team-invitations/${id}`, query: { team_id: team } }, ctx.client(p, stranger))
    await send(ctx, "signed out lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p))
    await send(ctx, "signed out revokes", { method: "DELETE", path: `/team-invitations/${id}`, query: { team_id: team } }, ctx.client(p))
    await send(ctx, "client unknown team", { method: "GET", path: "/team-invitations", query: { team_id: unknownId } }, ctx.client(p, owner))
    await send(ctx, "server unknown team revoke", { method: "DELETE", path: `/team-invitations/${id}`, query: { team_id: unknownId } }, ctx.server(p))
    await send(ctx, "revoke under other team", { method: "DELETE", path: `/team-invitations/${id}`, query: { team_id: other } }, ctx.server(p))
    await send(ctx, "list after", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.server(p))
  }),
  sequence("GET /team-invitations", "malformed", "invitation lists and revocations with extra query fields and bad ids", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "extra query", { method: "GET", path: "/team-invitations", query: { team_id: team, user_id: "me" } }, ctx.client(p, owner))
    await send(ctx, "empty team", { method: "GET", path: "/team-invitations", query: { team_id: "" } }, ctx.server(p))
    await send(ctx, "revoke bad id no team", { method: "DELETE", path: "/team-invitations/abc" }, ctx.client(p, owner))
    await send(ctx, "revoke bad team", { method: "DELETE", path: `/team-invitations/${unknownId}`, query: { team_id: "abc" } }, ctx.server(p))
    await send(ctx, "read one", { method: "GET", path: `/team-invitations/${unknownId}`, query: { team_id: team } }, ctx.server(p))
  }),
  // ---- connected accounts
  sequence("POST /connected-accounts/{user}/{provider}/access-token", "known-error", "access tokens: provider not configured, not connected, another user, signed out", async (ctx) => {
    const p = await ctx.project("fresh")
    await configure(ctx, p, { oauth_providers: [{ id: "github", type: "shared" }, { id: "google", type: "standard", client_id: "cid", client_secret: "secret" }] })
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    await send(ctx, "not configured", { method: "POST", path: "/connected-accounts/me/discord/access-token", body: { scope: "" } }, ctx.client(p, t))
    await send(ctx, "not connected", { method: "POST", path: "/connected-accounts/me/google/access-token", body: { scope: "email" } }, ctx.client(p, t))
    await send(ctx, "server not connected", { method: "POST", path: `/connected-accounts/${t.userId}/google/access-token`, body: {} }, ctx.server(p))
    await send(ctx, "another user", { method: "POST", path: `/connected-accounts/${other.userId}/google/access-token`, body: {} }, ctx.client(p, t))
    await send(ctx, "signed out", { method: "POST", path: "/connected-accounts/me/google/access-token", body: {} }, ctx.client(p))
    await send(ctx, "scope number", { method: "POST", path: "/connected-accounts/me/google/access-token", body: { scope: 1 } }, ctx.client(p, t))
  }),
  sequence("POST /connected-accounts/{user}/{provider}/access-token", "malformed", "access tokens: no body, unknown field, me as server, bad user id", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "no body", { method: "POST", path: "/connected-accounts/me/github/access-token" }, ctx.client(p, t))
    await send(ctx, "unknown field", { method: "POST", path: "/connected-accounts/me/github/access-token", body: { token: "x" } }, ctx.client(p, t))
    await send(ctx, "server me", { method: "POST", path: "/connected-accounts/me/github/access-token", body: {} }, ctx.server(p))
    await send(ctx, "bad user", { method: "POST", path: "/connected-accounts/not-a-user/github/access-token", body: {} }, ctx.server(p))
    await send(ctx, "unknown provider server", { method: "POST", path: `/connected-accounts/${t.userId}/gitlab/access-token`, body: {} }, ctx.server(p))
    await send(ctx, "get", { method: "GET", path: "/connected-accounts/me/github/access-token" }, ctx.client(p, t))
  }),
  // ---- internal API keys
  sequence("POST /internal/api-keys", "happy", "internal keys: one kind each, read one, rename, revoke, list newest first", async (ctx) => {
    const p = await ctx.project("fresh")
    const expires = hourFromNow()
    const client = await send(ctx, "client only", { method: "POST", path: "/internal/api-keys", body: { description: "client", expires_at_millis: expires, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.admin(p))
    await send(ctx, "server only", { method: "POST", path: "/internal/api-keys", body: { description: "server", expires_at_millis: expires, has_publishable_client_key: false, has_secret_server_key: true, has_super_secret_admin_key: false } }, ctx.admin(p))
    const id = ctx.field(client, "id")
    await send(ctx, "read", { method: "GET", path: `/internal/api-keys/${id}` }, ctx.admin(p))
    await send(ctx, "rename", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { description: "client keys" } }, ctx.admin(p))
    await send(ctx, "revoke", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { revoked: true } }, ctx.admin(p))
    await send(ctx, "revoke again", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { revoked: true, description: "again" } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/internal/api-keys" }, ctx.admin(p))
    await send(ctx, "revoked key used", { method: "GET", path: "/users/me" }, { access: "client", keys: { projectId: p.keys.projectId, publishableClientKey: ctx.field(client, "publishable_client_key") } })
  }),
  sequence("POST /internal/api-keys", "malformed", "internal keys: no kinds, missing expiry, wrong types, unknown field, empty body", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "no kinds", { method: "POST", path: "/internal/api-keys", body: { description: "x", expires_at_millis: hourFromNow(), has_publishable_client_key: false, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.admin(p))
    await send(ctx, "missing expiry", { method: "POST", path: "/internal/api-keys", body: { description: "x", has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.admin(p))
    await send(ctx, "types", { method: "POST", path: "/internal/api-keys", body: { description: 1, expires_at_millis: "x", has_publishable_client_key: "yes", has_secret_server_key: 0, has_super_secret_admin_key: null } }, ctx.admin(p))
    await send(ctx, "unknown field", { method: "POST", path: "/internal/api-keys", body: { description: "x", expires_at_millis: hourFromNow(), has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false, team_id: unknownId } }, ctx.admin(p))
    await send(ctx, "empty body", { method: "POST", path: "/internal/api-keys", body: {} }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/internal/api-keys" }, ctx.admin(p))
  }),
  sequence("PATCH /internal/api-keys/{id}", "known-error", "internal keys: unknown and bad ids, revoked false, wrong types, client and server access", async (ctx) => {
    const p = await ctx.project("fresh")
    const key = await quiet(ctx, { method: "POST", path: "/internal/api-keys", body: { description: "k", expires_at_millis: hourFromNow(), has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: false } }, ctx.admin(p))
    const id = ctx.field(key, "id")
    await send(ctx, "read unknown", { method: "GET", path: `/internal/api-keys/${unknownId}` }, ctx.admin(p))
    await send(ctx, "read bad id", { method: "GET", path: "/internal/api-keys/xyz" }, ctx.admin(p))
    await send(ctx, "update unknown", { method: "PATCH", path: `/internal/api-keys/${unknownId}`, body: { description: "x" } }, ctx.admin(p))
    await send(ctx, "revoked false", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { revoked: false } }, ctx.admin(p))
    await send(ctx, "wrong types", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { description: 3, revoked: "y" } }, ctx.admin(p))
    await send(ctx, "client read", { method: "GET", path: `/internal/api-keys/${id}` }, ctx.client(p))
    await send(ctx, "server update", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { description: "x" } }, ctx.server(p))
    await send(ctx, "server create", { method: "POST", path: "/internal/api-keys", body: { description: "x", expires_at_millis: hourFromNow(), has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.server(p))
    await send(ctx, "delete", { method: "DELETE", path: `/internal/api-keys/${id}` }, ctx.admin(p))
    await send(ctx, "read", { method: "GET", path: `/internal/api-keys/${id}` }, ctx.admin(p))
  }),
  // ---- second batch: queries on single keys, owners deleted, orders, more definitions and invitations
  sequence("GET /team-api-keys/{id}", "happy", "a team key read and updated with its team in the query, and with another team's", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const a = await teamOf(ctx, p, owner, "A")
    const b = await teamOf(ctx, p, undefined, "B")
    const id = ctx.field(await teamKey(ctx, p, a, "a-key", { is_public: true }), "id")
    await send(ctx, "read with team", { method: "GET", path: `/team-api-keys/${id}`, query: { team_id: a } }, ctx.client(p, owner))
    await send(ctx, "read with other team", { method: "GET", path: `/team-api-keys/${id}`, query: { team_id: b } }, ctx.client(p, owner))
    await send(ctx, "rename with team", { method: "PATCH", path: `/team-api-keys/${id}`, query: { team_id: a }, body: { description: "renamed" } }, ctx.client(p, owner))
    await send(ctx, "server revoke with team", { method: "PATCH", path: `/team-api-keys/${id}`, query: { team_id: a }, body: { revoked: true } }, ctx.server(p))
    await send(ctx, "read bad team", { method: "GET", path: `/team-api-keys/${id}`, query: { team_id: "nope" } }, ctx.server(p))
    await send(ctx, "list with team", { method: "GET", path: "/team-api-keys", query: { team_id: a } }, ctx.server(p))
  }),
  sequence("GET /user-api-keys/{id}", "happy", "a user key read with user_id in the query: own, another's, me, malformed", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    const id = ctx.field(await userKey(ctx, p, t.userId, "mine"), "id")
    await send(ctx, "with me", { method: "GET", path: `/user-api-keys/${id}`, query: { user_id: "me" } }, ctx.client(p, t))
    await send(ctx, "with another's id", { method: "GET", path: `/user-api-keys/${id}`, query: { user_id: other.userId } }, ctx.client(p, t))
    await send(ctx, "with bad id", { method: "GET", path: `/user-api-keys/${id}`, query: { user_id: "bad" } }, ctx.server(p))
    await send(ctx, "server with me", { method: "GET", path: `/user-api-keys/${id}`, query: { user_id: "me" } }, ctx.server(p))
    await send(ctx, "update with me", { method: "PATCH", path: `/user-api-keys/${id}`, query: { user_id: "me" }, body: { description: "again" } }, ctx.client(p, t))
    await send(ctx, "unknown query", { method: "GET", path: `/user-api-keys/${id}`, query: { team_id: unknownId } }, ctx.client(p, t))
  }),
  sequence("POST /user-api-keys/check", "known-error", "keys of a deleted user and of a deleted team are gone", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const team = await teamOf(ctx, p, t)
    const uk = await userKey(ctx, p, t.userId, "u")
    const tk = await teamKey(ctx, p, team, "t")
    await send(ctx, "delete team", { method: "DELETE", path: `/teams/${team}` }, ctx.server(p))
    await send(ctx, "check team key", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(tk, "value") } }, ctx.server(p))
    await send(ctx, "read team key", { method: "GET", path: `/team-api-keys/${ctx.field(tk, "id")}` , query: { team_id: team } }, ctx.server(p))
    await send(ctx, "delete user", { method: "DELETE", path: `/users/${t.userId}` }, ctx.server(p))
    await send(ctx, "check user key", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(uk, "value") } }, ctx.server(p))
    await send(ctx, "read user key", { method: "GET", path: `/user-api-keys/${ctx.field(uk, "id")}` }, ctx.server(p))
  }),
  sequence("GET /user-api-keys", "happy", "a user's list keeps revoked and expired keys, newest first, and no other user's", async (ctx) => {
    const p = await ctx.project("open")
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    await userKey(ctx, p, other.userId, "theirs")
    const a = await userKey(ctx, p, t.userId, "a", { expires_at_millis: 5_000 })
    await userKey(ctx, p, t.userId, "b", { is_public: true })
    await quiet(ctx, { method: "PATCH", path: `/user-api-keys/${ctx.field(a, "id")}`, body: { revoked: true } }, ctx.server(p))
    await userKey(ctx, p, t.userId, "c", { expires_at_millis: 0 })
    await send(ctx, "list", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, t))
    await send(ctx, "other's list", { method: "GET", path: "/user-api-keys", query: { user_id: other.userId } }, ctx.server(p))
  }),
  sequence("POST /team-api-keys", "known-error", "team keys: a client with no membership creates for an unknown team; the creator after leaving", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const team = await teamOf(ctx, p, owner)
    await send(ctx, "unknown team", { method: "POST", path: "/team-api-keys", body: { team_id: unknownId, description: "x", expires_at_millis: null } }, ctx.client(p, owner))
    await send(ctx, "signed out", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "x", expires_at_millis: null } }, ctx.client(p))
    await send(ctx, "owner", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "ok", expires_at_millis: null, is_public: true } }, ctx.client(p, owner))
    await quiet(ctx, { method: "DELETE", path: `/team-memberships/${team}/${owner.userId}` }, ctx.server(p))
    await send(ctx, "after leaving", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "x", expires_at_millis: null } }, ctx.client(p, owner))
  }),
  sequence("POST /project-permission-definitions", "known-error", "project definitions: duplicated contained ids, empty and null descriptions, a team one contained on update", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "base", { method: "POST", path: "/project-permission-definitions", body: { id: "base", description: "" } }, ctx.admin(p))
    await send(ctx, "twice contained", { method: "POST", path: "/project-permission-definitions", body: { id: "twice", contained_permission_ids: ["base", "base"] } }, ctx.admin(p))
    await send(ctx, "null description", { method: "POST", path: "/project-permission-definitions", body: { id: "nulled", description: null } }, ctx.admin(p))
    await send(ctx, "team one on update", { method: "PATCH", path: "/project-permission-definitions/base", body: { contained_permission_ids: ["$read_members"] } }, ctx.admin(p))
    await send(ctx, "team definition on update", { method: "PATCH", path: "/project-permission-definitions/base", body: { contained_permission_ids: ["team_member"] } }, ctx.admin(p))
    await send(ctx, "rename to bad", { method: "PATCH", path: "/project-permission-definitions/base", body: { id: "bad id" } }, ctx.admin(p))
    await send(ctx, "rename to dollar", { method: "PATCH", path: "/project-permission-definitions/base", body: { id: "$base" } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
  }),
  sequence("GET /project-permissions", "happy", "a client lists its own project permissions with filters; a contained one granted directly too", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "leaf" } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "mid", contained_permission_ids: ["leaf"] } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await quiet(ctx, { method: "POST", path: `/project-permissions/${t.userId}/mid`, body: {} }, ctx.server(p))
    await quiet(ctx, { method: "POST", path: `/project-permissions/${t.userId}/leaf`, body: {} }, ctx.server(p))
    await send(ctx, "me recursive", { method: "GET", path: "/project-permissions", query: { user_id: "me", recursive: "true" } }, ctx.client(p, t))
    await send(ctx, "me leaf", { method: "GET", path: "/project-permissions", query: { user_id: "me", permission_id: "leaf" } }, ctx.client(p, t))
    await send(ctx, "me mid recursive", { method: "GET", path: "/project-permissions", query: { user_id: "me", permission_id: "mid", recursive: "true" } }, ctx.client(p, t))
    await send(ctx, "revoke leaf", { method: "DELETE", path: `/project-permissions/${t.userId}/leaf` }, ctx.server(p))
    await send(ctx, "me recursive after", { method: "GET", path: "/project-permissions", query: { user_id: "me", recursive: "true" } }, ctx.client(p, t))
    await send(ctx, "unknown query field", { method: "GET", path: "/project-permissions", query: { user_id: "me", team_id: unknownId } }, ctx.client(p, t))
  }),
  sequence("GET /team-invitations", "known-error", "invitation lists: only $invite_members, an accepted invitation leaves the list", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await quiet(ctx, { method: "POST", path: `/team-permissions/${team}/${member.userId}/$invite_members`, body: {} }, ctx.server(p))
    await send(ctx, "invite only", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "invite", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("a"), team_id: team, callback_url: inviteCallback } }, ctx.client(p, member))
    await send(ctx, "invite same again", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("a"), team_id: team, callback_url: inviteCallback } }, ctx.client(p, owner))
    await send(ctx, "owner lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, owner))
    await send(ctx, "member revokes", { method: "DELETE", path: `/team-invitations/${unknownId}`, query: { team_id: team } }, ctx.client(p, member))
  }),
  sequence("POST /internal/api-keys", "known-error", "internal keys: already expired, description empty, unknown update field, lower access lists", async (ctx) => {
    const p = await ctx.project("fresh")
    const old = await send(ctx, "already expired", { method: "POST", path: "/internal/api-keys", body: { description: "old", expires_at_millis: 1_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.admin(p))
    await send(ctx, "use expired", { method: "GET", path: "/users/me" }, { access: "client", keys: { projectId: p.keys.projectId, publishableClientKey: ctx.field(old, "publishable_client_key") } })
    await send(ctx, "empty description", { method: "POST", path: "/internal/api-keys", body: { description: "", expires_at_millis: hourFromNow(), has_publishable_client_key: false, has_secret_server_key: false, has_super_secret_admin_key: true } }, ctx.admin(p))
    await send(ctx, "unknown update field", { method: "PATCH", path: `/internal/api-keys/${ctx.field(old, "id")}`, body: { expires_at_millis: hourFromNow() } }, ctx.admin(p))
    await send(ctx, "empty update", { method: "PATCH", path: `/internal/api-keys/${ctx.field(old, "id")}`, body: {} }, ctx.admin(p))
    await send(ctx, "server list", { method: "GET", path: "/internal/api-keys" }, ctx.server(p))
    await send(ctx, "client list", { method: "GET", path: "/internal/api-keys" }, ctx.client(p))
    await send(ctx, "list", { method: "GET", path: "/internal/api-keys" }, ctx.admin(p))
  }),
  sequence("GET /internal/api-keys", "auth", "internal keys of a project read with its owner's admin token and with another project's key", async (ctx) => {
    const p = await ctx.project("fresh")
    const other = await ctx.project("apikeys")
    const token = await ctx.projects.ownerAccessToken()
    await send(ctx, "owner token", { method: "GET", path: "/internal/api-keys" }, { access: "admin", keys: { projectId: p.keys.projectId }, adminAccessToken: token })
    await send(ctx, "other project's admin key", { method: "GET", path: "/internal/api-keys" }, { access: "admin", keys: { projectId: p.keys.projectId, superSecretAdminKey: other.keys.superSecretAdminKey } })
    await send(ctx, "no key", { method: "GET", path: "/internal/api-keys" }, { access: "admin", keys: { projectId: p.keys.projectId }, sendKeys: [] })
  }),
  sequence("POST /connected-accounts/{user}/{provider}/access-token", "known-error", "access tokens with shared keys (the development setup allows them): not connected", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "shared keys", { method: "POST", path: "/connected-accounts/me/github/access-token", body: {} }, ctx.client(p, t))
    await send(ctx, "server shared keys", { method: "POST", path: `/connected-accounts/${t.userId}/github/access-token`, body: { scope: "repo user" } }, ctx.server(p))
  }),
  // ---- third batch: linked accounts without tokens, custom permissions, conversions, grants through containment
  sequence("POST /connected-accounts/{user}/{provider}/access-token", "known-error", "an account linked by the server (no provider tokens) with own keys: no token for any scope", async (ctx) => {
    const p = await ctx.project("fresh")
    await configure(ctx, p, { oauth_providers: [{ id: "github", type: "standard", client_id: "cid", client_secret: "secret" }] })
    const t = await ctx.signUp(p, ctx.email())
    ctx.alias(`gh-${ctx.runId}`, "account:gh")
    await send(ctx, "link", { method: "POST", path: "/oauth-providers", body: { user_id: t.userId, provider_config_id: "github", account_id: `gh-${ctx.runId}`, allow_sign_in: false, allow_connected_accounts: true } }, ctx.server(p))
    await send(ctx, "no scope", { method: "POST", path: "/connected-accounts/me/github/access-token", body: {} }, ctx.client(p, t))
    await send(ctx, "with scope", { method: "POST", path: `/connected-accounts/${t.userId}/github/access-token`, body: { scope: "repo" } }, ctx.server(p))
  }),
  sequence("GET /team-api-keys", "auth", "a custom team permission that contains $manage_api_keys lets a member manage keys", async (ctx) => {
    const p = await ctx.project("fresh")
    await configure(ctx, p, { allow_team_api_keys: true })
    await quiet(ctx, { method: "POST", path: "/team-permission-definitions", body: { id: "keymaster", contained_permission_ids: ["$manage_api_keys"] } }, ctx.admin(p))
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "before", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, member))
    await quiet(ctx, { method: "POST", path: `/team-permissions/${team}/${member.userId}/keymaster`, body: {} }, ctx.server(p))
    const key = await send(ctx, "create", { method: "POST", path: "/team-api-keys", body: { team_id: team, description: "km", expires_at_millis: null, is_public: true } }, ctx.client(p, member))
    await send(ctx, "list", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, member))
    await send(ctx, "revoke", { method: "PATCH", path: `/team-api-keys/${ctx.field(key, "id")}`, query: { team_id: team }, body: { revoked: true } }, ctx.client(p, member))
    await send(ctx, "check public revoked", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(key, "value") } }, ctx.server(p))
  }),
  sequence("POST /user-api-keys", "malformed", "user key creation with converted values: text boolean, text expiry, number description", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "text boolean", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: null, is_public: "true" } }, ctx.client(p, t))
    await send(ctx, "text expiry", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: String(hourFromNow()) } }, ctx.client(p, t))
    await send(ctx, "number description", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: 12, expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "object owner", { method: "POST", path: "/user-api-keys", body: { user_id: { id: t.userId }, description: "x", expires_at_millis: null } }, ctx.server(p))
    await send(ctx, "is_public null", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "x", expires_at_millis: null, is_public: null } }, ctx.client(p, t))
    await send(ctx, "list", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("POST /team-api-keys/check", "known-error", "checks: a revoked user key on the team route, a padded value, a public key of the other kind", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const team = await teamOf(ctx, p, t)
    const uk = await userKey(ctx, p, t.userId, "u")
    const tk = await teamKey(ctx, p, team, "t", { is_public: true })
    await quiet(ctx, { method: "PATCH", path: `/user-api-keys/${ctx.field(uk, "id")}`, body: { revoked: true } }, ctx.server(p))
    await send(ctx, "revoked user key on team route", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(uk, "value") } }, ctx.server(p))
    await send(ctx, "revoked user key on user route", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(uk, "value") } }, ctx.server(p))
    await send(ctx, "padded", { method: "POST", path: "/team-api-keys/check", body: { api_key: ` ${ctx.field(tk, "value")} ` } }, ctx.server(p))
    await send(ctx, "public team key on user route", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(tk, "value") } }, ctx.server(p))
    await send(ctx, "upper case", { method: "POST", path: "/team-api-keys/check", body: { api_key: ctx.field(tk, "value").toUpperCase() } }, ctx.server(p))
  }),
  sequence("DELETE /project-permissions/{user}/{permission}", "known-error", "revoking a permission held only through a contained one; granting the container twice", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "inner" } }, ctx.admin(p))
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "outer", contained_permission_ids: ["inner"] } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "grant outer", { method: "POST", path: `/project-permissions/${t.userId}/outer`, body: {} }, ctx.server(p))
    await send(ctx, "revoke inner", { method: "DELETE", path: `/project-permissions/${t.userId}/inner` }, ctx.server(p))
    await send(ctx, "inner recursive", { method: "GET", path: "/project-permissions", query: { user_id: t.userId, permission_id: "inner", recursive: "true" } }, ctx.server(p))
    await send(ctx, "delete outer definition", { method: "DELETE", path: "/project-permission-definitions/outer" }, ctx.admin(p))
    await send(ctx, "inner recursive after", { method: "GET", path: "/project-permissions", query: { user_id: t.userId, recursive: "true" } }, ctx.server(p))
    await send(ctx, "grant deleted", { method: "POST", path: `/project-permissions/${t.userId}/outer`, body: {} }, ctx.server(p))
  }),
  sequence("GET /internal/api-keys", "happy", "internal keys: the list with revoked ones, an emptied description, another project's key id", async (ctx) => {
    const p = await ctx.project("fresh")
    const other = await ctx.project("apikeys")
    const mk = (description: string) => quiet(ctx, { method: "POST", path: "/internal/api-keys", body: { description, expires_at_millis: hourFromNow(), has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: false } }, ctx.admin(p))
    const a = await mk("a")
    await mk("b")
    await quiet(ctx, { method: "PATCH", path: `/internal/api-keys/${ctx.field(a, "id")}`, body: { revoked: true } }, ctx.admin(p))
    await send(ctx, "emptied description", { method: "PATCH", path: `/internal/api-keys/${ctx.field(a, "id")}`, body: { description: "" } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/internal/api-keys" }, ctx.admin(p))
    await send(ctx, "read from another project", { method: "GET", path: `/internal/api-keys/${ctx.field(a, "id")}` }, ctx.admin(other))
    await send(ctx, "update from another project", { method: "PATCH", path: `/internal/api-keys/${ctx.field(a, "id")}`, body: { revoked: true } }, ctx.admin(other))
  }),
  sequence("PATCH /team-api-keys/{id}", "known-error", "team key updates: a plain member, wrong types, unknown field, and the list after", async (ctx) => {
    const p = await ctx.project("apikeys")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    const id = ctx.field(await teamKey(ctx, p, team, "t"), "id")
    await send(ctx, "member renames", { method: "PATCH", path: `/team-api-keys/${id}`, query: { team_id: team }, body: { description: "mine" } }, ctx.client(p, member))
    await send(ctx, "wrong types", { method: "PATCH", path: `/team-api-keys/${id}`, query: { team_id: team }, body: { description: [], revoked: 2 } }, ctx.client(p, owner))
    await send(ctx, "unknown field", { method: "PATCH", path: `/team-api-keys/${id}`, query: { team_id: team }, body: { team_id: team } }, ctx.server(p))
    await send(ctx, "bad id and no team", { method: "PATCH", path: "/team-api-keys/bad", body: { description: 1 } }, ctx.server(p))
    await send(ctx, "list", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.client(p, owner))
  }),
  // ---- fourth batch: methods a route does not have, accounts given at creation, owners deleted
  sequence("GET /user-api-keys/check", "malformed", "methods the key, permission and invitation routes do not have", async (ctx) => {
    const p = await ctx.project("apikeys")
    await send(ctx, "get check", { method: "GET", path: "/user-api-keys/check" }, ctx.server(p))
    await send(ctx, "put key", { method: "PUT", path: `/user-api-keys/${unknownId}`, body: {} }, ctx.server(p))
    await send(ctx, "delete team key", { method: "DELETE", path: `/team-api-keys/${unknownId}` }, ctx.server(p))
    await send(ctx, "read a project definition", { method: "GET", path: "/project-permission-definitions/x" }, ctx.admin(p))
    await send(ctx, "delete definitions", { method: "DELETE", path: "/project-permission-definitions" }, ctx.admin(p))
    await send(ctx, "post invitations", { method: "POST", path: "/team-invitations", body: {} }, ctx.server(p))
    await send(ctx, "patch project permission", { method: "PATCH", path: `/project-permissions/${unknownId}/x`, body: {} }, ctx.server(p))
    await send(ctx, "get access token", { method: "GET", path: `/connected-accounts/${unknownId}/github/access-token` }, ctx.server(p))
    await send(ctx, "delete internal keys", { method: "DELETE", path: "/internal/api-keys" }, ctx.admin(p))
  }),
  sequence("POST /connected-accounts/{user}/{provider}/access-token", "known-error", "accounts given at a user's creation, and one closed to connected accounts, hold no tokens", async (ctx) => {
    const p = await ctx.project("fresh")
    await configure(ctx, p, { oauth_providers: [{ id: "github", type: "standard", client_id: "cid", client_secret: "secret" }, { id: "spotify", type: "standard", client_id: "cid", client_secret: "secret" }] })
    ctx.alias(`made-${ctx.runId}`, "account:made")
    const userId = await ctx.createUser(p, { primary_email: ctx.email("made"), oauth_providers: [{ id: "github", account_id: `made-${ctx.runId}`, email: ctx.email("made") }] })
    await send(ctx, "created with account", { method: "POST", path: `/connected-accounts/${userId}/github/access-token`, body: {} }, ctx.server(p))
    await send(ctx, "other provider", { method: "POST", path: `/connected-accounts/${userId}/spotify/access-token`, body: {} }, ctx.server(p))
    const t = await ctx.signUp(p, ctx.email())
    await quiet(ctx, { method: "POST", path: "/oauth-providers", body: { user_id: t.userId, provider_config_id: "spotify", account_id: `sp-${ctx.runId}`, allow_sign_in: false, allow_connected_accounts: false } }, ctx.server(p))
    await send(ctx, "closed account", { method: "POST", path: "/connected-accounts/me/spotify/access-token", body: { scope: "user-read-email" } }, ctx.client(p, t))
  }),
  sequence("GET /project-permissions", "known-error", "a deleted user's project permissions; a deleted team's invitations and keys", async (ctx) => {
    const p = await ctx.project("apikeys")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: `gone_${ctx.runId.toLowerCase().replace(/[^a-z0-9]/g, "")}` } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    const team = await teamOf(ctx, p, t)
    await quiet(ctx, { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("inv"), team_id: team, callback_url: inviteCallback } }, ctx.server(p))
    await send(ctx, "delete team", { method: "DELETE", path: `/teams/${team}` }, ctx.server(p))
    await send(ctx, "invitations of the deleted team", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "keys of the deleted team", { method: "GET", path: "/team-api-keys", query: { team_id: team } }, ctx.server(p))
    await send(ctx, "delete user", { method: "DELETE", path: `/users/${t.userId}` }, ctx.server(p))
    await send(ctx, "permissions of the deleted user", { method: "GET", path: "/project-permissions", query: { user_id: t.userId } }, ctx.server(p))
    await send(ctx, "grant to the deleted user", { method: "POST", path: `/project-permissions/${t.userId}/anything`, body: {} }, ctx.server(p))
  }),
  sequence("POST /team-invitations/send-code", "happy", "the owner invites, lists, revokes all; the list is empty; a member lists nothing", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const member = await ctx.signUp(p, ctx.email("member"))
    const team = await teamOf(ctx, p, owner)
    await join(ctx, p, team, member)
    await send(ctx, "invite one", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x1"), team_id: team, callback_url: inviteCallback } }, ctx.client(p, owner))
    await send(ctx, "invite two", { method: "POST", path: "/team-invitations/send-code", body: { email: ctx.email("x2"), team_id: team, callback_url: inviteCallback } }, ctx.client(p, owner))
    const list = await send(ctx, "list", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, owner))
    await send(ctx, "revoke first", { method: "DELETE", path: `/team-invitations/${ctx.field(list, "items.0.id")}`, query: { team_id: team } }, ctx.client(p, owner))
    await send(ctx, "revoke second", { method: "DELETE", path: `/team-invitations/${ctx.field(list, "items.1.id")}`, query: { team_id: team } }, ctx.client(p, owner))
    await send(ctx, "list after", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, owner))
    await send(ctx, "member lists", { method: "GET", path: "/team-invitations", query: { team_id: team } }, ctx.client(p, member))
  }),
  sequence("PATCH /user-api-keys/{id}", "happy", "a user key: revoke then rename; revoked false after revoking; the check after each", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    const key = await userKey(ctx, p, t.userId, "life", { expires_at_millis: hourFromNow() })
    const id = ctx.field(key, "id")
    await send(ctx, "check", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(key, "value") } }, ctx.server(p))
    await send(ctx, "revoke", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: true } }, ctx.client(p, t))
    await send(ctx, "rename", { method: "PATCH", path: `/user-api-keys/${id}`, body: { description: "after revoke" } }, ctx.client(p, t))
    await send(ctx, "unrevoke", { method: "PATCH", path: `/user-api-keys/${id}`, body: { revoked: false, description: "x" } }, ctx.client(p, t))
    await send(ctx, "read", { method: "GET", path: `/user-api-keys/${id}` }, ctx.client(p, t))
    await send(ctx, "check after", { method: "POST", path: "/user-api-keys/check", body: { api_key: ctx.field(key, "value") } }, ctx.server(p))
  }),
  sequence("POST /project-permission-definitions", "happy", "a long chain of contained project permissions, listed recursively for a user", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "c", { method: "POST", path: "/project-permission-definitions", body: { id: "c" } }, ctx.admin(p))
    await send(ctx, "b", { method: "POST", path: "/project-permission-definitions", body: { id: "b", contained_permission_ids: ["c"] } }, ctx.admin(p))
    await send(ctx, "a", { method: "POST", path: "/project-permission-definitions", body: { id: "a", contained_permission_ids: ["b", "c"] } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await quiet(ctx, { method: "POST", path: `/project-permissions/${t.userId}/a`, body: {} }, ctx.server(p))
    await send(ctx, "recursive", { method: "GET", path: "/project-permissions", query: { user_id: t.userId, recursive: "true" } }, ctx.server(p))
    await send(ctx, "c holders", { method: "GET", path: "/project-permissions", query: { permission_id: "c", recursive: "true" } }, ctx.server(p))
    await send(ctx, "delete b", { method: "DELETE", path: "/project-permission-definitions/b" }, ctx.admin(p))
    await send(ctx, "recursive after", { method: "GET", path: "/project-permissions", query: { user_id: t.userId, recursive: "true" } }, ctx.server(p))
    await send(ctx, "definitions", { method: "GET", path: "/project-permission-definitions" }, ctx.admin(p))
  }),
  // ---- fifth batch (names start with `edge:`): converted numbers, upper-case ids, admin with a user token
  sequence("POST /user-api-keys", "malformed", "edge: fractional and text expiries, upper-case owner ids", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "fractional expiry", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId, description: "f", expires_at_millis: 4102444800000.75 } }, ctx.server(p))
    await send(ctx, "upper-case user", { method: "POST", path: "/user-api-keys", body: { user_id: t.userId.toUpperCase(), description: "u", expires_at_millis: null } }, ctx.client(p, t))
    await send(ctx, "upper-case list", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId.toUpperCase() } }, ctx.client(p, t))
    await send(ctx, "list", { method: "GET", path: "/user-api-keys", query: { user_id: t.userId } }, ctx.server(p))
  }),
  sequence("POST /internal/api-keys", "malformed", "edge: internal keys with text booleans, a text expiry and a fractional one", async (ctx) => {
    const p = await ctx.project("fresh")
    await send(ctx, "text booleans", { method: "POST", path: "/internal/api-keys", body: { description: "t", expires_at_millis: hourFromNow(), has_publishable_client_key: "true", has_secret_server_key: "false", has_super_secret_admin_key: false } }, ctx.admin(p))
    await send(ctx, "text expiry", { method: "POST", path: "/internal/api-keys", body: { description: "t", expires_at_millis: "4102444800000", has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.admin(p))
    await send(ctx, "fractional expiry", { method: "POST", path: "/internal/api-keys", body: { description: "t", expires_at_millis: 4102444800000.5, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.admin(p))
    await send(ctx, "list", { method: "GET", path: "/internal/api-keys" }, ctx.admin(p))
  }),
  sequence("GET /user-api-keys", "auth", "edge: user keys with admin access and a user's token, and with a server key and a token", async (ctx) => {
    const p = await ctx.project("apikeys")
    const t = await ctx.signUp(p, ctx.email())
    await send(ctx, "admin me", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, { ...ctx.admin(p), accessToken: t.accessToken, refreshToken: t.refreshToken })
    await send(ctx, "server creates me", { method: "POST", path: "/user-api-keys", body: { user_id: "me", description: "s", expires_at_millis: null } }, ctx.server(p, t))
    await send(ctx, "client lists", { method: "GET", path: "/user-api-keys", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("GET /project-permissions", "malformed", "edge: project permission queries with upper-case and repeated values", async (ctx) => {
    const p = await ctx.project("fresh")
    await quiet(ctx, { method: "POST", path: "/project-permission-definitions", body: { id: "seen" } }, ctx.admin(p))
    const t = await ctx.signUp(p, ctx.email())
    await quiet(ctx, { method: "POST", path: `/project-permissions/${t.userId}/seen`, body: {} }, ctx.server(p))
    await send(ctx, "upper-case user", { method: "GET", path: "/project-permissions", query: { user_id: t.userId.toUpperCase() } }, ctx.server(p))
    await send(ctx, "upper-case permission", { method: "GET", path: "/project-permissions", query: { permission_id: "SEEN" } }, ctx.server(p))
    await send(ctx, "recursive TRUE", { method: "GET", path: "/project-permissions", query: { user_id: t.userId, recursive: "TRUE" } }, ctx.server(p))
    await send(ctx, "grant upper-case", { method: "POST", path: `/project-permissions/${t.userId}/SEEN`, body: {} }, ctx.server(p))
  })
]
