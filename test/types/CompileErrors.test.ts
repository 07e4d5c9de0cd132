/**
 * What a user reads when a call needs a higher access level than the app provides: the compiler's
 * first line of the error names the missing level and the app to use. Compiled once with the
 * TypeScript compiler API and the project's own settings (several seconds).
 */
import { assert, describe, it } from "@effect/vitest"
import { rmSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = fileURLToPath(new URL("../..", import.meta.url))

/** The first line of every error each snippet gets under the project's compiler settings. */
const firstLines = (snippets: ReadonlyArray<string>): ReadonlyArray<ReadonlyArray<string>> => {
  const files = snippets.map((_, i) => `${root}test/types/.compile-${process.pid}-${i}.ts`)
  snippets.forEach((snippet, i) => writeFileSync(files[i]!, snippet))
  try {
    const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
      }
    })!
    const program = ts.createProgram(files, { ...config.options, noUnusedLocals: false })
    return files.map((file) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n")[0]!
      )
    )
  } finally {
    for (const file of files) rmSync(file, { force: true })
  }
}

const header = `import * as Effect from "effect/Effect"
import { AdminProjects, ServerUsers, StackClientApp, StackServerApp } from "../../packages/sdk/src/index.ts"
const clientApp = StackClientApp.layer({ projectId: "p", publishableClientKey: "pck" })
const serverApp = StackServerApp.layer({ projectId: "p", secretServerKey: "ssk" })
`

describe("compile errors name the missing access level first", () => {
  it("a server call run with a client app, an admin call with a server app; with the right apps they compile", () => {
    const [wrong, right] = firstLines([
      `${header}
export const a = () => Effect.runPromise(ServerUsers.list().pipe(Effect.provide(clientApp)))
export const b = () => Effect.runPromise(AdminProjects.remove().pipe(Effect.provide(serverApp)))
`,
      `${header}
export const a = () => Effect.runPromise(ServerUsers.list().pipe(Effect.provide(serverApp)))
`
    ])
    assert.strictEqual(wrong!.length, 2, wrong!.join("\n"))
    assert.include(wrong![0], "ServerAccessRequired_UseStackServerApp")
    assert.include(wrong![1], "AdminAccessRequired_UseStackAdminApp")
    assert.deepStrictEqual(right, [])
  }, 120_000)
})
