/**
 * Compiles a benchmark entry to plain JavaScript (esbuild, ESM, Node), so measurements run on
 * `node` alone, like a deployed app: no TypeScript loader, no source-map support (which makes
 * every captured stack trace expensive). npm packages stay external and load from node_modules.
 */
import { build } from "esbuild"
import { mkdirSync } from "node:fs"
import { basename } from "node:path"
import { fromRoot } from "./paths.ts"

/** Where compiled entries go (git-ignored scratch). */
export const outDir = fromRoot("bench/.out/")

/** Compiles `entry` (a path) and returns the compiled file's path. */
export const compile = async (entry: string, name = basename(entry).replace(/\.tsx?$/, "")): Promise<string> => {
  mkdirSync(outDir, { recursive: true })
  const outfile = `${outDir}${name}.mjs`
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    packages: "external",
    format: "esm",
    platform: "node",
    target: "node24",
    logLevel: "warning"
  })
  return outfile
}
