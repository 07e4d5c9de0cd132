// Bundle probe: a browser app that signs in with a password, reads the current user and signs out,
// written with the official SDK (@stackframe/js@2.8.39). Twin of app-ours.ts.
import { StackClientApp } from "@stackframe/js"

const app = new StackClientApp({ projectId: "p", publishableClientKey: "k", tokenStore: "cookie" })

const main = async () => {
  await app.signInWithCredential({ email: "ada@example.com", password: "correct horse" })
  const user = await app.getUser()
  console.log(user?.displayName)
  await user?.signOut()
}
main()
