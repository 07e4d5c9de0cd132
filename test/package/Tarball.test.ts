/**
 * Each of the three packed tarballs passes the package linters (publint, Are The Types Wrong), and a
 * small consumer project type-checks against each the way users compile: strict, `skipLibCheck:
 * false`, `moduleResolution` bundler and NodeNext, with readable type names in every published
 * `.d.ts`. The SDK's consumer compiles in an app holding the SDK alone (its types need no React or
 * emulator package); the React adapter's and the emulator's in an app holding the three.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import ts from "typescript"
import { publint } from "publint"
import { formatMessage } from "publint/utils"
import { fromRoot, modules, packages, pkg, sources } from "../../scripts/entries.ts"
import { filesUnder, install, type Installed } from "../../scripts/installed.ts"
import { unnameable } from "../../scripts/publicTypes.ts"

// the SDK alone; and the three packages, with vitest and @effect/vitest for the consumer's own
// tests (the three programs below)
const alone = install({ packages: ["sdk"] })
const installed = install({ alsoLink: ["vitest", "@effect/vitest"] })
afterAll(() => {
  alone.remove()
  installed.remove()
})
const run = promisify(execFile)

/** Entry points Are The Types Wrong must find in each tarball, at least. */
const minimumEntrypoints = { sdk: 60, react: 1, emulator: 10 } as const

describe.each(packages.map((p) => [p.name, p] as const))("%s linters", (_, p) => {
  it("publint finds nothing, warnings counted as errors", async () => {
    const tarball = readFileSync(installed.tarball(p.key))
    const result = await publint({ pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) }, strict: true, level: "suggestion" })
    const manifest = result.pkg as Record<string, unknown>
    assert.strictEqual(manifest.name, p.name)
    assert.deepStrictEqual(result.messages.map((m) => formatMessage(m, manifest) ?? m.code), [])
  })

  it("Are The Types Wrong finds no problem for an ESM-only package", async () => {
    // exits non-zero on any problem of the profile; esm-only leaves out CommonJS and node10 resolution
    const cli = fromRoot("node_modules/@arethetypeswrong/cli/dist/index.js")
    const { stdout } = await run(process.execPath, [cli, installed.tarball(p.key), "--profile", "esm-only", "--format", "json"], {
      maxBuffer: 64 * 1024 * 1024
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    const report = JSON.parse(stdout) as {
      problems: Record<string, Array<{ kind: string; entrypoint: string; resolutionKind?: string }>>
      analysis: { packageName: string; entrypoints: Record<string, unknown> }
    }
    const problems = Object.values(report.problems).flat().filter((p) => p.resolutionKind !== "node10" && p.resolutionKind !== "node16-cjs")
    assert.deepStrictEqual(problems, [])
    assert.strictEqual(report.analysis.packageName, p.name)
    assert.isAbove(Object.keys(report.analysis.entrypoints).length, minimumEntrypoints[p.key])
  }, 600_000)
})

/** Names a bundler makes up: `Services$1`, `ListError$2`, or imports of hashed chunks. */
const bundlerMade = /\b[A-Za-z_]\w*\$\d+\b|import\("[^"]*(?:chunk|-[A-Za-z0-9_]{8})(?:\.js)?"\)/

