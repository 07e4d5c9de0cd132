/**
 * More sequences of the auth routes (issue #26, second round): the variations SDK users send that
 * the first round did not: password limits on every password route, several faults at once (to
 * pin the order of the refused fields), wrong types, missing and non-JSON bodies, access types,
 * whole flows through the mailbox (password reset, OTP), MFA with a real TOTP, passkey option
 * shapes, CLI login limits, refresh and sign-out edge cases, server sessions.
 */
import { createHmac } from "node:crypto"
import type { Context } from "../Context.ts"
import { callbackUrl, sequence, type Sequence } from "../Sequence.ts"

const resetUrl = "http://localhost:3000/handler/password-reset"
const magicUrl = "http://localhost:3000/handler/magic-link-callback"
const long = "p".repeat(71)
const seventy = "q".repeat(70)

const post = (path: string, body?: unknown) => ({ method: "POST" as const, path, ...(body === undefined ? {} : { body }) })
const signUp = (email: string, password = "password-123456") => post("/auth/password/sign-up", { email, password, verification_callback_url: callbackUrl })

/** The 45-character code of the newest mail's link (`?code=`), read from both sides' mailboxes. */
const codeFromMail = async (ctx: Context, label: string, address: string, atLeast: number): Promise<string> => {
  const mails = await ctx.mails(label, address, atLeast)
  const last = mails[mails.length - 1]
  const found = /code=([A-Za-z0-9]{45})/.exec(`${last?.text ?? ""} ${last?.html ?? ""}`)?.[1]
  if (found === undefined) throw new Error(`no code in the mail to ${address}`)
  return found
}

/** The RFC 6238 code (SHA-1, 30 s, 6 digits) of a base64 secret now. */
const totp = (secretBase64: string): string => {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)))
  const mac = createHmac("sha1", Buffer.from(secretBase64, "base64")).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0xf
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return n.toString().padStart(6, "0")
}

/** A session of a user made with the server key (quietly): its tokens. */
const serverSession = async (ctx: Context, p: Awaited<ReturnType<Context["project"]>>, userId: string) => {
  const s = await ctx.quiet(post("/auth/sessions", { user_id: userId }), ctx.server(p))
  return { accessToken: ctx.field(s, "access_token"), refreshToken: ctx.field(s, "refresh_token") }
}

