/**
 * Node cold import: how long `import("stack-auth-effect")` takes in a fresh process beyond
 * importing the `effect` modules it uses. The package is built twice: `src/index.ts` alone into one
 * file (esbuild, ESM, its dependencies external), and as it ships: tsup.config.ts's entries with
 * code splitting, where the root is `index.js` plus the chunks it shares with `/react` and
 * `/testing`. Each measurement is a fresh `node` process that times its own `import()`s with
 * `performance.now()`; processes alternate between the probes; medians.
 *
 * Run: `npm run bench -- import` (options: `--spawns 21`).
 */
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { fromRoot } from "./support/paths.ts"
import { option, report } from "./support/report.ts"
import { quantile, median, table } from "./support/stats.ts"
import { entry as shippedEntries, external as shippedExternal } from "../tsup.config.ts"

const spawns = option("spawns", 21)
const dir = fromRoot("bench/.out/import/")
mkdirSync(dir, { recursive: true })

// the package as it ships: src/index.ts bundled, dependencies and peer dependencies external
const pkg = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
  .flatMap((name) => [name, `${name}/*`])
const built = await build({
  entryPoints: [fromRoot("src/index.ts")],
  outfile: `${dir}index.mjs`,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2022",
  external,
  metafile: true,
  logLevel: "warning"
})
// the package as tsup lays it out: every entry of tsup.config.ts, code splitting on
const shippedDir = `${dir}dist/`
const shipped = await build({
  entryPoints: Object.fromEntries(Object.entries(shippedEntries).map(([name, path]) => [name, fromRoot(path)])),
  outdir: shippedDir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "es2022",
  external: [...external, ...shippedExternal],
  metafile: true,
  logLevel: "warning"
})
/** The files a shipped entry loads: itself and the chunks it imports, transitively. */
const filesOf = (name: string): number => {
  const outputs = shipped.metafile.outputs
  const start = Object.keys(outputs).find((file) => file.endsWith(`/${name}.js`))!
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    for (const i of outputs[file]!.imports) if (!i.external && i.kind === "import-statement") visit(i.path)
  }
  visit(start)
  return seen.size
}
const shippedRootFiles = filesOf("index")
const imports = Object.values(built.metafile.outputs)[0]!.imports.filter((i) => i.external).map((i) => i.path)
const effectModules = [...new Set(imports.filter((p) => p === "effect" || p.startsWith("effect/")))].sort()
const otherModules = [...new Set(imports.filter((p) => !p.startsWith("effect") && !p.startsWith("node:")))].sort()

const url = (file: string) => pathToFileURL(file).href
writeFileSync(`${dir}effect-only.mjs`, effectModules.map((m) => `import ${JSON.stringify(m)}`).join("\n") + "\n")
// each probe prints [wall ms, CPU ms] per import: wall time is what a cold start waits; CPU time
// (user + system of the process) is what the import costs, and moves less when the machine is busy
const timed = (specifier: string) =>
  `{ const w = performance.now(); const c = process.cpuUsage(); await import(${JSON.stringify(specifier)}); const d = process.cpuUsage(c); out.push(performance.now() - w, (d.user + d.system) / 1000) }`
const probe = (...specifiers: Array<string>) =>
  `const out = []\n${specifiers.map(timed).join("\n")}\nconsole.log(JSON.stringify(out))`
const probes = {
  // effect's modules first, then the package: the second import is the package's own cost
  "ours-after-effect": probe(url(`${dir}effect-only.mjs`), url(`${dir}index.mjs`)),
  "shipped-after-effect": probe(url(`${dir}effect-only.mjs`), url(`${shippedDir}index.js`)),
  "ours-alone": probe(url(`${dir}index.mjs`)),
  "effect-barrel": probe("effect"),
  official: probe("@stackframe/js")
} as const
type Probe = keyof typeof probes
for (const [name, code] of Object.entries(probes)) writeFileSync(`${dir}${name}.mjs`, `${code}\n`)

const samples: Record<Probe, Array<ReadonlyArray<number>>> = {
  "ours-after-effect": [],
  "shipped-after-effect": [],
  "ours-alone": [],
  "effect-barrel": [],
  official: []
}
const names = Object.keys(probes) as Array<Probe>
for (let i = 0; i < spawns + 1; i++) {
  for (const name of names) {
    const out = execFileSync(process.execPath, [`${dir}${name}.mjs`], { cwd: fromRoot(""), encoding: "utf8" })
    if (i > 0) samples[name].push(JSON.parse(out.trim()) as Array<number>) // the first round warms the disk cache
  }
}

const ms = (values: ReadonlyArray<number>) =>
  `${median(values).toFixed(1)} (${quantile(values, 0.25).toFixed(1)}–${quantile(values, 0.75).toFixed(1)})`
const at = (name: Probe, i: number) => samples[name].map((s) => s[i]!)
// [wall, cpu] of the first import, then of the second
const wall = (name: Probe, n = 0) => ms(at(name, 2 * n))
const cpu = (name: Probe, n = 0) => ms(at(name, 2 * n + 1))
// judged on CPU time: on the shared machine wall time also counts waiting for a core
const beyond = median(at("ours-after-effect", 3))

const markdown = [
  "### Node cold import",
  "",
  `Fresh \`node\` process per measurement (${spawns} per probe, alternating), timing its own \`import()\`: wall time (\`performance.now()\`) and the process's CPU time (\`process.cpuUsage()\`); median (p25–p75) in ms. The package is bundled into one file (\`src/index.ts\`), its dependencies external, and as tsup ships it (its entries with code splitting: every file of the split root resolves the \`effect\` modules again); it imports ${effectModules.length} \`effect\` modules and ${otherModules.join(", ") || "nothing else"}.`,
  "",
  table(["import", "wall ms", "CPU ms"], [
    [`the ${effectModules.length} \`effect\` modules the package uses`, wall("ours-after-effect"), cpu("ours-after-effect")],
    [`stack-auth-effect, after those (target ≤ 30 ms, on CPU time: ${beyond <= 30 ? "met" : "missed"})`, `**${wall("ours-after-effect", 1)}**`, `**${cpu("ours-after-effect", 1)}**`],
    [`stack-auth-effect as shipped (tsup layout: \`index.js\` + ${shippedRootFiles - 1} shared chunks), after those`, wall("shipped-after-effect", 1), cpu("shipped-after-effect", 1)],
    ["stack-auth-effect alone (effect included)", wall("ours-alone"), cpu("ours-alone")],
    ["`effect` (the whole barrel), for scale", wall("effect-barrel"), cpu("effect-barrel")],
    ["@stackframe/js 2.8.39 alone", wall("official"), cpu("official")]
  ])
].join("\n")

report("import", markdown, { spawns, effectModules, otherModules, shippedRootFiles, samples })
