import { assert, layer } from "@effect/vitest"
import { expectTypeOf } from "vitest"
import * as Effect from "effect/Effect"
import * as AiChat from "../../packages/sdk/src/api/AiChat.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

layer(Emulator.layer)("AiChat", (it) => {
  it.effect("the assistant answers the conversation; saved messages read back in order per thread", () =>
    Effect.gen(function*() {
      const reply = yield* AiChat.send("thread-1", {
        contextType: "email-theme",
        messages: [{ role: "user", content: [{ type: "text", text: "Make it blue" }] }]
      })
      assert.deepStrictEqual(reply, [{ type: "text", text: "Emulator assistant (email-theme): you said \"Make it blue\"." }])

      yield* AiChat.save("thread-1", { role: "user", content: "Make it blue" })
      yield* AiChat.save("thread-1", { role: "assistant", content: reply })
      yield* AiChat.save("thread-2", { role: "user", content: "other thread" })
      const history = yield* AiChat.list("thread-1")
      assert.deepStrictEqual(history, [{ role: "user", content: "Make it blue" }, { role: "assistant", content: reply }])
      assert.deepStrictEqual(yield* AiChat.list("thread-3"), [])
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("a conversation needs at least one message", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(AiChat.send("thread-x", { contextType: "email-template", messages: [] }))
      assert.strictEqual(error._tag, "SchemaError") // the declared class, not the generic KnownError
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("the context types are the service's two: email-theme and email-template; another is its SchemaError", () =>
    Effect.gen(function*() {
      expectTypeOf<AiChat.ChatContextType>().toEqualTypeOf<"email-theme" | "email-template">()
      const error = yield* Effect.flip(AiChat.send("thread-y", {
        contextType: "email-draft" as AiChat.ChatContextType,
        messages: [{ role: "user", content: "hi" }]
      }))
      assert.strictEqual(error._tag, "SchemaError")
      assert.include(error.message, "body.context_type must be one of the following values: email-theme, email-template")
    }).pipe(Effect.provide(TestApps.admin())))
})
