/**
 * Server rendering: the provider, hooks and prebuilt pages render with `renderToString` from the
 * server's reads (`loadInitialData`), the page shows the signed-in user at once (no signed-out
 * flash), and the browser hydrates the same markup without a mismatch.
 */
import { assert, describe, it } from "@effect/vitest"
import { act } from "@testing-library/react"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import type { ReactNode } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { useUser } from "../../packages/react/src/hooks.ts"
import { StackHandler } from "../../packages/react/src/handler/StackHandler.tsx"
import { type InitialData, loadInitialData } from "../../packages/react/src/ssr.ts"
import { StackProvider } from "../../packages/react/src/StackProvider.tsx"
import * as StackRuntime from "../../packages/react/src/StackRuntime.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { freshEmail } from "./support.tsx"

/** A provider runtime on a shared emulator, with its own (memory) cookies. */
const runtimeOn = (emulator: Emulator.Service) =>
  ManagedRuntime.make(
    StackRuntime.makeLayer(TestApps.client({ tokenStore: TokenStore.layerMemory }), { navigate: () => () => undefined }).pipe(
      Layer.provideMerge(Emulator.layerTransport),
      Layer.provideMerge(Layer.succeed(Emulator.Emulator, emulator))
    )
  )

function Greeting(): ReactNode {
  const user = useUser()
  return <p data-testid="greeting">{user === null ? "Signed out" : `Hello ${user.primaryEmail}`}</p>
}

const page = (runtime: StackRuntime.StackRuntime, initialData: InitialData | undefined, location: string) => (
  <StackProvider runtime={runtime} initialData={initialData} fallback={<p>Starting…</p>}>
    <Greeting />
    <StackHandler location={location} />
  </StackProvider>
)

describe("server rendering", () => {
  it("renders the signed-in user on the server and hydrates in the browser without a mismatch", async () => {
    const emulator = await Effect.runPromise(Emulator.make())
    const email = freshEmail()
    const password = "correct horse battery"
    const server = runtimeOn(emulator)
    const browser = runtimeOn(emulator)
    try {
      await server.runPromise(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      await browser.runPromise(Auth.signInWithPassword({ email, password }))
      await server.context()
      const initialData = JSON.parse(JSON.stringify(await server.runPromise(loadInitialData))) as InitialData
      const html = renderToString(page(server, initialData, "/handler/sign-in"))
      assert.include(html, `Hello ${email}`)
      assert.include(html, "You are signed in as")
      assert.notInclude(html, "Starting…")

      const container = document.createElement("div")
      container.innerHTML = html
      document.body.appendChild(container)
      const recoverable: Array<unknown> = []
      await browser.context()
      await act(async () => {
        hydrateRoot(container, page(browser, initialData, "/handler/sign-in"), {
          onRecoverableError: (error) => void recoverable.push(error)
        })
      })
      assert.deepStrictEqual(recoverable, [])
      assert.strictEqual(container.querySelector("[data-testid=greeting]")?.textContent, `Hello ${email}`)
      container.remove()
    } finally {
      await server.dispose()
      await browser.dispose()
    }
  })

  it("without the server's reads the first render is the fallback (the flash initialData avoids)", async () => {
    const emulator = await Effect.runPromise(Emulator.make())
    const server = runtimeOn(emulator)
    try {
      await server.runPromise(Auth.signUpWithPassword({ email: freshEmail(), password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      const html = renderToString(page(server, undefined, "/handler/sign-in"))
      assert.notInclude(html, "Hello")
      assert.include(html, "Starting…")
    } finally {
      await server.dispose()
    }
  })
})
