import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { harness, layer as emulatorLayer } from "./harness.ts"

layer(emulatorLayer, { timeout: 120_000 })("browser: the example app", (it) => {
  it.effect("loads in Chromium and reads the project from the emulator over HTTP", () =>
    Effect.gen(function*() {
      const h = yield* harness
      const context = yield* h.newContext()
      const page = yield* Effect.promise(() => context.newPage())
      yield* Effect.promise(() => page.goto(h.appUrl, { waitUntil: "networkidle" }))
      // The project's name comes from GET /projects/current on the emulator: the app is wired up.
      yield* Effect.promise(() => page.getByRole("heading", { name: "Demo Project" }).waitFor({ timeout: 30_000 }))
      yield* h.screenshot(page, "smoke-home")
      const body = yield* Effect.promise(() => page.locator("body").innerText())
      assert.include(body, "You are not signed in.")
    }).pipe(Effect.scoped), { timeout: 120_000 })
})
