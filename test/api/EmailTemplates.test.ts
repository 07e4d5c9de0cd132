import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as Emails from "../../packages/sdk/src/api/Emails.ts"
import * as EmailTemplates from "../../packages/sdk/src/api/EmailTemplates.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

const lightThemeId = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"
const verificationTemplateId = "e7d009ce-8d47-4528-b245-5bf119f2ffa3"

const template = (subject: string, body: string) => `import { Subject, NotificationCategory } from "@stackframe/emails"
export function EmailTemplate({ user, project }) {
  return (
    <>
      <Subject value="${subject}" />
      <NotificationCategory value="Marketing" />
      <p>${body}</p>
    </>
  )
}`

const theme = (name: string) => `export function EmailTheme({ children }) {
  return (
    <section className="${name}">{children}</section>
  )
}`

const standardEmail = AdminProjects.update({
  config: {
    emailConfig: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Example", senderEmail: "noreply@example.com" }
  }
})

// templates rendered for real: the emulator's option (by default it answers as the service's development setup)
layer(Emulator.layerWith({ mailRendering: "rendered" }).pipe(Layer.orDie))("EmailTemplates", (it) => {
  it.effect("lists the default themes, creates one, reads and replaces its source", () =>
    Effect.gen(function*() {
      const themes = yield* EmailTemplates.listThemes()
      assert.deepStrictEqual(themes.map((t) => t.displayName), ["Default Light", "Default Dark"])
      const id = yield* EmailTemplates.createTheme("Brand")
      assert.include((yield* EmailTemplates.listThemes()).map((t) => t.id), id)
      const created = yield* EmailTemplates.getTheme(id)
      assert.strictEqual(created.displayName, "Brand")
      yield* EmailTemplates.updateTheme(id, theme("brand"))
      assert.strictEqual((yield* EmailTemplates.getTheme(id)).tsxSource, theme("brand"))
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("a theme source that does not render is EmailRenderingError, and is not saved", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EmailTemplates.updateTheme(lightThemeId, "export function EmailTheme({ children }) { return (<div>{children}</div>"))
      assert.strictEqual(error._tag, "EmailRenderingError")
      assert.notInclude((yield* EmailTemplates.getTheme(lightThemeId)).tsxSource, "return (<div>{children}</div>")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("lists the default templates and creates one without a theme of its own", () =>
    Effect.gen(function*() {
      const before = yield* EmailTemplates.listTemplates()
      assert.includeMembers(before.map((t) => t.displayName), ["Email Verification", "Password Reset", "Magic Link/OTP", "Team Invitation", "Sign In Invitation"])
      const id = yield* EmailTemplates.createTemplate("Newsletter")
      const created = (yield* EmailTemplates.listTemplates()).find((t) => t.id === id)!
      assert.strictEqual(created.displayName, "Newsletter")
      assert.isUndefined(created.themeId, "a new template names no theme: the service lists it without theme_id")
      assert.include(created.tsxSource, "EmailTemplate")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("updating a template needs a custom e-mail server", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EmailTemplates.updateTemplate(verificationTemplateId, { tsxSource: template("Hi", "Body") }))
      assert.strictEqual(error._tag, "RequiresCustomEmailServer")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("with a custom server, a template update renders it in the project's theme and saves it", () =>
    Effect.gen(function*() {
      yield* standardEmail
      const id = yield* EmailTemplates.createTemplate("Welcome")
      const result = yield* EmailTemplates.updateTemplate(id, { tsxSource: template("Welcome to {project.displayName}", "Glad you are here."), themeId: false })
      assert.include(result.renderedHtml, "<p>Glad you are here.</p>")
      assert.match(result.renderedHtml, /^<html[^>]*><head>/, "rendered in the project's (light) theme")
      const saved = (yield* EmailTemplates.listTemplates()).find((t) => t.id === id)!
      // the service saves a theme only when a theme id is given: `false` leaves the template's as it was
      assert.isUndefined(saved.themeId)
      assert.include(saved.tsxSource, "Glad you are here.")

      const noSubject = yield* Effect.flip(EmailTemplates.updateTemplate(id, { tsxSource: "export function EmailTemplate() {\n  return (\n    <p>no subject</p>\n  )\n}" }))
      assert.strictEqual(noSubject._tag, "EmailRenderingError")
      const thrown = yield* Effect.flip(EmailTemplates.updateTemplate(id, { tsxSource: `throw new Error("broken on purpose")\n${template("a", "b")}` }))
      assert.strictEqual(thrown._tag, "EmailRenderingError")
      if (thrown._tag === "EmailRenderingError") assert.strictEqual(thrown.details?.error, "broken on purpose")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("renders a preview by ids or by sources, and reports sources that do not render", () =>
    Effect.gen(function*() {
      const byIds = yield* Emails.render({ themeId: lightThemeId, templateId: verificationTemplateId })
      assert.strictEqual(byIds.subject, "Verify your email at Demo Project")
      assert.strictEqual(byIds.notificationCategory, "Transactional")
      assert.match(byIds.html, /^<html[^>]*><head>/)
      assert.include(byIds.html, `href="&lt;email verification link&gt;"`, "a preview fills in the template's preview variables")

      const bySources = yield* Emails.render({ themeTsxSource: theme("custom"), templateTsxSource: template("Hello", "From source") })
      assert.include(bySources.html, `<section class="custom"><p>From source</p></section>`)
      assert.strictEqual(bySources.notificationCategory, "Marketing")

      const unthemed = yield* Emails.render({ themeId: false, templateTsxSource: template("Hello", "Bare") })
      assert.strictEqual(unthemed.html, "<p>Bare</p>")

      const error = yield* Effect.flip(Emails.render({ themeId: lightThemeId, templateTsxSource: "export const x = 1" }))
      assert.strictEqual(error._tag, "EmailRenderingError")
    }).pipe(Effect.provide(TestApps.admin())))
})
