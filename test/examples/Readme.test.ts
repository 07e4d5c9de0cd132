import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { readFileSync } from "node:fs"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Server from "../../packages/emulator/src/EmulatorServer.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { main, program } from "../../examples/readme.ts"
import { userStatus } from "../../examples/readme/errors.ts"
import { custom } from "../../examples/readme/configuration.ts"

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8")

/** The code block under a README heading. */
const blockUnder = (heading: string) =>
  new RegExp(`## ${heading}\\n[\\s\\S]*?\`\`\`ts\\n([\\s\\S]*?)\`\`\``).exec(read("../../README.md"))?.[1]

describe("README", () => {
  it("shows exactly the programs of examples/", () => {
    assert.strictEqual(blockUnder("Sign in and read the user"), read("../../examples/readme.ts"))
    assert.strictEqual(blockUnder("A Node service"), read("../../examples/readme/nodeService.ts"))
    assert.strictEqual(blockUnder("Error handling"), read("../../examples/readme/errors.ts"))
    assert.strictEqual(blockUnder("Authenticating requests in your service"), read("../../examples/readme/serverAuth.ts"))
    assert.strictEqual(blockUnder("Configuration"), read("../../examples/readme/configuration.ts"))
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

  it("names every variable the code reads, and no other", () => {
    const readme = read("../../README.md")
    const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## API reference"))
    const named = new Set([...section.matchAll(/`((?:NEXT_PUBLIC_)?STACK_[A-Z_]+)`/g)].map((m) => m[1]))
    assert.deepStrictEqual([...named].sort(), Object.values(StackConfig.env).flat().sort())
  })
})

layer(Emulator.layer)("README programs against the emulator", (it) => {
  it.effect("the sign-in program signs in, reads the user and signs out", () =>
    Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: "ada@example.com", password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      yield* Auth.signOut()
      const emulator = yield* Emulator.Emulator
      yield* emulator.requests.clear
      yield* program
      const paths = (yield* emulator.requests.all).map((r) => `${r.method} ${r.path}`)
      assert.deepStrictEqual(paths, ["POST /api/v1/auth/password/sign-in", "GET /api/v1/users/me", "DELETE /api/v1/auth/sessions/current"])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("the error handler answers a status for a missing user instead of failing", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* userStatus("00000000-0000-4000-8000-000000000000"), 404)
      // the service refuses an id that is not a UUID before looking it up
      assert.strictEqual(yield* userStatus("no-such-user"), 400)
    }).pipe(Effect.provide(TestApps.server())))
})

describe("README's main() as written, offline", () => {
  it.live("runs against the emulator served on loopback, configured only by the variables it names", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const served = yield* Server.serve({ port: 0, mailboxPort: false })
      const env = {
        [StackConfig.env.projectId]: emulator.demoProject.projectId,
        [StackConfig.env.publishableClientKey]: emulator.demoProject.publishableClientKey,
        STACK_API_URL: served.url
      }
      const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
      yield* Effect.acquireRelease(
        Effect.sync(() => Object.assign(process.env, env)),
        () => Effect.sync(() => {
          for (const [k, v] of Object.entries(saved)) v === undefined ? delete process.env[k] : (process.env[k] = v)
        })
      )
      // ada signs up through the same variables, as a first visit would
      yield* Auth.signUpWithPassword({ email: "ada@example.com", password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }).pipe(
        Effect.provide(StackClientApp.layerConfig())
      )
      yield* emulator.requests.clear
      yield* Effect.promise(() => main())
      const paths = (yield* emulator.requests.all).map((r) => `${r.method} ${r.path}`)
      assert.deepStrictEqual(paths, ["POST /api/v1/auth/password/sign-in", "GET /api/v1/users/me", "DELETE /api/v1/auth/sessions/current"])
    }).pipe(Effect.scoped, Effect.provide(Emulator.layer)))

  it.effect("the configuration example reads its own variable names", () =>
    Effect.gen(function*() {
      const { ConfigProvider } = yield* Effect.promise(() => import("effect"))
      const env = ConfigProvider.layer(ConfigProvider.fromUnknown({ AUTH_PROJECT_ID: "p-custom", AUTH_SERVER_SECRET: "ssk" }))
      const { StackHttp } = yield* Effect.promise(() => import("../../packages/sdk/src/transport/StackHttp.ts"))
      const config = yield* StackHttp.use((http) => Effect.succeed(http.config)).pipe(Effect.provide(custom.pipe(Layer.provide(env))))
      assert.strictEqual(config.projectId, "p-custom")
      assert.strictEqual(config.baseUrl, "http://localhost:8102")
    }))
})
