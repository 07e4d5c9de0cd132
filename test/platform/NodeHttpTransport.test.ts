/**
 * The transport over Node's own client (`NodeHttpTransport`) against real loopback servers: what
 * it sends, what it answers (statuses, headers, bodies, compressed bodies), the `fetch`
 * transport's rules it keeps (no redirect followed, the body capped, an abort closing the
 * connection), and that the server and admin apps use it by default on Node unless they were
 * given a transport.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as NodeHttpTransport from "../../packages/sdk/src/platform/NodeHttpTransport.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { eventually, loopbackServer } from "../support/LoopbackServer.ts"
import { demoConfig, flush, loopbackOnlyFetch } from "../reliability/support.ts"

/** One request as the server saw it. */
interface Received {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage["headers"]
  readonly body: string
}

/** A loopback server answering with `handler`; records what it received and whether each socket closed. */
const serve = (handler: (req: IncomingMessage, res: ServerResponse, received: Received) => void) =>
  Effect.acquireRelease(
    Effect.callback<{ readonly url: string; readonly received: Array<Received>; readonly closed: () => number; readonly close: () => void }>((resume) => {
      const received: Array<Received> = []
      const sockets = new Set<Socket>()
      let closed = 0
      const server = createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (chunk: Buffer) => chunks.push(chunk))
        req.on("end", () => {
          const seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") }
          received.push(seen)
          handler(req, res, seen)
        })
      })
      server.on("connection", (socket) => {
        sockets.add(socket)
        socket.on("close", () => {
          closed++
          sockets.delete(socket)
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number }
        resume(Effect.succeed({
          url: `http://127.0.0.1:${port}`,
          received,
          closed: () => closed,
          close: () => {
            for (const socket of sockets) socket.destroy()
            server.close()
          }
        }))
      })
    }),
    (server) => Effect.sync(server.close)
  )

const transport = Effect.runSync(NodeHttpTransport.make())
const exchange = (url: string, init: RequestInit = {}, maxBytes = 16 * 1024 * 1024, signal = new AbortController().signal) =>
  Effect.promise(() => transport.exchange!(url, { method: "GET", headers: {}, ...init }, maxBytes, signal).then(Exit.succeed, (cause: unknown) => Exit.fail(cause)))
const failureOf = (exit: Exit.Exit<unknown, unknown>): HttpTransport.TransportFailure => {
  assert.isTrue(Exit.isFailure(exit), "failed")
  const error = Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: unknown }).error : undefined
  assert.instanceOf(error, HttpTransport.TransportFailure)
  return error as HttpTransport.TransportFailure
}
const valueOf = <A>(exit: Exit.Exit<A, unknown>): A => {
  assert.isTrue(Exit.isSuccess(exit), "succeeded")
  return (exit as Exit.Success<A>).value
}

