/**
 * An `HttpTransport` over `effect/http`'s `HttpClient`, for apps that already configure one
 * (tracing, proxies, Node agents). Kept out of the default path: `effect/http` costs browser
 * bundles about 17 KiB gzip more than our fetch transport (see BENCHMARKS.md).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Layer from "effect/Layer"
import { HttpTransport, TransportFailure } from "./HttpTransport.ts"

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
      const response = yield* client.execute(outgoing)
      const bytes = yield* response.arrayBuffer
      return new Response(bytes.byteLength === 0 ? null : bytes, {
        status: response.status,
        headers: new Headers(response.headers as Record<string, string>)
      })
    }).pipe(Effect.mapError((error) => new TransportFailure({ reason: String(error) })))
})

/** Routes the SDK's requests through the `HttpClient` in context. */
export const layer: Layer.Layer<never, never, HttpClient.HttpClient> = /*#__PURE__*/ Layer.effect(
  HttpTransport,
  HttpClient.HttpClient.use((client) => Effect.succeed(fromHttpClient(client)))
)
