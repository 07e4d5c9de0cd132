/**
 * The React example app in Chromium against the real service: the app's Vite dev server
 * configured with the environment's project, the service's mail catcher for the mailed links.
 * Skipped where no Chromium is installed (CI installs Debian's; see test/e2e/harness.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { fileURLToPath } from "node:url"
import { type Browser, chromium, type Page } from "playwright-core"
import { createServer, type ViteDevServer } from "vite"
import { chromiumArgs, chromiumAvailable, chromiumPath } from "../e2e/harness.ts"
import { password, seeSignedIn, signOut, signUp, submitPassword, ui } from "../e2e/steps.ts"
import * as Real from "./RealService.ts"

const viteConfig = fileURLToPath(new URL("../../examples/react-vite/vite.config.ts", import.meta.url))

const acquire = <A>(open: () => Promise<A>, close: (a: A) => Promise<unknown>) =>
  Effect.acquireRelease(Effect.promise(open), (a) => Effect.promise(() => close(a).catch(() => undefined)))

/** The example app on a free port, configured for the environment's project, and a browser. */
const served: Effect.Effect<{ readonly appUrl: string; readonly browser: Browser }, never, Scope.Scope> = Effect.gen(function*() {
  const env = Real.env!
  const vite = yield* acquire(async () => {
    Object.assign(process.env, {
      VITE_STACK_PROJECT_ID: env.projectId,
      VITE_STACK_PUBLISHABLE_CLIENT_KEY: env.publishableClientKey,
      VITE_STACK_API_URL: env.apiUrl,
      VITE_STACK_MAILBOX_URL: env.inbucketUrl
    })
    const server = await createServer({ configFile: viteConfig, logLevel: "warn", server: { port: 0, hmr: false } })
    await server.listen()
    return server
  }, (server: ViteDevServer) => server.close())
  const address = vite.httpServer?.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  const browser = yield* acquire(() => chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs] }), (b) => b.close())
  return { appUrl: `http://localhost:${port}/`, browser }
})

/** A fresh visitor's tab on the app's home page. */
const visitor = (browser: Browser, appUrl: string): Effect.Effect<Page, never, Scope.Scope> =>
  Effect.gen(function*() {
    const context = yield* acquire(() => browser.newContext(), (c) => c.close())
    context.setDefaultTimeout(60_000)
    const page = yield* ui(() => context.newPage())
    yield* ui(() => page.goto(appUrl, { timeout: 120_000 }))
    return page
  })

describe.skipIf(Real.env === undefined || !chromiumAvailable)("real service: the React example app in Chromium", () => {
  it.live("signs up, follows the mailed verification link, signs out and signs in again", () =>
    Effect.gen(function*() {
      const { appUrl, browser } = yield* served
      const page = yield* visitor(browser, appUrl)
      const email = Real.uniqueEmail("react")
      yield* signUp(page, email)
      yield* seeSignedIn(page, email)

      // the verification link leads to the app's own e-mail-verification page, which verifies
      const link = Real.mailVariable(yield* Real.waitForMail(email), "emailVerificationLink")
      assert.isTrue(link.startsWith(`${appUrl}handler/email-verification?code=`), link)
      yield* ui(() => page.goto(link))
      yield* ui(() => page.getByTestId("email-verified").waitFor())

      yield* ui(() => page.goto(appUrl))
      yield* signOut(page)
      yield* ui(() => page.getByTestId("home-sign-in").click())
      yield* submitPassword(page, email, password)
      yield* ui(() => page.getByTestId("home-user").waitFor())
      yield* seeSignedIn(page, email)
    }).pipe(Effect.scoped), 300_000)
})
