/**
 * The package as a user installs it: `npm pack` of this checkout's dist/ (built by `npm test`'s
 * `npm run build`), extracted into a temporary app's node_modules/stack-auth-effect. Its
 * dependencies are symlinks to this repository's node_modules, so nothing hits the registry.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fromRoot } from "./entries.ts"

/** The installed package and its temporary app folder. */
export interface Installed {
  /** The temporary app folder (its node_modules holds the package). */
  readonly app: string
  /** node_modules/stack-auth-effect inside `app`. */
  readonly packageDir: string
  /** The packed tarball. */
  readonly tarball: string
  /** Writes a file of the app (path relative to `app`) and returns its absolute path. */
  readonly write: (path: string, text: string) => string
  /** Removes the app folder. */
  readonly remove: () => void
}

/** What the app links from this repository's node_modules: the package's dependencies and peer dependencies, and the consumer's types. */
const linked = (): ReadonlyArray<string> => {
  const pkg = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as {
    dependencies?: Record<string, string>
    peerDependencies?: Record<string, string>
  }
  return [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    "react-dom",
    "@types/node",
    "@types/react",
    "@types/react-dom",
    "undici-types",
    "csstype"
  ]
}

/** Packs dist/ and installs the tarball into a new temporary app folder; `alsoLink` more of the checkout's packages. */
export const install = (alsoLink: ReadonlyArray<string> = []): Installed => {
  if (!existsSync(fromRoot("dist/node/index.js"))) {
    throw new Error("dist/ is missing: `npm test` builds it first; alone, run `npm run build`")
  }
  const app = mkdtempSync(join(tmpdir(), "stack-auth-effect-installed-"))
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", app], {
      cwd: fromRoot(""),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"]
    })
  ) as Array<{ filename: string }>
  const tarball = join(app, packed[0]!.filename)
  const packageDir = join(app, "node_modules/stack-auth-effect")
  mkdirSync(packageDir, { recursive: true })
  execFileSync("tar", ["-xzf", tarball, "-C", packageDir, "--strip-components=1"])
  for (const name of new Set([...linked(), ...alsoLink])) {
    const source = fromRoot(`node_modules/${name}`)
    if (!existsSync(source)) continue
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
  return { app, packageDir, tarball, write, remove: () => rmSync(app, { recursive: true, force: true }) }
}

/** Every file under `dir` whose name ends with `suffix`, as paths relative to `dir`. */
export const filesUnder = (dir: string, suffix: string): Array<string> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(suffix)).sort()
