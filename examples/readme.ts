import * as Effect from "effect/Effect"
import * as Auth from "stack-auth-effect/Auth"
import * as StackClientApp from "stack-auth-effect/StackClientApp"
import * as Users from "stack-auth-effect/Users"

export const program = Effect.gen(function*() {
  yield* Auth.signInWithPassword({ email: "ada@example.com", password: "correct horse battery" })
  const user = yield* Users.getCurrent()
  console.log(`Hello, ${user.displayName ?? user.primaryEmail}`)
  yield* Auth.signOut()
}).pipe(
  Effect.catchTag("EmailPasswordMismatch", () => Effect.logWarning("Wrong e-mail or password")),
  Effect.catchReason("StackTransportError", "ConnectionError", (reason) => Effect.logError(reason.message, reason.diagnostics))
)

// reads NEXT_PUBLIC_STACK_PROJECT_ID, NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY and STACK_API_URL
export const main = () => program.pipe(Effect.provide(StackClientApp.layerConfig()), Effect.runPromise)
