/**
 * The package's entry points as installed: every public module is a subpath (`stack-auth-effect/Auth`,
 * in the style of `effect/Effect`), Node loads one bundle whatever subpath it is given (no module
 * held twice), and importing any module runs nothing observable (`sideEffects: false` is true).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { exportsMap, fromRoot, modules } from "../../scripts/entries.ts"
import { filesUnder, install } from "../../scripts/installed.ts"

const installed = install()
afterAll(() => installed.remove())

/** Runs an ES module in a fresh Node process inside the app folder and returns its JSON output. */
const runInApp = (name: string, code: string): unknown =>
  JSON.parse(execFileSync(process.execPath, [installed.write(name, code)], { cwd: installed.app, encoding: "utf8" }))

const subpaths = [...modules().map((m) => `stack-auth-effect/${m.name}`), "stack-auth-effect/react", "stack-auth-effect/testing"]

describe("exports", () => {
  it("maps every module of the root barrel, the root, /react and /testing, and nothing internal", () => {
    const pkg = JSON.parse(readFileSync(fromRoot("package.json"), "utf8"))
    assert.deepStrictEqual(pkg.exports, exportsMap(), "package.json exports differ from scripts/entries.ts")
    assert.strictEqual(pkg.sideEffects, false)
    for (const name of ["Auth", "Users", "StackClientApp", "TokenStoreCookie", "KnownErrors", "KnownError"]) {
      assert.property(pkg.exports, `./${name}`)
    }
    assert.notProperty(pkg.exports, "./dist/*")
    assert.notProperty(pkg.exports, "./*")
  })

  it("lets the checkout's type check and tests resolve every subpath to its source", () => {
    const paths = JSON.parse(readFileSync(fromRoot("tsconfig.json"), "utf8")).compilerOptions.paths as Record<string, Array<string>>
    for (const m of modules()) assert.deepStrictEqual(paths[`stack-auth-effect/${m.name}`], [`./${m.source}`], `tsconfig.json paths: ${m.name}`)
  })

  it("ships a declaration file beside every JavaScript module", () => {
    const dist = `${installed.packageDir}/dist/`
    const js = [...filesUnder(`${dist}src`, ".js").map((f) => `src/${f}`), ...filesUnder(`${dist}react`, ".js").map((f) => `react/${f}`)]
    assert.isAbove(js.length, 100)
    const dts = new Set([...filesUnder(`${dist}src`, ".d.ts").map((f) => `src/${f}`), ...filesUnder(`${dist}react`, ".d.ts").map((f) => `react/${f}`)])
    assert.deepStrictEqual(js.filter((f) => !dts.has(f.replace(/\.js$/, ".d.ts"))), [])
  })

  it("refuses imports of internal files", () => {
    const out = runInApp("internal.mjs", `
      const out = []
      for (const s of ["stack-auth-effect/dist/src/api/Auth.js", "stack-auth-effect/src/api/Auth.ts", "stack-auth-effect/Refresh"]) {
        try { import.meta.resolve(s); out.push(s) } catch {}
      }
      console.log(JSON.stringify(out))`)
    assert.deepStrictEqual(out, [])
  })
})

describe("on Node", () => {
  it("loads only the Node bundle's files, whichever entries an app imports", () => {
    const out = runInApp("loaded.mjs", `
      import { registerHooks } from "node:module"
      const loaded = new Set()
      registerHooks({ resolve: (specifier, context, next) => {
        const result = next(specifier, context)
        if (result.url.includes("/node_modules/stack-auth-effect/")) loaded.add(result.url.split("/node_modules/stack-auth-effect/")[1])
        return result
      } })
      for (const s of ${JSON.stringify(["stack-auth-effect", ...subpaths])}) await import(s)
      console.log(JSON.stringify([...loaded].sort()))`) as Array<string>
    assert.isAbove(out.length, 60)
    assert.deepStrictEqual(out.filter((file) => !file.startsWith("dist/node/")), [])
  })

  it("bundles each module into one Node file only (react and testing import the root's modules from it)", () => {
    const dir = `${installed.packageDir}/dist/node/`
    const holders = new Map<string, Array<string>>()
    for (const file of filesUnder(dir, ".js")) {
      for (const [, source] of readFileSync(dir + file, "utf8").matchAll(/^\/\/ ((?:src|react)\/\S+\.tsx?)$/gm)) {
        holders.set(source!, [...new Set([...(holders.get(source!) ?? []), file])])
      }
    }
    assert.isAbove(holders.size, 100)
    assert.deepStrictEqual([...holders].filter(([, files]) => files.length > 1), [])
  })

  it("gives every subpath the very values of the root barrel (one copy of each module)", () => {
    const out = runInApp("identity.mjs", `
      const root = await import("stack-auth-effect")
      const mismatches = []
      let compared = 0
      for (const m of ${JSON.stringify(modules())}) {
        const sub = await import("stack-auth-effect/" + m.name)
        const expected = m.namespace ? root[m.name] : root
        for (const key of Object.keys(sub)) { compared++; if (sub[key] !== expected[key]) mismatches.push(m.name + "." + key) }
        if (m.namespace && Object.keys(sub).length !== Object.keys(expected).length) mismatches.push(m.name + " (names)")
      }
      console.log(JSON.stringify({ compared, mismatches }))`) as { compared: number; mismatches: Array<string> }
    assert.deepStrictEqual(out.mismatches, [])
    assert.isAbove(out.compared, 300)
  })
})

