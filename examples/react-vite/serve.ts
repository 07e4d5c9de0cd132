/**
 * Serves the example offline: the emulator in the context over HTTP and the example app's Vite
 * dev server, configured with the emulator's demo project. Used by `npm start` (examples/start.ts)
 * and by the browser tests (free ports).
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { fileURLToPath } from "node:url"
import { createServer, type ViteDevServer } from "vite"
import { Emulator, EmulatorServer } from "@stack-auth-effect/emulator/testing"

/** Where to listen; `0` picks a free port. */
export interface Ports {
  readonly api?: number | undefined
  readonly mailbox?: number | undefined
  readonly app?: number | undefined
}

/** How the app's dev server runs. */
export interface Options {
  /**
   * Push source changes to open pages (hot reload); on by default. Tests turn it off, so an edit
   * elsewhere in the checkout never reloads a page mid-flow.
   */
  readonly hotReload?: boolean | undefined
}

/** Where the example runs. */
export interface Served {
  readonly appUrl: string
  readonly apiUrl: string
  readonly mailboxUrl: string
  readonly demoProject: Emulator.Service["demoProject"]
}

const viteConfig = fileURLToPath(new URL("./vite.config.ts", import.meta.url))

const startVite = (port: number | undefined, hotReload: boolean, env: Readonly<Record<string, string>>) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      // Vite hands the VITE_* variables of its process to the app (import.meta.env)
      Object.assign(process.env, env)
      const server = await createServer({
        configFile: viteConfig,
        logLevel: "warn",
        server: {
          ...(port === undefined ? {} : { port, strictPort: port !== 0 }),
          ...(hotReload ? {} : { hmr: false })
        }
      })
      await server.listen()
      return server
    }),
    (server: ViteDevServer) => Effect.promise(() => server.close())
  )

/** Starts the emulator's servers and the app; both stop when the scope closes. */
export const serve = (
  ports: Ports = {},
  options: Options = {}
): Effect.Effect<Served, EmulatorServer.ServeError, Emulator.Emulator | Scope.Scope> =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    const served = yield* EmulatorServer.serve({
      port: ports.api ?? EmulatorServer.defaultPort,
      mailboxPort: ports.mailbox ?? EmulatorServer.defaultMailboxPort
    })
    const demo = emulator.demoProject
    const vite = yield* startVite(ports.app, options.hotReload ?? true, {
      VITE_STACK_PROJECT_ID: demo.projectId,
      VITE_STACK_PUBLISHABLE_CLIENT_KEY: demo.publishableClientKey,
      VITE_STACK_API_URL: served.url,
      VITE_STACK_MAILBOX_URL: served.mailboxUrl ?? ""
    })
    const address = vite.httpServer?.address()
    const port = typeof address === "object" && address !== null ? address.port : vite.config.server.port
    return { appUrl: `http://localhost:${port}/`, apiUrl: served.url, mailboxUrl: served.mailboxUrl ?? "", demoProject: demo }
  })
