/**
 * A small HTTP service on the server app: it authenticates each incoming request as the
 * signed-in user (from its `x-stack-auth` header or the session cookies), lists users and grants a
 * project permission. Framework-neutral: web `Request` in, web `Response` out.
 */
import { Effect, Layer } from "effect"
import { Permissions, ServerUsers, StackServerApp, TokenStore, Users } from "stack-auth-effect"

export interface ServiceOptions {
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly baseUrl: string
}

const json = (status: number, body: unknown) => Response.json(body, { status })

/** The server app, acting as the user this request belongs to (request-scoped token store). */
const appFor = (options: ServiceOptions, request: Request) =>
  StackServerApp.layer({ ...options, tokenStore: TokenStore.layerRequest(request, { projectId: options.projectId }) })

/** Answers one request; the transport (fetch, or an in-process emulator in tests) comes from context. */
export const handle = (options: ServiceOptions) => (request: Request): Effect.Effect<Response> => {
  const url = new URL(request.url)
  const route = `${request.method} ${url.pathname}`
  const program = Effect.gen(function*() {
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
        const permission = url.searchParams.get("permission") ?? "member"
        yield* Permissions.grantProject(me.id, permission)
        return json(200, { granted: permission, to: me.id })
      }
      default:
        return json(404, { error: `no route ${route}` })
    }
  })
  return program.pipe(
    Effect.provide(appFor(options, request)),
    Effect.catchTags({
      PermissionNotFound: (e) => Effect.succeed(json(400, { error: e.message })),
      StackConnectionError: (e) => Effect.succeed(json(502, { error: e.message, diagnostics: e.diagnostics }))
    }),
    Effect.catch((e) => Effect.succeed(json(500, { error: "_tag" in e ? e._tag : "failure" })))
  )
}

/** The app Layer itself, for programs that are not request-scoped (see main.ts). */
export const serverApp = (options: ServiceOptions) => StackServerApp.layer(options).pipe(Layer.orDie)
