import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { protocolView, recordingServer } from "../support/RecordingServer.ts"

// The official SDK (devDependency, test oracle only) and our pipeline send the same call to a
// recording loopback server; the protocol-relevant parts of the two requests must be equal.

const keys = { projectId: "proj-1", publishableClientKey: "pck_abc", secretServerKey: "ssk_def", superSecretAdminKey: "sak_ghi" }

const projectBody = { id: "proj-1", display_name: "P", description: "", created_at_millis: 0, is_production_mode: false, config: {} }

describe("the same request as @stackframe/js", () => {
  it.effect("client, server and admin calls", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(() => ({ body: projectBody }))
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      const common = { ...keys, baseUrl: server.url, tokenStore: "memory" as const }
      yield* Effect.promise(() => new official.StackClientApp(common).getProject().catch(() => undefined))
      yield* Effect.promise(() => new official.StackServerApp(common).getUser("u1").catch(() => undefined))
      yield* Effect.promise(() => new official.StackAdminApp(common).getProject().catch(() => undefined))
      const theirs = server.requests.splice(0).map(protocolView)

      const config = StackConfig.make({ ...keys, baseUrl: server.url })
      const send = (accessType: "client" | "server" | "admin", path: string) =>
        Effect.flatMap(StackHttp.make({ config, accessType }), (http) => http.execute({ method: "GET", path }))
      yield* send("client", "/projects/current")
      yield* send("server", "/users/u1")
      yield* send("admin", "/internal/projects/current")
      const ours = server.requests.splice(0).map(protocolView)

      assert.strictEqual(theirs.length, 3)
      assert.deepStrictEqual(ours, theirs)
    }))
})
