/**
 * A transport over Node's own HTTP client (`node:http` and `node:https` through their global
 * agents: connections kept alive, the proxy settings Node reads from its environment), for
 * services on Node. It keeps the `fetch` transport's rules: no redirect is followed and nothing
 * of a redirect's body is read, a body is capped (a larger `Content-Length` fails before
 * reading), an abort or a timeout closes the connection, a body a server compressed unasked
 * (`gzip`, `deflate`, `br`) is decompressed, any status is answered as it came. It costs about
 * two thirds of `fetch`'s CPU per call (BENCHMARKS.md, server reads).
 *
 * The server and admin apps send through it by default on Node, unless a transport was provided
 * to them (`Layer.provide`); provide `HttpTransport.layerFetch(fetch)` to keep `fetch`.
 *
 * @since 0.1.0
 * @module
 */
import type * as Http from "node:http"
import type * as Https from "node:https"
import type * as NodeStream from "node:stream"
import type * as Zlib from "node:zlib"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  bodyTooLarge,
  type Exchange,
  hasNullBody,
  HttpTransport,
  isRedirect,
  toTransportFailure,
  TransportFailure
} from "../transport/HttpTransport.ts"
import * as Body from "../transport/internal/Body.ts"
import { StackConfigError } from "../transport/TransportErrors.ts"

/** The Node modules the transport uses. */
interface Modules {
  readonly http: typeof Http
  readonly https: typeof Https
  readonly stream: typeof NodeStream
  readonly zlib: typeof Zlib
}

const host = globalThis as {
  readonly process?: { readonly getBuiltinModule?: (id: string) => unknown }
  readonly navigator?: { readonly userAgent?: unknown }
}

let loaded: Modules | null | undefined

/**
 * Node's modules, read through `process.getBuiltinModule` (never a static import), when the
 * runtime is Node itself: Bun and Deno answer `node:http` over their own `fetch`, no faster.
 */
const modules = (): Modules | undefined => {
  if (loaded === undefined) {
    loaded = null
    try {
      const get = host.process?.getBuiltinModule
      const agent = host.navigator?.userAgent
      if (typeof get === "function" && typeof agent === "string" && agent.startsWith("Node.js/")) {
        const http = get("node:http") as typeof Http | undefined
        const https = get("node:https") as typeof Https | undefined
        const stream = get("node:stream") as typeof NodeStream | undefined
        const zlib = get("node:zlib") as typeof Zlib | undefined
        if (http !== undefined && https !== undefined && stream !== undefined && zlib !== undefined) loaded = { http, https, stream, zlib }
      }
    } catch {
      loaded = null
    }
  }
  return loaded ?? undefined
}

/** Whether the runtime is Node, where {@link make} works. */
export const isAvailable = (): boolean => modules() !== undefined

/** One request as Node's client takes it. */
interface Outgoing {
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | Uint8Array | undefined
}

/** An answer's head as a web `Response` with `body`; a status outside 200–599 is kept as it came (as `fetch` does). */
const toResponse = (incoming: Http.IncomingMessage, body: ReadableStream<Uint8Array> | null): Response => {
  const headers = new Headers()
  const raw = incoming.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  const status = incoming.statusCode ?? 0
  if (status >= 200 && status <= 599) return new Response(hasNullBody(status) ? null : body, { status, headers })
  // the platform's `Response` takes 200–599 only
  const response = new Response(body, { headers })
  Object.defineProperties(response, { status: { value: status }, ok: { value: false } })
  return response
}

/**
 * The body as sent, or decompressed when the answer says `gzip`, `deflate` or `br` (several: in
 * reverse order); an encoding it does not know leaves the body as it is, as `fetch` does.
 */
const decoded = (m: Modules, incoming: Http.IncomingMessage): NodeStream.Readable => {
  const encoding = incoming.headers["content-encoding"]
  if (encoding === undefined) return incoming
  const { constants } = m.zlib
  const decoders: Array<NodeStream.Transform> = []
  for (const coding of encoding.toLowerCase().split(",").map((part) => part.trim()).reverse()) {
    if (coding === "gzip" || coding === "x-gzip") {
      decoders.push(m.zlib.createGunzip({ flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH }))
    } else if (coding === "deflate") {
      decoders.push(m.zlib.createInflate({ flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH }))
    } else if (coding === "br") {
      decoders.push(m.zlib.createBrotliDecompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        finishFlush: constants.BROTLI_OPERATION_FLUSH
      }))
    } else if (coding !== "identity" && coding !== "") {
      return incoming
    }
  }
  return decoders.length === 0 ? incoming : m.stream.pipeline([incoming, ...decoders], () => {}) as unknown as NodeStream.Readable
}

/**
 * Sends one request; `onResponse` takes over once the head arrived, and settles the promise.
 * Aborting `signal` before it settles destroys the request and its answer: the connection is
 * closed, never reused. Fails with a `TransportFailure` (with the status once the head arrived).
 */
