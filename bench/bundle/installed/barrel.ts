// Installed-package probe, README style: the `effect` barrel and our root barrel. The flow of
// app-official.ts: sign in with a password, read the current user, sign out, cookie token store.
import { Effect, ManagedRuntime } from "effect"
import { Auth, StackClientApp, TokenStoreCookie, Users } from "stack-auth-effect"

const runtime = ManagedRuntime.make(StackClientApp.layer({
  projectId: "p",
  publishableClientKey: "k",
  tokenStore: TokenStoreCookie.layerBrowserCookie({ projectId: "p" })
}))

const main = Effect.gen(function*() {
  yield* Auth.signInWithPassword({ email: "ada@example.com", password: "correct horse" })
  const user = yield* Users.getUserOrNull()
  console.log(user?.displayName)
  if (user !== null) yield* Auth.signOut()
})
runtime.runPromise(main)
