/**
 * The command `npx @stack-auth-effect/emulator [--port 8102] [--host 127.0.0.1] [--mailbox-port
 * 8105] [--import state.json] [--export-on-exit state.json]` (the package's bin,
 * `stack-auth-effect-emulator`): serves the emulator on loopback, prints the demo project's id and
 * keys and the mailbox URL, and stops cleanly on SIGINT/SIGTERM (exporting the state when asked).
 * The former spelling, `stack-auth-effect emulator [options]`, still parses: a leading `emulator`
 * is skipped.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Emulator from "./Emulator.ts"
import * as Server from "./EmulatorServer.ts"

/** The parsed command line. */
export interface Options {
  readonly port: number
  readonly host: string
  readonly mailboxPort: number | false
  readonly importPath: string | undefined
  readonly exportOnExit: string | undefined
  /** `--mail-rendering`; absent: the emulator's default (`development`). */
  readonly mailRendering?: Emulator.Options["mailRendering"]
  /** `--passkey-challenges`; absent: the emulator's default (`development`). */
  readonly passkeyChallenges?: Emulator.Options["passkeyChallenges"]
}

/** The command's name, as users type it. */
export const command = "npx @stack-auth-effect/emulator"

/** The usage text. */
export const usage = `Usage: ${command} [options]

Runs a local, in-memory Stack Auth emulator.

Options:
  --port <n>               API port (default ${Server.defaultPort}; 0 picks a free port)
  --host <address>         Listen address (default 127.0.0.1)
  --mailbox-port <n>       mailbox port: pages to read mails, Inbucket-compatible API (default ${Server.defaultMailboxPort}; "off" to disable)
  --import <file>          Start from a state exported earlier
  --export-on-exit <file>  Write the state to <file> when stopped (SIGINT/SIGTERM)
  --mail-rendering <mode>  "development" (default): mails as the service's development setup sends them
                           (subject "Mock subject, <Subject .../>", body listing template, theme and
                           variables); "rendered": the project's templates rendered for real
  --passkey-challenges <mode>
                           "development" (default): the fixed challenge MOCK, as the service's development
                           setup answers; "random": a fresh challenge per ceremony, as in production
  --help                   Show this text`

/**
 * Parses the arguments after the program name (no argument: the defaults); a string is an error
 * message. A leading `emulator`, the command of the former `stack-auth-effect emulator`, is skipped.
 */
export const parseArgs = (argv: ReadonlyArray<string>): Options | "help" | string => {
  const rest = argv[0] === "emulator" ? argv.slice(1) : argv
  if (rest[0] === "help") return "help"
  let options: Options = { port: Server.defaultPort, host: "127.0.0.1", mailboxPort: Server.defaultMailboxPort, importPath: undefined, exportOnExit: undefined }
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!
    if (flag === "--help" || flag === "-h") return "help"
    if (!flag.startsWith("-")) return `Unknown command ${JSON.stringify(flag)}`
    const [name, inline] = flag.includes("=") ? [flag.slice(0, flag.indexOf("=")), flag.slice(flag.indexOf("=") + 1)] : [flag, undefined]
    const value = inline ?? rest[++i]
    if (value === undefined) return `Missing value for ${name}`
    const port = (text: string) => (/^\d+$/.test(text) && Number(text) < 65536 ? Number(text) : undefined)
    switch (name) {
      case "--port": {
        const p = port(value)
        if (p === undefined) return `Invalid port ${JSON.stringify(value)}`
        options = { ...options, port: p }
        break
      }
      case "--mailbox-port": {
        const p = value === "off" ? false : port(value)
        if (p === undefined) return `Invalid mailbox port ${JSON.stringify(value)}`
        options = { ...options, mailboxPort: p }
        break
      }
      case "--host":
        options = { ...options, host: value }
        break
      case "--import":
        options = { ...options, importPath: value }
        break
      case "--export-on-exit":
        options = { ...options, exportOnExit: value }
        break
      case "--mail-rendering":
        if (value !== "development" && value !== "rendered") return `Invalid mail rendering ${JSON.stringify(value)} (development or rendered)`
        options = { ...options, mailRendering: value }
        break
      case "--passkey-challenges":
        if (value !== "development" && value !== "random") return `Invalid passkey challenges ${JSON.stringify(value)} (development or random)`
        options = { ...options, passkeyChallenges: value }
        break
      default:
        return `Unknown option ${JSON.stringify(name)}`
    }
  }
  return options
}

/** What the command prints once it listens. */
export const banner = (info: Server.ServerInfo, demo: Emulator.Service["demoProject"]): string =>
  [
    "Stack Auth emulator (stack-auth-effect)",
    `  API:          ${info.url}  (base URL for the SDK; health at ${info.url}/health)`,
    `  Mailbox:      ${info.mailboxUrl === undefined ? "off" : `${info.mailboxUrl}/  (open in a browser; Inbucket API: ${info.mailboxUrl}/api/v1/mailbox/{name})`}`,
    "",
    `Demo project "${demo.displayName}":`,
    `  Project id:              ${demo.projectId}`,
    `  Publishable client key:  ${demo.publishableClientKey}`,
    `  Secret server key:       ${demo.secretServerKey}`,
    `  Super-secret admin key:  ${demo.superSecretAdminKey}`,
    "",
    "Press Ctrl+C to stop."
  ].join("\n")

/** Runs the emulator until interrupted; exports the state on the way out when asked. */
export const program = (options: Options, log: (line: string) => void): Effect.Effect<never, unknown, Scope.Scope> =>
  Effect.gen(function*() {
    const fs = yield* Effect.promise(() => import("node:fs/promises"))
    const state = options.importPath === undefined
      ? undefined
      : yield* Effect.tryPromise(() => fs.readFile(options.importPath!, "utf8"))
    const context = yield* Layer.build(Emulator.layerAloneWith({ state, mailRendering: options.mailRendering, passkeyChallenges: options.passkeyChallenges }))
    const emulator = yield* Effect.provideContext(Emulator.Emulator, context)
    if (options.exportOnExit !== undefined) {
      const path = options.exportOnExit
      yield* Effect.addFinalizer(() =>
        emulator.exportState.pipe(
          Effect.flatMap((json) => Effect.promise(() => fs.writeFile(path, json, "utf8"))),
          Effect.tap(() => Effect.sync(() => log(`State exported to ${path}`)))
        ))
    }
    const info = yield* Effect.provideContext(Server.serve(options), context)
    log(banner(info, emulator.demoProject))
    return yield* Effect.never
  })

/** Runs the command with process arguments; resolves with the exit code. */
export const main = (argv: ReadonlyArray<string>): Promise<number> => {
  const parsed = parseArgs(argv)
  if (parsed === "help") {
    console.log(usage)
    return Promise.resolve(0)
  }
  if (typeof parsed === "string") {
    console.error(`${parsed}\n\n${usage}`)
    return Promise.resolve(2)
  }
  const fiber = Effect.runFork(Effect.scoped(program(parsed, (line) => console.log(line))))
  const stop = () => fiber.interruptUnsafe()
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  return new Promise((resolve) => {
    fiber.addObserver((exit) => {
      process.off("SIGINT", stop)
      process.off("SIGTERM", stop)
      if (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)) return resolve(0)
      console.error(Cause.pretty(exit.cause))
      resolve(1)
    })
  })
}