const dispatch = <A>(
  m: Modules,
  url: string,
  outgoing: Outgoing,
  signal: AbortSignal,
  onResponse: (incoming: Http.IncomingMessage, succeed: (value: A) => void, fail: (cause: unknown) => void) => void
): Promise<A> =>
  new Promise<A>((resolve, reject) => {
    if (signal.aborted) return reject(toTransportFailure(signal.reason))
    const client = url.startsWith("https:") ? m.https : url.startsWith("http:") ? m.http : undefined
    if (client === undefined) return reject(new TransportFailure({ reason: "TypeError: only http: and https: URLs can be sent" }))
    let request: Http.ClientRequest
    try {
      request = client.request(url, { method: outgoing.method, headers: outgoing.headers })
    } catch (cause) {
      // an invalid header name or value, an invalid URL: nothing was sent
      return reject(toTransportFailure(cause))
    }
    let settled = false
    let incoming: Http.IncomingMessage | undefined
    const onAbort = () => fail(signal.reason)
    const fail = (cause: unknown) => {
      if (settled) return
      settled = true
      signal.removeEventListener("abort", onAbort)
      request.destroy()
      incoming?.destroy()
      reject(toTransportFailure(cause, incoming?.statusCode))
    }
    const succeed = (value: A) => {
      if (settled) return
      settled = true
      signal.removeEventListener("abort", onAbort)
      resolve(value)
    }
    // the body's length, always, as `fetch` sends it: Node sends a DELETE's body without one (the
    // service would not read it, and would read it as the connection's next request)
    const body = outgoing.body
    if (body !== undefined) request.setHeader("content-length", typeof body === "string" ? Buffer.byteLength(body) : body.byteLength)
    else if (outgoing.method === "POST" || outgoing.method === "PUT") request.setHeader("content-length", 0)
    signal.addEventListener("abort", onAbort, { once: true })
    request.on("error", fail)
    request.on("response", (answer) => {
      incoming = answer
      try {
        onResponse(answer, succeed, fail)
      } catch (cause) {
        fail(cause)
      }
    })
    request.end(body)
  })

/** An answer read to its end, at most `maxBytes` of its (decompressed) body; nothing of a redirect's. */
const readAnswer = (m: Modules, maxBytes: number) =>
(
  incoming: Http.IncomingMessage,
  succeed: (exchange: Exchange) => void,
  fail: (cause: unknown) => void
): void => {
  const response = toResponse(incoming, null)
  const status = response.status
  if (isRedirect(response)) {
    incoming.destroy()
    return succeed({ response, text: "" })
  }
  if (Number(incoming.headers["content-length"] ?? Number.NaN) > maxBytes) return fail(bodyTooLarge(status, maxBytes))
  const body = decoded(m, incoming)
  const chunks: Array<Uint8Array> = []
  let bytes = 0
  body.on("data", (chunk: Uint8Array) => {
    bytes += chunk.byteLength
    if (bytes > maxBytes) return fail(bodyTooLarge(status, maxBytes))
    chunks.push(chunk)
  })
  body.on("end", () => succeed({ response, text: Body.text(chunks, bytes) }))
  body.on("error", fail)
  if (body !== incoming) incoming.on("error", fail)
  incoming.on("close", () => {
    if (!incoming.complete) fail(new Error("the connection closed before the body ended"))
  })
}

/**
 * Whether a request can go as it is: its headers a plain record (not `Headers` or a list of
 * pairs), its body text with its type named (not on a GET or HEAD), or none (what the pipeline sends).
 */
const isPlain = (init: RequestInit): init is RequestInit & { readonly headers: Record<string, string>; readonly body?: string | null } => {
  const { body, headers, method } = init
  if (headers === undefined || Array.isArray(headers) || headers instanceof Headers) return false
  if (body === undefined || body === null) return true
  // a GET or HEAD with a body goes to `Request`, which refuses it as `fetch` does
  return typeof body === "string" && method !== undefined && method !== "GET" && method !== "HEAD" &&
    Object.keys(headers).some((name) => name.toLowerCase() === "content-type")
}

/** A web `Request` as Node's client takes it: its headers, and its body read as bytes. */
const outgoingOf = async (request: Request): Promise<Outgoing> => {
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer())
  return { method: request.method, headers, body }
}

/**
 * The transport over Node's client. Fails with a `StackConfigError` on a runtime that is not Node
 * (see {@link isAvailable}).
 */
export const make = (): Effect.Effect<HttpTransport, StackConfigError> =>
  Effect.suspend(() => {
    const m = modules()
    if (m === undefined) {
      return Effect.fail(new StackConfigError({ reason: "NodeHttpTransport needs Node.js (node:http); this runtime is not Node" }))
    }
    return Effect.succeed<HttpTransport>({
      send: (request) =>
        Effect.tryPromise({
          try: async (signal) =>
            dispatch<Response>(m, request.url, await outgoingOf(request), signal, (incoming, succeed) => {
              if (hasNullBody(incoming.statusCode ?? 0) || request.method === "HEAD") {
                incoming.resume()
                return succeed(toResponse(incoming, null))
              }
              succeed(toResponse(incoming, m.stream.Readable.toWeb(decoded(m, incoming)) as ReadableStream<Uint8Array>))
            }),
          catch: toTransportFailure
        }),
      exchange: async (url, init, maxBytes, signal) => {
        // anything but the pipeline's plain requests is read through a web `Request` first (its
        // headers, its body's bytes and type, as `fetch` would send them)
        const outgoing = isPlain(init)
          ? { method: init.method ?? "GET", headers: init.headers, body: init.body ?? undefined }
          : await outgoingOf(new Request(url, init))
        return dispatch(m, url, outgoing, signal, readAnswer(m, maxBytes))
      }
    })
  })

/** Sends every request of the app through Node's client; fails on a runtime that is not Node. */
export const layer: Layer.Layer<never, StackConfigError> = /*#__PURE__*/ Layer.effect(HttpTransport, make())
