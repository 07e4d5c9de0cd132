/**
 * The three packages as installed from their tarballs: each package's `exports` is the one
 * scripts/entries.ts generates (every public module a subpath, `stack-auth-effect/Auth` in the style
 * of `effect/Effect`; nothing under `internal/`), the SDK installed alone brings and imports only
 * what it runs (no emulator or React library), React and the emulator install beside it and reach
 * it by its name, Node loads one bundle of the SDK whatever subpath or package asks for it (no
 * module held twice), and importing any module runs nothing observable (`sideEffects: false`).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { exportsMap, fromRoot, modules, type Package, packages, pkg, sourceCondition, sources } from "../../scripts/entries.ts"
import { declared, filesUnder, importedPackages, install, type Installed, manifest, type Manifest } from "../../scripts/installed.ts"

// the SDK alone, as a browser or Node app installs it; and the three packages side by side
const alone = install({ packages: ["sdk"] })
const all = install()
afterAll(() => {
  alone.remove()
  all.remove()
})

/** Runs an ES module in a fresh Node process inside an app folder and returns its JSON output. */
const runInApp = (installed: Installed, name: string, code: string): unknown =>
  JSON.parse(execFileSync(process.execPath, [installed.write(name, code)], { cwd: installed.app, encoding: "utf8" }))

const installedManifest = (installed: Installed, p: Package): Manifest =>
  JSON.parse(readFileSync(join(installed.dir(p.key), "package.json"), "utf8")) as Manifest

/** Every specifier a package exports to users (`stack-auth-effect`, `stack-auth-effect/Auth`, `@stack-auth-effect/emulator/testing`). */
const specifiers = (p: Package) => sources(p).map((s) => s.specifier)

/** The libraries only the emulator or the React adapter run: none may come with the SDK. */
const notTheSdks = [
  "react",
  "react-dom",
  "esbuild",
  "nodemailer",
  "bcryptjs",
  "@simplewebauthn/server",
  "html-to-text",
  "otpauth",
  "uqr",
  "@stack-auth-effect/react",
  "@stack-auth-effect/emulator"
]

describe.each(packages.map((p) => [p.name, p] as const))("%s exports", (_, p) => {
  it("are scripts/entries.ts' generated map, in the checkout and in the tarball, with internal/ blocked", () => {
    assert.deepStrictEqual(manifest(p).exports, exportsMap(p), `${p.dir}/package.json exports differ from scripts/entries.ts: run npm run build`)
    const shipped = installedManifest(all, p)
    assert.deepStrictEqual(shipped.exports, exportsMap(p))
    assert.strictEqual(shipped.exports["./internal/*"], null)
    assert.strictEqual(shipped.sideEffects, false)
    assert.notProperty(shipped.exports, "./dist/*")
    assert.notProperty(shipped.exports, "./*")
  })

  it("point at files the tarball holds, under every condition", () => {
    const targets = Object.values(installedManifest(all, p).exports).flatMap((target) =>
      typeof target === "string" ? [target] : target === null ? [] : Object.values(target as Record<string, string>)
    )
    assert.isAbove(targets.length, 3)
    assert.deepStrictEqual(targets.filter((target) => !existsSync(join(all.dir(p.key), target))), [])
  })

  it("resolve to the package's sources in the checkout (the workspace's condition), as tsconfig.json and vitest.config.ts do", () => {
    const options = JSON.parse(readFileSync(fromRoot("tsconfig.json"), "utf8")).compilerOptions as { customConditions: Array<string> }
    assert.include(options.customConditions, sourceCondition)
    const bySource = Object.entries(exportsMap(p)).flatMap(([subpath, target]) =>
      target !== null && typeof target === "object" && sourceCondition in target
        ? [{ specifier: subpath === "." ? p.name : `${p.name}/${subpath.slice(2)}`, source: join(p.dir, (target as Record<string, string>)[sourceCondition]!.slice(2)) }]
        : []
    )
    assert.deepStrictEqual(bySource, [...sources(p)])
  })

  it("ship the package's README, which says how to install it", () => {
    const readme = readFileSync(join(all.dir(p.key), "README.md"), "utf8")
    assert.match(readme, new RegExp(`^# ${p.name.replace("/", "\\/")}\n`))
    assert.include(readme, p.key === "emulator" ? `npm i -D ${p.name}` : `npm i ${p.name}`)
  })

  it("ship a declaration file beside every JavaScript module", () => {
    const dist = join(all.dir(p.key), "dist")
    const js = filesUnder(dist, ".js").filter((f) => !f.startsWith("node/"))
    assert.isAbove(js.length, 10)
    const dts = new Set(filesUnder(dist, ".d.ts"))
    assert.deepStrictEqual(js.filter((f) => !dts.has(f.replace(/\.js$/, ".d.ts"))), [])
  })

  it("refuse imports of internal modules, by any path", () => {
    const dist = join(all.dir(p.key), "dist")
    const internal = filesUnder(dist, ".js").filter((f) => f.includes("internal/"))
    assert.isNotEmpty(internal, "the package has internal modules")
    const publicNames = new Set(specifiers(p))
    const tried = internal.flatMap((file) => {
      const base = file.replace(/\.js$/, "")
      const inside = base.slice(base.indexOf("internal/"))
      const byName = `${p.name}/${base.split("/").pop()!}` // an internal module's name as if it were a subpath
      return [`${p.name}/dist/${file}`, `${p.name}/src/${base}.ts`, `${p.name}/${inside}`, `${p.name}/${inside}.js`, ...(publicNames.has(byName) ? [] : [byName])]
    })
    const out = runInApp(all, `internal-${p.key}.mjs`, `
      const resolved = []
      for (const s of ${JSON.stringify([...new Set(tried)])}) {
        try { import.meta.resolve(s); resolved.push(s) } catch {}
      }
      // the control: every public subpath resolves
      const refused = []
      for (const s of ${JSON.stringify(specifiers(p))}) {
        try { import.meta.resolve(s) } catch { refused.push(s) }
      }
      console.log(JSON.stringify({ resolved, refused }))`) as { resolved: Array<string>; refused: Array<string> }
    assert.deepStrictEqual(out, { resolved: [], refused: [] })
  })

  it("import only packages the tarball declares, and declare only what it imports", () => {
    const m = installedManifest(all, p)
    const imported = [...importedPackages(join(all.dir(p.key), "dist")).keys()].filter((name) => name !== p.name).sort()
    const declares = [...declared(p)].sort()
    // the React adapter renders into the app's react-dom, which it names as a peer without importing it
    const unimportedPeers = p.key === "react" ? ["react-dom"] : []
    assert.deepStrictEqual(imported, declares.filter((name) => !unimportedPeers.includes(name)))
    assert.deepStrictEqual([...Object.keys(m.dependencies ?? {}), ...Object.keys(m.peerDependencies ?? {})].sort(), declares)
  })
})