/** The package's dependencies and the entries of them it imports. */
const dependencies = [
  ...Object.keys(JSON.parse(readFileSync(fromRoot("package.json"), "utf8")).dependencies),
  "effect",
  "react",
  "react/jsx-runtime"
]

/**
 * A Node process that imports every dependency first (their own start-up is theirs), then watches
 * the globals an import could touch while it imports each of our modules.
 */
const watchedImport = (files: ReadonlyArray<string>) => `
  for (const dep of ${JSON.stringify(dependencies)}) await import(dep)
  const events = []
  // only what our package's code does counts (Node's loader reads the environment too)
  const ours = () => (new Error().stack ?? "").includes("/node_modules/stack-auth-effect/")
  const record = (label) => { if (ours()) events.push(label) }
  const trap = (object, key, label) => {
    const original = object[key]
    object[key] = function (...args) { record(label); return original.apply(this, args) }
  }
  for (const key of ["setTimeout", "setInterval", "setImmediate", "queueMicrotask", "fetch", "addEventListener"]) trap(globalThis, key, key)
  for (const key of ["on", "once", "addListener", "exit"]) trap(process, key, "process." + key)
  trap(console, "log", "console.log"); trap(console, "warn", "console.warn"); trap(console, "error", "console.error")
  trap(crypto, "getRandomValues", "crypto.getRandomValues"); trap(crypto, "randomUUID", "crypto.randomUUID")
  trap(Date, "now", "Date.now"); trap(Math, "random", "Math.random")
  const env = process.env
  process.env = new Proxy(env, { get: (t, k) => { record("process.env." + String(k)); return t[k] } })
  const protos = [Object.prototype, Array.prototype, Function.prototype, Promise.prototype, String.prototype, Error.prototype]
  const keysOf = (o) => Reflect.ownKeys(o).map(String).sort()
  const before = { globals: keysOf(globalThis), protos: protos.map(keysOf) }
  const added = (o, was) => keysOf(o).filter((k) => !was.includes(k))
  const failures = []
  for (const file of ${JSON.stringify(files)}) {
    events.length = 0
    await import(file)
    if (events.length > 0) failures.push(file + ": " + [...new Set(events)].join(", "))
  }
  process.env = env
  for (const key of added(globalThis, before.globals)) failures.push("global added: " + key)
  protos.forEach((p, i) => { for (const key of added(p, before.protos[i])) failures.push("prototype member added: " + key) })
  console.log(JSON.stringify({ imported: ${files.length}, failures }))`

describe("at import", () => {
  it("runs nothing observable in any module (sideEffects: false is true)", () => {
    const dist = `${installed.packageDir}/dist/`
    const files = [
      ...filesUnder(`${dist}src`, ".js").map((f) => `${dist}src/${f}`),
      ...filesUnder(`${dist}react`, ".js").map((f) => `${dist}react/${f}`)
    ]
    const out = runInApp("watched.mjs", watchedImport(files)) as { imported: number; failures: Array<string> }
    assert.deepStrictEqual(out.failures, [])
    assert.strictEqual(out.imported, files.length)
  })

  it("runs nothing observable when Node loads the bundle", () => {
    const out = runInApp("watched-node.mjs", watchedImport(["stack-auth-effect", "stack-auth-effect/react", "stack-auth-effect/testing"])) as {
      failures: Array<string>
    }
    assert.deepStrictEqual(out.failures, [])
  })
})
