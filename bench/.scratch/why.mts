import { build } from "esbuild"
const r = await build({ entryPoints: [process.argv[2]!], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, metafile: true, logLevel: "warning", absWorkingDir: "/work/main" })
const inputs = r.metafile.inputs
const importers = new Map<string, string[]>()
for (const [file, info] of Object.entries(inputs)) for (const imp of info.imports) { if (!importers.has(imp.path)) importers.set(imp.path, []); importers.get(imp.path)!.push(file) }
const short = (s: string) => s.replace("node_modules/effect/dist/", "effect/")
for (const target of process.argv.slice(3)) {
  const key = Object.keys(inputs).find((k) => k.includes(target))
  if (!key) { console.log("not found", target); continue }
  console.log("==", short(key))
  // BFS up to entry, print one chain
  const seen = new Set([key]); let frontier = [[key]]
  let found: string[] | undefined
  while (frontier.length && !found) { const next: string[][] = []; for (const chain of frontier) { for (const p of importers.get(chain[0]!) ?? []) { if (seen.has(p)) continue; seen.add(p); const c = [p, ...chain]; if (!importers.has(p)) { found = c; break } next.push(c) } if (found) break } frontier = next }
  console.log("  direct importers:", (importers.get(key) ?? []).map(short).join(", "))
  console.log("  chain:", found?.map(short).join(" -> "))
}