describe("NodeHttpTransport", () => {
  it("is available on Node", () => {
    assert.isTrue(NodeHttpTransport.isAvailable())
  })

  it.effect("sends the method, headers and body as given, and answers status, headers (every Set-Cookie) and the body's text", () =>
    Effect.gen(function*() {
      const server = yield* serve((_req, res) => {
        res.setHeader("set-cookie", ["a=1", "b=2"])
        res.writeHead(201, { "content-type": "application/json", "x-stack-actual-status": "201" })
        res.end("\uFEFF{\"ok\":\"é\"}")
      })
      const { response, text } = valueOf(yield* exchange(`${server.url}/api/v1/users?x=1`, {
        method: "POST",
        headers: { "x-stack-project-id": "p1", "content-type": "application/json" },
        body: "{\"a\":\"ü\"}"
      }))
      assert.strictEqual(response.status, 201)
      assert.deepStrictEqual(response.headers.getSetCookie(), ["a=1", "b=2"])
      assert.strictEqual(response.headers.get("x-stack-actual-status"), "201")
      assert.strictEqual(text, "{\"ok\":\"é\"}", "UTF-8, the BOM dropped, as Response.text() reads it")
      const [seen] = server.received
      assert.strictEqual(seen!.method, "POST")
      assert.strictEqual(seen!.url, "/api/v1/users?x=1")
      assert.strictEqual(seen!.headers["x-stack-project-id"], "p1")
      assert.strictEqual(seen!.headers["content-length"], String(Buffer.byteLength("{\"a\":\"ü\"}")))
      assert.strictEqual(seen!.body, "{\"a\":\"ü\"}")
      assert.isUndefined(seen!.headers["sec-fetch-mode"], "not fetch")
    }))

  it.effect("every body goes with its length, as fetch sends it (a DELETE's too: Node would send it without one); POST and PUT without a body say 0", () =>
    Effect.gen(function*() {
      const server = yield* serve((_req, res) => res.end("ok"))
      for (const method of ["DELETE", "PATCH", "POST", "PUT"]) {
        yield* exchange(server.url, { method, headers: { "content-type": "application/json" }, body: "{\"é\":1}" })
      }
      yield* exchange(server.url, { method: "POST", headers: {} })
      yield* exchange(server.url, { method: "PUT", headers: {} })
      yield* exchange(server.url, { method: "GET", headers: {} })
      assert.deepStrictEqual(
        server.received.map((seen) => [seen.method, seen.headers["content-length"], seen.headers["transfer-encoding"], seen.body]),
        [
          ["DELETE", "8", undefined, "{\"é\":1}"],
          ["PATCH", "8", undefined, "{\"é\":1}"],
          ["POST", "8", undefined, "{\"é\":1}"],
          ["PUT", "8", undefined, "{\"é\":1}"],
          ["POST", "0", undefined, ""],
          ["PUT", "0", undefined, ""],
          ["GET", undefined, undefined, ""]
        ]
      )
    }))

  it.effect("a request that is not plain (Headers, a form, a text body of no type) is sent as fetch would send it", () =>
    Effect.gen(function*() {
      const server = yield* serve((_req, res) => res.end("ok"))
      yield* exchange(server.url, { method: "POST", headers: new Headers({ "x-a": "1" }), body: new URLSearchParams({ q: "a b" }) })
      yield* exchange(server.url, { method: "POST", headers: { "x-b": "2" }, body: "hello" })
      const [form, plain] = server.received
      assert.strictEqual(form!.headers["x-a"], "1")
      assert.strictEqual(form!.headers["content-type"], "application/x-www-form-urlencoded;charset=UTF-8")
      assert.strictEqual(form!.body, "q=a+b")
      assert.strictEqual(plain!.headers["content-type"], "text/plain;charset=UTF-8")
      assert.strictEqual(plain!.body, "hello")
    }))

  it.effect("any status is answered as it came (999 too, as fetch does); 204 has no body", () =>
    Effect.gen(function*() {
      const server = yield* serve((req, res) => {
        if (req.url === "/999") {
          res.writeHead(999, { "content-type": "text/plain" })
          res.end("odd")
        } else {
          res.writeHead(204)
          res.end()
        }
      })
      const odd = valueOf(yield* exchange(`${server.url}/999`))
      assert.strictEqual(odd.response.status, 999)
      assert.isFalse(odd.response.ok)
      assert.strictEqual(odd.text, "odd")
      const empty = valueOf(yield* exchange(`${server.url}/204`))
      assert.strictEqual(empty.response.status, 204)
      assert.strictEqual(empty.text, "")
    }))

  it.effect("a redirect is answered as it is, not followed, and its body is not read (the connection is closed)", () =>
    Effect.gen(function*() {
      const elsewhere = yield* serve((_req, res) => res.end("stolen"))
      const server = yield* serve((_req, res) => {
        res.writeHead(302, { location: `${elsewhere.url}/x` })
        res.write(Buffer.alloc(64 * 1024, "x"))
      })
      const { response, text } = valueOf(yield* exchange(server.url))
      assert.strictEqual(response.status, 302)
      assert.strictEqual(response.headers.get("location"), `${elsewhere.url}/x`)
      assert.strictEqual(text, "")
      assert.strictEqual(elsewhere.received.length, 0)
      yield* eventually(Effect.sync(() => server.closed() === 1))
    }))

  it.effect("a body past the cap fails with the status and the cap, and closes the connection; a larger Content-Length fails before reading", () =>
    Effect.gen(function*() {
      const server = yield* serve((req, res) => {
        if (req.url === "/declared") {
          res.writeHead(200, { "content-length": String(10 * 1024 * 1024) })
          res.write("x")
          return
        }
        res.writeHead(200)
        const chunk = Buffer.alloc(16 * 1024, "x")
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) { /* until the socket's buffer is full */ }
          if (!res.destroyed) res.once("drain", pump)
        }
        pump()
      })
      const endless = failureOf(yield* exchange(`${server.url}/endless`, {}, 100_000))
      assert.deepStrictEqual([endless.status, endless.maxBytes, endless.reason], [200, 100_000, "the body is larger than 100000 bytes"])
      const declared = failureOf(yield* exchange(`${server.url}/declared`, {}, 100_000))
      assert.deepStrictEqual([declared.status, declared.maxBytes], [200, 100_000])
      yield* eventually(Effect.sync(() => server.closed() === 2))
    }))

  it.effect("a body compressed with gzip, deflate or br is decompressed, the cap counting what it decompresses to; an unknown coding is left as is", () =>
    Effect.gen(function*() {
      const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: `user-${i}` })) })
      const server = yield* serve((req, res) => {
        const coding = req.url!.slice(1)
        const body = coding === "gzip"
          ? gzipSync(json)
          : coding === "deflate"
          ? deflateSync(json)
          : coding === "br"
          ? brotliCompressSync(json)
          : coding === "bomb"
          ? gzipSync(Buffer.alloc(5_000_000))
          : Buffer.from(json)
        res.writeHead(200, { "content-encoding": coding === "bomb" ? "gzip" : coding })
        res.end(body)
      })
      assert.strictEqual(valueOf(yield* exchange(`${server.url}/gzip`)).text, json)
      assert.strictEqual(valueOf(yield* exchange(`${server.url}/deflate`)).text, json)
      assert.strictEqual(valueOf(yield* exchange(`${server.url}/br`)).text, json)
      assert.strictEqual(valueOf(yield* exchange(`${server.url}/zstd`)).text, json, "not decoded: the bytes as they came")
      const bomb = failureOf(yield* exchange(`${server.url}/bomb`, {}, 1_000_000))
      assert.strictEqual(bomb.maxBytes, 1_000_000)
    }))

  it.effect("aborting before the head or in the middle of the body fails (with the status once the head arrived) and closes the connection", () =>
    Effect.gen(function*() {
      const server = yield* serve((req, res) => {
        if (req.url === "/mid") {
          res.writeHead(200, { "content-length": "100" })
          res.write("{")
        }
      })
      for (const [path, status] of [["/stall", undefined], ["/mid", 200]] as const) {
        const controller = new AbortController()
        const fiber = yield* Effect.forkChild(exchange(`${server.url}${path}`, {}, 1000, controller.signal))
        yield* eventually(Effect.sync(() => server.received.length === (path === "/stall" ? 1 : 2)))
        yield* flush(10)
        controller.abort()
        const failure = failureOf(yield* Fiber.join(fiber))
        assert.strictEqual(failure.status, status, path)
        assert.include(failure.reason, "AbortError")
      }
      yield* eventually(Effect.sync(() => server.closed() === 2))
      const aborted = new AbortController()
      aborted.abort()
      assert.include(failureOf(yield* exchange(server.url, {}, 1000, aborted.signal)).reason, "AbortError")
      assert.strictEqual(server.received.length, 2, "an aborted signal sends nothing")
    }))

  it.effect("a connection lost mid-body fails with the status; a refused one, an invalid header value, a scheme other than http(s) and a GET with a body without one", () =>
    Effect.gen(function*() {
      const server = yield* serve((_req, res) => {
        res.writeHead(200, { "content-length": "100" })
        res.write("{\"a\":", () => setTimeout(() => res.socket?.destroy(), 5))
      })
      assert.strictEqual(failureOf(yield* exchange(server.url)).status, 200)
      const refused = yield* serve(() => {})
      refused.close()
      assert.isUndefined(failureOf(yield* exchange(refused.url)).status)
      assert.isUndefined(failureOf(yield* exchange(server.url, { headers: { "x-a": "a\nb" } })).status)
      assert.include(failureOf(yield* exchange("ftp://127.0.0.1/x")).reason, "only http: and https:")
      // thrown by the platform's `Request`, as `fetch` throws it (the pipeline makes it a TransportFailure)
      const get = yield* exchange(server.url, { headers: { "content-type": "text/plain" }, body: "x" })
      assert.include(HttpTransport.toTransportFailure(Exit.isFailure(get) ? Cause.squash(get.cause) : undefined).reason, "GET/HEAD")
      assert.strictEqual(server.received.length, 1)
    }))

  it.effect("send: a web Request in, a web Response with its body as a stream out; interrupting it closes the connection", () =>
    Effect.gen(function*() {
      const server = yield* serve((req, res) => {
        if (req.url === "/stall") return
        res.writeHead(200, { "content-type": "application/json" })
        res.end(JSON.stringify({ got: req.headers["x-a"] }))
      })
      const response = yield* transport.send(new Request(`${server.url}/ok`, { method: "POST", headers: { "x-a": "1" }, body: "b" }))
      assert.strictEqual(response.status, 200)
      assert.deepStrictEqual(yield* Effect.promise(() => response.json()), { got: "1" })
      assert.strictEqual(server.received[0]!.body, "b")
      const fiber = yield* Effect.forkChild(transport.send(new Request(`${server.url}/stall`)))
      yield* eventually(Effect.sync(() => server.received.length === 2))
      yield* Fiber.interrupt(fiber)
      yield* eventually(Effect.sync(() => server.closed() >= 1))
    }))

  it.effect("through the pipeline: a call interrupted before the head or in the middle of the body closes its connection", () =>
    Effect.gen(function*() {
      const server = yield* loopbackServer((request) =>
        request.path.endsWith("/mid") ? { _tag: "StallMidBody", body: JSON.stringify({ id: "u1" }) } : { _tag: "Stall" }
      )
      const http = yield* Effect.orDie(StackHttp.make({ config: demoConfig(server.url), accessType: "server" }))
      for (const path of ["/users/stall", "/users/mid"]) {
        const fiber = yield* Effect.forkChild(http.execute({ method: "GET", path }).pipe(Effect.provideService(HttpTransport.HttpTransport, transport)))
        yield* eventually(Effect.sync(() => server.count({ path: `/api/v1${path}` }) === 1))
        yield* flush(20)
        yield* Fiber.interrupt(fiber)
        yield* eventually(Effect.sync(() => server.seen.at(-1)!.closedByClient))
      }
    }))
})

