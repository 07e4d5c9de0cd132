/**
 * E-mail in the emulator: every mail is stored in the state before the call that
 * sends it returns, readable in-process (`Emulator.mailbox`) and through an Inbucket-compatible
 * REST API (`GET /api/v1/mailbox/{name}`, `GET /api/v1/mailbox/{name}/{id}`).
 *
 * Mails go out as the service's development setup sends them (the emulator's default,
 * `mailRendering: "development"`): from the project's sender, with the subject
 * `Mock subject, <Subject .../>` (the template's subject element as written) and a body listing
 * the template source, the theme source and the variables (links, codes) as JSON. With
 * `mailRendering: "rendered"` the project's templates are rendered for real. {@link codeOf},
 * {@link otpOf}, {@link linkOf} and {@link variablesOf} read both forms.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as EmailTemplates from "./internal/mail/EmailTemplateRules.ts"
import type { Mail, Project, State } from "./EmulatorState.ts"
import * as EmulatorState from "./EmulatorState.ts"
import { matchPattern } from "./Router.ts"
import * as Table from "./internal/state/Table.ts"

/** Which of the project's e-mail templates a mail is rendered from. */
export type { TemplateKind } from "./internal/mail/EmailTemplateRules.ts"

/** How the emulator writes its mails: as the service's development setup (default) or rendered. */
export type { MailRendering } from "./internal/mail/EmailRendering.ts"

/** The sender of a mail of no project. */
export const defaultFrom = "Stack Auth Emulator <noreply@emulator.stack-auth.local>"

/**
 * The address of the shared mail server's sender, as the service's development setup names it;
 * the sender's name is the project's display name.
 */
export const sharedSenderEmail = "noreply@example.com"

/**
 * The shared mail server as the service's development setup we measure against configures it (its
 * mail catcher's SMTP port; the service's own container setup uses 2500), shown in the admin's
 * sent-mail list. The emulator sends nothing there: it is its own catcher.
 */
export const sharedMailServer = { host: "127.0.0.1", port: 8129, username: "does not matter, ignored by Inbucket" } as const

/**
 * A sender as the mail catcher shows it: `Name <address>`. The service quotes the name, and the
 * quotes inside it do not survive the trip, so they are dropped.
 */
export const senderAddress = (name: string, email: string): string => `${name.replace(/"/g, "")} <${email}>`

/** The sender of a project's mail on the shared mail server: `<display name> <noreply@example.com>`. */
export const projectFrom = (displayName: string): string => senderAddress(displayName, sharedSenderEmail)

/** The sender of a project's mails: its own server's sender, or the shared server's with its name. */
export const projectSender = (project: Project): string => {
  const config = project.config.emailConfig
  return config.type === "standard" ? senderAddress(config.senderName, config.senderEmail) : projectFrom(project.displayName)
}

/** The sender settings of a project's mails as the admin's sent-mail list shows them (no password). */
export const senderConfig = (project: Project): Readonly<Record<string, unknown>> => {
  const config = project.config.emailConfig
  return config.type === "standard"
    ? { type: "standard", host: config.host, port: config.port, username: config.username, sender_name: config.senderName, sender_email: config.senderEmail }
    : { type: "shared", ...sharedMailServer, sender_name: project.displayName, sender_email: sharedSenderEmail }
}

/** A mail written with one of the project's templates (as its admins edited it). */
export interface TemplateInput {
  readonly kind: EmailTemplates.TemplateKind
  readonly variables: Readonly<Record<string, unknown>>
  readonly userDisplayName?: string | null | undefined
}

/** What a route sends. */
export interface SendInput {
  readonly to: string | ReadonlyArray<string>
  /** With `template` and a `projectId`: used only when the project's template fails to render. */
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly projectId?: string | null | undefined
  readonly from?: string | undefined
  /** Render the mail with this template of the project instead of `subject`, `text` and `html`. */
  readonly template?: TemplateInput | undefined
}

