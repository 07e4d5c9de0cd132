/**
 * The API reference (`npm run docs`: TypeDoc, once per package over its public entry points) has no
 * undocumented export: typedoc.json requires TSDoc on every module, namespace, function, class,
 * interface, type, variable and their members, and counts a warning as an error. This runs the
 * same check for each package without writing any file (`--emit none`). TypeDoc reads no source
 * links (`disableSources`), so the check is the same in a checkout without a git remote.
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { problems, runTypedoc, typedocArgs } from "../../scripts/docs.ts"
import { fromRoot, packages } from "../../scripts/entries.ts"

describe("API reference", () => {
  it.each(packages.map((p) => [p.name, p] as const))("TypeDoc finds no export of %s without documentation and no other warning", async (_, p) => {
    const run = await runTypedoc(p, false)
    assert.deepStrictEqual(problems(run), [])
    assert.strictEqual(run.code, 0)
  }, 300_000)

  it("documents each package from its own entry points, never asking git for a source link", () => {
    const options = JSON.parse(readFileSync(fromRoot("typedoc.json"), "utf8")) as Record<string, unknown>
    assert.strictEqual(options.disableSources, true)
    assert.strictEqual(options.treatWarningsAsErrors, true)
    assert.notProperty(options, "entryPoints")
    for (const p of packages) {
      const args = typedocArgs(p, true)
      const entries = args.flatMap((arg, i) => (args[i - 1] === "--entryPoints" ? [arg] : []))
      assert.deepStrictEqual(entries, Object.values(p.barrels).map((source) => fromRoot(`${p.dir}/${source}`)))
      assert.include(args, fromRoot(`docs/api/${p.key}`))
    }
  })

  it("the check reads a warning as a problem", () => {
    const output = "[warning] Users.getCurrent, defined in ./src/api/Users.ts, does not have any documentation\n[info] Found 0 errors and 1 warnings"
    assert.deepStrictEqual(problems({ package: "p", code: 0, output }), [
      "[warning] Users.getCurrent, defined in ./src/api/Users.ts, does not have any documentation",
      "[info] Found 0 errors and 1 warnings"
    ])
  })
})
