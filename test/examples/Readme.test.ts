import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { readFileSync } from "node:fs"
import * as Auth from "../../src/api/Auth.ts"
import { Emulator, layerInProcess } from "../../src/emulator/Emulator.ts"
import * as TestApps from "../../src/testing/TestApps.ts"
import { program } from "../../examples/readme.ts"

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8")

layer(layerInProcess)("README", (it) => {
  it("shows exactly the program of examples/readme.ts", () => {
    const block = /## Sign in and read the user\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(read("../../README.md"))?.[1]
    assert.strictEqual(block, read("../../examples/readme.ts"))
  })

  it("shows exactly the React program of examples/readme-react.tsx (compiled by the type check)", () => {
    const block = /## React\n[\s\S]*?```tsx\n([\s\S]*?)```/.exec(read("../../README.md"))?.[1]
    assert.strictEqual(block, read("../../examples/readme-react.tsx"))
  })

  it("states the two commands", () => {
    const readme = read("../../README.md")
    assert.include(readme, "npm start")
    assert.include(readme, "npm test")
  })

  it.effect("its program signs in, reads the user and signs out against the emulator", () =>
    Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: "ada@example.com", password: "correct horse battery" })
      yield* Auth.signOut()
      const emulator = yield* Emulator
      yield* emulator.requests.clear
      yield* program
      const paths = (yield* emulator.requests.all).map((r) => `${r.method} ${r.path}`)
      assert.deepStrictEqual(paths, ["POST /api/v1/auth/password/sign-in", "GET /api/v1/users/me", "DELETE /api/v1/auth/sessions/current"])
    }).pipe(Effect.provide(TestApps.client())))
})
