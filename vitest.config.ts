import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import { modules } from "./scripts/entries.ts"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  // Examples import the package by name, as users do.
  resolve: {
    alias: [
      { find: /^stack-auth-effect\/testing$/, replacement: here("./src/testing/index.ts") },
      { find: /^stack-auth-effect\/react$/, replacement: here("./react/index.ts") },
      { find: /^stack-auth-effect$/, replacement: here("./src/index.ts") },
      // every public module's subpath (`stack-auth-effect/Auth`), as package.json's exports
      ...modules().map((m) => ({ find: new RegExp(`^stack-auth-effect/${m.name}$`), replacement: here(`./${m.source}`) }))
    ]
  },
  test: {
    // The JSON report lets .ci/run print one "N passed, N failed" line for CI.
    reporters: ["default", ["json", { outputFile: ".artifacts/vitest-report.json" }]],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: "node", include: ["test/**/*.test.{ts,tsx}"], exclude: ["test/react/**", "test/e2e/**"] }
      },
      {
        extends: true,
        test: {
          name: "react",
          include: ["test/react/**/*.test.{ts,tsx}"],
          exclude: ["test/react/**/*.e2e.test.ts"],
          environment: "happy-dom",
          setupFiles: ["test/react/setup.ts"]
        }
      },
      {
        // the example app in a real browser (playwright-core + Chromium), against the emulator over
        // HTTP: one harness (test/e2e/harness.ts), screenshots in .artifacts/e2e/
        extends: true,
        test: { name: "browser", include: ["test/e2e/**/*.test.ts"], environment: "node" }
      }
    ]
  }
})
