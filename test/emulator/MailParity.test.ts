/**
 * The emulator's mails as the service's development setup sends them (issue #26, measured with
 * the differential harness against the real 2.8.27 service and its mail catcher): the sender,
 * the recipients, the subject `Mock subject, <Subject .../>` (the template's first subject element
 * as written), the body listing the template source, the theme source and the variables (HTML
 * and text alike), the sent-mail list's sender settings, the preview route's answers, and the
 * option that renders mails for real instead.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmailRendering from "../../packages/emulator/src/internal/mail/EmailRendering.ts"
import * as EmailTemplates from "../../packages/emulator/src/internal/mail/EmailTemplateRules.ts"
import type { Mail as MailRow } from "../../packages/emulator/src/EmulatorState.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import { call } from "./support.ts"

const verifyUrl = "http://localhost:3000/handler/email-verification"
const resetUrl = "http://localhost:3000/handler/password-reset"
const magicUrl = "http://localhost:3000/handler/magic-link-callback"
const inviteUrl = "http://localhost:3000/handler/team-invitation"

/** The subject elements of the service's default templates, as its mail catcher shows them. */
const serviceSubjects = {
  emailVerification: "Mock subject, <Subject value={`Verify your email at ${project.displayName}`} />",
  passwordReset: "Mock subject, <Subject value={\"Reset your password at \" + project.displayName} />",
  magicLink: "Mock subject, <Subject value={\"Sign in to \" + project.displayName + \": Your code is \" + variables.otp} />",
  teamInvitation: "Mock subject, <Subject value={\"You have been invited to join \" + variables.teamDisplayName} />",
  signInInvitation: "Mock subject, <Subject\n        value={\"You have been invited to sign in to \" + project.displayName}\n      />"
} as const

const sharedFrom = `${demoProject.displayName} <noreply@example.com>`

const latest = (address: string) =>
  Effect.flatMap(Emulator.Emulator, (e) => e.mailbox.latest(address)).pipe(
    Effect.map((mail) => {
      assert.isDefined(mail, `a mail to ${address}`)
      return mail!
    })
  )

const ok = (answer: { readonly status: number; readonly text: string }, what: string) =>
  assert.isTrue(answer.status === 200 || answer.status === 201, `${what}: ${answer.status} ${answer.text}`)

const signUp = (email: string) =>
  Effect.gen(function*() {
    const answer = yield* call({ method: "POST", path: "/auth/password/sign-up", body: { email, password: "password-123456", verification_callback_url: verifyUrl } })
    ok(answer, "sign-up")
    return answer.body as { readonly user_id: string; readonly access_token: string }
  })

/** The development form's structure: one body for HTML and text, its three parts in order. */
const assertDevelopmentForm = (mail: MailRow) => {
  assert.strictEqual(mail.html, mail.text, "HTML and text are the same listing")
  assert.isTrue(mail.text.startsWith("<div>Mock api key detected, \n\ntemplateComponent: "), mail.text.slice(0, 80))
  const theme = mail.text.indexOf("\n\nthemeComponent: ")
  const variables = mail.text.indexOf("\n\n variables: ")
  assert.isTrue(theme > 0 && variables > theme, "template, then theme, then variables")
  assert.isTrue(mail.text.endsWith("}</div>"))
}

