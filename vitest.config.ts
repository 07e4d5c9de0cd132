import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: "node", include: ["test/**/*.test.{ts,tsx}"], exclude: ["test/react/**"] }
      },
      {
        extends: true,
        test: { name: "react", include: ["test/react/**/*.test.{ts,tsx}"], environment: "happy-dom" }
      }
    ]
  }
})
