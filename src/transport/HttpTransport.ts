/**
 * The one seam between the SDK and the network: send a web `Request`, get a web `Response`.
 *
 * The default is the platform's `fetch` (small enough for browser bundles); the emulator's
 * in-process Layer answers without a socket, and `HttpClientTransport.layer` adapts an
 * `effect/http` `HttpClient` for apps that already configure one.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"

/**
 * The request never produced a response: refused, reset, DNS, CORS, aborted by the platform.
 * Internal to the pipeline, which turns it into a retry or a `StackConnectionError`.
 */
export class TransportFailure extends /*#__PURE__*/ Schema.TaggedError<TransportFailure>()("TransportFailure", {
  reason: Schema.String
}) {}

/** An answer read to its end: the response (head) and its whole body as text. */
export interface Exchange {
  readonly response: Response
  readonly text: string
}

/** Sends one HTTP request. Interrupting the effect must abort the request. */
export interface HttpTransport {
  readonly send: (request: Request) => Effect.Effect<Response, TransportFailure>
  /**
   * Optional fast path of the pipeline: sends `init` to `url` and reads the whole body, both under
   * one abort signal (interrupting aborts the request or the body's download). Transports over a
   * `fetch` function have it: `fetch` builds its own `Request`, so none is built twice. Without
   * it the pipeline builds a `Request`, calls `send` and reads the body itself.
   */
  readonly exchange?: ((url: string, init: RequestInit) => Effect.Effect<Exchange, TransportFailure>) | undefined
}

const describe = (cause: unknown): string =>
  cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)

const readWhole = (response: Response): Promise<Exchange> => response.text().then((text) => ({ response, text }))

/** A transport over a `fetch` function; the fiber's interruption aborts the fetch (and the body's download). */
export const fromFetch = (fetch: typeof globalThis.fetch): HttpTransport => ({
  send: (request) =>
    Effect.tryPromise({
      try: (signal) => fetch(request, { signal }),
      catch: (cause) => new TransportFailure({ reason: describe(cause) })
    }),
  exchange: (url, init) =>
    Effect.tryPromise({
      try: (signal) => fetch(url, { ...init, signal }).then(readWhole),
      catch: (cause) => new TransportFailure({ reason: describe(cause) })
    })
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
