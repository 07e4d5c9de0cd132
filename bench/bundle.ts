/**
 * Browser bundle sizes (esbuild, ESM, browser, minified, gzip -9) of the probe programs in
 * bench/bundle/, side by side with the official SDK, and where the bytes go (esbuild metafile).
 *
 * Run: `npm run bench -- bundle` (or `npm exec -- tsx bench/bundle.ts [probe-name-filter...]`).
 */
import { build, type Metafile } from "esbuild"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { fromRoot, root } from "./support/paths.ts"
import { report } from "./support/report.ts"
import { kib, table } from "./support/stats.ts"

const dir = fromRoot("bench/bundle/")
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"))

/** One probe, built like a browser app bundles it. */
export interface Measured {
  readonly minified: number
  readonly gzip: number
  readonly code: string
  readonly metafile: Metafile
}

/** Builds and measures one entry. */
export const measure = async (entry: string): Promise<Measured> => {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: root
  })
  const contents = result.outputFiles[0]!.contents
  return {
    minified: contents.byteLength,
    gzip: gzipSync(contents, { level: 9 }).byteLength,
    code: new TextDecoder().decode(contents),
    metafile: result.metafile
  }
}

/**
 * The same entry through rolldown (Vite 8's bundler), minified, gzip -9: a second opinion, since
 * bundlers differ on what they drop (esbuild keeps every member of a namespace re-exported by a
 * barrel, rolldown does not).
 */
const measureRolldown = async (entry: string): Promise<number | undefined> => {
  try {
    const { rolldown } = await import("rolldown")
    const bundle = await rolldown({ input: entry, platform: "browser", logLevel: "silent", cwd: root })
    const { output } = await bundle.generate({ format: "esm", minify: true })
    await bundle.close()
    return gzipSync(output[0].code, { level: 9 }).byteLength
  } catch {
    return undefined
  }
}

/** The parts of a bundle, by the file each byte comes from. */
export const partOf = (file: string): string => {
  if (file.includes("node_modules/effect/")) return "Effect"
  if (file.includes("node_modules/@stackframe/")) return "official SDK"
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (pkg !== null) return `dependency: ${pkg[1]}`
  if (/src\/protocol\/(KnownErrors?|KnownErrorCodes)\.ts$|src\/transport\/TransportErrors\.ts$/.test(file)) return "errors"
  if (file.startsWith("src/transport/") || file.startsWith("src/protocol/")) {
    return file.startsWith("src/protocol/schemas/") ? "api (calls, wire schemas)" : "core (transport, protocol)"
  }
  if (file.startsWith("src/session/")) return "session"
  if (file.startsWith("src/apps/")) return "apps"
  if (file.startsWith("src/api/") || file.startsWith("src/handler/") || file.startsWith("src/cache/")) return "api (calls, wire schemas)"
  if (file.startsWith("src/")) return `other: ${file}`
  return "the probe itself"
}

const inputsOf = (m: Measured) => Object.values(m.metafile.outputs)[0]!.inputs

/** Bytes per part, largest first. */
const parts = (m: Measured) => {
  const sums = new Map<string, number>()
  for (const [file, { bytesInOutput }] of Object.entries(inputsOf(m))) {
    sums.set(partOf(file), (sums.get(partOf(file)) ?? 0) + bytesInOutput)
  }
  return [...sums].sort((a, b) => b[1] - a[1])
}

/** Bytes per file under `prefix`, largest first. */
const files = (m: Measured, test: (file: string) => boolean) =>
  Object.entries(inputsOf(m))
    .filter(([file, info]) => test(file) && info.bytesInOutput > 0)
    .map(([file, info]) => [file.replace("node_modules/effect/dist/", "effect/"), info.bytesInOutput] as const)
    .sort((a, b) => b[1] - a[1])

// ----- the known-error catalogue: which of its classes made it into a bundle -----

const catalogue = [...readFileSync(join(root, "src/protocol/KnownErrors.ts"), "utf8").matchAll(/^export class (\w+)/gm)]
  .map((m) => m[1]!)
// a class survives as its `TaggedError()("Name", { ...fields })` call
const classesIn = (m: Measured) => catalogue.filter((name) => m.code.includes(`"${name}",{`))

// ----- run -----

const probes = readdirSync(dir).filter((f) => /\.tsx?$/.test(f)).sort()
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
const measured = new Map<string, Measured>()
const failed = new Map<string, string>()
for (const file of probes) {
  try {
    measured.set(file, await measure(join(dir, file)))
  } catch (error) {
    failed.set(file, String((error as { errors?: Array<{ text: string }> }).errors?.[0]?.text ?? error).split("\n")[0]!)
  }
}

const sections: Array<string> = []
const gz = (name: string) => measured.get(name)?.gzip

