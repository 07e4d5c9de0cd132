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
  Effect.catchTags({
    EmailPasswordMismatch: () => Effect.logWarning("Wrong e-mail or password"),
    StackConnectionError: (e) => Effect.logError(e.message, e.diagnostics)
  })
)

export const main = () =>
  program.pipe(
    Effect.provide(StackClientApp.layer({
      projectId: process.env.STACK_PROJECT_ID!,
      publishableClientKey: process.env.STACK_PUBLISHABLE_CLIENT_KEY!
    })),
    Effect.runPromise
  )
