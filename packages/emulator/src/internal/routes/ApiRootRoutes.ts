/**
 * `GET /api/v1`: a plain-text greeting that says how the request authenticated. A
 * request without an access type or keys is anonymous (`Authentication: None`); any other runs
 * the protocol's request-authentication checks, so a wrong key or a project id without an access
 * type gets the same "Project and access" errors as every other route.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Fields from "../http/Fields.ts"
import * as RequestAuth from "../http/RequestAuth.ts"
import * as Router from "../../Router.ts"
import { primaryEmailChannel } from "../http/Views.ts"

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The API root route. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("", "public", ({ query, request }) =>
    Effect.gen(function*() {
      // the service reads the credentials first, then checks the (empty) query schema
      const auth = yield* RequestAuth.identify(request)
      const unknown = [...query.keys()]
      if (unknown.length > 0) return yield* Fields.schemaError(Fields.unknownProperties("query", unknown))
      const authentication = auth === undefined
        ? "None"
        : `${capitalized(auth.accessType)}\n  Project: ${auth.project.id}\n  User: ${
          auth.user === undefined ? "None" : primaryEmailChannel(auth.user)?.value ?? auth.user.id
        }`
      const text = `Welcome to the emulated Stack Auth API. The protocol is documented at https://docs.stack-auth.com.\n\nAuthentication: ${authentication}`
      return new Response(text, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } })
    }))
]
