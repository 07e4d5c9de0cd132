/**
 * The session cookies (names, lifetimes, attributes, the `[refresh, access]`
 * access cookie, the legacy refresh cookie) and the adapters that read and write them: a browser
 * `document`, `node:http`, and a Fetch `Request`/`Response` pair. No Effect here: plain functions.
 *
 * @since 0.1.0
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { attributes, type CookieAdapter, type CookieAttributes, parseCookieHeader, serialize } from "../session/internal/SessionCookies.ts"

export * from "../session/internal/SessionCookies.ts"

/** An adapter that collects `Set-Cookie` strings and reads its own writes back. */
const collecting = (incoming: string, secure: boolean, onChange: (setCookies: ReadonlyArray<string>) => void) => {
  const cookies = parseCookieHeader(incoming)
  const written = new Map<string, string>()
  const write = (name: string, value: string | undefined, attrs: CookieAttributes) => {
    if (value === undefined) cookies.delete(name)
    else cookies.set(name, value)
    written.set(name, serialize(name, value ?? "", attrs))
    onChange([...written.values()])
  }
  const adapter: CookieAdapter = {
    secure,
    get: (name) => cookies.get(name),
    set: (name, value, attrs) => write(name, value, attrs),
    delete: (name, attrs) => write(name, undefined, attrs ?? attributes(0, secure))
  }
  return { adapter, setCookies: () => [...written.values()] }
}

const forwardedHttps = (value: string | ReadonlyArray<string> | null | undefined): boolean =>
  (typeof value === "string" ? value : value?.[0])?.split(",")[0]?.trim().toLowerCase() === "https"

/**
 * Cookies of a `node:http` exchange: reads the request's `Cookie` header, appends
 * `Set-Cookie` headers to the response (keeping headers other code set). Call before the head is sent.
 */
export const nodeAdapter = (request: IncomingMessage, response: ServerResponse): CookieAdapter => {
  const secure = (request.socket as { encrypted?: boolean } | null)?.encrypted === true ||
    forwardedHttps(request.headers["x-forwarded-proto"])
  let ours: ReadonlyArray<string> = []
  return collecting(request.headers.cookie ?? "", secure, (setCookies) => {
    const existing = response.getHeader("set-cookie")
    const others = (Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)])
      .filter((value) => !ours.includes(value))
    ours = setCookies
    response.setHeader("set-cookie", [...others, ...setCookies])
  }).adapter
}

/** Cookies of a Fetch `Request`, with the `Set-Cookie` headers to put on the `Response`. */
export interface FetchCookies extends CookieAdapter {
  /** The `Set-Cookie` values written so far (one per cookie name, the last write wins). */
  readonly setCookies: () => ReadonlyArray<string>
  /** A response carrying the collected `Set-Cookie` headers. */
  readonly applyTo: (response: Response) => Response
}

/** Cookies of a Fetch `Request`/`Response` pair; `Secure` when the request is https. */
export const fetchAdapter = (request: Request): FetchCookies => {
  const secure = new URL(request.url).protocol === "https:" || forwardedHttps(request.headers.get("x-forwarded-proto"))
  const { adapter, setCookies } = collecting(request.headers.get("cookie") ?? "", secure, () => {})
  return {
    ...adapter,
    setCookies,
    applyTo: (response) => {
      const copy = new Response(response.body, response)
      for (const value of setCookies()) copy.headers.append("set-cookie", value)
      return copy
    }
  }
}
