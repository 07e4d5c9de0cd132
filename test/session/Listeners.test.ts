import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import * as Listeners from "../../packages/sdk/src/session/internal/Listeners.ts"

describe("Listeners", () => {
  it.effect("a stream sees the initial value, then emitted values, skipping repeats, and ends on close", () =>
    Effect.gen(function*() {
      const listeners = Listeners.make<number>()
      let current = 1
      const stream = Listeners.toStream(listeners.listen, { initial: () => current, same: (a, b) => a === b })
      const fiber = yield* Effect.forkChild(Stream.runCollect(stream), { startImmediately: true })
      yield* Effect.yieldNow
      listeners.emit(current = 1)
      listeners.emit(current = 2)
      listeners.emit(current = 2)
      listeners.emit(current = 3)
      listeners.close()
      assert.deepStrictEqual(yield* Fiber.join(fiber), [1, 2, 3])
    }))

  it.effect("an unlistened listener is not called; listening after close ends at once", () =>
    Effect.gen(function*() {
      const listeners = Listeners.make<string>()
      const seen: Array<string> = []
      const unlisten = listeners.listen((value) => seen.push(value))
      listeners.emit("a")
      unlisten()
      listeners.emit("b")
      listeners.close()
      let closed = false
      listeners.listen(() => seen.push("late"), () => closed = true)
      listeners.emit("c")
      assert.deepStrictEqual(seen, ["a"])
      assert.isTrue(closed)
    }))
})
