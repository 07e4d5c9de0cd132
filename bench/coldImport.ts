/**
 * Node cold import: how long `import("stack-auth-effect")` takes in a fresh process beyond
 * importing the `effect` modules it uses. The package is built as it ships (esbuild, ESM, its
 * dependencies external, like `tsup`); each measurement is a fresh `node` process that times its
 * own `import()`s with `performance.now()`; processes alternate between the probes; medians.
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
const imports = Object.values(built.metafile.outputs)[0]!.imports.filter((i) => i.external).map((i) => i.path)
const effectModules = [...new Set(imports.filter((p) => p === "effect" || p.startsWith("effect/")))].sort()
const otherModules = [...new Set(imports.filter((p) => !p.startsWith("effect") && !p.startsWith("node:")))].sort()

const url = (file: string) => pathToFileURL(file).href
writeFileSync(`${dir}effect-only.mjs`, effectModules.map((m) => `import ${JSON.stringify(m)}`).join("\n") + "\n")
const probes = {
  // effect's modules first, then the package: the second import is the package's own cost
  "ours-after-effect": `const t0 = performance.now(); await import(${JSON.stringify(url(`${dir}effect-only.mjs`))}); const t1 = performance.now(); await import(${JSON.stringify(url(`${dir}index.mjs`))}); const t2 = performance.now(); console.log(JSON.stringify([t1 - t0, t2 - t1]))`,
  "ours-alone": `const t0 = performance.now(); await import(${JSON.stringify(url(`${dir}index.mjs`))}); console.log(JSON.stringify([performance.now() - t0]))`,
  "effect-barrel": `const t0 = performance.now(); await import("effect"); console.log(JSON.stringify([performance.now() - t0]))`,
  official: `const t0 = performance.now(); await import("@stackframe/js"); console.log(JSON.stringify([performance.now() - t0]))`
} as const
type Probe = keyof typeof probes
for (const [name, code] of Object.entries(probes)) writeFileSync(`${dir}${name}.mjs`, `${code}\n`)

const samples: Record<Probe, Array<ReadonlyArray<number>>> = { "ours-after-effect": [], "ours-alone": [], "effect-barrel": [], official: [] }
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
const beyond = median(at("ours-after-effect", 1))

const markdown = [
  "### Node cold import",
  "",
  `Fresh \`node\` process per measurement (${spawns} per probe, alternating), timing its own \`import()\` with \`performance.now()\`; median (p25–p75) in ms. The package is bundled as it ships, its dependencies external: it imports ${effectModules.length} \`effect\` modules and ${otherModules.join(", ") || "nothing else"}.`,
  "",
  table(["import", "ms"], [
    [`the ${effectModules.length} \`effect\` modules the package uses`, ms(at("ours-after-effect", 0))],
    [`stack-auth-effect, after those (target ≤ 30 ms: ${beyond <= 30 ? "met" : "missed"})`, `**${ms(at("ours-after-effect", 1))}**`],
    ["stack-auth-effect alone (effect included)", ms(at("ours-alone", 0))],
    ["`effect` (the whole barrel), for scale", ms(at("effect-barrel", 0))],
    ["@stackframe/js 2.8.39 alone", ms(at("official", 0))]
  ])
].join("\n")

report("import", markdown, { spawns, effectModules, otherModules, samples })
