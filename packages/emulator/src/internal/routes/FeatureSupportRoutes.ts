/**
 * `POST /check-feature-support`: the SDK reports a feature the service does not offer;
 * the service answers 200 with a plain-text explanation, whoever asks.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Router from "../../Router.ts"

const nameOf = (body: unknown): string => {
  const fields = typeof body === "object" && body !== null ? body as Record<string, unknown> : {}
  const name = fields.feature_name ?? fields.name
  return typeof name === "string" && name.length > 0 ? name : "This feature"
}

/** Feature support route. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/check-feature-support", "public", ({ body }) =>
    Effect.succeed(new Response(`${nameOf(body)} is not supported by this service yet.`, {
      status: 200,
      headers: { "content-type": "text/plain; charset=utf-8" }
    })))
]
