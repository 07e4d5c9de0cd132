import { defineConfig } from "vitest/config"
import { fromRoot, packages, sources } from "./scripts/entries.ts"

/**
 * `npm run test:real` (scripts/test-real.ts): the suites of test/real/ against a real service named
 * by the environment. Never part of `npm test` (vitest.config.ts leaves test/real/ out, and these
 * files end in `.real.ts`). One file at a time: the service is shared, and in development mode it
 * compiles each route on its first request.
 */
export default defineConfig({
  resolve: {
    alias: packages.flatMap(sources).map(({ source, specifier }) => ({
      find: new RegExp(`^${specifier.replace(/[/]/g, "\\/")}$`),
      replacement: fromRoot(source)
    }))
  },
  test: {
    include: ["test/real/**/*.real.{ts,tsx}"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ["default", ["json", { outputFile: ".artifacts/test-real-report.json" }]]
  }
})