describe("types", () => {
  it.each(packages.map((p) => [p.name, p] as const))("every .d.ts of %s names its types itself (no bundler-made names)", (_, p) => {
    const dist = join(installed.dir(p.key), "dist")
    const files = filesUnder(dist, ".d.ts")
    assert.isAbove(files.length, 10)
    const offenders = files.flatMap((file) => {
      const found = readFileSync(join(dist, file), "utf8").match(bundlerMade)
      return found === null ? [] : [`${file}: ${found[0]}`]
    })
    assert.deepStrictEqual(offenders, [])
  })

  it.each(packages.map((p) => [p.name, p] as const))(
    "every type a public declaration of %s takes, returns or extends is exported by an entry, so users can name it",
    (_, p) => {
      assert.deepStrictEqual(unnameable(installed.dir(p.key)), [])
    },
    120_000
  )

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

  /** The SDK's consumer: every entry, a flow, and internal modules that must not resolve. */
  const sdkConsumer = [
    `import * as Effect from "effect/Effect"`,
    `import * as ManagedRuntime from "effect/ManagedRuntime"`,
    `import { Auth, StackClientApp, TokenStoreCookie, Users } from "stack-auth-effect"`,
    ...modules(pkg("sdk")).map((m, i) => `import * as M${i} from "stack-auth-effect/${m.name}"`),
    `import * as SubAuth from "stack-auth-effect/Auth"`,
    `import * as SubUsers from "stack-auth-effect/Users"`,
    `// @ts-expect-error: internal modules are not exported`,
    `import type * as Attempts_ from "stack-auth-effect/transport/internal/Attempts"`,
    `// @ts-expect-error: nor are the files behind the entries`,
    `import type * as Refresh_ from "stack-auth-effect/dist/session/internal/Refresh.js"`,
    ``,
    `export const modules = [${modules(pkg("sdk")).map((_, i) => `M${i}`).join(", ")}] as const`,
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

  /** The React adapter's and the emulator's consumer: every entry of both, beside the SDK. */
  const emulatorEntries = sources(pkg("emulator")).map((s) => s.specifier)
  const reactAndEmulatorConsumer = [
    `import * as Effect from "effect/Effect"`,
    `import * as Layer from "effect/Layer"`,
    `import * as StackClientApp from "stack-auth-effect/StackClientApp"`,
    `import * as Users from "stack-auth-effect/Users"`,
    `import { SignIn, StackHandler, StackProvider, useUser } from "@stack-auth-effect/react"`,
    `import * as ReactAdapter from "@stack-auth-effect/react"`,
    ...emulatorEntries.map((specifier, i) => `import * as E${i} from ${JSON.stringify(specifier)}`),
    `import { Emulator, TestApps } from "@stack-auth-effect/emulator/testing"`,
    `// @ts-expect-error: internal modules are not exported`,
    `import type * as Routes from "@stack-auth-effect/emulator/internal/routes/AllRoutes"`,
    `// @ts-expect-error: nor are the files behind the entries`,
    `import type * as Callbacks from "@stack-auth-effect/react/dist/handler/internal/pages/Callbacks.js"`,
    ``,
    `export const entries = [ReactAdapter, ${emulatorEntries.map((_, i) => `E${i}`).join(", ")}] as const`,
    ``,
    `function Home() {`,
    `  const user = useUser()`,
    `  return user === null ? <SignIn /> : <p>{user.displayName ?? user.primaryEmail}</p>`,
    `}`,
    `export const app = (path: string) => (`,
    `  <StackProvider app={StackClientApp.layer({ projectId: "p", publishableClientKey: "k" })}>`,
    `    {path.startsWith("/handler/") ? <StackHandler location={path} /> : <Home />}`,
    `  </StackProvider>`,
    `)`,
    `export const testApp = TestApps.client()`,
    `export const emulated = Users.getUserOrNull().pipe(`,
    `  Effect.provide(TestApps.client()),`,
    `  Effect.provide(Layer.orDie(Emulator.layerWith({ accessTokenLifetimeSeconds: 5 })))`,
    `)`,
    ``
  ].join("\n")

  const compilerOptions = {
    strict: true,
    skipLibCheck: false,
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    types: ["node"],
    jsx: "react-jsx",
    declaration: true,
    emitDeclarationOnly: true
  }

  /** Type-checks `file` (with its declarations emitted) in a folder of the app; returns tsc's output and the emitted declarations. */
  const compile = async (app: Installed, folder: string, file: string, source: string, resolution: Record<string, string>) => {
    app.write(`${folder}/${file}`, source)
    app.write(`${folder}/package.json`, JSON.stringify({ type: "module" }))
    const tsconfig = app.write(`${folder}/tsconfig.json`, JSON.stringify({ compilerOptions: { ...compilerOptions, ...resolution, outDir: "out" }, files: [file] }))
    const tsc = fromRoot("node_modules/typescript/bin/tsc")
    const output = await run(process.execPath, [tsc, "-p", tsconfig], { cwd: app.app }).then(
      () => "",
      (error: { stdout: string }) => error.stdout
    )
    const emitted = join(app.app, `${folder}/out/${file.replace(/\.tsx?$/, ".d.ts")}`)
    return { output, declarations: existsSync(emitted) ? readFileSync(emitted, "utf8") : "" }
  }

  const resolutions = [
    ["bundler", { module: "ESNext", moduleResolution: "Bundler" }],
    ["NodeNext", { module: "NodeNext", moduleResolution: "NodeNext" }]
  ] as const

  it.each(resolutions)("a strict consumer of the SDK installed alone type-checks with moduleResolution %s, hovers naming our types", async (name, resolution) => {
    const { declarations, output } = await compile(alone, `consumer-${name}`, "app.ts", sdkConsumer, resolution)
    assert.strictEqual(output, "")
    // what a hover shows: the consumer's declarations name our types through the package's exports
    assert.notMatch(declarations, bundlerMade)
    assert.notInclude(declarations, "/dist/")
    assert.include(declarations, "StackClientApp.Services")
  }, 600_000)

  it("a strict consumer of the React adapter and the emulator type-checks with moduleResolution NodeNext, hovers naming our types", async () => {
    const { declarations, output } = await compile(installed, "consumer-NodeNext", "app.tsx", reactAndEmulatorConsumer, resolutions[1][1])
    assert.strictEqual(output, "")
    assert.notMatch(declarations, bundlerMade)
    assert.notInclude(declarations, "/dist/")
    assert.match(declarations, /testApp: Layer\.Layer<StackClientApp\.Services, never, (?:\w+\.)?Emulator\.Emulator>/, declarations)
    assert.include(declarations, "Effect.Effect<Users.CurrentUser | null, Users.GetUserError, never>")
  }, 600_000)

  it("the consumers' internal imports are refused by TypeScript's resolution, where a public subpath resolves", () => {
    const tried = [
      ["stack-auth-effect/transport/internal/Attempts", false],
      ["stack-auth-effect/dist/session/internal/Refresh.js", false],
      ["@stack-auth-effect/emulator/internal/routes/AllRoutes", false],
      ["@stack-auth-effect/react/dist/handler/internal/pages/Callbacks.js", false],
      ["stack-auth-effect/Users", true],
      ["@stack-auth-effect/emulator/testing", true]
    ] as const
    for (const [, resolution] of resolutions) {
      const options = {
        module: resolution.module === "NodeNext" ? ts.ModuleKind.NodeNext : ts.ModuleKind.ESNext,
        moduleResolution: resolution.moduleResolution === "NodeNext" ? ts.ModuleResolutionKind.NodeNext : ts.ModuleResolutionKind.Bundler
      }
      const from = join(installed.app, "consumer-NodeNext/app.tsx")
      const resolved = tried.map(([specifier]) =>
        [specifier, ts.resolveModuleName(specifier, from, options, ts.sys, undefined, undefined, ts.ModuleKind.ESNext).resolvedModule !== undefined] as const
      )
      assert.deepStrictEqual(resolved, tried.map(([specifier, expected]) => [specifier, expected] as const), resolution.moduleResolution)
    }
    // the files exist: only exports keep them out
    for (const file of ["stack-auth-effect/dist/session/internal/Refresh.js", "@stack-auth-effect/react/dist/handler/internal/pages/Callbacks.js"]) {
      assert.isTrue(existsSync(join(installed.app, "node_modules", file)), file)
    }
  })

  /**
   * Issue #17's check: the three programs a new user writes, in their short form, from the README
   * and the declarations alone (test/package/programs/: a Fetch-handler service that authenticates
   * requests and manages users and permissions, React components on the hooks, vitest tests that
   * swap Layers; the tests also run in this repository's suite), type-checked against the installed
   * packages with strict settings; the React and emulator consumer above joins them in the same
   * compilation, for bundler resolution.
   */
  it("the three programs of a new user, and the React and emulator consumer, type-check against the installed packages, strict, moduleResolution bundler", async () => {
    const programs = ["service.ts", "components.tsx", "service.test.ts", "consumer.tsx"]
    for (const file of programs.slice(0, 3)) {
      installed.write(`programs/${file}`, readFileSync(fromRoot(`test/package/programs/${file}`), "utf8"))
    }
    installed.write("programs/consumer.tsx", reactAndEmulatorConsumer)
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
