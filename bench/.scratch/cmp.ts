import { readFileSync, readdirSync } from "node:fs"
const load = (dir: string) => {
  const file = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => `${dir}/${f}`).at(-1)!
  const prof = JSON.parse(readFileSync(file, "utf8"))
  const nodes = new Map<number, any>(prof.nodes.map((n: any) => [n.id, n]))
  const m = new Map<string, number>()
  prof.samples.forEach((id: number, i: number) => {
    const cf = nodes.get(id).callFrame
    const url = (cf.url || "(native)").replace(/^file:\/\/\/work\/main\//, "")
    const key = mode === "fn" ? `${cf.functionName || "(anon)"} ${url.split("/").slice(-1)[0]}:${cf.lineNumber}` : url.startsWith("node:") ? url.split("/").slice(0, 3).join("/") : url.replace(/node_modules\/effect\/dist\//, "effect/")
    m.set(key, (m.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0))
  })
  return m
}
const mode = process.argv[4] ?? "file"
const a = load(process.argv[2]!), b = load(process.argv[3]!)
const keys = new Set([...a.keys(), ...b.keys()])
const rows = [...keys].map((k) => [k, (a.get(k) ?? 0) / 20000, (b.get(k) ?? 0) / 20000] as const).sort((x, y) => (y[2] - y[1]) - (x[2] - x[1]))
console.log("µs/call  A  B  diff")
for (const [k, x, y] of rows.slice(0, 35)) console.log(x.toFixed(1).padStart(7), y.toFixed(1).padStart(7), (y - x).toFixed(1).padStart(7), k)
