/**
 * The public testing entry, `stack-auth-effect/testing` (SPEC §7): the in-memory emulator of the
 * service, its Layers (in-process, no socket; or served on loopback) and its building blocks.
 *
 * @since 0.1.0
 * @module
 */

/** The emulator service and its Layers (`layer`, `layerInProcess`, `layerWith`). SPEC §7 */
export * as Emulator from "../emulator/Emulator.ts"
/** Serving the emulator over HTTP on loopback (`serve`, `layer`). SPEC §7 */
export * as EmulatorServer from "../emulator/Server.ts"
/** The emulator's state model and transactions. SPEC §3 */
export * as EmulatorState from "../emulator/EmulatorState.ts"
/** Fault constructors (`rateLimited`, `serverError`, `infiniteLoop`, `delay`, `drop`). SPEC §8 */
export * as Faults from "../emulator/Faults.ts"
/** Mail helpers (`codeOf`, `mailboxName`). SPEC §7 */
export * as Mail from "../emulator/Mail.ts"
/** The emulator's log of the requests it answered (secrets redacted): list, filter, count, clear. SPEC §7 */
export * as RequestLog from "../emulator/RequestLog.ts"
/** The seeded projects (`demoProject`, `internalProject`). SPEC §3 */
export * as Seeds from "../emulator/Seeds.ts"
/** Users of the emulator (`create`, `update`, `remove`), for test setup. SPEC §3 */
export * as Users from "../emulator/Users.ts"
/** The router, for adding routes (`Router.get`, `Router.post`, ...). SPEC §7 */
export * as Router from "../emulator/Router.ts"
/** The emulator's command (`stack-auth-effect emulator`). SPEC §7 */
export * as Cli from "../emulator/Cli.ts"

/** Ready-made client/server/admin app Layers on the emulator's demo project. */
export * as TestApps from "./TestApps.ts"
