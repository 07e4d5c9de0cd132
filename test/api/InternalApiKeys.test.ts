import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as InternalApiKeys from "../../packages/sdk/src/api/InternalApiKeys.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

/** A server app of the demo project with another secret key. */
const serverWithKey = (secretServerKey: Redacted.Redacted<string>) =>
  Layer.unwrap(Effect.map(Emulator.Emulator, (emulator) =>
    StackServerApp.layer({
      projectId: emulator.demoProject.projectId,
      secretServerKey,
      baseUrl: emulator.baseUrl
    }).pipe(Layer.orDie)))

const dayMillis = 24 * 60 * 60 * 1000

layer(Emulator.layer)("InternalApiKeys", (it) => {
  it.effect("shows the full keys once; later reads show their last four characters", () =>
    Effect.gen(function*() {
      const created = yield* InternalApiKeys.create({
        description: "CI",
        expiresAt: new Date(Date.now() + 30 * dayMillis),
        hasPublishableClientKey: true,
        hasSecretServerKey: true,
        hasSuperSecretAdminKey: false
      })
      const secret = Redacted.value(created.secretServerKey!)
      assert.match(secret, /^ssk_/)
      assert.match(Redacted.value(created.publishableClientKey!), /^pck_/)
      assert.isUndefined(created.superSecretAdminKey)
      assert.notInclude(JSON.stringify(created), secret)

      const listed = (yield* InternalApiKeys.list()).find((k) => k.id === created.id)!
      assert.deepStrictEqual(listed.secretServerKey, { lastFour: secret.slice(-4) })
      assert.isUndefined(listed.superSecretAdminKey)
      assert.strictEqual(listed.description, "CI")
      assert.strictEqual(yield* InternalApiKeys.validity(listed), "valid")

      const renamed = yield* InternalApiKeys.update(created.id, { description: "CI runner" })
      assert.strictEqual((yield* InternalApiKeys.get(created.id)).description, "CI runner")
      assert.strictEqual(renamed.description, "CI runner")

      const users = yield* ServerUsers.list({ limit: 1 }).pipe(Effect.provide(serverWithKey(created.secretServerKey!)))
      assert.isArray(users.items)
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("revoking is one way, and a revoked key is refused", () =>
    Effect.gen(function*() {
      const created = yield* InternalApiKeys.create({
        description: "to revoke",
        expiresAt: new Date(Date.now() + 30 * dayMillis),
        hasPublishableClientKey: false,
        hasSecretServerKey: true,
        hasSuperSecretAdminKey: false
      })
      yield* TestClock.adjust(1000)
      const revoked = yield* InternalApiKeys.revoke(created.id)
      assert.instanceOf(revoked.manuallyRevokedAt, Date)
      assert.strictEqual(yield* InternalApiKeys.validity(revoked), "manually-revoked")
      yield* TestClock.adjust(1000)
      const again = yield* InternalApiKeys.revoke(created.id)
      assert.strictEqual(again.manuallyRevokedAt!.getTime(), revoked.manuallyRevokedAt!.getTime())

      const error = yield* Effect.flip(ServerUsers.list({ limit: 1 }).pipe(Effect.provide(serverWithKey(created.secretServerKey!))))
      assert.strictEqual(error._tag, "KnownError")
      if (error._tag === "KnownError") assert.strictEqual(error.code, "INVALID_SECRET_SERVER_KEY")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("an expired key is refused, and expiry is reported before revocation", () =>
    Effect.gen(function*() {
      const now = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
      const created = yield* InternalApiKeys.create({
        description: "short-lived",
        expiresAt: new Date(Number(now) + 60_000),
        hasPublishableClientKey: false,
        hasSecretServerKey: true,
        hasSuperSecretAdminKey: false
      })
      const revoked = yield* InternalApiKeys.revoke(created.id)
      yield* TestClock.adjust(61_000)
      assert.strictEqual(yield* InternalApiKeys.validity(revoked), "expired")
      assert.strictEqual(InternalApiKeys.validityAt(revoked, Number(now)), "manually-revoked")

      const fresh = yield* InternalApiKeys.create({
        description: "expires",
        expiresAt: new Date(Number(now) + 120_000),
        hasPublishableClientKey: false,
        hasSecretServerKey: true,
        hasSuperSecretAdminKey: false
      })
      yield* ServerUsers.list({ limit: 1 }).pipe(Effect.provide(serverWithKey(fresh.secretServerKey!)))
      yield* TestClock.adjust(60_000)
      const error = yield* Effect.flip(ServerUsers.list({ limit: 1 }).pipe(Effect.provide(serverWithKey(fresh.secretServerKey!))))
      assert.strictEqual(error._tag === "KnownError" ? error.code : error._tag, "INVALID_SECRET_SERVER_KEY")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("an unknown key set is ApiKeyNotFound", () =>
    Effect.gen(function*() {
      const id = crypto.randomUUID()
      assert.strictEqual((yield* Effect.flip(InternalApiKeys.get(id)))._tag, "ApiKeyNotFound")
      assert.strictEqual((yield* Effect.flip(InternalApiKeys.revoke(id)))._tag, "ApiKeyNotFound")
      assert.strictEqual((yield* Effect.flip(InternalApiKeys.update(id, { description: "x" })))._tag, "ApiKeyNotFound")
    }).pipe(Effect.provide(TestApps.admin())))
})
