/**
 * Writes each package's `exports` into its package.json, generated from its public modules
 * (scripts/entries.ts). `npm run build` runs it first; test/package/Exports.test.ts fails when a
 * package.json says otherwise.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { exportsMap, fromRoot, packages } from "./entries.ts"

/** Rewrites the package.json files whose `exports` differ from the generated ones; returns their paths. */
export const writeExports = (): ReadonlyArray<string> => {
  const written: Array<string> = []
  for (const p of packages) {
    const file = fromRoot(join(p.dir, "package.json"))
    const text = readFileSync(file, "utf8")
    const json = JSON.parse(text) as Record<string, unknown>
    const next = JSON.stringify({ ...json, exports: exportsMap(p) }, null, 2) + "\n"
    if (next !== text) {
      writeFileSync(file, next)
      written.push(file)
    }
  }
  return written
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of writeExports()) console.log(`wrote exports: ${file}`)
}
