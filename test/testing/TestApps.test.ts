import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import { StackHttp } from "../../packages/sdk/src/transport/StackHttp.ts"

describe("TestApps retry schedule", () => {
  it.layer(Emulator.layer)("a dropped connection on a GET", (it) => {
    it.effect("with `retry: { baseDelay: 0 }` fails at once, after the schedule's attempts, on the test clock", () =>
      Effect.gen(function*() {
        const emulator = yield* Emulator.Emulator
        yield* emulator.faults.inject({ method: "GET", path: "/users", fault: Faults.drop() })
        const before = yield* emulator.requests.count({ method: "GET", path: "/api/v1/users" })
        // Under `it.effect` the clock stands still: a back-off of 1 s would never end, so finishing
        // at all shows that no wait was slept.
        const exit = yield* ServerUsers.list().pipe(
          Effect.provide(TestApps.server({ app: { retry: { attempts: 3, baseDelay: 0 } } })),
          Effect.exit
        )
        yield* emulator.faults.clear
        assert.isTrue(Exit.isFailure(exit))
        const attempts = (yield* emulator.requests.count({ method: "GET", path: "/api/v1/users" })) - before
        assert.strictEqual(attempts, 3)
      }))

    it.effect("`retry: { attempts: 1 }` sends the request once", () =>
      Effect.gen(function*() {
        const emulator = yield* Emulator.Emulator
        yield* emulator.faults.inject({ method: "GET", path: "/users", fault: Faults.drop() })
        const before = yield* emulator.requests.count({ method: "GET", path: "/api/v1/users" })
        const exit = yield* ServerUsers.list().pipe(
          Effect.provide(TestApps.server({ app: { retry: { attempts: 1 } } })),
          Effect.exit
        )
        yield* emulator.faults.clear
        assert.isTrue(Exit.isFailure(exit))
        assert.strictEqual((yield* emulator.requests.count({ method: "GET", path: "/api/v1/users" })) - before, 1)
      }))
  })

  it.layer(Emulator.layer)("without options", (it) => {
    it.effect("the test apps keep the service's retry schedule (5 attempts from 1 s)", () =>
      Effect.gen(function*() {
        for (const app of [TestApps.client(), TestApps.server(), TestApps.admin()]) {
          const { config } = yield* Effect.provide(Effect.gen(function*() { return yield* StackHttp }), app)
          assert.deepStrictEqual(config.limits?.retry, Limits.defaultRetry)
        }
      }))
  })
})
