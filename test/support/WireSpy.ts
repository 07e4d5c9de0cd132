/**
 * What really went over the wire: the emulator's request log redacts secrets (tokens, codes,
 * verifiers, client secrets), so tests that check those values read them here instead. Wraps the
 * `HttpTransport` in use and keeps every request it sends, body included.
 */
import * as Effect from "effect/Effect"
import { HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"

/** One request as sent. */
export interface SentRequest {
  readonly method: string
  /** The path from the root (`/api/v1/auth/oauth/token`). */
  readonly path: string
  readonly headers: Headers
  readonly body: string
  /** The body read as a form (empty when it is not one). */
  readonly form: URLSearchParams
}

/** Runs `effect` with the transport in use wrapped by a recorder; answers its result and the requests sent. */
export const withWireSpy = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const inner = yield* HttpTransport
    const sent: Array<SentRequest> = []
    const spy: HttpTransport = {
      send: (request) =>
        Effect.flatMap(Effect.promise(() => request.clone().text()), (body) => {
          const contentType = request.headers.get("content-type") ?? ""
          sent.push({
            method: request.method,
            path: new URL(request.url).pathname,
            headers: request.headers,
            body,
            form: new URLSearchParams(contentType.includes("application/x-www-form-urlencoded") ? body : "")
          })
          return inner.send(request)
        })
    }
    const result = yield* Effect.provideService(effect, HttpTransport, spy)
    return { result, sent } as const
  })
