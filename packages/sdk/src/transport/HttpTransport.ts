/**
 * The one seam between the SDK and the network: send a web `Request`, get a web `Response`.
 *
 * The default is the platform's `fetch` (small enough for browser bundles); on Node the server and
 * admin apps use `NodeHttpTransport` (Node's own client) unless given one; the emulator's
 * in-process Layer answers without a socket, and `HttpClientTransport.layer` adapts an
 * `effect/http` `HttpClient` for apps that already configure one.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Body from "./internal/Body.ts"

/**
 * The request never produced a response: refused, reset, DNS, CORS, aborted by the platform.
 * Internal to the pipeline, which turns it into a retry or a `StackTransportError` (reason `ConnectionError`).
 */
export class TransportFailure extends /*#__PURE__*/ Schema.TaggedError<TransportFailure>()("TransportFailure", {
  reason: Schema.String,
  /** Set when the answer's head had arrived with this status: the request reached the service, its body was lost. */
  status: /*#__PURE__*/ Schema.optional(Schema.Number),
  /** Set when the body passed this many bytes: its download was cancelled. */
  maxBytes: /*#__PURE__*/ Schema.optional(Schema.Number)
}) {}

/** An answer read to its end: the response (head) and its whole body as text. */
export interface Exchange {
  readonly response: Response
  readonly text: string
}

/** Sends one HTTP request. Interrupting the effect must abort the request. */
export interface HttpTransport {
  /** Sends one request and answers its response; fails only when no response came. */
  readonly send: (request: Request) => Effect.Effect<Response, TransportFailure>
  /**
   * Optional fast path of the pipeline: sends `init` to `url` and reads the whole body, both under
   * `signal` (aborting it aborts the request or the body's download), as one promise: no fiber, no
   * `Request` built twice (`fetch` builds its own). Transports over a `fetch` function have it, and
   * `NodeHttpTransport`. Without it the pipeline runs `send` in a fiber of its own and reads the
   * body itself. The body is read as {@link readBody} reads it: at most `maxBytes`, nothing of a
   * redirect. A rejection is a `TransportFailure` (with the status when the head had arrived) or
   * what the platform threw.
   */
  readonly exchange?:
    | ((url: string, init: RequestInit, maxBytes: number, signal: AbortSignal) => Promise<Exchange>)
    | undefined
}

const describe = (cause: unknown): string =>
  cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)

/**
 * A thrown cause as a `TransportFailure`, with the answer's `status` when its head had arrived (one
 * that already is a `TransportFailure` is kept as it is).
 */
export const toTransportFailure = (cause: unknown, status?: number): TransportFailure =>
  cause instanceof TransportFailure
    ? cause
    : new TransportFailure(status === undefined ? { reason: describe(cause) } : { reason: describe(cause), status })

/** The failure of a body (of an answer with `status`) past `maxBytes`, declared or read: its download is cancelled. */
export const bodyTooLarge = (status: number, maxBytes: number): TransportFailure =>
  new TransportFailure({ reason: `the body is larger than ${maxBytes} bytes`, status, maxBytes })

/** Whether an answer is a redirect: a 3xx, or the opaque answer a browser gives for `redirect: "manual"`. */
export const isRedirect = (response: Response): boolean =>
  response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)

/** Where a redirect pointed: the origin of its `Location` (never its path or query), or `"unknown"`. */
export const redirectOrigin = (response: Response, url: string): string => {
  const target = response.headers.get("location")
  if (target === null) return "unknown"
  try {
    return new URL(target, url).origin
  } catch {
    return "unknown"
  }
}

/**
 * Reads a body as text, at most `maxBytes` of it (a `Content-Length` above it fails before reading);
 * a redirect's body is not read. Aborting `signal` (the fiber's interruption, a timeout), passing
 * the cap or failing cancels the stream, which closes the connection: no download keeps running.
 * Fails with a `TransportFailure` that carries the status (the head had arrived).
 */
export const readBody = async (response: Response, signal: AbortSignal, maxBytes: number): Promise<string> => {
  const body = response.body
  if (body === null) return ""
  const status = response.status
  const declared = Number(response.headers.get("content-length") ?? Number.NaN)
  if (isRedirect(response) || declared > maxBytes) {
    void body.cancel().catch(() => {})
    if (isRedirect(response)) return ""
    throw bodyTooLarge(status, maxBytes)
  }
  const reader = body.getReader()
  const cancel = () => void reader.cancel().catch(() => {})
  signal.addEventListener("abort", cancel, { once: true })
  try {
    // the chunks are decoded once, at the end, by one shared decoder (no decoder per body)
    const chunks: Array<Uint8Array> = []
    let bytes = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return Body.text(chunks, bytes)
      bytes += value.byteLength
      if (bytes > maxBytes) {
        cancel()
        throw bodyTooLarge(status, maxBytes)
      }
      chunks.push(value)
    }
  } catch (cause) {
    cancel()
    throw toTransportFailure(cause, status)
  } finally {
    signal.removeEventListener("abort", cancel)
  }
}

/** Whether a web `Response` with this status must have no body (204, 205, 304: its constructor refuses one). */
export const hasNullBody = (status: number): boolean => status === 204 || status === 205 || status === 304

/**
 * One exchange through a transport's `send`, then {@link readBody} (at most `maxBytes`), as an
 * effect: interrupting it aborts the request or the body's download. Fails with a
 * `TransportFailure` (with the status when the head had arrived).
 */
export const exchange = (
  transport: HttpTransport,
  url: string,
  init: RequestInit,
  maxBytes: number
): Effect.Effect<Exchange, TransportFailure> =>
  Effect.flatMap(transport.send(new Request(url, init)), (response) =>
    Effect.tryPromise({
      try: (signal) => readBody(response, signal, maxBytes).then((text) => ({ response, text })),
      catch: (cause) => toTransportFailure(cause, response.status)
    }))

/** A transport over a `fetch` function; the fiber's interruption aborts the fetch (and the body's download). */
export const fromFetch = (fetch: typeof globalThis.fetch): HttpTransport => ({
  send: (request) =>
    Effect.tryPromise({
      try: (signal) => fetch(request, { signal }),
      catch: toTransportFailure
    }),
  exchange: async (url, init, maxBytes, signal) => {
    const response = await fetch(url, { ...init, signal })
    return { response, text: await readBody(response, signal, maxBytes) }
  }
})

/** The transport in use; defaults to the platform's `fetch`. */
export const HttpTransport: Context.Reference<HttpTransport> = /*#__PURE__*/ Context.Reference<HttpTransport>(
  "stack-auth-effect/transport/HttpTransport",
  { defaultValue: () => fromFetch((input, init) => globalThis.fetch(input, init)) }
)

/** Uses the given `fetch` (a proxying fetch, a test double, a platform polyfill). */
export const layerFetch = (fetch: typeof globalThis.fetch): Layer.Layer<never> =>
  Layer.succeed(HttpTransport, fromFetch(fetch))

/** Uses a handler that answers web requests directly (an in-process server). */
export const layerHandler = (
  handler: (request: Request) => Effect.Effect<Response>
): Layer.Layer<never> => Layer.succeed(HttpTransport, { send: handler })
