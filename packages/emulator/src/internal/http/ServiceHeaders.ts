/**
 * The headers the service puts on its answers, measured on the 2.8.27 backend: the
 * security headers of its web framework on every answer; CORS for any origin without
 * credentials (a fixed list of allowed headers, not an echo of the preflight's); the framework's
 * `vary` and `x-middleware-rewrite` (the `/api/v1` path rewritten to `/api/latest`); and, on
 * answers of its API handlers, `cache-control: no-store, max-age=0` and a random
 * `x-stack-request-id`. A preflight is a bare 200; a method a route does not have is a bare 405.
 *
 * @since 0.1.0
 */

/** The security headers on every answer, preflights included. */
export const security: Readonly<Record<string, string>> = {
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "content-security-policy": ""
}

/** The request headers a browser may send to the API cross-origin, in the service's order. */
export const allowedHeaders = [
  "content-type", "authorization", "x-stack-project-id", "x-stack-branch-id", "x-stack-override-error-status",
  "x-stack-random-nonce", "x-stack-client-version", "x-stack-disable-artificial-development-delay", "x-stack-access-type",
  "x-stack-publishable-client-key", "x-stack-secret-server-key", "x-stack-super-secret-admin-key", "x-stack-admin-access-token",
  "x-stack-refresh-token", "x-stack-access-token", "baggage", "sentry-trace", "x-vercel-protection-bypass", "ngrok-skip-browser-warning"
].join(", ")

/** CORS of the API (`/api/...`): any origin, no credentials. */
export const apiCors: Readonly<Record<string, string>> = {
  "access-control-allow-headers": allowedHeaders,
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "content-type, x-stack-actual-status, x-stack-known-error",
  "access-control-max-age": "86400"
}

/** The CORS `/health` sets on its own answer (paths outside the API get none from the framework). */
export const rootCors: Readonly<Record<string, string>> = {
  "access-control-allow-headers": "*",
  "access-control-allow-methods": "*",
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "*"
}

/** The web framework's `vary`. */
export const vary = "RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch"

/** The cache policy of the API's answers. */
export const cacheControl = "no-store, max-age=0"

/** The internal path a request is served from: `/api/v1/x?q` → `/api/latest/x?q`; others unchanged. */
export const rewriteOf = (url: URL): string => {
  const path = url.pathname === "/api/v1" || url.pathname.startsWith("/api/v1/") ? `/api/latest${url.pathname.slice("/api/v1".length)}` : url.pathname
  return path + url.search
}

const requestIdAlphabet = "0123456789abcdefghijklmnopqrstuvwxyz"

/** A fresh request id (16 characters of lowercase base 36). */
export const requestId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => requestIdAlphabet[b % requestIdAlphabet.length]).join("")
}

/** Whether a URL is under the API (`/api/...`), where the service answers CORS itself. */
export const isApi = (url: URL) => url.pathname.startsWith("/api/")

/** What kind of answer is being decorated. */
export type Kind = "answer" | "preflight" | "method-not-allowed"

/**
 * The answer to a CORS preflight of the API: 200, no body. Outside the API the web framework
 * answers `OPTIONS` itself: 204 with `allow` (the path's methods), no CORS (`methods` given).
 */
export const preflight = (url: URL, methods?: ReadonlyArray<string>): Response => {
  if (isApi(url) || methods === undefined) return new Response(null, { status: 200, headers: { ...security, ...apiCors } })
  const allow = [...new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].join(", ")
  return new Response(null, {
    status: 204,
    headers: { allow, ...security, vary, "x-middleware-rewrite": rewriteOf(url) }
  })
}

const notFoundHtml = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>404: This page could not be found.</title></head><body><h1>404</h1><p>This page could not be found.</p></body></html>"

/**
 * The web framework's not-found page, for a path outside the API without routes (whatever the
 * method): HTML, not cached, compressed with gzip when the request accepts it.
 */
export const notFoundPage = (request: Request): Response => {
  const gzip = /\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "")
  const body = gzip ? new Blob([notFoundHtml]).stream().pipeThrough(new CompressionStream("gzip")) : notFoundHtml
  return new Response(body, {
    status: 404,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store, must-revalidate",
      vary: `${vary}, Accept-Encoding`,
      ...(gzip ? { "content-encoding": "gzip" } : {})
    }
  })
}

/** The answer for a method a path does not have: a bare 405. */
export const methodNotAllowed = (): Response => new Response(null, { status: 405 })

/** Adds the service's headers to an answer; the answer's own headers win. */
export const decorate = (url: URL, response: Response, kind: Kind): Response => {
  if (kind === "preflight") return response
  const api = isApi(url)
  const headers = new Headers({
    ...security,
    ...(api ? apiCors : {}),
    "x-middleware-rewrite": rewriteOf(url),
    vary,
    ...(api && kind === "answer" ? { "cache-control": cacheControl } : {})
  })
  response.headers.forEach((value, name) => headers.set(name, value))
  if (api && kind === "answer" && !headers.has("x-stack-request-id")) headers.set("x-stack-request-id", requestId())
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
