/**
 * More sequences of what a signed-in account owns: OAuth providers linked to users, contact
 * channels and their verification, notification preferences, sessions and refresh tokens, MFA
 * (TOTP) sign-in, anonymous users and their upgrade, CLI login (under `/api/v1` and
 * `/api/latest`) and the API root with each kind of bad credential. Other fields, other orders,
 * other known errors and wrong access levels than the `um:`/`more:` sequences send.
 * Every name starts with `acct:` (`--only acct:` runs them all).
 */
import { createHmac } from "node:crypto"
import type { Context, Project, Tokens } from "../Context.ts"
import { callbackUrl, sequence, type Sequence } from "../Sequence.ts"
import { mailbox, type Req } from "../Wire.ts"

const unknownId = "00000000-0000-4000-8000-000000000000"
const post = (path: string, body?: unknown): Req => ({ method: "POST", path, body })

/** The RFC 6238 code (SHA-1, 30 s, 6 digits) of a base64 secret now. */
const totp = (secretBase64: string): string => {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)))
  const mac = createHmac("sha1", Buffer.from(secretBase64, "base64")).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0xf
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0")
}
/** A six-digit code that is not the right one now. */
const wrongTotp = (secret: string) => (totp(secret) === "000000" ? "111111" : "000000")

/** The code of the newest mail's link (`code=`), quietly. */
const mailCode = async (ctx: Context, address: string, atLeast: number): Promise<string> => {
  const mails = await mailbox(ctx.target, address, atLeast)
  const last = mails[mails.length - 1]
  const found = /code=([A-Za-z0-9_-]{20,})/.exec(`${last?.text ?? ""} ${last?.html ?? ""}`)?.[1]
  if (found === undefined) throw new Error(`no code in the mail to ${address}`)
  return found
}

/** Links `github` to a user with the server key (quietly): the link's id. */
const link = async (ctx: Context, p: Project, userId: string, account: string, extra: Record<string, unknown> = {}): Promise<string> => {
  const created = await ctx.quiet(post("/oauth-providers", {
    user_id: userId,
    provider_config_id: "github",
    account_id: `${account}-${ctx.slug}-${ctx.runId}`,
    allow_sign_in: false,
    allow_connected_accounts: true,
    ...extra
  }), ctx.server(p))
  const id = ctx.field(created, "id")
  ctx.alias(id, `provider:${account}`)
  return id
}

