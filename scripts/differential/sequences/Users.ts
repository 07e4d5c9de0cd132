/**
 * Sequences of users (own and server), sessions, contact channels, notification preferences and
 * OAuth providers on users.
 */
import { sequence, type Sequence } from "../Sequence.ts"

export const sequences: ReadonlyArray<Sequence> = [
  sequence("GET /users/me", "happy", "read the signed-in user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("me"))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("GET /users/me", "known-error", "read me without a session", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p))
  }),
  sequence("GET /users/me", "auth", "read me with an unparsable access token", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, { accessToken: "garbage" }))
  }),
  sequence("GET /users/me", "auth", "read me with another project's access token", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const t = await ctx.signUp(other, ctx.email())
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, { accessToken: t.accessToken }))
  }),
  sequence("GET /users/me", "auth", "read me with the server key and a session", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("srv"))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.server(p, t))
  }),
  sequence("GET /users/me", "auth", "read me with a wrong secret server key", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("me", { method: "GET", path: "/users/me" }, { access: "server", keys: { ...p.keys, secretServerKey: "ssk_wrong" } })
  }),
  sequence("GET /users/me", "auth", "read me with an invalid access type", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("me", { method: "GET", path: "/users/me" }, { keys: p.keys, headers: { "x-stack-access-type": "superuser" } })
  }),
  sequence("GET /users/me", "auth", "read me without an access type", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("me", { method: "GET", path: "/users/me" }, { keys: p.keys, sendKeys: ["publishableClientKey"] })
  }),
  sequence("GET /users/me", "auth", "read me with an access type but no project", async (ctx) => {
    await ctx.send("me", { method: "GET", path: "/users/me" }, { access: "client" })
  }),
  sequence("PATCH /users/me", "happy", "update name and client metadata", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: "/users/me", body: { display_name: "Alice A.", client_metadata: { theme: "dark" } } }, ctx.client(p, t))
    await ctx.send("read back", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "malformed", "client update of server-only fields", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: "/users/me", body: { server_metadata: { a: 1 }, primary_email_verified: true } }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "malformed", "update with wrong types", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: "/users/me", body: { display_name: 5, profile_image_url: "not a url" } }, ctx.client(p, t))
  }),
  sequence("PATCH /users/me", "happy", "select a team that the user is not in", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: "/users/me", body: { selected_team_id: "00000000-0000-4000-8000-000000000000" } }, ctx.client(p, t))
  }),
  sequence("DELETE /users/me", "known-error", "delete me where client deletion is off", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("delete", { method: "DELETE", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("DELETE /users/me", "happy", "delete me where client deletion is on", async (ctx) => {
    const p = await ctx.project("open")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("delete", { method: "DELETE", path: "/users/me" }, ctx.client(p, t))
    await ctx.send("read after delete", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("POST /users", "happy", "server creates, reads, lists, updates and deletes a user", async (ctx) => {
    const p = await ctx.project("fresh")
    const created = await ctx.send("create", { method: "POST", path: "/users", body: { primary_email: ctx.email("srv"), display_name: "Server User", server_metadata: { plan: "pro" }, primary_email_verified: true } }, ctx.server(p))
    const id = ctx.field(created, "id")
    ctx.alias(id, "user:srv")
    await ctx.send("read", { method: "GET", path: `/users/${id}` }, ctx.server(p))
    await ctx.send("list", { method: "GET", path: "/users" }, ctx.server(p))
    await ctx.send("update", { method: "PATCH", path: `/users/${id}`, body: { display_name: "Renamed", client_read_only_metadata: { x: 1 } } }, ctx.server(p))
    await ctx.send("delete", { method: "DELETE", path: `/users/${id}` }, ctx.server(p))
    await ctx.send("read deleted", { method: "GET", path: `/users/${id}` }, ctx.server(p))
  }),
  sequence("POST /users", "known-error", "server creates a user with a taken e-mail", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    await ctx.signUp(p, email)
    await ctx.send("create", { method: "POST", path: "/users", body: { primary_email: email, primary_email_auth_enabled: true } }, ctx.server(p))
  }),
  sequence("POST /users", "malformed", "server creates a user with bad fields", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("create", { method: "POST", path: "/users", body: { primary_email: "nope", password: 5, oauth_providers: "x", unknown_field: 1 } }, ctx.server(p))
  }),
  sequence("POST /users", "auth", "client tries to create a user", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("create", { method: "POST", path: "/users", body: { primary_email: ctx.email() } }, ctx.client(p))
  }),
  sequence("GET /users/{id}", "known-error", "server reads an unknown user", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("read", { method: "GET", path: "/users/00000000-0000-4000-8000-000000000000" }, ctx.server(p))
    await ctx.send("read non-uuid", { method: "GET", path: "/users/not-a-uuid" }, ctx.server(p))
  }),
  sequence("GET /users", "malformed", "server lists users with bad query values", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("list", { method: "GET", path: "/users", query: { limit: "abc", order_by: "name", desc: "maybe" } }, ctx.server(p))
  }),
  sequence("GET /users", "happy", "server lists users with a limit and a search", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.signUp(p, ctx.email("a1"))
    await ctx.signUp(p, ctx.email("a2"))
    await ctx.send("list limit 1", { method: "GET", path: "/users", query: { limit: "1", order_by: "signed_up_at", desc: "true" } }, ctx.server(p))
    await ctx.send("search", { method: "GET", path: "/users", query: { query: "a2" } }, ctx.server(p))
  }),
  sequence("GET /auth/sessions", "happy", "list, then revoke the current session", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const list = await ctx.send("list", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p, t))
    const id = ctx.field(list, "items.0.id")
    await ctx.send("revoke current", { method: "DELETE", path: `/auth/sessions/${id}`, query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("GET /auth/sessions", "happy", "revoke another session of mine", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    const second = await ctx.quiet({ method: "POST", path: "/auth/password/sign-in", body: { email, password: "password-123456" } }, ctx.client(p))
    const list = await ctx.send("list", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p, t))
    const items = (list.body as { items?: Array<{ id: string; is_current_session: boolean }> }).items ?? []
    const other = items.find((s) => !s.is_current_session)
    await ctx.send("revoke other", { method: "DELETE", path: `/auth/sessions/${other?.id ?? "none"}`, query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("refresh revoked", { method: "POST", path: "/auth/sessions/current/refresh" }, ctx.client(p, { refreshToken: ctx.field(second, "refresh_token") }))
  }),
  sequence("GET /auth/sessions", "malformed", "list sessions without user_id", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("list", { method: "GET", path: "/auth/sessions" }, ctx.client(p, t))
  }),
  sequence("POST /auth/sessions", "happy", "server creates, lists and deletes a session", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("create", { method: "POST", path: "/auth/sessions", body: { user_id: t.userId, expires_in_millis: 3_600_000 } }, ctx.server(p))
    const list = await ctx.send("list", { method: "GET", path: "/auth/sessions", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("delete", { method: "DELETE", path: `/auth/sessions/${ctx.field(list, "items.0.id")}` }, ctx.server(p))
  }),
  sequence("POST /auth/sessions", "known-error", "server creates a session for an unknown user", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("create", { method: "POST", path: "/auth/sessions", body: { user_id: "00000000-0000-4000-8000-000000000000" } }, ctx.server(p))
  }),
  sequence("GET /contact-channels", "happy", "list, add, update, delete contact channels", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("cc"))
    await ctx.send("list", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
    const created = await ctx.send("create", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "email", value: ctx.email("second"), used_for_auth: false } }, ctx.client(p, t))
    const id = ctx.field(created, "id")
    await ctx.send("update", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { used_for_auth: true } }, ctx.client(p, t))
    await ctx.send("make primary", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { is_primary: true } }, ctx.client(p, t))
    await ctx.send("list again", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("delete", { method: "DELETE", path: `/contact-channels/me/${id}` }, ctx.client(p, t))
  }),
  sequence("POST /contact-channels", "known-error", "add a channel used for auth by another user", async (ctx) => {
    const p = await ctx.project()
    const taken = ctx.email("taken")
    await ctx.signUp(p, taken)
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("create", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "email", value: taken, used_for_auth: true } }, ctx.client(p, t))
  }),
  sequence("POST /contact-channels", "malformed", "add a channel with a bad type and value", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("create", { method: "POST", path: "/contact-channels", body: { user_id: "me", type: "phone", value: "x" } }, ctx.client(p, t))
  }),
  sequence("PATCH /contact-channels/me/{id}", "known-error", "update an unknown channel", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "PATCH", path: "/contact-channels/me/00000000-0000-4000-8000-000000000000", body: { used_for_auth: true } }, ctx.client(p, t))
    await ctx.send("delete", { method: "DELETE", path: "/contact-channels/me/00000000-0000-4000-8000-000000000000" }, ctx.client(p, t))
  }),
  sequence("POST /contact-channels/me/{id}/send-verification-code", "happy", "send a verification code for a channel", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("verify")
    const t = await ctx.signUp(p, email)
    const list = await ctx.quiet({ method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
    const id = ctx.field(list, "items.0.id")
    await ctx.send("send code", { method: "POST", path: `/contact-channels/me/${id}/send-verification-code`, body: { callback_url: "http://localhost:3000/handler/email-verification" } }, ctx.client(p, t))
    await ctx.mails("mails", email, 2)
  }),
  sequence("POST /contact-channels/verify", "known-error", "verify with an unknown code", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("verify", { method: "POST", path: "/contact-channels/verify", body: { code: "e".repeat(45) } }, ctx.client(p))
    await ctx.send("check", { method: "POST", path: "/contact-channels/verify/check-code", body: { code: "e".repeat(45) } }, ctx.client(p))
  }),
  sequence("POST /contact-channels/verify", "known-error", "verify an already verified channel", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("verified")
    const userId = await ctx.createUser(p, { primary_email: email, primary_email_verified: true })
    const list = await ctx.quiet({ method: "GET", path: "/contact-channels", query: { user_id: userId } }, ctx.server(p))
    const id = ctx.field(list, "items.0.id")
    await ctx.send("send code", { method: "POST", path: `/contact-channels/${userId}/${id}/send-verification-code`, body: { callback_url: "http://localhost:3000/handler/email-verification" } }, ctx.server(p))
  }),
  sequence("GET /contact-channels", "happy", "server lists and creates channels of a user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("list", { method: "GET", path: "/contact-channels", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("create", { method: "POST", path: "/contact-channels", body: { user_id: t.userId, type: "email", value: ctx.email("third"), used_for_auth: false, is_verified: true } }, ctx.server(p))
  }),
  sequence("GET /emails/notification-preference/{user}", "happy", "read and change notification preferences", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const list = await ctx.send("list", { method: "GET", path: "/emails/notification-preference/me" }, ctx.client(p, t))
    const category = ctx.field(list, "items.0.notification_category_id")
    await ctx.send("disable", { method: "PATCH", path: `/emails/notification-preference/me/${category}`, body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("list again", { method: "GET", path: "/emails/notification-preference/me" }, ctx.client(p, t))
  }),
  sequence("GET /emails/notification-preference/{user}", "known-error", "notification preference of an unknown category", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("patch", { method: "PATCH", path: "/emails/notification-preference/me/00000000-0000-4000-8000-000000000000", body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("patch malformed", { method: "PATCH", path: "/emails/notification-preference/me/not-a-uuid", body: { enabled: "no" } }, ctx.client(p, t))
  }),
  sequence("GET /emails/notification-preference/{user}", "happy", "server reads a user's notification preferences", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("list", { method: "GET", path: `/emails/notification-preference/${t.userId}` }, ctx.server(p))
  }),
  sequence("GET /oauth-providers", "happy", "server links, lists, updates and removes an OAuth provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const created = await ctx.send("create", { method: "POST", path: "/oauth-providers", body: { user_id: t.userId, provider_config_id: "github", account_id: "gh-123", email: ctx.email("gh"), allow_sign_in: true, allow_connected_accounts: true } }, ctx.server(p))
    const id = ctx.field(created, "id")
    await ctx.send("list", { method: "GET", path: "/oauth-providers", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("client list", { method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("update", { method: "PATCH", path: `/oauth-providers/${t.userId}/${id}`, body: { allow_sign_in: false } }, ctx.server(p))
    await ctx.send("read", { method: "GET", path: `/oauth-providers/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("delete", { method: "DELETE", path: `/oauth-providers/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("read deleted", { method: "GET", path: `/oauth-providers/${t.userId}/${id}` }, ctx.server(p))
  }),
  sequence("POST /oauth-providers", "known-error", "link a provider the project does not have", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("create", { method: "POST", path: "/oauth-providers", body: { user_id: t.userId, provider_config_id: "gitlab", account_id: "x", allow_sign_in: false, allow_connected_accounts: false } }, ctx.server(p))
  }),
  sequence("POST /oauth-providers", "malformed", "link a provider without fields", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("create", { method: "POST", path: "/oauth-providers", body: {} }, ctx.server(p))
  }),
  sequence("POST /connected-accounts/me/{provider}/access-token", "known-error", "connected account that is not connected", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("access token", { method: "POST", path: "/connected-accounts/me/github/access-token", body: { scope: "repo" } }, ctx.client(p, t))
  }),
  sequence("POST /connected-accounts/me/{provider}/access-token", "known-error", "connected account of an unknown provider", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("access token", { method: "POST", path: "/connected-accounts/me/github/access-token", body: {} }, ctx.client(p, t))
  })
]
