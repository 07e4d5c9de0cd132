// Bundle probe: app-ours.ts imported the way an app would, through the package's public barrel
// (src/index.ts): shows that the barrel tree-shakes to the same bytes.
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { Auth, StackClientApp, TokenStoreCookie, Users } from "../../packages/sdk/src/index.ts"

const runtime = ManagedRuntime.make(StackClientApp.layer({
  projectId: "p",
  publishableClientKey: "k",
  tokenStore: TokenStoreCookie.layerBrowserCookie({ projectId: "p" })
}))

const main = Effect.gen(function*() {
  yield* Auth.signInWithPassword({ email: "ada@example.com", password: "correct horse" })
  const user = yield* Users.getUserOrNull() // as app-ours.ts: getUser()'s default mode
  console.log(user?.displayName)
  if (user !== null) yield* Auth.signOut()
})
runtime.runPromise(main)
