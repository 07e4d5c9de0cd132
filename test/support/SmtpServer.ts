/**
 * A real SMTP server on loopback (`smtp-server`), for tests of the emulator's "send test e-mail":
 * it signs in one user (plain AUTH without TLS, like a local relay), keeps every mail it receives,
 * and closes with the scope. Also: a port where nothing listens, and a server that accepts
 * connections but never greets (to exercise the time limit).
 */
import { createServer, type Server, type Socket } from "node:net"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { SMTPServer } from "smtp-server"

/** One mail as the server received it. */
export interface Received {
  readonly user: string | undefined
  readonly from: string | undefined
  readonly to: ReadonlyArray<string>
  readonly data: string
}

/** A running SMTP server. */
export interface Running {
  readonly port: number
  readonly received: ReadonlyArray<Received>
}

const listening = (listen: (done: () => void) => void, port: () => number) =>
  Effect.callback<number>((resume) => listen(() => resume(Effect.succeed(port()))))

const addressPort = (server: Server): number => {
  const address = server.address()
  return typeof address === "object" && address !== null ? address.port : 0
}

/**
 * Starts an SMTP server accepting `username` / `password` on a free loopback port; with
 * `rejectRecipients` it refuses every recipient with that reply code.
 */
export const smtpServer = (
  credentials: { readonly username: string; readonly password: string },
  options: { readonly rejectRecipients?: number } = {}
): Effect.Effect<Running, never, Scope.Scope> =>
  Effect.gen(function*() {
    const received: Array<Received> = []
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === credentials.username && auth.password === credentials.password) return callback(null, { user: auth.username })
        callback(new Error("Invalid username or password"))
      },
      onRcptTo(_address, _session, callback) {
        if (options.rejectRecipients === undefined) return callback()
        callback(Object.assign(new Error("Recipient refused by this server"), { responseCode: options.rejectRecipients }))
      },
      onData(stream, session, callback) {
        const chunks: Array<Buffer> = []
        stream.on("data", (chunk: Buffer) => chunks.push(chunk))
        stream.on("end", () => {
          received.push({
            user: session.user as string | undefined,
            from: session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString("utf8")
          })
          callback()
        })
      }
    })
    const port = yield* Effect.acquireRelease(
      listening((done) => server.listen(0, "127.0.0.1", done), () => addressPort(server.server)),
      () => Effect.callback<void>((resume) => server.close(() => resume(Effect.void)))
    )
    return { port, received }
  })

/** A loopback port nothing listens on (bound, then released). */
export const closedPort: Effect.Effect<number> = Effect.callback<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const port = addressPort(server)
    server.close(() => resume(Effect.succeed(port)))
  })
})

/** A server that accepts connections and never says a word (an SMTP server that hangs). */
export const silentServer: Effect.Effect<number, never, Scope.Scope> = Effect.gen(function*() {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  return yield* Effect.acquireRelease(
    listening((done) => server.listen(0, "127.0.0.1", done), () => addressPort(server)),
    () =>
      Effect.callback<void>((resume) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resume(Effect.void))
      })
  )
})
