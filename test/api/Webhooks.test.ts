import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Webhooks from "../../packages/sdk/src/api/Webhooks.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

layer(Emulator.layer)("Webhooks", (it) => {
  it.effect("creates a webhook-portal token, kept Redacted", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const token = yield* Webhooks.createSvixToken()
      assert.match(Redacted.value(token), /^emulator_svix_/)
      assert.strictEqual(String(token), "<redacted>")
      const sent = (yield* emulator.requests.filter({ method: "POST", path: "/api/v1/webhooks/svix-token" })).at(-1)
      assert.deepStrictEqual(sent?.body, {})
    }).pipe(Effect.provide(TestApps.admin())))

  it("a server app cannot express an admin-only call", () => {
    // @ts-expect-error AdminAccess is not provided by the server app
    const _check: Effect.Effect<unknown, unknown, Emulator.Emulator> = Webhooks.createSvixToken().pipe(Effect.provide(TestApps.server()))
    void _check
  })
})