export const sequences: ReadonlyArray<Sequence> = [
  // --- password sign-up
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with a 71-character password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp(ctx.email(), long), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "happy", "more: sign-up with a 70-character password, then sign-in", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("seventy")
    const answer = await ctx.send("sign-up", signUp(email, seventy), ctx.client(p))
    ctx.alias(ctx.field(answer, "user_id"), "user:seventy")
    await ctx.send("sign-in", post("/auth/password/sign-in", { email, password: seventy }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with a bad e-mail, a long password and no callback", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", post("/auth/password/sign-up", { email: "nope", password: long }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with an e-mail without a dot in its domain", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp("someone@localhost"), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with a callback URL that has spaces", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", post("/auth/password/sign-up", { email: ctx.email(), password: "password-123456", verification_callback_url: "not a url" }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with null password and an object e-mail", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", post("/auth/password/sign-up", { email: { a: 1 }, password: null, verification_callback_url: callbackUrl }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with a number password and two unknown fields", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", post("/auth/password/sign-up", { email: ctx.email("numeric"), password: 1234567890, verification_callback_url: callbackUrl, display_name: "x", zzz: 1 }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "happy", "more: sign-up with a number password", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("numpass")
    const answer = await ctx.send("sign-up", post("/auth/password/sign-up", { email, password: 1234567890, verification_callback_url: callbackUrl }), ctx.client(p))
    ctx.alias(ctx.field(answer, "user_id"), "user:numpass")
    await ctx.send("sign-in", post("/auth/password/sign-in", { email, password: "1234567890" }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with an array body", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", post("/auth/password/sign-up", [1, 2]), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up without a body", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", post("/auth/password/sign-up"), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "more: sign-up with a text/plain body", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", { method: "POST", path: "/auth/password/sign-up", raw: { text: "hello", contentType: "text/plain" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "happy", "more: sign-up with the server access type", async (ctx) => {
    const p = await ctx.project()
    const answer = await ctx.send("sign-up", signUp(ctx.email("srv")), ctx.server(p))
    ctx.alias(ctx.field(answer, "user_id"), "user:srv")
  }),
  sequence("POST /auth/password/sign-up", "auth", "more: sign-up without an access type", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp(ctx.email()), { keys: p.keys })
  }),
  sequence("POST /auth/password/sign-up", "known-error", "more: sign-up with an untrusted callback and a short password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", post("/auth/password/sign-up", { email: ctx.email(), password: "short", verification_callback_url: "https://evil.example.org/verify" }), ctx.client(p))
  }),

  // --- password sign-in
  sequence("POST /auth/password/sign-in", "malformed", "more: sign-in with a 71-character password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-in", post("/auth/password/sign-in", { email: ctx.email(), password: long }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-in", "malformed", "more: sign-in with a bad e-mail, an unknown field, no password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-in", post("/auth/password/sign-in", { email: "x@", remember: true }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-in", "known-error", "more: sign-in of a user without a password", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("nopass")
    await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: true })
    await ctx.send("sign-in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-in", "known-error", "more: sign-in where the e-mail is not used for auth", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("noauth")
    await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: false, password: "password-123456" })
    await ctx.send("sign-in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
  }),

  // --- password update / set
  sequence("POST /auth/password/update", "malformed", "more: update to a 71-character password", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", post("/auth/password/update", { old_password: "password-123456", new_password: long }), ctx.client(p, t))
  }),
  sequence("POST /auth/password/update", "malformed", "more: update signed out with an empty body", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("update", post("/auth/password/update", {}), ctx.client(p))
  }),
  sequence("POST /auth/password/update", "malformed", "more: update with a long old password and a short new one", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", post("/auth/password/update", { old_password: long, new_password: "x", extra: 1 }), ctx.client(p, t))
  }),
  sequence("POST /auth/password/update", "happy", "more: update ends the other sessions but keeps the caller's", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("upd")
    const first = await ctx.signUp(p, email)
    const second = await ctx.send("second sign-in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    await ctx.send("update", post("/auth/password/update", { old_password: "password-123456", new_password: "another-pass-999" }), ctx.client(p, { accessToken: ctx.field(second, "access_token"), refreshToken: ctx.field(second, "refresh_token") }))
    await ctx.send("refresh the caller's", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: ctx.field(second, "refresh_token") }))
    await ctx.send("refresh the other", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: first.refreshToken }))
  }),
  sequence("POST /auth/password/set", "malformed", "more: set a 71-character password", async (ctx) => {
    const p = await ctx.project()
    const userId = await ctx.createUser(p, { primary_email: ctx.email() })
    await ctx.send("set", post("/auth/password/set", { password: long }), ctx.client(p, await serverSession(ctx, p, userId)))
  }),
  sequence("POST /auth/password/set", "malformed", "more: set signed out without a password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("set", post("/auth/password/set", { pass: "password-123456" }), ctx.client(p))
  }),

  // --- password reset
  sequence("POST /auth/password/reset", "malformed", "more: reset with a short code and a long password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("reset", post("/auth/password/reset", { code: "abc", password: long }), ctx.client(p))
  }),
  sequence("POST /auth/password/reset", "malformed", "more: reset with an empty body", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("reset", post("/auth/password/reset", {}), ctx.client(p))
  }),
  sequence("POST /auth/password/reset/check-code", "malformed", "more: reset check with a 44-character code and an extra field", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("check", post("/auth/password/reset/check-code", { code: "a".repeat(44), password: "password-123456" }), ctx.client(p))
  }),
  sequence("POST /auth/password/reset", "happy", "more: reset flow through the mail: check, reset, sign in, reuse", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("flow")
    await ctx.signUp(p, email)
    await ctx.send("send code", post("/auth/password/send-reset-code", { email, callback_url: resetUrl }), ctx.client(p))
    const code = await codeFromMail(ctx, "mails", email, 2)
    await ctx.send("check", post("/auth/password/reset/check-code", { code }), ctx.client(p))
    await ctx.send("reset short", post("/auth/password/reset", { code, password: "short" }), ctx.client(p))
    await ctx.send("reset again", post("/auth/password/reset", { code, password: "brand-new-pass-1" }), ctx.client(p))
    await ctx.send("sign in old", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
  }),
  sequence("POST /auth/password/reset", "happy", "more: reset with an upper-case code, then check it", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("upper")
    await ctx.signUp(p, email)
    await ctx.send("send code", post("/auth/password/send-reset-code", { email, callback_url: resetUrl }), ctx.client(p))
    const code = await codeFromMail(ctx, "mails", email, 2)
    await ctx.send("reset", post("/auth/password/reset", { code: code.toUpperCase(), password: "brand-new-pass-2" }), ctx.client(p))
    await ctx.send("check after", post("/auth/password/reset/check-code", { code }), ctx.client(p))
    await ctx.send("sign in new", post("/auth/password/sign-in", { email, password: "brand-new-pass-2" }), ctx.client(p))
  }),
  sequence("POST /auth/password/send-reset-code", "malformed", "more: send reset code with a bad e-mail and a bad URL", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("send", post("/auth/password/send-reset-code", { email: "bad", callback_url: "no url here" }), ctx.client(p))
  }),
  sequence("POST /auth/password/send-reset-code", "malformed", "more: send reset code without a callback", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("send", post("/auth/password/send-reset-code", { email: ctx.email() }), ctx.client(p))
  }),

  // --- OTP
  sequence("POST /auth/otp/send-sign-in-code", "malformed", "more: OTP send with an e-mail without a dot and no callback", async (ctx) => {
    const p = await ctx.project("otp")
    await ctx.send("send", post("/auth/otp/send-sign-in-code", { email: "a@b" }), ctx.client(p))
  }),
  sequence("POST /auth/otp/sign-in", "happy", "more: OTP flow through the mail: check, sign in, reuse", async (ctx) => {
    const p = await ctx.project("otp")
    const email = ctx.email("otpflow")
    await ctx.send("send", post("/auth/otp/send-sign-in-code", { email, callback_url: magicUrl }), ctx.client(p))
    const code = await codeFromMail(ctx, "mail", email, 1)
    await ctx.send("check", post("/auth/otp/sign-in/check-code", { code }), ctx.client(p))
    const signed = await ctx.send("sign in", post("/auth/otp/sign-in", { code }), ctx.client(p))
    ctx.alias(ctx.field(signed, "user_id"), "user:otpflow")
    await ctx.send("sign in again", post("/auth/otp/sign-in", { code }), ctx.client(p))
  }),
  sequence("POST /auth/otp/sign-in", "malformed", "more: OTP sign-in with a 6-character code", async (ctx) => {
    const p = await ctx.project("otp")
    await ctx.send("sign in", post("/auth/otp/sign-in", { code: "ABC123" }), ctx.client(p))
    await ctx.send("check", post("/auth/otp/sign-in/check-code", { code: 123456 }), ctx.client(p))
  }),
  sequence("POST /auth/otp/send-sign-in-code", "known-error", "more: OTP send to a user whose e-mail is not verified", async (ctx) => {
    const p = await ctx.project("otp")
    const email = ctx.email("unverified")
    await ctx.signUp(p, email)
    await ctx.send("send", post("/auth/otp/send-sign-in-code", { email, callback_url: magicUrl }), ctx.client(p))
  }),
  sequence("POST /auth/otp/send-sign-in-code", "known-error", "more: OTP send with an untrusted callback", async (ctx) => {
    const p = await ctx.project("otp")
    await ctx.send("send", post("/auth/otp/send-sign-in-code", { email: ctx.email(), callback_url: "https://evil.example.org/magic" }), ctx.client(p))
  }),

  // --- anonymous
  sequence("POST /auth/anonymous/sign-up", "happy", "more: anonymous sign-up in internal, then read me", async (ctx) => {
    const answer = await ctx.send("anonymous", post("/auth/anonymous/sign-up", {}), { access: "client", keys: ctx.target.internal })
    ctx.alias(ctx.field(answer, "user_id"), "user:anon")
    await ctx.send("me", { method: "GET", path: "/users/me" }, { access: "client", keys: ctx.target.internal, accessToken: ctx.field(answer, "access_token") })
  }),
  sequence("POST /auth/anonymous/sign-up", "known-error", "more: anonymous sign-up with unknown fields in a new project", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("anonymous", post("/auth/anonymous/sign-up", { anything: 1 }), ctx.client(p))
  }),

  // --- MFA
  sequence("POST /auth/mfa/sign-in", "malformed", "more: MFA sign-in with an empty body", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("mfa", post("/auth/mfa/sign-in", {}), ctx.client(p))
  }),
  sequence("POST /auth/mfa/sign-in", "malformed", "more: MFA sign-in with another type and a short code", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("mfa", post("/auth/mfa/sign-in", { type: "sms", totp: 123456, code: "short" }), ctx.client(p))
  }),
  sequence("POST /auth/mfa/sign-in", "happy", "more: MFA: sign-in needs a TOTP, a wrong one, then the right one", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("mfa")
    const secret = Buffer.from("0123456789abcdefghij").toString("base64")
    const userId = await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: true, password: "password-123456", totp_secret_base64: secret })
    ctx.alias(userId, "user:mfa")
    const first = await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    const code = ctx.field(first, "details.attempt_code")
    const right = totp(secret)
    await ctx.send("wrong totp", post("/auth/mfa/sign-in", { type: "totp", totp: right === "000000" ? "111111" : "000000", code }), ctx.client(p))
    await ctx.send("right totp", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code }), ctx.client(p))
  }),

  // --- passkeys
  sequence("POST /auth/passkey/initiate-passkey-registration", "happy", "more: passkey registration options of a user with a display name", async (ctx) => {
    const p = await ctx.project("passkey")
    const userId = await ctx.createUser(p, { primary_email: ctx.email(), display_name: "Pat Key" })
    ctx.alias(userId, "user:pat")
    ctx.alias(Buffer.from(userId).toString("base64url"), "handle:pat")
    await ctx.send("options", post("/auth/passkey/initiate-passkey-registration", {}), ctx.client(p, await serverSession(ctx, p, userId)))
  }),
  sequence("POST /auth/passkey/initiate-passkey-registration", "known-error", "more: passkey registration options where passkeys are off", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("options", post("/auth/passkey/initiate-passkey-registration", {}), ctx.client(p, t))
  }),
  sequence("POST /auth/passkey/sign-in", "malformed", "more: passkey sign-in with an empty body", async (ctx) => {
    const p = await ctx.project("passkey")
    await ctx.send("sign in", post("/auth/passkey/sign-in", {}), ctx.client(p))
  }),
  sequence("POST /auth/passkey/register", "malformed", "more: passkey register signed out with an empty body", async (ctx) => {
    const p = await ctx.project("passkey")
    await ctx.send("register", post("/auth/passkey/register", {}), ctx.client(p))
    await ctx.send("register unknown code", post("/auth/passkey/register", { credential: {}, code: "e".repeat(45) }), ctx.client(p))
  }),
  sequence("POST /auth/passkey/initiate-passkey-authentication", "happy", "more: passkey authentication options with the server key, twice", async (ctx) => {
    const p = await ctx.project("passkey")
    await ctx.send("options", post("/auth/passkey/initiate-passkey-authentication", {}), ctx.server(p))
    await ctx.send("options again", post("/auth/passkey/initiate-passkey-authentication"), ctx.client(p))
  }),

  // --- CLI
  sequence("POST /auth/cli", "malformed", "more: CLI start with a too long expiry", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("start", post("/auth/cli", { expires_in_millis: 1000 * 60 * 60 * 25 }), ctx.client(p))
    await ctx.send("start text", post("/auth/cli", { expires_in_millis: "abc" }), ctx.client(p))
  }),
  sequence("POST /auth/cli", "happy", "more: CLI start without a body and with a numeric string", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("start", post("/auth/cli"), ctx.client(p))
    await ctx.send("start string", post("/auth/cli", { expires_in_millis: "60000" }), ctx.client(p))
  }),
  sequence("POST /auth/cli/poll", "malformed", "more: CLI poll and complete with empty bodies", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("poll", post("/auth/cli/poll", {}), ctx.client(p))
    await ctx.send("complete", post("/auth/cli/complete", {}), ctx.client(p))
  }),
  sequence("POST /auth/cli/complete", "known-error", "more: CLI complete with an unknown refresh token", async (ctx) => {
    const p = await ctx.project()
    const started = await ctx.send("start", post("/auth/cli", {}), ctx.client(p))
    await ctx.send("complete", post("/auth/cli/complete", { login_code: ctx.field(started, "login_code"), refresh_token: "not-a-refresh-token" }), ctx.client(p))
    await ctx.send("poll", post("/auth/cli/poll", { polling_code: ctx.field(started, "polling_code") }), ctx.client(p))
  }),

  // --- sessions
  sequence("POST /auth/sessions/current/refresh", "known-error", "more: refresh with an access token as the refresh token", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("refresh", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: t.accessToken }))
    await ctx.send("refresh twice", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: t.refreshToken }))
    await ctx.send("refresh thrice", post("/auth/sessions/current/refresh", {}), ctx.client(p, { refreshToken: t.refreshToken }))
  }),
  sequence("DELETE /auth/sessions/current", "known-error", "more: sign out twice, and with a garbage access token", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("sign out", { method: "DELETE", path: "/auth/sessions/current" }, ctx.client(p, t))
    await ctx.send("sign out again", { method: "DELETE", path: "/auth/sessions/current", body: {} }, ctx.client(p, t))
    await ctx.send("garbage token", { method: "DELETE", path: "/auth/sessions/current", body: {} }, ctx.client(p, { accessToken: "garbage" }))
  }),
  sequence("POST /auth/sessions", "happy", "more: server sessions: create with expiry, list, delete, list", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("sess"))
    ctx.alias(t.userId, "user:sess")
    await ctx.send("create", post("/auth/sessions", { user_id: t.userId, expires_in_millis: 3_600_000, is_impersonation: true }), ctx.server(p))
    const list = await ctx.send("list", { method: "GET", path: "/auth/sessions", query: { user_id: t.userId } }, ctx.server(p))
    const items = (list.body as { items?: Array<{ id: string; is_impersonation?: boolean }> }).items ?? []
    const other = items.find((s) => s.is_impersonation === true)
    if (other !== undefined) {
      await ctx.send("delete", { method: "DELETE", path: `/auth/sessions/${other.id}`, query: { user_id: t.userId } }, ctx.server(p))
    }
    await ctx.send("client list", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p, t))
  }),
  sequence("POST /auth/sessions", "malformed", "more: server session create with a bad user id and unknown field", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("create", post("/auth/sessions", { user_id: "nope", expires_in_millis: "soon", x: 1 }), ctx.server(p))
    await ctx.send("create unknown user", post("/auth/sessions", { user_id: "00000000-0000-4000-8000-000000000000" }), ctx.server(p))
    await ctx.send("create as client", post("/auth/sessions", { user_id: "00000000-0000-4000-8000-000000000000" }), ctx.client(p))
  }),
  sequence("GET /auth/sessions", "auth", "more: client lists another user's sessions and without user_id", async (ctx) => {
    const p = await ctx.project()
    const a = await ctx.signUp(p, ctx.email("lista"))
    const b = await ctx.signUp(p, ctx.email("listb"))
    await ctx.send("other user", { method: "GET", path: "/auth/sessions", query: { user_id: b.userId } }, ctx.client(p, a))
    await ctx.send("no user_id", { method: "GET", path: "/auth/sessions" }, ctx.client(p, a))
    await ctx.send("signed out", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p))
  }),

  // --- how bodies are read
  sequence("POST /auth/password/sign-in", "malformed", "more: sign-in with XML, with empty JSON, and bad JSON with a wrong key", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("xml", { method: "POST", path: "/auth/password/sign-in", raw: { text: "<a/>", contentType: "application/xml" } }, ctx.client(p))
    await ctx.send("empty json", { method: "POST", path: "/auth/password/sign-in", raw: { text: "", contentType: "application/json" } }, ctx.client(p))
    await ctx.send("bad json, wrong key", { method: "POST", path: "/auth/password/sign-in", raw: { text: "{bad", contentType: "application/json" } }, { access: "client", keys: { ...p.keys, publishableClientKey: "pck_wrong" } })
    await ctx.send("form", { method: "POST", path: "/auth/password/sign-in", raw: { text: "email=a%40b.co&password=x", contentType: "application/x-www-form-urlencoded" } }, ctx.client(p))
  }),
  sequence("POST /auth/otp/send-sign-in-code", "malformed", "more: OTP send with a JSON string body and with a JSON null body", async (ctx) => {
    const p = await ctx.project("otp")
    await ctx.send("string", { method: "POST", path: "/auth/otp/send-sign-in-code", raw: { text: "\"x\"", contentType: "application/json" } }, ctx.client(p))
    await ctx.send("null", { method: "POST", path: "/auth/otp/send-sign-in-code", raw: { text: "null", contentType: "application/json" } }, ctx.client(p))
  }),

  // --- OAuth authorize (errors only: the service's provider redirect leaves the machine)
  sequence("GET /auth/oauth/authorize/{provider}", "malformed", "more: OAuth authorize with no query", async (ctx) => {
    await ctx.send("authorize", { method: "GET", path: "/auth/oauth/authorize/github" }, {})
  }),
  sequence("GET /auth/oauth/authorize/{provider}", "malformed", "more: OAuth authorize with a wrong type and grant type", async (ctx) => {
    const p = await ctx.project("oauth")
    await ctx.send("authorize", {
      method: "GET",
      path: "/auth/oauth/authorize/github",
      query: { type: "signin", client_id: p.keys.projectId, client_secret: p.keys.publishableClientKey, redirect_uri: "http://localhost:3000/handler/oauth-callback", scope: "legacy", state: "s", grant_type: "password", code_challenge: "c", code_challenge_method: "S256", response_type: "code", extra: "1" }
    }, {})
  }),
  sequence("GET /auth/oauth/authorize/{provider}", "known-error", "more: OAuth authorize: unknown project, wrong key, unknown provider", async (ctx) => {
    const p = await ctx.project("oauth")
    const query = (clientId: string, secret: string) => ({ client_id: clientId, client_secret: secret, redirect_uri: "http://localhost:3000/handler/oauth-callback", scope: "legacy", state: "s", grant_type: "authorization_code", code_challenge: "c", code_challenge_method: "S256", response_type: "code" })
    await ctx.send("unknown project", { method: "GET", path: "/auth/oauth/authorize/github", query: query("00000000-0000-4000-8000-000000000000", "x") }, {})
    await ctx.send("wrong key", { method: "GET", path: "/auth/oauth/authorize/github", query: query(p.keys.projectId, "pck_wrong") }, {})
    await ctx.send("unknown provider", { method: "GET", path: "/auth/oauth/authorize/gitlab", query: query(p.keys.projectId, p.keys.publishableClientKey) }, {})
  }),
  sequence("POST /auth/oauth/token", "malformed", "more: token endpoint without a grant type and with an unknown one", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("no grant", { method: "POST", path: "/auth/oauth/token", raw: { text: `client_id=${p.keys.projectId}`, contentType: "application/x-www-form-urlencoded" } }, {})
    await ctx.send("unknown grant", { method: "POST", path: "/auth/oauth/token", raw: { text: `grant_type=password&client_id=${p.keys.projectId}`, contentType: "application/x-www-form-urlencoded" } }, {})
  }),
  sequence("POST /auth/oauth/token", "known-error", "more: token endpoint refresh with a wrong secret and an unknown token", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const form = (secret: string, token: string) => `grant_type=refresh_token&client_id=${p.keys.projectId}&client_secret=${encodeURIComponent(secret)}&refresh_token=${encodeURIComponent(token)}`
    await ctx.send("wrong secret", { method: "POST", path: "/auth/oauth/token", raw: { text: form("pck_wrong", t.refreshToken), contentType: "application/x-www-form-urlencoded" } }, {})
    await ctx.send("unknown token", { method: "POST", path: "/auth/oauth/token", raw: { text: form(p.keys.publishableClientKey, "nope"), contentType: "application/x-www-form-urlencoded" } }, {})
    await ctx.send("good", { method: "POST", path: "/auth/oauth/token", raw: { text: form(p.keys.publishableClientKey, t.refreshToken), contentType: "application/x-www-form-urlencoded" } }, {})
  }),

  // --- MFA switched on by an update (what the dashboard and SDK do)
  sequence("POST /auth/mfa/sign-in", "happy", "more: MFA after an update: a wrong TOTP, then the right one", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("mfaupd")
    const t = await ctx.signUp(p, email)
    const secret = Buffer.from("abcdefghij0123456789").toString("base64")
    await ctx.quiet({ method: "PATCH", path: `/users/${t.userId}`, body: { totp_secret_base64: secret } }, ctx.server(p))
    const first = await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    const code = ctx.field(first, "details.attempt_code")
    const right = totp(secret)
    await ctx.send("wrong totp", post("/auth/mfa/sign-in", { type: "totp", totp: right === "000000" ? "111111" : "000000", code }), ctx.client(p))
    await ctx.send("right totp", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code }), ctx.client(p))
    await ctx.send("attempt reused", post("/auth/mfa/sign-in", { type: "totp", totp: totp(secret), code }), ctx.client(p))
  }),

  // --- password set / update, more
  sequence("POST /auth/password/set", "happy", "more: set then update then sign in with the newest", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("setupd")
    const userId = await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: true })
    const s = await serverSession(ctx, p, userId)
    await ctx.send("set", post("/auth/password/set", { password: "first-password-1" }), ctx.client(p, s))
    await ctx.send("set again", post("/auth/password/set", { password: "second-password-2" }), ctx.client(p, s))
    await ctx.send("update", post("/auth/password/update", { old_password: "first-password-1", new_password: "third-password-3" }), ctx.client(p, s))
    await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "third-password-3" }), ctx.client(p))
  }),
  sequence("POST /auth/password/update", "malformed", "more: update with number passwords", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", post("/auth/password/update", { old_password: 123, new_password: true }), ctx.client(p, t))
  }),
  sequence("POST /auth/password/send-reset-code", "happy", "more: send reset code with the server key for an unknown e-mail", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("send", post("/auth/password/send-reset-code", { email: ctx.email("ghost"), callback_url: resetUrl, extra: 1 }), ctx.server(p))
  }),
  sequence("POST /auth/otp/sign-in/check-code", "known-error", "more: OTP check with an unknown code, then sign-in with it", async (ctx) => {
    const p = await ctx.project("otp")
    await ctx.send("check", post("/auth/otp/sign-in/check-code", { code: "f".repeat(45) }), ctx.client(p))
    await ctx.send("sign in", post("/auth/otp/sign-in", { code: "F".repeat(45), extra: 1 }), ctx.client(p))
  }),

  // --- third round: other orders and variations
  sequence("POST /auth/password/sign-in", "happy", "more: sign-in with the e-mail in upper case", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("casey")
    await ctx.signUp(p, email)
    await ctx.send("sign-in", post("/auth/password/sign-in", { email: email.toUpperCase(), password: "password-123456" }), ctx.client(p))
    await ctx.send("sign-up again upper", signUp(email.toUpperCase()), ctx.client(p))
  }),
  sequence("DELETE /auth/sessions/current", "happy", "more: sign out with the refresh token only", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("sign out", { method: "DELETE", path: "/auth/sessions/current" }, ctx.client(p, { refreshToken: t.refreshToken }))
    await ctx.send("refresh", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: t.refreshToken }))
  }),
  sequence("DELETE /auth/sessions/{id}", "known-error", "more: delete the current session by id, another's, a malformed id", async (ctx) => {
    const p = await ctx.project()
    const a = await ctx.signUp(p, ctx.email("dela"))
    const b = await ctx.signUp(p, ctx.email("delb"))
    const list = await ctx.send("list", { method: "GET", path: "/auth/sessions", query: { user_id: "me" } }, ctx.client(p, a))
    const id = ((list.body as { items?: Array<{ id: string }> }).items ?? [])[0]?.id ?? "00000000-0000-4000-8000-000000000000"
    await ctx.send("delete current", { method: "DELETE", path: `/auth/sessions/${id}`, query: { user_id: "me" } }, ctx.client(p, a))
    await ctx.send("delete as other", { method: "DELETE", path: `/auth/sessions/${id}`, query: { user_id: "me" } }, ctx.client(p, b))
    await ctx.send("malformed", { method: "DELETE", path: "/auth/sessions/nope", query: { user_id: "me" } }, ctx.client(p, a))
  }),
  sequence("GET /auth/sessions", "malformed", "more: server lists sessions without and with a malformed user id", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("none", { method: "GET", path: "/auth/sessions" }, ctx.server(p))
    await ctx.send("malformed", { method: "GET", path: "/auth/sessions", query: { user_id: "nope" } }, ctx.server(p))
    await ctx.send("unknown", { method: "GET", path: "/auth/sessions", query: { user_id: "00000000-0000-4000-8000-000000000000" } }, ctx.server(p))
  }),
  sequence("POST /auth/password/update", "happy", "more: update to the same password", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", post("/auth/password/update", { old_password: "password-123456", new_password: "password-123456" }), ctx.client(p, t))
  }),
  sequence("POST /auth/anonymous/sign-up", "happy", "more: anonymous sign-up with the server key in internal, then sign up with a password", async (ctx) => {
    const keys = ctx.target.internal
    const anon = await ctx.send("anonymous", post("/auth/anonymous/sign-up"), { access: "client", keys })
    ctx.alias(ctx.field(anon, "user_id"), "user:anon2")
    const signed = await ctx.send("sign-up while anonymous", signUp(ctx.email("upgrade")), { access: "client", keys, accessToken: ctx.field(anon, "access_token") })
    ctx.alias(ctx.field(signed, "user_id"), "user:upgrade")
  }),
  sequence("GET /auth/oauth/callback/{provider}", "known-error", "more: OAuth callback with an unknown state", async (ctx) => {
    await ctx.send("callback", { method: "GET", path: "/auth/oauth/callback/github", query: { state: "unknown-state", code: "x" } }, {})
    await ctx.send("callback post", { method: "POST", path: "/auth/oauth/callback/github", raw: { text: "state=unknown-state&code=x", contentType: "application/x-www-form-urlencoded" } }, {})
  }),
  sequence("POST /auth/password/sign-up", "happy", "more: sign-up through /api/latest", async (ctx) => {
    const p = await ctx.project()
    const answer = await ctx.send("sign-up", { method: "POST", path: "!/api/latest/auth/password/sign-up", body: { email: ctx.email("latest"), password: "password-123456", verification_callback_url: callbackUrl } }, ctx.client(p))
    ctx.alias(ctx.field(answer, "user_id"), "user:latest")
    await ctx.send("bad", { method: "POST", path: "!/api/latest/auth/password/sign-in", body: {} }, ctx.client(p))
  }),
  sequence("POST /auth/cli/poll", "known-error", "more: CLI poll of another project's login", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const started = await ctx.send("start", post("/auth/cli", {}), ctx.client(p))
    await ctx.send("poll elsewhere", post("/auth/cli/poll", { polling_code: ctx.field(started, "polling_code") }), ctx.client(other))
    const t = await ctx.signUp(other, ctx.email())
    await ctx.send("complete elsewhere", post("/auth/cli/complete", { login_code: ctx.field(started, "login_code"), refresh_token: t.refreshToken }), ctx.client(other))
  }),
  sequence("POST /auth/otp/sign-in", "known-error", "more: OTP sign-in with a password reset code", async (ctx) => {
    const p = await ctx.project("otp")
    const email = ctx.email("cross")
    await ctx.signUp(p, email)
    await ctx.send("send reset", post("/auth/password/send-reset-code", { email, callback_url: resetUrl }), ctx.client(p))
    const code = await codeFromMail(ctx, "mails", email, 2)
    await ctx.send("otp sign-in with it", post("/auth/otp/sign-in", { code }), ctx.client(p))
    await ctx.send("reset check still", post("/auth/password/reset/check-code", { code }), ctx.client(p))
  })
]
