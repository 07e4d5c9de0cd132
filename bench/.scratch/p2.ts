import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Session from "../../src/session/Session.ts"
import * as TokenStore from "../../src/session/TokenStore.ts"
import * as StackConfig from "../../src/transport/StackConfig.ts"
import * as StackHttp from "../../src/transport/StackHttp.ts"
import { UserNotFound } from "../../src/protocol/KnownErrors.ts"
const program = Session.call({ method: "GET", path: "/users/me", response: Schema.Struct({ id: Schema.String }), errors: [UserNotFound] }).pipe(
  Effect.provide(Session.layer.pipe(Layer.provide(Layer.mergeAll(StackHttp.layer({ config: StackConfig.make({ projectId: "p", publishableClientKey: "k" }), accessType: "client" }), TokenStore.layerMemory)))))
Effect.runPromise(Effect.exit(program)).then(console.log)
