import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Navigation from "../../packages/sdk/src/platform/Navigation.ts"

describe("Navigation", () => {
  it.effect("layerTest records navigations in order", () =>
    Effect.gen(function*() {
      const navigation = yield* Navigation.Navigation
      yield* navigation.navigate("/handler/sign-in?after_auth_return_to=%2Fapp")
      yield* navigation.replaceUrl("/app")
      assert.deepStrictEqual(yield* Navigation.visits, [
        { kind: "navigate", url: "/handler/sign-in?after_auth_return_to=%2Fapp" },
        { kind: "replace", url: "/app" }
      ])
    }).pipe(Effect.provide(Navigation.layerTest)))

  it.effect("layerBrowser assigns and replaces window.location", () =>
    Effect.gen(function*() {
      const calls: Array<string> = []
      const previous = Object.getOwnPropertyDescriptor(globalThis, "location")
      Object.defineProperty(globalThis, "location", {
        configurable: true,
        value: { assign: (url: string) => calls.push(`assign ${url}`), replace: (url: string) => calls.push(`replace ${url}`) }
      })
      yield* Effect.gen(function*() {
        const navigation = yield* Navigation.Navigation
        yield* navigation.navigate("https://app.example/a")
        yield* navigation.replaceUrl("https://app.example/b")
      }).pipe(
        Effect.provide(Navigation.layerBrowser),
        Effect.ensuring(Effect.sync(() => {
          if (previous === undefined) delete (globalThis as { location?: unknown }).location
          else Object.defineProperty(globalThis, "location", previous)
        }))
      )
      assert.deepStrictEqual(calls, ["assign https://app.example/a", "replace https://app.example/b"])
    }))
})
