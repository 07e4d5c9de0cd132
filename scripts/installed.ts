/**
 * The packages as a user installs them: `npm pack` of this checkout's packages (their dist/, built
 * by `npm test`'s `npm run build`), each tarball extracted into a temporary app's
 * node_modules/<name>. The app holds only what the installed packages declare: their
 * `dependencies` and `peerDependencies` that are not ours are symlinks to this repository's
 * node_modules (so nothing hits the registry), ours come from their tarballs. A package installed
 * alone resolves nothing else: an import it does not declare fails there.
 */
import { execFileSync } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import ts from "typescript"
import { fromRoot, type Package, packages, pkg } from "./entries.ts"

/** A package's manifest, the fields the checks read. */
export interface Manifest {
  readonly name: string
  readonly version: string
  readonly dependencies?: Readonly<Record<string, string>>
  readonly peerDependencies?: Readonly<Record<string, string>>
  readonly exports: Readonly<Record<string, unknown>>
  readonly bin?: Readonly<Record<string, string>>
  readonly sideEffects?: boolean
}

/** A package's package.json in this checkout. */
export const manifest = (p: Package): Manifest => JSON.parse(readFileSync(fromRoot(join(p.dir, "package.json")), "utf8")) as Manifest

/** What a package declares it needs at run time: its dependencies and peer dependencies. */
export const declared = (p: Package): ReadonlyArray<string> => {
  const m = manifest(p)
  return [...Object.keys(m.dependencies ?? {}), ...Object.keys(m.peerDependencies ?? {})]
}

/** The workspace's packages a package needs (its peers among ours), and theirs, in build order. */
export const closure = (keys: ReadonlyArray<Package["key"]>): ReadonlyArray<Package> => {
  const wanted = new Set<string>()
  const add = (p: Package): void => {
    if (wanted.has(p.key)) return
    wanted.add(p.key)
    for (const name of declared(p)) {
      const ours = packages.find((q) => q.name === name)
      if (ours !== undefined) add(ours)
    }
  }
  keys.forEach((key) => add(pkg(key)))
  return packages.filter((p) => wanted.has(p.key))
}

/** The installed packages and their temporary app folder. */
export interface Installed {
  /** The temporary app folder (its node_modules holds the packages). */
  readonly app: string
  /** The installed packages, in build order. */
  readonly packages: ReadonlyArray<Package>
  /** node_modules/<name> inside `app`, for one installed package. */
  readonly dir: (key: Package["key"]) => string
  /** The packed tarball of one installed package. */
  readonly tarball: (key: Package["key"]) => string
  /** What the app links from this repository's node_modules. */
  readonly linked: ReadonlyArray<string>
  /** Writes a file of the app (path relative to `app`) and returns its absolute path. */
  readonly write: (path: string, text: string) => string
  /** Removes the app folder. */
  readonly remove: () => void
}

/** What a built package must hold before it is packed. */
const builtMarker = (p: Package) => fromRoot(join(p.dir, p.nodeBundle ? "dist/node/index.js" : "dist/index.js"))

/** The consumer's own types: Node's always, React's when the React adapter is installed. */
const consumerTypes = (installed: ReadonlyArray<Package>): ReadonlyArray<string> => [
  "@types/node",
  ...(installed.some((p) => p.key === "react") ? ["@types/react", "@types/react-dom"] : [])
]

/** Options of {@link install}. */
export interface InstallOptions {
  /** The packages to install (with the packages of ours they need); all three by default. */
  readonly packages?: ReadonlyArray<Package["key"]>
  /** More of the checkout's node_modules to link (test tools, the official SDK for comparison). */
  readonly alsoLink?: ReadonlyArray<string>
}

/** Packs the packages and installs the tarballs into a new temporary app folder. */
export const install = (options: InstallOptions = {}): Installed => {
  const chosen = closure(options.packages ?? packages.map((p) => p.key))
  for (const p of chosen) {
    if (!existsSync(builtMarker(p))) throw new Error(`${p.dir}/dist is missing: \`npm test\` builds it first; alone, run \`npm run build\``)
  }
  const app = mkdtempSync(join(tmpdir(), "stack-auth-effect-installed-"))
  // one npm process packs them all
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", app, ...chosen.flatMap((p) => ["-w", p.dir])], {
      cwd: fromRoot(""),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"]
    })
  ) as Array<{ name: string; filename: string }>
  const tarballs = new Map(chosen.map((p) => [p.key, join(app, packed.find((t) => t.name === p.name)!.filename)]))
  const dirs = new Map(chosen.map((p) => [p.key, join(app, "node_modules", p.name)]))
  for (const p of chosen) {
    mkdirSync(dirs.get(p.key)!, { recursive: true })
    execFileSync("tar", ["-xzf", tarballs.get(p.key)!, "-C", dirs.get(p.key)!, "--strip-components=1"])
    // its commands, linked into node_modules/.bin and made executable, as npm does
    for (const [name, path] of Object.entries(manifest(p).bin ?? {})) {
      const target = join(dirs.get(p.key)!, path)
      chmodSync(target, 0o755)
      mkdirSync(join(app, "node_modules/.bin"), { recursive: true })
      symlinkSync(relative(join(app, "node_modules/.bin"), target), join(app, "node_modules/.bin", name))
    }
  }
  const ours = new Set(packages.map((p) => p.name))
  const linked = [...new Set([...chosen.flatMap(declared), ...consumerTypes(chosen), ...(options.alsoLink ?? [])])]
    .filter((name) => !ours.has(name))
    .sort()
  for (const name of linked) {
    const source = fromRoot(`node_modules/${name}`)
    if (!existsSync(source)) throw new Error(`not in this checkout's node_modules: ${name}`)
    const target = join(app, "node_modules", name)
    mkdirSync(dirname(target), { recursive: true })
    symlinkSync(source, target, "dir")
  }
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "installed-app", private: true, type: "module" }))
  const write = (path: string, text: string) => {
    const file = join(app, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, text)
    return file
  }
  const get = <A>(map: Map<Package["key"], A>, key: Package["key"]): A => {
    const value = map.get(key)
    if (value === undefined) throw new Error(`${pkg(key).name} is not installed in this app`)
    return value
  }
  return {
    app,
    packages: chosen,
    dir: (key) => get(dirs, key),
    tarball: (key) => get(tarballs, key),
    linked,
    write,
    remove: () => rmSync(app, { recursive: true, force: true })
  }
}

/** Every file under `dir` whose name ends with `suffix`, as paths relative to `dir`. */
export const filesUnder = (dir: string, suffix: string): Array<string> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(suffix)).sort()

/** The package a bare specifier names (`effect/Effect` → `effect`, `@a/b/c` → `@a/b`); undefined for relative and `node:` ones. */
export const packageOf = (specifier: string): string | undefined => {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return undefined
  const parts = specifier.split("/")
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]
}

/** Every package the JavaScript files under `dir` import (static, dynamic, re-exports; TypeScript's scanner, so text in strings is not read as an import), with a file that does. */
export const importedPackages = (dir: string): ReadonlyMap<string, string> => {
  const found = new Map<string, string>()
  for (const file of filesUnder(dir, ".js")) {
    for (const { fileName } of ts.preProcessFile(readFileSync(join(dir, file), "utf8"), true, true).importedFiles) {
      const name = packageOf(fileName)
      if (name !== undefined && !found.has(name)) found.set(name, file)
    }
  }
  return found
}
