import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as Lock from "../../packages/sdk/src/session/internal/Lock.ts"

describe("Lock", () => {
  it.effect("runs effects one at a time, in call order", () =>
    Effect.gen(function*() {
      const lock = Lock.make()
      const log: Array<string> = []
      const step = (name: string, millis: number) =>
        lock(Effect.gen(function*() {
          log.push(`${name} start`)
          yield* Effect.sleep(millis)
          log.push(`${name} end`)
        }))
      const fibers = yield* Effect.forEach([["a", 30], ["b", 10], ["c", 20]] as const, ([n, ms]) =>
        Effect.forkChild(step(n, ms), { startImmediately: true }))
      yield* TestClock.adjust(100)
      yield* Fiber.joinAll(fibers)
      assert.deepStrictEqual(log, ["a start", "a end", "b start", "b end", "c start", "c end"])
    }))

  it.effect("an interrupted waiter leaves the line; the next one still runs after the holder", () =>
    Effect.gen(function*() {
      const lock = Lock.make()
      const log: Array<string> = []
      const holder = yield* Effect.forkChild(lock(Effect.andThen(Effect.sleep(10), Effect.sync(() => log.push("holder")))), { startImmediately: true })
      const waiter = yield* Effect.forkChild(lock(Effect.sync(() => log.push("interrupted waiter"))), { startImmediately: true })
      const next = yield* Effect.forkChild(lock(Effect.sync(() => log.push("next"))), { startImmediately: true })
      yield* Fiber.interrupt(waiter)
      assert.deepStrictEqual(log, [])
      yield* TestClock.adjust(10)
      yield* Fiber.join(holder)
      yield* Fiber.join(next)
      assert.deepStrictEqual(log, ["holder", "next"])
    }))

  it.effect("an interrupted holder releases the lock", () =>
    Effect.gen(function*() {
      const lock = Lock.make()
      const holder = yield* Effect.forkChild(lock(Effect.never), { startImmediately: true })
      const next = yield* Effect.forkChild(lock(Effect.succeed("ran")), { startImmediately: true })
      yield* Fiber.interrupt(holder)
      assert.strictEqual(yield* Fiber.join(next), "ran")
    }))

  it.effect("a failure releases the lock", () =>
    Effect.gen(function*() {
      const lock = Lock.make()
      const failed = yield* Effect.flip(lock(Effect.fail("boom")))
      assert.strictEqual(failed, "boom")
      assert.strictEqual(yield* lock(Effect.succeed(1)), 1)
    }))
})
