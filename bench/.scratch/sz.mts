import { build } from "esbuild"; import { gzipSync } from "node:zlib"
const r = await build({ entryPoints: [process.argv[2]!], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, metafile: true, logLevel: "warning", absWorkingDir: "/work/main" })
const c = r.outputFiles[0]!.contents; console.log((c.byteLength/1024).toFixed(1), (gzipSync(c,{level:9}).byteLength/1024).toFixed(1))
const ins = Object.entries(r.metafile.outputs)[0]![1].inputs; const agg: Record<string, number> = {}
for (const [k,v] of Object.entries(ins)) { const m = k.match(/node_modules\/((@[^/]+\/)?[^/]+)/); const key = m ? m[1]! : k; agg[key]=(agg[key]??0)+v.bytesInOutput }
console.log(Object.entries(agg).sort((a,b)=>b[1]-a[1]).slice(0,25))
