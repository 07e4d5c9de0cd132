/**
 * The benchmarks' loopback service: a minimal `node:http` server (not the emulator, so its own cost
 * stays small and equal for every client) answering the few routes the benchmarks call, with the
 * wire shapes of the real service, and counting requests per route.
 *
 * In-process: `startServer()`. In its own process (so the call timings do not share a core with
 * it): `spawnServer()`, which runs this file with `--child`. Loopback only; the child exits with
 * its parent.
 */
import { spawn } from "node:child_process"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { fromRoot } from "./paths.ts"
import * as fixtures from "./fixtures.ts"

/** Requests seen, by `METHOD path` (user ids collapsed to `:id`). */
export type Counts = Record<string, number>

/** A running loopback server. */
export interface BenchServer {
  readonly url: string
  readonly counts: () => Promise<Counts>
  readonly reset: () => Promise<void>
  readonly close: () => Promise<void>
}

/** Options of the server. */
export interface ServerOptions {
  /** How long the token endpoint takes to answer, like a real service's database round trip. */
  readonly tokenDelayMillis?: number
  /** Sign-ins answer an access token that has already expired (the first call must refresh). */
  readonly expiredSignIn?: boolean
}

const json = { "content-type": "application/json" }

// `GET /users/{id}` body, split around the id so each answer is one string concatenation.
const [userHead, userTail] = JSON.stringify(fixtures.serverUser("\u0000")).split(JSON.stringify("\u0000")) as [string, string]

const handler = (counts: Counts, options: ServerOptions) => (req: IncomingMessage, res: ServerResponse) => {
  const method = req.method ?? "GET"
  const path = (req.url ?? "/").split("?")[0]!
  if (path.startsWith("/__")) return control(counts, path, res)
  const route = method === "GET" && path.startsWith("/api/v1/users/") && path !== "/api/v1/users/me"
    ? "GET /api/v1/users/:id"
    : `${method} ${path}`
  counts[route] = (counts[route] ?? 0) + 1
  switch (route) {
    case "GET /api/v1/users/:id": {
      const id = decodeURIComponent(path.slice("/api/v1/users/".length))
      res.writeHead(200, json).end(userHead + JSON.stringify(id) + userTail)
      return
    }
    case "GET /api/v1/users/me":
      res.writeHead(200, json).end(JSON.stringify(fixtures.clientUser(fixtures.userId)))
      return
    case "POST /api/v1/auth/oauth/token":
      req.resume()
      req.on("end", () =>
        setTimeout(() => {
          res.writeHead(200, { ...json, "cache-control": "no-store" }).end(JSON.stringify({
            access_token: fixtures.freshAccessToken(),
            refresh_token: fixtures.refreshToken,
            token_type: "Bearer",
            expires_in: 600
          }))
        }, options.tokenDelayMillis ?? 0))
      return
    case "POST /api/v1/auth/password/sign-in":
      req.resume()
      req.on("end", () =>
        res.writeHead(200, json).end(JSON.stringify({
          access_token: options.expiredSignIn ? fixtures.expiredAccessToken() : fixtures.freshAccessToken(),
          refresh_token: fixtures.refreshToken,
          user_id: fixtures.userId
        })))
      return
    case "DELETE /api/v1/auth/sessions/current":
      req.resume()
      req.on("end", () => res.writeHead(200, json).end("{}"))
      return
    default:
      req.resume()
      res.writeHead(404, json).end(JSON.stringify({ error: `no route ${route}` }))
  }
}

const control = (counts: Counts, path: string, res: ServerResponse) => {
  if (path === "/__reset") for (const key of Object.keys(counts)) delete counts[key]
  res.writeHead(200, json).end(JSON.stringify(counts))
}

const clientOf = (url: string, close: () => Promise<void>): BenchServer => ({
  url,
  counts: () => fetch(`${url}/__counts`).then((r) => r.json() as Promise<Counts>),
  reset: () => fetch(`${url}/__reset`).then((r) => r.body?.cancel()),
  close
})

/** Starts the server in this process, on a free loopback port. */
export const startServer = (options: ServerOptions = {}): Promise<BenchServer> =>
  new Promise((resolve) => {
    const counts: Counts = {}
    const server = createServer({ keepAlive: true }, handler(counts, options))
    server.on("connection", () => {
      counts["TCP connections"] = (counts["TCP connections"] ?? 0) + 1
    })
    server.keepAliveTimeout = 60_000
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      resolve(clientOf(`http://127.0.0.1:${port}`, () =>
        new Promise((done) => {
          server.closeAllConnections()
          server.close(() => done())
        })))
    })
  })

// this file, from its source or from a compiled copy in bench/.out/
const serverEntry = fromRoot("bench/support/server.ts")

/** Starts the server in a child process (its own core), on a free loopback port. */
export const spawnServer = (options: ServerOptions = {}): Promise<BenchServer> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", serverEntry, "--child", String(options.tokenDelayMillis ?? 0)],
      { stdio: ["pipe", "pipe", "inherit"] }
    )
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const match = /READY (\S+)/.exec(out)
      if (match !== null) {
        resolve(clientOf(match[1]!, () =>
          new Promise((done) => {
            child.once("exit", () => done())
            child.kill()
          })))
      }
    })
    child.once("error", reject)
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)))
  })

if (process.argv[2] === "--child") {
  const server = await startServer({ tokenDelayMillis: Number(process.argv[3] ?? 0) })
  process.stdout.write(`READY ${server.url}\n`)
  // stop with the parent: stdin closes when it exits
  process.stdin.on("close", () => process.exit(0))
  process.stdin.resume()
}
