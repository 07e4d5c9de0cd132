/**
 * `npm run docs`: the API reference of each package, written by TypeDoc from the TSDoc of its
 * public entry points (the barrels of scripts/entries.ts) to docs/api/<package>/ (`sdk`, `react`,
 * `emulator`), each with its package's README as the front page. The options every package shares
 * are typedoc.json's: every export documented, a warning counted as an error, and no source links
 * (`disableSources`), so TypeDoc never asks git for a remote and a checkout without `origin` builds
 * the same reference. test/docs/ApiReference.test.ts runs the same check without writing files.
 */
import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import { fromRoot, type Package, packages } from "./entries.ts"

/** TypeDoc's command line for one package; `emit: false` checks without writing (`--emit none`). */
export const typedocArgs = (p: Package, emit: boolean): ReadonlyArray<string> => [
  fromRoot("node_modules/typedoc/bin/typedoc"),
  "--options",
  fromRoot("typedoc.json"),
  ...Object.values(p.barrels).flatMap((source) => ["--entryPoints", fromRoot(join(p.dir, source))]),
  "--name",
  p.name,
  "--readme",
  fromRoot(join(p.dir, "README.md")),
  "--out",
  fromRoot(`docs/api/${p.key}`),
  ...(emit ? [] : ["--emit", "none"]),
  "--logLevel",
  "Warn"
]

/** One package's run: TypeDoc's exit code and everything it printed. */
export interface DocsRun {
  readonly package: string
  readonly code: number
  readonly output: string
}

/** Runs TypeDoc for one package. */
export const runTypedoc = (p: Package, emit: boolean): Promise<DocsRun> =>
  promisify(execFile)(process.execPath, [...typedocArgs(p, emit)], {
    cwd: fromRoot("."),
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }
  }).then(
    ({ stderr, stdout }) => ({ package: p.name, code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ package: p.name, code: error.code, output: error.stdout + error.stderr })
  )

/** The lines of a run that report a problem. */
export const problems = (run: DocsRun): ReadonlyArray<string> =>
  run.output.split("\n").filter((line) => /warning|error/i.test(line) && !/Found 0 errors and 0 warnings/.test(line))

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = 0
  for (const p of packages) {
    const run = await runTypedoc(p, true)
    process.stdout.write(run.output)
    if (run.code !== 0 || problems(run).length > 0) failed++
    else console.log(`${p.name}: docs/api/${p.key}/`)
  }
  process.exit(failed === 0 ? 0 : 1)
}
