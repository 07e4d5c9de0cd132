/**
 * A real HTTP server on loopback whose every answer is scripted, for the reliability tests that
 * need real sockets: connections reset mid-body, stalled answers, and proof that an interrupted
 * call closes its connection (the server sees the socket close before it answered).
 *
 * Answers can be forwarded to a handler (the emulator's `handle`), so a write really happens
 * before the connection is broken. Scoped: the server and its sockets close with the scope.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import * as Effect from "effect/Effect"

/** What the server does with one request. */
export type Behaviour =
  /** Answer with `forward` (e.g. the emulator). */
  | { readonly _tag: "Forward" }
  /** A complete answer. */
  | { readonly _tag: "Respond"; readonly status: number; readonly headers?: Record<string, string>; readonly body: string }
  /** Destroy the socket without answering; with `forwardFirst` the request is processed first. */
  | { readonly _tag: "Reset"; readonly forwardFirst?: boolean }
  /**
   * Send the head (with the full `content-length`) and `fraction` of the body, then destroy the
   * socket. The body is the forwarded answer's when `forwardFirst`, else `body`.
   */
  | { readonly _tag: "ResetMidBody"; readonly forwardFirst?: boolean; readonly body?: string; readonly fraction?: number }
  /** Never answer. */
  | { readonly _tag: "Stall" }
  /** Send the head and part of the body, then never finish. */
  | { readonly _tag: "StallMidBody"; readonly body: string }
  /** Stream 64 KiB chunks of `x` forever (a body without end), until the client closes. */
  | { readonly _tag: "Endless"; readonly status?: number; readonly contentLength?: number }

/** One request as the server saw it, and how its connection ended. */
export interface Seen {
  readonly index: number
  readonly method: string
  readonly path: string
  readonly body: string
  readonly behaviour: Behaviour["_tag"]
  /** The client closed the connection before the answer was complete (an abort). */
  closedByClient: boolean
  /** The answer was completely written. */
  finished: boolean
  /** The request was handed to `forward` (the service processed it). */
  forwarded: boolean
}

/** The running server. */
export interface LoopbackServer {
  readonly url: string
  readonly seen: ReadonlyArray<Seen>
  /** Requests received so far (optionally for one method and path under the root). */
  readonly count: (filter?: { readonly method?: string; readonly path?: string }) => number
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

const toWebRequest = (req: IncomingMessage, origin: string, body: string): Request => {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase()
    if (!["host", "connection", "content-length", "transfer-encoding", "keep-alive"].includes(name)) {
      headers.append(name, req.rawHeaders[i + 1]!)
    }
  }
  const method = req.method ?? "GET"
  return new Request(origin + (req.url ?? "/"), {
    method,
    headers,
    ...(method === "GET" || method === "HEAD" || body.length === 0 ? {} : { body })
  })
}

const headObject = (response: Response, length: number): Record<string, string> => {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  headers["content-length"] = String(length)
  return headers
}

/**
 * Starts a loopback server answering each request as `decide` says. `forward` answers `Forward`
 * and the `forwardFirst` variants.
 */
