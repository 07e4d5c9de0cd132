import { defineConfig } from "vitest/config"
import { fromRoot, packages, sources } from "./scripts/entries.ts"

export default defineConfig({
  // Tests and examples import the packages by name, as users do, resolved to their sources.
  resolve: {
    alias: packages.flatMap(sources).map(({ source, specifier }) => ({
      find: new RegExp(`^${specifier.replace(/[/]/g, "\\/")}$`),
      replacement: fromRoot(source)
    }))
  },
  test: {
    // The JSON report lets .ci/run print one "N passed, N failed" line for CI.
    reporters: ["default", ["json", { outputFile: ".artifacts/vitest-report.json" }]],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: "node", include: ["test/**/*.test.{ts,tsx}"], exclude: ["test/react/**", "test/e2e/**", "test/real/**"] }
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
