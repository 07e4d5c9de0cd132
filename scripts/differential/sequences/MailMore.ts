/**
 * Sequences of the mails themselves: every flow that sends one (sign-up verification, contact
 * channel verification, password reset, sign-in code, team invitation, sign-in invitation,
 * custom mails with `send-email`), read back from the mailbox in detail: sender, recipients,
 * subject, and the structure of the body the service's development setup writes (template
 * source, theme source, variables as JSON; the sources themselves differ, so only their presence
 * and the variables are compared), plus the admin's sent-mail list and the mail routes' errors.
 */
import type { Context, Project } from "../Context.ts"
import { callbackUrl, sequence, type Sequence } from "../Sequence.ts"
import { mailbox, type Mail } from "../Wire.ts"

const resetUrl = "http://localhost:3000/handler/password-reset"
const magicUrl = "http://localhost:3000/handler/magic-link-callback"
const inviteUrl = "http://localhost:3000/handler/team-invitation"
const verificationTemplate = "e7d009ce-8d47-4528-b245-5bf119f2ffa3"
const resetTemplate = "a70fb3a4-56c1-4e42-af25-49d25603abd0"

/** A value of a mail's variables with its secrets named (codes, one-time codes). */
const shapeOf = (value: unknown): unknown => {
  if (typeof value !== "string") return value
  if (/^[A-Z0-9]{6}$/.test(value)) return "<otp>"
  try {
    const url = new URL(value)
    const params = [...url.searchParams.keys()].map((k) => (k === "code" ? "code=<code>" : `${k}=${url.searchParams.get(k)}`))
    return `${url.origin}${url.pathname}?${params.join("&")}`
  } catch {
    return value
  }
}

/** The variables a development-form body ends with (`{}` when there are none). */
const variablesOf = (text: string): Record<string, unknown> => {
  const at = text.lastIndexOf(" variables: ")
  if (at < 0) return {}
  const rest = text.slice(at + " variables: ".length).replace(/<\/div>$/, "")
  try {
    return JSON.parse(rest) as Record<string, unknown>
  } catch {
    return { unparsable: true }
  }
}

/** What the mail's body is made of, without the sources' own text. */
const structure = (mail: Mail) => {
  const text = mail.text
  const template = /templateComponent: ([\s\S]*?)\n\nthemeComponent: /.exec(text)?.[1] ?? ""
  const theme = /\n\nthemeComponent: ([\s\S]*?)\n\n variables: /.exec(text)?.[1] ?? ""
  const subjectElement = mail.subject.startsWith("Mock subject, ") ? mail.subject.slice("Mock subject, ".length) : undefined
  return {
    textIsHtml: mail.text === mail.html,
    opens: text.startsWith("<div>Mock api key detected, \n\ntemplateComponent: "),
    closes: text.endsWith("}</div>"),
    templateExportsEmailTemplate: /export function EmailTemplate/.test(template),
    templateHoldsSubject: subjectElement !== undefined && subjectElement !== "undefined" ? template.includes(subjectElement) : null,
    themeExportsEmailTheme: /export function EmailTheme/.test(theme),
    variables: Object.fromEntries(Object.entries(variablesOf(text)).map(([k, v]) => [k, shapeOf(v)]))
  }
}

/** Reads a mailbox and records each mail in detail. */
const readMails = async (ctx: Context, label: string, address: string, atLeast = 1): Promise<ReadonlyArray<Mail>> => {
  const mails = await mailbox(ctx.target, address, atLeast)
  mails.forEach((mail, index) => {
    ctx.exchanges.push({
      label: `${label} #${index + 1}`,
      method: "MAIL",
      path: address,
      status: 0,
      headers: {},
      body: { from: mail.from, to: mail.to, subject: mail.subject, ...structure(mail) },
      isJson: true
    })
  })
  if (mails.length < atLeast) {
    ctx.exchanges.push({ label: `${label}: fewer mails than expected`, method: "MAIL", path: address, status: 0, headers: {}, body: { count: mails.length }, isJson: true })
  }
  return mails
}

