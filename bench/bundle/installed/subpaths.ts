// Installed-package probe, every module by its subpath (`effect/Effect`, `stack-auth-effect/Auth`). The flow of
// app-official.ts: sign in with a password, read the current user, sign out, cookie token store.
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "stack-auth-effect/Auth"
import * as StackClientApp from "stack-auth-effect/StackClientApp"
import * as TokenStoreCookie from "stack-auth-effect/TokenStoreCookie"
import * as Users from "stack-auth-effect/Users"

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
