import { StackClientApp } from "@stackframe/js"
const app = new StackClientApp({ projectId: "p", publishableClientKey: "k", tokenStore: "cookie" })
const main = async () => {
  await app.signInWithCredential({ email: "a@b.c", password: "pw" })
  const user = await app.getUser()
  console.log(user?.displayName)
  await user?.signOut()
}
main()
