/**
 * `npm run differential [-- --only <text>] [--concurrency n] [--emulator-url <url>]`: sends the
 * same request sequences to the real service (STACK_API_URL, the internal project's keys from
 * STACK_PUBLISHABLE_CLIENT_KEY, mails from INBUCKET_API_URL) and to the emulator of this checkout
 * (started on a free port, or the one at --emulator-url / EMULATOR_URL), compares the answers and
 * writes a report per route to .artifacts/differential/ (report.md, report.json).
 *
 * A dev tool: it needs the real service running (see ../shared/real-service/README.md) and is
 * never part of `npm test` or CI.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { compare, type Difference } from "./Compare.ts"
import { Context, Projects, SequenceFailure } from "./Context.ts"
import type { Sequence } from "./Sequence.ts"
import * as AccountMore from "./sequences/AccountMore.ts"
import * as AdminMore from "./sequences/AdminMore.ts"
import * as Auth from "./sequences/Auth.ts"
import * as KeysMore from "./sequences/KeysMore.ts"
import * as MailMore from "./sequences/MailMore.ts"
import * as AuthMore from "./sequences/AuthMore.ts"
import * as Project from "./sequences/Project.ts"
import * as ProjectMore from "./sequences/ProjectMore.ts"
import * as Teams from "./sequences/Teams.ts"
import * as TeamsMore from "./sequences/TeamsMore.ts"
import * as Users from "./sequences/Users.ts"
import * as UsersMore from "./sequences/UsersMore.ts"
import type { Exchange, Target } from "./Wire.ts"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")

/** Every sequence, most-used routes first. */
export const all: ReadonlyArray<Sequence> = [...Auth.sequences, ...AuthMore.sequences, ...Users.sequences, ...UsersMore.sequences, ...Teams.sequences, ...TeamsMore.sequences, ...Project.sequences, ...ProjectMore.sequences, ...MailMore.sequences, ...KeysMore.sequences, ...AccountMore.sequences, ...AdminMore.sequences]

const explain = `npm run differential: compares the emulator with the real Stack Auth service.

It needs the real service (Stack Auth's own backend, run offline on this machine):
  bash ../shared/real-service/start.sh     # prints the environment below
then, with that environment exported:
  STACK_API_URL=http://127.0.0.1:8140
  STACK_PUBLISHABLE_CLIENT_KEY=<the internal project's publishable client key>
  INBUCKET_API_URL=http://127.0.0.1:8128   (optional: mails are compared when set)
run it again. Options: --only <text> (sequences whose route or name contains it),
--concurrency <n> (default 4), --emulator-url <url> (use a running emulator instead of starting one),
--replay <report.json> (compare the emulator with the real answers an earlier run recorded: no real service needed).
The report goes to .artifacts/differential/report.md and report.json.`

interface Options {
  readonly only: string | undefined
  readonly concurrency: number
  readonly emulatorUrl: string | undefined
  readonly out: string
  /** A report.json whose real answers are compared again, instead of asking the real service. */
  readonly replay: string | undefined
}

const parseOptions = (argv: ReadonlyArray<string>): Options => {
  const value = (name: string) => {
    const i = argv.indexOf(name)
    return i >= 0 ? argv[i + 1] : undefined
  }
  return {
    only: value("--only"),
    concurrency: Number(value("--concurrency") ?? 4),
    emulatorUrl: value("--emulator-url") ?? process.env.EMULATOR_URL,
    out: value("--out") ?? join(root, ".artifacts", "differential"),
    replay: value("--replay")
  }
}

/** The emulator's CLI in this checkout: the workspace package's bin, else the single package's. */
const emulatorCommand = (): ReadonlyArray<string> => {
  const workspace = join(root, "packages", "emulator", "package.json")
  if (existsSync(workspace)) {
    const pkg = JSON.parse(readFileSync(workspace, "utf8")) as { bin?: string | Record<string, string> }
    const bin = typeof pkg.bin === "string" ? pkg.bin : Object.values(pkg.bin ?? {})[0]
    if (bin !== undefined) return [join(root, "packages", "emulator", bin)]
  }
  return [join(root, "bin", "stack-auth-effect.mjs")]
}

/** The emulator's seeded `internal` project keys (fixed in its seeds). */
const emulatorInternal = {
  projectId: "internal",
  publishableClientKey: process.env.EMULATOR_INTERNAL_PUBLISHABLE_CLIENT_KEY ?? "pck_emulator_internal_3a8e1d5c9b2f4e7a6d04"
}

