/**
 * README's "Test your own app" section shows exactly `examples/testing.ts`, and that test runs
 * here (importing the example registers its `it.effect`).
 */
import { assert, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import "../../examples/testing.ts"

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8")

it("README's testing recipe is exactly examples/testing.ts", () => {
  const block = /## Test your own app\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(read("../../README.md"))?.[1]
  assert.strictEqual(block, read("../../examples/testing.ts"))
})

it("the emulator package's README shows the same test (it ships in the tarball)", () => {
  const block = /## In your tests\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(read("../../packages/emulator/README.md"))?.[1]
  assert.strictEqual(block, read("../../examples/testing.ts"))
})
