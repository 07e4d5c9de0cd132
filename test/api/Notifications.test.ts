import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Notifications from "../../packages/sdk/src/api/Notifications.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { signUp } from "./accountSupport.ts"

const byName = (categories: ReadonlyArray<Notifications.NotificationCategory>, name: string) =>
  categories.find((c) => c.name === name)!

layer(Emulator.layer)("Notifications", (it) => {
  it.effect("the current user sees every category enabled by default and turns one off", () =>
    Effect.gen(function*() {
      yield* signUp()
      const categories = yield* Notifications.list()
      assert.deepStrictEqual(categories.map((c) => [c.name, c.enabled, c.canDisable]), [
        ["Transactional", true, false],
        ["Marketing", true, true]
      ])
      const marketing = byName(categories, "Marketing")
      const changed = yield* Notifications.setEnabled(marketing.id, false)
      assert.isFalse(changed.enabled)
      assert.isFalse(byName(yield* Notifications.list(), "Marketing").enabled)
      assert.isTrue(byName(yield* Notifications.list(), "Transactional").enabled)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server reads and changes a user's choices by user id", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp()
      const marketing = byName(yield* Notifications.list(), "Marketing")
      yield* Notifications.setEnabledForUser(userId, marketing.id, false).pipe(Effect.provide(TestApps.server()))
      assert.isFalse(byName(yield* Notifications.list(), "Marketing").enabled)
      const seen = yield* Notifications.listForUser(userId).pipe(Effect.provide(TestApps.server()))
      assert.isFalse(byName(seen, "Marketing").enabled)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server addressing an unknown user fails with UserNotFound", () =>
    Effect.gen(function*() {
      const userId = crypto.randomUUID()
      assert.strictEqual((yield* Effect.flip(Notifications.listForUser(userId)))._tag, "UserNotFound")
      const category = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c"
      assert.strictEqual((yield* Effect.flip(Notifications.setEnabledForUser(userId, category, false)))._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("signed out, the current user's calls fail with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(Notifications.list()))._tag, "CannotGetOwnUserWithoutUser")
      const category = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c"
      assert.strictEqual((yield* Effect.flip(Notifications.setEnabled(category, false)))._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))
})
