#!/usr/bin/env node
// npx @stack-auth-effect/emulator [--port 8102] [--import state.json] [--export-on-exit state.json]
// Uses the built package (dist/); in a checkout without a build, Node 24 runs the TypeScript sources.
let cli
try {
  cli = await import("../dist/Cli.js")
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("dist")) throw error
  cli = await import("../src/Cli.ts")
}
process.exit(await cli.main(process.argv.slice(2)))
