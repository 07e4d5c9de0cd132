/**
 * The README's browser flow (sign in with a password, read the user, sign out, cookie token store)
 * bundled from the installed SDK (scripts/installed.ts) the way an app's bundler does it: esbuild or rolldown, ESM
 * for browsers, minified, gzip -9. Shared by `npm run bench -- bundle` and test/package's budget.
 */
import { build, type Metafile } from "esbuild"
import { cpSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { fromRoot, pkg } from "./entries.ts"
import type { Installed } from "./installed.ts"

/** The flow in each import style (bench/bundle/installed/), and the official SDK's same flow. */
export const styles = {
  barrel: "README style: `effect` barrel + our root barrel",
  "effect-modules": "`effect/Effect` + our root barrel",
  subpaths: "every module by subpath (`effect/Effect`, `stack-auth-effect/Auth`)",
  official: "@stackframe/js 2.8.39, the same flow"
} as const
export type Style = keyof typeof styles

/** Copies the React probe (bench/bundle/installed/react-handler.tsx) into the app and returns the entry's path. */
export const writeReactProbe = (installed: Installed): string => {
  const target = join(installed.app, "probes", "react-handler.tsx")
  cpSync(fromRoot("bench/bundle/installed/react-handler.tsx"), target)
  return target
}

/** Copies the flow's probe into the app (probes/<style>.ts) and returns the entry's path. */
export const writeFlow = (installed: Installed, style: Style): string => {
  const target = join(installed.app, "probes", `${style}.ts`)
  // the official SDK's app is the same file as the src/ analysis uses
  cpSync(fromRoot(style === "official" ? "bench/bundle/app-official.ts" : `bench/bundle/installed/${style}.ts`), target)
  return target
}

/** One bundle's sizes and contents. */
export interface Bundle {
  readonly minified: number
  readonly gzip: number
  readonly code: string
  /** esbuild's only. */
  readonly metafile?: Metafile | undefined
}

/**
 * esbuild, as a browser app bundles (`platform: "browser"`, ESM, minified). For a React app: the
 * packages to leave out, and `process.env.NODE_ENV` set to production as app bundlers do.
 */
export const esbuild = async (app: string, entry: string, react?: { readonly external: ReadonlyArray<string> }): Promise<Bundle> => {
  const result = await build({
    entryPoints: [entry],
    ...(react === undefined ? {} : { external: [...react.external], jsx: "automatic", define: { "process.env.NODE_ENV": "\"production\"" } }),
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: app
  })
  const contents = result.outputFiles[0]!.contents
  return {
    minified: contents.byteLength,
    gzip: gzipSync(contents, { level: 9 }).byteLength,
    code: new TextDecoder().decode(contents),
    metafile: result.metafile
  }
}

/** rolldown (Vite 8's bundler), minified. */
export const rolldown = async (app: string, entry: string): Promise<Bundle> => {
  const { rolldown: make } = await import("rolldown")
  const bundle = await make({ input: entry, platform: "browser", logLevel: "silent", cwd: app })
  const { output } = await bundle.generate({ format: "esm", minify: true })
  await bundle.close()
  const code = output[0].code
  return { minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).byteLength, code }
}

/** The known-error classes of the catalogue (packages/sdk/src/protocol/KnownErrors.ts). */
export const knownErrorClasses = (): ReadonlyArray<string> =>
  [...readFileSync(fromRoot(`${pkg("sdk").dir}/src/protocol/KnownErrors.ts`), "utf8").matchAll(/^export class (\w+)/gm)].map((m) => m[1]!)

/** The catalogue's classes that survive in a bundle: each as its `TaggedError()("Name", { ...fields })` call. */
export const survivingClasses = (bundle: Bundle): ReadonlyArray<string> =>
  knownErrorClasses().filter((name) => new RegExp(`["'\`]${name}["'\`],\\s*\\{`).test(bundle.code))
