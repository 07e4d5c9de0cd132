import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Schema from "effect/Schema"
import * as ServerUsers from "../../src/api/ServerUsers.ts"
import * as StackServerApp from "../../src/apps/StackServerApp.ts"
import * as HttpTransport from "../../src/transport/HttpTransport.ts"
import * as StackHttp from "../../src/transport/StackHttp.ts"
import * as StackConfig from "../../src/transport/StackConfig.ts"
import * as Call from "../../src/transport/Call.ts"
import * as Nonce from "../../src/protocol/Nonce.ts"
import { ServerUser } from "../../src/protocol/schemas/ServerUser.ts"
import * as fixtures from "../support/fixtures.ts"

const baseUrl = "http://127.0.0.1:9"
const config = StackConfig.make({ ...fixtures.keys, baseUrl })
const headers = StackHttp.buildHeaders(config, "server", { method: "GET", path: "/users/x" })
const bodyText = JSON.stringify(fixtures.serverUser("x"))
const respond = () => new Response(bodyText, { headers: { "content-type": "application/json" } })
const transport = Layer.succeed(HttpTransport.HttpTransport, { send: () => Effect.sync(respond) })
const runtime = ManagedRuntime.make(Layer.mergeAll(StackServerApp.layer({ ...fixtures.keys, baseUrl }), transport))
await runtime.runPromise(Effect.void)
const parsed = fixtures.serverUser("x")
const decode = Schema.decodeUnknownEffect(ServerUser)
const cases: Record<string, () => unknown> = {
  request: () => new Request(`${baseUrl}/api/v1/users/x`, { method: "GET", headers, credentials: "omit" }),
  requestFromRequest: () => new Request(new Request(`${baseUrl}/api/v1/users/x`, { method: "GET", headers, credentials: "omit" }), { signal: new AbortController().signal }),
  abortController: () => new AbortController(),
  nonce: () => Nonce.make(),
  buildHeaders: () => StackHttp.buildHeaders(config, "server", { method: "GET", path: "/users/x" }),
  responseJson: () => respond().json(),
  responseText: () => respond().text().then(JSON.parse),
  decodeSync: () => Schema.decodeUnknownSync(ServerUser)(parsed),
  decodeEffect: () => runtime.runPromise(decode(parsed)),
  execute: () => runtime.runPromise(StackHttp.StackHttp.use((h) => h.execute({ method: "GET", path: "/users/x" }))),
  callUnknown: () => runtime.runPromise(Call.call({ method: "GET", path: "/users/x", response: Schema.Unknown, errors: [] })),
  callUser: () => runtime.runPromise(Call.call({ method: "GET", path: "/users/x", response: ServerUser, errors: [] })),
  get: () => runtime.runPromise(ServerUsers.get("x")),
}
const which = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(cases)
const N = Number(process.env.N ?? 20000)
for (const k of which) {
  const f = cases[k]!
  for (let i = 0; i < 3000; i++) await f()
  const best: number[] = []
  for (let r = 0; r < 5; r++) { const c0 = process.cpuUsage(); for (let i = 0; i < N; i++) await f(); const c = process.cpuUsage(c0); best.push((c.user + c.system) / N) }
  console.log(k.padEnd(22), Math.min(...best).toFixed(2), "µs cpu")
}
await runtime.dispose()
