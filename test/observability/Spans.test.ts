import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Projects from "../../packages/sdk/src/api/Projects.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { recordingTracer } from "../support/RecordingTracer.ts"

layer(Emulator.layer)("observability", (it) => {
  it.effect("every API call is a span named Module.function with the path and status, and no secrets", () =>
    Effect.gen(function*() {
      const { spans, tracer } = recordingTracer()
      yield* Projects.getCurrent().pipe(Effect.withTracer(tracer))
      const span = spans.find((s) => s.name === "Projects.getCurrent")
      assert.isDefined(span, `spans: ${spans.map((s) => s.name).join(", ")}`)
      assert.strictEqual(span!.attributes.get("http.method"), "GET")
      assert.strictEqual(span!.attributes.get("http.path"), "/projects/current")
      assert.strictEqual(span!.attributes.get("http.status_code"), 200)
      const everything = JSON.stringify(spans.map((s) => [s.name, [...s.attributes], s.events]))
      assert.notInclude(everything, "pck_")
      assert.notInclude(everything, "ssk_")
    }).pipe(Effect.provide(TestApps.client())))
})
