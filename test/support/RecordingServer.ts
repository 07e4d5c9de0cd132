import { createServer, type IncomingHttpHeaders } from "node:http"
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"

/** One request as a loopback server saw it. */
export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string>
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/**
 * A loopback HTTP server that records every request and answers with `respond`. Scoped: it stops
 * when the test's scope closes. Used for differential tests against the official SDK.
 */
export const recordingServer = (
  respond: (request: RecordedRequest) => { status?: number; headers?: Record<string, string>; body: unknown }
) =>
  Effect.acquireRelease(
    Effect.callback<{ readonly url: string; readonly requests: Array<RecordedRequest>; readonly close: () => void }>((resume) => {
      const requests: Array<RecordedRequest> = []
      const server = createServer((req, res) => {
        let body = ""
        req.on("data", (chunk) => (body += chunk))
        req.on("end", () => {
          const url = new URL(req.url ?? "/", "http://localhost")
          const recorded: RecordedRequest = {
            method: req.method ?? "GET",
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            headers: req.headers,
            body
          }
          requests.push(recorded)
          const answer = respond(recorded)
          res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers })
          res.end(JSON.stringify(answer.body))
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address() as { port: number }
        resume(Effect.succeed({ url: `http://127.0.0.1:${address.port}`, requests, close: () => server.close() }))
      })
    }),
    (server) => Effect.sync(() => server.close())
  )

/** Headers that legitimately differ between two SDKs sending the same protocol request. */
export const incidentalHeaders: ReadonlySet<string> = new Set([
  "host", "connection", "user-agent", "accept", "accept-language", "accept-encoding", "sec-fetch-mode",
  "pragma", "cache-control", "content-length",
  "x-stack-random-nonce", // random per request by design
  "x-stack-client-version", // names the SDK
  "ngrok-skip-browser-warning", // a convenience of the official SDK for ngrok tunnels, not protocol
  // sent by @stackframe/js 2.8.39 for newer services; the 2.8.27 service's CORS preflight refuses
  // it (every browser call fails), so ours does not send it (test/transport/CorsHeaders.test.ts)
  "x-stack-allow-anonymous-user"
])

/** The protocol-relevant view of a request: method, path, query, headers but incidental ones, JSON body. */
export const protocolView = (request: RecordedRequest) => ({
  method: request.method,
  path: request.path,
  query: request.query,
  headers: Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name, value]) => !incidentalHeaders.has(name) && value !== "")
      .sort(([a], [b]) => a.localeCompare(b))
  ),
  body: request.body === "" ? undefined : JSON.parse(request.body)
})

/** A form-encoded request (the token endpoint) in its protocol-relevant view: every header but incidental ones, fields sorted. */
export const formView = (request: RecordedRequest) => ({
  ...protocolView({ ...request, body: "" }),
  headers: Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !incidentalHeaders.has(name)).sort(([a], [b]) => a.localeCompare(b))
  ),
  body: Object.fromEntries([...new URLSearchParams(request.body)].sort(([a], [b]) => a.localeCompare(b)))
})

/** Picks requests by method and path (under /api/v1), or by a path pattern. */
export const is = (method: string, path: string | RegExp) => (request: RecordedRequest) =>
  request.method === method && (typeof path === "string" ? request.path === `/api/v1${path}` : path.test(request.path))

/**
 * A differential step runner over one recording server: runs a step with the official SDK, then
 * the same step with ours (provided with `layer`); the requests matching `pick` must be equal and
 * non-empty.
 */
export const sameRequests = (server: { readonly requests: Array<RecordedRequest> }) =>
<A, E, R, LE>(
  name: string,
  theirs: () => Promise<unknown>,
  ours: Effect.Effect<A, E, R>,
  layer: Layer.Layer<R, LE>,
  pick: (request: RecordedRequest) => boolean
) =>
  Effect.gen(function*() {
    server.requests.splice(0)
    yield* Effect.promise(theirs)
    const theirRequests = server.requests.splice(0).filter(pick).map(protocolView)
    yield* Effect.orDie(Effect.provide(ours, layer))
    const ourRequests = server.requests.splice(0).filter(pick).map(protocolView)
    assert.isAbove(theirRequests.length, 0, name)
    assert.deepStrictEqual(ourRequests, theirRequests, name)
  })
