import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Traced from "../../packages/sdk/src/transport/internal/Traced.ts"
import { recordingTracer } from "../support/RecordingTracer.ts"

const inner = Effect.fnUntraced(function*(x: number) {
  yield* Effect.void.pipe(Effect.withSpan("child"))
  if (x < 0) return yield* Effect.fail(new Error(`negative ${x}`))
  return x * 2
}, Traced.span("Mod.fn"))

describe("Traced.span", () => {
  it.effect("one span per call: a child of the caller's span, the parent of the body's spans, ended with the call", () =>
    Effect.gen(function*() {
      const { spans, tracer } = recordingTracer()
      const result = yield* Effect.gen(function*() {
        const value = yield* inner(21)
        const after = yield* Effect.currentSpan
        return { value, after: after.name }
      }).pipe(Effect.withSpan("outer"), Effect.withTracer(tracer))
      assert.deepStrictEqual(result, { value: 42, after: "outer" })
      const byName = (name: string) => spans.find((s) => s.name === name)!
      assert.deepStrictEqual(spans.map((s) => s.name).sort(), ["Mod.fn", "child", "outer"])
      assert.strictEqual(Option.getOrUndefined(byName("Mod.fn").parent), byName("outer"))
      assert.strictEqual(Option.getOrUndefined(byName("child").parent), byName("Mod.fn"))
      assert.strictEqual(byName("Mod.fn").status._tag, "Ended")
    }))

  it.effect("a failure inside names the function in its trace and ends the span with it", () =>
    Effect.gen(function*() {
      const { spans, tracer } = recordingTracer()
      const exit = yield* Effect.exit(inner(-1).pipe(Effect.withTracer(tracer)))
      assert.isTrue(Exit.isFailure(exit))
      if (Exit.isFailure(exit)) assert.include(Cause.pretty(exit.cause), "at Mod.fn")
      const span = spans.find((s) => s.name === "Mod.fn")!
      assert.strictEqual(span.status._tag, "Ended")
      if (span.status._tag === "Ended") assert.isTrue(Exit.isFailure(span.status.exit))
    }))
})
