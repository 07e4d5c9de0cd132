import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import * as HttpClientTransport from "../../packages/sdk/src/transport/HttpClientTransport.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { reasonOf } from "../support/Transport.ts"

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

describe("HttpClientTransport keeps the pipeline's rules (issue #15)", () => {
  const config = StackConfig.make({ projectId: "p1", publishableClientKey: "pck", baseUrl: "http://h.test" })
  /** A client whose answers are not fetch-backed: a status and a body streamed in `chunks`. */
  const streaming = (status: number, chunks: ReadonlyArray<string>, pulled: { count: number }) =>
    HttpClient.make((request) =>
      Effect.succeed({
        request,
        status,
        url: "http://h.test/api/v1/users/u1",
        headers: { "content-type": "application/json" },
        stream: Stream.fromIterable(chunks).pipe(Stream.tap(() => Effect.sync(() => pulled.count++)), Stream.map((chunk) => new TextEncoder().encode(chunk)))
      } as unknown as HttpClientResponse.HttpClientResponse)
    )
  const get = (client: HttpClient.HttpClient, maxResponseBytes: number) =>
    Effect.flatMap(StackHttp.make({ config: { ...config, limits: Limits.make({ maxResponseBytes }) }, accessType: "client" }), (http) =>
      http.execute({ method: "GET", path: "/users/u1" })).pipe(
        Effect.provide(HttpClientTransport.layer.pipe(Layer.provide(Layer.succeed(HttpClient.HttpClient, client))))
      )

  it.effect("a client's streamed answer is read by the pipeline under the size cap and its stream stopped past it", () =>
    Effect.gen(function*() {
      const pulled = { count: 0 }
      const chunks = ["{\"id\":\"", ...Array.from({ length: 50 }, () => "x".repeat(1024)), "\"}"]
      const error = yield* Effect.flip(get(streaming(200, chunks, pulled), 4096))
      assert.strictEqual(reasonOf(error)._tag, "ResponseTooLargeError")
      assert.isBelow(pulled.count, 10, "the stream was not read to its end")
      const small = yield* get(streaming(200, ["{\"id\":", "\"u1\"}"], { count: 0 }), 4096)
      assert.deepStrictEqual(small.body, { id: "u1" })
    }))

  it.effect("a client's 3xx answer is a redirect error, its body unread", () =>
    Effect.gen(function*() {
      const pulled = { count: 0 }
      const error = yield* Effect.flip(get(streaming(302, ["moved"], pulled), 4096))
      assert.strictEqual(reasonOf(error)._tag, "RedirectError")
      assert.strictEqual(pulled.count, 0)
    }))
})
