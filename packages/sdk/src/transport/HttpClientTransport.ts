/**
 * An `HttpTransport` over `effect/http`'s `HttpClient`, for apps that already configure one
 * (tracing, proxies, Node agents). Kept out of the default path: `effect/http` costs browser
 * bundles about 17 KiB gzip more than our fetch transport (see BENCHMARKS.md).
 *
 * It keeps the rules of the fetch transport (issue #15): the answer's body is handed over as a
 * stream, so the pipeline reads it with the same size cap (`HttpTransport.readBody`) and cancels
 * the download past it; a fetch-based client is told not to follow redirects, and an answer that a
 * client reached by following one anyway is refused as a redirect.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { hasNullBody, HttpTransport, TransportFailure } from "./HttpTransport.ts"

/** Where an answer came from, when not from `url`: a client followed a redirect (origin and path compared). */
const followedTo = (url: string, answered: string): string | undefined => {
  try {
    const sent = new URL(url)
    const reached = new URL(answered, url)
    return sent.origin === reached.origin && sent.pathname === reached.pathname ? undefined : reached.origin
  } catch {
    return undefined
  }
}

/**
 * The answer as a web `Response` whose body streams (never buffered here: the pipeline reads it
 * under its size cap). An answer reached through a followed redirect becomes a bodiless 307 whose
 * `Location` is where it came from, so the pipeline refuses it as a redirect.
 */
const toResponse = (url: string, response: HttpClientResponse.HttpClientResponse): Response => {
  const elsewhere = followedTo(url, response.url) // the URL that answered (a followed redirect's last hop)
  if (elsewhere !== undefined) {
    void Option.map(HttpClientResponse.toWeb(response), (web) => web.body?.cancel().catch(() => {}))
    return new Response(null, { status: 307, headers: { location: elsewhere } })
  }
  const web = HttpClientResponse.toWeb(response)
  if (Option.isSome(web)) return web.value
  const status = response.status
  return new Response(hasNullBody(status) ? null : Stream.toReadableStream(response.stream), {
    status,
    headers: new Headers(response.headers as Record<string, string>)
  })
}

/** Adapts an `HttpClient` to the SDK's transport; interruption propagates to the client. */
export const fromHttpClient = (client: HttpClient.HttpClient): HttpTransport => ({
  send: (request) =>
    Effect.gen(function*() {
      const body = request.body === null ? undefined : new Uint8Array(yield* Effect.promise(() => request.arrayBuffer()))
      let outgoing = HttpClientRequest.make(request.method.toUpperCase() as "GET")(request.url, {
        headers: Object.fromEntries(request.headers)
      })
      if (body !== undefined) {
        outgoing = HttpClientRequest.bodyUint8Array(outgoing, body, request.headers.get("content-type") ?? undefined)
      }
      // a fetch-based client follows redirects unless told otherwise: the SDK never does (issue #15)
      const init = yield* Effect.map(Effect.context<never>(), (context) => Context.getOrUndefined(context, FetchHttpClient.RequestInit))
      const response = yield* client.execute(outgoing).pipe(
        Effect.provideService(FetchHttpClient.RequestInit, { ...init, redirect: "manual", credentials: "omit" })
      )
      return toResponse(request.url, response)
    }).pipe(Effect.mapError((error) => new TransportFailure({ reason: String(error) })))
})

/** Routes the SDK's requests through the `HttpClient` in context. */
export const layer: Layer.Layer<never, never, HttpClient.HttpClient> = /*#__PURE__*/ Layer.effect(
  HttpTransport,
  HttpClient.HttpClient.use((client) => Effect.succeed(fromHttpClient(client)))
)
