import { build, type Plugin } from "esbuild"; import { gzipSync } from "node:zlib"
const [entry, ...stubs] = process.argv.slice(2)
const plugin: Plugin = { name: "stub", setup(b) {
  for (const s of stubs) {
    const i = s.indexOf("="); const pattern = i < 0 ? s : s.slice(0, i); const contents = i < 0 ? undefined : s.slice(i + 1)
    b.onLoad({ filter: new RegExp(pattern) }, () => ({ contents: contents ?? "export {}", loader: "js" }))
  }
} }
const r = await build({ entryPoints: [entry!], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, metafile: true, logLevel: "error", absWorkingDir: "/work/main", plugins: [plugin] })
const c = r.outputFiles[0]!.contents; console.log((c.byteLength/1024).toFixed(1), (gzipSync(c,{level:9}).byteLength/1024).toFixed(1))
