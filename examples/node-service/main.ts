/**
 * Runs the emulator and the node service together, offline:
 *   npx tsx examples/node-service/main.ts
 * then follow the printed curl commands.
 */
import { createServer } from "node:http"
import { Effect, Layer, Redacted } from "effect"
import { Auth, HttpTransport, Session, StackClientApp } from "stack-auth-effect"
import { Emulator, EmulatorServer } from "stack-auth-effect/testing"
import { handle } from "./service.ts"

const program = Effect.gen(function*() {
  const emulator = yield* Emulator.Emulator
  const served = yield* EmulatorServer.serve({ port: 8102, mailboxPort: false })
  const options = { ...emulator.demoProject, baseUrl: served.url }

  // A demo user, signed up through the client app over real HTTP.
  const tokens = yield* Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email: `demo-${Date.now()}@example.com`, password: "correct-horse-battery" })
    return yield* (yield* Session.Session).getTokens()
  }).pipe(Effect.provide(StackClientApp.layer(options)))

  const answer = handle(options)
  const server = createServer(async (req, res) => {
    const request = new Request(new URL(req.url ?? "/", "http://127.0.0.1:8103"), {
      method: req.method ?? "GET",
      headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))
    })
    const response = await Effect.runPromise(answer(request))
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(await response.text())
  })
  yield* Effect.acquireRelease(
    Effect.callback<void>((resume) => void server.listen(8103, "127.0.0.1", () => resume(Effect.void))),
    () => Effect.sync(() => server.close())
  )
  // A local demo user on a local emulator: printing its tokens is the point of this example.
  const auth = JSON.stringify({
    accessToken: tokens === undefined ? "" : Redacted.value(tokens.accessToken),
    refreshToken: tokens?.refreshToken === undefined ? "" : Redacted.value(tokens.refreshToken)
  })
  console.log(`emulator: ${served.url}   service: http://127.0.0.1:8103`)
  console.log(`try: curl -H 'x-stack-auth: ${auth}' http://127.0.0.1:8103/me`)
  return yield* Effect.never
})

program.pipe(
  Effect.provide(Layer.mergeAll(Emulator.layer, Layer.succeed(HttpTransport.HttpTransport, HttpTransport.fromFetch(fetch)))),
  Effect.scoped,
  Effect.runPromise
)