/** The subject, text and HTML of a mail: its project's template rendered, or the given ones. */
const contents = (input: SendInput) =>
  Effect.gen(function*() {
    const given = { subject: input.subject, text: input.text, html: input.html }
    if (input.template === undefined || input.projectId == null) return given
    const state = yield* EmulatorState.get
    const project = Table.get(state.projects, input.projectId)
    if (project === undefined) return given
    return yield* EmailTemplates.renderKind(state, project, input.template.kind, input.template).pipe(
      Effect.map((rendered) => ({ subject: rendered.subject ?? input.subject, text: rendered.text, html: rendered.html })),
      // a template that does not render must not stop a sign-in: the mail goes out as the emulator writes it
      Effect.orElseSucceed(() => given)
    )
  })

/** Renders (with `template`) and stores a mail; it is in the mailbox when this returns. */
export const send = (input: SendInput): Effect.Effect<Mail, never, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const { subject, text, html } = yield* contents(input)
    const now = yield* Clock.currentTimeMillis
    const project = input.projectId == null ? undefined : Table.get((yield* EmulatorState.get).projects, input.projectId)
    const mail: Mail = {
      id: crypto.randomUUID(),
      projectId: input.projectId ?? null,
      from: input.from ?? (project === undefined ? defaultFrom : projectSender(project)),
      to: typeof input.to === "string" ? [input.to] : [...input.to],
      subject,
      text,
      html,
      sentAtMillis: now,
      seen: false,
      ...(project === undefined ? {} : { senderConfig: senderConfig(project) })
    }
    yield* EmulatorState.update((state) => ({ ...state, mails: Table.put(state.mails, mail.id, mail) }))
    return mail
  })

/** The Inbucket mailbox name of an address: its local part, lower-cased. */
export const mailboxName = (address: string): string => {
  const bare = /<([^>]+)>/.exec(address)?.[1] ?? address
  return (bare.split("@")[0] ?? bare).trim().toLowerCase()
}

/** The mails of a mailbox (a name or a full address), oldest first. */
export const inMailbox = (state: State, nameOrAddress: string): ReadonlyArray<Mail> => {
  const name = mailboxName(nameOrAddress)
  return Table.filter(state.mails, (m) => m.to.some((to) => mailboxName(to) === name))
    .slice()
    .sort((a, b) => a.sentAtMillis - b.sentAtMillis)
}

/**
 * The variables of a mail in the development form (`variables: {...}` at the end of its body):
 * links, codes, names; `{}` for a rendered mail.
 */
export const variablesOf = (mail: Pick<Mail, "text">): Readonly<Record<string, unknown>> => {
  const marker = "\n\n variables: "
  const at = mail.text.lastIndexOf(marker)
  if (at < 0 || !mail.text.endsWith("</div>")) return {}
  try {
    const parsed = JSON.parse(mail.text.slice(at + marker.length, -"</div>".length)) as unknown
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {}
  } catch {
    return {}
  }
}

