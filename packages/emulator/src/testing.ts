/**
 * `@stack-auth-effect/emulator/testing`: what a test suite needs: apps wired to an in-process
 * emulator (`TestApps`), the emulator itself, its faults, mails, seeds and request log.
 *
 * @since 0.1.0
 * @module
 */

/** The emulator service and its Layers (`layer`, `layerWith`). */
export * as Emulator from "./Emulator.ts"
/** Serving the emulator over HTTP on loopback (`serve`, `layer`). */
export * as EmulatorServer from "./EmulatorServer.ts"
/** The emulator's state model and transactions. */
export * as EmulatorState from "./EmulatorState.ts"
/** Fault constructors (`rateLimited`, `serverError`, `infiniteLoop`, `delay`, `drop`). */
export * as Faults from "./Faults.ts"
/** Mail helpers (`codeOf`, `otpOf`, `linkOf`, `variablesOf`, `mailboxName`). */
export * as Mail from "./Mail.ts"
/** The emulator's log of the requests it answered (secrets redacted): list, filter, count, clear. */
export * as RequestLog from "./RequestLog.ts"
/** The seeded projects (`demoProject`, `internalProject`). */
export * as Seeds from "./Seeds.ts"
/** Users of the emulator (`create`, `update`, `remove`), for test setup. */
export * as EmulatorUsers from "./EmulatorUsers.ts"

/** Ready-made client/server/admin app Layers on the emulator's demo project. */
export * as TestApps from "./TestApps.ts"
