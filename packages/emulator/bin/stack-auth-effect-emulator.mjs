#!/usr/bin/env node
// npx @stack-auth-effect/emulator [--port 8102] [--host 127.0.0.1] [--mailbox-port 8105] [--import state.json] [--export-on-exit state.json]
// The package's own Cli module, by its name: installed, the build (dist/); in the repository's
// workspace (`npm run emulator`: tsx with the `@stack-auth-effect/source` condition), the sources.
const cli = await import("@stack-auth-effect/emulator/Cli")
process.exit(await cli.main(process.argv.slice(2)))
