import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import { modules } from "./scripts/entries.ts"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * `npm run test:real` (scripts/test-real.ts): the suites of test/real/ against a real service named
 * by the environment. Never part of `npm test`: their files end in `.real.ts` / `.real.tsx`.
 * One file at a time: the service is shared and compiles each route on its first request.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^stack-auth-effect\/testing$/, replacement: here("./src/testing/index.ts") },
      { find: /^stack-auth-effect\/react$/, replacement: here("./react/index.ts") },
      { find: /^stack-auth-effect$/, replacement: here("./src/index.ts") },
      ...modules().map((m) => ({ find: new RegExp(`^stack-auth-effect/${m.name}$`), replacement: here(`./${m.source}`) }))
    ]
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
