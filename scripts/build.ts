/**
 * `npm run build`: the package as it ships, into dist/.
 *
 * - dist/src/**, dist/react/**: one ESM file and one `.d.ts` per module (tsc, tsconfig.build.json),
 *   the layout of `effect/*`, for bundlers: an app keeps only the modules and functions it uses.
 * - dist/react/**\/*.css: the React stylesheets, copied as they are (`stack-auth-effect/react/*.css`).
 * - dist/node/: what Node loads (the `node` condition): the root, `/react` and `/testing` bundled
 *   by esbuild with shared chunks (one file to load instead of ~60: half the import time), and per
 *   subpath a file that re-exports its namespace from the root bundle, so one Node process never
 *   holds two copies of a module (no dual-package hazard; test/package/ checks it).
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
await build({
  entryPoints: Object.fromEntries(Object.entries(bundleEntries).map(([name, path]) => [name, fromRoot(path)])),
  outdir: join(dist, "node"),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  jsx: "automatic",
  external: [...external, "*.css"],
  logLevel: "warning"
})

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