describe("the SDK installed alone", () => {
  it("declares exactly what its code runs: effect as a peer, no emulator or React library", () => {
    const m = installedManifest(alone, pkg("sdk"))
    assert.deepStrictEqual(Object.keys(m.peerDependencies ?? {}), ["effect"])
    const imported = [...importedPackages(join(alone.dir("sdk"), "dist")).keys()].sort()
    assert.deepStrictEqual(imported, [...Object.keys(m.dependencies ?? {}), "effect"].sort())
    assert.deepStrictEqual(Object.keys(m.dependencies ?? {}).filter((name) => notTheSdks.includes(name)), [])
    assert.deepStrictEqual(imported.filter((name) => notTheSdks.includes(name)), [])
    // the app holds the SDK, what it declares, and Node's types: nothing of the emulator or React
    assert.deepStrictEqual([...alone.linked], [...Object.keys(m.dependencies ?? {}), "effect", "@types/node"].sort())
    assert.deepStrictEqual(alone.packages.map((p) => p.key), ["sdk"])
  })

  it("resolves every entry and loads every module with only its declared packages beside it", () => {
    const dist = join(alone.dir("sdk"), "dist")
    const files = filesUnder(dist, ".js").map((f) => join(dist, f))
    const out = runInApp(alone, "alone.mjs", `
      const failures = []
      for (const s of ${JSON.stringify([...specifiers(pkg("sdk")), ...files])}) {
        try { await import(s) } catch (error) { failures.push(s + ": " + error.message.split("\\n")[0]) }
      }
      console.log(JSON.stringify({ failures }))`) as { failures: Array<string> }
    assert.deepStrictEqual(out.failures, [])
    assert.isAbove(files.length, 100)
  })

  it("the import check sees a package imported without being declared", () => {
    const out = runInApp(alone, "undeclared.mjs", `
      try { await import("react"); console.log(JSON.stringify("resolved")) } catch (error) { console.log(JSON.stringify(error.code)) }`)
    assert.strictEqual(out, "ERR_MODULE_NOT_FOUND")
  })

  it("React and the emulator name it as a peer at the version released with them", () => {
    const sdk = manifest(pkg("sdk"))
    for (const key of ["react", "emulator"] as const) {
      assert.strictEqual(manifest(pkg(key)).peerDependencies?.["stack-auth-effect"], sdk.version, key)
      assert.strictEqual(manifest(pkg(key)).version, sdk.version, key)
    }
  })
})

/** The SDK files a Node process loads: paths inside node_modules/stack-auth-effect/. */
const loadHook = (watched: string) => `
  import { registerHooks } from "node:module"
  const loaded = new Set()
  registerHooks({ resolve: (specifier, context, next) => {
    const result = next(specifier, context)
    if (result.url.includes(${JSON.stringify(watched)})) loaded.add(result.url.split(${JSON.stringify(watched)})[1])
    return result
  } })`

