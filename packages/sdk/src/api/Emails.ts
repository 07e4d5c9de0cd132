/**
 * Sending e-mail: a server sends an HTML e-mail to users; an
 * admin previews a template in a theme, tests an SMTP configuration, lists the e-mails the
 * project sent, and invites someone to sign in.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import {
  RenderedEmail,
  type SendEmailResult,
  SendEmailResults,
  type SentEmail,
  SentEmailList,
  TestEmailOutcome
} from "../protocol/internal/schemas/Email.ts"
import { AdminAccess, ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A sent e-mail, a rendered preview and a per-user send result. */
export type { RenderedEmail, SendEmailResult, SentEmail } from "../protocol/internal/schemas/Email.ts"

/** An e-mail to users of the project (`POST /emails/send-email`). */
export interface SendInput {
  readonly userIds: ReadonlyArray<string>
  readonly subject: string
  readonly html: string
  /** A notification category by name (`Transactional`, `Marketing`); users who turned it off are skipped. */
  readonly notificationCategoryName: string
}

/** What {@link send} can fail with: no error specific to it (a shared e-mail server is refused with a 400). */
export type SendError = KnownErrors.SchemaError | Call.CallError<readonly []>

/** Sends an HTML e-mail to users; answers what happened for each. `POST /emails/send-email` */
export const send = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: SendInput): Effect.fn.Return<ReadonlyArray<SendEmailResult>, SendError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const answer = yield* Call.call({
      method: "POST",
      path: "/emails/send-email",
      body: {
        user_ids: input.userIds,
        subject: input.subject,
        html: input.html,
        notification_category_name: input.notificationCategoryName
      },
      response: SendEmailResults,
      errors: [KnownErrors.SchemaError]
    })
    return answer.results
  },
  /*#__PURE__*/ Traced.span("Emails.send")
)

/** What {@link listSent} can fail with. */
export type ListSentError = Call.CallError<readonly []>

/** The e-mails the project sent, newest first. `GET /internal/emails` */
export const listSent = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<SentEmail>, ListSentError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return (yield* Call.call({ method: "GET", path: "/internal/emails", response: SentEmailList, errors: [] })).items
  },
  /*#__PURE__*/ Traced.span("Emails.listSent")
)

/** An SMTP server to test, as in an `emailConfig` of type `standard`. */
export interface SmtpConfig {
  readonly host: string
  readonly port: number
  readonly username: string
  readonly password: string | Redacted.Redacted<string>
  readonly senderName: string
  readonly senderEmail: string
}

/** The test e-mail could not be sent; the message says why. `POST /internal/send-test-email` */
export class TestEmailFailed extends /*#__PURE__*/ Schema.TaggedError<TestEmailFailed>()("TestEmailFailed", {
  errorMessage: Schema.String
}) {
  override get message(): string {
    return `The test e-mail was not sent: ${this.errorMessage}`
  }
}

/** What {@link sendTestEmail} can fail with. */
export type SendTestEmailError = KnownErrors.SchemaError | TestEmailFailed | Call.CallError<readonly []>

/** What `sendTestEmail` takes: who receives the test mail and the SMTP server to send it through. */
export interface SendTestEmailInput {
  readonly recipientEmail: string
  readonly emailConfig: SmtpConfig
}

/** Sends a test e-mail through an SMTP configuration before it is saved. `POST /internal/send-test-email` */
export const sendTestEmail = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: SendTestEmailInput): Effect.fn.Return<void, SendTestEmailError, StackHttp | AdminAccess> {
    yield* AdminAccess
    const { emailConfig } = input
    const outcome = yield* Call.call({
      method: "POST",
      path: "/internal/send-test-email",
      body: {
        recipient_email: input.recipientEmail,
        email_config: {
          host: emailConfig.host,
          port: emailConfig.port,
          username: emailConfig.username,
          password: typeof emailConfig.password === "string" ? emailConfig.password : Redacted.value(emailConfig.password),
          sender_email: emailConfig.senderEmail,
          sender_name: emailConfig.senderName
        }
      },
      response: TestEmailOutcome,
      errors: [KnownErrors.SchemaError]
    })
    if (!outcome.success) return yield* new TestEmailFailed({ errorMessage: outcome.errorMessage ?? "no reason given" })
  },
  /*#__PURE__*/ Traced.span("Emails.sendTestEmail")
)

const invitationErrors = [KnownErrors.SchemaError, KnownErrors.RedirectUrlNotWhitelisted] as const
/** What {@link sendSignInInvitation} can fail with: the callback URL is not on a trusted domain. */
export type SendSignInInvitationError = Call.CallError<typeof invitationErrors>

/** What `sendSignInInvitation` takes: who to invite, and the page the link opens. */
export interface SendSignInInvitationInput {
  readonly email: string
  readonly callbackUrl: string
}

/** E-mails an invitation to sign in, linking to `callbackUrl`. `POST /internal/send-sign-in-invitation` */
export const sendSignInInvitation = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: SendSignInInvitationInput): Effect.fn.Return<void, SendSignInInvitationError, StackHttp | AdminAccess> {
    yield* AdminAccess
    yield* Call.call({
      method: "POST",
      path: "/internal/send-sign-in-invitation",
      body: { email: input.email, callback_url: input.callbackUrl },
      response: Schema.Unknown,
      errors: invitationErrors
    })
  },
  /*#__PURE__*/ Traced.span("Emails.sendSignInInvitation")
)

/** What to render: a theme (by id or source; `null`/`false` id: none) and a template (by id or source). */
export interface RenderInput {
  readonly themeId?: string | null | false | undefined
  readonly themeTsxSource?: string | undefined
  readonly templateId?: string | undefined
  readonly templateTsxSource?: string | undefined
}

const renderErrors = [KnownErrors.SchemaError, KnownErrors.EmailRenderingError] as const
/** What {@link render} can fail with: the sources do not render. */
export type RenderError = Call.CallError<typeof renderErrors>

/** Renders a template in a theme, as a preview. `POST /emails/render-email` */
export const render = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: RenderInput): Effect.fn.Return<RenderedEmail, RenderError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({
      method: "POST",
      path: "/emails/render-email",
      body: {
        theme_id: input.themeId,
        theme_tsx_source: input.themeTsxSource,
        template_id: input.templateId,
        template_tsx_source: input.templateTsxSource
      },
      response: RenderedEmail,
      errors: renderErrors
    })
  },
  /*#__PURE__*/ Traced.span("Emails.render")
)
