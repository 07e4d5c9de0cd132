// Bundle probe: a browser app that signs in with a password, reads the current user and signs out,
// written with stack-auth-effect (modules imported by path). Twin of app-official.ts.
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as TokenStoreCookie from "../../packages/sdk/src/platform/TokenStoreCookie.ts"

const runtime = ManagedRuntime.make(StackClientApp.layer({
  projectId: "p",
  publishableClientKey: "k",
  tokenStore: TokenStoreCookie.layerBrowserCookie({ projectId: "p" })
}))

const main = Effect.gen(function*() {
  yield* Auth.signInWithPassword({ email: "ada@example.com", password: "correct horse" })
  const user = yield* Users.getUserOrNull() // getUser()'s default mode, like the official app.getUser()
  console.log(user?.displayName)
  if (user !== null) yield* Auth.signOut()
})
runtime.runPromise(main)
