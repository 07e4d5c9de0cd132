/**
 * Runs an emulator and the node service together, offline, beside `npm start` (its own ports):
 *   npx tsx examples/node-service/main.ts          (EMULATOR_PORT=8112 SERVICE_PORT=8113 by default)
 * then follow the printed curl commands. It defines the `reports:read` permission at startup, so
 * `POST /grant` works out of the box.
 */
import { createServer } from "node:http"
import { Effect, Layer, ManagedRuntime } from "effect"
import { Auth, AuthHeaders, PermissionDefinitions, StackAdminApp, StackClientApp, StackServerApp } from "stack-auth-effect"
import { Emulator, EmulatorServer } from "@stack-auth-effect/emulator/testing"
import { handle } from "./service.ts"

const emulatorPort = Number(process.env.EMULATOR_PORT ?? 8112)
const servicePort = Number(process.env.SERVICE_PORT ?? 8113)

const program = Effect.gen(function*() {
  const emulator = yield* Emulator.Emulator
  const served = yield* EmulatorServer.serve({ port: emulatorPort, mailboxPort: false })
  const project = { ...emulator.demoProject, baseUrl: served.url }

  // The permission the /grant route hands out, defined once by the project's admin.
  yield* PermissionDefinitions.create("project", { id: "reports:read", description: "Read reports", containedPermissionIds: [] })
    .pipe(Effect.provide(StackAdminApp.layer(project)), Effect.catchTag("PermissionIdAlreadyExists", () => Effect.void))

  // A demo user, signed up through the client app over real HTTP: the headers its browser would forward.
  const headers = yield* Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email: `demo-${Date.now()}@example.com`, password: "correct-horse-battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
    return yield* AuthHeaders.getAuthHeaders()
  }).pipe(Effect.provide(StackClientApp.layer(project)))

  // One server app for the process; each request runs as its caller.
  const app = yield* Effect.acquireRelease(
    Effect.sync(() => ManagedRuntime.make(StackServerApp.layer(project))),
    (runtime) => Effect.promise(() => runtime.dispose())
  )
  const server = createServer(async (req, res) => {
    const request = new Request(new URL(req.url ?? "/", `http://127.0.0.1:${servicePort}`), {
      method: req.method ?? "GET",
      headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))
    })
    const response = await app.runPromise(handle(request))
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(await response.text())
  })
  yield* Effect.acquireRelease(
    Effect.callback<void>((resume) => void server.listen(servicePort, "127.0.0.1", () => resume(Effect.void))),
    () => Effect.sync(() => server.close())
  )
  // A local demo user on a local emulator: printing its tokens is the point of this example.
  const auth = `-H 'x-stack-auth: ${headers["x-stack-auth"]}'`
  console.log(`emulator: ${served.url}   service: http://127.0.0.1:${servicePort}`)
  console.log(`try: curl ${auth} http://127.0.0.1:${servicePort}/me`)
  console.log(`     curl ${auth} http://127.0.0.1:${servicePort}/users`)
  console.log(`     curl -X POST ${auth} http://127.0.0.1:${servicePort}/grant`)
  return yield* Effect.never
})

program.pipe(Effect.provide(Layer.mergeAll(Emulator.layer)), Effect.scoped, Effect.runPromise)
