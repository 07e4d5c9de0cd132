// Bundle probe: the client pipeline plus a session (memory token store, refresh, retry with a
// fresh token) and one typed call with the user's tokens. Between pipeline.ts and app-ours.ts.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { UserNotFound } from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"

const http = StackHttp.layer({ config: StackConfig.make({ projectId: "p", publishableClientKey: "k" }), accessType: "client" })
const program = Session.call({
  method: "GET",
  path: "/users/me",
  response: Schema.Struct({ id: Schema.String }),
  errors: [UserNotFound]
}).pipe(Effect.provide(Session.layer.pipe(Layer.provide(Layer.mergeAll(http, TokenStore.layerMemory)))))
Effect.runPromise(Effect.exit(program)).then(console.log)
