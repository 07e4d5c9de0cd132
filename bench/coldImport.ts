/**
 * Node cold import of the SDK as installed: `npm pack`, its tarball extracted alone (no emulator or
 * React package beside it) into a temporary app (scripts/installed.ts), and `import("stack-auth-effect")` timed in fresh `node` processes after
 * the `effect` modules the package uses (the difference is the package's own cost). Node resolves
 * the package's `node` condition: the esbuild bundle of dist/node/. The per-module ESM bundlers get
 * (dist/index.js, ~100 files) is timed too, as the reason for that bundle. Each process also
 * reports its heap in use right after the import (after a full GC), with `effect`'s share apart.
 * Beside them: compiling the bundle's core.js alone, and the design's floor (110 `Schema.TaggedError`
 * classes, bare and with the catalogue's fields, in a module of their own).
 *
 * Run: `npm run bench -- import` (options: `--spawns 21`).
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { loadavg } from "node:os"
import { join } from "node:path"
import { install } from "../scripts/installed.ts"
import { option, report } from "./support/report.ts"
import { median, quantile, table } from "./support/stats.ts"

const spawns = option("spawns", 21)
// the SDK alone, as an app installs it (no emulator or React package beside it); the official SDK for comparison
const installed = install({ packages: ["sdk"], alsoLink: ["@stackframe"] })
const dist = join(installed.dir("sdk"), "dist/")

// the effect modules and other packages the package imports (from the per-module build)
const imported = new Set<string>()
const walk = (file: string, seen = new Set<string>()): void => {
  if (seen.has(file)) return
  seen.add(file)
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(/^(?:import|export)[^"]*?from "([^"]+)"/gm)) {
    if (specifier!.startsWith(".")) walk(join(file, "..", specifier!), seen)
    else imported.add(specifier!)
  }
}
walk(`${dist}index.js`)
const effectModules = [...imported].filter((p) => p === "effect" || p.startsWith("effect/")).sort()
const otherModules = [...imported].filter((p) => !p.startsWith("effect") && !p.startsWith("node:")).sort()
installed.write("effect-only.mjs", effectModules.map((m) => `import ${JSON.stringify(m)}`).join("\n") + "\n")

// each probe prints [wall ms, CPU ms] per import, then the heap in use (MiB) after a full GC:
// CPU time (user + system of the process) moves less than wall time when the machine is busy
const timed = (specifier: string) =>
  `{ const w = performance.now(); const c = process.cpuUsage(); await import(${JSON.stringify(specifier)}); const d = process.cpuUsage(c); out.push(performance.now() - w, (d.user + d.system) / 1000) }`
const probe = (...specifiers: Array<string>) =>
  `const out = []\n${specifiers.map(timed).join("\n")}\nglobalThis.gc(); out.push(process.memoryUsage().heapUsed / 2 ** 20)\nconsole.log(JSON.stringify(out))`
// the design's floor: 110 classes as small as `Schema.TaggedError` makes them, and 110 with the
// catalogue's fields (a literal `code`, a shared literal `status`, a defaulted `message`), each in
// one module with nothing else
const classes = (field: (i: number) => string) =>
  `import * as Effect from "effect/Effect"\nimport * as Schema from "effect/Schema"\nconst status = Schema.tag(400)\n` +
  Array.from({ length: 110 }, (_, i) => `export class E${i} extends Schema.TaggedError()("E${i}", {${field(i)}}) {}`).join("\n") + "\n"
installed.write("classes-minimal.mjs", classes(() => ""))
installed.write(
  "classes-catalogue.mjs",
  classes((i) => ` code: Schema.tag("CODE_${i}"), status, message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed("Message ${i}."))) `)
)
// compiling the Node bundle's core.js alone (parse + bytecode of its top level, no link, no evaluation)
const core = `${dist}node/core.js`
const compileOnly =
  `import vm from "node:vm"\nimport { readFileSync } from "node:fs"\nawait import("./effect-only.mjs")\nconst source = readFileSync(${JSON.stringify(core)}, "utf8")\n` +
  `const out = [0, 0]\n{ const w = performance.now(); const c = process.cpuUsage(); new vm.SourceTextModule(source, { identifier: "file:///core.js" }); const d = process.cpuUsage(c); out.push(performance.now() - w, (d.user + d.system) / 1000) }\n` +
  `globalThis.gc(); out.push(process.memoryUsage().heapUsed / 2 ** 20)\nconsole.log(JSON.stringify(out))`
const probes = {
  // effect's modules first, then the package: the second import is the package's own cost
  "installed-after-effect": probe("./effect-only.mjs", "stack-auth-effect"),
  "compile-core": compileOnly,
  "floor-minimal": probe("./effect-only.mjs", "./classes-minimal.mjs"),
  "floor-catalogue": probe("./effect-only.mjs", "./classes-catalogue.mjs"),
  "per-module-after-effect": probe("./effect-only.mjs", `${dist}index.js`),
  "effect-modules": probe("./effect-only.mjs"),
  "effect-barrel": probe("effect"),
  official: probe("@stackframe/js"),
  empty: probe()
} as const
type Probe = keyof typeof probes
const files = Object.fromEntries(Object.entries(probes).map(([name, code]) => [name, installed.write(`${name}.mjs`, `${code}\n`)]))

const samples = Object.fromEntries(Object.keys(probes).map((name) => [name, [] as Array<ReadonlyArray<number>>])) as Record<
  Probe,
  Array<ReadonlyArray<number>>
>
const names = Object.keys(probes) as Array<Probe>
const load = [loadavg()[0]!]
for (let i = 0; i < spawns + 1; i++) {
  for (const name of names) {
    const flags = name === "compile-core" ? ["--experimental-vm-modules", "--no-warnings"] : []
    const out = execFileSync(process.execPath, ["--expose-gc", ...flags, files[name]!], { cwd: installed.app, encoding: "utf8" })
    if (i > 0) samples[name].push(JSON.parse(out.trim()) as Array<number>) // the first round warms the disk cache
  }
}
installed.remove()
load.push(loadavg()[0]!)

const ms = (values: ReadonlyArray<number>) =>
  `${median(values).toFixed(1)} (${quantile(values, 0.25).toFixed(1)}–${quantile(values, 0.75).toFixed(1)})`
const at = (name: Probe, i: number) => samples[name].map((s) => s[i]!)
const wall = (name: Probe, n = 0) => ms(at(name, 2 * n))
const cpu = (name: Probe, n = 0) => ms(at(name, 2 * n + 1))
const heap = (name: Probe, imports: number) => median(at(name, 2 * imports))
// judged on CPU time: on the shared machine wall time also counts waiting for a core
const beyond = median(at("installed-after-effect", 3))
const mib = (value: number) => `${value.toFixed(1)} MiB`

const markdown = [
  "### Node cold import (the installed package)",
  "",
  `\`npm pack\`, the tarball installed into a temporary app; a fresh \`node\` process per measurement (${spawns} per probe, alternating) times its own \`import()\`: wall time (\`performance.now()\`) and the process's CPU time (\`process.cpuUsage()\`); median (p25–p75) in ms. \`stack-auth-effect\` resolves to its \`node\` condition, the esbuild bundle in dist/node/; the per-module ESM that bundlers get (dist/, one file per module) is timed for comparison. The package imports ${effectModules.length} \`effect\` modules and ${otherModules.join(", ") || "nothing else"}. Load average ${load.map((l) => l.toFixed(1)).join(" → ")} (start → end).`,
  "",
  table(["import", "wall ms", "CPU ms"], [
    [`the ${effectModules.length} \`effect\` modules the package uses`, wall("installed-after-effect"), cpu("installed-after-effect")],
    [`\`stack-auth-effect\` as installed (Node bundle), after those (target ≤ 30 ms, on CPU time: ${beyond <= 30 ? "met" : "missed"})`, `**${wall("installed-after-effect", 1)}**`, `**${cpu("installed-after-effect", 1)}**`],
    ["  of which compiling dist/node/core.js (parse and bytecode, no link or evaluation; `vm.SourceTextModule`)", wall("compile-core", 1), cpu("compile-core", 1)],
    ["floor: 110 minimal `Schema.TaggedError` classes (no fields) in one module, after those", wall("floor-minimal", 1), cpu("floor-minimal", 1)],
    ["floor: 110 `Schema.TaggedError` classes with the catalogue's fields (literal `code`, shared `status`, defaulted `message`)", wall("floor-catalogue", 1), cpu("floor-catalogue", 1)],
    ["the per-module ESM (dist/index.js and its ~100 files), after those: analysis aid", wall("per-module-after-effect", 1), cpu("per-module-after-effect", 1)],
    ["`effect` (the whole barrel), for scale", wall("effect-barrel"), cpu("effect-barrel")],
    ["@stackframe/js 2.8.39 alone", wall("official"), cpu("official")]
  ]),
  "",
  "### Heap in use right after import",
  "",
  "`process.memoryUsage().heapUsed` after the imports and a full GC (`--expose-gc`), median of the same processes.",
  "",
  table(["process", "heap in use", "beyond an empty Node process"], [
    ["empty Node process (no import)", mib(heap("empty", 0)), "–"],
    [`the ${effectModules.length} \`effect\` modules the package uses`, mib(heap("effect-modules", 1)), mib(heap("effect-modules", 1) - heap("empty", 0))],
    ["those + `stack-auth-effect` (Node bundle)", `**${mib(heap("installed-after-effect", 2))}**`, mib(heap("installed-after-effect", 2) - heap("empty", 0))],
    ["  of which `stack-auth-effect`'s own", mib(heap("installed-after-effect", 2) - heap("effect-modules", 1)), ""],
    ["`effect` (the whole barrel)", mib(heap("effect-barrel", 1)), mib(heap("effect-barrel", 1) - heap("empty", 0))],
    ["@stackframe/js 2.8.39", mib(heap("official", 1)), mib(heap("official", 1) - heap("empty", 0))]
  ])
].join("\n")

report("import", markdown, { spawns, load, effectModules, otherModules, samples })
