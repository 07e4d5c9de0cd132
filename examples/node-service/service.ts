/**
 * A small HTTP service on the server app: it authenticates each incoming request as the
 * signed-in user (from its `x-stack-auth` header or the session cookies), lists users and grants a
 * project permission. Framework-neutral: web `Request` in, web `Response` out (Hono, Bun, Deno
 * and `node:http` through `main.ts` all speak it). One app for the whole process; each request
 * runs as its caller through `StackServerApp.forRequest`.
 */
import { Effect } from "effect"
import { Permissions, ServerUsers, StackServerApp, Users } from "stack-auth-effect"

const json = (status: number, body: unknown) => Response.json(body, { status })

/** Answers one request as its caller; the server app (and its transport) comes from context. */
export const handle = (request: Request): Effect.Effect<Response, never, StackServerApp.Services> => {
  const url = new URL(request.url)
  const route = `${request.method} ${url.pathname}`
  return Effect.gen(function*() {
    // Every route needs a signed-in caller.
    const me = yield* Users.getUser()
    if (me === null) return json(401, { error: "sign in first" })
    switch (route) {
      case "GET /me":
        return json(200, { id: me.id, email: me.primaryEmail, displayName: me.displayName })
      case "GET /users": {
        const page = yield* ServerUsers.list({ limit: 20, orderBy: "signedUpAt" })
        return json(200, { users: page.items.map((u) => ({ id: u.id, email: u.primaryEmail })) })
      }
      case "POST /grant": {
        const permission = url.searchParams.get("permission") ?? "reports:read"
        yield* Permissions.grantProject(me.id, permission)
        return json(200, { granted: permission, to: me.id })
      }
      default:
        return json(404, { error: `no route ${route}` })
    }
  }).pipe(
    StackServerApp.forRequest(request),
    // an unknown permission, or an id the service refuses (only lowercase letters, digits, ":" and "_")
    Effect.catchTag(["PermissionNotFound", "SchemaError"], (e) => Effect.succeed(json(400, { error: e.message }))),
    Effect.catchReason("StackTransportError", "ConnectionError", (reason) =>
      Effect.succeed(json(502, { error: reason.message, diagnostics: reason.diagnostics }))),
    Effect.catch((e) => Effect.succeed(json(500, { error: "_tag" in e ? e._tag : "failure" })))
  )
}
