/**
 * Browser end-to-end harness: the emulator over HTTP on loopback, the example app's Vite dev
 * server, and Debian's Chromium driven by playwright-core. Everything is scoped: closing the
 * test's scope stops the browser, Vite and the emulator.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { createServer } from "vite"
import { Emulator, layer as emulatorLayer } from "../../src/emulator/Emulator.ts"
import * as EmulatorServer from "../../src/emulator/Server.ts"

/** Debian's Chromium, installed by .ci/run (Playwright cannot download browsers here). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Where screenshots of final pages are kept (a CI artifact; git-ignored). */
export const artifactsDir = fileURLToPath(new URL("../../.artifacts/e2e/", import.meta.url))

const viteConfig = fileURLToPath(new URL("../../examples/react-vite/vite.config.ts", import.meta.url))

/** What a browser test gets. */
export interface Harness {
  readonly appUrl: string
  readonly apiUrl: string
  readonly mailboxUrl: string
  readonly browser: Browser
  /** A fresh browser context (its own cookies and storage: a second user, or a second device). */
  readonly newContext: () => Effect.Effect<BrowserContext, never, Scope.Scope>
  /** Saves a screenshot of the page under .artifacts/e2e/<name>.png. */
  readonly screenshot: (page: Page, name: string) => Effect.Effect<string>
}

const startVite = (env: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      Object.assign(process.env, env)
      const server = await createServer({
        configFile: viteConfig,
        logLevel: "error",
        server: { port: 0, host: "127.0.0.1", strictPort: false, hmr: false }
      })
      await server.listen()
      const address = server.httpServer?.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      return { server, url: `http://127.0.0.1:${port}` }
    }),
    ({ server }) => Effect.promise(() => server.close())
  )

const launchChromium = Effect.acquireRelease(
  Effect.promise(() =>
    chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      // Without the background-networking flags Chromium keeps dialling out on a closed network.
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"
      ]
    })
  ),
  (browser) => Effect.promise(() => browser.close())
)

/** Starts the emulator, the example app and Chromium; provides a fresh `Emulator` too. */
export const harness: Effect.Effect<Harness, never, Scope.Scope | Emulator> = Effect.gen(function*() {
  const emulator = yield* Emulator
  const served = yield* EmulatorServer.serve({ port: 0, mailboxPort: 0 }).pipe(Effect.orDie)
  const vite = yield* startVite({
    VITE_STACK_PROJECT_ID: emulator.demoProject.projectId,
    VITE_STACK_PUBLISHABLE_CLIENT_KEY: emulator.demoProject.publishableClientKey,
    VITE_STACK_API_URL: served.url
  })
  const browser = yield* launchChromium
  mkdirSync(artifactsDir, { recursive: true })
  return {
    appUrl: vite.url,
    apiUrl: served.url,
    mailboxUrl: served.mailboxUrl ?? "",
    browser,
    newContext: () => Effect.acquireRelease(Effect.promise(() => browser.newContext()), (c) => Effect.promise(() => c.close())),
    screenshot: (page, name) =>
      Effect.promise(async () => {
        const path = `${artifactsDir}${name}.png`
        await page.screenshot({ path, fullPage: true })
        return path
      })
  }
})

/** A fresh emulator for one browser test file. */
export const layer: Layer.Layer<Emulator> = emulatorLayer
