import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { call } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const smtp = { host: "smtp.example.com", port: 587, username: "mailer", password: "smtp-pw", sender_name: "Example", sender_email: "noreply@example.com" }

describe("the project's e-mail server in the emulator's answers", () => {
  it.effect("the admin project view shows the SMTP password; the sent-mail list's sender config does not", () =>
    withEmulator(Effect.gen(function*() {
      const patched = yield* call({
        method: "PATCH",
        path: "/internal/projects/current",
        access: "admin",
        body: { config: { email_config: { type: "standard", ...smtp } } }
      })
      assert.strictEqual(patched.status, 200, patched.text)
      assert.deepStrictEqual(patched.body.config.email_config, { type: "standard", ...smtp })
      const sent = yield* call({
        method: "POST",
        path: "/internal/send-sign-in-invitation",
        access: "admin",
        body: { email: "invitee@example.com", callback_url: "http://localhost:3000/handler/sign-in" }
      })
      assert.strictEqual(sent.status, 200, sent.text)
      const listed = yield* call({ path: "/internal/emails", access: "admin" })
      assert.strictEqual(listed.status, 200, listed.text)
      assert.isAbove(listed.body.items.length, 0)
      const { password: _password, ...withoutPassword } = smtp
      for (const mail of listed.body.items) assert.deepStrictEqual(mail.sender_config, { type: "standard", ...withoutPassword })
    })))
})
