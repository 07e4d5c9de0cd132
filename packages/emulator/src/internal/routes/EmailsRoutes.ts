/**
 * E-mail routes: a server's send to users, an admin's preview
 * render, SMTP test, sent-mail list and sign-in invitation. Every mail lands in the emulator's
 * mail store (`Mail.send`), never on a network, except the SMTP test, which is sent for real
 * through the admin's server (`Smtp.send`) and, as the service does, listed among the sent mails
 * with its sender settings and its failure, but kept out of the emulator's mailbox.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { EmailRenderingError, RedirectUrlNotWhitelisted } from "stack-auth-effect/KnownErrors"
import * as Fields from "../http/Fields.ts"
import * as S from "../http/RequestSchema.ts"
import * as Domains from "../model/Domains.ts"
import * as EmailTemplates from "../mail/EmailTemplateRules.ts"
import type { Mail as MailRow, Project } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mail from "../../Mail.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Smtp from "../mail/Smtp.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Views from "../http/Views.ts"
import * as Notifications from "./NotificationsRoutes.ts"

const badRequest = (message: string) => new Responses.StatusFailure({ status: 400, message })

const SendBody = S.object({
  user_ids: S.array(S.string().defined()).defined(),
  html: S.string().defined(),
  subject: S.string().defined(),
  notification_category_name: S.string().defined()
})

/** A template's theme: a theme id (UUID), `false` (none) or `null` (the project's). */
const themeId = S.mixed().rule((v) => (v === false || v === null || (typeof v === "string" && Fields.isUuid(v)) ? undefined : "is invalid"))

const RenderBody = S.object({
  theme_id: themeId.nullable(),
  theme_tsx_source: S.string(),
  template_id: S.string(),
  template_tsx_source: S.string()
})

const port = S.number()
  .rule((v) => (typeof v === "number" && v < 0 ? "must be greater than or equal to 0" : undefined))
  .rule((v) => (typeof v === "number" && v > 65535 ? "must be less than or equal to 65535" : undefined))

const TestBody = S.object({
  recipient_email: S.string().email().defined(),
  email_config: S.object({
    host: S.string().defined(),
    port: port.defined(),
    username: S.string().defined(),
    password: S.string().max(70).defined(),
    sender_name: S.string().defined(),
    sender_email: S.string().email().defined()
  }).defined()
}).defined()

const InvitationBody = S.object({ email: S.string().email().defined(), callback_url: S.url().defined() }).defined()

/** Checks a body as the service's route declares its request (`auth`, `body`, then `method` when declared). */
const checkBody = <A>(body: unknown, field: S.Field, withMethod: boolean) =>
  Effect.map(
    S.check([["auth", S.mixed(), undefined], ["body", field, body], ...(withMethod ? [["method", S.mixed(), undefined] as const] : [])], undefined),
    (parts) => parts.body as A
  )

/** The theme a project's mails are wrapped in. */
export const activeThemeSource = (state: EmulatorState.State, project: Project): string | undefined =>
  EmailTemplates.themes(state, project.id).find((t) => t.id === project.config.emailTheme)?.tsxSource

/** A mail as the sent list shows it: the emulator's own mails and relayed test mails alike. */
interface SentMail {
  readonly id: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly sentAtMillis: number
  readonly senderConfig: Readonly<Record<string, unknown>>
  readonly error: { readonly errorType: string; readonly canRetry: boolean; readonly message: string } | null
}

/** A test mail sent through an admin's SMTP server: listed as sent, not in the emulator's mailbox. */
interface RelayedMail extends SentMail {
  readonly projectId: string
}

const relayedMails = EmulatorState.extraTable<RelayedMail>("relayedMails")

/** One of the emulator's own mails, with the sender settings it went out with (it never fails). */
const ownMail = (project: Project) => ({ id, to, subject, sentAtMillis, senderConfig }: MailRow): SentMail => ({
  id, to, subject, sentAtMillis, senderConfig: senderConfig ?? Mail.senderConfig(project), error: null
})

const sentView = (mail: SentMail) => ({
  id: mail.id,
  subject: mail.subject,
  sent_at_millis: mail.sentAtMillis,
  to: mail.to,
  sender_config: mail.senderConfig,
  error: mail.error
})

/** The subject of a test mail, as the sent-mail list shows the service's. */
const testSubject = "Test Email from Stack Auth"

