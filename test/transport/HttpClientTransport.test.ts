import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Layer from "effect/Layer"
import * as Headers from "../../src/protocol/Headers.ts"
import * as HttpClientTransport from "../../src/transport/HttpClientTransport.ts"
import * as StackConfig from "../../src/transport/StackConfig.ts"
import * as StackHttp from "../../src/transport/StackHttp.ts"

describe("HttpClientTransport", () => {
  it.effect("routes the pipeline through an effect/http HttpClient, headers and body intact", () =>
    Effect.gen(function*() {
      const seen: Array<{ url: string; projectId: string | undefined; body: unknown }> = []
      const client = HttpClient.make((request) =>
        Effect.gen(function*() {
          const text = request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : ""
          seen.push({ url: request.url, projectId: request.headers[Headers.projectId], body: JSON.parse(text) })
          return HttpClientResponse.fromWeb(request, Response.json({ ok: true }, { status: 201 }))
        })
      )
      const config = StackConfig.make({ projectId: "p1", publishableClientKey: "pck", baseUrl: "http://h.test" })
      const response = yield* Effect.flatMap(StackHttp.make({ config, accessType: "client" }), (http) =>
        http.execute({ method: "POST", path: "/teams", body: { display_name: "T" } })
      ).pipe(Effect.provide(HttpClientTransport.layer.pipe(Layer.provide(Layer.succeed(HttpClient.HttpClient, client)))))
      assert.strictEqual(response.status, 201)
      assert.deepStrictEqual(response.body, { ok: true })
      assert.deepStrictEqual(seen, [{ url: "http://h.test/api/v1/teams", projectId: "p1", body: { display_name: "T" } }])
    }))
})
