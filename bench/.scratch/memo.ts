import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Session from "../../src/session/Session.ts"
import * as TokenStore from "../../src/session/TokenStore.ts"
import * as StackServerApp from "../../src/apps/StackServerApp.ts"
import * as fixtures from "../support/fixtures.ts"
const runtime = ManagedRuntime.make(StackServerApp.layer({ ...fixtures.keys, baseUrl: "http://127.0.0.1:9" }))
for (const token of ["a-refresh", "b-refresh"]) {
  const req = { headers: { "x-stack-auth": JSON.stringify({ refreshToken: token }) } }
  const store = TokenStore.layerRequest(req, { projectId: fixtures.keys.projectId })
  const got = await runtime.runPromise(Effect.gen(function*() {
    const s = yield* Session.Session
    const t = yield* TokenStore.TokenStore
    return [(yield* t.get).refreshToken, yield* s.state]
  }).pipe(Effect.provide(Session.layer.pipe(Layer.provideMerge(store)))))
  console.log(token, String(got[0] && (await import("effect/Redacted")).value(got[0] as any)), JSON.stringify(got[1]))
}
await runtime.dispose()
