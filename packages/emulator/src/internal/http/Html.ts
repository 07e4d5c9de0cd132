/**
 * The few HTML pages the emulator serves itself (the mock OAuth provider, the mailbox view):
 * escaping of text put into them, and the answer carrying a page.
 *
 * @since 0.1.0
 */

const entities: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }

/** Text made safe inside HTML, text or attribute values (`<`, `>`, `&` and quotes escaped). */
export const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => entities[c]!)

/** An HTML page as a response (200 unless given), never cached. */
export const page = (html: string, status = 200): Response =>
  new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } })
