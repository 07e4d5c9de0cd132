/**
 * Browser bundle sizes (ESM, browser, minified, gzip -9), led by what users get: the packed
 * package installed into a temporary app (scripts/installed.ts) and the README's flow bundled from
 * it in three import styles with esbuild and rolldown (bench/bundle/installed/, scripts/flow.ts),
 * beside the official SDK's same flow, with the known-error classes that survive. Then, as an
 * analysis aid, the probe programs of bench/bundle/ bundled from src/ by path (a ladder of layers),
 * and where the bytes go (esbuild metafile).
 *
 * Run: `npm run bench -- bundle` (or `npm exec -- tsx bench/bundle.ts [probe-name-filter...]`).
 */
import type { Metafile } from "esbuild"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import * as Flow from "../scripts/flow.ts"
import { install } from "../scripts/installed.ts"
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

/** Builds and measures one entry (esbuild, as a browser app bundles it: scripts/flow.ts). */
export const measure = async (entry: string): Promise<Measured> => {
  const bundle = await Flow.esbuild(root, entry)
  return { ...bundle, metafile: bundle.metafile! }
}

/**
 * The same entry through rolldown (Vite 8's bundler), minified, gzip -9: a second opinion, since
 * bundlers differ on what they drop (esbuild keeps every member of a namespace re-exported by a
 * barrel, rolldown does not).
 */
const measureRolldown = (entry: string): Promise<number | undefined> =>
  Flow.rolldown(root, entry).then((bundle) => bundle.gzip, () => undefined)

