import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Users from "../../src/api/Users.ts"
import * as StackClientApp from "../../src/apps/StackClientApp.ts"
import * as TokenStore from "../../src/session/TokenStore.ts"
import * as HttpTransport from "../../src/transport/HttpTransport.ts"
import * as fixtures from "../support/fixtures.ts"
const body = JSON.stringify(fixtures.clientUser(fixtures.userId))
let immediates = 0
const origSI = globalThis.setImmediate
;(globalThis as any).setImmediate = (...a: any[]) => { immediates++; return (origSI as any)(...a) }
const transport = Layer.succeed(HttpTransport.HttpTransport, { send: () => Effect.sync(() => new Response(body, { headers: { "content-type": "application/json" } })) })
const runtime = ManagedRuntime.make(Layer.mergeAll(StackClientApp.layer({ projectId: "p", publishableClientKey: "k", baseUrl: "http://x", tokenStore: TokenStore.layerExplicit({ accessToken: fixtures.freshAccessToken(), refreshToken: fixtures.refreshToken }) }), transport))
await runtime.runPromise(Effect.void)
for (const [name, f] of [["getCurrent", () => runtime.runPromise(Users.getCurrent())], ["getUser", () => runtime.runPromise(Users.getUser())]] as const) {
  for (let i = 0; i < 2000; i++) await f()
  immediates = 0
  const c0 = process.cpuUsage(); const t = performance.now(); const N = 10000
  for (let i = 0; i < N; i++) await f()
  const c = process.cpuUsage(c0)
  console.log(name, ((c.user + c.system) / N).toFixed(1), "µs cpu", ((performance.now() - t) * 1000 / N).toFixed(1), "µs wall", (immediates / N).toFixed(2), "setImmediate/call")
}
await runtime.dispose()