describe("mails as the service's development setup sends them (the default)", () => {
  it.effect("a sign-up's verification mail: project sender, the subject element, sources and variables in the service's order", () =>
    Effect.gen(function*() {
      yield* signUp("parity-verify@example.com")
      const mail = yield* latest("parity-verify@example.com")
      assert.strictEqual(mail.from, sharedFrom)
      assert.deepStrictEqual(mail.to, ["parity-verify@example.com"])
      assert.strictEqual(mail.subject, serviceSubjects.emailVerification)
      assertDevelopmentForm(mail)
      const variables = Mail.variablesOf(mail)
      assert.deepStrictEqual(Object.keys(variables), ["projectDisplayName", "userDisplayName", "emailVerificationLink"])
      assert.strictEqual(variables.projectDisplayName, demoProject.displayName)
      assert.strictEqual(variables.userDisplayName, "", "no user name: an empty string")
      assert.match(String(variables.emailVerificationLink), /^http:\/\/localhost:3000\/handler\/email-verification\?code=[\w-]+$/, String(variables.emailVerificationLink))
      // the template listed is the project's verification template, whose subject element the subject shows
      const template = EmailTemplates.templates(yield* Effect.flatMap(Emulator.Emulator, (e) => e.state.get), demoProject.projectId)
        .find((t) => t.id === EmailTemplates.templateIds.emailVerification)!
      assert.include(mail.text, template.tsxSource)
      const code = Mail.codeOf(mail)!
      ok(yield* call({ method: "POST", path: "/contact-channels/verify", body: { code } }), "verify with the mail's code")
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("a reset mail carries the user's display name; a sign-in code mail the link then the code", () =>
    Effect.gen(function*() {
      ok(yield* call({ method: "POST", path: "/users", access: "server", body: { primary_email: "parity-reset@example.com", primary_email_auth_enabled: true, password: "password-123456", display_name: "Linus" } }), "user")
      ok(yield* call({ method: "POST", path: "/auth/password/send-reset-code", body: { email: "parity-reset@example.com", callback_url: resetUrl } }), "reset code")
      const reset = yield* latest("parity-reset@example.com")
      assert.strictEqual(reset.subject, serviceSubjects.passwordReset)
      assert.deepStrictEqual(Object.keys(Mail.variablesOf(reset)), ["projectDisplayName", "userDisplayName", "passwordResetLink"])
      assert.strictEqual(Mail.variablesOf(reset).userDisplayName, "Linus")

      const sent = yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "parity-otp@example.com", callback_url: magicUrl } })
      ok(sent, "sign-in code")
      const otp = yield* latest("parity-otp@example.com")
      assert.strictEqual(otp.subject, serviceSubjects.magicLink)
      assertDevelopmentForm(otp)
      const variables = Mail.variablesOf(otp)
      assert.deepStrictEqual(Object.keys(variables), ["projectDisplayName", "userDisplayName", "magicLink", "otp"])
      assert.match(String(variables.otp), /^[A-Z0-9]{6}$/)
      assert.strictEqual(Mail.otpOf(otp), variables.otp)
      assert.strictEqual(Mail.codeOf(otp)!.slice(0, 6).toUpperCase(), variables.otp, "the code is the link's first six characters, upper-cased")
      ok(yield* call({ method: "POST", path: "/auth/otp/sign-in", body: { code: Mail.codeOf(otp) } }), "sign in with the mail's code")
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("team and sign-in invitations: their subject elements (one written over three lines) and variable order", () =>
    Effect.gen(function*() {
      const owner = yield* signUp("parity-owner@example.com")
      const team = yield* call({ method: "POST", path: "/teams", access: "server", body: { display_name: "Rocket Team", creator_user_id: owner.user_id } })
      ok(team, "team")
      ok(yield* call({ method: "POST", path: "/team-invitations/send-code", access: "server", body: { email: "parity-invited@example.com", team_id: team.body.id, callback_url: inviteUrl } }), "invitation")
      const invitation = yield* latest("parity-invited@example.com")
      assert.strictEqual(invitation.subject, serviceSubjects.teamInvitation)
      assert.deepStrictEqual(Object.keys(Mail.variablesOf(invitation)), ["projectDisplayName", "userDisplayName", "teamInvitationLink", "teamDisplayName"])
      assert.deepStrictEqual(Mail.variablesOf(invitation), {
        projectDisplayName: demoProject.displayName,
        userDisplayName: "",
        teamInvitationLink: Mail.linkOf(invitation),
        teamDisplayName: "Rocket Team"
      })

      ok(yield* call({ method: "POST", path: "/internal/send-sign-in-invitation", access: "admin", body: { email: "parity-guest@example.com", callback_url: "http://localhost:3000/handler/sign-in" } }), "sign-in invitation")
      const guest = yield* latest("parity-guest@example.com")
      assert.strictEqual(guest.subject, serviceSubjects.signInInvitation, "stored as written")
      assert.deepStrictEqual(Object.keys(Mail.variablesOf(guest)), ["projectDisplayName", "userDisplayName", "signInInvitationLink", "teamDisplayName"])
      // the catcher reads a header's line breaks as spaces
      const listed = (yield* Effect.flatMap(Emulator.Emulator, (e) =>
        e.run(Mail.inbucket(new Request("http://localhost:8105/api/v1/mailbox/parity-guest"))))).json()
      const [item] = (yield* Effect.promise(() => listed)) as ReadonlyArray<{ subject: string; "posix-millis": number }>
      assert.strictEqual(item!.subject, serviceSubjects.signInInvitation.replace(/\n/g, " "))
      assert.strictEqual(item!["posix-millis"] % 1000, 0, "whole seconds")
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("an edited template's first subject element is the subject; none gives `Mock subject, undefined`", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const edit = (tsxSource: string) =>
        emulator.run(EmulatorState.update((state) =>
          EmailTemplates.putTemplate(state, { projectId: demoProject.projectId, id: EmailTemplates.templateIds.magicLink, displayName: "Magic Link/OTP", themeId: false, tsxSource })))
      yield* edit(`export function EmailTemplate() { return <><Subject value="First" /><Subject value="Second" /></> }`)
      yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "parity-edited@example.com", callback_url: magicUrl } })
      const edited = yield* latest("parity-edited@example.com")
      assert.strictEqual(edited.subject, "Mock subject, <Subject value=\"First\" />")
      assert.include(edited.text, `\n\nthemeComponent: ${EmailRendering.bareThemeSource}\n\n variables: `, "no theme: the bare theme is listed")
      yield* edit(`export function EmailTemplate() { return <p>no subject</p> }`)
      yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "parity-nosubject@example.com", callback_url: magicUrl } })
      assert.strictEqual((yield* latest("parity-nosubject@example.com")).subject, "Mock subject, undefined")
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("the sender: quotes in a project's name are dropped; a project's own server sends with its sender", () =>
    Effect.gen(function*() {
      ok(yield* call({ method: "PATCH", path: "/internal/projects/current", access: "admin", body: { display_name: "Acme, Inc. \"Labs\"" } }), "rename")
      yield* signUp("parity-acme@example.com")
      assert.strictEqual((yield* latest("parity-acme@example.com")).from, "Acme, Inc. Labs <noreply@example.com>")
      const sharedList = yield* call({ method: "GET", path: "/internal/emails", access: "admin" })
      assert.deepStrictEqual(sharedList.body.items[0].sender_config, {
        type: "shared",
        host: Mail.sharedMailServer.host,
        port: Mail.sharedMailServer.port,
        username: Mail.sharedMailServer.username,
        sender_name: "Acme, Inc. \"Labs\"",
        sender_email: "noreply@example.com"
      })
      assert.strictEqual(sharedList.body.items[0].subject, serviceSubjects.emailVerification)

      const config = { type: "standard", host: "127.0.0.1", port: 2525, username: "u", password: "p", sender_name: "Custom Sender", sender_email: "custom@example.com" }
      ok(yield* call({ method: "PATCH", path: "/internal/projects/current", access: "admin", body: { config: { email_config: config } } }), "custom server")
      const user = yield* signUp("parity-custom@example.com")
      assert.strictEqual((yield* latest("parity-custom@example.com")).from, "Custom Sender <custom@example.com>")
      // send-email takes a number as the subject's text, as the service does
      const sent = yield* call({ method: "POST", path: "/emails/send-email", access: "server", body: { user_ids: [user.user_id], subject: 42, html: "<p>Hi</p>", notification_category_name: "Transactional" } })
      ok(sent, "send-email")
      const custom = yield* latest("parity-custom@example.com")
      assert.strictEqual(custom.subject, "42")
      assertDevelopmentForm(custom)
      assert.include(custom.text, "<p>Hi</p>")
      assert.strictEqual(custom.text.slice(custom.text.lastIndexOf(" variables: ")), " variables: {}</div>")
      const list = yield* call({ method: "GET", path: "/internal/emails", access: "admin" })
      const { password: _, ...withoutPassword } = config
      assert.deepStrictEqual(list.body.items[0].sender_config, withoutPassword)
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("render-email previews in the development form: the mock subject and category, no variables", () =>
    Effect.gen(function*() {
      const answer = yield* call({ method: "POST", path: "/emails/render-email", access: "admin", body: { theme_id: null, template_id: EmailTemplates.templateIds.passwordReset } })
      ok(answer, "render")
      assert.strictEqual(answer.body.subject, serviceSubjects.passwordReset)
      assert.strictEqual(answer.body.notification_category, "mock notification category")
      assert.isTrue(String(answer.body.html).endsWith("\n\n variables: {}</div>"))
      assert.include(answer.body.html, "export function EmailTheme", "theme_id null: the project's theme is listed")
      const raw = yield* call({
        method: "POST",
        path: "/emails/render-email",
        access: "admin",
        body: { theme_tsx_source: "export function EmailTheme({ children }) { return children }", template_tsx_source: "broken <" }
      })
      ok(raw, "sources are listed, not compiled")
      assert.strictEqual(raw.body.subject, "Mock subject, undefined")
    }).pipe(Effect.provide(Emulator.layer)))
})

describe("the test mail", () => {
  it.live("a bad address is refused before a missing config; a sent test is listed with the service's subject", () =>
    Effect.gen(function*() {
      const malformed = yield* call({ method: "POST", path: "/internal/send-test-email", access: "admin", body: { recipient_email: "nope" } })
      assert.strictEqual(malformed.status, 400)
      const lines = String(malformed.body.details.message).split("\n")
      assert.isTrue(lines.findIndex((l) => l.includes("body.recipient_email")) < lines.findIndex((l) => l.includes("body.email_config")), lines.join(" | "))
      const config = { host: "127.0.0.1", port: 1, username: "u", password: "p", sender_name: "S", sender_email: "s@example.com" }
      const sent = yield* call({ method: "POST", path: "/internal/send-test-email", access: "admin", body: { recipient_email: "test-to@example.com", email_config: config } })
      assert.strictEqual(sent.body.success, false)
      const list = yield* call({ method: "GET", path: "/internal/emails", access: "admin" })
      assert.strictEqual(list.body.items[0].subject, "Test Email from Stack Auth")
    }).pipe(Effect.provide(Emulator.layer)))
})

describe("the mail routes' requests", () => {
  it.effect("a sign-in invitation takes server access; its address and URL are checked with the other fields", () =>
    Effect.gen(function*() {
      ok(yield* call({ method: "POST", path: "/internal/send-sign-in-invitation", access: "server", body: { email: "parity-server-guest@example.com", callback_url: "http://localhost:3000/handler/sign-in" } }), "server access")
      const refused = yield* call({ method: "POST", path: "/internal/send-sign-in-invitation", access: "server", body: { email: "nope", callback_url: "not a url" } })
      assert.strictEqual(refused.status, 400)
      const lines = String(refused.body.details.message).split("\n")
      assert.isTrue(lines.some((l) => l.includes("body.email")) && lines.some((l) => l.includes("body.callback_url")), lines.join(" | "))
      const theme = yield* call({ method: "POST", path: "/emails/render-email", access: "admin", body: { theme_id: "not-a-uuid", template_id: EmailTemplates.templateIds.passwordReset } })
      assert.strictEqual(theme.status, 400)
      assert.include(String(theme.body.details?.message ?? theme.text), "body.theme_id")
    }).pipe(Effect.provide(Emulator.layer)))
})

describe("mailRendering: \"rendered\" renders the project's templates for real", () => {
  it.effect("the verification mail is rendered HTML with a real subject; the readers find its link", () =>
    Effect.gen(function*() {
      yield* signUp("rendered-verify@example.com")
      const mail = yield* latest("rendered-verify@example.com")
      assert.strictEqual(mail.subject, `Verify your email at ${demoProject.displayName}`)
      assert.match(mail.html, /^<html[^>]*><head>/)
      assert.notStrictEqual(mail.text, mail.html)
      assert.deepStrictEqual(Mail.variablesOf(mail), {})
      assert.match(Mail.linkOf(mail)!, /^http:\/\/localhost:3000\/handler\/email-verification\?code=/)
      assert.isDefined(Mail.codeOf(mail))
    }).pipe(Effect.provide(Emulator.layerWith({ mailRendering: "rendered" }).pipe(Layer.orDie))))
})
