import { build } from "esbuild"; import { gzipSync } from "node:zlib"
const r = await build({ entryPoints: [process.argv[2]!], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, metafile: true, logLevel: "warning", absWorkingDir: "/work/main" })
const ins = Object.entries(r.metafile.outputs)[0]![1].inputs
const rows = Object.entries(ins).filter(([k]) => k.includes("node_modules/effect/")).map(([k, v]) => [k.replace("node_modules/effect/dist/", ""), v.bytesInOutput] as const).sort((a, b) => b[1] - a[1])
for (const [k, v] of rows.slice(0, 60)) console.log(String(v).padStart(7), k)
console.log(rows.length, "effect files")
