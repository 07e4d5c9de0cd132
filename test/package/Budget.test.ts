/**
 * The README's browser flow, bundled from the installed tarball by esbuild the way an app does
 * (every module by its subpath, the style README shows), stays within its byte budget and keeps
 * only the known-error classes its calls declare. Sizes are deterministic for fixed versions of
 * esbuild and effect; BENCHMARKS.md has the figures and where the bytes go.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import * as Flow from "../../scripts/flow.ts"
import { install } from "../../scripts/installed.ts"

// the SDK alone, as a browser app installs it
const installed = install({ packages: ["sdk"] })
afterAll(() => installed.remove())

/**
 * esbuild, min+gzip -9, of bench/bundle/installed/subpaths.ts against the installed package. A guard
 * against growth, not the target (#14 asks ≤ 44 KiB): 49.5 KiB (50,656 B) measured on 2026-11-26
 * (the official SDK's same flow: 52.1 KiB); BENCHMARKS.md says where the bytes go and why 44 is
 * not met.
 */
const budgetBytes = 50 * 1024

describe("the installed browser flow", () => {
  it(`weighs at most ${budgetBytes / 1024} KiB min+gzip with esbuild, imported by subpaths`, async () => {
    const bundle = await Flow.esbuild(installed.app, Flow.writeFlow(installed, "subpaths"))
    assert.isAtMost(bundle.gzip, budgetBytes, `${(bundle.gzip / 1024).toFixed(1)} KiB`)
    assert.isAbove(bundle.gzip, 10 * 1024) // the flow really bundled
  })

  it("keeps at most 20 of the 110 known-error classes (those the flow's calls declare)", async () => {
    const bundle = await Flow.esbuild(installed.app, Flow.writeFlow(installed, "subpaths"))
    const kept = Flow.survivingClasses(bundle)
    assert.isAtMost(kept.length, 20, kept.join(", "))
    assert.include(kept, "EmailPasswordMismatch") // sign-in declares it: the count sees the classes
  })

  it("the class count sees a class in a bundle", () => {
    const code = `class x extends TaggedError()("EmailPasswordMismatch",{code:y}){}`
    assert.deepStrictEqual(Flow.survivingClasses({ minified: 0, gzip: 0, code }), ["EmailPasswordMismatch"])
  })
})
