/**
 * `npm start`: the emulator over HTTP (API on 8102, mailbox on 8105) and the React example app
 * (Vite dev server) configured with the emulator's demo project. Works offline; Ctrl+C stops both.
 *
 * Open the printed URL, sign up, and read sign-in codes and links in the mailbox (the printed
 * Mailbox URL in a browser: a list of mails, each with its links clickable).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Effect from "effect/Effect"
import { Emulator } from "@stack-auth-effect/emulator/testing"
import { serve } from "./react-vite/serve.ts"

const program = Effect.gen(function*() {
  const served = yield* serve()
  console.log([
    "",
    "stack-auth-effect React example",
    `  App:      ${served.appUrl}`,
    `  API:      ${served.apiUrl}  (the local emulator, demo project "${served.demoProject.displayName}")`,
    `  Mailbox:  ${served.mailboxUrl}/  (open it to read sign-in codes, verification and reset links;`,
    `            Inbucket API: ${served.mailboxUrl}/api/v1/mailbox/{address})`,
    "",
    "Press Ctrl+C to stop.",
    ""
  ].join("\n"))
  return yield* Effect.never
})

program.pipe(Effect.scoped, Effect.provide(Emulator.layer), NodeRuntime.runMain)
