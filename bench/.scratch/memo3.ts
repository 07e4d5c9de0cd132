import * as Effect from "effect/Effect"
import * as Session from "../../src/session/Session.ts"
import * as StackClientApp from "../../src/apps/StackClientApp.ts"
const get = Session.Session.use((s) => Effect.succeed(s))
const a = () => StackClientApp.layer({ projectId: "p", publishableClientKey: "k", baseUrl: "http://127.0.0.1:9" })
const r = await Effect.runPromise(Effect.gen(function*() {
  const s1 = yield* get.pipe(Effect.provide(a()))
  const s2 = yield* get.pipe(Effect.provide(a()))
  const s3 = yield* Effect.provide(Effect.gen(function*() { const x = yield* get; const y = yield* get.pipe(Effect.provide(a())); return [x, y] }), a())
  return [s1 === s2, s3[0] === s3[1]]
}))
console.log("two client apps in sequence share a Session:", r[0], "; nested:", r[1])
