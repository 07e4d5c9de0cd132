import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
class A extends Context.Service<A, { n: number }>()("A") {}
const S = Schema.Struct({ id: Schema.String })
Effect.runPromise(Effect.provide(A.use((a) => Schema.decodeUnknownEffect(S)({ id: String(a.n) })), Layer.succeed(A, { n: 1 }))).then(console.log)
