/**
 * The emulator's mails as the service's tests read them (issue #16): the mailbox API answers in
 * Inbucket's format (`from` as `Name <address>`, `to` as a list of `<address>`), and the
 * one-time-code mail carries the code on a line of its own.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmailRendering from "../../packages/emulator/src/internal/mail/EmailRendering.ts"
import * as EmailTemplates from "../../packages/emulator/src/internal/mail/EmailTemplateRules.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import { call } from "./support.ts"

const callbackUrl = "http://localhost:3000/handler/magic-link-callback"

/** An emulator that renders its mails for real. */
const rendered = Emulator.layerWith({ mailRendering: "rendered" })

/** GETs a path of the Inbucket API of the emulator in the context. */
const inbucket = (path: string) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    const response = yield* emulator.run(Mail.inbucket(new Request(`http://localhost:8105${path}`)))
    return (yield* Effect.promise(() => response.json())) as never
  })

describe("the mailbox API and the service's mails", () => {
  it.effect("lists and reads mails in Inbucket's format: from `Name <address>`, to `[<address>]`", () =>
    Effect.gen(function*() {
      const sent = yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "Inbox.Reader@example.com", callback_url: callbackUrl } })
      assert.strictEqual(sent.status, 200, sent.text)
      const list: ReadonlyArray<{ id: string; from: string; to: ReadonlyArray<string>; mailbox: string }> = yield* inbucket("/api/v1/mailbox/inbox.reader")
      assert.lengthOf(list, 1)
      assert.match(list[0]!.from, /^[^<>]+ <[^<>@]+@[^<>]+>$/)
      assert.deepStrictEqual(list[0]!.to, ["<Inbox.Reader@example.com>"])
      const message: { to: ReadonlyArray<string>; header: { To: ReadonlyArray<string> }; body: { text: string } } = yield* inbucket(`/api/v1/mailbox/inbox.reader/${list[0]!.id}`)
      assert.deepStrictEqual(message.to, ["<Inbox.Reader@example.com>"])
      assert.deepStrictEqual(message.header.To, ["Inbox.Reader@example.com"]) // the header as sent: bare addresses
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("rendered, the one-time-code mail has the code alone on a line (what the service's tests match with /^[A-Z0-9]{6}$/m)", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "code-line@example.com", callback_url: callbackUrl } })
      const mail = yield* emulator.mailbox.latest("code-line@example.com")
      const code = /^([A-Z0-9]{6})$/m.exec(mail!.text)?.[1]
      assert.isDefined(code, mail!.text)
      assert.include(mail!.subject, code!)
      assert.strictEqual(Mail.otpOf(mail!), code)
    }).pipe(Effect.provide(rendered)))
})

const realistic = `import { Subject, NotificationCategory } from "@stackframe/emails"
const shout = (text: string) => text.toUpperCase()
export function EmailTemplate({ user, project, variables }) {
  return (
    <>
      <Subject value={\`Welcome \${user.displayName} to \${project.displayName}\`} />
      <NotificationCategory value="Transactional" />
      {user.displayName ? <p>Hi {shout(user.displayName)}</p> : null}
      <p>Your code:</p>
      <p>{variables.otp}</p>
      <a href={variables.magicLink}>sign in</a>
    </>
  )
}`

describe("e-mail templates are rendered for real (esbuild + React) with mailRendering: \"rendered\"", () => {
  it.effect("template literals, helpers and conditionals run; the text keeps links and puts the code on its own line", () =>
    Effect.gen(function*() {
      const rendered = yield* EmailRendering.renderForReal({
        templateTsx: realistic,
        themeTsx: undefined,
        project: { displayName: "Demo" },
        user: { displayName: "Ada" },
        variables: { otp: "ABC123", magicLink: "http://localhost:3000/cb?code=xyz" }
      })
      assert.strictEqual(rendered.subject, "Welcome Ada to Demo")
      assert.include(rendered.html, "<p>Hi ADA</p>")
      assert.notInclude(rendered.html, "{")
      assert.match(rendered.text, /^ABC123$/m)
      assert.include(rendered.text, "http://localhost:3000/cb?code=xyz")
    }))

  it.effect("a template that loops forever fails within the time limit instead of hanging", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EmailRendering.renderForReal({
        templateTsx: "export function EmailTemplate() { while (true) {} }",
        themeTsx: undefined,
        project: { displayName: "Demo" },
        user: { displayName: null },
        timeoutMillis: 200
      }))
      assert.strictEqual(error._tag, "EmailRenderError")
      assert.match(error.message, /timed out/i)
    }))

  it.effect("a syntax error is reported with its place", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EmailRendering.renderForReal({
        templateTsx: "export function EmailTemplate() { return (<div>{children}</div> }",
        themeTsx: undefined,
        project: { displayName: "Demo" },
        user: { displayName: null }
      }))
      assert.match(error.message, /template\.tsx:1:/)
    }))

  it.effect("the emulator's own mails go through the project's templates: an edited template shows in the mailbox", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.run(EmulatorState.update((state) =>
        EmailTemplates.putTemplate(state, {
          projectId: demoProject.projectId,
          id: EmailTemplates.templateIds.magicLink,
          displayName: "Magic Link/OTP",
          themeId: false,
          tsxSource: realistic
        })))
      yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "edited@example.com", callback_url: callbackUrl } })
      const mail = (yield* emulator.mailbox.latest("edited@example.com"))!
      assert.strictEqual(mail.subject, "Welcome null to Demo Project") // JavaScript as written: no user, so `${null}`
      assert.include(mail.html, "<p>Your code:</p>")
      const code = /^([A-Z0-9]{6})$/m.exec(mail.text)?.[1]
      assert.isDefined(code)
      assert.isDefined(Mail.codeOf(mail))
    }).pipe(Effect.provide(rendered)))

  it.effect("the default verification mail is rendered in the light theme with the project's name", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "default@example.com", callback_url: callbackUrl } })
      const mail = (yield* emulator.mailbox.latest("default@example.com"))!
      assert.match(mail.subject, /^Sign in to Demo Project: Your code is [A-Z0-9]{6}$/)
      assert.match(mail.html, /^<html[^>]*><head>/)
    }).pipe(Effect.provide(rendered)))
})
