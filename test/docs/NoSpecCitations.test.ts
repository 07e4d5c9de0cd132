/**
 * Docs in words: no "SPEC §n" in what users read. Every TSDoc under packages/x/src ships in the
 * `.d.ts` files and so in every hover, and users do not have the spec: a doc names the endpoint
 * (`GET /users/me`) or says the rule in words. The same holds for the READMEs and, once built,
 * for the declaration files of every package's dist/.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fromRoot, packages } from "../../scripts/entries.ts"

/** A citation of a spec section, also when a comment's line break splits it (`SPEC\n * §4`). */
const citation = /\bSPEC\b[\s*/]*§/

const filesUnder = (dir: string, keep: (name: string) => boolean): ReadonlyArray<string> =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && keep(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
    : []

/** `file:line: text` of every citation in the files. */
const citationsIn = (files: ReadonlyArray<string>): ReadonlyArray<string> =>
  files.flatMap((file) => {
    const text = readFileSync(file, "utf8")
    if (!citation.test(text)) return []
    const lines = text.split("\n")
    return lines.flatMap((line, i) =>
      citation.test(line) || (citation.test(line + "\n" + (lines[i + 1] ?? "")) && !citation.test(lines[i + 1] ?? ""))
        ? [`${relative(fromRoot("."), file)}:${i + 1}: ${line.trim()}`]
        : []
    )
  })

const sourceFiles = packages.flatMap((p) => filesUnder(fromRoot(join(p.dir, "src")), (name) => /\.(ts|tsx|css|md)$/.test(name)))

describe("docs in words", () => {
  it("the pattern finds a citation, also one split by a line break, and nothing else", () => {
    assert.isTrue(citation.test("/** The current user. SPEC §7 `GET /users/me` */"))
    assert.isTrue(citation.test(" * The profile (SPEC\n * §3 User)."))
    assert.isFalse(citation.test("/** The current user. `GET /users/me` */"))
    assert.isFalse(citation.test("RFC 9110 §10.2.3"))
  })

  it("no source file of any package cites a spec section", () => {
    assert.isAbove(sourceFiles.length, 200) // the scan sees the packages' sources
    assert.deepStrictEqual(citationsIn(sourceFiles), [])
  })

  it("no README cites a spec section", () => {
    const readmes = [fromRoot("README.md"), ...packages.map((p) => fromRoot(join(p.dir, "README.md")))].filter((f) => existsSync(f))
    assert.isAbove(readmes.length, 0)
    assert.deepStrictEqual(citationsIn(readmes), [])
  })

  it("no built declaration file cites a spec section", () => {
    const declarations = packages.flatMap((p) => filesUnder(fromRoot(join(p.dir, "dist")), (name) => name.endsWith(".d.ts")))
    // dist/ exists once `npm run build` ran (`npm test` builds first); the sources are checked above either way
    assert.deepStrictEqual(citationsIn(declarations), [])
  })
})
