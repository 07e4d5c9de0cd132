/**
 * `npm run build`: the three packages as they ship, each into its own dist/.
 *
 * - Each package.json's `exports`, generated from its public modules (scripts/exports.ts).
 * - dist/**: one ESM file and one `.d.ts` per module (tsc, the package's tsconfig.build.json), the
 *   layout of `effect/*`, for bundlers: an app keeps only the modules and functions it uses. The SDK
 *   is built first: the React adapter and the emulator import it by name and read its declarations.
 * - The SDK's dist/node/: what Node loads (the `node` condition): core.js, every module the root
 *   reaches bundled by esbuild into one file (two files to load instead of ~60: a third of the
 *   import time), index.js re-exporting the root barrel from it, and per subpath a file that
 *   re-exports its namespace from the root, so one Node process never holds two copies of a module
 *   (no dual-package hazard; test/package/ checks it). The React adapter and the emulator load their
 *   per-module ESM on Node, and reach the SDK through its name, so through the same bundle.
 */
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { fromRoot, modules, packages, pkg } from "./entries.ts"
import { writeExports } from "./exports.ts"

writeExports()

// 1. per-module ESM + declarations, package by package (the SDK first)
for (const p of packages) {
  rmSync(fromRoot(join(p.dir, "dist")), { recursive: true, force: true })
  execFileSync(process.execPath, [fromRoot("node_modules/typescript/bin/tsc"), "-p", fromRoot(join(p.dir, "tsconfig.build.json"))], {
    stdio: "inherit"
  })
}

// 2. the SDK's Node bundle: dependencies and peer dependencies stay external
const sdk = pkg("sdk")
const sdkDir = fromRoot(sdk.dir)
const dist = join(sdkDir, "dist")
const manifest = JSON.parse(readFileSync(join(sdkDir, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}
const external = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]
  .flatMap((name) => [name, `${name}/*`])
const options = { bundle: true, format: "esm", platform: "node", target: "node22", external, logLevel: "warning", absWorkingDir: sdkDir } as const

// 2a. dist/node/core.js, every module the root barrel reaches in ONE file (each file costs its own
// resolution of the ~30 `effect/*` specifiers and its own linking), and dist/node/index.js
// re-exporting the barrel from it. core.js exports each module's names as `m<i>$<name>`.
const rootGraph = await build({ ...options, entryPoints: [join(sdkDir, "src/index.ts")], write: false, metafile: true })
const names = new Map<string, ReadonlyArray<string>>()
for (const source of Object.keys(rootGraph.metafile.inputs).filter((input) => /^src\/.*\.ts$/.test(input))) {
  const ns = (await import(pathToFileURL(join(dist, source.replace(/^src\//, "").replace(/\.ts$/, ".js"))).href)) as object
  names.set(join(sdkDir, source), Object.keys(ns))
}
const index = new Map([...names.keys()].map((path, i) => [path, i]))
const mangled = (path: string, name: string) => `m${index.get(path)!}$${name}`
const rootIndex = join(sdkDir, "src/index.ts")
mkdirSync(join(dist, "node"), { recursive: true })
writeFileSync(
  join(dist, "node/index.js"),
  `export { ${names.get(rootIndex)!.map((n) => `${mangled(rootIndex, n)} as ${n}`).join(", ")} } from "./core.js"\n`
)

// 2b. core.js, exporting only the names the root imports (the rest tree-shaken)
const used = new Set(names.get(rootIndex)!)
const coreEntry = `export { ${[...used].map((n) => `${n} as ${mangled(rootIndex, n)}`).join(", ")} } from ${JSON.stringify(rootIndex)}`
await build({ ...options, stdin: { contents: coreEntry, resolveDir: sdkDir, loader: "ts" }, outfile: join(dist, "node/core.js") })

// 3. per subpath on Node: its names, re-exported from the root bundle
const root = (await import(pathToFileURL(join(dist, "node/index.js")).href)) as Record<string, Record<string, unknown>>
mkdirSync(join(dist, "node/modules"), { recursive: true })
for (const m of modules(sdk)) {
  const exported = m.namespace
    ? Object.keys(root[m.name]!)
    : Object.keys(await import(pathToFileURL(join(dist, m.source.replace(/^src\//, "").replace(/\.ts$/, ".js"))).href))
  const code = m.namespace
    ? [
      `import { ${m.name} as m } from "../index.js"`,
      `const { ${exported.map((n, i) => `${JSON.stringify(n)}: e${i}`).join(", ")} } = m`,
      `export { ${exported.map((n, i) => `e${i} as ${n}`).join(", ")} }`
    ]
    : [`export { ${exported.join(", ")} } from "../index.js"`]
  writeFileSync(join(dist, `node/modules/${m.name}.js`), `// ${sdk.name}/${m.name} on Node: the root bundle's ${m.name}\n${code.join("\n")}\n`)
}
console.log(`built ${packages.map((p) => p.name).join(", ")}: ${modules(sdk).length} SDK subpaths + root`)
