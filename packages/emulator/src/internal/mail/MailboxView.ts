/**
 * The mailbox for people: readable HTML pages on the mailbox server, beside its
 * Inbucket-compatible API. `/` lists every mail the emulator sent, newest first (`?to=` keeps one
 * mailbox); `/mail/{id}` shows one: subject, from, to, date, the HTML body rendered in a sandboxed
 * frame (no scripts; links open in a new tab) and the text body with its links clickable. A mail
 * in the service's development form (its body lists sources and variables; HTML and text alike)
 * shows its variables first, links clickable, and its body once, as text.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { Mail } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Html from "../http/Html.ts"
import * as MailModule from "../../Mail.ts"
import { matchPattern } from "../../Router.ts"
import * as Table from "../state/Table.ts"

/** Where one mail is shown (relative to the mailbox server). */
export const messagePath = (id: string): string => `/mail/${encodeURIComponent(id)}`

const style = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
tr.unseen td{font-weight:600}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{color:#555}
iframe{width:100%;min-height:28rem;border:1px solid #ccc;border-radius:4px}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:4px}
pre,dd,h1,td{overflow-wrap:anywhere}dl{grid-template-columns:max-content minmax(0,1fr)}
a{color:#0645ad}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){body{background:#161616;color:#e8e8e8}dt{color:#aaa}pre{background:#262626}th,td{border-color:#3a3a3a}a{color:#8ab4f8}}`

const shell = (title: string, body: string): string =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${Html.escape(title)}</title><style>${style}</style></head>
<body>
${body}
</body></html>`

const date = (millis: number): string => new Date(millis).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC")

/** Text with its http(s) links turned into anchors (everything escaped). */
const linkify = (text: string): string => {
  let html = ""
  let last = 0
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    html += Html.escape(text.slice(last, match.index))
    const url = match[0]
    html += `<a href="${Html.escape(url)}" target="_blank" rel="noopener">${Html.escape(url)}</a>`
    last = match.index + url.length
  }
  return html + Html.escape(text.slice(last))
}

/** The list page: every mail (or one mailbox's), newest first. */
export const listPage = (mails: ReadonlyArray<Mail>, mailbox: string | undefined): string => {
  const rows = mails.map((m) =>
    `<tr class="${m.seen ? "seen" : "unseen"}"><td><a href="${messagePath(m.id)}">${Html.escape(m.subject || "(no subject)")}</a></td>` +
    `<td>${Html.escape(m.to.join(", "))}</td><td>${Html.escape(m.from)}</td><td>${date(m.sentAtMillis)}</td></tr>`
  )
  const heading = mailbox === undefined ? "Mailbox: every mail the emulator sent" : `Mailbox of ${mailbox}`
  return shell(heading, `<h1>${Html.escape(heading)}</h1>
${mailbox === undefined ? "" : `<p><a href="/">All mails</a></p>`}
<p>${mails.length} mail${mails.length === 1 ? "" : "s"}, newest first. Sign-in codes, verification, reset and invitation links arrive here.</p>
${mails.length === 0 ? "<p><em>No mail yet.</em></p>" : `<table><thead><tr><th>Subject</th><th>To</th><th>From</th><th>Sent</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody></table>`}`)
}

/** The HTML body as the frame's document: links open outside the frame. */
const frameDocument = (html: string): string => `<base target="_blank">${html}`

/** The variables of a development-form mail: names, and values with their links clickable. */
const variablesSection = (mail: Mail): string => {
  const entries = Object.entries(MailModule.variablesOf(mail))
  if (entries.length === 0) return ""
  const rows = entries.map(([name, value]) =>
    `<dt>${Html.escape(name)}</dt><dd class="variable">${linkify(typeof value === "string" ? value : JSON.stringify(value))}</dd>`
  )
  return `<h2>Variables</h2>
<dl class="variables">
${rows.join("\n")}
</dl>
`
}

/**
 * The message page: headers, the variables of a development-form mail, the HTML body in a
 * sandboxed frame (when it differs from the text), the text body with clickable links.
 */
export const messagePage = (mail: Mail): string =>
  shell(mail.subject || "(no subject)", `<p><a href="/">← All mails</a></p>
<h1>${Html.escape(mail.subject || "(no subject)")}</h1>
<dl>
<dt>From</dt><dd>${Html.escape(mail.from)}</dd>
<dt>To</dt><dd>${Html.escape(mail.to.join(", "))}</dd>
<dt>Sent</dt><dd>${date(mail.sentAtMillis)}</dd>
</dl>
${variablesSection(mail)}${mail.html.length === 0 || mail.html === mail.text ? "" : `<h2>HTML</h2>
<iframe title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${Html.escape(frameDocument(mail.html))}"></iframe>`}
<h2>Text</h2>
<pre>${linkify(mail.text)}</pre>`)

/**
 * Answers the mailbox pages (`GET /`, `GET /mail/{id}`), or `undefined` for any other request
 * (the Inbucket API answers those). Viewing a mail marks it seen.
 */
export const answer = (request: Request): Effect.Effect<Response | undefined, never, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    if (request.method !== "GET") return undefined
    const url = new URL(request.url)
    const state = yield* EmulatorState.get
    if (url.pathname === "/") {
      const to = url.searchParams.get("to") ?? undefined
      const mails = (to === undefined ? Table.values(state.mails) : MailModule.inMailbox(state, to))
        .slice()
        .sort((a, b) => b.sentAtMillis - a.sentAtMillis)
      return Html.page(listPage(mails, to))
    }
    const one = matchPattern("/mail/:id", url.pathname)
    if (one === undefined) return undefined
    const mail = Table.get(state.mails, one.id!)
    if (mail === undefined) return Html.page(shell("Not found", `<p>No such mail. <a href="/">All mails</a></p>`), 404)
    yield* MailModule.markSeen(mail.id)
    return Html.page(messagePage(mail))
  })
