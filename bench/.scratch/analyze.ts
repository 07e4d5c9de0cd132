import { readFileSync, readdirSync } from "node:fs"
const dir = process.argv[2]!
const file = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => `${dir}/${f}`).at(-1)!
const prof = JSON.parse(readFileSync(file, "utf8"))
const nodes = new Map<number, any>(prof.nodes.map((n: any) => [n.id, n]))
const self = new Map<number, number>()
const dt = prof.timeDeltas as number[]
prof.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)))
const total = [...self.values()].reduce((a, b) => a + b, 0)
const byFn = new Map<string, number>(), byFile = new Map<string, number>()
for (const [id, t] of self) {
  const n = nodes.get(id); const cf = n.callFrame
  const url = (cf.url || "(native)").replace(/^file:\/\/\/work\/main\//, "").replace(/node_modules\/effect\/dist\//, "effect/")
  const key = `${cf.functionName || "(anon)"} ${url}:${cf.lineNumber}`
  byFn.set(key, (byFn.get(key) ?? 0) + t)
  const group = url.startsWith("node:") ? url.split("/")[0]!.replace(/:.*/, ":") + url.split(":")[1]?.split("/")[1] : url
  byFile.set(group, (byFile.get(group) ?? 0) + t)
}
const show = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).forEach(([name, t]) => console.log((t / total * 100).toFixed(1).padStart(5) + "% " + name))
console.log("total ms", (total / 1000).toFixed(0)); console.log("--- by file"); show(byFile, 30); console.log("--- by function"); show(byFn, 40)
