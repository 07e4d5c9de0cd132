import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Cli from "../../packages/emulator/src/Cli.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"

describe("the emulator command", () => {
  const defaults = { port: 8102, host: "127.0.0.1", mailboxPort: 8105, importPath: undefined, exportOnExit: undefined }

  it("parses its options, with no argument the defaults", () => {
    assert.deepStrictEqual(Cli.parseArgs([]), defaults)
    assert.deepStrictEqual(
      Cli.parseArgs(["--port", "9000", "--import=in.json", "--export-on-exit", "out.json", "--mailbox-port", "off", "--host", "0.0.0.0"]),
      { port: 9000, host: "0.0.0.0", mailboxPort: false, importPath: "in.json", exportOnExit: "out.json" }
    )
    assert.strictEqual(Cli.parseArgs(["--help"]), "help")
    assert.strictEqual(Cli.parseArgs(["-h"]), "help")
    assert.strictEqual(Cli.parseArgs(["help"]), "help")
    assert.match(Cli.parseArgs(["--port", "x"]) as string, /Invalid port/)
    assert.match(Cli.parseArgs(["--port", "65536"]) as string, /Invalid port/)
    assert.match(Cli.parseArgs(["--port"]) as string, /Missing value for --port/)
    assert.match(Cli.parseArgs(["--bogus", "1"]) as string, /Unknown option/)
    assert.deepStrictEqual(Cli.parseArgs(["--passkey-challenges", "random"]), { ...defaults, passkeyChallenges: "random" })
    assert.match(Cli.parseArgs(["--passkey-challenges", "fixed"]) as string, /Invalid passkey challenges/)
    assert.match(Cli.parseArgs(["serve"]) as string, /Unknown command "serve"/)
  })

  it("takes the former `stack-auth-effect emulator` spelling: a leading `emulator` is skipped", () => {
    assert.deepStrictEqual(Cli.parseArgs(["emulator"]), defaults)
    assert.deepStrictEqual(
      Cli.parseArgs(["emulator", "--port", "9000", "--import=in.json", "--export-on-exit", "out.json", "--mailbox-port", "off"]),
      Cli.parseArgs(["--port", "9000", "--import=in.json", "--export-on-exit", "out.json", "--mailbox-port", "off"])
    )
    assert.strictEqual(Cli.parseArgs(["emulator", "--help"]), "help")
    assert.match(Cli.parseArgs(["emulator", "--bogus", "1"]) as string, /Unknown option/)
    assert.match(Cli.parseArgs(["emulator", "emulator"]) as string, /Unknown command/)
  })

  it("names the package's command in its usage", () => {
    assert.match(Cli.usage, /^Usage: npx @stack-auth-effect\/emulator \[options\]/)
    assert.notInclude(Cli.usage, "stack-auth-effect emulator")
  })

  it.live("prints the demo credentials, and exports the state when stopped", () =>
    Effect.gen(function*() {
      const fs = yield* Effect.promise(() => import("node:fs/promises"))
      const os = yield* Effect.promise(() => import("node:os"))
      const dir = yield* Effect.promise(() => fs.mkdtemp(`${os.tmpdir()}/emulator-cli-`))
      const out = `${dir}/state.json`
      const lines: Array<string> = []
      const options = { port: 0, host: "127.0.0.1", mailboxPort: 0, importPath: undefined, exportOnExit: out } as const
      const fiber = yield* Effect.forkChild(Effect.scoped(Cli.program(options, (line) => lines.push(line))))
      yield* Effect.promise(async () => {
        for (let i = 0; i < 200 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10))
      })
      const banner = lines.join("\n")
      assert.include(banner, demoProject.projectId)
      assert.include(banner, demoProject.publishableClientKey)
      assert.include(banner, demoProject.secretServerKey)
      assert.include(banner, demoProject.superSecretAdminKey)
      assert.match(banner, /Mailbox: +http:\/\/127\.0\.0\.1:\d+\/ .*Inbucket API: http:\/\/127\.0\.0\.1:\d+\/api\/v1\/mailbox/)
      yield* Fiber.interrupt(fiber)
      const state = JSON.parse(yield* Effect.promise(() => fs.readFile(out, "utf8")))
      assert.strictEqual(state.version, 1)
      assert.property(state.projects, demoProject.projectId)
      assert.include(lines.at(-1), out)
      yield* Effect.promise(() => fs.rm(dir, { recursive: true }))
    }), 20_000)
})
