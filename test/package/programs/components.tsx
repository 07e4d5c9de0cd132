// React components: a sign-in form, a profile and a team switcher, on the hooks.
import { type FormEvent, type ReactNode, Suspense, useState } from "react"
import * as Auth from "stack-auth-effect/Auth"
import * as StackClientApp from "stack-auth-effect/StackClientApp"
import * as Teams from "stack-auth-effect/Teams"
import * as Users from "stack-auth-effect/Users"
import { ErrorAlert, StackProvider, useMutation, useTeams, useUser } from "@stack-auth-effect/react"

export function SignInForm(): ReactNode {
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const signIn = useMutation(Auth.signInWithPassword)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void signIn.mutate({ email, password })
  }
  const wrong = signIn.error?._tag === "EmailPasswordMismatch"
  return (
    <form onSubmit={submit}>
      <input value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <input type="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
      {wrong ? <p>Wrong e-mail or password</p> : signIn.error !== undefined ? <ErrorAlert error={signIn.error} /> : null}
      <button disabled={signIn.isPending}>Sign in</button>
    </form>
  )
}

export function Profile(): ReactNode {
  const user = useUser({ or: "throw" })
  const update = useMutation(Users.update) // the cache follows: every component shows the new name
  return (
    <section>
      <h1>{user.displayName ?? user.primaryEmail}</h1>
      <button onClick={() => void update.mutate({ displayName: "Ada Lovelace" })}>Rename</button>
    </section>
  )
}

export function TeamSwitcher(): ReactNode {
  const user = useUser({ or: "throw" })
  const teams = useTeams()
  const select = useMutation(Teams.select)
  return (
    <select value={user.selectedTeamId ?? ""} onChange={(e) => void select.mutate(e.currentTarget.value || null)}>
      <option value="">No team</option>
      {teams.map((team) => <option key={team.id} value={team.id}>{team.displayName}</option>)}
    </select>
  )
}

const app = StackClientApp.layer({ projectId: "your-project-id", publishableClientKey: "your-publishable-client-key" })

export function App(): ReactNode {
  return (
    <StackProvider app={app}>
      <Suspense fallback={<p>Loading…</p>}>
        {useUser() === null ? <SignInForm /> : <><Profile /><TeamSwitcher /></>}
      </Suspense>
    </StackProvider>
  )
}
