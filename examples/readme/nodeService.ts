import { createServer } from "node:http"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as StackServerApp from "stack-auth-effect/StackServerApp"
import * as Users from "stack-auth-effect/Users"

// One app for the whole process, built once.
const app = ManagedRuntime.make(StackServerApp.layerConfig())

// Each request runs as its caller (its `x-stack-auth` header or its session cookies).
export const server = createServer((req, res) =>
  void app.runPromise(
    Users.getUser().pipe(
      StackServerApp.forRequest(req),
      Effect.map((user) => user === null ? [401, "sign in first"] as const : [200, `Hello, ${user.primaryEmail}`] as const),
      Effect.catch(() => Effect.succeed([502, "auth service unavailable"] as const))
    )
  ).then(([status, text]) => res.writeHead(status).end(text))
)