export const loopbackServer = (
  decide: (request: { readonly index: number; readonly method: string; readonly path: string; readonly body: string }) => Behaviour,
  forward: (request: Request) => Promise<Response> = () => Promise.resolve(new Response("{}", { status: 200 }))
) =>
  Effect.acquireRelease(
    Effect.callback<{ readonly server: LoopbackServer; readonly close: () => Promise<void> }>((resume) => {
      const seen: Array<Seen> = []
      const sockets = new Set<Socket>()
      let origin = ""
      const handle = async (req: IncomingMessage, res: ServerResponse) => {
        const body = await readBody(req)
        const url = new URL(req.url ?? "/", "http://loopback")
        const index = seen.length
        const behaviour = decide({ index, method: req.method ?? "GET", path: url.pathname, body })
        const record: Seen = {
          index,
          method: req.method ?? "GET",
          path: url.pathname,
          body,
          behaviour: behaviour._tag,
          closedByClient: false,
          finished: false,
          forwarded: false
        }
        seen.push(record)
        let destroyedByUs = false
        res.on("finish", () => (record.finished = true))
        res.on("close", () => {
          if (!record.finished && !destroyedByUs) record.closedByClient = true
        })
        const destroy = () => {
          destroyedByUs = true
          req.socket.destroy()
        }
        const forwarded = () => {
          record.forwarded = true
          return forward(toWebRequest(req, origin, body))
        }
        switch (behaviour._tag) {
          case "Forward": {
            const response = await forwarded()
            const bytes = Buffer.from(await response.arrayBuffer())
            res.writeHead(response.status, headObject(response, bytes.length))
            res.end(bytes)
            return
          }
          case "Respond": {
            const bytes = Buffer.from(behaviour.body)
            res.writeHead(behaviour.status, { ...behaviour.headers, "content-length": String(bytes.length) })
            res.end(bytes)
            return
          }
          case "Reset": {
            if (behaviour.forwardFirst) await forwarded()
            destroy()
            return
          }
          case "ResetMidBody": {
            const response = behaviour.forwardFirst
              ? await forwarded()
              : new Response(behaviour.body ?? "{\"ok\":true}", { status: 200, headers: { "content-type": "application/json" } })
            const bytes = Buffer.from(await response.arrayBuffer())
            const sent = Math.max(1, Math.floor(bytes.length * (behaviour.fraction ?? 0.5)))
            res.writeHead(response.status, headObject(response, bytes.length))
            res.write(bytes.subarray(0, Math.min(sent, bytes.length - 1)), () => setTimeout(destroy, 5))
            return
          }
          case "Stall":
            return // keep the connection open, answer nothing
          case "Endless": {
            const chunk = Buffer.alloc(64 * 1024, "x")
            res.writeHead(behaviour.status ?? 200, {
              "content-type": "application/json",
              ...(behaviour.contentLength === undefined ? {} : { "content-length": String(behaviour.contentLength) })
            })
            const pump = () => {
              while (!res.destroyed && res.write(chunk)) { /* until the socket's buffer is full */ }
              if (!res.destroyed) res.once("drain", pump)
            }
            pump()
            return
          }
          case "StallMidBody": {
            const bytes = Buffer.from(behaviour.body)
            res.writeHead(200, { "content-type": "application/json", "content-length": String(bytes.length) })
            res.write(bytes.subarray(0, Math.floor(bytes.length / 2)))
            return
          }
        }
      }
      const server = createServer((req, res) => {
        handle(req, res).catch(() => req.socket.destroy())
      })
      server.on("connection", (socket) => {
        sockets.add(socket)
        socket.on("close", () => sockets.delete(socket))
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address() as { port: number }
        origin = `http://127.0.0.1:${address.port}`
        const count = (filter: { readonly method?: string; readonly path?: string } = {}) =>
          seen.filter((s) => (filter.method === undefined || s.method === filter.method) && (filter.path === undefined || s.path === filter.path)).length
        resume(Effect.succeed({
          server: { url: origin, seen, count },
          close: () =>
            new Promise<void>((done) => {
              for (const socket of sockets) socket.destroy()
              server.close(() => done())
            })
        }))
      })
    }),
    ({ close }) => Effect.promise(close)
  ).pipe(Effect.map(({ server }) => server))

/** A loopback port with nothing listening (bound, then released): connecting is refused. */
export const refusedPort: Effect.Effect<number> = Effect.callback<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const port = (server.address() as { port: number }).port
    server.close(() => resume(Effect.succeed(port)))
  })
})

/**
 * Waits on the real clock, in macrotask turns (no timers), until `check` holds: socket events
 * arrive outside the fiber scheduler. Fails after `turns` turns.
 */
export const eventually = <R>(check: Effect.Effect<boolean, never, R>, turns = 200_000): Effect.Effect<void, never, R> =>
  Effect.gen(function*() {
    for (let turn = 0; turn < turns; turn++) {
      if (yield* check) return
      yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
    }
    return yield* Effect.die(new Error("condition never held"))
  })
