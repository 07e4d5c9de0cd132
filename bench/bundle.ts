/**
 * Browser bundle sizes (esbuild, ESM, browser, minified, gzip -9) of small probe programs.
 * Run: `npm run bench:bundle`. Each probe lives in bench/bundle/.
 */
import { build } from "esbuild"
import { gzipSync } from "node:zlib"
import { readdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { join } from "node:path"

const dir = fileURLToPath(new URL("./bundle/", import.meta.url))
const only = process.argv.slice(2)

export const measure = async (entry: string) => {
  const result = await build({
    entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "browser",
    target: "es2022", write: false, metafile: true, logLevel: "silent"
  })
  const code = result.outputFiles[0]!.contents
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, metafile: result.metafile }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const rows: Array<string> = ["| probe | min KiB | min+gzip KiB |", "|---|---|---|"]
for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") || f.endsWith(".tsx")).sort()) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue
  const { minified, gzip } = await measure(join(dir, file))
  rows.push(`| ${file} | ${kib(minified)} | ${kib(gzip)} |`)
}
console.log(rows.join("\n"))
