/**
 * The emulator's mails as the service's tests read them (issue #16): the mailbox API answers in
 * Inbucket's format (`from` as `Name <address>`, `to` as a list of `<address>`), and the
 * one-time-code mail carries the code on a line of its own.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../src/emulator/Emulator.ts"
import * as Mail from "../../src/emulator/Mail.ts"
import { call } from "./support.ts"

const callbackUrl = "http://localhost:3000/handler/magic-link-callback"

/** GETs a path of the Inbucket API of the emulator in the context. */
const inbucket = (path: string) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    const response = yield* emulator.run(Mail.inbucket(new Request(`http://localhost:8105${path}`)))
    return (yield* Effect.promise(() => response.json())) as never
  })

describe("the mailbox API and the service's mails", () => {
  it.effect("lists and reads mails in Inbucket's format: from `Name <address>`, to `[<address>]`", () =>
    Effect.gen(function*() {
      const sent = yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "Inbox.Reader@example.com", callback_url: callbackUrl } })
      assert.strictEqual(sent.status, 200, sent.text)
      const list: ReadonlyArray<{ id: string; from: string; to: ReadonlyArray<string>; mailbox: string }> = yield* inbucket("/api/v1/mailbox/inbox.reader")
      assert.lengthOf(list, 1)
      assert.match(list[0]!.from, /^[^<>]+ <[^<>@]+@[^<>]+>$/)
      assert.deepStrictEqual(list[0]!.to, ["<Inbox.Reader@example.com>"])
      const message: { to: ReadonlyArray<string>; header: { To: ReadonlyArray<string> }; body: { text: string } } = yield* inbucket(`/api/v1/mailbox/inbox.reader/${list[0]!.id}`)
      assert.deepStrictEqual(message.to, ["<Inbox.Reader@example.com>"])
      assert.deepStrictEqual(message.header.To, ["<Inbox.Reader@example.com>"])
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("the one-time-code mail has the code alone on a line (what the service's tests match with /^[A-Z0-9]{6}$/m)", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* call({ method: "POST", path: "/auth/otp/send-sign-in-code", body: { email: "code-line@example.com", callback_url: callbackUrl } })
      const mail = yield* emulator.mailbox.latest("code-line@example.com")
      const code = /^([A-Z0-9]{6})$/m.exec(mail!.text)?.[1]
      assert.isDefined(code, mail!.text)
      assert.include(mail!.subject, code!)
    }).pipe(Effect.provide(Emulator.layer)))
})