/** E-mail routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/emails/send-email", "server", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* checkBody<{ user_ids: ReadonlyArray<string>; html: string; subject: string; notification_category_name: string }>(body, SendBody, true)
      if (auth.project.config.emailConfig.type === "shared") {
        return yield* badRequest("Cannot send custom emails when using shared email config")
      }
      const category = Notifications.categories.find((c) => c.name === input.notification_category_name)
      if (category === undefined) return yield* new Responses.StatusFailure({ status: 404, message: "Notification category not found" })
      const state = yield* EmulatorState.get
      const theme = activeThemeSource(state, auth.project)
      const results: Array<Record<string, unknown>> = []
      for (const userId of input.user_ids) {
        const user = Users.findInProject(state, auth.project.id, userId)
        const email = user === undefined ? undefined : Views.primaryEmailChannel(user)?.value
        const error = user === undefined
          ? "User not found"
          : !Notifications.isEnabled(state, user.id, category)
          ? "User has disabled notifications for this category"
          : email === undefined
          ? "User does not have a primary email"
          : undefined
        if (error !== undefined || email === undefined) {
          results.push({ user_id: userId, user_email: email, success: false, error })
          continue
        }
        const rendered = yield* EmailTemplates.wrapHtml(input.html, theme, {
          projectDisplayName: auth.project.displayName,
          userDisplayName: user?.displayName
        }).pipe(Effect.mapError((error) => new EmailRenderingError({ details: { error: error.message } })))
        yield* Mail.send({ projectId: auth.project.id, to: email, subject: input.subject, html: rendered.html, text: rendered.text })
        results.push({ user_id: userId, user_email: email, success: true })
      }
      return Responses.json({ results })
    })),

  Router.post("/emails/render-email", "admin", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* checkBody<{ theme_id?: string | null | false; theme_tsx_source?: string; template_id?: string; template_tsx_source?: string }>(body, RenderBody, false)
      if ((input.theme_id === undefined && !input.theme_tsx_source) || (input.theme_id && input.theme_tsx_source)) {
        return yield* badRequest("Exactly one of theme_id or theme_tsx_source must be provided")
      }
      if ((!input.template_id && !input.template_tsx_source) || (input.template_id && input.template_tsx_source)) {
        return yield* badRequest("Exactly one of template_id or template_tsx_source must be provided")
      }
      const state = yield* EmulatorState.get
      // `null`: the project's theme; `false`: none
      let themeSource: string | undefined = input.theme_id === null ? activeThemeSource(state, auth.project) : input.theme_tsx_source
      if (typeof input.theme_id === "string") {
        themeSource = EmailTemplates.themes(state, auth.project.id).find((t) => t.id === input.theme_id)?.tsxSource
        if (themeSource === undefined) return yield* badRequest("No theme found with given id")
      }
      const templateSource = input.template_id === undefined
        ? input.template_tsx_source
        : EmailTemplates.templates(state, auth.project.id).find((t) => t.id === input.template_id)?.tsxSource
      if (templateSource === undefined) return yield* badRequest("No template found with given id")
      const rendered = yield* EmailTemplates.render(templateSource, themeSource, { projectDisplayName: auth.project.displayName, preview: true })
        .pipe(Effect.mapError((error) => new EmailRenderingError({ details: { error: error.message } })))
      return Responses.json({
        html: rendered.html,
        subject: rendered.subject,
        notification_category: rendered.notificationCategory
      })
    })),

  Router.post("/internal/send-test-email", "admin", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* checkBody<{
        recipient_email: string
        email_config: { host: string; port: number; username: string; password: string; sender_name: string; sender_email: string }
      }>(body, TestBody, true)
      const { host, port, username, password, sender_name, sender_email } = input.email_config
      // Delivered by the admin's SMTP server, not the emulator's mailbox.
      const outcome = yield* Smtp.send(
        { host, port, username, password, senderName: sender_name, senderEmail: sender_email },
        {
          to: input.recipient_email,
          subject: testSubject,
          text: `Your SMTP server ${host}:${port} delivered this test e-mail from your Stack Auth project's e-mail settings.`
        }
      )
      const relayed: RelayedMail = {
        id: crypto.randomUUID(),
        projectId: auth.project.id,
        to: [input.recipient_email],
        subject: testSubject,
        sentAtMillis: yield* Clock.currentTimeMillis,
        senderConfig: { type: "standard", host, port, username, sender_name, sender_email },
        error: outcome.success ? null : { ...outcome.kind, message: outcome.errorMessage }
      }
      yield* EmulatorState.update((state) => relayedMails.set(state, Table.put(relayedMails.get(state), relayed.id, relayed)))
      return Responses.json(outcome.success ? { success: true } : { success: false, error_message: outcome.errorMessage })
    })),

  Router.get("/internal/emails", "admin", ({ auth, query }) =>
    // the list takes no query: any query field is refused
    Effect.andThen(S.check(S.crud({ query: [S.object({}), S.queryObject(query)] }), null), Effect.map(EmulatorState.get, (state) =>
      Responses.list(
        [
          ...Table.filter(state.mails, (m) => m.projectId === auth.project.id).map(ownMail(auth.project)),
          ...Table.filter(relayedMails.get(state), (m) => m.projectId === auth.project.id)
        ]
          .map((mail, index) => ({ mail, index }))
          // newest first; of two sent in the same millisecond, the later one
          .sort((a, b) => b.mail.sentAtMillis - a.mail.sentAtMillis || b.index - a.index)
          .slice(0, 100)
          .map(({ mail }) => sentView(mail))
      )))),

  Router.post("/internal/send-sign-in-invitation", "server", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* checkBody<{ email: string; callback_url: string }>(body, InvitationBody, false)
      if (!Domains.isTrustedUrl(auth.project, input.callback_url)) return yield* new RedirectUrlNotWhitelisted({})
      yield* Mail.send({
        projectId: auth.project.id,
        to: input.email,
        subject: `You are invited to ${auth.project.displayName}`,
        text: `Sign in to ${auth.project.displayName}: ${input.callback_url}`,
        html: `<p>Sign in to ${auth.project.displayName}: <a href="${input.callback_url}">${input.callback_url}</a></p>`,
        template: {
          kind: "signInInvitation",
          variables: { signInInvitationLink: input.callback_url, teamDisplayName: auth.project.displayName }
        }
      })
      return Responses.json({ success: true })
    }))
]
