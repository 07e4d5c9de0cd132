import { defineConfig } from "tsup"

/** The package's entry points: the root barrel, `/react` and `/testing` (bench/coldImport.ts builds the same layout). */
export const entry = {
  index: "src/index.ts",
  "react/index": "react/index.ts",
  "testing/index": "src/testing/index.ts"
}

/** Never bundled: the peer dependencies (dependencies are external too, as tsup does by default). */
export const external = ["effect", "react", "react-dom"]

export default defineConfig({
  entry,
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  splitting: true,
  target: "es2022",
  external
})
