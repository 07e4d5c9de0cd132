/**
 * The emulator's "send test e-mail" for real (`POST /internal/send-test-email`): it speaks
 * SMTP with `nodemailer` to the host and port an admin configured, signs in with the given
 * credentials, uses TLS from the first byte on port 465 (as the service does) and STARTTLS when
 * the server offers it elsewhere, and reports the real outcome. The attempt is bounded by
 * {@link SmtpTimeout} (10 s, like the service).
 *
 * `nodemailer` is imported when a test mail is sent, so apps that never send one never load it.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { EmailConfig } from "../../EmulatorState.ts"

/** What an admin's SMTP settings say: a project's standard e-mail server. */
export type SmtpConfig = Omit<Extract<EmailConfig, { readonly type: "standard" }>, "type">

/** One mail to send. */
export interface Message {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/** The service's kinds of failed sends, and whether trying again may help. */
export interface FailureKind {
  readonly errorType:
    | "HOST_NOT_FOUND"
    | "AUTH_FAILED"
    | "TEMPORARY"
    | "INVALID_EMAIL_ADDRESS"
    | "REJECTED"
    | "TIMEOUT"
    | "SOCKET_CLOSED"
    | "UNKNOWN"
  readonly canRetry: boolean
}

/** How a send ended: delivered, or why not (in words for the admin, and the service's kind). */
export type Outcome =
  | { readonly success: true }
  | { readonly success: false; readonly errorMessage: string; readonly kind: FailureKind }

/** The default bound of one attempt: 10 seconds, as the service allows. */
export const defaultTimeoutMillis = 10_000

/** How long one attempt may take before it is reported as timed out (real time, not the test clock). */
export const SmtpTimeout: Context.Reference<number> = Context.Reference<number>("stack-auth-effect/emulator/SmtpTimeout", {
  defaultValue: () => defaultTimeoutMillis
})

/** Whether the service connects with TLS from the first byte: port 465 (SMTPS). */
export const isSecurePort = (port: number): boolean => port === 465

interface MailerError {
  readonly message?: string
  readonly code?: string
  readonly responseCode?: number
  readonly response?: string
}

const timedOut = Symbol("timed out")

/** The kind of a failed send, by the same codes, reply codes and order the service checks them in. */
export const classify = (error: MailerError): FailureKind => {
  if (error.code === "EDNS") return { errorType: "HOST_NOT_FOUND", canRetry: false }
  if (error.responseCode === 535 || error.code === "EAUTH") return { errorType: "AUTH_FAILED", canRetry: false }
  if (error.responseCode === 450) return { errorType: "TEMPORARY", canRetry: true }
  if (error.responseCode === 553) return { errorType: "INVALID_EMAIL_ADDRESS", canRetry: false }
  if (error.responseCode === 554 || error.code === "EENVELOPE") return { errorType: "REJECTED", canRetry: false }
  if (error.code === "ETIMEDOUT") return { errorType: "TIMEOUT", canRetry: true }
  if (error.message?.includes("Unexpected socket close")) return { errorType: "SOCKET_CLOSED", canRetry: false }
  return { errorType: "UNKNOWN", canRetry: false }
}

/** The admin's reason for a failed send, in words, from its kind (and the server's reply when it gave one). */
const describeFailure = (config: SmtpConfig, error: MailerError, kind: FailureKind, timeoutMillis: number): string => {
  const where = `${config.host}:${config.port}`
  const reply = error.response === undefined ? "" : ` The server answered: ${error.response}`
  switch (kind.errorType) {
    case "HOST_NOT_FOUND":
      return `The mail server host ${config.host} could not be found; check the host in the e-mail settings.`
    case "AUTH_FAILED":
      return `The mail server at ${where} refused the username or password; check the credentials in the e-mail settings.${reply}`
    case "TIMEOUT":
      return `Timed out after ${timeoutMillis / 1000} s: is the mail server at ${where} running and accepting connections?`
    default:
      // any other refusal by the server (a 4xx/5xx reply, a refused envelope or message) is a rejection
      return (error.responseCode !== undefined && error.responseCode >= 400) || error.code === "EENVELOPE" || error.code === "EMESSAGE"
        ? `The mail server at ${where} rejected the e-mail.${reply}`
        : `Could not send the test e-mail through ${where} (${error.message ?? "unknown error"}): is the mail server running and accepting connections there?`
  }
}

const failure = (config: SmtpConfig, error: MailerError, timeoutMillis: number): Outcome => {
  const kind = classify(error)
  return { success: false, errorMessage: describeFailure(config, error, kind, timeoutMillis), kind }
}

/** Sends one mail through an SMTP server and reports how it went; never fails. */
export const send = (config: SmtpConfig, message: Message): Effect.Effect<Outcome> =>
  Effect.gen(function*() {
    const timeoutMillis = yield* SmtpTimeout
    return yield* Effect.promise(async (signal): Promise<Outcome> => {
      const { default: nodemailer } = await import("nodemailer")
      const transport = nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: isSecurePort(config.port),
        auth: { user: config.username, pass: config.password },
        connectionTimeout: timeoutMillis,
        greetingTimeout: timeoutMillis,
        socketTimeout: timeoutMillis
      })
      let timer: ReturnType<typeof setTimeout> | undefined
      const stop = () => transport.close()
      signal.addEventListener("abort", stop)
      try {
        const sent = transport.sendMail({
          from: { name: config.senderName, address: config.senderEmail },
          to: message.to,
          subject: message.subject,
          text: message.text
        })
        const limit = new Promise<typeof timedOut>((resolve) => {
          timer = setTimeout(() => resolve(timedOut), timeoutMillis)
        })
        const result = await Promise.race([sent, limit])
        if (result === timedOut) {
          sent.catch(() => undefined)
          return failure(config, { code: "ETIMEDOUT" }, timeoutMillis)
        }
        return { success: true }
      } catch (error) {
        return failure(config, error as MailerError, timeoutMillis)
      } finally {
        clearTimeout(timer)
        signal.removeEventListener("abort", stop)
        transport.close()
      }
    })
  })
