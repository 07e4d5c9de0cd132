/**
 * Server `getUser(id)` per-call time, as a ratio to raw `fetch` of the same request: sequential,
 * and 50 concurrent. Raw fetch, our SDK and the official SDK run in alternating blocks (the order
 * rotates every round) in this one process, against a loopback `node:http` server in its own
 * process; every call asks for a new user id (no SDK can answer from a cache).
 *
 * Run: `npm run bench -- calls` (options: `--rounds 15 --block 400 --batches 10`).
 */
import * as clients from "./support/clients.ts"
import { option, report } from "./support/report.ts"
import { spawnServer } from "./support/server.ts"
import { median, rotate, spread, table } from "./support/stats.ts"

const rounds = option("rounds", 15)
const block = option("block", 400)
const batches = option("batches", 10)
const width = 50

const server = await spawnServer()
const contenders = [clients.raw(server.url), await clients.ours(server.url), await clients.official(server.url)]

let next = 0
const freshId = () => `user-${next++}`

for (const contender of contenders) {
  const id = freshId()
  const user = await contender.getUser(id) as { id: string }
  if (user.id !== id) throw new Error(`${contender.name} answered ${JSON.stringify(user)}`)
}

/** Microseconds per call of `n` sequential calls. */
const sequential = async (contender: clients.Contender, n: number) => {
  const start = performance.now()
  for (let i = 0; i < n; i++) await contender.getUser(freshId())
  return ((performance.now() - start) * 1000) / n
}

/** Microseconds per call of `n` batches of `width` concurrent calls. */
const concurrent = async (contender: clients.Contender, n: number) => {
  const start = performance.now()
  for (let b = 0; b < n; b++) await Promise.all(Array.from({ length: width }, () => contender.getUser(freshId())))
  return ((performance.now() - start) * 1000) / (n * width)
}

// warm-up: JIT, connection pools
for (const contender of contenders) {
  await sequential(contender, 1000)
  await concurrent(contender, 10)
}

type Times = Record<string, Array<number>>
const measure = async (run: (c: clients.Contender) => Promise<number>): Promise<Times> => {
  const times: Times = Object.fromEntries(contenders.map((c) => [c.name, []]))
  for (let r = 0; r < rounds; r++) {
    for (const contender of rotate(contenders, r)) times[contender.name]!.push(await run(contender))
  }
  return times
}

const seq = await measure((c) => sequential(c, block))
const conc = await measure((c) => concurrent(c, batches))

for (const contender of contenders) await contender.close()
await server.close()

const [rawName, oursName, officialName] = contenders.map((c) => c.name) as [string, string, string]
const ratios = (times: Times, name: string) => times[name]!.map((t, i) => t / times[rawName]![i]!)
const row = (mode: string, times: Times) => [
  mode,
  median(times[rawName]!).toFixed(1),
  median(times[oursName]!).toFixed(1),
  median(times[officialName]!).toFixed(1),
  `**${spread(ratios(times, oursName))}**`,
  spread(ratios(times, officialName))
]

const markdown = [
  `### Server getUser(id) per call, ratio to raw fetch`,
  ``,
  `${rounds} rounds × 3 alternating blocks (${block} sequential calls, or ${batches} × ${width} concurrent calls, per block); ratios per round, median (p25–p75).`,
  ``,
  table(
    ["mode", "raw fetch µs/call", "ours µs/call", "official µs/call", "ours ÷ raw", "official ÷ raw"],
    [row("sequential", seq), row(`${width} concurrent`, conc)]
  )
].join("\n")

report("calls", markdown, { rounds, block, batches, width, sequential: seq, concurrent: conc })