/** A user's first contact channel id (quietly). */
const firstChannel = async (ctx: Context, p: Project, t: Tokens): Promise<string> => {
  const list = await ctx.quiet({ method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
  const id = ctx.field(list, "items.0.id")
  ctx.alias(id, "channel:first")
  return id
}

/** The category ids of a user's notification preferences (quietly): one that can be turned off, one that cannot. */
const categories = async (ctx: Context, p: Project, t: Tokens) => {
  const list = await ctx.quiet({ method: "GET", path: "/emails/notification-preference/me" }, ctx.client(p, t))
  const items = (list.body as { items?: Array<{ notification_category_id: string; can_disable: boolean }> }).items ?? []
  return {
    free: items.find((i) => i.can_disable)?.notification_category_id ?? unknownId,
    fixed: items.find((i) => !i.can_disable)?.notification_category_id ?? unknownId
  }
}

/** Signs in again with a password (quietly): a second session's tokens. */
const signIn = async (ctx: Context, p: Project, email: string): Promise<Tokens> => {
  const answer = await ctx.quiet(post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
  return { userId: ctx.field(answer, "user_id"), accessToken: ctx.field(answer, "access_token"), refreshToken: ctx.field(answer, "refresh_token") }
}

export const sequences: ReadonlyArray<Sequence> = [
  // ---- OAuth providers on users
  sequence("GET /oauth-providers", "happy", "acct: two accounts of one provider, listed by client and server, read one by one", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const a = await link(ctx, p, t.userId, "a", { email: ctx.email("gh-a"), allow_sign_in: true })
    const b = await link(ctx, p, t.userId, "b")
    await ctx.send("client list", { method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("server list", { method: "GET", path: "/oauth-providers", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("client read a", { method: "GET", path: `/oauth-providers/me/${a}` }, ctx.client(p, t))
    await ctx.send("server read b", { method: "GET", path: `/oauth-providers/${t.userId}/${b}` }, ctx.server(p))
    await ctx.send("server read me b", { method: "GET", path: `/oauth-providers/me/${b}` }, ctx.server(p, t))
    await ctx.send("user", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("POST /oauth-providers", "happy", "acct: server links with an e-mail and sign-in on, then reads the user", async (ctx) => {
    const p = await ctx.project("oauth")
    const id = await ctx.createUser(p, { display_name: "No Mail" })
    ctx.alias(id, "user:nomail")
    const created = await ctx.send("link", post("/oauth-providers", { user_id: id, provider_config_id: "github", account_id: `acc-${ctx.slug}-${ctx.runId}`, email: ctx.email("gh"), allow_sign_in: true, allow_connected_accounts: false }), ctx.server(p))
    ctx.alias(created.body && (created.body as { id?: string }).id, "provider:gh")
    await ctx.send("user", { method: "GET", path: `/users/${id}` }, ctx.server(p))
    await ctx.send("contact channels", { method: "GET", path: "/contact-channels", query: { user_id: id } }, ctx.server(p))
  }),
  sequence("POST /oauth-providers", "malformed", "acct: link with one field missing at a time", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const full = { user_id: t.userId, provider_config_id: "github", account_id: `m-${ctx.slug}-${ctx.runId}`, allow_sign_in: false, allow_connected_accounts: false }
    for (const key of Object.keys(full)) {
      const body: Record<string, unknown> = { ...full }
      delete body[key]
      await ctx.send(`without ${key}`, post("/oauth-providers", body), ctx.server(p))
    }
    await ctx.send("empty provider", post("/oauth-providers", { ...full, provider_config_id: "" }), ctx.server(p))
    await ctx.send("empty account", post("/oauth-providers", { ...full, account_id: "" }), ctx.server(p))
    await ctx.send("null email", post("/oauth-providers", { ...full, email: null }), ctx.server(p))
  }),
  sequence("POST /oauth-providers", "known-error", "acct: link where the project has no OAuth provider, with admin and client keys", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const body = { user_id: t.userId, provider_config_id: "github", account_id: `n-${ctx.slug}-${ctx.runId}`, allow_sign_in: false, allow_connected_accounts: true }
    await ctx.send("server", post("/oauth-providers", body), ctx.server(p))
    await ctx.send("admin", post("/oauth-providers", body), ctx.admin(p))
    await ctx.send("client me", post("/oauth-providers", { ...body, user_id: "me" }), ctx.client(p, t))
    await ctx.send("signed out client", post("/oauth-providers", body), ctx.client(p))
  }),
  sequence("POST /oauth-providers", "known-error", "acct: an account another user signs in with, and one only connected", async (ctx) => {
    const p = await ctx.project("oauth")
    const first = await ctx.signUp(p, ctx.email("first"))
    const second = await ctx.signUp(p, ctx.email("second"))
    const base = { provider_config_id: "github", allow_connected_accounts: true }
    await ctx.quiet(post("/oauth-providers", { ...base, user_id: first.userId, account_id: `conn-${ctx.slug}-${ctx.runId}`, allow_sign_in: false }), ctx.server(p))
    await ctx.send("same connected account for the second", post("/oauth-providers", { ...base, user_id: second.userId, account_id: `conn-${ctx.slug}-${ctx.runId}`, allow_sign_in: false }), ctx.server(p))
    await ctx.send("sign-in on for the second", post("/oauth-providers", { ...base, user_id: second.userId, account_id: `conn-${ctx.slug}-${ctx.runId}`, allow_sign_in: true }), ctx.server(p))
    await ctx.send("lists", { method: "GET", path: "/oauth-providers", query: { user_id: second.userId } }, ctx.server(p))
  }),
  sequence("PATCH /oauth-providers/{user}/{id}", "happy", "acct: empty update, sign-in off and on, connected accounts off", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const id = await link(ctx, p, t.userId, "u", { allow_sign_in: true })
    await ctx.send("empty", { method: "PATCH", path: `/oauth-providers/me/${id}`, body: {} }, ctx.client(p, t))
    await ctx.send("sign-in off", { method: "PATCH", path: `/oauth-providers/me/${id}`, body: { allow_sign_in: false } }, ctx.client(p, t))
    await ctx.send("both", { method: "PATCH", path: `/oauth-providers/${t.userId}/${id}`, body: { allow_sign_in: true, allow_connected_accounts: false } }, ctx.server(p))
    await ctx.send("server email null", { method: "PATCH", path: `/oauth-providers/${t.userId}/${id}`, body: { email: null } }, ctx.server(p))
  }),
  sequence("PATCH /oauth-providers/{user}/{id}", "auth", "acct: a signed-out client and another user update a provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const id = await link(ctx, p, owner.userId, "o")
    const other = await ctx.signUp(p, ctx.email("other"))
    await ctx.send("signed out me", { method: "PATCH", path: `/oauth-providers/me/${id}`, body: { allow_sign_in: true } }, ctx.client(p))
    await ctx.send("other user by id", { method: "PATCH", path: `/oauth-providers/${owner.userId}/${id}`, body: { allow_sign_in: true } }, ctx.client(p, other))
    await ctx.send("other user as me", { method: "PATCH", path: `/oauth-providers/me/${id}`, body: { allow_sign_in: true } }, ctx.client(p, other))
    await ctx.send("server wrong user", { method: "PATCH", path: `/oauth-providers/${other.userId}/${id}`, body: { allow_sign_in: true } }, ctx.server(p))
  }),
  sequence("DELETE /oauth-providers/{user}/{id}", "happy", "acct: server removes a provider, then reads and removes it again", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const id = await link(ctx, p, t.userId, "d")
    await ctx.send("delete", { method: "DELETE", path: `/oauth-providers/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("read", { method: "GET", path: `/oauth-providers/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("delete again", { method: "DELETE", path: `/oauth-providers/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("delete malformed", { method: "DELETE", path: `/oauth-providers/${t.userId}/nope` }, ctx.server(p))
    await ctx.send("list", { method: "GET", path: "/oauth-providers", query: { user_id: t.userId } }, ctx.server(p))
  }),
  sequence("GET /oauth-providers", "auth", "acct: list signed out, with admin keys, and with an unknown query key", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("signed out me", { method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, ctx.client(p))
    await ctx.send("admin", { method: "GET", path: "/oauth-providers", query: { user_id: t.userId } }, ctx.admin(p))
    await ctx.send("unknown key", { method: "GET", path: "/oauth-providers", query: { user_id: "me", provider: "github" } }, ctx.client(p, t))
    await ctx.send("read signed out", { method: "GET", path: `/oauth-providers/me/${unknownId}` }, ctx.client(p))
  }),

  // ---- contact channels
  sequence("POST /contact-channels", "happy", "acct: server adds a verified primary channel used for auth, user signs in with it", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const value = ctx.email("second")
    const created = await ctx.send("create", post("/contact-channels", { user_id: t.userId, type: "email", value, used_for_auth: true, is_primary: true, is_verified: true }), ctx.server(p))
    ctx.alias(created.body && (created.body as { id?: string }).id, "channel:second")
    await ctx.send("list", { method: "GET", path: "/contact-channels", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("user", { method: "GET", path: `/users/${t.userId}` }, ctx.server(p))
    await ctx.send("sign in with it", post("/auth/password/sign-in", { email: value, password: "password-123456" }), ctx.client(p))
  }),
  sequence("POST /contact-channels", "known-error", "acct: server adds another user's sign-in address, for auth and not", async (ctx) => {
    const p = await ctx.project()
    const taken = ctx.email("taken")
    await ctx.signUp(p, taken)
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("for auth", post("/contact-channels", { user_id: t.userId, type: "email", value: taken, used_for_auth: true }), ctx.server(p))
    await ctx.send("not for auth", post("/contact-channels", { user_id: t.userId, type: "email", value: taken, used_for_auth: false }), ctx.server(p))
    await ctx.send("upper case", post("/contact-channels", { user_id: t.userId, type: "email", value: ctx.email("upper").toUpperCase(), used_for_auth: false }), ctx.server(p))
  }),
  sequence("POST /contact-channels", "malformed", "acct: create with one field missing at a time and wrong types", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const full = { user_id: "me", type: "email", value: ctx.email("m"), used_for_auth: false }
    for (const key of Object.keys(full)) {
      const body: Record<string, unknown> = { ...full }
      delete body[key]
      await ctx.send(`without ${key}`, post("/contact-channels", body), ctx.client(p, t))
    }
    await ctx.send("value number", post("/contact-channels", { ...full, value: 5 }), ctx.client(p, t))
    await ctx.send("type null", post("/contact-channels", { ...full, type: null }), ctx.client(p, t))
    await ctx.send("is_primary string", post("/contact-channels", { ...full, is_primary: "true", value: ctx.email("m2") }), ctx.client(p, t))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "auth", "acct: a user updates and deletes another user's channel", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const id = await firstChannel(ctx, p, owner)
    const other = await ctx.signUp(p, ctx.email("other"))
    await ctx.send("update by id", { method: "PATCH", path: `/contact-channels/${owner.userId}/${id}`, body: { is_primary: true } }, ctx.client(p, other))
    await ctx.send("update as me", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { used_for_auth: false } }, ctx.client(p, other))
    await ctx.send("delete by id", { method: "DELETE", path: `/contact-channels/${owner.userId}/${id}` }, ctx.client(p, other))
    await ctx.send("delete as me", { method: "DELETE", path: `/contact-channels/me/${id}` }, ctx.client(p, other))
    await ctx.send("server wrong user", { method: "PATCH", path: `/contact-channels/${other.userId}/${id}`, body: { is_primary: true } }, ctx.server(p))
    await ctx.send("signed out", { method: "PATCH", path: `/contact-channels/me/${id}`, body: {} }, ctx.client(p))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "happy", "acct: server updates type, value and flags, then deletes the channel", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const added = await ctx.quiet(post("/contact-channels", { user_id: t.userId, type: "email", value: ctx.email("added"), used_for_auth: false }), ctx.server(p))
    const id = ctx.field(added, "id")
    ctx.alias(id, "channel:added")
    await ctx.send("empty", { method: "PATCH", path: `/contact-channels/${t.userId}/${id}`, body: {} }, ctx.server(p))
    await ctx.send("flags", { method: "PATCH", path: `/contact-channels/${t.userId}/${id}`, body: { type: "email", used_for_auth: true, is_verified: true, is_primary: true } }, ctx.server(p))
    await ctx.send("unverify", { method: "PATCH", path: `/contact-channels/${t.userId}/${id}`, body: { is_verified: false } }, ctx.server(p))
    await ctx.send("list", { method: "GET", path: "/contact-channels", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("delete", { method: "DELETE", path: `/contact-channels/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("user", { method: "GET", path: `/users/${t.userId}` }, ctx.server(p))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "known-error", "acct: a second channel changed to another user's sign-in address", async (ctx) => {
    const p = await ctx.project()
    const taken = ctx.email("taken")
    await ctx.signUp(p, taken)
    const t = await ctx.signUp(p, ctx.email())
    const added = await ctx.quiet(post("/contact-channels", { user_id: "me", type: "email", value: ctx.email("mine"), used_for_auth: true }), ctx.client(p, t))
    const id = ctx.field(added, "id")
    ctx.alias(id, "channel:mine")
    await ctx.send("change value, auth off", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { value: taken, used_for_auth: false } }, ctx.client(p, t))
    await ctx.send("list", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("POST /contact-channels/verify", "happy", "acct: verify a second channel by mail, then the code again and check-code", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const value = ctx.email("second")
    const added = await ctx.quiet(post("/contact-channels", { user_id: "me", type: "email", value, used_for_auth: false }), ctx.client(p, t))
    const id = ctx.field(added, "id")
    ctx.alias(id, "channel:second")
    await ctx.send("send code", post(`/contact-channels/me/${id}/send-verification-code`, { callback_url: callbackUrl }), ctx.client(p, t))
    const code = await mailCode(ctx, value, 1)
    await ctx.send("check code", post("/contact-channels/verify/check-code", { code }), ctx.client(p))
    await ctx.send("verify", post("/contact-channels/verify", { code }), ctx.client(p))
    await ctx.send("verify again", post("/contact-channels/verify", { code }), ctx.client(p))
    await ctx.send("check again", post("/contact-channels/verify/check-code", { code }), ctx.client(p))
    await ctx.send("read", { method: "GET", path: `/contact-channels/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("send again when verified", post(`/contact-channels/${t.userId}/${id}/send-verification-code`, { callback_url: callbackUrl }), ctx.server(p))
  }),
  sequence("POST /contact-channels/verify", "known-error", "acct: verify with a code of another project and a changed code", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const email = ctx.email("v")
    await ctx.signUp(p, email)
    const code = await mailCode(ctx, email, 1)
    await ctx.send("other project", post("/contact-channels/verify", { code }), ctx.client(other))
    const changed = `${code.slice(0, -1)}${code.endsWith("a") ? "b" : "a"}`
    await ctx.send("changed code", post("/contact-channels/verify", { code: changed }), ctx.client(p))
    await ctx.send("server key", post("/contact-channels/verify", { code }), ctx.server(p))
  }),
  sequence("POST /contact-channels/{user}/{id}/send-verification-code", "auth", "acct: send a code for another user's channel and signed out", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const id = await firstChannel(ctx, p, owner)
    const other = await ctx.signUp(p, ctx.email("other"))
    await ctx.send("other by id", post(`/contact-channels/${owner.userId}/${id}/send-verification-code`, { callback_url: callbackUrl }), ctx.client(p, other))
    await ctx.send("other as me", post(`/contact-channels/me/${id}/send-verification-code`, { callback_url: callbackUrl }), ctx.client(p, other))
    await ctx.send("server for owner", post(`/contact-channels/${owner.userId}/${id}/send-verification-code`, { callback_url: callbackUrl }), ctx.server(p))
    await ctx.send("server without body", post(`/contact-channels/${owner.userId}/${id}/send-verification-code`), ctx.server(p))
  }),
  sequence("GET /contact-channels", "malformed", "acct: list with a malformed channel id filter and admin keys", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("malformed channel id", { method: "GET", path: "/contact-channels", query: { user_id: "me", contact_channel_id: "nope" } }, ctx.client(p, t))
    await ctx.send("admin", { method: "GET", path: "/contact-channels", query: { user_id: t.userId } }, ctx.admin(p))
    await ctx.send("server me with session", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.server(p, t))
    await ctx.send("server me without session", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.server(p))
  }),

  // ---- notification preferences
  sequence("PATCH /emails/notification-preference/{user}/{category}", "known-error", "acct: unknown and malformed categories, another user, signed out", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.signUp(p, ctx.email("other"))
    const t = await ctx.signUp(p, ctx.email())
    const { free } = await categories(ctx, p, t)
    await ctx.send("unknown category", { method: "PATCH", path: `/emails/notification-preference/me/${unknownId}`, body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("malformed category", { method: "PATCH", path: "/emails/notification-preference/me/marketing", body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("another user", { method: "PATCH", path: `/emails/notification-preference/${other.userId}/${free}`, body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("signed out", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: { enabled: false } }, ctx.client(p))
    await ctx.send("server unknown category", { method: "PATCH", path: `/emails/notification-preference/${t.userId}/${unknownId}`, body: { enabled: true } }, ctx.server(p))
  }),
  sequence("GET /emails/notification-preference/{user}", "happy", "acct: turn a category off twice, then read as client, server and admin", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const { free, fixed } = await categories(ctx, p, t)
    await ctx.send("off", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("off again", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: { enabled: false } }, ctx.client(p, t))
    await ctx.send("fixed on", { method: "PATCH", path: `/emails/notification-preference/me/${fixed}`, body: { enabled: true } }, ctx.client(p, t))
    await ctx.send("client", { method: "GET", path: "/emails/notification-preference/me" }, ctx.client(p, t))
    await ctx.send("server", { method: "GET", path: `/emails/notification-preference/${t.userId}` }, ctx.server(p))
    await ctx.send("admin", { method: "GET", path: `/emails/notification-preference/${t.userId}` }, ctx.admin(p))
  }),

  // ---- sessions
  sequence("GET /auth/sessions", "happy", "acct: two sessions listed by client and server, the other one revoked, its refresh refused", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    const second = await signIn(ctx, p, email)
    const listed = await ctx.send("client list", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p, t))
    const items = (listed.body as { items?: Array<{ id: string; is_current_session: boolean }> }).items ?? []
    const otherId = items.find((i) => !i.is_current_session)?.id ?? unknownId
    ctx.alias(otherId, "session:other")
    await ctx.send("server list", { method: "GET", path: "/auth/sessions", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("revoke other", { method: "DELETE", path: `/auth/sessions/${otherId}`, query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("refresh revoked", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: second.refreshToken }))
    await ctx.send("list again", { method: "GET", path: "/auth/sessions", query: { user_id: t.userId } }, ctx.server(p))
  }),
  sequence("POST /auth/sessions", "malformed", "acct: server session expiry bounds and types", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("zero", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 0 }), ctx.server(p))
    await ctx.send("negative", post("/auth/sessions", { user_id: t.userId, expires_in_millis: -1000 }), ctx.server(p))
    await ctx.send("one year", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 1000 * 60 * 60 * 24 * 365 }), ctx.server(p))
    await ctx.send("too long", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 1000 * 60 * 60 * 24 * 366 }), ctx.server(p))
    await ctx.send("string", post("/auth/sessions", { user_id: t.userId, expires_in_millis: "soon" }), ctx.server(p))
    await ctx.send("fraction", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 1.5 }), ctx.server(p))
    await ctx.send("impersonation", post("/auth/sessions", { user_id: t.userId, is_impersonation: true }), ctx.server(p))
    await ctx.send("impersonation string", post("/auth/sessions", { user_id: t.userId, is_impersonation: "yes" }), ctx.server(p))
  }),
  sequence("POST /auth/sessions", "auth", "acct: client and admin create sessions; the created one signs in", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("client", post("/auth/sessions", { user_id: t.userId }), ctx.client(p, t))
    const made = await ctx.send("admin", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 60_000 }), ctx.admin(p))
    await ctx.send("me with it", { method: "GET", path: "/users/me" }, ctx.client(p, { accessToken: ctx.field(made, "access_token") }))
    await ctx.send("refresh it", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: ctx.field(made, "refresh_token") }))
    await ctx.send("empty body", post("/auth/sessions", {}), ctx.server(p))
  }),
  sequence("POST /auth/sessions/current/refresh", "known-error", "acct: refresh without the header, with an empty and a garbage header, after sign-out", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("no header, access token only", post("/auth/sessions/current/refresh"), ctx.client(p, { accessToken: t.accessToken }))
    await ctx.send("empty header", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: "" }))
    await ctx.send("garbage", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: "x".repeat(45) }))
    await ctx.send("server key", post("/auth/sessions/current/refresh"), ctx.server(p, { refreshToken: t.refreshToken }))
    await ctx.quiet({ method: "DELETE", path: "/auth/sessions/current" }, ctx.client(p, t))
    await ctx.send("after sign-out", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: t.refreshToken }))
  }),
  sequence("POST /auth/sessions/current/refresh", "known-error", "acct: refresh of a deleted user's session", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.quiet({ method: "DELETE", path: `/users/${t.userId}` }, ctx.server(p))
    await ctx.send("refresh", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: t.refreshToken }))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("DELETE /users/me", "happy", "acct: a user deletes itself; its sessions still refresh and are listed", async (ctx) => {
    const p = await ctx.project("open")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("delete me", { method: "DELETE", path: "/users/me" }, ctx.client(p, t))
    const refreshed = await ctx.send("refresh", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: t.refreshToken }))
    await ctx.send("me with the new token", { method: "GET", path: "/users/me" }, ctx.client(p, { accessToken: ctx.field(refreshed, "access_token") }))
    await ctx.send("server lists sessions", { method: "GET", path: "/auth/sessions", query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("server creates a session", post("/auth/sessions", { user_id: t.userId }), ctx.server(p))
    await ctx.send("sign out with the new token", { method: "DELETE", path: "/auth/sessions/current" }, ctx.client(p, { accessToken: ctx.field(refreshed, "access_token") }))
  }),
  sequence("DELETE /auth/sessions/{id}", "known-error", "acct: server deletes sessions with and without a user id; unknown ids", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    await signIn(ctx, p, email)
    const listed = await ctx.quiet({ method: "GET", path: "/auth/sessions", query: { user_id: t.userId } }, ctx.server(p))
    const id = ctx.field(listed, "items.0.id")
    ctx.alias(id, "session:first")
    await ctx.send("unknown", { method: "DELETE", path: `/auth/sessions/${unknownId}`, query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("without user", { method: "DELETE", path: `/auth/sessions/${id}` }, ctx.server(p))
    await ctx.send("wrong user", { method: "DELETE", path: `/auth/sessions/${id}`, query: { user_id: unknownId } }, ctx.server(p))
    await ctx.send("right user", { method: "DELETE", path: `/auth/sessions/${id}`, query: { user_id: t.userId } }, ctx.server(p))
    await ctx.send("signed out client", { method: "DELETE", path: `/auth/sessions/${id}`, query: { user_id: "me" } }, ctx.client(p))
  }),

  // ---- MFA
  sequence("POST /auth/mfa/sign-in", "happy", "acct: TOTP set by the user, an MFA sign-in with two attempt codes", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("mfa")
    const t = await ctx.signUp(p, email)
    const secret = Buffer.from("acct-totp-secret-0001").toString("base64")
    await ctx.send("set secret", { method: "PATCH", path: "/users/me", body: { totp_secret_base64: secret } }, ctx.client(p, t))
    const first = await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    const second = await ctx.send("sign in again", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    const codeA = ctx.field(first, "details.attempt_code")
    const codeB = ctx.field(second, "details.attempt_code")
    await ctx.send("wrong type", post("/auth/mfa/sign-in", { type: "otp", totp: totp(secret), code: codeA }), ctx.client(p))
    await ctx.send("wrong totp", post("/auth/mfa/sign-in", { type: "totp", totp: wrongTotp(secret), code: codeA }), ctx.client(p))
    await ctx.send("right totp on B", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code: codeB }), ctx.client(p))
    await ctx.send("right totp on A", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code: codeA }), ctx.client(p))
    await ctx.send("B reused", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code: codeB }), ctx.client(p))
  }),
  sequence("POST /auth/mfa/sign-in", "known-error", "acct: MFA sign-in in another project, with bad codes, and after the secret is cleared", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const email = ctx.email("mfa")
    const secret = Buffer.from("acct-totp-secret-0002").toString("base64")
    const userId = await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: true, password: "password-123456" })
    ctx.alias(userId, "user:mfa")
    await ctx.send("server sets secret", { method: "PATCH", path: `/users/${userId}`, body: { totp_secret_base64: secret } }, ctx.server(p))
    const first = await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    const code = ctx.field(first, "details.attempt_code")
    await ctx.send("other project", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code }), ctx.client(other))
    await ctx.send("totp as number", post("/auth/mfa/sign-in", { type: "totp", totp: 123456, code }), ctx.client(p))
    await ctx.send("seven digits", post("/auth/mfa/sign-in", { type: "totp", totp: "1234567", code }), ctx.client(p))
    await ctx.send("server clears secret", { method: "PATCH", path: `/users/${userId}`, body: { totp_secret_base64: null } }, ctx.server(p))
    await ctx.send("sign in without MFA", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
  }),
  sequence("POST /users", "happy", "acct: a user created with a TOTP secret signs in without MFA until the secret is set again", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("mfac")
    const secret = Buffer.from("acct-totp-secret-0003").toString("base64")
    const created = await ctx.send("create", post("/users", { primary_email: email, primary_email_auth_enabled: true, password: "password-123456", totp_secret_base64: secret }), ctx.server(p))
    const userId = ctx.field(created, "id")
    ctx.alias(userId, "user:mfac")
    await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    await ctx.send("set again", { method: "PATCH", path: `/users/${userId}`, body: { totp_secret_base64: secret } }, ctx.server(p))
    await ctx.send("sign in again", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    await ctx.send("name only", { method: "PATCH", path: `/users/${userId}`, body: { display_name: "x" } }, ctx.server(p))
  }),
  sequence("PATCH /users/me", "malformed", "acct: TOTP secrets that are not base64 or empty", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("not base64", { method: "PATCH", path: "/users/me", body: { totp_secret_base64: "not base64!" } }, ctx.client(p, t))
    await ctx.send("empty", { method: "PATCH", path: "/users/me", body: { totp_secret_base64: "" } }, ctx.client(p, t))
    await ctx.send("number", { method: "PATCH", path: "/users/me", body: { totp_secret_base64: 12 } }, ctx.client(p, t))
    await ctx.send("server create", post("/users", { totp_secret_base64: "%%%" }), ctx.server(p))
  }),

  // ---- anonymous users
  sequence("POST /auth/anonymous/sign-up", "happy", "acct: an anonymous user (internal) signs up with a password and keeps its id", async (ctx) => {
    const keys = ctx.target.internal
    const anon = await ctx.send("anonymous", post("/auth/anonymous/sign-up", {}), { access: "client", keys })
    ctx.alias(ctx.field(anon, "user_id"), "user:anon")
    const tokens = { access: "client" as const, keys, accessToken: ctx.field(anon, "access_token") }
    await ctx.send("channels", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, tokens)
    await ctx.send("providers", { method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, tokens)
    await ctx.send("preferences", { method: "GET", path: "/emails/notification-preference/me" }, tokens)
    const signed = await ctx.send("sign up", post("/auth/password/sign-up", { email: ctx.email("upg"), password: "password-123456", verification_callback_url: callbackUrl }), tokens)
    await ctx.send("me after, old token", { method: "GET", path: "/users/me" }, tokens)
    await ctx.send("me after, new token", { method: "GET", path: "/users/me" }, { access: "client", keys, accessToken: ctx.field(signed, "access_token") })
  }),
  sequence("POST /auth/anonymous/sign-up", "happy", "acct: an anonymous user (internal) refreshes, updates itself, lists its sessions and signs out", async (ctx) => {
    const keys = ctx.target.internal
    const anon = await ctx.quiet(post("/auth/anonymous/sign-up"), { access: "client", keys })
    ctx.alias(ctx.field(anon, "user_id"), "user:anon")
    const as = { access: "client" as const, keys, accessToken: ctx.field(anon, "access_token"), refreshToken: ctx.field(anon, "refresh_token") }
    await ctx.send("refresh", post("/auth/sessions/current/refresh"), { ...as, accessToken: undefined })
    await ctx.send("update name", { method: "PATCH", path: "/users/me", body: { display_name: "Anon", client_metadata: { a: 1 } } }, as)
    await ctx.send("sessions", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, as)
    await ctx.send("add a channel", post("/contact-channels", { user_id: "me", type: "email", value: ctx.email("anonch"), used_for_auth: false }), as)
    await ctx.send("sign out", { method: "DELETE", path: "/auth/sessions/current" }, as)
    await ctx.send("refresh after", post("/auth/sessions/current/refresh"), { ...as, accessToken: undefined })
  }),
  sequence("POST /auth/anonymous/sign-up", "known-error", "acct: anonymous sign-up while signed in, with a body, and with the server key", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("signed in", post("/auth/anonymous/sign-up", {}), ctx.client(p, t))
    await ctx.send("without body", post("/auth/anonymous/sign-up"), ctx.client(p))
    await ctx.send("server", post("/auth/anonymous/sign-up", {}), ctx.server(p))
  }),

  // ---- CLI login
  sequence("POST /auth/cli", "happy", "acct: the whole CLI login under /api/latest", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const started = await ctx.send("start", { method: "POST", path: "!/api/latest/auth/cli", body: { expires_in_millis: 120_000 } }, ctx.client(p))
    const polling = ctx.field(started, "polling_code")
    const login = ctx.field(started, "login_code")
    await ctx.send("poll waiting", { method: "POST", path: "!/api/latest/auth/cli/poll", body: { polling_code: polling } }, ctx.client(p))
    await ctx.send("complete", { method: "POST", path: "!/api/latest/auth/cli/complete", body: { login_code: login, refresh_token: t.refreshToken } }, ctx.client(p))
    await ctx.send("complete again", { method: "POST", path: "!/api/latest/auth/cli/complete", body: { login_code: login, refresh_token: t.refreshToken } }, ctx.client(p))
    await ctx.send("poll success", { method: "POST", path: "!/api/latest/auth/cli/poll", body: { polling_code: polling } }, ctx.client(p))
    await ctx.send("poll used", { method: "POST", path: "!/api/latest/auth/cli/poll", body: { polling_code: polling } }, ctx.client(p))
  }),
  sequence("POST /auth/cli", "happy", "acct: the whole CLI login under /api/v1 with server keys for polling", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const started = await ctx.send("start", post("/auth/cli", {}), ctx.server(p))
    const polling = ctx.field(started, "polling_code")
    await ctx.send("complete", post("/auth/cli/complete", { login_code: ctx.field(started, "login_code"), refresh_token: t.refreshToken }), ctx.client(p, t))
    await ctx.send("poll", post("/auth/cli/poll", { polling_code: polling }), ctx.server(p))
    await ctx.send("poll again", post("/auth/cli/poll", { polling_code: polling }), ctx.client(p))
  }),
  sequence("POST /auth/cli/poll", "known-error", "acct: CLI poll and complete with unknown codes, expiry bounds", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("poll unknown", post("/auth/cli/poll", { polling_code: "x".repeat(32) }), ctx.client(p))
    await ctx.send("complete unknown", post("/auth/cli/complete", { login_code: "y".repeat(32), refresh_token: t.refreshToken }), ctx.client(p))
    await ctx.send("start zero", post("/auth/cli", { expires_in_millis: 0 }), ctx.client(p))
    await ctx.send("start negative", post("/auth/cli", { expires_in_millis: -5 }), ctx.client(p))
    await ctx.send("start extra", post("/auth/cli", { expires_in_millis: 1000, extra: 1 }), ctx.client(p))
    await ctx.send("latest poll number", { method: "POST", path: "!/api/latest/auth/cli/poll", body: { polling_code: 5 } }, ctx.client(p))
    await ctx.send("latest complete no body", { method: "POST", path: "!/api/latest/auth/cli/complete" }, ctx.client(p))
  }),
  sequence("POST /auth/cli/complete", "auth", "acct: CLI complete (internal) without keys and with an anonymous user's token", async (ctx) => {
    const keys = ctx.target.internal
    const started = await ctx.send("start", post("/auth/cli", {}), { access: "client", keys })
    const login = ctx.field(started, "login_code")
    await ctx.send("no keys", post("/auth/cli/complete", { login_code: login, refresh_token: "x" }), {})
    const anon = await ctx.quiet(post("/auth/anonymous/sign-up", {}), { access: "client", keys })
    ctx.alias(ctx.field(anon, "user_id"), "user:anon")
    await ctx.send("anonymous", post("/auth/cli/complete", { login_code: login, refresh_token: ctx.field(anon, "refresh_token") }), { access: "client", keys })
    await ctx.send("poll", post("/auth/cli/poll", { polling_code: ctx.field(started, "polling_code") }), { access: "client", keys })
  }),

  // ---- the API root with bad credentials
  sequence("GET /api/v1", "auth", "acct: API root with each wrong key for its access type", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("wrong server key", { method: "GET", path: "" }, { access: "server", keys: { ...p.keys, secretServerKey: "ssk_wrong" } })
    await ctx.send("wrong admin key", { method: "GET", path: "" }, { access: "admin", keys: { ...p.keys, superSecretAdminKey: "sak_wrong" } })
    await ctx.send("client key as server", { method: "GET", path: "" }, { access: "server", keys: p.keys, sendKeys: ["publishableClientKey"] })
    await ctx.send("server key as client", { method: "GET", path: "" }, { access: "client", keys: p.keys, sendKeys: ["secretServerKey"] })
    await ctx.send("server key as admin", { method: "GET", path: "" }, { access: "admin", keys: p.keys, sendKeys: ["secretServerKey"] })
    await ctx.send("no key as client", { method: "GET", path: "" }, { access: "client", keys: p.keys, sendKeys: [] })
    await ctx.send("no key as server", { method: "GET", path: "" }, { access: "server", keys: p.keys, sendKeys: [] })
  }),
  sequence("GET /api/v1", "auth", "acct: API root with bad project ids and tokens", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const t = await ctx.signUp(other, ctx.email())
    await ctx.send("malformed project id", { method: "GET", path: "" }, { access: "client", keys: { ...p.keys, projectId: "not a project" } })
    await ctx.send("other project's key", { method: "GET", path: "" }, { access: "client", keys: { ...p.keys, publishableClientKey: other.keys.publishableClientKey } })
    await ctx.send("other project's token", { method: "GET", path: "" }, ctx.client(p, { accessToken: t.accessToken }))
    await ctx.send("refresh token as access token", { method: "GET", path: "" }, ctx.client(other, { accessToken: t.refreshToken }))
    await ctx.send("token without access type", { method: "GET", path: "" }, { keys: other.keys, sendKeys: [], accessToken: t.accessToken })
    await ctx.send("garbage admin token", { method: "GET", path: "" }, { access: "admin", keys: p.keys, adminAccessToken: "garbage" })
    await ctx.send("upper-case access type", { method: "GET", path: "" }, { keys: p.keys, headers: { "x-stack-access-type": "CLIENT", "x-stack-publishable-client-key": p.keys.publishableClientKey } })
  }),
  sequence("GET /api/v1", "auth", "acct: API root under /api/latest with bad credentials", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("wrong key", { method: "GET", path: "!/api/latest" }, { access: "client", keys: { ...p.keys, publishableClientKey: "pck_wrong" } })
    await ctx.send("bad token", { method: "GET", path: "!/api/latest" }, ctx.client(p, { accessToken: "garbage" }))
    await ctx.send("no project", { method: "GET", path: "!/api/latest" }, { access: "server" })
    await ctx.send("wrong admin key", { method: "GET", path: "!/api/latest" }, { access: "admin", keys: { ...p.keys, superSecretAdminKey: "sak_wrong" } })
  }),

  // ---- second round (`acct2:`)
  sequence("POST /contact-channels", "happy", "acct2: a new primary channel takes the primary place; values with upper case and spaces", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const upper = await ctx.send("upper case", post("/contact-channels", { user_id: "me", type: "email", value: ctx.email("Upper").replace("upper", "UpPer"), used_for_auth: false, is_primary: true }), ctx.client(p, t))
    ctx.alias(upper.body && (upper.body as { id?: string }).id, "channel:upper")
    await ctx.send("spaces", post("/contact-channels", { user_id: "me", type: "email", value: ` ${ctx.email("spaced")} `, used_for_auth: false }), ctx.client(p, t))
    await ctx.send("list", { method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "happy", "acct2: the primary channel made not primary, not used for auth, then deleted; sign-in refused", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    const id = await firstChannel(ctx, p, t)
    await ctx.send("not primary", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { is_primary: false } }, ctx.client(p, t))
    await ctx.send("not for auth", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { used_for_auth: false } }, ctx.client(p, t))
    await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    await ctx.send("delete", { method: "DELETE", path: `/contact-channels/${t.userId}/${id}` }, ctx.server(p))
    await ctx.send("user", { method: "GET", path: `/users/${t.userId}` }, ctx.server(p))
  }),
  sequence("GET /contact-channels", "happy", "acct2: channels under /api/latest, and a channel id of another user", async (ctx) => {
    const p = await ctx.project()
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const id = await firstChannel(ctx, p, owner)
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("latest list", { method: "GET", path: "!/api/latest/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("other's id as filter", { method: "GET", path: "/contact-channels", query: { user_id: "me", contact_channel_id: id } }, ctx.client(p, t))
    await ctx.send("server other's id as filter", { method: "GET", path: "/contact-channels", query: { user_id: t.userId, contact_channel_id: id } }, ctx.server(p))
    await ctx.send("read other's as me", { method: "GET", path: `/contact-channels/me/${id}` }, ctx.client(p, t))
  }),
  sequence("POST /oauth-providers", "malformed", "acct2: link with numbers and upper-case e-mails, and as me with the server key", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const base = { provider_config_id: "github", allow_sign_in: false, allow_connected_accounts: true }
    const made = await ctx.send("numeric account", post("/oauth-providers", { ...base, user_id: t.userId, account_id: 12345, email: ctx.email("gh").toUpperCase() }), ctx.server(p))
    ctx.alias(made.body && (made.body as { id?: string }).id, "provider:num")
    await ctx.send("me with session", post("/oauth-providers", { ...base, user_id: "me", account_id: `me-${ctx.slug}-${ctx.runId}` }), ctx.server(p, t))
    await ctx.send("me without session", post("/oauth-providers", { ...base, user_id: "me", account_id: `me2-${ctx.slug}-${ctx.runId}` }), ctx.server(p))
    await ctx.send("list", { method: "GET", path: "/oauth-providers", query: { user_id: "me" } }, ctx.server(p, t))
  }),
  sequence("GET /oauth-providers", "happy", "acct2: providers under /api/latest, and a user created with a provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const created = await ctx.send("create user", post("/users", { primary_email: ctx.email("withgh"), oauth_providers: [{ id: "github", account_id: `u-${ctx.slug}-${ctx.runId}`, email: ctx.email("withgh") }] }), ctx.server(p))
    const userId = ctx.field(created, "id")
    ctx.alias(userId, "user:withgh")
    const list = await ctx.send("latest list", { method: "GET", path: "!/api/latest/oauth-providers", query: { user_id: userId } }, ctx.server(p))
    const id = ctx.field(list, "items.0.id")
    ctx.alias(id, "provider:created")
    await ctx.send("latest read", { method: "GET", path: `!/api/latest/oauth-providers/${userId}/${id}` }, ctx.server(p))
    await ctx.send("update", { method: "PATCH", path: `/oauth-providers/${userId}/${id}`, body: { allow_sign_in: false } }, ctx.server(p))
  }),
  sequence("GET /auth/sessions", "known-error", "acct2: server lists me with and without a session; sessions under /api/latest", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("server me with session", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.server(p, t))
    await ctx.send("server me without", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.server(p))
    await ctx.send("server unknown user", { method: "GET", path: "/auth/sessions", query: { user_id: unknownId } }, ctx.server(p))
    await ctx.send("latest", { method: "GET", path: "!/api/latest/auth/sessions", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("server create me", post("/auth/sessions", { user_id: "me" }), ctx.server(p, t))
  }),
  sequence("POST /auth/sessions", "happy", "acct2: an impersonation session refreshes, is hidden from the user's list, and signs out", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const made = await ctx.send("impersonate", post("/auth/sessions", { user_id: t.userId, is_impersonation: true }), ctx.server(p))
    const imp = { accessToken: ctx.field(made, "access_token"), refreshToken: ctx.field(made, "refresh_token") }
    await ctx.send("refresh", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: imp.refreshToken }))
    await ctx.send("user lists", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p, t))
    await ctx.send("impersonator lists", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p, imp))
    await ctx.send("admin lists", { method: "GET", path: "/auth/sessions", query: { user_id: t.userId } }, ctx.admin(p))
    await ctx.send("sign out", { method: "DELETE", path: "/auth/sessions/current" }, ctx.client(p, imp))
  }),
  sequence("GET /emails/notification-preference/{user}", "malformed", "acct2: preferences with null, query keys, under /api/latest and with admin keys", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const { free } = await categories(ctx, p, t)
    await ctx.send("null", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: { enabled: null } }, ctx.client(p, t))
    await ctx.send("array body", { method: "PATCH", path: `/emails/notification-preference/me/${free}`, body: [true] }, ctx.client(p, t))
    await ctx.send("query key", { method: "GET", path: "/emails/notification-preference/me", query: { category: "x" } }, ctx.client(p, t))
    await ctx.send("latest", { method: "GET", path: "!/api/latest/emails/notification-preference/me" }, ctx.client(p, t))
    await ctx.send("admin patch", { method: "PATCH", path: `/emails/notification-preference/${t.userId}/${free}`, body: { enabled: false } }, ctx.admin(p))
    await ctx.send("POST instead", post(`/emails/notification-preference/me/${free}`, { enabled: false }), ctx.client(p, t))
  }),
  sequence("POST /auth/cli", "known-error", "acct2: CLI login with admin keys, a refresh token of another project, a revoked one", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const started = await ctx.send("start admin", post("/auth/cli", { expires_in_millis: 60_000 }), ctx.admin(p))
    const login = ctx.field(started, "login_code")
    const stranger = await ctx.signUp(other, ctx.email("stranger"))
    await ctx.send("other project's token", post("/auth/cli/complete", { login_code: login, refresh_token: stranger.refreshToken }), ctx.client(p))
    const t = await ctx.signUp(p, ctx.email())
    await ctx.quiet({ method: "DELETE", path: "/auth/sessions/current" }, ctx.client(p, t))
    await ctx.send("revoked token", post("/auth/cli/complete", { login_code: login, refresh_token: t.refreshToken }), ctx.client(p))
    await ctx.send("poll", post("/auth/cli/poll", { polling_code: ctx.field(started, "polling_code") }), ctx.client(p))
  }),
  sequence("GET /api/v1", "auth", "acct2: API root with a revoked session's access token and a deleted user's token", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.quiet({ method: "DELETE", path: "/auth/sessions/current" }, ctx.client(p, t))
    await ctx.send("revoked session", { method: "GET", path: "" }, ctx.client(p, t))
    await ctx.send("me revoked session", { method: "GET", path: "/users/me" }, ctx.client(p, t))
    const u = await ctx.signUp(p, ctx.email("gone"))
    await ctx.quiet({ method: "DELETE", path: `/users/${u.userId}` }, ctx.server(p))
    await ctx.send("deleted user", { method: "GET", path: "" }, ctx.client(p, u))
    await ctx.send("server with deleted user", { method: "GET", path: "" }, ctx.server(p, u))
  }),

  // ---- third round (`acct3:`)
  sequence("POST /contact-channels/send-verification-code", "known-error", "acct3: the older send-verification-code route by e-mail", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    await ctx.send("not the primary", post("/contact-channels/send-verification-code", { email: ctx.email("else"), callback_url: callbackUrl }), ctx.client(p, t))
    await ctx.send("primary", post("/contact-channels/send-verification-code", { email, callback_url: callbackUrl }), ctx.client(p, t))
    await ctx.send("signed out", post("/contact-channels/send-verification-code", { email, callback_url: callbackUrl }), ctx.client(p))
    await ctx.send("bad body", post("/contact-channels/send-verification-code", { email: "x", callback_url: 3 }), ctx.client(p, t))
    await ctx.quiet({ method: "PATCH", path: `/users/${t.userId}`, body: { primary_email_verified: true } }, ctx.server(p))
    await ctx.send("verified", post("/contact-channels/send-verification-code", { email, callback_url: callbackUrl }), ctx.client(p, t))
  }),
  sequence("PATCH /contact-channels/{user}/{id}", "happy", "acct3: a changed value is unverified unless the server says otherwise", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const id = await firstChannel(ctx, p, t)
    await ctx.quiet({ method: "PATCH", path: `/contact-channels/${t.userId}/${id}`, body: { is_verified: true } }, ctx.server(p))
    await ctx.send("client changes value", { method: "PATCH", path: `/contact-channels/me/${id}`, body: { value: ctx.email("changed") } }, ctx.client(p, t))
    await ctx.quiet({ method: "PATCH", path: `/contact-channels/${t.userId}/${id}`, body: { is_verified: true } }, ctx.server(p))
    await ctx.send("server changes value, keeps verified", { method: "PATCH", path: `/contact-channels/${t.userId}/${id}`, body: { value: ctx.email("again"), is_verified: true } }, ctx.server(p))
    await ctx.send("same value", { method: "PATCH", path: `/contact-channels/${t.userId}/${id}`, body: { value: ctx.email("again") } }, ctx.server(p))
    await ctx.send("user", { method: "GET", path: `/users/${t.userId}` }, ctx.server(p))
  }),
  sequence("POST /contact-channels/verify", "known-error", "acct3: two codes sent, the first used, the second after; a code of a deleted channel", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const value = ctx.email("twice")
    const added = await ctx.quiet(post("/contact-channels", { user_id: t.userId, type: "email", value, used_for_auth: false }), ctx.server(p))
    const id = ctx.field(added, "id")
    ctx.alias(id, "channel:twice")
    await ctx.send("send 1", post(`/contact-channels/${t.userId}/${id}/send-verification-code`, { callback_url: callbackUrl }), ctx.server(p))
    const first = await mailCode(ctx, value, 1)
    await ctx.send("send 2", post(`/contact-channels/${t.userId}/${id}/send-verification-code`, { callback_url: callbackUrl }), ctx.server(p))
    const second = await mailCode(ctx, value, 2)
    await ctx.send("verify first", post("/contact-channels/verify", { code: first }), ctx.client(p))
    await ctx.send("verify second", post("/contact-channels/verify", { code: second }), ctx.client(p))
    const gone = ctx.email("gone")
    const other = await ctx.quiet(post("/contact-channels", { user_id: t.userId, type: "email", value: gone, used_for_auth: false }), ctx.server(p))
    const otherId = ctx.field(other, "id")
    await ctx.quiet(post(`/contact-channels/${t.userId}/${otherId}/send-verification-code`, { callback_url: callbackUrl }), ctx.server(p))
    const goneCode = await mailCode(ctx, gone, 1)
    await ctx.quiet({ method: "DELETE", path: `/contact-channels/${t.userId}/${otherId}` }, ctx.server(p))
    await ctx.send("check code of deleted channel", post("/contact-channels/verify/check-code", { code: goneCode }), ctx.client(p))
  }),
  sequence("POST /auth/mfa/sign-in", "known-error", "acct3: MFA routes that do not exist, and sign-in codes of another kind", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("check-code", post("/auth/mfa/sign-in/check-code", { code: "x" }), ctx.client(p))
    await ctx.send("GET", { method: "GET", path: "/auth/mfa/sign-in" }, ctx.client(p))
    const email = ctx.email("mfa")
    const t = await ctx.signUp(p, email)
    const secret = Buffer.from("acct-totp-secret-0004").toString("base64")
    await ctx.quiet({ method: "PATCH", path: "/users/me", body: { totp_secret_base64: secret } }, ctx.client(p, t))
    const code = await mailCode(ctx, email, 1)
    await ctx.send("a verification code as attempt code", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code }), ctx.client(p))
    await ctx.send("me", { method: "GET", path: "/users/me" }, ctx.client(p, t))
  }),
  sequence("POST /auth/sessions", "malformed", "acct3: server session at the longest lifetime and one past it, no keys", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const day = 1000 * 60 * 60 * 24
    await ctx.send("367 days", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 367 * day }), ctx.server(p))
    await ctx.send("367 days + 1", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 367 * day + 1 }), ctx.server(p))
    await ctx.send("numeric string", post("/auth/sessions", { user_id: t.userId, expires_in_millis: "60000" }), ctx.server(p))
    await ctx.send("no keys", post("/auth/sessions", { user_id: t.userId }), {})
    await ctx.send("null user", post("/auth/sessions", { user_id: null }), ctx.server(p))
  }),
  sequence("PATCH /oauth-providers/{user}/{id}", "known-error", "acct3: an account id another user signs in with, and a change of provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const a = await ctx.signUp(p, ctx.email("a"))
    const b = await ctx.signUp(p, ctx.email("b"))
    await link(ctx, p, a.userId, "taken", { allow_sign_in: true })
    const mine = await link(ctx, p, b.userId, "mine", { allow_sign_in: true })
    await ctx.send("take the account id", { method: "PATCH", path: `/oauth-providers/${b.userId}/${mine}`, body: { account_id: `taken-${ctx.slug}-${ctx.runId}` } }, ctx.server(p))
    await ctx.send("change provider", { method: "PATCH", path: `/oauth-providers/${b.userId}/${mine}`, body: { provider_config_id: "gitlab" } }, ctx.server(p))
    await ctx.send("client account id", { method: "PATCH", path: `/oauth-providers/me/${mine}`, body: { account_id: "x" } }, ctx.client(p, b))
    await ctx.send("list", { method: "GET", path: "/oauth-providers", query: { user_id: b.userId } }, ctx.server(p))
  }),
  sequence("GET /api/v1", "auth", "acct3: API root with keys of the wrong kind for a project, and admin with a user token", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("client with every key", { method: "GET", path: "" }, { access: "client", keys: p.keys, sendKeys: ["publishableClientKey", "secretServerKey", "superSecretAdminKey"] })
    await ctx.send("admin with admin token of a user", { method: "GET", path: "" }, { access: "admin", keys: p.keys, adminAccessToken: t.accessToken })
    await ctx.send("empty project id", { method: "GET", path: "" }, { access: "client", keys: { ...p.keys, projectId: "" } })
    await ctx.send("empty key", { method: "GET", path: "" }, { access: "client", keys: { ...p.keys, publishableClientKey: "" } })
    await ctx.send("empty access type", { method: "GET", path: "" }, { keys: p.keys, headers: { "x-stack-access-type": "" } })
  }),

  // ---- fourth round (`acct4:`): bodies and queries that are not what the route reads
  sequence("POST /contact-channels", "malformed", "acct4: channel bodies that are not JSON objects", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("bad json", { method: "POST", path: "/contact-channels", raw: { text: "{\"user_id\": ", contentType: "application/json" } }, ctx.client(p, t))
    await ctx.send("text", { method: "POST", path: "/contact-channels", raw: { text: "user_id=me", contentType: "text/plain" } }, ctx.client(p, t))
    await ctx.send("form", { method: "POST", path: "/contact-channels", raw: { text: "user_id=me&type=email", contentType: "application/x-www-form-urlencoded" } }, ctx.client(p, t))
    await ctx.send("null", { method: "POST", path: "/contact-channels", raw: { text: "null", contentType: "application/json" } }, ctx.client(p, t))
    await ctx.send("no body", post("/contact-channels"), ctx.client(p, t))
  }),
  sequence("PATCH /oauth-providers/{user}/{id}", "malformed", "acct4: provider update bodies that are not JSON objects", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const id = await link(ctx, p, t.userId, "body")
    await ctx.send("bad json", { method: "PATCH", path: `/oauth-providers/me/${id}`, raw: { text: "{", contentType: "application/json" } }, ctx.client(p, t))
    await ctx.send("array", { method: "PATCH", path: `/oauth-providers/me/${id}`, body: [] }, ctx.client(p, t))
    await ctx.send("no body", { method: "PATCH", path: `/oauth-providers/me/${id}` }, ctx.client(p, t))
    await ctx.send("POST to the item", post(`/oauth-providers/me/${id}`, {}), ctx.client(p, t))
  }),
  sequence("GET /contact-channels", "malformed", "acct4: user_id spelled ME, empty, twice; channels of a user id with upper case", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("ME", { method: "GET", path: "/contact-channels", query: { user_id: "ME" } }, ctx.client(p, t))
    await ctx.send("empty", { method: "GET", path: "/contact-channels", query: { user_id: "" } }, ctx.client(p, t))
    await ctx.send("twice", { method: "GET", path: `/contact-channels?user_id=me&user_id=${t.userId}` }, ctx.client(p, t))
    await ctx.send("upper-case id", { method: "GET", path: "/contact-channels", query: { user_id: t.userId.toUpperCase() } }, ctx.server(p))
  }),
  sequence("POST /auth/sessions/current/refresh", "malformed", "acct4: refresh with a body, under /api/latest, and two refresh headers", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("with a body", post("/auth/sessions/current/refresh", { refresh_token: t.refreshToken }), ctx.client(p, { refreshToken: t.refreshToken }))
    await ctx.send("body only", post("/auth/sessions/current/refresh", { refresh_token: t.refreshToken }), ctx.client(p))
    await ctx.send("latest", { method: "POST", path: "!/api/latest/auth/sessions/current/refresh" }, ctx.client(p, { refreshToken: t.refreshToken }))
    await ctx.send("GET", { method: "GET", path: "/auth/sessions/current/refresh" }, ctx.client(p, { refreshToken: t.refreshToken }))
    await ctx.send("bad json", { method: "POST", path: "/auth/sessions/current/refresh", raw: { text: "{", contentType: "application/json" } }, ctx.client(p, { refreshToken: t.refreshToken }))
  }),
  sequence("POST /auth/cli/complete", "malformed", "acct4: CLI bodies with wrong types and unknown keys", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("complete types", post("/auth/cli/complete", { login_code: 1, refresh_token: true, extra: 1 }), ctx.client(p))
    await ctx.send("poll extra", post("/auth/cli/poll", { polling_code: "x", extra: 1 }), ctx.client(p))
    await ctx.send("start null", post("/auth/cli", { expires_in_millis: null }), ctx.client(p))
    await ctx.send("start bad json", { method: "POST", path: "/auth/cli", raw: { text: "{", contentType: "application/json" } }, ctx.client(p))
    await ctx.send("GET", { method: "GET", path: "/auth/cli" }, ctx.client(p))
  }),
  sequence("DELETE /auth/sessions/current", "malformed", "acct4: sign-out with a JSON body, bad JSON, and under /api/latest", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    await ctx.send("bad json", { method: "DELETE", path: "/auth/sessions/current", raw: { text: "{", contentType: "application/json" } }, ctx.client(p, t))
    await ctx.send("body", { method: "DELETE", path: "/auth/sessions/current", body: {} }, ctx.client(p, t))
    const second = await signIn(ctx, p, email)
    await ctx.send("latest", { method: "DELETE", path: "!/api/latest/auth/sessions/current" }, ctx.client(p, second))
  }),

  // ---- fifth round (`acct5:`): ids in upper case
  sequence("GET /users/{id}", "happy", "acct5: a user, its channels, sessions and preferences by an upper-case id", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const upper = t.userId.toUpperCase()
    const id = await firstChannel(ctx, p, t)
    await ctx.send("client other-case self", { method: "GET", path: "/contact-channels", query: { user_id: upper } }, ctx.client(p, t))
    await ctx.send("user", { method: "GET", path: `/users/${upper}` }, ctx.server(p))
    await ctx.send("update", { method: "PATCH", path: `/users/${upper}`, body: { display_name: "Upper" } }, ctx.server(p))
    await ctx.send("sessions", { method: "GET", path: "/auth/sessions", query: { user_id: upper } }, ctx.server(p))
    await ctx.send("preferences", { method: "GET", path: `/emails/notification-preference/${upper}` }, ctx.server(p))
    await ctx.send("new session", post("/auth/sessions", { user_id: upper }), ctx.server(p))
    await ctx.send("channel", { method: "GET", path: `/contact-channels/${upper}/${id.toUpperCase()}` }, ctx.server(p))
  }),
  sequence("GET /oauth-providers/{user}/{id}", "happy", "acct5: a provider by upper-case ids, and linked with an upper-case user id", async (ctx) => {
    const p = await ctx.project("oauth")
    const t = await ctx.signUp(p, ctx.email())
    const created = await ctx.send("link", post("/oauth-providers", { user_id: t.userId.toUpperCase(), provider_config_id: "github", account_id: `up-${ctx.slug}-${ctx.runId}`, allow_sign_in: false, allow_connected_accounts: true }), ctx.server(p))
    const id = ctx.field(created, "id")
    ctx.alias(id, "provider:up")
    await ctx.send("read", { method: "GET", path: `/oauth-providers/${t.userId.toUpperCase()}/${id.toUpperCase()}` }, ctx.server(p))
    await ctx.send("list", { method: "GET", path: "/oauth-providers", query: { user_id: t.userId.toUpperCase() } }, ctx.server(p))
    await ctx.send("delete", { method: "DELETE", path: `/oauth-providers/me/${id.toUpperCase()}` }, ctx.client(p, t))
  }),
]
