/**
 * Server `getUser(id)` per-call time, as a ratio to raw `fetch` of the same request: sequential,
 * and 50 concurrent. Raw fetch, our SDK and the official SDK run in alternating blocks (the order
 * rotates every round) in this one process, against a loopback `node:http` server in its own
 * process; every call asks for a new user id (no SDK can answer from a cache).
 *
 * Per block: the median call (sequential) or the median batch of 50 ÷ 50 (concurrent), so a stall
 * of the shared machine inside one block does not decide a ratio; ratios are taken per round, and
 * their median (p25–p75) is reported. This process's CPU time per call is reported too (its ratio
 * moves less with the machine's load than wall time does).
 *
 * A second table splits our per-call time by layer (pipeline, typed call, API function), above
 * the floor of any Effect SDK: the same raw `fetch` + `response.json()` run as one Effect by the
 * same `ManagedRuntime`.
 *
 * Run: `npm run bench -- calls` (options: `--rounds 25 --block 200 --batches 16`).
 */
import { loadavg } from "node:os"
import * as Effect from "effect/Effect"
import * as References from "effect/References"
import * as ServerUsers from "../packages/sdk/src/api/ServerUsers.ts"
import { ServerUser } from "../packages/sdk/src/protocol/internal/schemas/ServerUser.ts"
import * as Call from "../packages/sdk/src/transport/Call.ts"
import * as StackHttp from "../packages/sdk/src/transport/StackHttp.ts"
import * as clients from "./support/clients.ts"
import { option, report } from "./support/report.ts"
import { spawnServer } from "./support/server.ts"
import { median, rotate, spread, table } from "./support/stats.ts"

const rounds = option("rounds", 25)
const block = option("block", 200)
const batches = option("batches", 16)
const width = 50

const loadAtStart = loadavg()
const server = await spawnServer()
const raw = clients.raw(server.url)
const ours = await clients.ours(server.url)
const official = await clients.official(server.url)
const contenders = [raw, ours, official]

let next = 0
const freshId = () => `user-${next++}`

await clients.checkAnswers(contenders, freshId)

/** This process's CPU time (user + system) per call of a block, in µs, by contender. */
const cpu: Record<string, Array<number>> = {}
const cpuOf = (name: string, since: NodeJS.CpuUsage, calls: number) => {
  const used = process.cpuUsage(since)
  ;(cpu[name] ??= []).push((used.user + used.system) / calls)
}

/** Median microseconds of `n` sequential calls. */
const sequential = async (getUser: (id: string) => Promise<unknown>, n: number) => {
  const times: Array<number> = []
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    await getUser(freshId())
    times.push(performance.now() - start)
  }
  return median(times) * 1000
}

/** Median microseconds per call of `n` batches of `width` concurrent calls. */
const concurrent = async (getUser: (id: string) => Promise<unknown>, n: number) => {
  const times: Array<number> = []
  for (let b = 0; b < n; b++) {
    const start = performance.now()
    await Promise.all(Array.from({ length: width }, () => getUser(freshId())))
    times.push(performance.now() - start)
  }
  return (median(times) * 1000) / width
}

type Times = Record<string, Array<number>>

/** Alternating blocks: every round runs each contender once, in an order rotated per round. */
const measure = async (
  entries: ReadonlyArray<readonly [string, (id: string) => Promise<unknown>]>,
  run: (getUser: (id: string) => Promise<unknown>) => Promise<number>,
  callsPerBlock: number,
  mode: string
): Promise<Times> => {
  for (const [, getUser] of entries) await run(getUser) // warm-up: JIT, connection pools
  const times: Times = Object.fromEntries(entries.map(([name]) => [name, []]))
  for (let r = 0; r < rounds; r++) {
    for (const [name, getUser] of rotate(entries, r)) {
      const since = process.cpuUsage()
      times[name]!.push(await run(getUser))
      cpuOf(`${mode}:${name}`, since, callsPerBlock)
    }
  }
  return times
}

const headline = contenders.map((c) => [c.name, c.getUser] as const)
const seq = await measure(headline, (getUser) => sequential(getUser, block), block, "sequential")
const conc = await measure(headline, (getUser) => concurrent(getUser, batches), batches * width, "concurrent")

// our stack, layer by layer, over the same runtime
const runtime = ours.runtime!
const layers = [
  [raw.name, raw.getUser],
  ["floor: runtime.runPromise(Effect.tryPromise(raw fetch + json))", (id: string) =>
    runtime.runPromise(Effect.tryPromise(() => raw.getUser(id)))],
  ["pipeline: StackHttp.execute (no decode)", (id: string) =>
    runtime.runPromise(StackHttp.StackHttp.use((http) => http.execute({ method: "GET", path: `/users/${id}` })))],
  ["+ typed call: Call.call (decode, known errors)", (id: string) =>
    runtime.runPromise(Call.call({ method: "GET", path: `/users/${id}`, response: ServerUser, errors: [] }))],
  ["+ API function: ServerUsers.get (its span, the access witness)", ours.getUser],
  ["ServerUsers.get with References.TracerEnabled off", (id: string) =>
    runtime.runPromise(ServerUsers.get(id).pipe(Effect.provideService(References.TracerEnabled, false)))]
] as const
const split = await measure(layers, (getUser) => sequential(getUser, block), block, "layers")

const loadAtEnd = loadavg()
for (const contender of contenders) await contender.close()
await server.close()

const load = (l: ReadonlyArray<number>) => l.map((x) => x.toFixed(1)).join(" / ")
const ratios = (times: Times, name: string) => times[name]!.map((t, i) => t / times[raw.name]![i]!)
const cpuRatio = (mode: string, name: string) =>
  median(cpu[`${mode}:${name}`]!.map((t, i) => t / cpu[`${mode}:${raw.name}`]![i]!)).toFixed(2)
const row = (label: string, mode: string, times: Times) => [
  label,
  median(times[raw.name]!).toFixed(0),
  median(times[ours.name]!).toFixed(0),
  median(times[official.name]!).toFixed(0),
  `**${spread(ratios(times, ours.name))}**`,
  spread(ratios(times, official.name)),
  `${cpuRatio(mode, ours.name)} / ${cpuRatio(mode, official.name)}`
]

const markdown = [
  "### Server getUser(id) per call, ratio to raw fetch",
  "",
  `${rounds} rounds × 3 alternating blocks (order rotated per round); a block is ${block} sequential calls (its median call) or ${batches} batches of ${width} concurrent calls (its median batch ÷ ${width}). Ratios per round: median (p25–p75). Every call reads a new user id. Load average (1, 5, 15 min) at the start ${load(loadAtStart)}, at the end ${load(loadAtEnd)}.`,
  "",
  table(
    ["mode", "raw fetch µs/call", "ours µs/call", "official µs/call", "ours ÷ raw (target ≤ 1.10)", "official ÷ raw", "CPU per call ÷ raw: ours / official"],
    [row("sequential", "sequential", seq), row(`${width} concurrent`, "concurrent", conc)]
  ),
  "",
  "### Where our per-call time goes (sequential, same method)",
  "",
  table(["layer", "µs/call", "÷ raw", "CPU per call ÷ raw"], layers.map(([name]) => [
    name,
    median(split[name]!).toFixed(0),
    name === raw.name ? "1.00" : spread(ratios(split, name)),
    name === raw.name ? "1.00" : cpuRatio("layers", name)
  ]))
].join("\n")

report("calls", markdown, { rounds, block, batches, width, load: { start: loadAtStart, end: loadAtEnd }, sequential: seq, concurrent: conc, layers: split, cpuPerCall: cpu })
