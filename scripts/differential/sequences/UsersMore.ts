/**
 * More sequences of users (own and server), contact channels, notification preferences, OAuth
 * providers on users and connected accounts: other options, other known errors, malformed input
 * (several faults at once, to pin the order the service lists them in), client vs server access.
 * Every name starts with `um:` (`--only um:` runs them all).
 */
import type { Context, Project, Tokens } from "../Context.ts"
import { callbackUrl, sequence, type Sequence } from "../Sequence.ts"

const unknownId = "00000000-0000-4000-8000-000000000000"

/** A signed-up user and its first contact channel's id. */
const withChannel = async (ctx: Context, p: Project, tag = "cc"): Promise<Tokens & { channelId: string }> => {
  const t = await ctx.signUp(p, ctx.email(tag))
  const list = await ctx.quiet({ method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
  return { ...t, channelId: ctx.field(list, "items.0.id") }
}

/** A user linked to the `github` provider (server create), and the link's id. */
const withProvider = async (ctx: Context, p: Project, account = "gh-1"): Promise<Tokens & { providerId: string }> => {
  const t = await ctx.signUp(p, ctx.email("op"))
  const created = await ctx.quiet({
    method: "POST",
    path: "/oauth-providers",
    body: { user_id: t.userId, provider_config_id: "github", account_id: `${account}-${ctx.slug}-${ctx.runId}`, allow_sign_in: false, allow_connected_accounts: true }
  }, ctx.server(p))
  return { ...t, providerId: ctx.field(created, "id") }
}

export const sequences: ReadonlyArray<Sequence> = [
  // ---- /users/me
  sequence("GET /users/me", "happy", "um: client view hides server metadata set by the server", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("server sets metadata", { method: "PATCH", path: `/users/${t.userId}`, body: { server_metadata: { secret: 1 }, client_read_only_metadata: { plan: "pro" }, client_metadata: { a: [1, 2] } } }, ctx.server(p))
    await ctx.send("client reads", { method: "GET", path: "/users/me" }, ctx.client(p, t))
    await ctx.send("server reads me", { method: "GET", path: "/users/me" }, ctx.server(p, t))
  }),
  sequence("PATCH /users/me", "happy", "um: client update casts scalars and clears a name", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("numeric name", { method: "PATCH", path: "/users/me", body: { display_name: 42, otp_auth_enabled: "true" } }, ctx.client(p, t))
    await ctx.send("null name", { method: "PATCH", path: "/users/me", body: { display_name: null, client_metadata: null } }, ctx.client(p, t))
    await ctx.send("empty name", { method: "PATCH", path: "/users/me", body: { display_name: "" } }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "malformed", "um: client update with several faults", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: "/users/me", body: { zeta: 1, display_name: { a: 1 }, otp_auth_enabled: "maybe", selected_team_id: "nope", totp_secret_base64: "***", passkey_auth_enabled: [], alpha: 2 } }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "malformed", "um: client update with a body that is not an object", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("array body", { method: "PATCH", path: "/users/me", body: [1, 2] }, ctx.client(p, t))
    await ctx.send("string body", { method: "PATCH", path: "/users/me", body: "hello" }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "happy", "um: client profile image as a URL and as a data URL", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("https url", { method: "PATCH", path: "/users/me", body: { profile_image_url: "https://example.com/a.png" } }, ctx.client(p, t))
    await ctx.send("data url", { method: "PATCH", path: "/users/me", body: { profile_image_url: "data:image/png;base64,iVBORw0KGgo=" } }, ctx.client(p, t))
    await ctx.send("null", { method: "PATCH", path: "/users/me", body: { profile_image_url: null } }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "happy", "um: client sets and clears a TOTP secret", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("set", { method: "PATCH", path: "/users/me", body: { totp_secret_base64: "dG90cC1zZWNyZXQtZm9yLXRlc3Q=" } }, ctx.client(p, t))
    await ctx.send("clear", { method: "PATCH", path: "/users/me", body: { totp_secret_base64: null } }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "happy", "um: server update of me with server fields", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: "/users/me", body: { server_metadata: { tier: 2 }, primary_email_verified: true } }, ctx.server(p, t))
    await ctx.send("server me without session", { method: "PATCH", path: "/users/me", body: { display_name: "x" } }, ctx.server(p))
  }),
  sequence("DELETE /users/me", "known-error", "um: delete me without a session", async (ctx) => {
    const p = await ctx.project("open")
    await ctx.send("delete", { method: "DELETE", path: "/users/me" }, ctx.client(p))
  }),
  // ---- server /users
  sequence("POST /users", "happy", "um: server creates an empty user", async (ctx) => {
    const p = await ctx.project()
    const created = await ctx.send("create", { method: "POST", path: "/users", body: {} }, ctx.server(p))
    ctx.alias(created.body && (created.body as { id?: string }).id, "user:empty")
  }),
  sequence("POST /users", "happy", "um: server creates a user with a password who then signs in", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("pw")
    const created = await ctx.send("create", { method: "POST", path: "/users", body: { primary_email: email, primary_email_auth_enabled: true, password: "a-good-password-1", display_name: 7, client_metadata: ["x"] } }, ctx.server(p))
    ctx.alias(ctx.field(created, "id"), "user:pw")
    await ctx.send("sign in", { method: "POST", path: "/auth/password/sign-in", body: { email, password: "a-good-password-1" } }, ctx.client(p))
  }),
  sequence("POST /users", "malformed", "um: server creates a user with a too long password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("create", { method: "POST", path: "/users", body: { primary_email: ctx.email(), password: "p".repeat(71) } }, ctx.server(p))
  }),
  sequence("POST /users", "known-error", "um: primary e-mail flags without an address", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("auth enabled", { method: "POST", path: "/users", body: { primary_email_auth_enabled: true } }, ctx.server(p))
    await ctx.send("verified", { method: "POST", path: "/users", body: { primary_email_verified: true } }, ctx.server(p))
    await ctx.send("null email", { method: "POST", path: "/users", body: { primary_email: null, display_name: "n" } }, ctx.server(p))
  }),
  sequence("POST /users", "known-error", "um: password and password hash together, and a bad hash", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("both", { method: "POST", path: "/users", body: { password: "a-good-password-1", password_hash: "$2a$10$abcdefghijklmnopqrstuv" } }, ctx.server(p))
    await ctx.send("bad hash", { method: "POST", path: "/users", body: { password_hash: "plain-text" } }, ctx.server(p))
  }),
  sequence("POST /users", "malformed", "um: server create with many faults at once", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("create", {
      method: "POST",
      path: "/users",
      body: { zz: 1, display_name: [], primary_email_verified: "maybe", is_anonymous: "x", otp_auth_enabled: 3, profile_image_url: "not a url", primary_email: "bad", selected_team_id: unknownId, aa: 2 }
    }, ctx.server(p))
  }),
  sequence("POST /users", "malformed", "um: server create with malformed oauth providers", async (ctx) => {
    const p = await ctx.project("oauth")
    await ctx.send("create", { method: "POST", path: "/users", body: { oauth_providers: [{ id: "github" }, { account_id: 5, email: "x" }] } }, ctx.server(p))
  }),
  sequence("POST /users", "happy", "um: server creates a user with an oauth provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const created = await ctx.send("create", { method: "POST", path: "/users", body: { primary_email: ctx.email("o"), oauth_providers: [{ id: "github", account_id: `acc-${ctx.runId}`, email: ctx.email("o") }] } }, ctx.server(p))
    const id = ctx.field(created, "id")
    ctx.alias(id, "user:o")
    await ctx.send("providers", { method: "GET", path: "/oauth-providers", query: { user_id: id } }, ctx.server(p))
  }),
  sequence("POST /users", "happy", "um: server creates an anonymous user", async (ctx) => {
    const p = await ctx.project()
    const created = await ctx.send("create", { method: "POST", path: "/users", body: { is_anonymous: true } }, ctx.server(p))
    ctx.alias(ctx.field(created, "id"), "user:anon")
  }),
  sequence("POST /users", "known-error", "um: server creates a user with an e-mail taken without auth", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("dup")
    await ctx.signUp(p, email)
    const created = await ctx.send("create no auth", { method: "POST", path: "/users", body: { primary_email: email } }, ctx.server(p))
    ctx.alias(created.body && (created.body as { id?: string }).id, "user:dup2")
    await ctx.send("create with auth", { method: "POST", path: "/users", body: { primary_email: email.toUpperCase(), primary_email_auth_enabled: true } }, ctx.server(p))
  }),
  sequence("PATCH /users/{id}", "happy", "um: server changes the primary e-mail and removes the password", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("change email", { method: "PATCH", path: `/users/${t.userId}`, body: { primary_email: ctx.email("new"), primary_email_verified: true } }, ctx.server(p))
    await ctx.send("channels", { method: "GET", path: "/contact-channels", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("remove password", { method: "PATCH", path: `/users/${t.userId}`, body: { password: null } }, ctx.server(p))
  }),
  sequence("PATCH /users/{id}", "known-error", "um: server moves a user to an e-mail another uses for auth", async (ctx) => {
    const p = await ctx.project()
    const taken = ctx.email("taken")
    await ctx.signUp(p, taken)
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: `/users/${t.userId}`, body: { primary_email: taken } }, ctx.server(p))
  }),
  sequence("PATCH /users/{id}", "malformed", "um: server update with faults, anonymous true and an unknown user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("anonymous true", { method: "PATCH", path: `/users/${t.userId}`, body: { is_anonymous: true } }, ctx.server(p))
    await ctx.send("faults", { method: "PATCH", path: `/users/${t.userId}`, body: { primary_email: "", password: "x".repeat(80), primary_email_auth_enabled: "sure", extra: true } }, ctx.server(p))
    await ctx.send("unknown user", { method: "PATCH", path: `/users/${unknownId}`, body: { display_name: "x" } }, ctx.server(p))
    await ctx.send("unknown user, bad body", { method: "PATCH", path: `/users/${unknownId}`, body: { display_name: {} } }, ctx.server(p))
    await ctx.send("bad id, bad body", { method: "PATCH", path: "/users/nope", body: { otp_auth_enabled: "x" } }, ctx.server(p))
  }),
  sequence("DELETE /users/{id}", "known-error", "um: server deletes an unknown user, client deletes another", async (ctx) => {
    const p = await ctx.project("open")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("server unknown", { method: "DELETE", path: `/users/${unknownId}` }, ctx.server(p))
    await ctx.send("client by id", { method: "DELETE", path: `/users/${t.userId}` }, ctx.client(p, t))
    await ctx.send("client reads by id", { method: "GET", path: `/users/${t.userId}` }, ctx.client(p, t))
  }),
  // ---- GET /users
  sequence("GET /users", "happy", "um: pages through users with a cursor", async (ctx) => {
    const p = await ctx.project("fresh")
    for (const tag of ["p1", "p2", "p3"]) await ctx.createUser(p, { primary_email: ctx.email(tag), display_name: tag })
    const first = await ctx.send("page 1", { method: "GET", path: "/users", query: { limit: "2" } }, ctx.server(p))
    const cursor = ctx.field(first, "pagination.next_cursor")
    await ctx.send("page 2", { method: "GET", path: "/users", query: { limit: "2", cursor } }, ctx.server(p))
    await ctx.send("desc", { method: "GET", path: "/users", query: { order_by: "signed_up_at", desc: "true", limit: "10" } }, ctx.server(p))
    await ctx.send("asc", { method: "GET", path: "/users", query: { desc: "false" } }, ctx.server(p))
  }),
  sequence("GET /users", "happy", "um: searches users by name and e-mail part", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.createUser(p, { primary_email: ctx.email("sally"), display_name: "Sally Search" })
    await ctx.createUser(p, { primary_email: ctx.email("bob"), display_name: "Bob" })
    await ctx.send("by name", { method: "GET", path: "/users", query: { query: "sally" } }, ctx.server(p))
    await ctx.send("by name, other case", { method: "GET", path: "/users", query: { query: "SEARCH" } }, ctx.server(p))
    await ctx.send("nothing", { method: "GET", path: "/users", query: { query: "zzzz-nobody" } }, ctx.server(p))
  }),
  sequence("GET /users", "happy", "um: anonymous users and include_anonymous", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.quiet({ method: "POST", path: "/auth/anonymous/sign-up" }, ctx.client(p))
    await ctx.createUser(p, { primary_email: ctx.email("real") })
    await ctx.send("default", { method: "GET", path: "/users" }, ctx.server(p))
    await ctx.send("include anonymous", { method: "GET", path: "/users", query: { include_anonymous: "true" } }, ctx.server(p))
  }),
  sequence("GET /users", "happy", "um: lists the members of a team", async (ctx) => {
    const p = await ctx.project("fresh")
    const a = await ctx.createUser(p, { primary_email: ctx.email("ta"), display_name: "member" })
    await ctx.createUser(p, { primary_email: ctx.email("tb"), display_name: "outsider" })
    const team = await ctx.quiet({ method: "POST", path: "/teams", body: { display_name: "T", creator_user_id: a } }, ctx.server(p))
    const teamId = ctx.field(team, "id")
    ctx.alias(teamId, "team:t")
    await ctx.send("members", { method: "GET", path: "/users", query: { team_id: teamId } }, ctx.server(p))
    await ctx.send("unknown team", { method: "GET", path: "/users", query: { team_id: unknownId } }, ctx.server(p))
  }),
  sequence("GET /users", "malformed", "um: list with bad limits, cursors and ids", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("limit 0", { method: "GET", path: "/users", query: { limit: "0" } }, ctx.server(p))
    await ctx.send("limit -3", { method: "GET", path: "/users", query: { limit: "-3" } }, ctx.server(p))
    await ctx.send("limit 1.5", { method: "GET", path: "/users", query: { limit: "1.5" } }, ctx.server(p))
    await ctx.send("bad cursor and team", { method: "GET", path: "/users", query: { cursor: "nope", team_id: "nope" } }, ctx.server(p))
    await ctx.send("unknown key", { method: "GET", path: "/users", query: { sort: "x", limit: "x" } }, ctx.server(p))
  }),
  sequence("GET /users", "happy", "um: list with an unknown cursor", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.createUser(p, { primary_email: ctx.email("c1") })
    await ctx.send("unknown cursor", { method: "GET", path: "/users", query: { cursor: unknownId } }, ctx.server(p))
  }),
  sequence("GET /users", "auth", "um: client and admin list users", async (ctx) => {
    const p = await ctx.project("fresh")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("client", { method: "GET", path: "/users" }, ctx.client(p, t))
    await ctx.send("admin", { method: "GET", path: "/users", query: { limit: "1" } }, ctx.admin(p))
  }),
  // ---- contact channels
  sequence("GET /contact-channels", "known-error", "um: list channels without or with another user", async (ctx) => {
    const p = await ctx.project("fresh")
    const other = await ctx.signUp(p, ctx.email("other"))
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("client no user_id", { method: "GET", path: "/contact-channels" }, ctx.client(p, t))
    await ctx.send("client other user", { method: "GET", path: "/contact-channels", query: { user_id: other.userId } }, ctx.client(p, t))
    await ctx.send("server no user_id", { method: "GET", path: "/contact-channels" }, ctx.server(p))
    await ctx.send("server bad user_id", { method: "GET", path: "/contact-channels", query: { user_id: "nope" } }, ctx.server(p))
    await ctx.send("server unknown user", { method: "GET", path: "/contact-channels", query: { user_id: unknownId } }, ctx.server(p))
  }),
  sequence("POST /contact-channels", "malformed", "um: create a channel with several faults", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("faults", { method: "POST", path: "/contact-channels", body: { zz: 1, user_id: "nope", value: "not-an-email", type: "sms", used_for_auth: "maybe", is_primary: "x" } }, ctx.client(p, t))
    await ctx.send("empty", { method: "POST", path: "/contact-channels", body: {} }, ctx.client(p, t))
    await ctx.send("client is_verified", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "email", value: ctx.email("v"), used_for_auth: false, is_verified: true } }, ctx.client(p, t))
  }),
  sequence("POST /contact-channels", "known-error", "um: create a duplicate channel and one for another user", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.signUp(p, ctx.email("other"))
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    await ctx.send("duplicate", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "email", value: email, used_for_auth: false } }, ctx.client(p, t))
    await ctx.send("for another user", { method: "POST", path: "/contact-channels", body: { user_id: other.userId, type: "email", value: ctx.email("x"), used_for_auth: false } }, ctx.client(p, t))
    await ctx.send("me without session", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "email", value: ctx.email("y"), used_for_auth: false } }, ctx.server(p))
  }),
  sequence("POST /contact-channels", "happy", "um: add a primary channel and read the user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const created = await ctx.send("create primary", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "email", value: ctx.email("prim"), used_for_auth: true, is_primary: true } }, ctx.client(p, t))
    ctx.alias(ctx.field(created, "id"), "channel:prim")
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
    await ctx.send("list", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("GET /contact-channels/{user}/{id}", "happy", "um: read one channel, an unknown and a malformed one", async (ctx) => {
    const p = await ctx.project()
    const t = await withChannel(ctx, p)
    await ctx.send("read", { method: "GET", path: `/contact-channels/me/${t.channelId}` }, ctx.client(p, t))
    await ctx.send("server read", { method: "GET", path: `/contact-channels/${t.userId}/${t.channelId}` }, ctx.server(p))
    await ctx.send("unknown", { method: "GET", path: `/contact-channels/me/${unknownId}` }, ctx.client(p, t))
    await ctx.send("malformed", { method: "GET", path: "/contact-channels/me/nope" }, ctx.client(p, t))
    await ctx.send("malformed user", { method: "GET", path: `/contact-channels/nope/${t.channelId}` }, ctx.server(p))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "happy", "um: change a channel's value and verification", async (ctx) => {
    const p = await ctx.project()
    const t = await withChannel(ctx, p)
    await ctx.send("server verifies", { method: "PATCH", path: `/contact-channels/${t.userId}/${t.channelId}`, body: { is_verified: true } }, ctx.server(p))
    await ctx.send("client changes value", { method: "PATCH", path: `/contact-channels/me/${t.channelId}`, body: { value: ctx.email("changed") } }, ctx.client(p, t))
    await ctx.send("client is_verified", { method: "PATCH", path: `/contact-channels/me/${t.channelId}`, body: { is_verified: true } }, ctx.client(p, t))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "malformed", "um: update a channel with several faults", async (ctx) => {
    const p = await ctx.project()
    const t = await withChannel(ctx, p)
    await ctx.send("faults", { method: "PATCH", path: `/contact-channels/me/${t.channelId}`, body: { extra: 1, type: "phone", value: "x", used_for_auth: "maybe", is_primary: 2 } }, ctx.client(p, t))
    await ctx.send("faults with bad id", { method: "PATCH", path: "/contact-channels/me/nope", body: { used_for_auth: "maybe" } }, ctx.client(p, t))
  }),
  sequence("DELETE /contact-channels/{user}/{id}", "happy", "um: delete the primary channel", async (ctx) => {
    const p = await ctx.project()
    const t = await withChannel(ctx, p)
    await ctx.send("delete", { method: "DELETE", path: `/contact-channels/me/${t.channelId}` }, ctx.client(p, t))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
    await ctx.send("delete again", { method: "DELETE", path: `/contact-channels/me/${t.channelId}` }, ctx.client(p, t))
    await ctx.send("delete malformed", { method: "DELETE", path: "/contact-channels/me/nope" }, ctx.client(p, t))
  }),
  sequence("POST /contact-channels/me/{id}/send-verification-code", "malformed", "um: send a verification code with bad input", async (ctx) => {
    const p = await ctx.project()
    const t = await withChannel(ctx, p)
    await ctx.send("no body", { method: "POST", path: `/contact-channels/me/${t.channelId}/send-verification-code`, body: {} }, ctx.client(p, t))
    await ctx.send("bad url", { method: "POST", path: `/contact-channels/me/${t.channelId}/send-verification-code`, body: { callback_url: "not a url", extra: 1 } }, ctx.client(p, t))
    await ctx.send("untrusted url", { method: "POST", path: `/contact-channels/me/${t.channelId}/send-verification-code`, body: { callback_url: "https://evil.example.org/verify" } }, ctx.client(p, t))
    await ctx.send("unknown channel", { method: "POST", path: `/contact-channels/me/${unknownId}/send-verification-code`, body: { callback_url: callbackUrl } }, ctx.client(p, t))
    await ctx.send("no session", { method: "POST", path: `/contact-channels/me/${t.channelId}/send-verification-code`, body: { callback_url: callbackUrl } }, ctx.client(p))
  }),
  sequence("POST /contact-channels/verify", "malformed", "um: verify with a malformed code", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("empty body", { method: "POST", path: "/contact-channels/verify", body: {} }, ctx.client(p))
    await ctx.send("number code", { method: "POST", path: "/contact-channels/verify", body: { code: 12345, extra: true } }, ctx.client(p))
    await ctx.send("short code", { method: "POST", path: "/contact-channels/verify/check-code", body: { code: "abc" } }, ctx.client(p))
  }),
  // ---- notification preferences
  sequence("GET /emails/notification-preference/{user}", "known-error", "um: preferences of another user, unknown and malformed ids", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.signUp(p, ctx.email("other"))
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("client other", { method: "GET", path: `/emails/notification-preference/${other.userId}` }, ctx.client(p, t))
    await ctx.send("server unknown", { method: "GET", path: `/emails/notification-preference/${unknownId}` }, ctx.server(p))
    await ctx.send("server malformed", { method: "GET", path: "/emails/notification-preference/nope" }, ctx.server(p))
    await ctx.send("client me signed out", { method: "GET", path: "/emails/notification-preference/me" }, ctx.client(p))
  }),
  sequence("PATCH /emails/notification-preference/{user}/{category}", "known-error", "um: change preferences with faults and a fixed category", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const list = await ctx.quiet({ method: "GET", path: "/emails/notification-preference/me" }, ctx.client(p, t))
    const items = (list.body as { items?: Array<{ notification_category_id: string; can_disable: boolean }> }).items ?? []
    const fixed = items.find((i) => !i.can_disable)?.notification_category_id ?? unknownId
    const free = items.find((i) => i.can_disable)?.notification_category_id ?? unknownId
    await ctx.send("disable fixed", { method: "PATCH", path: `/emails/notification-preference/me/${fixed}`, body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("empty body", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: {} }, ctx.client(p, t))
    await ctx.send("string true", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: { enabled: "false", extra: 1 } }, ctx.client(p, t))
    await ctx.send("server for user", { method: "PATCH", path: `/emails/notification-preference/${t.userId}/${free}`, body: { enabled: false } }, ctx.server(p))
    await ctx.send("read", { method: "GET", path: `/emails/notification-preference/${t.userId}` }, ctx.server(p))
    await ctx.send("both bad", { method: "PATCH", path: "/emails/notification-preference/nope/nope", body: { enabled: 3 } }, ctx.server(p))
  }),
  // ---- OAuth providers on users
  sequence("GET /oauth-providers", "known-error", "um: list providers without, with another and with an unknown user", async (ctx) => {
    const p = await ctx.project("oauth")
    const other = await ctx.signUp(p, ctx.email("other"))
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("client no user_id", { method: "GET", path: "/oauth-providers" }, ctx.client(p, t))
    await ctx.send("client other", { method: "GET", path: "/oauth-providers", query: { user_id: other.userId } }, ctx.client(p, t))
    await ctx.send("server no user_id", { method: "GET", path: "/oauth-providers" }, ctx.server(p))
    await ctx.send("server unknown", { method: "GET", path: "/oauth-providers", query: { user_id: unknownId } }, ctx.server(p))
    await ctx.send("server malformed", { method: "GET", path: "/oauth-providers", query: { user_id: "nope" } }, ctx.server(p))
  }),
  sequence("POST /oauth-providers", "malformed", "um: link a provider with several faults", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("faults", { method: "POST", path: "/oauth-providers", body: { zz: 1, user_id: "nope", provider_config_id: {}, email: "bad", allow_sign_in: "maybe", allow_connected_accounts: 3, account_id: [] } }, ctx.server(p))
    await ctx.send("client create", { method: "POST", path: "/oauth-providers", body: { user_id: "me", provider_config_id: "github", account_id: "x", allow_sign_in: false, allow_connected_accounts: false } }, ctx.client(p, t))
  }),
  sequence("POST /oauth-providers", "known-error", "um: link the same account twice and for an unknown user", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const other = await ctx.signUp(p, ctx.email("other"))
    const body = { provider_config_id: "github", account_id: `dup-${ctx.runId}-${ctx.slug}`, allow_sign_in: true, allow_connected_accounts: false }
    const first = await ctx.send("first", { method: "POST", path: "/oauth-providers", body: { ...body, user_id: t.userId } }, ctx.server(p))
    ctx.alias(first.body && (first.body as { id?: string }).id, "provider:first")
    await ctx.send("same user again", { method: "POST", path: "/oauth-providers", body: { ...body, user_id: t.userId } }, ctx.server(p))
    await ctx.send("other user, sign-in", { method: "POST", path: "/oauth-providers", body: { ...body, user_id: other.userId } }, ctx.server(p))
    await ctx.send("other user, no sign-in", { method: "POST", path: "/oauth-providers", body: { ...body, allow_sign_in: false, user_id: other.userId } }, ctx.server(p))
    await ctx.send("unknown user", { method: "POST", path: "/oauth-providers", body: { ...body, account_id: "other", user_id: unknownId } }, ctx.server(p))
  }),
  sequence("PATCH /oauth-providers/{user}/{id}", "happy", "um: client and server update a linked provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await withProvider(ctx, p)
    ctx.alias(t.providerId, "provider:gh")
    await ctx.send("client update", { method: "PATCH", path: `/oauth-providers/me/${t.providerId}`, body: { allow_connected_accounts: false } }, ctx.client(p, t))
    await ctx.send("client server-only field", { method: "PATCH", path: `/oauth-providers/me/${t.providerId}`, body: { email: ctx.email("n") } }, ctx.client(p, t))
    await ctx.send("server update email", { method: "PATCH", path: `/oauth-providers/${t.userId}/${t.providerId}`, body: { email: ctx.email("n"), account_id: `new-${ctx.runId}-${ctx.slug}` } }, ctx.server(p))
    await ctx.send("client read", { method: "GET", path: `/oauth-providers/me/${t.providerId}` }, ctx.client(p, t))
    await ctx.send("client list", { method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("PATCH /oauth-providers/{user}/{id}", "known-error", "um: update unknown and malformed providers", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await withProvider(ctx, p)
    await ctx.send("unknown", { method: "PATCH", path: `/oauth-providers/${t.userId}/${unknownId}`, body: { allow_sign_in: true } }, ctx.server(p))
    await ctx.send("malformed id", { method: "PATCH", path: `/oauth-providers/${t.userId}/nope`, body: { allow_sign_in: true } }, ctx.server(p))
    await ctx.send("bad body", { method: "PATCH", path: `/oauth-providers/${t.userId}/${t.providerId}`, body: { allow_sign_in: "x", email: 5, extra: 1 } }, ctx.server(p))
    await ctx.send("read unknown", { method: "GET", path: `/oauth-providers/me/${unknownId}` }, ctx.client(p, t))
  }),
  sequence("DELETE /oauth-providers/{user}/{id}", "happy", "um: client removes its own provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await withProvider(ctx, p)
    await ctx.send("delete", { method: "DELETE", path: `/oauth-providers/me/${t.providerId}` }, ctx.client(p, t))
    await ctx.send("list", { method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("delete again", { method: "DELETE", path: `/oauth-providers/me/${t.providerId}` }, ctx.client(p, t))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  // ---- connected accounts
  sequence("POST /connected-accounts/{user}/{provider}/access-token", "known-error", "um: connected account tokens with bad input", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await withProvider(ctx, p)
    await ctx.send("linked, no token", { method: "POST", path: "/connected-accounts/me/github/access-token", body: { scope: "repo" } }, ctx.client(p, t))
    await ctx.send("bad body", { method: "POST", path: "/connected-accounts/me/github/access-token", body: { scope: 5, extra: 1 } }, ctx.client(p, t))
    await ctx.send("signed out", { method: "POST", path: "/connected-accounts/me/github/access-token", body: {} }, ctx.client(p))
    await ctx.send("server for user", { method: "POST", path: `/connected-accounts/${t.userId}/github/access-token`, body: {} }, ctx.server(p))
    await ctx.send("unknown provider", { method: "POST", path: `/connected-accounts/${t.userId}/gitlab/access-token`, body: {} }, ctx.server(p))
  }),
  // ---- second round (`um2:`)
  sequence("GET /users", "happy", "um2: search by a secondary channel and by id", async (ctx) => {
    const p = await ctx.project("fresh")
    const id = await ctx.createUser(p, { primary_email: ctx.email("main"), display_name: "Main" })
    ctx.alias(id, "user:main")
    await ctx.quiet({ method: "POST", path: "/contact-channels", body: { user_id: id, type: "email", value: ctx.email("second"), used_for_auth: false } }, ctx.server(p))
    await ctx.send("by secondary", { method: "GET", path: "/users", query: { query: "second" } }, ctx.server(p))
    await ctx.send("by id", { method: "GET", path: "/users", query: { query: id } }, ctx.server(p))
    await ctx.send("empty query", { method: "GET", path: "/users", query: { query: "" } }, ctx.server(p))
  }),
  sequence("GET /users/{id}", "known-error", "um2: a user of another project is not found", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const t = await ctx.signUp(other, ctx.email())
    await ctx.send("read", { method: "GET", path: `/users/${t.userId}` }, ctx.server(p))
    await ctx.send("update", { method: "PATCH", path: `/users/${t.userId}`, body: { display_name: "x" } }, ctx.server(p))
    await ctx.send("read with query", { method: "GET", path: `/users/${t.userId}`, query: { limit: "x" } }, ctx.server(other))
  }),
  sequence("PATCH /users/me", "happy", "um2: select a team the user is in, then none", async (ctx) => {
    const p = await ctx.project("fresh")
    const t = await ctx.signUp(p, ctx.email())
    const team = await ctx.quiet({ method: "POST", path: "/teams", body: { display_name: "Mine", creator_user_id: t.userId } }, ctx.server(p))
    const teamId = ctx.field(team, "id")
    ctx.alias(teamId, "team:mine")
    await ctx.send("select", { method: "PATCH", path: "/users/me", body: { selected_team_id: teamId } }, ctx.client(p, t))
    await ctx.send("server reads", { method: "GET", path: `/users/${t.userId}` }, ctx.server(p))
    await ctx.send("unselect", { method: "PATCH", path: "/users/me", body: { selected_team_id: null } }, ctx.client(p, t))
  }),
  sequence("PATCH /users/{id}", "happy", "um2: server sets metadata to null and an empty object", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("set", { method: "PATCH", path: `/users/${t.userId}`, body: { client_metadata: {}, server_metadata: null, client_read_only_metadata: [1, "a"] } }, ctx.server(p))
    await ctx.send("verify primary", { method: "PATCH", path: `/users/${t.userId}`, body: { primary_email_verified: true, primary_email_auth_enabled: false } }, ctx.server(p))
    await ctx.send("channels", { method: "GET", path: "/contact-channels", query: { user_id: t.userId } }, ctx.server(p))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "known-error", "um2: use for auth a value another user signs in with", async (ctx) => {
    const p = await ctx.project()
    const taken = ctx.email("taken")
    await ctx.signUp(p, taken)
    const t = await ctx.signUp(p, ctx.email())
    const created = await ctx.send("add unused", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "email", value: taken, used_for_auth: false } }, ctx.client(p, t))
    const id = ctx.field(created, "id")
    await ctx.send("use for auth", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { used_for_auth: true } }, ctx.client(p, t))
    await ctx.send("make primary", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { is_primary: true } }, ctx.client(p, t))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("GET /contact-channels", "happy", "um2: list one channel by its id", async (ctx) => {
    const p = await ctx.project()
    const t = await withChannel(ctx, p)
    await ctx.send("by id", { method: "GET", path: "/contact-channels", query: { user_id: "me", contact_channel_id: t.channelId } }, ctx.client(p, t))
    await ctx.send("unknown id", { method: "GET", path: "/contact-channels", query: { user_id: "me", contact_channel_id: unknownId } }, ctx.client(p, t))
    await ctx.send("unknown key", { method: "GET", path: "/contact-channels", query: { user_id: "me", type: "email" } }, ctx.client(p, t))
  }),
  sequence("POST /contact-channels/{user}/{id}/send-verification-code", "known-error", "um2: server sends codes for unknown users and verified channels", async (ctx) => {
    const p = await ctx.project()
    const t = await withChannel(ctx, p)
    await ctx.send("unknown user", { method: "POST", path: `/contact-channels/${unknownId}/${t.channelId}/send-verification-code`, body: { callback_url: callbackUrl } }, ctx.server(p))
    await ctx.send("malformed ids", { method: "POST", path: "/contact-channels/nope/nope/send-verification-code", body: { callback_url: "x y" } }, ctx.server(p))
    await ctx.quiet({ method: "PATCH", path: `/contact-channels/${t.userId}/${t.channelId}`, body: { is_verified: true } }, ctx.server(p))
    await ctx.send("verified", { method: "POST", path: `/contact-channels/${t.userId}/${t.channelId}/send-verification-code`, body: { callback_url: callbackUrl } }, ctx.server(p))
    await ctx.send("client other user", { method: "POST", path: `/contact-channels/${unknownId}/${t.channelId}/send-verification-code`, body: { callback_url: callbackUrl } }, ctx.client(p, t))
  }),
  sequence("PATCH /emails/notification-preference/{user}/{category}", "happy", "um2: server turns marketing off and on again", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const list = await ctx.quiet({ method: "GET", path: `/emails/notification-preference/${t.userId}` }, ctx.server(p))
    const items = (list.body as { items?: Array<{ notification_category_id: string; can_disable: boolean }> }).items ?? []
    const free = items.find((i) => i.can_disable)?.notification_category_id ?? unknownId
    await ctx.send("off", { method: "PATCH", path: `/emails/notification-preference/${t.userId}/${free}`, body: { enabled: 0 } }, ctx.server(p))
    await ctx.send("client reads", { method: "GET", path: "/emails/notification-preference/me" }, ctx.client(p, t))
    await ctx.send("on", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: { enabled: "true" } }, ctx.client(p, t))
    await ctx.send("unknown user", { method: "PATCH", path: `/emails/notification-preference/${unknownId}/${free}`, body: { enabled: true } }, ctx.server(p))
    await ctx.send("no body", { method: "PATCH", path: `/emails/notification-preference/me/${free}` }, ctx.client(p, t))
  }),
  sequence("GET /oauth-providers/{user}/{id}", "known-error", "um2: a client reads another user's provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const owner = await withProvider(ctx, p, "gh-other")
    const t = await ctx.signUp(p, ctx.email("reader"))
    await ctx.send("client other", { method: "GET", path: `/oauth-providers/${owner.userId}/${owner.providerId}` }, ctx.client(p, t))
    await ctx.send("client delete other", { method: "DELETE", path: `/oauth-providers/${owner.userId}/${owner.providerId}` }, ctx.client(p, t))
    await ctx.send("server wrong user", { method: "GET", path: `/oauth-providers/${t.userId}/${owner.providerId}` }, ctx.server(p))
    await ctx.send("server list", { method: "GET", path: "/oauth-providers", query: { user_id: owner.userId } }, ctx.server(p))
  }),
  sequence("PATCH /oauth-providers/{user}/{id}", "known-error", "um2: turn sign-in on for a second account of the same provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const base = { user_id: t.userId, provider_config_id: "github", allow_connected_accounts: true }
    await ctx.quiet({ method: "POST", path: "/oauth-providers", body: { ...base, account_id: `a-${ctx.slug}-${ctx.runId}`, allow_sign_in: true } }, ctx.server(p))
    const second = await ctx.send("second without sign-in", { method: "POST", path: "/oauth-providers", body: { ...base, account_id: `b-${ctx.slug}-${ctx.runId}`, allow_sign_in: false } }, ctx.server(p))
    const id = ctx.field(second, "id")
    ctx.alias(id, "provider:second")
    await ctx.send("sign-in on", { method: "PATCH", path: `/oauth-providers/${t.userId}/${id}`, body: { allow_sign_in: true } }, ctx.server(p))
    await ctx.send("same account id", { method: "PATCH", path: `/oauth-providers/${t.userId}/${id}`, body: { account_id: `a-${ctx.slug}-${ctx.runId}` } }, ctx.server(p))
    await ctx.send("user", { method: "GET", path: `/users/${t.userId}` }, ctx.server(p))
  })
]
