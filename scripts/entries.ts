/**
 * The workspace's packages and their public entry points, read from each package's barrels: in
 * `src/index.ts` every `export * as Name from "./dir/Name.ts"` is a subpath `<package>/Name` (the
 * style of `effect/Effect`), every `export * from` one named after its file. Modules under an
 * `internal/` folder are never an entry. The build (scripts/build.ts) writes each package.json's
 * `exports` from this list, and test/package/ checks that they agree.
 */
import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

// the checkout's root, also when this file is bundled into bench/.out/
const findRoot = (from: string): string =>
  existsSync(join(from, "packages")) && existsSync(join(from, "scripts")) ? from : findRoot(dirname(from))
const root = findRoot(dirname(fileURLToPath(import.meta.url)))

/** A path from the repository root. */
export const fromRoot = (path: string): string => join(root, path)

/** The condition under which the workspace resolves a package to its TypeScript sources (never set by users). */
export const sourceCondition = "@stack-auth-effect/source"

/** One package of the workspace. */
export interface Package {
  /** Its key: `sdk`, `react`, `emulator`. */
  readonly key: "sdk" | "react" | "emulator"
  /** Its npm name. */
  readonly name: string
  /** Its folder, from the repository root. */
  readonly dir: string
  /** Barrel subpaths (`"."`, `"./testing"`) and their sources, relative to the package folder. */
  readonly barrels: Readonly<Record<string, string>>
  /** Whether each module of the root barrel is also a subpath of its own. */
  readonly subpaths: boolean
  /** Whether the package ships a Node bundle (dist/node/, the `node` condition). */
  readonly nodeBundle: boolean
}

/** The three packages, in build order. */
export const packages: ReadonlyArray<Package> = [
  { key: "sdk", name: "stack-auth-effect", dir: "packages/sdk", barrels: { ".": "src/index.ts" }, subpaths: true, nodeBundle: true },
  { key: "react", name: "@stack-auth-effect/react", dir: "packages/react", barrels: { ".": "src/index.ts" }, subpaths: false, nodeBundle: false },
  {
    key: "emulator",
    name: "@stack-auth-effect/emulator",
    dir: "packages/emulator",
    barrels: { ".": "src/index.ts", "./testing": "src/testing.ts" },
    subpaths: true,
    nodeBundle: false
  }
]

/** A package by key. */
export const pkg = (key: Package["key"]): Package => packages.find((p) => p.key === key)!

/** One public module: its subpath name, its source, and whether the barrel re-exports it as a namespace. */
export interface Entry {
  readonly name: string
  /** From the package folder, e.g. `src/api/Auth.ts`. */
  readonly source: string
  /** `export * as Name` (true) or `export *` (false) in the root barrel. */
  readonly namespace: boolean
}

/** Every module a package's root barrel re-exports, in its order. */
export const modules = (p: Package = pkg("sdk")): ReadonlyArray<Entry> => {
  const text = readFileSync(fromRoot(join(p.dir, p.barrels["."]!)), "utf8")
  const entries: Array<Entry> = []
  for (const match of text.matchAll(/^export \* (?:as (\w+) )?from "\.\/([\w/]+)\.tsx?"/gm)) {
    const path = match[2]!
    const ext = existsSync(fromRoot(join(p.dir, `src/${path}.tsx`))) ? "tsx" : "ts"
    entries.push({ name: match[1] ?? path.split("/").pop()!, source: `src/${path}.${ext}`, namespace: match[1] !== undefined })
  }
  return entries
}

/** A source path's emitted JavaScript and declaration files (tsc, `rootDir` the package's src/). */
const emitted = (source: string) => {
  const base = `./dist/${source.replace(/^src\//, "").replace(/\.tsx?$/, "")}`
  return { types: `${base}.d.ts`, default: `${base}.js` }
}

/** Conditions of one subpath: the workspace's sources, the declarations, the Node bundle's file, the per-module ESM. */
const conditions = (source: string, node: string | undefined) => {
  const files = emitted(source)
  return node === undefined
    ? { [sourceCondition]: `./${source}`, types: files.types, default: files.default }
    : { [sourceCondition]: `./${source}`, types: files.types, node, default: files.default }
}

/** A package.json's `exports`, as the build ships it. */
export const exportsMap = (p: Package): Record<string, unknown> => ({
  ...Object.fromEntries(
    Object.entries(p.barrels).map(([subpath, source]) => [
      subpath,
      conditions(source, p.nodeBundle ? `./dist/node/${subpath === "." ? "index" : subpath.slice(2)}.js` : undefined)
    ])
  ),
  ...(p.subpaths
    ? Object.fromEntries(modules(p).map((m) => [`./${m.name}`, conditions(m.source, p.nodeBundle ? `./dist/node/modules/${m.name}.js` : undefined)]))
    : {}),
  "./internal/*": null,
  "./package.json": "./package.json"
})

/** Every subpath a package exports to users, with its source (for aliases and checks). */
export const sources = (p: Package): ReadonlyArray<{ readonly specifier: string; readonly source: string }> => [
  ...Object.entries(p.barrels).map(([subpath, source]) => ({ specifier: subpath === "." ? p.name : `${p.name}/${subpath.slice(2)}`, source: join(p.dir, source) })),
  ...(p.subpaths ? modules(p).map((m) => ({ specifier: `${p.name}/${m.name}`, source: join(p.dir, m.source) })) : [])
]
