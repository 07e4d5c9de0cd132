/**
 * The browser end-to-end harness: the example app served as `npm start` serves it
 * (`examples/react-vite/serve.ts`: the emulator over HTTP on loopback and the app's Vite dev
 * server, here on free ports) and Debian's Chromium driven by playwright-core. One Layer per test
 * file: everything stops when the layer is released. Each flow takes fresh browser contexts (its
 * own cookies: a second user, a second device) and leaves a screenshot of every page it opened.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { existsSync, mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { serve, type Served } from "../../examples/react-vite/serve.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"

/** Debian's Chromium, installed by .ci/run (Playwright cannot download browsers here). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Whether a Chromium exists on this machine; the browser suite is skipped where none does. */
export const chromiumAvailable = existsSync(chromiumPath)

/** Chromium's flags: headless on a closed network (without these it keeps dialling out). */
export const chromiumArgs: ReadonlyArray<string> = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage"
]

/** How long one browser action or wait may take before the flow fails. */
export const actionTimeout = 15_000

/** Where the screenshots of the flows' final pages go (a CI artifact; `.artifacts` is git-ignored). */
export const artifactsDir = fileURLToPath(new URL("../../.artifacts/e2e/", import.meta.url))

/** What a browser flow gets. */
export interface Service extends Served {
  readonly emulator: Emulator.Service
  readonly browser: Browser
  /** An absolute URL of the app (`url("/handler/sign-in")`). */
  readonly url: (path: string) => string
  /** A fresh browser context (own cookies and storage), closed with the flow's scope. */
  readonly newContext: Effect.Effect<BrowserContext, never, Scope.Scope>
  /**
   * A new tab of `context` on the app's home page; when the flow's scope closes (pass or fail)
   * its final state is kept as `.artifacts/e2e/<screenshot>.png`.
   */
  readonly openPage: (context: BrowserContext, screenshot: string) => Effect.Effect<Page, never, Scope.Scope>
  /** A tab of a fresh context on the home page: one visitor. */
  readonly visitor: (screenshot: string) => Effect.Effect<Page, never, Scope.Scope>
}

/** The harness of a browser test file. */
export class Harness extends Context.Service<Harness, Service>()("test/e2e/Harness") {}

const acquire = <A>(open: () => Promise<A>, close: (a: A) => Promise<unknown>) =>
  Effect.acquireRelease(Effect.promise(open), (a) => Effect.promise(() => close(a).catch(() => undefined)))

const screenshot = (page: Page, name: string) =>
  Effect.tryPromise(() => page.screenshot({ path: `${artifactsDir}${name}.png`, fullPage: true })).pipe(Effect.ignore)

const make = Effect.gen(function*() {
  const emulator = yield* Emulator.Emulator
  const served = yield* serve({ api: 0, mailbox: 0, app: 0 }, { hotReload: false }).pipe(Effect.orDie)
  const browser = yield* acquire(
    () => chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs] }),
    (b) => b.close()
  )
  mkdirSync(artifactsDir, { recursive: true })
  // the dev server compiles the app on its first visit: pay that once here, not in the first flow
  yield* Effect.promise(async () => {
    const warm = await browser.newPage()
    await warm.goto(served.appUrl, { timeout: 120_000 }).catch(() => undefined)
    await warm.close()
  })
  const url = (path: string) => new URL(path, served.appUrl).href
  const newContext = acquire(async () => {
    const context = await browser.newContext()
    context.setDefaultTimeout(actionTimeout)
    return context
  }, (c) => c.close())
  const openPage = (context: BrowserContext, name: string) =>
    Effect.gen(function*() {
      const page = yield* Effect.acquireRelease(Effect.promise(() => context.newPage()), (p) => screenshot(p, name))
      yield* Effect.promise(() => page.goto(served.appUrl))
      return page
    })
  return Harness.of({
    ...served,
    emulator,
    browser,
    url,
    newContext,
    openPage,
    visitor: (name) => Effect.flatMap(newContext, (context) => openPage(context, name))
  })
})

/**
 * A fresh emulator, the example app on free ports and one Chromium, for one test file. The
 * emulator is reachable both ways: in process (`Harness.emulator`: its mailbox, request log,
 * faults) and over HTTP (`apiUrl`), and the test's own SDK programs are NOT routed to it in
 * process: they reach it over HTTP like the browser and the CLI example do, on the server's clock.
 */
export const layer: Layer.Layer<Harness | Emulator.Emulator> = Layer.effect(Harness, make).pipe(
  Layer.provideMerge(Emulator.layerAlone)
)
