/**
 * Sequences of the auth routes: password sign-up and sign-in, refresh, sign-out, password
 * update/set/reset, OTP, anonymous sign-up, MFA, CLI login, passkey options.
 */
import { callbackUrl, sequence, type Sequence } from "../Sequence.ts"

const signUp = (email: string, password = "password-123456") => ({
  method: "POST" as const,
  path: "/auth/password/sign-up",
  body: { email, password, verification_callback_url: callbackUrl }
})

export const sequences: ReadonlyArray<Sequence> = [
  sequence("POST /auth/password/sign-up", "happy", "sign-up answers tokens and sends a verification mail", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("alice")
    const answer = await ctx.send("sign-up", signUp(email), ctx.client(p))
    ctx.alias(ctx.field(answer, "user_id"), "user:alice")
    await ctx.mails("verification mail", email)
  }),
  sequence("POST /auth/password/sign-up", "known-error", "sign-up twice with one e-mail", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("bob")
    await ctx.signUp(p, email)
    await ctx.send("second sign-up", signUp(email), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "known-error", "sign-up with a short password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp(ctx.email(), "short"), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "known-error", "sign-up with a 300-character password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp(ctx.email(), "x".repeat(300)), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "sign-up with an empty body", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", { method: "POST", path: "/auth/password/sign-up", body: {} }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "sign-up with a malformed e-mail", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp("not-an-email"), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "sign-up with an unknown field and a number for the password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", { method: "POST", path: "/auth/password/sign-up", body: { email: ctx.email(), password: 12345678, extra: true } }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "malformed", "sign-up with a body that is not JSON", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", { method: "POST", path: "/auth/password/sign-up", raw: { text: "{not json", contentType: "application/json" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "known-error", "sign-up where sign-up is off", async (ctx) => {
    const p = await ctx.project("nosignup")
    await ctx.send("sign-up", signUp(ctx.email()), ctx.client(p))
  }),
  sequence("POST /auth/password/sign-up", "auth", "sign-up without the publishable key", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp(ctx.email()), { access: "client", keys: p.keys, sendKeys: [] })
  }),
  sequence("POST /auth/password/sign-up", "auth", "sign-up with a wrong publishable key", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-up", signUp(ctx.email()), { access: "client", keys: { ...p.keys, publishableClientKey: "pck_wrong" } })
  }),
  sequence("POST /auth/password/sign-up", "auth", "sign-up for a project that does not exist", async (ctx) => {
    await ctx.send("sign-up", signUp(ctx.email()), { access: "client", keys: { projectId: "00000000-0000-4000-8000-000000000000", publishableClientKey: "pck_x" } })
  }),
  sequence("POST /auth/password/sign-in", "happy", "sign-in after sign-up", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("carol")
    await ctx.signUp(p, email)
    await ctx.send("sign-in", { method: "POST", path: "/auth/password/sign-in", body: { email, password: "password-123456" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-in", "known-error", "sign-in with a wrong password", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("dave")
    await ctx.signUp(p, email)
    await ctx.send("sign-in", { method: "POST", path: "/auth/password/sign-in", body: { email, password: "wrong-password-1" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-in", "known-error", "sign-in with an unknown e-mail", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-in", { method: "POST", path: "/auth/password/sign-in", body: { email: ctx.email("nobody"), password: "password-123456" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-in", "malformed", "sign-in without a password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign-in", { method: "POST", path: "/auth/password/sign-in", body: { email: ctx.email() } }, ctx.client(p))
  }),
  sequence("POST /auth/password/sign-in", "auth", "sign-in with the server access type", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("erin")
    await ctx.signUp(p, email)
    await ctx.send("sign-in", { method: "POST", path: "/auth/password/sign-in", body: { email, password: "password-123456" } }, ctx.server(p))
  }),
  sequence("POST /auth/sessions/current/refresh", "happy", "refresh answers a new access token", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("refresh", { method: "POST", path: "/auth/sessions/current/refresh" }, ctx.client(p, { refreshToken: t.refreshToken }))
  }),
  sequence("POST /auth/sessions/current/refresh", "known-error", "refresh with an unknown refresh token", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("refresh", { method: "POST", path: "/auth/sessions/current/refresh" }, ctx.client(p, { refreshToken: "not-a-refresh-token-0123456789" }))
  }),
  sequence("POST /auth/sessions/current/refresh", "malformed", "refresh without a refresh token", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("refresh", { method: "POST", path: "/auth/sessions/current/refresh" }, ctx.client(p))
  }),
  sequence("POST /auth/sessions/current/refresh", "auth", "refresh with another project's refresh token", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("open")
    const t = await ctx.signUp(other, ctx.email())
    await ctx.send("refresh", { method: "POST", path: "/auth/sessions/current/refresh" }, ctx.client(p, { refreshToken: t.refreshToken }))
  }),
  sequence("DELETE /auth/sessions/current", "happy", "sign out, then refresh and read the user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("sign out", { method: "DELETE", path: "/auth/sessions/current", body: {} }, ctx.client(p, t))
    await ctx.send("refresh after sign-out", { method: "POST", path: "/auth/sessions/current/refresh" }, ctx.client(p, { refreshToken: t.refreshToken }))
  }),
  sequence("DELETE /auth/sessions/current", "known-error", "sign out without a session", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("sign out", { method: "DELETE", path: "/auth/sessions/current", body: {} }, ctx.client(p))
  }),
  sequence("POST /auth/password/update", "happy", "password update, then sign-in with the new one", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const t = await ctx.signUp(p, email)
    await ctx.send("update", { method: "POST", path: "/auth/password/update", body: { old_password: "password-123456", new_password: "new-password-98765" } }, ctx.client(p, t))
    await ctx.send("sign-in with new", { method: "POST", path: "/auth/password/sign-in", body: { email, password: "new-password-98765" } }, ctx.client(p))
    await ctx.send("sign-in with old", { method: "POST", path: "/auth/password/sign-in", body: { email, password: "password-123456" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/update", "known-error", "password update with a wrong old password", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "POST", path: "/auth/password/update", body: { old_password: "wrong-password-1", new_password: "new-password-98765" } }, ctx.client(p, t))
  }),
  sequence("POST /auth/password/update", "known-error", "password update to a short password", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "POST", path: "/auth/password/update", body: { old_password: "password-123456", new_password: "x" } }, ctx.client(p, t))
  }),
  sequence("POST /auth/password/update", "known-error", "password update of a user without a password", async (ctx) => {
    const p = await ctx.project()
    const userId = await ctx.createUser(p, { primary_email: ctx.email(), primary_email_auth_enabled: true })
    const s = await ctx.quiet({ method: "POST", path: "/auth/sessions", body: { user_id: userId } }, ctx.server(p))
    await ctx.send("update", { method: "POST", path: "/auth/password/update", body: { old_password: "whatever-123", new_password: "new-password-98765" } }, ctx.client(p, { accessToken: ctx.field(s, "access_token") }))
  }),
  sequence("POST /auth/password/update", "auth", "password update without a session", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("update", { method: "POST", path: "/auth/password/update", body: { old_password: "password-123456", new_password: "new-password-98765" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/update", "malformed", "password update without fields", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("update", { method: "POST", path: "/auth/password/update", body: {} }, ctx.client(p, t))
  }),
  sequence("POST /auth/password/set", "happy", "password set on a user without one", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    const userId = await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: true })
    const s = await ctx.quiet({ method: "POST", path: "/auth/sessions", body: { user_id: userId } }, ctx.server(p))
    await ctx.send("set", { method: "POST", path: "/auth/password/set", body: { password: "password-123456" } }, ctx.client(p, { accessToken: ctx.field(s, "access_token") }))
    await ctx.send("sign-in", { method: "POST", path: "/auth/password/sign-in", body: { email, password: "password-123456" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/set", "known-error", "password set on a user who has one", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("set", { method: "POST", path: "/auth/password/set", body: { password: "password-654321" } }, ctx.client(p, t))
  }),
  sequence("POST /auth/password/set", "known-error", "password set too short", async (ctx) => {
    const p = await ctx.project()
    const userId = await ctx.createUser(p, { primary_email: ctx.email() })
    const s = await ctx.quiet({ method: "POST", path: "/auth/sessions", body: { user_id: userId } }, ctx.server(p))
    await ctx.send("set", { method: "POST", path: "/auth/password/set", body: { password: "x" } }, ctx.client(p, { accessToken: ctx.field(s, "access_token") }))
  }),
  sequence("POST /auth/password/send-reset-code", "happy", "reset code sent and mailed", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("reset")
    await ctx.signUp(p, email)
    await ctx.send("send reset code", { method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url: "http://localhost:3000/handler/password-reset" } }, ctx.client(p))
    await ctx.mails("mails", email, 2)
  }),
  sequence("POST /auth/password/send-reset-code", "known-error", "reset code for an unknown e-mail", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("send reset code", { method: "POST", path: "/auth/password/send-reset-code", body: { email: ctx.email("nobody"), callback_url: "http://localhost:3000/handler/password-reset" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/send-reset-code", "known-error", "reset code with an untrusted callback", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email()
    await ctx.signUp(p, email)
    await ctx.send("send reset code", { method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url: "https://evil.example.org/reset" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/reset/check-code", "known-error", "reset check with an unknown code", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("check", { method: "POST", path: "/auth/password/reset/check-code", body: { code: "a".repeat(45) } }, ctx.client(p))
    await ctx.send("reset", { method: "POST", path: "/auth/password/reset", body: { code: "a".repeat(45), password: "password-123456" } }, ctx.client(p))
  }),
  sequence("POST /auth/password/reset", "malformed", "reset without a password", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("reset", { method: "POST", path: "/auth/password/reset", body: { code: "abc" } }, ctx.client(p))
  }),
  sequence("POST /auth/anonymous/sign-up", "happy", "anonymous sign-up in a new project", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("anonymous sign-up", { method: "POST", path: "/auth/anonymous/sign-up", body: {} }, ctx.client(p))
  }),
  sequence("POST /auth/otp/send-sign-in-code", "happy", "OTP code sent and mailed", async (ctx) => {
    const p = await ctx.project("otp")
    const email = ctx.email("otp")
    await ctx.send("send code", { method: "POST", path: "/auth/otp/send-sign-in-code", body: { email, callback_url: "http://localhost:3000/handler/magic-link-callback" } }, ctx.client(p))
    await ctx.mails("mail", email)
  }),
  sequence("POST /auth/otp/send-sign-in-code", "known-error", "OTP where magic links are off", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("send code", { method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: ctx.email(), callback_url: "http://localhost:3000/handler/magic-link-callback" } }, ctx.client(p))
  }),
  sequence("POST /auth/otp/sign-in", "known-error", "OTP sign-in with an unknown code", async (ctx) => {
    const p = await ctx.project("otp")
    await ctx.send("sign in", { method: "POST", path: "/auth/otp/sign-in", body: { code: "b".repeat(45) } }, ctx.client(p))
  }),
  sequence("POST /auth/otp/sign-in", "malformed", "OTP sign-in without a code", async (ctx) => {
    const p = await ctx.project("otp")
    await ctx.send("sign in", { method: "POST", path: "/auth/otp/sign-in", body: {} }, ctx.client(p))
  }),
  sequence("POST /auth/mfa/sign-in", "known-error", "MFA sign-in with an unknown attempt code", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("mfa", { method: "POST", path: "/auth/mfa/sign-in", body: { type: "totp", totp: "123456", code: "c".repeat(45) } }, ctx.client(p))
  }),
  sequence("POST /auth/cli", "happy", "CLI login: start, poll, complete with a wrong code", async (ctx) => {
    const p = await ctx.project()
    const started = await ctx.send("start", { method: "POST", path: "/auth/cli", body: { expires_in_millis: 60_000 } }, ctx.client(p))
    await ctx.send("poll", { method: "POST", path: "/auth/cli/poll", body: { polling_code: ctx.field(started, "polling_code") } }, ctx.client(p))
    await ctx.send("poll unknown", { method: "POST", path: "/auth/cli/poll", body: { polling_code: "nope" } }, ctx.client(p))
    await ctx.send("complete unknown", { method: "POST", path: "/auth/cli/complete", body: { login_code: "nope", refresh_token: "nope" } }, ctx.client(p))
  }),
  sequence("POST /auth/cli/complete", "happy", "CLI login completed by a signed-in user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email())
    const started = await ctx.send("start", { method: "POST", path: "/auth/cli", body: {} }, ctx.client(p))
    await ctx.send("complete", { method: "POST", path: "/auth/cli/complete", body: { login_code: ctx.field(started, "login_code"), refresh_token: t.refreshToken } }, ctx.client(p))
    await ctx.send("poll", { method: "POST", path: "/auth/cli/poll", body: { polling_code: ctx.field(started, "polling_code") } }, ctx.client(p))
    await ctx.send("poll again", { method: "POST", path: "/auth/cli/poll", body: { polling_code: ctx.field(started, "polling_code") } }, ctx.client(p))
  }),
  sequence("POST /auth/passkey/initiate-passkey-registration", "happy", "passkey registration options", async (ctx) => {
    const p = await ctx.project("passkey")
    const t = await ctx.signUp(p, ctx.email())
    await ctx.send("options", { method: "POST", path: "/auth/passkey/initiate-passkey-registration", body: {} }, ctx.client(p, t))
  }),
  sequence("POST /auth/passkey/initiate-passkey-authentication", "happy", "passkey authentication options", async (ctx) => {
    const p = await ctx.project("passkey")
    await ctx.send("options", { method: "POST", path: "/auth/passkey/initiate-passkey-authentication", body: {} }, ctx.client(p))
  }),
  sequence("POST /auth/passkey/initiate-passkey-authentication", "known-error", "passkey options where passkeys are off", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("options", { method: "POST", path: "/auth/passkey/initiate-passkey-authentication", body: {} }, ctx.client(p))
  }),
  sequence("POST /auth/passkey/sign-in", "known-error", "passkey sign-in with an unknown code", async (ctx) => {
    const p = await ctx.project("passkey")
    await ctx.send("sign in", { method: "POST", path: "/auth/passkey/sign-in", body: { authentication_response: {}, code: "d".repeat(45) } }, ctx.client(p))
  })
]
