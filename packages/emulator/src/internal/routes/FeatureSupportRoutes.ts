/**
 * `POST /check-feature-support`: the SDK reports a feature the service does not offer;
 * the service answers 200 with a plain-text explanation, whoever asks (credentials are optional,
 * but the ones sent must hold).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as RequestAuth from "../http/RequestAuth.ts"
import * as Router from "../../Router.ts"

const nameOf = (body: unknown): string => {
  const fields = typeof body === "object" && body !== null ? body as Record<string, unknown> : {}
  const name = fields.feature_name
  return name === undefined || name === null ? "This feature" : String(name)
}

/** Feature support route. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/check-feature-support", "public", ({ body, request }) =>
    Effect.gen(function*() {
      yield* RequestAuth.identify(request)
      return new Response(`${nameOf(body)} is not supported by this service yet.`, {
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" }
      })
    }))
]
