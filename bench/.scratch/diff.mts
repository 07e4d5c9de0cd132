import { build } from "esbuild"
const get = async (e: string) => { const r = await build({ entryPoints: [e], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, metafile: true, logLevel: "error", absWorkingDir: "/work/main" }); return Object.fromEntries(Object.entries(Object.entries(r.metafile.outputs)[0]![1].inputs).map(([k, v]) => [k.replace("node_modules/effect/dist/", "effect/"), v.bytesInOutput])) }
const a = await get(process.argv[2]!), b = await get(process.argv[3]!)
const keys = new Set([...Object.keys(a), ...Object.keys(b)])
const rows = [...keys].map((k) => [k, (b[k] ?? 0) - (a[k] ?? 0)] as const).filter(([, d]) => d !== 0).sort((x, y) => y[1] - x[1])
let tot = 0; for (const [k, d] of rows) { tot += d; console.log(String(d).padStart(7), k) } console.log("total", tot)
