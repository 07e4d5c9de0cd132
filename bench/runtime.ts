/**
 * Server reads as a Node service makes them (issue #24): every call its own
 * `runtime.runPromise(ServerUsers.get(id))` on a `ManagedRuntime` built once, against raw `fetch`
 * of the same request (+ `response.json()`), in alternating blocks of 100 calls in one process;
 * 20 blocks per contender, the ratio of each block's wall time to the raw block beside it, the
 * median of the 20 ratios; the whole in 3 separate processes, one after the other; sequentially
 * and with 50 calls in flight. The official SDK (`app.getUser(id)`) runs in the same rotation. Ours
 * is the server app as built by default (on Node, over Node's own client); 3 more processes run it
 * given the `fetch` transport (the pipeline's own cost over a bare `fetch`), beside raw `fetch` only. The loopback server runs in its own process; every call reads a new user id.
 *
 * Unlike `calls.ts` (the median call of a block), a block's figure here is its total time: every
 * stall a call meets counts, as it does for a service.
 *
 * Run: `npm run bench -- runtime` (options: `--processes 3 --blocks 20 --block 100 --width 50`).
 */
import { spawnSync } from "node:child_process"
import { loadavg } from "node:os"
import * as clients from "./support/clients.ts"
import { option, report } from "./support/report.ts"
import { spawnServer } from "./support/server.ts"
import { median, quantile, rotate, table } from "./support/stats.ts"

const processes = option("processes", 3)
const blocks = option("blocks", 20)
const block = option("block", 100)
const width = option("width", 50)
const warmup = option("warmup", 3)

type Mode = "sequential" | "concurrent"
/** One process's figures: per mode and contender, the wall and CPU µs per call of every block. */
interface ProcessResult {
  readonly wall: Record<string, Record<string, Array<number>>>
  readonly cpu: Record<string, Record<string, Array<number>>>
  readonly load: { readonly start: ReadonlyArray<number>; readonly end: ReadonlyArray<number> }
}

/**
 * One process: raw `fetch`, ours and the official SDK; or (`--on-fetch`) raw `fetch` and ours
 * given the `fetch` transport. One SDK app per process, as a service has: a second one in the same
 * process (another transport through the same pipeline) slows both.
 */
const child = async (onFetch: boolean): Promise<ProcessResult> => {
  const start = loadavg()
  const server = await spawnServer()
  const contenders = onFetch
    ? [clients.raw(server.url), await clients.ours(server.url, "fetch")]
    : [clients.raw(server.url), await clients.ours(server.url), await clients.official(server.url)]
  let next = 0
  const freshId = () => `user-${next++}`
  await clients.checkAnswers(contenders, freshId)
  const runs: Record<Mode, (getUser: (id: string) => Promise<unknown>) => Promise<void>> = {
    sequential: async (getUser) => {
      for (let i = 0; i < block; i++) await getUser(freshId())
    },
    // `width` workers share the block's calls: 50 in flight until the last ones
    concurrent: async (getUser) => {
      let left = block
      const worker = async () => {
        while (left-- > 0) await getUser(freshId())
      }
      await Promise.all(Array.from({ length: Math.min(width, block) }, worker))
    }
  }
  const wall: ProcessResult["wall"] = {}
  const cpu: ProcessResult["cpu"] = {}
  for (const mode of ["sequential", "concurrent"] as const) {
    const run = runs[mode]
    wall[mode] = {}
    cpu[mode] = {}
    // warm-up: JIT, connection pools
    for (let i = 0; i < warmup; i++) for (const contender of contenders) await run(contender.getUser)
    for (let b = 0; b < blocks; b++) {
      for (const contender of rotate(contenders, b)) {
        const since = process.cpuUsage()
        const at = performance.now()
        await run(contender.getUser)
        const elapsed = performance.now() - at
        const used = process.cpuUsage(since)
        ;(wall[mode]![contender.name] ??= []).push((elapsed * 1000) / block)
        ;(cpu[mode]![contender.name] ??= []).push((used.user + used.system) / block)
      }
    }
  }
  for (const contender of contenders) await contender.close()
  await server.close()
  return { wall, cpu, load: { start, end: loadavg() } }
}

if (process.argv.includes("--child")) {
  process.stdout.write(`RESULT ${JSON.stringify(await child(process.argv.includes("--on-fetch")))}\n`)
  process.exit(0)
}