/** The parts of a bundle, by the file each byte comes from. */
export const partOf = (path: string): string => {
  // the installed SDK's files count as their sources; the checkout's sources by their path in the package
  const file = path.replace(/^.*node_modules\/stack-auth-effect\/dist\//, "src/").replace(/^packages\/sdk\//, "").replace(/\.js$/, ".ts")
  if (file.includes("node_modules/effect/")) return "Effect"
  if (file.includes("node_modules/@stackframe/")) return "official SDK"
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (pkg !== null) return `dependency: ${pkg[1]}`
  if (/src\/protocol\/(?:internal\/)?(KnownErrors?|KnownErrorCodes)\.ts$|src\/transport\/TransportErrors\.ts$/.test(file)) return "errors"
  if (file.startsWith("src/transport/") || file.startsWith("src/protocol/")) {
    return file.includes("/schemas/") ? "api (calls, wire schemas)" : "core (transport, protocol)"
  }
  if (file.startsWith("src/session/")) return "session"
  if (file.startsWith("src/platform/")) return "platform (cookies, navigation)"
  if (file.startsWith("src/apps/")) return "apps"
  if (["src/api/", "src/handler/", "src/cache/", "src/query/"].some((dir) => file.startsWith(dir))) return "api (calls, wire schemas)"
  if (file.startsWith("src/")) return `other: ${file}`
  return "the probe itself"
}

const inputsOf = (m: { readonly metafile: Metafile }) => Object.values(m.metafile.outputs)[0]!.inputs

/** Bytes per part, largest first. */
const parts = (m: { readonly metafile: Metafile }) => {
  const sums = new Map<string, number>()
  for (const [file, { bytesInOutput }] of Object.entries(inputsOf(m))) {
    sums.set(partOf(file), (sums.get(partOf(file)) ?? 0) + bytesInOutput)
  }
  return [...sums].sort((a, b) => b[1] - a[1])
}

/** Bytes per file under `prefix`, largest first. */
const files = (m: { readonly metafile: Metafile }, test: (file: string) => boolean) =>
  Object.entries(inputsOf(m))
    .filter(([file, info]) => test(file) && info.bytesInOutput > 0)
    .map(([file, info]) => [file.replace("node_modules/effect/dist/", "effect/"), info.bytesInOutput] as const)
    .sort((a, b) => b[1] - a[1])

// ----- the known-error catalogue: which of its classes made it into a bundle -----

const catalogue = Flow.knownErrorClasses()
// a class survives as its `TaggedError()("Name", { ...fields })` call
const classesIn = (m: Measured) => catalogue.filter((name) => m.code.includes(`"${name}",{`))

// ----- the installed package: what users get -----

const installedSections: Array<string> = []
const installedData: Record<string, unknown> = {}
if (only.length === 0 || only.includes("installed")) {
  // the three tarballs (the flow imports the SDK alone; the React probe, the adapter beside it); the
  // official SDK's probe bundles it from the checkout
  const installed = install({ alsoLink: ["@stackframe", "scheduler"] })
  try {
    const rows: Array<ReadonlyArray<string | number>> = []
    let subpaths: Flow.Bundle | undefined
    const targets: Record<Flow.Style, string> = {
      barrel: "≤ 50",
      "effect-modules": "≤ 44",
      subpaths: "≤ 44",
      official: "–"
    }
    const limit: Record<Flow.Style, number | undefined> = { barrel: 50, "effect-modules": 44, subpaths: 44, official: undefined }
    for (const style of Object.keys(Flow.styles) as Array<Flow.Style>) {
      const entry = Flow.writeFlow(installed, style)
      const e = await Flow.esbuild(installed.app, entry)
      const r = await Flow.rolldown(installed.app, entry).catch(() => undefined)
      if (style === "subpaths") subpaths = e
      const classes = style === "official" ? "–" : `${Flow.survivingClasses(e).length} / ${r === undefined ? "–" : Flow.survivingClasses(r).length}`
      const met = (size: number, max: number | undefined) => max === undefined ? "" : size <= max * 1024 ? " (met)" : " (missed)"
      rows.push([
        `${style}: ${Flow.styles[style]}`,
        kib(e.minified),
        `**${kib(e.gzip)}**${met(e.gzip, limit[style])}`,
        r === undefined ? "–" : `${kib(r.gzip)}${met(r.gzip, style === "official" ? undefined : 42)}`,
        classes,
        `esbuild ${targets[style]}${style === "official" ? "" : "; rolldown ≤ 42; classes ≤ 20"}`
      ])
      installedData[style] = {
        esbuild: { minified: e.minified, gzip: e.gzip, knownErrorClasses: Flow.survivingClasses(e) },
        rolldown: r === undefined ? null : { minified: r.minified, gzip: r.gzip, knownErrorClasses: Flow.survivingClasses(r) }
      }
    }
    installedSections.push(
      "### The installed package: the README's browser flow, as users bundle it",
      "",
      "`npm pack` of each package, the tarballs installed with `effect` into a temporary app; the flow (sign in with a password, read the current user, sign out, cookie token store) in three import styles, bundled for browsers (ESM, minified, gzip -9). Known-error classes: those of the 110-class catalogue that survive, esbuild / rolldown.",
      "",
      table(["app", "esbuild min KiB", "esbuild min+gzip KiB", "rolldown min+gzip KiB", "known-error classes kept", "targets (KiB)"], rows)
    )
    if (subpaths?.metafile !== undefined) {
      const m = { metafile: subpaths.metafile }
      const total = subpaths.minified
      installedSections.push(
        "",
        "### Where the bytes of the installed subpaths flow go (esbuild metafile, minified bytes; gzip shares are proportional estimates)",
        "",
        table(["part", "min bytes", "share", "≈ gzip KiB"], parts(m).map(([part, bytes]) => [
          part,
          bytes,
          `${((bytes / total) * 100).toFixed(1)}%`,
          kib((bytes / total) * subpaths!.gzip)
        ])),
        "",
        `Known-error classes kept: ${Flow.survivingClasses(subpaths).join(", ") || "none"}.`,
        "",
        "Our files, largest 25:",
        "",
        table(["file", "min bytes"], files(m, (f) => f.includes("node_modules/stack-auth-effect/")).slice(0, 25)
          .map(([f, b]) => [f.replace(/^.*node_modules\/stack-auth-effect\/dist\//, ""), b]))
      )
    }
    const react = Flow.writeReactProbe(installed)
    const withoutReact = await Flow.esbuild(installed.app, react, { external: ["react", "react-dom", "react/jsx-runtime", "scheduler"] })
    const withReact = await Flow.esbuild(installed.app, react, { external: [] })
    installedData.react = {
      withoutReact: { minified: withoutReact.minified, gzip: withoutReact.gzip },
      withReact: { minified: withReact.minified, gzip: withReact.gzip }
    }
    installedSections.push(
      "",
      "### The React entry: `<StackProvider><StackHandler /></StackProvider>` (bench/bundle/installed/react-handler.tsx)",
      "",
      "Every prebuilt page, account and team settings included; esbuild, browser, minified, gzip -9, production React.",
      "",
      table(["", "React left out (min / gzip)", "React included (min / gzip)"], [[
        "@stack-auth-effect/react with stack-auth-effect",
        `${withoutReact.minified} B / ${withoutReact.gzip} B`,
        `${withReact.minified} B / ${withReact.gzip} B`
      ]])
    )
  } finally {
    installed.remove()
  }
}

// ----- analysis aid: src/ bundled by path -----

const probes = readdirSync(dir).filter((f) => f !== "installed").filter((f) => /\.tsx?$/.test(f)).sort()
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

const sections: Array<string> = [
  ...installedSections,
  "",
  "## Analysis aid: src/ bundled by path",
  "",
  "Not what users get (package.json's exports do not let an app import src/): the probes of bench/bundle/ bundle src/ by path, to see what each layer costs."
]
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

// the floor of the flow: the same Effect and Schema calls as the flow's code, none of our logic
const floorFlow = measured.get("floor-flow.ts")
const appOurs = measured.get("app-ours.ts")
if (floorFlow !== undefined && appOurs !== undefined) {
  sections.push(
    "",
    "### The flow's floor: Effect and Schema with the same calls, none of our logic (floor-flow.ts)",
    "",
    table(["probe", "min+gzip KiB", "what it is"], [
      ["floor-flow.ts", kib(floorFlow.gzip), "Layer graph + ManagedRuntime, schema error classes, a struct decode, fetch with timeout, retries with jitter, a span when a tracer records, a forked fiber + Deferred, Redacted"],
      ["app-ours.ts", kib(appOurs.gzip), "the flow (src/ by path)"],
      ["difference", kib(appOurs.gzip - floorFlow.gzip), "what our code adds on top of that floor"]
    ])
  )
}

const pipeline = measured.get("pipeline.ts")
if (pipeline !== undefined) {
  const ourFiles = files(pipeline, (f) => f.startsWith("packages/sdk/src/"))
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
  failed: Object.fromEntries(failed),
  installed: installedData
})
