/**
 * The example app's Vite config: React, and the package's entry points (`stack-auth-effect`,
 * `@stack-auth-effect/react`) resolved to this repository's sources, so the example uses only the
 * public API. `npm start` (examples/start.ts) runs it with the emulator's demo project.
 */
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"
import { fromRoot, packages, sources } from "../../scripts/entries.ts"

const root = fileURLToPath(new URL("../..", import.meta.url))

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: packages.flatMap(sources).map(({ source, specifier }) => ({
      find: new RegExp(`^${specifier.replace(/[/]/g, "\\/")}$`),
      replacement: fromRoot(source)
    }))
  },
  server: { port: 5173, strictPort: false, fs: { allow: [root] } },
  // the example may run offline on a fresh machine: no network, no telemetry
  clearScreen: false
})
