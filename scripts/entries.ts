/**
 * The package's public entry points, read from `src/index.ts`: every `export * as Name from` is a
 * subpath `stack-auth-effect/Name` (the style of `effect/Effect`), every `export * from` one named
 * after its file; plus the root barrel, `./react`, `./testing` and the React stylesheets. The build
 * (scripts/build.ts), package.json's `exports` and test/package/ all derive from this list.
 */
import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

// the checkout's root, also when this file is bundled into bench/.out/
const findRoot = (from: string): string =>
  existsSync(join(from, "package.json")) && existsSync(join(from, "scripts")) ? from : findRoot(dirname(from))
const root = findRoot(dirname(fileURLToPath(import.meta.url)))

/** A path from the repository root. */
export const fromRoot = (path: string): string => join(root, path)

/** One public module: its subpath name, its source, and whether the root re-exports it as a namespace. */
export interface Entry {
  readonly name: string
  /** From the repository root, e.g. `src/api/Auth.ts`. */
  readonly source: string
  /** `export * as Name` (true) or `export *` (false) in the root barrel. */
  readonly namespace: boolean
}

/** Every module the root barrel re-exports, in its order. */
export const modules = (): ReadonlyArray<Entry> => {
  const text = readFileSync(fromRoot("src/index.ts"), "utf8")
  const entries: Array<Entry> = []
  for (const match of text.matchAll(/^export \* (?:as (\w+) )?from "\.\/([\w/]+)\.ts"/gm)) {
    const path = match[2]!
    entries.push({ name: match[1] ?? path.split("/").pop()!, source: `src/${path}.ts`, namespace: match[1] !== undefined })
  }
  return entries
}

/** The entries the Node bundle is built from (everything else on Node re-exports from them). */
export const bundleEntries = {
  index: "src/index.ts",
  react: "react/index.ts",
  testing: "src/testing/index.ts"
} as const

/** A source path's emitted JavaScript and declaration files (tsc, `rootDir` the repository root). */
const emitted = (source: string) => {
  const base = `./dist/${source.replace(/\.tsx?$/, "")}`
  return { types: `${base}.d.ts`, default: `${base}.js` }
}

/** Conditions of one subpath: its declarations, the Node bundle's file, and the per-module ESM for bundlers. */
const conditions = (source: string, node: string) => {
  const files = emitted(source)
  return { types: files.types, node, default: files.default }
}

/** package.json's `exports`, as the build ships it. */
export const exportsMap = (): Record<string, unknown> => ({
  ".": conditions(bundleEntries.index, "./dist/node/index.js"),
  ...Object.fromEntries(modules().map((m) => [`./${m.name}`, conditions(m.source, `./dist/node/modules/${m.name}.js`)])),
  "./react": conditions(bundleEntries.react, "./dist/node/react.js"),
  "./react/*.css": "./dist/react/*.css",
  "./testing": conditions(bundleEntries.testing, "./dist/node/testing.js"),
  "./package.json": "./package.json"
})
