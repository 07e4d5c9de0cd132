import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Metrics from "../../packages/sdk/src/api/Metrics.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

const dayMillis = 24 * 60 * 60 * 1000

layer(Emulator.layer)("Metrics", (it) => {
  it.effect("counts the project's users, sign-ups and activity per day, recent users and sign-in methods", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const projectId = emulator.demoProject.projectId
      yield* TestClock.setTime(100 * dayMillis + 3_600_000) // day 100, 01:00 UTC
      const first = yield* emulator.run(Users.create({ projectId, displayName: "first", passwordHash: "scrypt$x" }))
      yield* TestClock.adjust(2 * dayMillis)
      const second = yield* emulator.run(Users.create({ projectId, displayName: "second", otpAuthEnabled: true, oauthAccounts: [{ providerId: "github", accountId: "1", email: null }] }))
      yield* emulator.run(Users.create({ projectId, displayName: "third", passwordHash: "scrypt$y", passkeyAuthEnabled: true }))
      yield* emulator.run(Users.create({ projectId, isAnonymous: true }))
      // someone else's users do not count
      yield* emulator.run(Users.create({ projectId: emulator.internalProject.projectId, displayName: "internal" }))

      const metrics = yield* Metrics.get()
      assert.strictEqual(metrics.totalUsers, 3)
      assert.strictEqual(metrics.dailyUsers.length, 31)
      const today = new Date(102 * dayMillis).toISOString().slice(0, 10)
      const twoDaysAgo = new Date(100 * dayMillis).toISOString().slice(0, 10)
      assert.deepStrictEqual(metrics.dailyUsers.at(-1), { date: today, activity: 2 })
      assert.deepStrictEqual(metrics.dailyUsers.at(-3), { date: twoDaysAgo, activity: 1 })
      assert.strictEqual(metrics.dailyActiveUsers.reduce((n, p) => n + p.activity, 0), 3)
      assert.deepStrictEqual(metrics.usersByCountry, {})
      assert.strictEqual(metrics.recentlyRegistered.at(-1)!.id, first.id)
      assert.include(metrics.recentlyRegistered.slice(0, 2).map((u) => u.id), second.id)
      assert.deepStrictEqual(metrics.loginMethods, [
        { method: "github", count: 1 },
        { method: "otp", count: 1 },
        { method: "passkey", count: 1 },
        { method: "password", count: 2 }
      ])

      const withAnonymous = yield* Metrics.get({ includeAnonymous: true })
      assert.strictEqual(withAnonymous.totalUsers, 4)
      const sent = (yield* emulator.requests.filter({ method: "GET", path: "/api/v1/internal/metrics" })).at(-1)
      assert.strictEqual(sent?.query.include_anonymous, "true")
    }).pipe(Effect.provide(TestApps.admin())))
})
