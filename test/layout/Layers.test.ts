/**
 * The layout of the three packages, read from their source files (no build, nothing loaded):
 * the SDK's floors (no upward import, no circle between files or folders), browser and Node
 * globals named only in `platform/`, the SDK unaware of React and the emulator, packages importing
 * each other by name and never another's `internal/`, no package source reaching into test/,
 * examples/ or scripts/, no export name repeated across the entries, and no React or emulator file
 * named like an SDK file. Each rule is also run on a planted violation, so it is seen to fail.
 */
import { assert, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fromRoot } from "../../scripts/entries.ts"
import * as Layout from "./layout.ts"

const sourceFiles = (): Layout.Files => {
  const files = new Map<string, string>()
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) files.set(relative(fromRoot("."), path).split("\\").join("/"), readFileSync(path, "utf8"))
    }
  }
  for (const key of Object.keys(Layout.packageNames)) walk(fromRoot(`packages/${key}/src`))
  return files
}

const files = sourceFiles()

/** The workspace's files with some replaced or added. */
const planted = (changes: Record<string, string>): Layout.Files => new Map([...files, ...Object.entries(changes)])

const sdk = (path: string) => `packages/sdk/src/${path}`
const text = (path: string) => files.get(path)!

describe("the workspace's layout", () => {
  it("reads every package's sources", () => {
    for (const path of [sdk("api/Auth.ts"), sdk("platform/Navigation.ts"), "packages/react/src/index.ts", "packages/emulator/src/testing.ts"]) {
      assert.isTrue(files.has(path), path)
    }
    assert.isAbove(Layout.imports(files).length, 1000)
  })

  it("has no upward import, no circle, no import into another package or its internal/, nothing from test/, examples/ or scripts/", () => {
    assert.deepStrictEqual(Layout.importViolations(files), [])
  })

  it("names window, document, navigator, location, storage and Node modules only in the SDK's platform/", () => {
    assert.deepStrictEqual(Layout.globalViolations(files), [])
  })

  it("exports no name from two entries for two different things", () => {
    assert.deepStrictEqual(Layout.nameCollisions(files), [])
  })

  it("names no React or emulator file like an SDK file", () => {
    assert.deepStrictEqual(Layout.fileNameCollisions(files), [])
  })
})