/** A variable of the newest mail (a link's code, a one-time code). */
const variable = (mails: ReadonlyArray<Mail>, name: string): string => {
  const value = variablesOf(mails.at(-1)?.text ?? "")[name]
  return typeof value === "string" ? value : ""
}

const codeIn = (link: string): string => {
  try {
    return new URL(link).searchParams.get("code") ?? ""
  } catch {
    return ""
  }
}

/** Points the project's mails at the mail catcher's SMTP port with its own sender (the real side delivers there). */
const customSender = async (ctx: Context, p: Project, name = "Custom Sender") => {
  await ctx.quiet({
    method: "PATCH",
    path: "/internal/projects/current",
    body: {
      config: {
        email_config: { type: "standard", host: "127.0.0.1", port: 8129, username: "mail", password: "mail", sender_name: name, sender_email: "custom-sender@example.com" }
      }
    }
  }, ctx.admin(p))
}

const sentListShape = async (ctx: Context, label: string, p: Project) => {
  const list = await ctx.send(label, { method: "GET", path: "/internal/emails" }, ctx.admin(p))
  return list
}

export const sequences: ReadonlyArray<Sequence> = [
  sequence("POST /auth/password/sign-up", "happy", "mail: the verification mail of a sign-up in detail", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("verify")
    await ctx.send("sign-up", { method: "POST", path: "/auth/password/sign-up", body: { email, password: "password-123456", verification_callback_url: callbackUrl } }, ctx.client(p))
    const mails = await readMails(ctx, "verification mail", email)
    const code = codeIn(variable(mails, "emailVerificationLink"))
    await ctx.send("verify with the mail's code", { method: "POST", path: "/contact-channels/verify", body: { code } }, ctx.client(p))
  }),
  sequence("POST /contact-channels/{user_id}/{contact_channel_id}/send-verification-code", "happy", "mail: verification mail again, for a user with a display name", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("named")
    const t = await ctx.signUp(p, email)
    await ctx.quiet({ method: "PATCH", path: "/users/me", body: { display_name: "Ada Lovelace" } }, ctx.client(p, t))
    const list = await ctx.quiet({ method: "GET", path: "/contact-channels", query: { user_id: "me" } }, ctx.client(p, t))
    const id = ctx.field(list, "items.0.id")
    await ctx.send("send code", { method: "POST", path: `/contact-channels/me/${id}/send-verification-code`, body: { callback_url: callbackUrl } }, ctx.client(p, t))
    await readMails(ctx, "mails", email, 2)
  }),
  sequence("POST /contact-channels", "happy", "mail: a second address added by the server, then verified by mail", async (ctx) => {
    const p = await ctx.project()
    const userId = await ctx.createUser(p, { primary_email: ctx.email("first"), display_name: "Grace" })
    const second = ctx.email("second")
    const created = await ctx.send("add", { method: "POST", path: "/contact-channels", body: { user_id: userId, type: "email", value: second, used_for_auth: false } }, ctx.server(p))
    const id = ctx.field(created, "id")
    await ctx.send("send code", { method: "POST", path: `/contact-channels/${userId}/${id}/send-verification-code`, body: { callback_url: callbackUrl } }, ctx.server(p))
    await readMails(ctx, "mail", second)
  }),
  sequence("POST /auth/password/send-reset-code", "happy", "mail: the reset mail of a named user, then the reset with its code", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("reset")
    await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: true, password: "password-123456", display_name: "Linus" })
    await ctx.send("send reset code", { method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url: resetUrl } }, ctx.client(p))
    const mails = await readMails(ctx, "reset mail", email)
    const code = codeIn(variable(mails, "passwordResetLink"))
    await ctx.send("check code", { method: "POST", path: "/auth/password/reset/check-code", body: { code } }, ctx.client(p))
    await ctx.send("reset", { method: "POST", path: "/auth/password/reset", body: { code, password: "new-password-123456" } }, ctx.client(p))
  }),
  sequence("POST /auth/otp/send-sign-in-code", "happy", "mail: the sign-in code mail, then sign-in with its link's code", async (ctx) => {
    const p = await ctx.project("otp")
    const email = ctx.email("otp")
    await ctx.send("send code", { method: "POST", path: "/auth/otp/send-sign-in-code", body: { email, callback_url: magicUrl } }, ctx.client(p))
    const mails = await readMails(ctx, "code mail", email)
    const code = codeIn(variable(mails, "magicLink"))
    await ctx.send("sign in", { method: "POST", path: "/auth/otp/sign-in", body: { code } }, ctx.client(p))
  }),
  sequence("POST /auth/otp/send-sign-in-code", "happy", "mail: a sign-in code for an existing user with a display name", async (ctx) => {
    const p = await ctx.project("otp")
    const email = ctx.email("otpnamed")
    await ctx.createUser(p, { primary_email: email, primary_email_auth_enabled: true, display_name: "Named Person" })
    await ctx.send("send code", { method: "POST", path: "/auth/otp/send-sign-in-code", body: { email, callback_url: magicUrl } }, ctx.client(p))
    await ctx.send("send again", { method: "POST", path: "/auth/otp/send-sign-in-code", body: { email, callback_url: magicUrl } }, ctx.client(p))
    await readMails(ctx, "code mails", email, 2)
  }),
  sequence("POST /team-invitations/send-code", "happy", "mail: the team invitation mail, then accept with its code", async (ctx) => {
    const p = await ctx.project("teams")
    const owner = await ctx.signUp(p, ctx.email("owner"))
    const teams = await ctx.quiet({ method: "GET", path: "/teams", query: { user_id: "me" } }, ctx.client(p, owner))
    const team = ctx.field(teams, "items.0.id")
    await ctx.quiet({ method: "PATCH", path: `/teams/${team}`, body: { display_name: "Rocket Team" } }, ctx.server(p))
    const invitedEmail = ctx.email("invited")
    await ctx.send("send", { method: "POST", path: "/team-invitations/send-code", body: { email: invitedEmail, team_id: team, callback_url: inviteUrl } }, ctx.client(p, owner))
    const mails = await readMails(ctx, "invitation mail", invitedEmail)
    const code = codeIn(variable(mails, "teamInvitationLink"))
    const invited = await ctx.signUp(p, ctx.email("joiner"))
    await ctx.send("details", { method: "POST", path: "/team-invitations/accept/details", body: { code } }, ctx.client(p, invited))
    await ctx.send("accept", { method: "POST", path: "/team-invitations/accept", body: { code } }, ctx.client(p, invited))
  }),
  sequence("POST /internal/send-sign-in-invitation", "happy", "mail: the sign-in invitation mail in detail", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("invitee")
    await ctx.send("send", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email, callback_url: "http://localhost:3000/handler/sign-in" } }, ctx.admin(p))
    await readMails(ctx, "mail", email)
  }),
  sequence("POST /internal/send-sign-in-invitation", "known-error", "mail: sign-in invitation with a bad e-mail, an untrusted URL, server access", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("bad email", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email: "not-an-email", callback_url: "http://localhost:3000/handler/sign-in" } }, ctx.admin(p))
    await ctx.send("untrusted url", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email: ctx.email("x"), callback_url: "https://evil.example.org/x" } }, ctx.admin(p))
    await ctx.send("missing fields", { method: "POST", path: "/internal/send-sign-in-invitation", body: {} }, ctx.admin(p))
  }),
  sequence("POST /auth/password/sign-up", "happy", "mail: sender of a project with a comma and quotes in its name", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.quiet({ method: "PATCH", path: "/internal/projects/current", body: { display_name: "Acme, Inc. \"Labs\"" } }, ctx.admin(p))
    const email = ctx.email("acme")
    await ctx.send("sign-up", { method: "POST", path: "/auth/password/sign-up", body: { email, password: "password-123456", verification_callback_url: callbackUrl } }, ctx.client(p))
    await readMails(ctx, "mail", email)
  }),
  sequence("GET /internal/emails", "happy", "mail: the sent-mail list after a sign-up and a reset", async (ctx) => {
    const p = await ctx.project("fresh")
    const email = ctx.email("listed")
    await ctx.signUp(p, email)
    await ctx.quiet({ method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url: resetUrl } }, ctx.client(p))
    await readMails(ctx, "mails", email, 2)
    await sentListShape(ctx, "sent list", p)
    await ctx.send("sent list with server key", { method: "GET", path: "/internal/emails" }, ctx.server(p))
  }),
  sequence("POST /emails/send-email", "happy", "mail: a custom mail through the project's own server", async (ctx) => {
    const p = await ctx.project("fresh")
    await customSender(ctx, p)
    const email = ctx.email("custom")
    const t = await ctx.signUp(p, email)
    await readMails(ctx, "verification through the custom server", email)
    await ctx.send("send", { method: "POST", path: "/emails/send-email", body: { user_ids: [t.userId], subject: "Quarterly news", html: "<p>Hello <b>there</b></p>", notification_category_name: "Marketing" } }, ctx.server(p))
    await readMails(ctx, "mails", email, 2)
    await sentListShape(ctx, "sent list", p)
  }),
  sequence("POST /emails/send-email", "known-error", "mail: custom mails on the shared server, unknown category, unknown user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("shared"))
    await ctx.send("shared server", { method: "POST", path: "/emails/send-email", body: { user_ids: [t.userId], subject: "S", html: "<p>x</p>", notification_category_name: "Transactional" } }, ctx.server(p))
    const f = await ctx.project("fresh")
    await customSender(ctx, f)
    const u = await ctx.signUp(f, ctx.email("cat"))
    await ctx.send("unknown category", { method: "POST", path: "/emails/send-email", body: { user_ids: [u.userId], subject: "S", html: "<p>x</p>", notification_category_name: "Nope" } }, ctx.server(f))
    await ctx.send("unknown user", { method: "POST", path: "/emails/send-email", body: { user_ids: ["00000000-0000-4000-8000-000000000000"], subject: "S", html: "<p>x</p>", notification_category_name: "Transactional" } }, ctx.server(f))
    await ctx.send("client access", { method: "POST", path: "/emails/send-email", body: { user_ids: [u.userId], subject: "S", html: "<p>x</p>", notification_category_name: "Transactional" } }, ctx.client(f))
    await ctx.send("missing fields", { method: "POST", path: "/emails/send-email", body: { subject: 3 } }, ctx.server(f))
  }),
  sequence("PATCH /internal/email-templates/{id}", "happy", "mail: an edited template's subject element reaches the mail", async (ctx) => {
    const p = await ctx.project("fresh")
    await customSender(ctx, p, "Edited Sender")
    const source = `import { Subject, NotificationCategory } from "@stackframe/emails"

export function EmailTemplate({ variables }: any) {
  return <><Subject value={"Your reset link, " + "friend"} /><NotificationCategory value="Transactional" /><a href={variables.passwordResetLink}>Reset</a></>
}
`
    await ctx.send("edit reset template", { method: "PATCH", path: `/internal/email-templates/${resetTemplate}`, body: { tsx_source: source } }, ctx.admin(p))
    const email = ctx.email("edited")
    await ctx.signUp(p, email)
    await ctx.send("send reset code", { method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url: resetUrl } }, ctx.client(p))
    await readMails(ctx, "mails", email, 2)
  }),
  sequence("PATCH /internal/email-templates/{id}", "happy", "mail: a template without a subject element", async (ctx) => {
    const p = await ctx.project("fresh")
    await customSender(ctx, p)
    const source = `import { NotificationCategory } from "@stackframe/emails"

export function EmailTemplate({ variables }: any) {
  return <><NotificationCategory value="Transactional" /><a href={variables.emailVerificationLink}>Verify</a></>
}
`
    await ctx.send("edit verification template", { method: "PATCH", path: `/internal/email-templates/${verificationTemplate}`, body: { tsx_source: source } }, ctx.admin(p))
    const email = ctx.email("nosubject")
    await ctx.signUp(p, email)
    await readMails(ctx, "mail", email)
  }),
  sequence("POST /emails/render-email", "happy", "mail: render a default template with the default theme, and raw sources", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("by ids", { method: "POST", path: "/emails/render-email", body: { theme_id: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac", template_id: resetTemplate } }, ctx.admin(p))
    await ctx.send("no theme", { method: "POST", path: "/emails/render-email", body: { theme_id: false, template_id: verificationTemplate } }, ctx.admin(p))
    await ctx.send("raw sources", {
      method: "POST",
      path: "/emails/render-email",
      body: { theme_tsx_source: "export function EmailTheme({ children }: any) { return <div>{children}</div> }", template_tsx_source: "export function EmailTemplate() { return <p>Hi</p> }" }
    }, ctx.admin(p))
    await ctx.send("both theme fields", { method: "POST", path: "/emails/render-email", body: { theme_id: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac", theme_tsx_source: "x", template_id: resetTemplate } }, ctx.admin(p))
    await ctx.send("unknown template", { method: "POST", path: "/emails/render-email", body: { theme_id: null, template_id: "00000000-0000-4000-8000-000000000000" } }, ctx.admin(p))
  }),
  sequence("POST /emails/send-email", "malformed", "mail: send-email with wrong types, empty ids, unknown fields", async (ctx) => {
    const p = await ctx.project("fresh")
    await customSender(ctx, p)
    const u = await ctx.signUp(p, ctx.email("types"))
    await ctx.send("numbers as texts", { method: "POST", path: "/emails/send-email", body: { user_ids: [u.userId], subject: 5, html: true, notification_category_name: "Transactional" } }, ctx.server(p))
    await ctx.send("ids not an array", { method: "POST", path: "/emails/send-email", body: { user_ids: u.userId, subject: "S", html: "<p>x</p>", notification_category_name: "Transactional" } }, ctx.server(p))
    await ctx.send("no ids", { method: "POST", path: "/emails/send-email", body: { user_ids: [], subject: "S", html: "<p>x</p>", notification_category_name: "Transactional" } }, ctx.server(p))
    await ctx.send("unknown field", { method: "POST", path: "/emails/send-email", body: { user_ids: [u.userId], subject: "S", html: "<p>x</p>", notification_category_name: "Transactional", from: "x" } }, ctx.server(p))
    await ctx.send("object subject", { method: "POST", path: "/emails/send-email", body: { user_ids: [u.userId], subject: { a: 1 }, html: null, notification_category_name: "Transactional" } }, ctx.server(p))
    await ctx.send("no body", { method: "POST", path: "/emails/send-email" }, ctx.server(p))
    await readMails(ctx, "mails", ctx.email("types"), 2)
  }),
  sequence("POST /emails/send-email", "happy", "mail: a marketing mail to two users, one of whom opted out", async (ctx) => {
    const p = await ctx.project("fresh")
    await customSender(ctx, p, "Newsletter")
    const a = ctx.email("reader")
    const b = ctx.email("optout")
    const ta = await ctx.signUp(p, a)
    const tb = await ctx.signUp(p, b)
    await ctx.send("opt out", { method: "PATCH", path: `/emails/notification-preference/me/4f6f8873-3d04-46bd-8bef-18338b1a1b4c`, body: { enabled: false } }, ctx.client(p, tb))
    await ctx.send("send", { method: "POST", path: "/emails/send-email", body: { user_ids: [ta.userId, tb.userId], subject: "Monthly", html: "<h1>News</h1>", notification_category_name: "Marketing" } }, ctx.server(p))
    await readMails(ctx, "reader mails", a, 2)
    await readMails(ctx, "opted-out mails", b, 1)
  }),
  sequence("POST /internal/send-test-email", "malformed", "mail: test mail with bad fields and an unreachable server", async (ctx) => {
    const p = await ctx.project("fresh")
    const config = { host: "127.0.0.1", port: 1, username: "u", password: "p", sender_name: "S", sender_email: "s@example.com" }
    await ctx.send("bad port and sender", { method: "POST", path: "/internal/send-test-email", body: { recipient_email: "ok@example.com", email_config: { ...config, port: 70000, sender_email: "nope" } } }, ctx.admin(p))
    await ctx.send("port as text", { method: "POST", path: "/internal/send-test-email", body: { recipient_email: "ok@example.com", email_config: { ...config, port: "abc" } } }, ctx.admin(p))
    await ctx.send("missing config fields", { method: "POST", path: "/internal/send-test-email", body: { recipient_email: "ok@example.com", email_config: {} } }, ctx.admin(p))
    await ctx.send("server access", { method: "POST", path: "/internal/send-test-email", body: { recipient_email: "ok@example.com", email_config: config } }, ctx.server(p))
    await ctx.send("unreachable", { method: "POST", path: "/internal/send-test-email", body: { recipient_email: "ok@example.com", email_config: config } }, ctx.admin(p))
    await ctx.send("sent list", { method: "GET", path: "/internal/emails" }, ctx.admin(p))
  }),
  sequence("POST /internal/send-sign-in-invitation", "happy", "mail: sign-in invitation with server access, and malformed bodies", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("serverinvite")
    await ctx.send("server access", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email, callback_url: "http://localhost:3000/handler/sign-in" } }, ctx.server(p))
    await readMails(ctx, "mail", email)
    await ctx.send("client access", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email, callback_url: "http://localhost:3000/handler/sign-in" } }, ctx.client(p))
    await ctx.send("bad both", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email: "nope", callback_url: "not a url" } }, ctx.server(p))
    await ctx.send("url with spaces", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email, callback_url: "http://localhost:3000/a b" } }, ctx.server(p))
    await ctx.send("unknown field", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email, callback_url: "http://localhost:3000/handler/sign-in", extra: 1 } }, ctx.server(p))
  }),
  sequence("POST /emails/render-email", "malformed", "mail: render-email with a bad theme id, no template, client access", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("bad theme id", { method: "POST", path: "/emails/render-email", body: { theme_id: "not-a-uuid", template_id: resetTemplate } }, ctx.admin(p))
    await ctx.send("unknown theme", { method: "POST", path: "/emails/render-email", body: { theme_id: "00000000-0000-4000-8000-000000000000", template_id: resetTemplate } }, ctx.admin(p))
    await ctx.send("no template", { method: "POST", path: "/emails/render-email", body: { theme_id: null } }, ctx.admin(p))
    await ctx.send("empty body", { method: "POST", path: "/emails/render-email", body: {} }, ctx.admin(p))
    await ctx.send("numbers", { method: "POST", path: "/emails/render-email", body: { theme_tsx_source: 1, template_tsx_source: 2 } }, ctx.admin(p))
    await ctx.send("server access", { method: "POST", path: "/emails/render-email", body: { theme_id: null, template_id: resetTemplate } }, ctx.server(p))
  }),
  sequence("POST /auth/password/send-reset-code", "happy", "mail: two reset mails in a row, then the older code", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("tworesets")
    await ctx.signUp(p, email)
    await ctx.send("first", { method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url: resetUrl } }, ctx.client(p))
    const first = await readMails(ctx, "after first", email, 2)
    await ctx.send("second", { method: "POST", path: "/auth/password/send-reset-code", body: { email, callback_url: resetUrl } }, ctx.client(p))
    await readMails(ctx, "after second", email, 3)
    const code = codeIn(variable(first, "passwordResetLink"))
    await ctx.send("older code still checks", { method: "POST", path: "/auth/password/reset/check-code", body: { code } }, ctx.client(p))
  })
]
