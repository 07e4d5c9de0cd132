/**
 * Heap retained per server `getUser(id)` call: after a warm-up, a forced full GC, 10,000 calls
 * (each for a new user id), another forced GC; (heap after − heap before) / calls. Each contender
 * runs in its own `node --expose-gc` process against the same loopback server, so nothing one
 * retains shows up in another's figure.
 *
 * Run: `npm run bench -- heap` (options: `--calls 10000 --runs 3`).
 */
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import * as clients from "./support/clients.ts"
import { option, report } from "./support/report.ts"
import { spawnServer } from "./support/server.ts"
import { median, settle, table } from "./support/stats.ts"

const calls = option("calls", 10_000)
const runs = option("runs", 3)
const names = ["raw", "ours", "official"] as const
type Name = typeof names[number]

interface Sample {
  readonly before: number
  readonly after: number
  readonly perCall: number
}

/** In the child: one contender, one measurement, printed as JSON. */
const child = async (name: Name, url: string) => {
  const contender = name === "raw" ? clients.raw(url) : name === "ours" ? await clients.ours(url) : await clients.official(url)
  let next = 0
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) await contender.getUser(`user-${name}-${next++}`)
  }
  await run(1_000)
  await settle()
  const before = process.memoryUsage().heapUsed
  await run(calls)
  await settle()
  const after = process.memoryUsage().heapUsed
  const sample: Sample = { before, after, perCall: (after - before) / calls }
  process.stdout.write(`${JSON.stringify(sample)}\n`)
  // the contender stays alive until the measurement is taken, as in a server; now release it
  await contender.close()
}

const at = process.argv.indexOf("--contender")
if (at !== -1) {
  await child(process.argv[at + 1] as Name, process.argv[at + 2]!)
  process.exit(0)
}

const server = await spawnServer()
const self = fileURLToPath(import.meta.url)
const samples: Record<Name, Array<Sample>> = { raw: [], ours: [], official: [] }
for (let r = 0; r < runs; r++) {
  for (const name of names) {
    const out = execFileSync(process.execPath, [
      "--expose-gc",
      ...(self.endsWith(".ts") ? ["--import", "tsx"] : []),
      self,
      "--contender",
      name,
      server.url,
      "--calls",
      String(calls)
    ], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    samples[name].push(JSON.parse(out.trim().split("\n").at(-1)!) as Sample)
  }
}
await server.close()

const label: Record<Name, string> = { raw: "raw fetch", ours: "stack-auth-effect", official: "@stackframe/js" }
const markdown = [
  "### Heap retained per server getUser(id) call",
  "",
  `${calls.toLocaleString("en")} calls, each for a new user id, between two forced full GCs (\`node --expose-gc\`); median of ${runs} processes per contender.`,
  "",
  table(["contender", "heap before (MiB)", "heap after (MiB)", "retained B/call"], names.map((name) => [
    label[name],
    (median(samples[name].map((s) => s.before)) / 2 ** 20).toFixed(1),
    (median(samples[name].map((s) => s.after)) / 2 ** 20).toFixed(1),
    name === "ours" ? `**${median(samples[name].map((s) => s.perCall)).toFixed(0)}**` : median(samples[name].map((s) => s.perCall)).toFixed(0)
  ]))
].join("\n")

report("heap", markdown, { calls, runs, samples })
