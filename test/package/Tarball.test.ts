/**
 * The packed tarball passes the package linters (publint, Are The Types Wrong), and a small
 * consumer project type-checks against it the way users compile: strict, `skipLibCheck: false`,
 * `moduleResolution` bundler and NodeNext, with readable type names in every published `.d.ts`.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { publint } from "publint"
import { formatMessage } from "publint/utils"
import { fromRoot, modules } from "../../scripts/entries.ts"
import { filesUnder, install } from "../../scripts/installed.ts"
import { unnameable } from "../../scripts/publicTypes.ts"

// vitest and @effect/vitest for the consumer's own tests (the three programs below)
const installed = install(["vitest", "@effect/vitest"])
afterAll(() => installed.remove())
const run = promisify(execFile)

describe("linters", () => {
  it("publint finds nothing, warnings counted as errors", async () => {
    const tarball = readFileSync(installed.tarball)
    const result = await publint({ pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) }, strict: true, level: "suggestion" })
    const pkg = result.pkg as Record<string, unknown>
    const hasStyles = filesUnder(fromRoot("react"), ".css").length > 0
    const messages = result.messages
      // the stylesheet pattern export waits for the React adapter's first stylesheet
      .filter((m) => hasStyles || !(m.code === "EXPORTS_GLOB_NO_MATCHED_FILES" && m.path.includes("./react/*.css")))
      .map((m) => formatMessage(m, pkg) ?? m.code)
    assert.deepStrictEqual(messages, [])
  })

  it("Are The Types Wrong finds no problem for an ESM-only package", async () => {
    // exits non-zero on any problem of the profile; esm-only leaves out CommonJS and node10 resolution
    const cli = fromRoot("node_modules/@arethetypeswrong/cli/dist/index.js")
    const { stdout } = await run(process.execPath, [cli, installed.tarball, "--profile", "esm-only", "--format", "json"], {
      maxBuffer: 64 * 1024 * 1024
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    const report = JSON.parse(stdout) as {
      problems: Record<string, Array<{ kind: string; entrypoint: string; resolutionKind?: string }>>
    }
    const problems = Object.values(report.problems).flat().filter((p) => p.resolutionKind !== "node10" && p.resolutionKind !== "node16-cjs")
    assert.deepStrictEqual(problems, [])
    assert.isAbove(Object.keys(JSON.parse(stdout).analysis.entrypoints).length, 60)
  }, 600_000)
})

/** Names a bundler makes up: `Services$1`, `ListError$2`, or imports of hashed chunks. */
const bundlerMade = /\b[A-Za-z_]\w*\$\d+\b|import\("[^"]*(?:chunk|-[A-Za-z0-9_]{8})(?:\.js)?"\)/

