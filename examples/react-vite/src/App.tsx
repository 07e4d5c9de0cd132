/**
 * The example app: a home page showing who is signed in and their teams, and the SDK's handler
 * pages under /handler (sign-in, sign-up, account settings, ...). Everything comes from the public
 * entry points `stack-auth-effect` and `stack-auth-effect/react`.
 */
import { type ReactNode, Suspense } from "react"
import type * as Layer from "effect/Layer"
import type { StackClientApp } from "stack-auth-effect"
import { StackHandler, StackProvider, UserButton, useProject, useTeams, useUser } from "stack-auth-effect/react"
import { navigate, useHref } from "./router.ts"

function Teams(): ReactNode {
  const teams = useTeams()
  if (teams.length === 0) return <p data-testid="home-no-teams">No teams yet: create one in <a href="/handler/account-settings">account settings</a>.</p>
  return (
    <ul data-testid="home-teams">
      {teams.map((team) => <li key={team.id}>{team.displayName}</li>)}
    </ul>
  )
}

function Home(): ReactNode {
  const project = useProject()
  const user = useUser()
  return (
    <main data-testid="home">
      <h1>{project.displayName}</h1>
      {user === null
        ? (
          <>
            <p data-testid="home-signed-out">You are not signed in.</p>
            <p>
              <a href="/handler/sign-in" data-testid="home-sign-in">Sign in</a> ·{" "}
              <a href="/handler/sign-up" data-testid="home-sign-up">Sign up</a>
            </p>
          </>
        )
        : (
          <>
            <p data-testid="home-user">
              Signed in as <strong data-testid="home-user-name">{user.displayName ?? user.primaryEmail ?? user.id}</strong>
              {user.primaryEmail !== null && <> ({user.primaryEmail})</>}
            </p>
            <p>
              <a href="/handler/account-settings" data-testid="home-account-settings">Account settings</a> ·{" "}
              <a href="/handler/sign-out" data-testid="home-sign-out">Sign out</a>
            </p>
            <h2>Your teams</h2>
            <Suspense fallback={<p>Loading teams…</p>}><Teams /></Suspense>
          </>
        )}
    </main>
  )
}

/** The app: the provider around a two-route switch. */
export function App(props: { readonly app: Layer.Layer<StackClientApp.Services, unknown> }): ReactNode {
  const href = useHref()
  const path = new URL(href).pathname
  return (
    <StackProvider app={props.app} navigate={navigate} fallback={<p>Starting…</p>}>
      <header className="example-header">
        <nav aria-label="Main"><a href="/" data-testid="nav-home">Home</a></nav>
        <UserButton />
      </header>
      <Suspense fallback={<p>Loading…</p>}>
        {path.startsWith("/handler/") ? <StackHandler location={href} /> : <Home />}
      </Suspense>
    </StackProvider>
  )
}
