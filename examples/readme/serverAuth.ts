import { createServer } from "node:http"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as AccessTokenVerifier from "stack-auth-effect/AccessTokenVerifier"
import * as CurrentUser from "stack-auth-effect/CurrentUser"
import * as ServerAuth from "stack-auth-effect/ServerAuth"
import * as StackServerApp from "stack-auth-effect/StackServerApp"

// One server app and one verifier for the process (the project's keys are fetched once per 10 minutes).
const app = ManagedRuntime.make(AccessTokenVerifier.layer().pipe(Layer.provideMerge(StackServerApp.layerConfig())))

// What the route does for a signed-in caller.
const me = CurrentUser.CurrentUser.use((user) => Effect.succeed({ userId: user.userId }))

// A Fetch handler: Hono's `app.get("/me", (c) => handleFetch(c.req.raw))`, Bun, Deno, workers.
export const handleFetch = (request: Request): Promise<Response> =>
  app.runPromise(
    me.pipe(
      ServerAuth.forRequest(request), // add { mode: "remote" } to see sign-outs at once
      Effect.map(({ setCookies, value }) => ServerAuth.withSetCookies(Response.json(value), setCookies)),
      Effect.catch((error) => Effect.succeed(Response.json({ error: error._tag }, { status: ServerAuth.statusOf(error) })))
    )
  )

// node:http: the same, with refreshed session cookies written on the response.
export const server = createServer((req, res) =>
  void app.runPromise(
    me.pipe(
      ServerAuth.forRequest(req),
      Effect.map(({ setCookies, value }) => {
        ServerAuth.writeSetCookies(res, setCookies)
        return [200, value] as const
      }),
      Effect.catch((error) => Effect.succeed([ServerAuth.statusOf(error), { error: error._tag }] as const))
    )
  ).then(([status, body]) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)))
)
