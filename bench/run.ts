/**
 * `npm run bench [-- part ...] [-- --quick]`: runs the benchmark parts, each compiled to plain
 * JavaScript and run in its own `node --expose-gc` process (no TypeScript loader, no source maps,
 * nothing shared between parts), then writes every part's figures and the machine and versions to
 * bench/results/latest.md. Parts: bundle, calls, cpu, heap, refresh, cache, import, requestAuth, runtime, serverAuth.
 */
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { cpus, totalmem } from "node:os"
import { fileURLToPath } from "node:url"
import { compile } from "./support/compile.ts"

const parts = {
  bundle: "bundle.ts",
  calls: "calls.ts",
  cpu: "cpu.ts",
  heap: "heap.ts",
  refresh: "refresh.ts",
  cache: "cache.ts",
  import: "coldImport.ts",
  requestAuth: "requestAuth.ts",
  runtime: "runtime.ts",
  serverAuth: "serverAuth.ts"
} as const
type Part = keyof typeof parts

/** Fewer rounds and calls: to check the harness, not to publish. */
const quickArgs: Record<Part, ReadonlyArray<string>> = {
  bundle: [],
  calls: ["--rounds", "3", "--block", "100", "--batches", "2"],
  cpu: ["--rounds", "3", "--block", "200"],
  heap: ["--calls", "2000", "--runs", "1"],
  refresh: [],
  cache: ["--seconds", "1"],
  import: ["--spawns", "5"],
  requestAuth: ["--rounds", "3", "--block", "100"],
  runtime: ["--processes", "1", "--blocks", "3"],
  serverAuth: ["--rounds", "3", "--block", "100"]
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const args = process.argv.slice(2)
const quick = args.includes("--quick")
const chosen = args.filter((a): a is Part => a in parts)
const unknown = args.filter((a) => !a.startsWith("--") && !(a in parts))
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(", ")}; parts: ${Object.keys(parts).join(", ")}`)
  process.exit(2)
}
const selected: ReadonlyArray<Part> = chosen.length > 0 ? chosen : (Object.keys(parts) as Array<Part>)

const version = (pkg: string) =>
  (JSON.parse(readFileSync(here(`../node_modules/${pkg}/package.json`), "utf8")) as { version: string }).version

const environment = [
  "### Machine and versions",
  "",
  `- CPU: ${cpus().length} × ${cpus()[0]?.model ?? "unknown"}; memory ${(totalmem() / 2 ** 30).toFixed(0)} GiB; ${process.platform} ${process.arch}`,
  `- Node ${process.version} (the pinned \`node\` devDependency), run as \`node --expose-gc\` on compiled JavaScript`,
  `- stack-auth-effect ${JSON.parse(readFileSync(here("../packages/sdk/package.json"), "utf8")).version} (this checkout), effect ${version("effect")}`,
  `- @stackframe/js ${version("@stackframe/js")} (official SDK), esbuild ${version("esbuild")}`,
  `- run at ${new Date().toISOString()}${quick ? " (--quick: not for publishing)" : ""}`
].join("\n")

console.log(`${environment}\n`)
writeFileSync(here("results/environment.md"), `${environment}\n`)
// the parts that measure the installed package pack dist/: build it first
if (selected.some((part) => part === "bundle" || part === "import")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" })
  if (build.status !== 0) process.exit(1)
}
let failures = 0
for (const part of selected) {
  console.log(`\n## ${part}\n`)
  const file = await compile(here(parts[part]), part)
  const result = spawnSync(process.execPath, ["--expose-gc", file, ...(quick ? quickArgs[part] : [])], {
    stdio: "inherit",
    timeout: 15 * 60_000
  })
  if (result.status !== 0) failures++
}

// every part's latest figures, each with the time it was measured
const sections = [environment]
for (const part of Object.keys(parts) as Array<Part>) {
  const md = here(`results/${part}.md`)
  if (!existsSync(md)) continue
  const at = (JSON.parse(readFileSync(here(`results/${part}.json`), "utf8")) as { at: string }).at
  sections.push(`## ${part} (measured ${at})\n\n${readFileSync(md, "utf8")}`)
}
writeFileSync(here("results/latest.md"), `${sections.join("\n\n")}\n`)
console.log(`\nwritten: bench/results/latest.md${failures > 0 ? ` (${failures} part(s) failed)` : ""}`)
process.exit(failures === 0 ? 0 : 1)
