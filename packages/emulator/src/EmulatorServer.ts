/**
 * The emulator over HTTP: the same handler served by `node:http` on loopback (its answers
 * carry the service's own headers, CORS included: any origin, no credentials), plus the mailbox on its own
 * port: readable pages at `/` (`MailboxView`) and the Inbucket-compatible API under
 * `/api/v1/mailbox`. Both stop when the scope closes.
 *
 * `node:http` is loaded when a server starts, so importing the testing entry stays browser-safe.
 *
 * @since 0.1.0
 */
import type * as Http from "node:http"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as FiberSet from "effect/FiberSet"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { Emulator } from "./Emulator.ts"
import * as Mail from "./Mail.ts"
import * as MailboxView from "./internal/mail/MailboxView.ts"

/** Default port of the API. */
export const defaultPort = 8102
/** Default port of the mailbox API. */
export const defaultMailboxPort = 8105

/** Where to listen. `0` picks a free port; `mailboxPort: false` serves no mailbox. */
export interface ServeOptions {
  readonly port?: number | undefined
  readonly host?: string | undefined
  readonly mailboxPort?: number | false | undefined
}

/** Where the servers listen. */
export interface ServerInfo {
  readonly url: string
  readonly port: number
  /** The mailbox server: open it in a browser to read the mails; its Inbucket API is under `/api/v1/mailbox`. */
  readonly mailboxUrl: string | undefined
  readonly mailboxPort: number | undefined
}

/** A server could not start (port in use, ...). */
export class ServeError extends Schema.TaggedError<ServeError>()("ServeError", { reason: Schema.String }) {}

/** The running servers. */
export class EmulatorServer extends Context.Service<EmulatorServer, ServerInfo>()("stack-auth-effect/emulator/EmulatorServer") {}

/** Headers a browser may send cross-origin. */
export const allowedHeaders = [
  "content-type", "authorization", "x-stack-project-id", "x-stack-access-type", "x-stack-client-version",
  "x-stack-publishable-client-key", "x-stack-secret-server-key", "x-stack-super-secret-admin-key",
  "x-stack-admin-access-token", "x-stack-access-token", "x-stack-refresh-token", "x-stack-random-nonce",
  "x-stack-override-error-status", "x-stack-auth", "x-stack-branch-id"
].join(", ")

/** CORS headers of the mailbox server for a request from `origin` (the API sends the service's own). */
export const corsHeaders = (origin: string | undefined, requestedHeaders: string | undefined): Record<string, string> => ({
  "access-control-allow-origin": origin ?? "*",
  "access-control-allow-credentials": "true",
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers": requestedHeaders ?? allowedHeaders,
  "access-control-expose-headers": "x-stack-known-error, x-stack-actual-status, retry-after",
  "access-control-max-age": "86400",
  vary: "Origin"
})

const skippedHeaders = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"])

const toRequest = (req: Http.IncomingMessage, origin: string): Effect.Effect<Request> =>
  Effect.promise(async () => {
    const chunks: Array<Buffer> = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!.toLowerCase()
      if (!skippedHeaders.has(name)) headers.append(name, req.rawHeaders[i + 1]!)
    }
    const method = req.method ?? "GET"
    const body = method === "GET" || method === "HEAD" || chunks.length === 0 ? undefined : Buffer.concat(chunks)
    return new Request(origin + (req.url ?? "/"), { method, headers, ...(body === undefined ? {} : { body }) })
  })

const writeResponse = (res: Http.ServerResponse, response: Response, cors: Record<string, string>) =>
  Effect.promise(async () => {
    const body = Buffer.from(await response.arrayBuffer())
    const headers: Record<string, string> = { ...cors }
    response.headers.forEach((value, name) => {
      headers[name] = value
    })
    headers["content-length"] = String(body.length)
    res.writeHead(response.status, headers)
    res.end(body)
  })

type Answer = (request: Request) => Effect.Effect<Response | "drop">

/**
 * Serves `answer` on node:http. With `cors` (the mailbox), CORS headers and preflights are added
 * here; without (the API), the emulator's own answers carry the service's headers.
 */
const nodeHandler = (answer: Answer, origin: () => string, withCors: boolean) => (req: Http.IncomingMessage, res: Http.ServerResponse) =>
  Effect.gen(function*() {
    const cors = withCors ? corsHeaders(req.headers.origin, req.headers["access-control-request-headers"]) : {}
    if (withCors && req.method === "OPTIONS") return yield* writeResponse(res, new Response(null, { status: 204 }), cors)
    const response = yield* answer(yield* toRequest(req, origin()))
    if (response === "drop") {
      req.socket.destroy()
      return
    }
    yield* writeResponse(res, response, cors)
  }).pipe(Effect.catchCause(() => Effect.sync(() => req.socket.destroy())))

const listen = (
  http: typeof Http,
  handler: ReturnType<typeof nodeHandler>,
  run: (effect: Effect.Effect<void>) => unknown,
  port: number,
  host: string
): Effect.Effect<Http.Server, ServeError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.callback<Http.Server, ServeError>((resume) => {
      const server = http.createServer((req, res) => void run(handler(req, res)))
      server.once("error", (error) => resume(Effect.fail(new ServeError({ reason: String(error) }))))
      server.listen(port, host, () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.close(() => resume(Effect.void))
        server.closeAllConnections()
      })
  )

const portOf = (server: Http.Server): number => {
  const address = server.address()
  return typeof address === "object" && address !== null ? address.port : 0
}

/** Serves the emulator in the context on loopback until the scope closes. */
export const serve = (options: ServeOptions = {}): Effect.Effect<ServerInfo, ServeError, Emulator | Scope.Scope> =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    const host = options.host ?? "127.0.0.1"
    const http = yield* Effect.promise(() => import("node:http"))
    const run = yield* FiberSet.makeRuntime<never, void, never>()
    let apiOrigin = ""
    const answerApi: Answer = (request) =>
      emulator.handle(request).pipe(Effect.catchTag("ConnectionDropped", () => Effect.succeed("drop" as const)))
    const api = yield* listen(http, nodeHandler(answerApi, () => apiOrigin, false), run, options.port ?? defaultPort, host)
    const urlHost = host.includes(":") ? `[${host}]` : host
    apiOrigin = `http://${urlHost}:${portOf(api)}`
    let mailboxOrigin: string | undefined
    const mailboxPort = options.mailboxPort ?? defaultMailboxPort
    if (mailboxPort !== false) {
      const answerMail: Answer = (request) =>
        emulator.run(Effect.flatMap(MailboxView.answer(request), (page) => page === undefined ? Mail.inbucket(request) : Effect.succeed(page)))
      const mailServer = yield* listen(http, nodeHandler(answerMail, () => mailboxOrigin ?? "", true), run, mailboxPort, host)
      mailboxOrigin = `http://${urlHost}:${portOf(mailServer)}`
    }
    return {
      url: apiOrigin,
      port: portOf(api),
      mailboxUrl: mailboxOrigin,
      mailboxPort: mailboxOrigin === undefined ? undefined : Number(new URL(mailboxOrigin).port)
    }
  })

/** The servers as a Layer (they stop when the layer is released). */
export const layer = (options: ServeOptions = {}): Layer.Layer<EmulatorServer, ServeError, Emulator> =>
  Layer.effect(EmulatorServer, serve(options))