const startEmulator = (): Promise<{ readonly child: ChildProcess; readonly api: string; readonly mailbox: string | undefined }> =>
  new Promise((resolvePromise, reject) => {
    // the workspace's source condition: the checkout's TypeScript sources, never a stale build
    const child = spawn(process.execPath, ["--conditions=@stack-auth-effect/source", ...emulatorCommand(), "emulator", "--port", "0", "--mailbox-port", "0"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const api = /API:\s+(http:\/\/\S+)/.exec(output)?.[1]
      const mailboxLine = /Mailbox:\s+(\S+)/.exec(output)?.[1]
      if (api !== undefined && mailboxLine !== undefined) {
        resolvePromise({ child, api: api.replace(/\/api\/v1\/?$/, ""), mailbox: mailboxLine === "off" ? undefined : mailboxLine.replace(/\/$/, "") })
      }
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on("exit", (code) => reject(new Error(`the emulator exited (${code}) before listening:\n${output}`)))
  })

/** One sequence's outcome. */
export interface Outcome {
  readonly sequence: Sequence
  readonly real: ReadonlyArray<Exchange>
  readonly emulator: ReadonlyArray<Exchange>
  readonly differences: ReadonlyArray<Difference>
  /** Why the sequence is out of the match rate (the real service did not answer as documented). */
  readonly excluded: string | undefined
  readonly realAliases: ReadonlyMap<string, string>
}

const runOn = async (target: Target, projects: Projects, runId: string, seq: Sequence, slug: string) => {
  const ctx = new Context(target, projects, runId, slug)
  try {
    await seq.run(ctx)
  } catch (error) {
    const message = error instanceof SequenceFailure ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    ctx.exchanges.push({ label: "sequence stopped", method: "-", path: "-", status: -1, headers: {}, body: { stopped: message.replace(/[0-9a-f-]{36}/g, "<uuid>").slice(0, 300) }, isJson: true })
  }
  return ctx
}

/** The known errors of a 30-second token that ran out (a user's or the owner's admin token). */
const expiry = (x: Exchange) => ["ACCESS_TOKEN_EXPIRED", "ADMIN_ACCESS_TOKEN_EXPIRED"].includes(x.headers["x-stack-known-error"] ?? "")

const expiredToken = (exchanges: ReadonlyArray<Exchange>) => exchanges.some(expiry)

/** The real side of a sequence recorded by an earlier run (`--replay`). */
interface Recorded {
  readonly exchanges: ReadonlyArray<Exchange>
  readonly aliases: ReadonlyMap<string, string> | undefined
}

const runSequence = async (
  seq: Sequence,
  index: number,
  real: { target: Target; projects: Projects; recorded: Map<string, Recorded> | undefined },
  emulator: { target: Target; projects: Projects },
  runId: string
): Promise<Outcome> => {
  let r: { exchanges: ReadonlyArray<Exchange>; aliases: ReadonlyMap<string, string> }
  let replayedWithoutAliases = false
  const recorded = real.recorded?.get(seq.name)
  if (real.recorded !== undefined) {
    if (recorded === undefined) throw new Error(`no recorded answers of the real service for "${seq.name}"`)
    r = { exchanges: recorded.exchanges, aliases: recorded.aliases ?? new Map() }
    replayedWithoutAliases = recorded.aliases === undefined
  } else {
    // Access tokens live 30 s on the real service's dev setup, and its first request to a route
    // compiles it (seconds): a sequence that met an expired token is run again once the routes are warm.
    let ctx = await runOn(real.target, real.projects, runId, seq, `s${index}`)
    for (let attempt = 1; attempt <= 2 && expiredToken(ctx.exchanges); attempt++) {
      ctx = await runOn(real.target, real.projects, runId, seq, `s${index}r${attempt}`)
    }
    r = ctx
  }
  const e = await runOn(emulator.target, emulator.projects, runId, seq, `s${index}`)
  const differences = compare(r.exchanges, e.exchanges, { real: r.aliases, emulator: replayedWithoutAliases ? new Map() : e.aliases })
  const serverError = r.exchanges.find((x) => x.status >= 500)
  const stopped = r.exchanges.find((x) => x.status === -1)
  // the real service's access tokens live 30 s: on a loaded machine one can expire mid-sequence,
  // which says nothing about the route (the emulator's step did not meet an expired token)
  const expiredMidway = r.exchanges.find((x, i) => expiry(x) && (e.exchanges[i] === undefined || !expiry(e.exchanges[i]!)))
  const excluded = serverError !== undefined
    ? `the real service answered ${serverError.status} at "${serverError.label}"`
    : stopped !== undefined
    ? `the sequence stopped on the real service: ${JSON.stringify(stopped.body)}`
    : expiredMidway !== undefined
    ? `the real service's 30-second access token expired at "${expiredMidway.label}" (a slow run)`
    : undefined
  return { sequence: seq, real: r.exchanges, emulator: e.exchanges, differences, excluded, realAliases: r.aliases }
}

const rate = (n: number, of: number) => `${n}/${of} = ${(100 * n / Math.max(1, of)).toFixed(1)} %`

/** Headers of the protocol (as opposed to the web framework's: security headers, \`vary\`, rewrites). */
export const protocolHeader = (name: string): boolean =>
  ["content-type", "location", "retry-after", "set-cookie"].includes(name) || name.startsWith("access-control-") || (name.startsWith("x-stack-") && name !== "x-stack-request-id")

const md = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value)
  return "`" + (text ?? "undefined").replace(/`/g, "'").replace(/\|/g, "\\|").replace(/\n/g, "\\n") + "`"
}

/** The markdown report: the match rate, the differences by kind, then by route. */
export const markdown = (outcomes: ReadonlyArray<Outcome>, meta: Record<string, string>): string => {
  const counted = outcomes.filter((o) => o.excluded === undefined)
  const matched = counted.filter((o) => o.differences.length === 0)
  const withoutCredentialsHeader = counted.filter((o) => o.differences.every((d) => d.where === "header access-control-allow-credentials"))
  const protocolOnly = counted.filter((o) => o.differences.every((d) => d.where.startsWith("header ") && !protocolHeader(d.where.slice(7))))
  const bodyOnly = counted.filter((o) => o.differences.every((d) => d.where.startsWith("header ")))
  const lines: Array<string> = []
  lines.push("# Differential report: emulator vs the real service", "")
  for (const [k, v] of Object.entries(meta)) lines.push(`- ${k}: ${v}`)
  lines.push(
    `- sequences: ${outcomes.length}; answered as documented by the real service: ${counted.length}; excluded: ${outcomes.length - counted.length}`,
    `- **match rate: ${matched.length}/${counted.length} = ${(100 * matched.length / Math.max(1, counted.length)).toFixed(1)} %**`,
    `- match rate ignoring \`access-control-allow-credentials\`: ${rate(withoutCredentialsHeader.length, counted.length)}`,
    `- match rate on the protocol's headers only (content-type, location, retry-after, access-control-*, x-stack-* but the request id): ${rate(protocolOnly.length, counted.length)}`,
    `- match rate on status and body only (no header compared): ${rate(bodyOnly.length, counted.length)}`,
    ""
  )
  const byWhere = new Map<string, number>()
  for (const o of counted) for (const d of o.differences) {
    const key = d.where.startsWith("header ") ? d.where : d.where.startsWith("body") ? "body" : d.where
    byWhere.set(key, (byWhere.get(key) ?? 0) + 1)
  }
  lines.push("## Differences by kind (counted sequences)", "", "| where | differences |", "|---|---|")
  for (const [k, n] of [...byWhere].sort((a, b) => b[1] - a[1])) lines.push(`| ${k} | ${n} |`)
  lines.push("")
  const routes = new Map<string, Array<Outcome>>()
  for (const o of outcomes) routes.set(o.sequence.route, [...(routes.get(o.sequence.route) ?? []), o])
  lines.push("## By route", "", "| route | matched | counted | excluded |", "|---|---|---|---|")
  for (const [route, list] of routes) {
    const c = list.filter((o) => o.excluded === undefined)
    lines.push(`| ${route} | ${c.filter((o) => o.differences.length === 0).length} | ${c.length} | ${list.length - c.length} |`)
  }
  lines.push("")
  for (const [route, list] of routes) {
    lines.push(`### ${route}`, "")
    for (const o of list) {
      const status = o.excluded !== undefined ? `excluded (${o.excluded})` : o.differences.length === 0 ? "same" : `${o.differences.length} difference(s)`
      lines.push(`- **${o.sequence.name}** (${o.sequence.kind}): ${status}`)
      if (o.excluded === undefined) {
        for (const d of o.differences.filter((d) => d.where !== "header access-control-allow-credentials")) {
          lines.push(`  - ${d.step} · ${d.where}: real ${md(d.real)} · emulator ${md(d.emulator)}`)
        }
      }
    }
    lines.push("")
  }
  return lines.join("\n")
}

const main = async () => {
  const options = parseOptions(process.argv.slice(2))
  const realUrl = process.env.STACK_API_URL ?? (options.replay !== undefined ? "http://replayed.invalid" : undefined)
  if (realUrl === undefined || realUrl.length === 0) {
    console.log(explain)
    return 0
  }
  const realTarget: Target = {
    name: "real",
    baseUrl: realUrl.replace(/\/api\/v1\/?$/, ""),
    mailboxUrl: process.env.INBUCKET_API_URL,
    internal: { projectId: "internal", publishableClientKey: process.env.STACK_PUBLISHABLE_CLIENT_KEY ?? "this-publishable-client-key-is-for-local-development-only" }
  }
  const recorded = options.replay === undefined ? undefined : new Map(
    (JSON.parse(readFileSync(options.replay, "utf8")) as Array<{ name: string; real: Array<Exchange>; realAliases?: Array<[string, string]> }>).map((o) => [
      o.name,
      { exchanges: o.real, aliases: o.realAliases === undefined ? undefined : new Map(o.realAliases) }
    ])
  )
  const health = recorded !== undefined ? 200 : await fetch(`${realTarget.baseUrl}/api/v1`).then((r) => r.status, () => 0)
  if (health !== 200) {
    console.log(`The real service at ${realTarget.baseUrl} does not answer (GET /api/v1: ${health}).\n\n${explain}`)
    return 1
  }
  const started = options.emulatorUrl === undefined ? await startEmulator() : undefined
  const emulatorTarget: Target = {
    name: "emulator",
    baseUrl: options.emulatorUrl ?? started!.api,
    mailboxUrl: options.emulatorUrl === undefined ? started!.mailbox : process.env.EMULATOR_MAILBOX_URL,
    internal: emulatorInternal
  }
  try {
    const runId = Date.now().toString(36)
    const real = { target: realTarget, projects: new Projects(realTarget, runId), recorded }
    const emulator = { target: emulatorTarget, projects: new Projects(emulatorTarget, runId) }
    // a replay compares only the sequences the recorded run has
    const selected = all.map((s, i) => [s, i] as const)
      .filter(([s]) => options.only === undefined || `${s.route} ${s.name}`.includes(options.only))
      .filter(([s]) => recorded === undefined || recorded.has(s.name))
    console.log(`${selected.length} sequences; real ${realTarget.baseUrl}, emulator ${emulatorTarget.baseUrl}`)
    const outcomes: Array<Outcome | undefined> = new Array(selected.length)
    let next = 0
    const worker = async () => {
      while (next < selected.length) {
        const slot = next++
        const [seq, index] = selected[slot]!
        const outcome = await runSequence(seq, index, real, emulator, runId)
        outcomes[slot] = outcome
        const mark = outcome.excluded !== undefined ? "excluded" : outcome.differences.length === 0 ? "same" : `${outcome.differences.length} diff`
        console.log(`[${slot + 1}/${selected.length}] ${seq.route} · ${seq.name}: ${mark}`)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker))
    const done = outcomes.filter((o): o is Outcome => o !== undefined)
    mkdirSync(options.out, { recursive: true })
    const meta = {
      "run": new Date().toISOString(),
      "real service": options.replay === undefined ? realTarget.baseUrl : `answers recorded in ${options.replay}`,
      "emulator": emulatorTarget.baseUrl
    }
    const report = markdown(done, meta)
    writeFileSync(join(options.out, "report.md"), report)
    writeFileSync(join(options.out, "report.json"), JSON.stringify(done.map((o) => ({
      route: o.sequence.route,
      kind: o.sequence.kind,
      name: o.sequence.name,
      excluded: o.excluded,
      differences: o.differences,
      real: o.real,
      realAliases: [...o.realAliases],
      emulator: o.emulator
    })), null, 2))
    console.log(report.split("\n").filter((l) => l.startsWith("- ")).slice(0, 8).join("\n"))
    console.log(`Report: ${join(options.out, "report.md")}`)
    return 0
  } finally {
    started?.child.kill("SIGTERM")
  }
}

process.exitCode = await main()