describe("each rule fails on a planted violation", () => {
  const importing = (from: string, specifier: string) => planted({ [from]: `${text(from)}\nimport "${specifier}"\n` })

  it("an upward import (api/ importing apps/)", () => {
    const problems = Layout.importViolations(importing(sdk("api/Users.ts"), "../apps/StackClientApp.ts"))
    assert.isTrue(problems.some((p) => p.includes("api/Users.ts") && p.includes("upward")), problems.join("\n"))
  })

  it("a type-only import counts (session/ naming a type of api/)", () => {
    const from = sdk("session/Session.ts")
    const problems = Layout.importViolations(planted({ [from]: `${text(from)}\nimport type { CurrentUser } from "../api/Users.ts"\n` }))
    assert.isTrue(problems.some((p) => p.includes("session/Session.ts") && p.includes("upward")), problems.join("\n"))
  })

  it("platform/ imported below apps/, and platform/ standing on api/", () => {
    assert.isTrue(Layout.importViolations(importing(sdk("api/OAuth.ts"), "../platform/Navigation.ts")).some((p) => p.includes("only apps/")))
    assert.isTrue(Layout.importViolations(importing(sdk("platform/Navigation.ts"), "../api/Users.ts")).some((p) => p.includes("stands on session/")))
  })

  it("a folder that is on no floor", () => {
    const problems = Layout.importViolations(planted({ [sdk("extras/Thing.ts")]: `import * as Auth from "../api/Auth.ts"\n` }))
    assert.isTrue(problems.some((p) => p.includes("extras/ is on no floor")), problems.join("\n"))
  })

  it("a circle between two files of one folder, and one between folders", () => {
    const a = sdk("transport/Limits.ts")
    const fileCircle = Layout.importViolations(importing(a, "./StackHttp.ts"))
    assert.isTrue(fileCircle.some((p) => p.startsWith("a circle between files") && p.includes(a)), fileCircle.join("\n"))
    const circles = Layout.circles(new Map([["api", new Set(["apps"])], ["apps", new Set(["cache"])], ["cache", new Set(["api"])]]))
    assert.deepStrictEqual(circles, [["api", "apps", "cache"]])
  })

  it("another package's internal/ module, by name or by path", () => {
    const from = "packages/react/src/hooks.ts"
    const byName = Layout.importViolations(importing(from, "stack-auth-effect/internal/Traced"))
    assert.isTrue(byName.some((p) => p.includes("internal/ module")), byName.join("\n"))
    const byPath = Layout.importViolations(importing(from, "../../sdk/src/transport/internal/Traced.ts"))
    assert.isTrue(byPath.some((p) => p.includes("relative path into packages/sdk") && p.includes("internal/")), byPath.join("\n"))
  })

  it("the SDK importing React or the emulator, by name or by path", () => {
    const from = sdk("apps/StackClientApp.ts")
    assert.isTrue(Layout.importViolations(importing(from, "@stack-auth-effect/react")).some((p) => p.includes("must not know the react")))
    assert.isTrue(Layout.importViolations(importing(from, "../../../emulator/src/Emulator.ts")).some((p) => p.includes("relative path into packages/emulator")))
  })

  it("React or the emulator importing the SDK by a relative path", () => {
    const problems = Layout.importViolations(importing("packages/emulator/src/TestApps.ts", "../../sdk/src/api/Users.ts"))
    assert.isTrue(problems.some((p) => p.includes("relative path into packages/sdk")), problems.join("\n"))
  })

  it("a package importing itself by name", () => {
    const problems = Layout.importViolations(importing(sdk("api/Users.ts"), "stack-auth-effect/Session"))
    assert.isTrue(problems.some((p) => p.includes("its own package by name")), problems.join("\n"))
  })

  it("a package source importing test/, examples/ or scripts/", () => {
    for (const [from, specifier] of [
      [sdk("api/Users.ts"), "../../../../test/support/Capture.ts"],
      ["packages/react/src/hooks.ts", "../../../examples/readme.ts"],
      ["packages/emulator/src/Cli.ts", "../../../scripts/entries.ts"]
    ] as const) {
      const problems = Layout.importViolations(importing(from, specifier))
      assert.isTrue(problems.some((p) => p.includes(from) && p.includes("outside the package's src/")), problems.join("\n"))
    }
  })

  it("a global or a Node module named outside platform/; comments, strings and member names do not count", () => {
    const from = sdk("transport/StackHttp.ts")
    const named = (code: string) => Layout.globalViolations(planted({ [from]: `${text(from)}\n${code}\n` })).map((p) => p.replace(/:\d+ .*$/, ""))
    assert.deepStrictEqual(named("export const a = () => typeof window"), [`${from} names window`])
    assert.deepStrictEqual(named("export const b = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine"), [`${from} names navigator`])
    assert.deepStrictEqual(named(`export const c = () => globalThis["sessionStorage"]`), [`${from} names sessionStorage`])
    assert.deepStrictEqual(named("export const d = (document: { cookie: string }) => document.cookie"), [`${from} names document`, `${from} names document`])
    assert.deepStrictEqual(named(`// the window of freshness\nexport const e = (r: { location: string; headers: Headers }) => r.location + r.headers.get("location")`), [])
    const node = Layout.importViolations(importing(sdk("session/TokenStore.ts"), "node:http"))
    assert.isTrue(node.some((p) => p.includes("a Node module outside platform/")), node.join("\n"))
    const inPlatform = Layout.importViolations(importing(sdk("platform/CookieStorage.ts"), "node:http"))
    assert.isFalse(inPlatform.some((p) => p.includes("node:http")), inPlatform.join("\n"))
  })

  it("an export name repeated across entries, unless both entries export the same thing", () => {
    const barrel = "packages/emulator/src/index.ts"
    const problems = Layout.nameCollisions(planted({ [barrel]: `${text(barrel)}\nexport const Users = 1\n` }))
    assert.isTrue(problems.some((p) => p.startsWith("Users is exported by stack-auth-effect")), problems.join("\n"))
    // "." and "./testing" of the emulator both export the Emulator module: one thing, no collision
    assert.strictEqual(Layout.exportedNames(files, barrel).get("Emulator"), Layout.exportedNames(files, "packages/emulator/src/testing.ts").get("Emulator"))
    // names reached through `export *` count too
    const react = "packages/react/src/index.ts"
    const viaStar = Layout.nameCollisions(planted({ [react]: `${text(react)}\nexport * from "./clash.ts"\n`, "packages/react/src/clash.ts": "export type Session = 1\n" }))
    assert.isTrue(viaStar.some((p) => p.startsWith("Session is exported by")), viaStar.join("\n"))
  })

  it("a React or emulator file named like an SDK file", () => {
    const problems = Layout.fileNameCollisions(planted({ "packages/react/src/components/Users.tsx": "export {}\n" }))
    assert.deepStrictEqual(problems, ["packages/react/src/components/Users.tsx has the name of packages/sdk/src/api/Users.ts"])
  })
})
