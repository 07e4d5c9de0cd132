import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
class A extends Context.Service<A, { n: number }>()("A") {}
Effect.runPromise(Effect.provide(A.use((a) => Effect.succeed(a.n)), Layer.succeed(A, { n: 1 }))).then(console.log)