const links = (mail: Pick<Mail, "text">): ReadonlyArray<string> => {
  const fromVariables = Object.values(variablesOf(mail)).filter((v): v is string => typeof v === "string" && /^https?:\/\//.test(v))
  return fromVariables.length > 0 ? fromVariables : [...mail.text.matchAll(/https?:\/\/[^\s\]\)>"']+/g)].map((m) => m[0])
}

/** The first link of a mail (verification, reset, magic link, invitation), in either form. */
export const linkOf = (mail: Pick<Mail, "text">): string | undefined => links(mail)[0]

/** The `code` query parameter of the first link in a mail that has one (verification, reset, magic link). */
export const codeOf = (mail: Pick<Mail, "text">): string | undefined => {
  for (const link of links(mail)) {
    try {
      const code = new URL(link).searchParams.get("code")
      if (code !== null) return code
    } catch {
      // not a URL: look at the next link
    }
  }
  return undefined
}

/** The six-character sign-in code a person types, from a sign-in mail in either form. */
export const otpOf = (mail: Pick<Mail, "text" | "subject">): string | undefined => {
  const otp = variablesOf(mail).otp
  if (typeof otp === "string") return otp
  return /code is ([A-Z0-9]{6})\b/i.exec(mail.subject)?.[1] ?? /^([A-Z0-9]{6})$/m.exec(mail.text)?.[1]
}

/** An address as Inbucket lists a recipient: `<ada@example.com>` (a named one, `Ada <ada@example.com>`, as it is). */
export const inbucketAddress = (address: string): string => (address.includes("<") ? address.trim() : `<${address.trim()}>`)

/** A subject as the catcher shows it: a header's line breaks read as spaces. */
const unfolded = (subject: string): string => subject.replace(/\r?\n/g, " ")

/** The catcher keeps whole seconds. */
const wholeSeconds = (millis: number): number => Math.floor(millis / 1000) * 1000

/** A mail as an Inbucket list item: `from` as sent (`Name <address>`), `to` as `<address>` items. */
export const inbucketSummary = (mail: Mail, mailbox: string) => ({
  mailbox,
  id: mail.id,
  from: mail.from,
  to: mail.to.map(inbucketAddress),
  subject: unfolded(mail.subject),
  date: new Date(wholeSeconds(mail.sentAtMillis)).toISOString(),
  "posix-millis": wholeSeconds(mail.sentAtMillis),
  size: mail.text.length + mail.html.length,
  seen: mail.seen
})

/** A mail as an Inbucket message: the list item, its headers as sent (bare recipients), both bodies. */
export const inbucketMessage = (mail: Mail, mailbox: string) => ({
  ...inbucketSummary(mail, mailbox),
  header: {
    From: [mail.from],
    To: mail.to.map((to) => /<([^>]+)>/.exec(to)?.[1] ?? to.trim()),
    Subject: [unfolded(mail.subject)],
    "Message-Id": [`<${mail.id}@${(/@([^>\s]+)/.exec(mail.from)?.[1] ?? "example.com")}>`],
    Date: [new Date(wholeSeconds(mail.sentAtMillis)).toUTCString().replace("GMT", "+0000")],
    "Mime-Version": ["1.0"],
    "Content-Type": ["multipart/alternative"]
  },
  body: { text: mail.text, html: mail.html },
  attachments: []
})

/** Marks a mail as read (reading it through the Inbucket API or the mailbox page). */
export const markSeen = (id: string): Effect.Effect<void, never, EmulatorState.EmulatorState> =>
  EmulatorState.update((s) => ({ ...s, mails: Table.modify(s.mails, id, (m) => ({ ...m, seen: true })) }))

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } })

/** Answers the Inbucket REST API (list, read, delete one, purge) from the state. */
export const inbucket = (request: Request): Effect.Effect<Response, never, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const path = new URL(request.url).pathname
    const one = matchPattern("/api/v1/mailbox/:name/:id", path)
    const all = matchPattern("/api/v1/mailbox/:name", path)
    const state = yield* EmulatorState.get
    if (one !== undefined) {
      const name = mailboxName(one.name!)
      const mail = inMailbox(state, name).find((m) => m.id === one.id)
      if (mail === undefined) return jsonResponse({ error: "message not found" }, 404)
      if (request.method === "DELETE") {
        yield* EmulatorState.update((s) => ({ ...s, mails: Table.remove(s.mails, mail.id) }))
        return jsonResponse("OK")
      }
      yield* markSeen(mail.id)
      return jsonResponse(inbucketMessage(mail, name))
    }
    if (all !== undefined) {
      const name = mailboxName(all.name!)
      const mails = inMailbox(state, name)
      if (request.method === "DELETE") {
        const ids = new Set(mails.map((m) => m.id))
        yield* EmulatorState.update((s) => ({ ...s, mails: Table.removeWhere(s.mails, (m) => ids.has(m.id)) }))
        return jsonResponse("OK")
      }
      return jsonResponse(mails.map((m) => inbucketSummary(m, name)))
    }
    return jsonResponse({ error: "not found" }, 404)
  })
