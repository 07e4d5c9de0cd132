import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Tracer from "effect/Tracer"
import * as Traced from "../../packages/sdk/src/transport/internal/Traced.ts"
import { recordingTracer } from "../support/RecordingTracer.ts"

/** The name of the span the body runs in, if any. */
const spanOfBody = Effect.currentSpan.pipe(Effect.map((span) => span.name), Effect.option)
const api = Effect.fnUntraced(function*(n: number) {
  return [n, yield* spanOfBody] as const
}, Traced.span("Module.function"))

describe("Traced.span", () => {
  it.effect("gives every call its span, named Module.function, when a tracer is installed", () =>
    Effect.gen(function*() {
      const { spans, tracer } = recordingTracer()
      const [n, inside] = yield* api(1).pipe(Effect.withTracer(tracer))
      yield* api(2).pipe(Effect.withTracer(tracer))
      assert.strictEqual(n, 1)
      assert.deepStrictEqual(inside, Option.some("Module.function"))
      assert.deepStrictEqual(spans.map((s) => s.name), ["Module.function", "Module.function"])
      assert.isTrue(spans.every((s) => s.status._tag === "Ended"))
    }))

  it.effect("runs the call without a span while only Effect's native tracer is installed", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* Effect.tracer, Tracer.nativeTracer)
      const [n, inside] = yield* api(3)
      assert.strictEqual(n, 3)
      assert.deepStrictEqual(inside, Option.none())
      // inside a caller's span, the body runs in the caller's span
      const [, nested] = yield* api(4).pipe(Effect.withSpan("caller"))
      assert.deepStrictEqual(nested, Option.some("caller"))
    }))
})
