/**
 * The emulator as a process, started by its command (the package's bin,
 * `npx @stack-auth-effect/emulator`, here from the checkout) as a developer would: our SDK signs a user up over HTTP with a one-time code read from the
 * Inbucket-compatible mailbox, SIGTERM stops the process cleanly and `--export-on-exit` leaves a
 * state that `--import` starts from. Real time, bounded; the process is killed in a finalizer.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { fileURLToPath } from "node:url"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"

const command = fileURLToPath(new URL("../../packages/emulator/bin/stack-auth-effect-emulator.mjs", import.meta.url))

/** How long the process may take to print its banner, or to exit once told to. */
const processTimeout = Duration.seconds(20)

/** What the banner told us, and the process behind it. */
interface Running {
  readonly child: ChildProcess
  readonly apiUrl: string
  readonly mailboxUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
  readonly stdout: () => string
  readonly stderr: () => string
}

const field = (banner: string, pattern: RegExp): string => {
  const match = pattern.exec(banner)
  assert.isNotNull(match, `${pattern} in the banner:\n${banner}`)
  return match![1]!
}

/** Starts the command (free ports) and waits for its banner; the process is killed when the scope closes. */
const boot = (extraArgs: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const child = yield* Effect.acquireRelease(
      Effect.sync(() =>
        spawn(process.execPath, [command, "--port", "0", "--mailbox-port", "0", ...extraArgs], {
          stdio: ["ignore", "pipe", "pipe"]
        })
      ),
      (child) => Effect.sync(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"))
    )
    let stdout = ""
    let stderr = ""
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const banner = yield* Effect.callback<string, Error>((resume) => {
      const check = () => {
        if (stdout.includes("Press Ctrl+C to stop.")) resume(Effect.succeed(stdout))
      }
      child.stdout!.on("data", check)
      child.once("exit", (code) => resume(Effect.fail(new Error(`exited early (${code}): ${stderr}${stdout}`))))
      check()
    }).pipe(Effect.timeoutOrElse({
      duration: processTimeout,
      orElse: () => Effect.fail(new Error(`no banner in time: ${stderr}${stdout}`))
    }), Effect.orDie)
    return {
      child,
      apiUrl: field(banner, /API: +(http:\/\/\S+)/),
      mailboxUrl: field(banner, /Mailbox: +(http:\/\/[^/\s]+)\/ /),
      projectId: field(banner, /Project id: +(\S+)/),
      publishableClientKey: field(banner, /Publishable client key: +(\S+)/),
      stdout: () => stdout,
      stderr: () => stderr
    } satisfies Running
  })

/** Sends SIGTERM and waits for the process to exit: its exit code and signal. */
const terminate = (running: Running) =>
  Effect.callback<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>((resume) => {
    running.child.once("exit", (code, signal) => resume(Effect.succeed({ code, signal })))
    running.child.kill("SIGTERM")
  }).pipe(Effect.timeoutOrElse({ duration: processTimeout, orElse: () => Effect.die(new Error("did not exit after SIGTERM")) }))

const getJson = (url: string) =>
  Effect.promise(async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    assert.strictEqual(response.status, 200, url)
    return (await response.json()) as unknown
  })

interface InbucketSummary {
  readonly id: string
  readonly to: ReadonlyArray<string>
}

/** Reads the newest mail of a mailbox over the Inbucket REST API and returns the `code` of its first link (`Mail.codeOf`). */
const codeFromMailbox = (mailboxUrl: string, email: string) =>
  Effect.gen(function*() {
    const name = email.split("@")[0]!
    const list = (yield* getJson(`${mailboxUrl}/api/v1/mailbox/${name}`)) as ReadonlyArray<InbucketSummary>
    const latest = list.at(-1)
    assert.isDefined(latest, `no mail for ${email}`)
    assert.include(latest!.to.join(" "), email)
    const message = (yield* getJson(`${mailboxUrl}/api/v1/mailbox/${name}/${latest!.id}`)) as { body: { text: string } }
    // the mail's first link, in the form the emulator sends (the development form's variables, or a rendered mail)
    const code = Mail.codeOf({ text: message.body.text })
    assert.isString(code, message.body.text)
    return { code: code!, mails: list.length }
  })

const callbackUrl = "http://localhost:3000/handler/magic-link-callback"

/** Our SDK over the real fetch transport: send a sign-in code, read it from the mailbox, sign in, read the user. */
const signInByMail = (running: Running, email: string) =>
  Effect.gen(function*() {
    yield* Auth.sendSignInCode({ email, callbackUrl })
    const { code, mails } = yield* codeFromMailbox(running.mailboxUrl, email)
    const result = yield* Auth.signInWithCode(code)
    const user = yield* Users.getCurrent()
    const tokens = yield* (yield* TokenStore.TokenStore).get
    return { result, user, mails, refreshToken: tokens.refreshToken }
  }).pipe(Effect.provide(StackClientApp.layer({
    projectId: running.projectId,
    publishableClientKey: running.publishableClientKey,
    baseUrl: running.apiUrl
  })))

describe("the emulator command, as a process", () => {
  it.live("serves a one-time-code sign-up over HTTP, stops on SIGTERM and exports its state", () =>
    Effect.gen(function*() {
      const dir = yield* Effect.acquireRelease(
        Effect.promise(() => mkdtemp(`${tmpdir()}/emulator-command-`)),
        (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
      )
      const statePath = `${dir}/state.json`
      const email = "otp-user@example.com"

      const first = yield* Effect.scoped(Effect.gen(function*() {
        const running = yield* boot(["--export-on-exit", statePath])
        assert.match(running.apiUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
        const signedUp = yield* signInByMail(running, email)
        assert.isTrue(signedUp.result.isNewUser)
        assert.strictEqual(signedUp.user.id, signedUp.result.userId)
        assert.strictEqual(signedUp.user.primaryEmail, email)
        assert.isTrue(signedUp.user.primaryEmailVerified)
        assert.strictEqual(signedUp.mails, 1)

        const exit = yield* terminate(running)
        assert.deepStrictEqual(exit, { code: 0, signal: null }, running.stderr())
        assert.strictEqual(running.stderr(), "")
        assert.include(running.stdout().trim().split("\n").at(-1), `State exported to ${statePath}`)
        return signedUp
      }))

      const state = JSON.parse(yield* Effect.promise(() => readFile(statePath, "utf8")))
      const stored = Object.values(state.users as Record<string, { id: string; contactChannels: Array<{ value: string }> }>)
      assert.deepStrictEqual(stored.filter((u) => u.contactChannels.some((c) => c.value === email)).map((u) => u.id), [first.user.id])

      // A second process started from the export knows the user: signing in again is not a sign-up.
      yield* Effect.scoped(Effect.gen(function*() {
        const running = yield* boot(["--import", statePath])
        const again = yield* signInByMail(running, email)
        assert.isFalse(again.result.isNewUser)
        assert.strictEqual(again.user.id, first.user.id)
        assert.strictEqual(again.mails, 2)
        assert.notStrictEqual(Redacted.value(again.refreshToken!), Redacted.value(first.refreshToken!))
        assert.deepStrictEqual(yield* terminate(running), { code: 0, signal: null })
      }))
    }), 60_000)
})
