/**
 * "Send test e-mail" speaks SMTP for real (SPEC §7 `POST /internal/send-test-email`): against a
 * local SMTP server it delivers the mail with the admin's credentials and answers
 * `{ success: true }`; a wrong password, a refused connection or a server that never answers is
 * `{ success: false, error_message }` in the service's shape (status 200). Like the service, every
 * test send is listed among the project's sent mails, with its sender settings and failure.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Smtp from "../../packages/emulator/src/internal/mail/Smtp.ts"
import { closedPort, silentServer, smtpServer } from "../support/SmtpServer.ts"
import { call } from "./support.ts"

const credentials = { username: "mailer", password: "smtp-password-1" }

const config = (port: number, overrides: Partial<Record<string, unknown>> = {}) => ({
  host: "127.0.0.1",
  port,
  username: credentials.username,
  password: credentials.password,
  sender_name: "Example App",
  sender_email: "noreply@example.com",
  ...overrides
})

const sendTest = (emailConfig: object) =>
  call({ method: "POST", path: "/internal/send-test-email", access: "admin", body: { recipient_email: "admin@example.com", email_config: emailConfig } })

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator | Scope.Scope>, options: Emulator.Options = {}) =>
  Effect.scoped(Effect.provide(effect, Layer.orDie(Emulator.layerWith(options))))

describe("send test e-mail over SMTP", () => {
  it.effect("delivers the mail to the configured server, signed in with the credentials; the emulator's mailbox stays empty", () =>
    withEmulator(Effect.gen(function*() {
      const server = yield* smtpServer(credentials)
      const answer = yield* sendTest(config(server.port))
      assert.strictEqual(answer.status, 200, answer.text)
      assert.deepStrictEqual(answer.body, { success: true })
      assert.lengthOf(server.received, 1)
      const mail = server.received[0]!
      assert.strictEqual(mail.user, "mailer")
      assert.strictEqual(mail.from, "noreply@example.com")
      assert.deepStrictEqual(mail.to, ["admin@example.com"])
      assert.match(mail.data, /^From: "?Example App"? <noreply@example\.com>/m)
      assert.match(mail.data, /^Subject: Test Email from Stack Auth/m)
      assert.include(mail.data, `127.0.0.1:${server.port}`)
      const emulator = yield* Emulator.Emulator
      assert.lengthOf(yield* emulator.mailbox.all, 0)
    })))

  it.effect("wrong credentials: success false with the server's refusal, and nothing delivered", () =>
    withEmulator(Effect.gen(function*() {
      const server = yield* smtpServer(credentials)
      const answer = yield* sendTest(config(server.port, { password: "wrong" }))
      assert.strictEqual(answer.status, 200)
      assert.deepStrictEqual(Object.keys(answer.body).sort(), ["error_message", "success"])
      assert.isFalse(answer.body.success)
      assert.include(answer.body.error_message, "username or password")
      assert.notInclude(answer.body.error_message, "wrong", "the password is not echoed")
      assert.lengthOf(server.received, 0)
    })))

  it.effect("a refused connection: success false naming the host and port", () =>
    withEmulator(Effect.gen(function*() {
      const port = yield* closedPort
      const answer = yield* sendTest(config(port))
      assert.strictEqual(answer.status, 200)
      assert.isFalse(answer.body.success)
      assert.include(answer.body.error_message, `127.0.0.1:${port}`)
      assert.include(answer.body.error_message, "ECONNREFUSED")
    })))

  it.effect("a server that never answers: the attempt ends at the time limit with success false", () =>
    withEmulator(
      Effect.gen(function*() {
        const port = yield* silentServer
        const answer = yield* sendTest(config(port))
        assert.strictEqual(answer.status, 200)
        assert.isFalse(answer.body.success)
        assert.include(answer.body.error_message, "Timed out")
      }),
      { smtpTimeoutMillis: 300 }
    ))

  it.effect("a refused recipient: success false quoting the server's reply, listed with the service's kind for its reply code", () =>
    Effect.forEach([[553, "INVALID_EMAIL_ADDRESS"], [554, "REJECTED"]] as const, ([code, errorType]) =>
      withEmulator(Effect.gen(function*() {
        const server = yield* smtpServer(credentials, { rejectRecipients: code })
        const answer = yield* sendTest(config(server.port))
        assert.isFalse(answer.body.success)
        assert.include(answer.body.error_message, `127.0.0.1:${server.port} rejected the e-mail`)
        assert.include(answer.body.error_message, `${code} Recipient refused by this server`)
        const list = yield* call({ method: "GET", path: "/internal/emails", access: "admin" })
        assert.strictEqual(list.body.items[0].error.errorType, errorType)
        assert.lengthOf(server.received, 0)
      }))))

  it.effect("a malformed recipient is the service's SCHEMA_ERROR, before any connection", () =>
    withEmulator(Effect.gen(function*() {
      const server = yield* smtpServer(credentials)
      const answer = yield* call({
        method: "POST",
        path: "/internal/send-test-email",
        access: "admin",
        body: { recipient_email: "nope", email_config: config(server.port) }
      })
      assert.strictEqual(answer.status, 400)
      assert.strictEqual(answer.body.code, "SCHEMA_ERROR")
      assert.include(answer.body.error, "body.recipient_email must be a valid email")
      assert.lengthOf(server.received, 0)
    })))

  it.effect("every test send is listed among the sent mails with its sender settings and failure, never the password", () =>
    withEmulator(Effect.gen(function*() {
      const server = yield* smtpServer(credentials)
      assert.isTrue((yield* sendTest(config(server.port))).body.success)
      assert.isFalse((yield* sendTest(config(server.port, { password: "wrong-password-2" }))).body.success)
      const list = yield* call({ method: "GET", path: "/internal/emails", access: "admin" })
      assert.strictEqual(list.status, 200, list.text)
      const items = list.body.items as Array<Record<string, any>>
      assert.lengthOf(items, 2)
      const [failed, delivered] = [...items].sort((a, b) => (a.error === null ? 1 : 0) - (b.error === null ? 1 : 0))
      assert.deepStrictEqual(delivered!.to, ["admin@example.com"])
      assert.isNull(delivered!.error)
      assert.deepStrictEqual(delivered!.sender_config, {
        type: "standard",
        host: "127.0.0.1",
        port: server.port,
        username: "mailer",
        sender_name: "Example App",
        sender_email: "noreply@example.com"
      })
      assert.strictEqual(failed!.error.errorType, "AUTH_FAILED")
      assert.isFalse(failed!.error.canRetry)
      assert.include(failed!.error.message, "username or password")
      assert.notInclude(list.text, "smtp-password-1")
      assert.notInclude(list.text, "wrong-password-2")
      assert.isAtLeast(items[0]!.sent_at_millis, items[1]!.sent_at_millis, "newest first")
      const emulator = yield* Emulator.Emulator
      assert.lengthOf(yield* emulator.mailbox.all, 0, "a relayed test mail is not in the emulator's mailbox")
    })))

  it("failures are classified by the service's codes, in the service's order", () => {
    assert.deepStrictEqual(Smtp.classify({ code: "EDNS" }), { errorType: "HOST_NOT_FOUND", canRetry: false })
    assert.deepStrictEqual(Smtp.classify({ code: "EENVELOPE", responseCode: 535 }), { errorType: "AUTH_FAILED", canRetry: false })
    assert.deepStrictEqual(Smtp.classify({ responseCode: 450 }), { errorType: "TEMPORARY", canRetry: true })
    assert.deepStrictEqual(Smtp.classify({ responseCode: 553 }), { errorType: "INVALID_EMAIL_ADDRESS", canRetry: false })
    assert.deepStrictEqual(Smtp.classify({ responseCode: 554 }), { errorType: "REJECTED", canRetry: false })
    assert.deepStrictEqual(Smtp.classify({ code: "EENVELOPE" }), { errorType: "REJECTED", canRetry: false })
    assert.deepStrictEqual(Smtp.classify({ code: "ETIMEDOUT" }), { errorType: "TIMEOUT", canRetry: true })
    assert.deepStrictEqual(Smtp.classify({ message: "Unexpected socket close" }), { errorType: "SOCKET_CLOSED", canRetry: false })
    assert.deepStrictEqual(Smtp.classify({ code: "ECONNREFUSED" }), { errorType: "UNKNOWN", canRetry: false })
  })
})
