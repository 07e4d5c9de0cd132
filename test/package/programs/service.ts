// A service that authenticates requests and manages users and permissions: a Fetch handler
// (`(request: Request) => Promise<Response>`, what Hono's `app.fetch`, Bun and Deno serve).
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Permissions from "stack-auth-effect/Permissions"
import * as ServerUsers from "stack-auth-effect/ServerUsers"
import * as StackServerApp from "stack-auth-effect/StackServerApp"
import { isTransportError } from "stack-auth-effect/TransportErrors"
import * as Users from "stack-auth-effect/Users"

export const app = ManagedRuntime.make(StackServerApp.layerConfig())

const json = (status: number, body: unknown) => Response.json(body, { status })

/** The caller must be signed in and an admin of the team. */
const requireTeamAdmin = (request: Request, teamId: string) =>
  Effect.gen(function*() {
    const user = yield* Users.getUser()
    if (user === null) return json(401, { error: "sign in first" })
    if (!(yield* Permissions.hasTeamPermission(teamId, "team_admin"))) return json(403, { error: "team admins only" })
    return undefined
  }).pipe(StackServerApp.forRequest(request))

const route = (request: Request, url: URL): Effect.Effect<Response, never, StackServerApp.Services> => {
  const [, resource, id, action, userId] = url.pathname.split("/")
  if (request.method === "GET" && resource === "me") {
    return Users.getUser().pipe(
      StackServerApp.forRequest(request),
      Effect.map((user) => user === null ? json(401, { error: "sign in first" }) : json(200, { email: user.primaryEmail })),
      Effect.catchTags({ KnownError: (e) => Effect.succeed(json(502, { error: e.code })), UnknownErrorCode: () => Effect.succeed(json(502, {})) }),
      Effect.catchTag("StackTransportError", () => Effect.succeed(json(503, { error: "auth service unavailable" })))
    )
  }
  if (request.method === "POST" && resource === "users") {
    return Effect.promise(() => request.json() as Promise<{ email: string }>).pipe(
      Effect.flatMap((body) => ServerUsers.create({ primaryEmail: body.email, primaryEmailAuthEnabled: true })),
      Effect.map((user) => json(201, { id: user.id })),
      Effect.catchTags({
        SchemaError: (e) => Effect.succeed(json(400, { error: e.message })), // a malformed e-mail
        UserWithEmailAlreadyExists: () => Effect.succeed(json(409, { error: "e-mail taken" })),
        PasswordTooShort: (e) => Effect.succeed(json(400, { error: e.message })),
        PasswordTooLong: (e) => Effect.succeed(json(400, { error: e.message })),
        KnownError: (e) => Effect.succeed(json(e.status, { error: e.code })),
        UnknownErrorCode: () => Effect.succeed(json(502, {}))
      }),
      Effect.catchTag("StackTransportError", () => Effect.succeed(json(503, { error: "auth service unavailable" })))
    )
  }
  if (request.method === "POST" && resource === "teams" && id !== undefined && action === "admins" && userId !== undefined) {
    return requireTeamAdmin(request, id).pipe(
      Effect.flatMap((refused) =>
        refused !== undefined ? Effect.succeed(refused) : Effect.as(Permissions.grantTeam(id, userId, "team_admin"), json(204, null))
      ),
      Effect.catchTags({
        UserNotFound: () => Effect.succeed(json(404, { error: "no such user" })),
        TeamMembershipNotFound: () => Effect.succeed(json(404, { error: "not a member of the team" }))
      }),
      // everything else: the service's other refusals, or the service out of reach
      Effect.catch((e) => Effect.succeed(json(isTransportError(e) ? 503 : 500, { error: e._tag })))
    )
  }
  return Effect.succeed(json(404, { error: "not found" }))
}

export const fetch = (request: Request): Promise<Response> => app.runPromise(route(request, new URL(request.url)))
