import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Session from "../../src/session/Session.ts"
import * as TokenStore from "../../src/session/TokenStore.ts"
import * as StackServerApp from "../../src/apps/StackServerApp.ts"
import * as fixtures from "../support/fixtures.ts"
const runtime = ManagedRuntime.make(StackServerApp.layer({ ...fixtures.keys, baseUrl: "http://127.0.0.1:9" }))
const appSession = await runtime.runPromise(Session.Session.use((s) => Effect.succeed(s)))
for (const [name, mk] of [["Session.layer", () => Session.layer], ["Layer.fresh(Session.layer)", () => Layer.fresh(Session.layer)]] as const) {
  const seen: unknown[] = []
  for (const token of ["a-refresh", "b-refresh"]) {
    const store = TokenStore.layerRequest({ headers: { "x-stack-auth": JSON.stringify({ refreshToken: token }) } }, { projectId: fixtures.keys.projectId })
    seen.push(await runtime.runPromise(Session.Session.use((s) => Effect.succeed(s)).pipe(Effect.provide(mk().pipe(Layer.provide(store))))))
  }
  console.log(name, "same as app's:", seen[0] === appSession, seen[1] === appSession, "same across requests:", seen[0] === seen[1])
}
// and without a runtime: plain Effect.runPromise with the app layer + request session
await runtime.dispose()
