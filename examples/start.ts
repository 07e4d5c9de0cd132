/**
 * `npm start`: the emulator over HTTP (API on 8102, mailbox on 8105) and the React example app
 * (Vite dev server) configured with the emulator's demo project. Works offline; Ctrl+C stops both.
 *
 * Open the printed URL, sign up, and read sign-in codes and links in the printed mailbox.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Effect from "effect/Effect"
import { fileURLToPath } from "node:url"
import { createServer, type ViteDevServer } from "vite"
import { Emulator, EmulatorServer } from "stack-auth-effect/testing"

const viteConfig = fileURLToPath(new URL("./react-vite/vite.config.ts", import.meta.url))

const startVite = Effect.acquireRelease(
  Effect.promise(async () => {
    const server = await createServer({ configFile: viteConfig, logLevel: "warn" })
    await server.listen()
    return server
  }),
  (server: ViteDevServer) => Effect.promise(() => server.close())
)

const program = Effect.gen(function*() {
  const emulator = yield* Emulator.Emulator
  const served = yield* EmulatorServer.serve({ port: EmulatorServer.defaultPort, mailboxPort: EmulatorServer.defaultMailboxPort })
  const demo = emulator.demoProject
  // Vite exposes VITE_* variables of its process to the app (import.meta.env)
  process.env.VITE_STACK_PROJECT_ID = demo.projectId
  process.env.VITE_STACK_PUBLISHABLE_CLIENT_KEY = demo.publishableClientKey
  process.env.VITE_STACK_API_URL = served.url
  const vite = yield* startVite
  const appUrl = vite.resolvedUrls?.local[0] ?? `http://localhost:${vite.config.server.port}/`
  console.log([
    "",
    "stack-auth-effect React example",
    `  App:      ${appUrl}`,
    `  API:      ${served.url}  (the local emulator, demo project "${demo.displayName}")`,
    `  Mailbox:  ${served.mailboxUrl}/api/v1/mailbox/{address}  (sign-in codes, verification and reset links)`,
    "",
    "Press Ctrl+C to stop.",
    ""
  ].join("\n"))
  return yield* Effect.never
})

program.pipe(Effect.scoped, Effect.provide(Emulator.layer), NodeRuntime.runMain)