/** Runs `processes` child processes, one after the other. */
const runProcesses = (extra: ReadonlyArray<string>): Array<ProcessResult> =>
  Array.from({ length: processes }, (_, p) => {
    const args = ["--expose-gc", process.argv[1]!, "--child", ...extra, ...process.argv.slice(2)]
    const out = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 15 * 60_000 })
    const line = out.stdout.split("\n").find((l) => l.startsWith("RESULT "))
    if (out.status !== 0 || line === undefined) throw new Error(`process ${p + 1} failed (${out.status})`)
    return JSON.parse(line.slice("RESULT ".length)) as ProcessResult
  })

const mainResults = runProcesses([])
const fetchResults = runProcesses(["--on-fetch"])

const raw = "raw fetch"
/** Each contender's name and the processes it ran in. */
const contenders: ReadonlyArray<readonly [string, ReadonlyArray<ProcessResult>]> = [
  ["stack-auth-effect", mainResults],
  ["stack-auth-effect on fetch", fetchResults],
  ["@stackframe/js", mainResults]
]
const names = contenders.map(([name]) => name)
/** The per-block ratios of `name` to the raw block of the same round. */
const ratios = (r: ProcessResult, kind: "wall" | "cpu", mode: Mode, name: string) =>
  r[kind][mode]![name]!.map((t, i) => t / r[kind][mode]![raw]![i]!)
const medianRatio = (r: ProcessResult, kind: "wall" | "cpu", mode: Mode, name: string) => median(ratios(r, kind, mode, name))
const load = (l: ReadonlyArray<number>) => l.map((x) => x.toFixed(1)).join(" / ")
const modeLabel = (mode: Mode) => mode === "sequential" ? "sequential" : `${width} concurrent`

const rows = (["sequential", "concurrent"] as const).flatMap((mode) =>
  contenders.map(([name, results]) => {
    const perProcess = results.map((r) => medianRatio(r, "wall", mode, name))
    const cpuPerProcess = results.map((r) => medianRatio(r, "cpu", mode, name))
    const us = (n: string) => median(results.map((r) => median(r.wall[mode]![n]!))).toFixed(0)
    const cpuUs = (n: string) => median(results.map((r) => median(r.cpu[mode]![n]!))).toFixed(1)
    const bold = name === names[0] ? (s: string) => `**${s}**` : (s: string) => s
    return [
      modeLabel(mode),
      name,
      bold(median(perProcess).toFixed(2)),
      perProcess.map((x) => x.toFixed(2)).join(", "),
      `${us(raw)} / ${us(name)}`,
      median(cpuPerProcess).toFixed(2),
      `${cpuUs(raw)} / ${cpuUs(name)}`
    ]
  })
)

const spreadOf = (mode: Mode, name: string) =>
  mainResults.map((r) => {
    const values = ratios(r, "wall", mode, name)
    return `${quantile(values, 0.25).toFixed(2)}–${quantile(values, 0.75).toFixed(2)}`
  }).join(", ")

const markdown = [
  "### Server reads as a Node service makes them: `runtime.runPromise(ServerUsers.get(id))` ÷ raw `fetch`",
  "",
  `${processes} processes, one after the other; in each, ${blocks} rounds of alternating blocks of ${block} calls (raw \`fetch\`, ours as a server app is built by default (on Node, over Node's own client), the official SDK; order rotated per round), sequential, then ${width} in flight; then ${processes} more processes of raw \`fetch\` and ours given the \`fetch\` transport (the pipeline's own cost over a bare \`fetch\`; one SDK app per process, as a service has). A block's figure is its total wall time; a round's ratio is a contender's block ÷ the raw block of the same round; a process's figure is the median of its ${blocks} ratios; the headline is the median of the ${processes} processes. Every call reads a new user id. Load average (1 / 5 / 15 min) per process, start → end: ${[...mainResults, ...fetchResults].map((r) => `${load(r.load.start)} → ${load(r.load.end)}`).join("; ")}.`,
  "",
  table(
    ["mode", "contender", "÷ raw (median of processes; target ours ≤ 1.15 / ≤ 1.25)", "per process", "µs/call raw / contender", "CPU ÷ raw", "CPU µs/call raw / contender"],
    rows
  ),
  "",
  `Per-process p25–p75 of the block ratios, ours: sequential ${spreadOf("sequential", names[0]!)}; ${width} concurrent ${spreadOf("concurrent", names[0]!)}.`
].join("\n")

report("runtime", markdown, { processes, blocks, block, width, results: mainResults, onFetch: fetchResults })
