/**
 * `GET /health` at the root: the probe the SDK's network diagnostics call.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Responses from "../http/Responses.ts"
import * as ServiceHeaders from "../http/ServiceHeaders.ts"
import * as Router from "../../Router.ts"

/** The health route. */
export const routes: ReadonlyArray<Router.Route> = [
  // the service's health answer names no charset
  Router.get("/health", "public", () =>
    Effect.succeed(Responses.json({ status: "ok" }, 200, { ...ServiceHeaders.rootCors, "content-type": "application/json" })), { root: true })
]
