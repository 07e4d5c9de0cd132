/**
 * `npm start`: the emulator over HTTP (API on 8102, mailbox on 8105) and the React example app
 * (Vite dev server) configured with the emulator's demo project. Works offline; Ctrl+C stops both.
 *
 * Open the printed URL, sign up, and read sign-in codes and links in the mailbox (the printed
 * Mailbox URL in a browser: a list of mails, each with its links clickable).
 *
 * The mails are rendered (`mailRendering: "rendered"`): this is a demo read by a person, who should
 * see the mail a user gets. The emulator's default is the service's development form instead
 * (template and theme sources and variables as the body), what tests and local development
 * against the service's own development setup see.
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

program.pipe(Effect.scoped, Effect.provide(Emulator.layerWith({ mailRendering: "rendered" })), NodeRuntime.runMain)
