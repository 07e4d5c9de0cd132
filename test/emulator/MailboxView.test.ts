/**
 * The mailbox's HTML view over real HTTP on loopback (random ports): the list page shows a sent
 * verification mail, and its message page shows subject, sender and recipient, the HTML body in a
 * sandboxed frame and the verification link as a clickable anchor. Pages are parsed, not grepped.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Window } from "happy-dom"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import * as MailboxView from "../../packages/emulator/src/internal/mail/MailboxView.ts"
import * as Server from "../../packages/emulator/src/EmulatorServer.ts"
import { accessHeaders } from "./support.ts"

const fetchPage = (url: string) =>
  Effect.promise(async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    const html = await response.text()
    const window = new Window()
    const document = new window.DOMParser().parseFromString(html, "text/html")
    return { status: response.status, type: response.headers.get("content-type"), document }
  })

describe("the mailbox's HTML view", () => {
  it.live("rendered: lists a sent verification mail; its page shows the headers, the HTML body sandboxed and the link clickable", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* Effect.scoped(Effect.gen(function*() {
        const info = yield* Server.serve({ port: 0, mailboxPort: 0 })
        const signUp = yield* Effect.promise(() =>
          fetch(`${info.url}/api/v1/auth/password/sign-up`, {
            method: "POST",
            headers: { ...accessHeaders("client"), "content-type": "application/json" },
            body: JSON.stringify({ email: "view@example.com", password: "password123", verification_callback_url: "http://localhost:3000/verify" })
          })
        )
        assert.strictEqual(signUp.status, 200)
        const [mail] = yield* emulator.mailbox.list("view@example.com")
        assert.isDefined(mail)

        const list = yield* fetchPage(`${info.mailboxUrl}/`)
        assert.strictEqual(list.status, 200)
        assert.include(list.type ?? "", "text/html")
        const rows = [...list.document.querySelectorAll("tbody tr")]
        assert.lengthOf(rows, 1)
        const link = rows[0]!.querySelector("a")!
        assert.strictEqual(link.textContent, mail!.subject)
        assert.strictEqual(link.getAttribute("href"), MailboxView.messagePath(mail!.id))
        assert.include(rows[0]!.textContent, "view@example.com")

        const mailbox = yield* fetchPage(`${info.mailboxUrl}/?to=someone-else@example.com`)
        assert.lengthOf([...mailbox.document.querySelectorAll("tbody tr")], 0, "?to= keeps one mailbox")

        const page = yield* fetchPage(`${info.mailboxUrl}${link.getAttribute("href")}`)
        assert.strictEqual(page.status, 200)
        assert.strictEqual(page.document.querySelector("h1")?.textContent, mail!.subject)
        const details = page.document.querySelector("dl")?.textContent ?? ""
        assert.include(details, "view@example.com")
        assert.include(details, Mail.sharedSenderEmail)
        const code = Mail.codeOf(mail!)!
        const anchors = [...page.document.querySelectorAll("pre a")].map((a) => a.getAttribute("href"))
        assert.include(anchors, `http://localhost:3000/verify?code=${code}`, "the text's link is an anchor")
        const frame = page.document.querySelector("iframe")!
        assert.strictEqual(frame.getAttribute("sandbox"), "allow-popups allow-popups-to-escape-sandbox", "no scripts in the mail's HTML")
        const body = new Window().document
        body.write(frame.getAttribute("srcdoc") ?? "")
        const bodyLinks = [...body.querySelectorAll("a")].map((a) => a.getAttribute("href") ?? "")
        assert.isTrue(bodyLinks.some((href) => href.includes(`code=${code}`)), "the HTML body's link is an anchor too")
        assert.strictEqual(body.querySelector("base")?.getAttribute("target"), "_blank")
        assert.isTrue((yield* emulator.mailbox.list("view@example.com"))[0]!.seen, "viewing marks the mail seen")

        const missing = yield* fetchPage(`${info.mailboxUrl}${MailboxView.messagePath("nope")}`)
        assert.strictEqual(missing.status, 404)
      }))
    }).pipe(Effect.provide(Emulator.layerWith({ mailRendering: "rendered" }))), 20_000)

  it("escapes what a mail says: a subject or sender cannot inject markup into the page", () => {
    const mail = {
      id: "m1",
      projectId: null,
      from: "<script>alert(1)</script>",
      to: ["a@example.com"],
      subject: "<img src=x onerror=alert(1)>",
      text: "see https://example.com/?a=1&b=<2>",
      html: "<p onclick=\"x\">hi</p>",
      sentAtMillis: 0,
      seen: false
    }
    const document = new new Window().DOMParser().parseFromString(MailboxView.messagePage(mail), "text/html")
    assert.lengthOf([...document.querySelectorAll("script")], 0)
    assert.lengthOf([...document.querySelectorAll("img")], 0)
    assert.strictEqual(document.querySelector("h1")?.textContent, mail.subject)
    assert.strictEqual(document.querySelector("pre a")?.getAttribute("href"), "https://example.com/?a=1&b=")
    assert.strictEqual(document.querySelector("iframe")?.getAttribute("srcdoc"), `<base target="_blank">${mail.html}`)
  })
})
