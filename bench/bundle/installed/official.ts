// Installed-package probe: the official SDK (@stackframe/js@2.8.39), the same flow as barrel.ts.
import { StackClientApp } from "@stackframe/js"

const app = new StackClientApp({ projectId: "p", publishableClientKey: "k", tokenStore: "cookie" })

const main = async () => {
  await app.signInWithCredential({ email: "ada@example.com", password: "correct horse" })
  const user = await app.getUser()
  console.log(user?.displayName)
  await user?.signOut()
}
main()