describe("types", () => {
  it("every published .d.ts names its types itself (no bundler-made names)", () => {
    const files = filesUnder(join(installed.packageDir, "dist"), ".d.ts")
    assert.isAbove(files.length, 100)
    const offenders = files.flatMap((file) => {
      const found = readFileSync(join(installed.packageDir, "dist", file), "utf8").match(bundlerMade)
      return found === null ? [] : [`${file}: ${found[0]}`]
    })
    assert.deepStrictEqual(offenders, [])
  })

  it("every type a public declaration takes, returns or extends is exported by an entry, so users can name it", () => {
    assert.deepStrictEqual(unnameable(installed.packageDir), [])
  }, 120_000)

  it("the check catches a type that no entry exports", () => {
    const dir = mkdtempSync(join(tmpdir(), "unnameable-"))
    try {
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "p", type: "module", exports: { ".": { types: "./index.d.ts" } } }))
      writeFileSync(join(dir, "index.d.ts"), `import type { Hidden } from "./internal.ts"\nexport declare const f: (input: Hidden) => Local\ninterface Local { readonly a: string }\nexport {}\n`)
      writeFileSync(join(dir, "internal.d.ts"), `export interface Hidden { readonly b: number }\n`)
      assert.deepStrictEqual(unnameable(dir), ["index.d.ts: Hidden (declared in internal.d.ts)", "index.d.ts: Local (declared in index.d.ts)"])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("the check catches a bundler-made name", () => {
    assert.match("export declare const layer: Layer<Services$1, never, never>", bundlerMade)
    assert.match(`get: () => import("../StackClientApp-CrlIzVkd").aL`, bundlerMade)
    assert.notMatch(`import("effect/Effect").Effect<CurrentUser, UserNotSignedIn>`, bundlerMade)
  })

  const consumer = [
    `import * as Effect from "effect/Effect"`,
    `import * as ManagedRuntime from "effect/ManagedRuntime"`,
    `import { Auth, StackClientApp, TokenStoreCookie, Users } from "stack-auth-effect"`,
    ...modules().map((m, i) => `import * as M${i} from "stack-auth-effect/${m.name}"`),
    `import * as React from "stack-auth-effect/react"`,
    `import * as Testing from "stack-auth-effect/testing"`,
    `import * as SubAuth from "stack-auth-effect/Auth"`,
    `import * as SubUsers from "stack-auth-effect/Users"`,
    ``,
    `export const modules = [${modules().map((_, i) => `M${i}`).join(", ")}, React, Testing] as const`,
    ``,
    `const runtime = ManagedRuntime.make(StackClientApp.layer({`,
    `  projectId: "p",`,
    `  publishableClientKey: "k",`,
    `  tokenStore: TokenStoreCookie.layerBrowserCookie({ projectId: "p" })`,
    `}))`,
    `export const signIn = Auth.signInWithPassword({ email: "ada@example.com", password: "correct horse" })`,
    `export const current = Users.getUserOrNull()`,
    `export const program = Effect.gen(function*() {`,
    `  yield* SubAuth.signInWithPassword({ email: "ada@example.com", password: "correct horse" })`,
    `  const user: SubUsers.CurrentUser | null = yield* SubUsers.getUserOrNull()`,
    `  if (user !== null) yield* Auth.signOut()`,
    `  return user?.displayName ?? null`,
    `})`,
    `export const main = () => runtime.runPromise(program)`,
    `export const appLayer = StackClientApp.layer({ projectId: "p", publishableClientKey: "k" })`,
    ``
  ].join("\n")

  const compilerOptions = {
    strict: true,
    skipLibCheck: false,
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    types: ["node"],
    declaration: true,
    emitDeclarationOnly: true
  }

  it.each([
    ["bundler", { module: "ESNext", moduleResolution: "Bundler" }],
    ["NodeNext", { module: "NodeNext", moduleResolution: "NodeNext" }]
  ])("a strict consumer type-checks with moduleResolution %s, hovers naming our types", async (name, resolution) => {
    installed.write(`consumer-${name}/app.ts`, consumer)
    installed.write(`consumer-${name}/package.json`, JSON.stringify({ type: "module" }))
    const tsconfig = installed.write(
      `consumer-${name}/tsconfig.json`,
      JSON.stringify({ compilerOptions: { ...compilerOptions, ...resolution, outDir: "out" }, files: ["app.ts"] })
    )
    const tsc = fromRoot("node_modules/typescript/bin/tsc")
    const result = await run(process.execPath, [tsc, "-p", tsconfig], { cwd: installed.app }).then(
      () => "",
      (error: { stdout: string }) => error.stdout
    )
    assert.strictEqual(result, "")
    // what a hover shows: the consumer's declarations name our types through the package's exports
    const emitted = readFileSync(join(installed.app, `consumer-${name}/out/app.d.ts`), "utf8")
    assert.isTrue(existsSync(join(installed.app, `consumer-${name}/out/app.d.ts`)))
    assert.notMatch(emitted, bundlerMade)
    assert.notInclude(emitted, "/dist/")
    assert.include(emitted, "StackClientApp.Services")
  }, 600_000)

  /**
   * Issue #17's check: the three programs a new user writes, in their short form, from the README
   * and the declarations alone (test/package/programs/: a Fetch-handler service that authenticates
   * requests and manages users and permissions, React components on the hooks, vitest tests that
   * swap Layers; the tests also run in this repository's suite), type-checked against the installed
   * package with strict settings.
   */
  it("the three programs of a new user type-check against the installed package, strict", async () => {
    const programs = ["service.ts", "components.tsx", "service.test.ts"]
    for (const file of programs) {
      installed.write(`programs/${file}`, readFileSync(fromRoot(`test/package/programs/${file}`), "utf8"))
    }
    installed.write("programs/package.json", JSON.stringify({ type: "module" }))
    const tsconfig = installed.write("programs/tsconfig.json", JSON.stringify({
      compilerOptions: {
        ...compilerOptions,
        module: "ESNext",
        moduleResolution: "Bundler",
        jsx: "react-jsx",
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        declaration: false,
        emitDeclarationOnly: false
      },
      files: programs
    }))
    const tsc = fromRoot("node_modules/typescript/bin/tsc")
    const result = await run(process.execPath, [tsc, "-p", tsconfig], { cwd: installed.app }).then(
      () => "",
      (error: { stdout: string }) => error.stdout
    )
    assert.strictEqual(result, "")
  }, 600_000)
})
