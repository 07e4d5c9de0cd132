/**
 * The emulator's command as users run it: `npx @stack-auth-effect/emulator`, from the emulator's
 * tarball installed (beside the SDK it names as a peer) into an empty app, serves the emulator
 * alone on a free port (`--port 0`), answers over HTTP, and stops on SIGTERM. npm runs the
 * installed package's bin offline (`--offline`, never asking to install). Real time, bounded: the
 * process group is killed in any case.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { type ChildProcess, spawn } from "node:child_process"
import { dirname } from "node:path"
import { install } from "../../scripts/installed.ts"

const installed = install({ packages: ["emulator"] })
afterAll(() => installed.remove())

/** Waits until `done` holds for what the process printed, or it exits, or `ms` pass. */
const waitFor = (child: ChildProcess, output: () => string, done: (text: string) => boolean, ms: number) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out; printed:\n${output()}`)), ms)
    const check = () => {
      if (!done(output())) return
      clearTimeout(timer)
      resolve(output())
    }
    child.stdout!.on("data", check)
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`exited (${code}); printed:\n${output()}`))
    })
    check()
  })

/** Starts `npx @stack-auth-effect/emulator <args>` in the app, in its own process group. */
const npx = (args: ReadonlyArray<string>) => {
  // Node 24 (this process's) first on the PATH, for npm and for the bin's `#!/usr/bin/env node`
  const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`, NO_COLOR: "1" }
  const child = spawn("npm", ["exec", "--offline", "--yes=false", "--", "@stack-auth-effect/emulator", ...args], {
    cwd: installed.app,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"]
  })
  let printed = ""
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (printed += chunk))
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (printed += chunk))
  const killGroup = () => {
    try {
      process.kill(-child.pid!, "SIGKILL")
    } catch {
      // already gone
    }
  }
  return { child, output: () => printed, killGroup }
}

describe("npx @stack-auth-effect/emulator", () => {
  it("serves the emulator alone on a free port, answers, and stops on SIGTERM", async () => {
    const running = npx(["--port", "0", "--mailbox-port", "0"])
    try {
      const banner = await waitFor(running.child, running.output, (text) => text.includes("Press Ctrl+C to stop."), 60_000)
      const api = /API: +(http:\/\/127\.0\.0\.1:(\d+))/.exec(banner)
      assert.isNotNull(api, banner)
      assert.notStrictEqual(api![2], "0")
      const projectId = /Project id: +(\S+)/.exec(banner)![1]!
      const publishableClientKey = /Publishable client key: +(\S+)/.exec(banner)![1]!

      const health = await fetch(`${api![1]}/health`, { signal: AbortSignal.timeout(10_000) })
      assert.strictEqual(health.status, 200)
      // the demo project, as the SDK asks for it
      const project = await fetch(`${api![1]}/api/v1/projects/current`, {
        headers: { "x-stack-project-id": projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": publishableClientKey },
        signal: AbortSignal.timeout(10_000)
      })
      assert.strictEqual(project.status, 200)
      assert.strictEqual(((await project.json()) as { id: string }).id, projectId)

      // SIGTERM to the group (npm and the emulator under it, as a terminal's Ctrl+C): npm ends, and
      // so does the emulator, whose port stops answering
      const exited = new Promise<void>((resolve) => running.child.once("exit", () => resolve()))
      process.kill(-running.child.pid!, "SIGTERM")
      await exited
      let answering = true
      for (let i = 0; i < 100 && answering; i++) {
        answering = await fetch(`${api![1]}/health`, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false)
        if (answering) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.isFalse(answering, "the emulator still answers after SIGTERM")
      assert.notInclude(running.output(), "Error", running.output())
    } finally {
      running.killGroup()
    }
  }, 120_000)

  it("prints its usage, naming the new command, and refuses an unknown option", async () => {
    const help = npx(["--help"])
    const usage = await new Promise<string>((resolve) => help.child.once("exit", () => resolve(help.output())))
    assert.include(usage, "Usage: npx @stack-auth-effect/emulator [options]")
    const wrong = npx(["--bogus", "1"])
    const code = await new Promise<number | null>((resolve) => wrong.child.once("exit", (code) => resolve(code)))
    assert.strictEqual(code, 2)
    assert.include(wrong.output(), `Unknown option "--bogus"`)
  }, 120_000)
})
