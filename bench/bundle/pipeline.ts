// Bundle probe: build the client pipeline and run one call that declares one known error.
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { call } from "../../packages/sdk/src/transport/Call.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { UserNotFound } from "../../packages/sdk/src/protocol/KnownErrors.ts"

const program = call({
  method: "GET",
  path: "/users/me",
  response: Schema.Struct({ id: Schema.String }),
  errors: [UserNotFound]
}).pipe(
  Effect.provide(StackHttp.layer({ config: StackConfig.make({ projectId: "p", publishableClientKey: "k" }), accessType: "client" }))
)
Effect.runPromise(Effect.exit(program)).then(console.log)
