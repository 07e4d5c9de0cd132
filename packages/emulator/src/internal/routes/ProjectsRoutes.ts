/**
 * `GET /projects/current`: the project as a client reads it.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Responses from "../http/Responses.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Views from "../http/Views.ts"

/** Project routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/projects/current", "client", ({ auth, query }) =>
    Effect.as(RequestSchema.check(RequestSchema.crud({ query: [RequestSchema.object({}), RequestSchema.queryObject(query)] }), null), Responses.json(Views.clientProject(auth.project))))
]
