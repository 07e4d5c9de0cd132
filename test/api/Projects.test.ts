import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Projects from "../../packages/sdk/src/api/Projects.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

layer(Emulator.layer)("Projects", (it) => {
  it.effect("getCurrent reads the demo project and its client-visible config", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const project = yield* Projects.getCurrent()
      assert.strictEqual(project.id, emulator.demoProject.projectId)
      assert.strictEqual(project.displayName, emulator.demoProject.displayName)
      assert.isTrue(project.config.signUpEnabled)
      assert.isArray(project.config.enabledOAuthProviders)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("checkFeatureSupport tells the service about the feature, then fails with FeatureNotSupported", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const error = yield* Effect.flip(Projects.checkFeatureSupport({ name: "sendVerificationEmail() on ServerUser", detail: 1 }))
      assert.strictEqual(error._tag, "FeatureNotSupported")
      const [request] = yield* emulator.requests.filter({ method: "POST", path: "/check-feature-support" })
      assert.deepStrictEqual(request?.body, { name: "sendVerificationEmail() on ServerUser", detail: 1 })
    }).pipe(Effect.provide(TestApps.client())))
})
