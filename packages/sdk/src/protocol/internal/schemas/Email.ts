/**
 * Wire shapes of e-mail calls: sent e-mails, templates, themes, rendered previews and the
 * per-user results of a send.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** An e-mail the project sent. */
export const SentEmail = Schema.Struct({
  id: Schema.String,
  to: Schema.optional(Schema.Array(Schema.String)),
  subject: Schema.String,
  sentAt: Schema.DateFromMillis,
  error: Schema.optional(Schema.Unknown)
}).pipe(Wire.encodeKeys({ sentAt: "sent_at_millis" }))

type SentEmailType = typeof SentEmail.Type
/** An e-mail the project sent. */
export interface SentEmail extends SentEmailType {}

/** `{ items }` of `GET /internal/emails`. */
export const SentEmailList = Schema.Struct({ items: Schema.Array(SentEmail) })

/** Which theme a template uses: a theme id, `null` (the project's theme) or `false` (none). */
export const TemplateThemeId = Schema.Union([Schema.String, Schema.Null, Schema.Literal(false)])

/** An e-mail template. */
export const EmailTemplate = Schema.Struct({
  id: Schema.String,
  displayName: Schema.String,
  tsxSource: Schema.String,
  themeId: Schema.optional(TemplateThemeId)
}).pipe(Wire.encodeKeys({ displayName: "display_name", tsxSource: "tsx_source", themeId: "theme_id" }))

type EmailTemplateType = typeof EmailTemplate.Type
/** An e-mail template. */
export interface EmailTemplate extends EmailTemplateType {}

/** `{ templates }` of `GET /internal/email-templates`. */
export const EmailTemplateList = Schema.Struct({ templates: Schema.Array(EmailTemplate) })

/** An e-mail theme as listed. */
export const EmailThemeSummary = Schema.Struct({
  id: Schema.String,
  displayName: Schema.String
}).pipe(Wire.encodeKeys({ displayName: "display_name" }))

/** `{ themes }` of `GET /internal/email-themes`. */
export const EmailThemeList = Schema.Struct({ themes: Schema.Array(EmailThemeSummary) })

/** An e-mail theme as read by id (`GET /internal/email-themes/{id}`). */
export const EmailThemeSource = Schema.Struct({
  displayName: Schema.String,
  tsxSource: Schema.String
}).pipe(Wire.encodeKeys({ displayName: "display_name", tsxSource: "tsx_source" }))

/** The id of something just created: `{ id }`. */
export const Created = Schema.Struct({ id: Schema.String })

/** A rendered e-mail. `POST /emails/render-email` */
export const RenderedEmail = Schema.Struct({
  html: Schema.String,
  subject: Schema.optional(Schema.String),
  notificationCategory: Schema.optional(Schema.String)
}).pipe(Wire.encodeKeys({ notificationCategory: "notification_category" }))

type RenderedEmailType = typeof RenderedEmail.Type
/** A rendered e-mail. */
export interface RenderedEmail extends RenderedEmailType {}

/** What happened for one recipient of `POST /emails/send-email`. */
export const SendEmailResult = Schema.Struct({
  userId: Schema.String,
  userEmail: Schema.optional(Schema.String),
  success: Schema.Boolean,
  error: Schema.optional(Schema.String)
}).pipe(Wire.encodeKeys({ userId: "user_id", userEmail: "user_email" }))

type SendEmailResultType = typeof SendEmailResult.Type
/** What happened for one recipient. */
export interface SendEmailResult extends SendEmailResultType {}

/** `{ results }` of `POST /emails/send-email`. */
export const SendEmailResults = Schema.Struct({ results: Schema.Array(SendEmailResult) })

/** `{ success, error_message? }` of `POST /internal/send-test-email`. */
export const TestEmailOutcome = Schema.Struct({
  success: Schema.Boolean,
  errorMessage: Schema.optional(Schema.String)
}).pipe(Wire.encodeKeys({ errorMessage: "error_message" }))
