/**
 * `@stack-auth-effect/emulator`: a local emulator of the Stack Auth service, in process (no socket)
 * or served over HTTP on loopback, with its command line and the building blocks tests use.
 * `@stack-auth-effect/emulator/testing` gathers what a test suite needs (`TestApps` and friends).
 *
 * @since 0.1.0
 * @module
 */

/** The emulator service and its Layers (`layer`, `layerWith`). */
export * as Emulator from "./Emulator.ts"
/** Serving the emulator over HTTP on loopback (`serve`, `layer`), with its mailbox pages. */
export * as EmulatorServer from "./EmulatorServer.ts"
/** The emulator's state model and transactions. */
export * as EmulatorState from "./EmulatorState.ts"
/** Users written straight into the emulator's state (`create`, `update`, `remove`), for seeding tests. */
export * as EmulatorUsers from "./EmulatorUsers.ts"
/** Fault constructors (`rateLimited`, `serverError`, `infiniteLoop`, `delay`, `drop`). */
export * as Faults from "./Faults.ts"
/** Mail helpers (`codeOf`, `mailboxName`). */
export * as Mail from "./Mail.ts"
/** The emulator's log of the requests it answered (secrets redacted): list, filter, count, clear. */
export * as RequestLog from "./RequestLog.ts"
/** The seeded demo project and its keys. */
export * as Seeds from "./Seeds.ts"
/** The emulator's request router. */
export * as Router from "./Router.ts"
/** The command line (`npx @stack-auth-effect/emulator`). */
export * as Cli from "./Cli.ts"
/** Client, server and admin apps wired to an in-process emulator, for tests. */
export * as TestApps from "./TestApps.ts"
