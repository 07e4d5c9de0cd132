/**
 * E-mail templates and themes, admin only (`/internal/email-templates`,
 * `/internal/email-themes`). Lists are read from `templates` and
 * `themes` (not `items`).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import {
  Created,
  type EmailTemplate,
  EmailTemplateList,
  EmailThemeList,
  EmailThemeSource
} from "../protocol/internal/schemas/Email.ts"
import { AdminAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** An e-mail template. */
export type { EmailTemplate } from "../protocol/internal/schemas/Email.ts"

const templatePath = (id: string) => `/internal/email-templates/${encodeURIComponent(id)}`
const themePath = (id: string) => `/internal/email-themes/${encodeURIComponent(id)}`

/** What calls without an error of their own can fail with. */
export type PlainError = KnownErrors.SchemaError | Call.CallError<readonly []>

/** The project's templates. `GET /internal/email-templates` */
export const listTemplates = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<EmailTemplate>, PlainError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return (yield* Call.call({ method: "GET", path: "/internal/email-templates", response: EmailTemplateList, errors: [KnownErrors.SchemaError] })).templates
  },
  /*#__PURE__*/ Traced.span("EmailTemplates.listTemplates")
)

/** Creates a template with a starter source; answers its id. `POST /internal/email-templates` */
export const createTemplate = /*#__PURE__*/ Effect.fnUntraced(
  function*(displayName: string): Effect.fn.Return<string, PlainError, StackHttp | AdminAccess> {
    yield* AdminAccess
    const created = yield* Call.call({ method: "POST", path: "/internal/email-templates", body: { display_name: displayName }, response: Created, errors: [KnownErrors.SchemaError] })
    return created.id
  },
  /*#__PURE__*/ Traced.span("EmailTemplates.createTemplate")
)

const updateTemplateErrors = [KnownErrors.SchemaError, KnownErrors.RequiresCustomEmailServer, KnownErrors.EmailRenderingError] as const
/** What {@link updateTemplate} can fail with: the project uses the shared e-mail server, or the source does not render. */
export type UpdateTemplateError = Call.CallError<typeof updateTemplateErrors>

/**
 * Replaces a template's source (and theme, when given: a theme id, `null` for the project's, or
 * `false` for none); answers the rendered HTML. `PATCH /internal/email-templates/{id}`
 */
export const updateTemplate = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string, input: { readonly tsxSource: string; readonly themeId?: string | null | false | undefined }): Effect.fn.Return<{ readonly renderedHtml: string }, UpdateTemplateError, StackHttp | AdminAccess> {
    yield* AdminAccess
    const answer = yield* Call.call({
      method: "PATCH",
      path: templatePath(id),
      body: { tsx_source: input.tsxSource, theme_id: input.themeId },
      response: Schema.Struct({ rendered_html: Schema.String }),
      errors: updateTemplateErrors
    })
    return { renderedHtml: answer.rendered_html }
  },
  /*#__PURE__*/ Traced.span("EmailTemplates.updateTemplate")
)

/** The project's themes (id and name). `GET /internal/email-themes` */
export const listThemes = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<{ readonly id: string; readonly displayName: string }>, PlainError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return (yield* Call.call({ method: "GET", path: "/internal/email-themes", response: EmailThemeList, errors: [KnownErrors.SchemaError] })).themes
  },
  /*#__PURE__*/ Traced.span("EmailTemplates.listThemes")
)

/** Creates a theme from the default one; answers its id. `POST /internal/email-themes` */
export const createTheme = /*#__PURE__*/ Effect.fnUntraced(
  function*(displayName: string): Effect.fn.Return<string, PlainError, StackHttp | AdminAccess> {
    yield* AdminAccess
    const created = yield* Call.call({ method: "POST", path: "/internal/email-themes", body: { display_name: displayName }, response: Created, errors: [KnownErrors.SchemaError] })
    return created.id
  },
  /*#__PURE__*/ Traced.span("EmailTemplates.createTheme")
)

/** A theme's name and source (an unknown id is a 404). `GET /internal/email-themes/{id}` */
export const getTheme = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string): Effect.fn.Return<{ readonly displayName: string; readonly tsxSource: string }, PlainError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({ method: "GET", path: themePath(id), response: EmailThemeSource, errors: [KnownErrors.SchemaError] })
  },
  /*#__PURE__*/ Traced.span("EmailTemplates.getTheme")
)

const updateThemeErrors = [KnownErrors.SchemaError, KnownErrors.EmailRenderingError] as const
/** What {@link updateTheme} can fail with: the source does not render. */
export type UpdateThemeError = Call.CallError<typeof updateThemeErrors>

/** Replaces a theme's source after a preview render. `PATCH /internal/email-themes/{id}` */
export const updateTheme = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string, tsxSource: string): Effect.fn.Return<void, UpdateThemeError, StackHttp | AdminAccess> {
    yield* AdminAccess
    yield* Call.call({ method: "PATCH", path: themePath(id), body: { tsx_source: tsxSource }, response: Schema.Unknown, errors: updateThemeErrors })
  },
  /*#__PURE__*/ Traced.span("EmailTemplates.updateTheme")
)