describe("the apps' transport on Node", () => {
  const keys = { projectId: "p1", publishableClientKey: "pck", secretServerKey: "ssk", superSecretAdminKey: "sak" }
  /** Which client sent the one request a layer's app made: fetch adds `sec-fetch-mode`, Node's client does not. */
  const clientOf = <E>(layer: (baseUrl: string) => Layer.Layer<StackHttp.StackHttp, E>, provide?: (effect: Effect.Effect<unknown, unknown, StackHttp.StackHttp>) => Effect.Effect<unknown, unknown, StackHttp.StackHttp>) =>
    Effect.gen(function*() {
      const server = yield* serve((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" })
        res.end("{}")
      })
      const call = StackHttp.StackHttp.use((http) => http.execute({ method: "GET", path: "/users/u1" }))
      yield* Effect.orDie((provide ?? ((effect) => effect))(call).pipe(Effect.provide(layer(server.url))))
      return server.received[0]!.headers["sec-fetch-mode"] === undefined ? "node:http" : "fetch"
    })

  it.effect("server and admin apps send through Node's client when they were given no transport; the client app through fetch", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* clientOf((baseUrl) => StackServerApp.layer({ ...keys, baseUrl })), "node:http")
      assert.strictEqual(yield* clientOf((baseUrl) => StackAdminApp.layer({ ...keys, baseUrl })), "node:http")
      assert.strictEqual(yield* clientOf((baseUrl) => StackClientApp.layer({ ...keys, baseUrl })), "fetch")
    }))

  it.effect("a transport given to the app (Layer.provide, or per effect) wins over Node's client", () =>
    Effect.gen(function*() {
      const fetchLayer = HttpTransport.layerFetch(loopbackOnlyFetch)
      assert.strictEqual(yield* clientOf((baseUrl) => StackServerApp.layer({ ...keys, baseUrl }).pipe(Layer.provide(fetchLayer))), "fetch")
      assert.strictEqual(yield* clientOf((baseUrl) => StackAdminApp.layer({ ...keys, baseUrl }).pipe(Layer.provideMerge(fetchLayer))), "fetch")
      assert.strictEqual(
        yield* clientOf(
          (baseUrl) => StackServerApp.layer({ ...keys, baseUrl }),
          (effect) => effect.pipe(Effect.provideService(HttpTransport.HttpTransport, HttpTransport.fromFetch(loopbackOnlyFetch)))
        ),
        "fetch"
      )
    }))

  it.effect("a server app's calls go through Node's client end to end: a user created, read, and a known error typed", () =>
    Effect.gen(function*() {
      const emulator = yield* Effect.orDie(Emulator.make())
      const server = yield* loopbackServer(() => ({ _tag: "Forward" }), (request) => Effect.runPromise(Effect.orDie(emulator.handle(request))))
      const app = StackServerApp.layer({ ...demoProject, baseUrl: server.url })
      const created = yield* ServerUsers.create({ displayName: "Ada", primaryEmail: "ada@example.com" }).pipe(Effect.provide(app), Effect.orDie)
      const read = yield* ServerUsers.get(created.id).pipe(Effect.provide(app), Effect.orDie)
      assert.deepStrictEqual([read.id, read.displayName, read.primaryEmail], [created.id, "Ada", "ada@example.com"])
      const missing = yield* Effect.flip(ServerUsers.get("00000000-0000-4000-8000-000000000000").pipe(Effect.provide(app)))
      assert.instanceOf(missing, KnownErrors.UserNotFound)
      assert.isTrue(server.seen.every((seen) => seen.forwarded && seen.finished), "every call reached the emulator over the socket")
    }))
})
