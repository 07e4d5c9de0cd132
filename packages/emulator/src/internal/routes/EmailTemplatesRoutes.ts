/**
 * `/internal/email-templates` and `/internal/email-themes` (admin only): list,
 * create, and replace sources after a trial render (`EmailTemplates.render`). Lists answer
 * `{ templates }` and `{ themes }`; creates answer `{ id }` with 200.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { EmailRenderingError, RequiresCustomEmailServer } from "stack-auth-effect/KnownErrors"
import * as EmailTemplates from "../mail/EmailTemplateRules.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import * as Responses from "../http/Responses.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import { activeThemeSource } from "./EmailsRoutes.ts"

const R = RequestSchema

/** A create body: optional as a whole in the service (an absent body passes its check). */
const nameBody = R.object({ display_name: R.string().defined() })
const templatePatch = R.object({
  tsx_source: R.string().defined(),
  // no theme, `false` (no theme at all), or a theme's UUID
  theme_id: R.mixed().nullable().rule((value) => value === false || (typeof value === "string" && Fields.isUuid(value)) ? undefined : "is invalid")
}).defined()
const themePatch = R.object({ tsx_source: R.string().defined() }).defined()
const templateIdParam = R.object({ templateId: R.string().defined().uuid() }).defined()
const idParam = R.object({ id: R.string().defined() }).defined()
const authPart = ["auth", R.mixed(), undefined] as const

/** The display name of a create body the service accepted without one: it fails later (500). */
const nameOf = (body: unknown): string | undefined => {
  const name = (body as { readonly display_name?: unknown } | undefined)?.display_name
  return typeof name === "string" ? name : undefined
}

const notFound = (what: string) => new Responses.StatusFailure({ status: 404, message: `No ${what} found with given id` })
const renderingError = (error: string) => new EmailRenderingError({ details: { error } })

/** Template and theme routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/internal/email-templates", "admin", ({ auth }) =>
    Effect.map(EmulatorState.get, (state) =>
      Responses.json({
        templates: EmailTemplates.templates(state, auth.project.id).map((t) => ({
          id: t.id,
          display_name: t.displayName,
          tsx_source: t.tsxSource,
          ...(t.themeId === undefined ? {} : { theme_id: t.themeId })
        }))
      }))),

  Router.post("/internal/email-templates", "admin", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = { display_name: nameOf((yield* R.check([authPart, ["body", nameBody, body]], null)).body) ?? "" }
      const id = crypto.randomUUID()
      yield* EmulatorState.update((state) =>
        EmailTemplates.putTemplate(state, {
          projectId: auth.project.id,
          id,
          displayName: input.display_name,
          tsxSource: EmailTemplates.newTemplateSource,
          // a new template names no theme (the list leaves `theme_id` out)
          themeId: undefined
        }))
      return Responses.json({ id })
    })),

  Router.patch("/internal/email-templates/:templateId", "admin", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const parts = yield* R.check([authPart, ["params", templateIdParam, { templateId: params.templateId }], ["body", templatePatch, body]], null)
      const input = parts.body as { readonly tsx_source: string; readonly theme_id?: string | false | null }
      if (auth.project.config.emailConfig.type === "shared") return yield* new RequiresCustomEmailServer({})
      const state = yield* EmulatorState.get
      const template = EmailTemplates.templates(state, auth.project.id).find((t) => t.id === params.templateId)
      if (template === undefined) return yield* notFound("template")
      const rendered = yield* EmailTemplates.render(input.tsx_source, activeThemeSource(state, auth.project), {
        projectDisplayName: auth.project.displayName,
        // the trial render of an edited template is given the project's name as its one variable
        variables: { projectDisplayName: auth.project.displayName },
        preview: true
      }).pipe(Effect.mapError((error) => renderingError(error.message)))
      if (rendered.subject === undefined) return yield* renderingError("Subject is required: render a <Subject value=... />")
      if (rendered.notificationCategory === undefined) {
        return yield* renderingError("NotificationCategory is required: render a <NotificationCategory value=... />")
      }
      yield* EmulatorState.update((s) =>
        EmailTemplates.putTemplate(s, {
          ...template,
          tsxSource: input.tsx_source,
          // only a theme id changes the template's theme (`null` and `false` leave it)
          themeId: typeof input.theme_id === "string" ? input.theme_id : template.themeId
        }))
      return Responses.json({ rendered_html: rendered.html })
    })),

  Router.get("/internal/email-themes", "admin", ({ auth }) =>
    Effect.map(EmulatorState.get, (state) =>
      Responses.json({ themes: EmailTemplates.themes(state, auth.project.id).map((t) => ({ id: t.id, display_name: t.displayName })) }))),

  Router.post("/internal/email-themes", "admin", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = { display_name: nameOf((yield* R.check([authPart, ["body", nameBody, body]], null)).body) ?? "" }
      const id = crypto.randomUUID()
      const state = yield* EmulatorState.get
      const base = EmailTemplates.themes(state, auth.project.id).find((t) => t.id === EmailTemplates.defaultThemeId)!
      yield* EmulatorState.update((s) =>
        EmailTemplates.putTheme(s, { projectId: auth.project.id, id, displayName: input.display_name, tsxSource: base.tsxSource }))
      return Responses.json({ id })
    })),

  Router.get("/internal/email-themes/:themeId", "admin", ({ auth, params }) =>
    Effect.gen(function*() {
      yield* R.check([authPart, ["params", idParam, { id: params.themeId }]], null)
      const theme = EmailTemplates.themes(yield* EmulatorState.get, auth.project.id).find((t) => t.id === params.themeId)
      if (theme === undefined) return yield* notFound("theme")
      return Responses.json({ display_name: theme.displayName, tsx_source: theme.tsxSource })
    })),

  Router.patch("/internal/email-themes/:themeId", "admin", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const input = (yield* R.check([authPart, ["params", idParam, { id: params.themeId }], ["body", themePatch, body]], null)).body as {
        readonly tsx_source: string
      }
      const theme = EmailTemplates.themes(yield* EmulatorState.get, auth.project.id).find((t) => t.id === params.themeId)
      if (theme === undefined) return yield* notFound("theme")
      yield* EmailTemplates.render(EmailTemplates.previewTemplateSource, input.tsx_source, {
        projectDisplayName: auth.project.displayName,
        preview: true
      }).pipe(Effect.mapError((error) => renderingError(error.message)))
      yield* EmulatorState.update((s) => EmailTemplates.putTheme(s, { ...theme, tsxSource: input.tsx_source }))
      return Responses.json({ display_name: theme.displayName })
    }))
]
