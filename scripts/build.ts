/**
 * `npm run build`: the package as it ships, into dist/.
 *
 * - dist/src/**, dist/react/**: one ESM file and one `.d.ts` per module (tsc, tsconfig.build.json),
 *   the layout of `effect/*`, for bundlers: an app keeps only the modules and functions it uses.
 * - dist/react/**\/*.css: the React stylesheets, copied as they are (`stack-auth-effect/react/*.css`).
 * - dist/node/: what Node loads (the `node` condition): core.js, every module the root reaches
 *   bundled by esbuild into one file (two files to load instead of ~60: a third of the import
 *   time), index.js re-exporting the root barrel from it; `/react` and `/testing` bundled with
 *   every module of core.js imported from it; per subpath a file that re-exports its namespace
 *   from the root, so one Node process never holds two copies of a module (no dual-package hazard;
 *   test/package/ checks it).
 */
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { pathToFileURL } from "node:url"
import { bundleEntries, fromRoot, modules } from "./entries.ts"

const dist = fromRoot("dist")
rmSync(dist, { recursive: true, force: true })

// 1. per-module ESM + declarations
execFileSync(process.execPath, [fromRoot("node_modules/typescript/bin/tsc"), "-p", fromRoot("tsconfig.build.json")], {
  stdio: "inherit"
})

// 2. stylesheets of the React entry
const copyCss = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) copyCss(path)
    else if (entry.name.endsWith(".css")) {
      const target = join(dist, relative(fromRoot(""), path))
      mkdirSync(dirname(target), { recursive: true })
      cpSync(path, target)
    }
  }
}
copyCss(fromRoot("react"))

// 3. the Node bundle: dependencies and peer dependencies stay external
const pkg = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
  .flatMap((name) => [name, `${name}/*`])
  .concat("*.css")
const options = { bundle: true, format: "esm", platform: "node", target: "node22", jsx: "automatic", external, logLevel: "warning" } as const

// 3a. What Node loads for the root: dist/node/core.js, every module the root barrel reaches in ONE
// file (each file costs its own resolution of the ~30 `effect/*` specifiers and its own linking:
// ~8 ms for the 4 files esbuild's shared chunks made), and dist/node/index.js re-exporting the
// barrel from it. core.js exports each module's names as `m<i>$<name>`.
const rootGraph = await build({ ...options, entryPoints: [fromRoot(bundleEntries.index)], write: false, metafile: true })
const names = new Map<string, ReadonlyArray<string>>()
for (const source of Object.keys(rootGraph.metafile.inputs).filter((input) => /^src\/.*\.ts$/.test(input))) {
  const ns = (await import(pathToFileURL(join(dist, source.replace(/\.ts$/, ".js"))).href)) as object
  names.set(fromRoot(source), Object.keys(ns))
}
const index = new Map([...names.keys()].map((path, i) => [path, i]))
const mangled = (path: string, name: string) => `m${index.get(path)!}$${name}`
const reexport = (path: string) =>
  `export { ${names.get(path)!.map((n) => `${mangled(path, n)} as ${n}`).join(", ")} } from "./core.js"\n`
mkdirSync(join(dist, "node"), { recursive: true })
writeFileSync(join(dist, "node/index.js"), reexport(fromRoot(bundleEntries.index)))

// 3b. `/react` and `/testing`: every module of core.js is imported from it (one copy of each module
// per process), the rest bundled with shared chunks
const others = await build({
  ...options,
  entryPoints: { react: fromRoot(bundleEntries.react), testing: fromRoot(bundleEntries.testing) },
  outdir: join(dist, "node"),
  splitting: true,
  metafile: true,
  plugins: [{
    name: "core",
    setup: (b) => {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === "core") return undefined
        if (args.namespace === "core") return { path: args.path, external: true }
        const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "core" })
        return index.has(resolved.path) ? { path: resolved.path, namespace: "core" } : resolved
      })
      b.onLoad({ filter: /.*/, namespace: "core" }, (args) => ({ contents: reexport(args.path), loader: "js" }))
    }
  }]
})

// 3c. core.js, exporting only the names the root and those entries import (the rest tree-shaken)
const used = new Set(names.get(fromRoot(bundleEntries.index))!.map((n) => mangled(fromRoot(bundleEntries.index), n)))
for (const output of Object.keys(others.metafile.outputs)) {
  for (const [name] of readFileSync(output, "utf8").matchAll(/\bm\d+\$[\w$]+/g)) used.add(name)
}
const coreEntry = [...names].map(([path, exported]) => {
  const kept = exported.filter((n) => used.has(mangled(path, n)))
  return `export { ${kept.map((n) => `${n} as ${mangled(path, n)}`).join(", ")} } from ${JSON.stringify(path)}`
}).join("\n")
await build({ ...options, stdin: { contents: coreEntry, resolveDir: fromRoot(""), loader: "ts" }, outfile: join(dist, "node/core.js") })

// 4. per subpath on Node: its names, re-exported from the root bundle
const root = (await import(pathToFileURL(join(dist, "node/index.js")).href)) as Record<string, Record<string, unknown>>
mkdirSync(join(dist, "node/modules"), { recursive: true })
for (const m of modules()) {
  const names = m.namespace
    ? Object.keys(root[m.name]!)
    : Object.keys(await import(pathToFileURL(join(dist, m.source.replace(/\.ts$/, ".js"))).href))
  const code = m.namespace
    ? [
      `import { ${m.name} as m } from "../index.js"`,
      `const { ${names.map((n, i) => `${JSON.stringify(n)}: e${i}`).join(", ")} } = m`,
      `export { ${names.map((n, i) => `e${i} as ${n}`).join(", ")} }`
    ]
    : [`export { ${names.join(", ")} } from "../index.js"`]
  writeFileSync(join(dist, `node/modules/${m.name}.js`), `// stack-auth-effect/${m.name} on Node: the root bundle's ${m.name}\n${code.join("\n")}\n`)
}
console.log(`built dist/: ${modules().length} subpaths + root, react, testing`)
