import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as Emails from "../../packages/sdk/src/api/Emails.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { smtpServer } from "../support/SmtpServer.ts"
import { reasonOf, reasonWith } from "../support/Transport.ts"

const marketing = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c"
const smtp = { host: "smtp.example.com", port: 587, username: "mailer", password: Redacted.make("pw"), senderName: "Example", senderEmail: "noreply@example.com" }

layer(Emulator.layer)("Emails", (it) => {
  it.effect("sending custom e-mail is refused while the project uses the shared server", () =>
    Effect.gen(function*() {
      const user = yield* ServerUsers.create({ primaryEmail: "shared@example.com" })
      const error = yield* Effect.flip(Emails.send({ userIds: [user.id], subject: "Hi", html: "<p>Hi</p>", notificationCategoryName: "Transactional" }))
      assert.strictEqual(reasonOf(error)._tag, "HttpError")
      assert.strictEqual(reasonWith(error, "HttpError").status, 400)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("sends to each user with a primary e-mail who wants the category, and says why not for the others", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* AdminProjects.update({ config: { emailConfig: { type: "standard", ...smtp } } }).pipe(Effect.provide(TestApps.admin()))
      const reader = yield* ServerUsers.create({ primaryEmail: "reader@example.com", displayName: "Reader" })
      const optedOut = yield* ServerUsers.create({ primaryEmail: "optedout@example.com" })
      const noEmail = yield* ServerUsers.create({ displayName: "No e-mail" })
      const missing = crypto.randomUUID()
      const preferences = EmulatorState.extraTable<unknown>("notificationPreferences")
      yield* emulator.run(EmulatorState.update((state) =>
        preferences.set(state, Table.put(preferences.get(state), `${optedOut.id}:${marketing}`, { userId: optedOut.id, categoryId: marketing, enabled: false }))))

      const results = yield* Emails.send({
        userIds: [reader.id, optedOut.id, noEmail.id, missing],
        subject: "News",
        html: "<p>Big news</p>",
        notificationCategoryName: "Marketing"
      })
      assert.deepStrictEqual(results.map((r) => [r.userId, r.success, r.error]), [
        [reader.id, true, undefined],
        [optedOut.id, false, "User has disabled notifications for this category"],
        [noEmail.id, false, "User does not have a primary email"],
        [missing, false, "User not found"]
      ])
      assert.strictEqual(results[0]!.userEmail, "reader@example.com")
      const mail = yield* emulator.mailbox.latest("reader@example.com")
      assert.strictEqual(mail?.subject, "News")
      assert.include(mail?.html ?? "", "<p>Big news</p>")
      assert.isUndefined(yield* emulator.mailbox.latest("optedout@example.com"))

      const sent = yield* Emails.listSent().pipe(Effect.provide(TestApps.admin()))
      assert.strictEqual(sent[0]!.subject, "News")
      assert.deepStrictEqual(sent[0]!.to, ["reader@example.com"])
      assert.instanceOf(sent[0]!.sentAt, Date)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("an unknown notification category is a 404", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Emails.send({ userIds: [], subject: "x", html: "x", notificationCategoryName: "Gossip" }))
      assert.strictEqual(reasonWith(error, "HttpError").status, 404)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a test e-mail goes through the given server, or fails with its reason", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const server = yield* smtpServer({ username: "mailer", password: "pw" })
      const local = { ...smtp, host: "127.0.0.1", port: server.port }
      yield* Emails.sendTestEmail({ recipientEmail: "admin@example.com", emailConfig: local })
      assert.deepStrictEqual(server.received.map((m) => [m.user, m.from, m.to]), [["mailer", "noreply@example.com", ["admin@example.com"]]])
      const sentBody = (yield* emulator.requests.filter({ method: "POST", path: "/api/v1/internal/send-test-email" })).at(-1)?.body as { email_config: { password: string } }
      assert.strictEqual(sentBody.email_config.password, "<redacted>", "sent, and kept out of the emulator's request log")

      const error = yield* Effect.flip(Emails.sendTestEmail({ recipientEmail: "admin@example.com", emailConfig: { ...local, password: Redacted.make("wrong") } }))
      assert.strictEqual(error._tag, "TestEmailFailed")
      if (error._tag === "TestEmailFailed") assert.include(error.errorMessage, "username or password")
    }).pipe(Effect.scoped, Effect.provide(TestApps.admin())))

  it.effect("a sign-in invitation is mailed with its link; an untrusted link is refused", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* Emails.sendSignInInvitation({ email: "invitee@example.com", callbackUrl: "http://localhost:3000/handler/sign-up" })
      const mail = yield* emulator.mailbox.latest("invitee@example.com")
      assert.include(mail?.text ?? "", "http://localhost:3000/handler/sign-up")
      const error = yield* Effect.flip(Emails.sendSignInInvitation({ email: "invitee@example.com", callbackUrl: "https://evil.example/steal" }))
      assert.strictEqual(error._tag, "RedirectUrlNotWhitelisted")
    }).pipe(Effect.provide(TestApps.admin())))
})
