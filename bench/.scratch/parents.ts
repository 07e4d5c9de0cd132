import { readFileSync, readdirSync } from "node:fs"
const dir = process.argv[2]!; const target = process.argv[3]!
const file = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => `${dir}/${f}`).at(-1)!
const prof = JSON.parse(readFileSync(file, "utf8"))
const nodes = new Map<number, any>(prof.nodes.map((n: any) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const self = new Map<number, number>()
prof.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)))
const chains = new Map<string, number>()
for (const [id, t] of self) {
  if (nodes.get(id).callFrame.functionName !== target) continue
  const chain: string[] = []; let p = parent.get(id)
  while (p !== undefined && chain.length < 8) { const cf = nodes.get(p).callFrame; chain.push(`${cf.functionName || "(anon)"}@${cf.url.split("/").slice(-2).join("/")}:${cf.lineNumber}`); p = parent.get(p) }
  chains.set(chain.join(" < "), (chains.get(chain.join(" < ")) ?? 0) + t)
}
[...chains].sort((a, b) => b[1] - a[1]).slice(0, 8).forEach(([c, t]) => console.log((t / 1000).toFixed(0) + "ms " + c))