describe("on Node", () => {
  it("loads only the SDK's Node bundle, whichever entries of the three packages an app imports", () => {
    const all3 = packages.flatMap(specifiers)
    const out = runInApp(all, "loaded.mjs", `${loadHook("/node_modules/stack-auth-effect/")}
      for (const s of ${JSON.stringify(all3)}) await import(s)
      console.log(JSON.stringify([...loaded].sort()))`) as Array<string>
    assert.isAbove(out.length, 60)
    assert.deepStrictEqual(out.filter((file) => !file.startsWith("dist/node/")), [])
  })

  it("React and the emulator load their own dist/ and reach the SDK through its name only", () => {
    for (const key of ["react", "emulator"] as const) {
      const p = pkg(key)
      const out = runInApp(all, `loaded-${key}.mjs`, `${loadHook(`/node_modules/${p.name}/`)}
        for (const s of ${JSON.stringify(specifiers(p))}) await import(s)
        console.log(JSON.stringify([...loaded].sort()))`) as Array<string>
      assert.isAbove(out.length, 5, key)
      assert.deepStrictEqual(out.filter((file) => !file.startsWith("dist/") || file.startsWith("dist/node/")), [], key)
      const dist = join(all.dir(key), "dist")
      const pathsIntoTheSdk = filesUnder(dist, ".js").filter((f) =>
        /from\s*["'](?:[./]*\/(?:sdk|packages)\/|stack-auth-effect\/(?:dist|src)\/)/.test(readFileSync(join(dist, f), "utf8"))
      )
      assert.deepStrictEqual(pathsIntoTheSdk, [], key)
      assert.isTrue(importedPackages(dist).has("stack-auth-effect"), key)
    }
  })

  it("bundles each SDK module into one Node file only (the subpaths import the root's modules from it)", () => {
    const dir = join(all.dir("sdk"), "dist/node/")
    const holders = new Map<string, Array<string>>()
    for (const file of filesUnder(dir, ".js")) {
      for (const [, source] of readFileSync(dir + file, "utf8").matchAll(/^\/\/ (src\/\S+\.tsx?)$/gm)) {
        holders.set(source!, [...new Set([...(holders.get(source!) ?? []), file])])
      }
    }
    assert.isAbove(holders.size, 80)
    assert.deepStrictEqual([...holders].filter(([, files]) => files.length > 1), [])
  })

  it("gives every SDK subpath the very values of the root barrel", () => {
    const out = runInApp(all, "identity.mjs", `
      const root = await import("stack-auth-effect")
      const mismatches = []
      let compared = 0
      for (const m of ${JSON.stringify(modules(pkg("sdk")))}) {
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

/**
 * A Node process that imports every dependency first (their own start-up is theirs), then watches
 * the globals an import could touch while it imports each of our modules.
 */
const watchedImport = (dependencies: ReadonlyArray<string>, files: ReadonlyArray<string>) => `
  for (const dep of ${JSON.stringify(dependencies)}) await import(dep)
  const events = []
  // only what our packages' code does counts (Node's loader reads the environment too)
  const ours = () => /\\/node_modules\\/(?:stack-auth-effect|@stack-auth-effect\\/[^/]+)\\//.test(new Error().stack ?? "")
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

/** The packages every installed package declares, and the entries of them our modules import. */
const dependencies = [
  ...new Set([...packages.flatMap(declared).filter((name) => !packages.some((p) => p.name === name)), "react/jsx-runtime"])
]

describe("at import", () => {
  it.each(packages.map((p) => [p.name, p] as const))("%s runs nothing observable in any module (sideEffects: false is true)", (_, p) => {
    const dist = join(all.dir(p.key), "dist")
    const files = filesUnder(dist, ".js").filter((f) => !f.startsWith("node/")).map((f) => join(dist, f))
    const out = runInApp(all, `watched-${p.key}.mjs`, watchedImport(dependencies, files)) as { imported: number; failures: Array<string> }
    assert.deepStrictEqual(out.failures, [])
    assert.strictEqual(out.imported, files.length)
  })

  it("runs nothing observable when Node loads the SDK's bundle and every entry of the three packages", () => {
    const out = runInApp(all, "watched-node.mjs", watchedImport(dependencies, packages.flatMap(specifiers))) as { failures: Array<string> }
    assert.deepStrictEqual(out.failures, [])
  })

  it("the watch sees a module that runs something at import", () => {
    const file = all.write("node_modules/@stack-auth-effect/probe/side-effect.js", "setTimeout(() => {}, 0)\nexport {}\n")
    const out = runInApp(all, "watched-probe.mjs", watchedImport([], [file])) as { failures: Array<string> }
    assert.strictEqual(out.failures.length, 1)
    assert.include(out.failures[0], "setTimeout")
  })
})
