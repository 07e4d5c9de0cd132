/**
 * The API reference (`npm run docs`, TypeDoc over the three public entries) has no undocumented
 * export: typedoc.json requires TSDoc on every module, namespace, function, class, interface,
 * type, variable and their members, and counts a warning as an error. This runs the same check
 * without writing any file (`--emit none`, about 16 s alone on the shared machine).
 */
import { assert, describe, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { fromRoot } from "../../scripts/entries.ts"

const run = promisify(execFile)

describe("API reference", () => {
  it("TypeDoc finds no export without documentation and no other warning", async () => {
    const cli = fromRoot("node_modules/typedoc/bin/typedoc")
    const result = await run(process.execPath, [cli, "--emit", "none", "--logLevel", "Warn"], {
      cwd: fromRoot("."),
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }
    }).then(
      ({ stderr, stdout }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr })
    )
    const warnings = result.output.split("\n").filter((line) => /warning|error/i.test(line) && !/Found 0 errors and 0 warnings/.test(line))
    assert.deepStrictEqual(warnings, [])
    assert.strictEqual(result.code, 0)
  }, 180_000)
})