sections.push(
  "### Probes",
  "",
  table(["probe", "min KiB", "min+gzip KiB", "known-error classes in the bundle"], [
    ...[...measured].map(([file, m]) => [file, kib(m.minified), kib(m.gzip), `${classesIn(m).length} of ${catalogue.length}`]),
    ...[...failed].map(([file, reason]) => [file, "–", "–", `build failed: ${reason}`])
  ])
)

const ours = measured.get("app-ours.ts")
const official = measured.get("app-official.ts")
const rolldownSizes = new Map<string, number | undefined>()
for (const name of ["app-official.ts", "app-ours.ts", "app-ours-barrel.ts"]) {
  if (measured.has(name)) rolldownSizes.set(name, await measureRolldown(join(dir, name)))
}
const rolled = (name: string) => {
  const size = rolldownSizes.get(name)
  return size === undefined ? "–" : kib(size)
}
if (ours !== undefined && official !== undefined) {
  const barrel = measured.get("app-ours-barrel.ts")
  sections.push(
    "",
    "### Sign-in + current user + sign-out app, each SDK",
    "",
    table(["SDK", "esbuild min KiB", "esbuild min+gzip KiB", "rolldown min+gzip KiB", "target (esbuild gzip)"], [
      ["@stackframe/js 2.8.39 (app-official.ts)", kib(official.minified), kib(official.gzip), rolled("app-official.ts"), "–"],
      [
        "stack-auth-effect, modules by path (app-ours.ts)",
        kib(ours.minified),
        `**${kib(ours.gzip)}**`,
        rolled("app-ours.ts"),
        `≤ 40 KiB: ${ours.gzip <= 40 * 1024 ? "met" : "missed"}`
      ],
      ...(barrel === undefined ? [] : [[
        "stack-auth-effect, through the package barrel (app-ours-barrel.ts)",
        kib(barrel.minified),
        kib(barrel.gzip),
        rolled("app-ours-barrel.ts"),
        ""
      ]]),
      ["ours (by path) ÷ official", "", (ours.gzip / official.gzip).toFixed(2), "", ""]
    ])
  )
}

for (const name of ["app-ours.ts", "pipeline.ts"]) {
  const m = measured.get(name)
  if (m === undefined) continue
  sections.push(
    "",
    `### Where the bytes of ${name} go (esbuild metafile, minified bytes; gzip shares are proportional estimates)`,
    "",
    table(["part", "min bytes", "share", "≈ gzip KiB"], parts(m).map(([part, bytes]) => [
      part,
      bytes,
      `${((bytes / m.minified) * 100).toFixed(1)}%`,
      kib((bytes / m.minified) * m.gzip)
    ]))
  )
}

// marginal cost of each layer: each probe adds one part to the previous one
const ladder = [
  ["floor-effect.ts", "Effect runtime + Context + Layer"],
  ["floor-schema.ts", "+ Schema (decode one struct)"],
  ["pipeline.ts", "+ our pipeline: config, headers, envelope, retry, known errors, typed call"],
  ["session.ts", "+ session: token store, refresh, retry with fresh token"],
  ["app-ours.ts", "+ apps, cookie store, sign-in, current user, sign-out"]
] as const
if (ladder.every(([name]) => measured.has(name))) {
  sections.push(
    "",
    "### Marginal cost, probe by probe (gzip KiB)",
    "",
    table(["probe", "adds", "gzip KiB", "Δ gzip KiB"], ladder.map(([name, adds], i) => [
      name,
      adds,
      kib(gz(name)!),
      i === 0 ? "–" : `+${kib(gz(name)! - gz(ladder[i - 1]![0])!)}`
    ]))
  )
}

const pipeline = measured.get("pipeline.ts")
if (pipeline !== undefined) {
  const ourFiles = files(pipeline, (f) => f.startsWith("src/"))
  const effectFiles = files(pipeline, (f) => f.includes("node_modules/effect/"))
  sections.push(
    "",
    "### What tree-shakes in pipeline.ts (client pipeline, one call declaring one known error)",
    "",
    `Known-error classes kept: ${classesIn(pipeline).join(", ") || "none"} (${classesIn(pipeline).length} of ${catalogue.length}).`,
    "",
    table(["our file", "min bytes"], ourFiles),
    "",
    `Effect modules kept (${effectFiles.length}), largest 15:`,
    "",
    table(["Effect module", "min bytes"], effectFiles.slice(0, 15))
  )
}

report("bundle", sections.join("\n"), {
  probes: Object.fromEntries([...measured].map(([file, m]) => [file, {
    minified: m.minified,
    gzip: m.gzip,
    parts: Object.fromEntries(parts(m)),
    knownErrorClasses: classesIn(m)
  }])),
  failed: Object.fromEntries(failed)
})
