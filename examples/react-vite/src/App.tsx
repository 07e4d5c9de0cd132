/**
 * The example app: a small product around the SDK. A header with the project's name, navigation
 * and the account controls; a home page; a protected dashboard (signed-out visitors are sent to
 * sign in and come back); and the SDK's handler pages under /handler (sign-in, sign-up, account
 * settings, ...), all from the public entry points `stack-auth-effect` and `@stack-auth-effect/react`.
 */
import { type ReactNode, Suspense } from "react"
import type * as Layer from "effect/Layer"
import type { StackClientApp } from "stack-auth-effect"
import {
  ErrorBoundary,
  Loading,
  SelectedTeamSwitcher,
  Skeleton,
  StackHandler,
  StackProvider,
  ThemeRoot,
  useProject,
  useTeams,
  UserButton,
  useUser
} from "@stack-auth-effect/react"
import { navigate, useHref } from "./router.ts"

/** The emulator's mailbox (set by `npm start`): where sign-in codes and links arrive. */
const mailboxUrl = import.meta.env.VITE_STACK_MAILBOX_URL as string | undefined

function Teams(): ReactNode {
  const teams = useTeams()
  if (teams.length === 0) {
    return <p className="muted" data-testid="home-no-teams">No teams yet: create one in <a href="/handler/account-settings">account settings</a>.</p>
  }
  return (
    <ul className="teams" data-testid="home-teams">
      {teams.map((team) => <li key={team.id}>{team.displayName}</li>)}
    </ul>
  )
}

/** The account controls at the right of the header (the place of a user button and team switcher). */
function AccountSlot(): ReactNode {
  const user = useUser()
  if (user === null) {
    return (
      <div className="account">
        <a className="button" href="/handler/sign-in" data-testid="header-sign-in">Sign in</a>
        <a className="button primary" href="/handler/sign-up" data-testid="header-sign-up">Sign up</a>
      </div>
    )
  }
  return (
    <div className="account">
      <SelectedTeamSwitcher />
      <UserButton />
    </div>
  )
}

function Header(props: { readonly path: string }): ReactNode {
  const project = useProject()
  const current = (path: string) => (props.path === path ? "page" : undefined)
  return (
    <header className="header">
      <a className="brand" href="/" data-testid="nav-home">
        <span className="brand-mark" aria-hidden="true">{project.displayName.slice(0, 1).toUpperCase()}</span>
        {project.displayName}
      </a>
      <nav className="nav" aria-label="Main">
        <a href="/" aria-current={current("/")}>Home</a>
        <a href="/dashboard" aria-current={current("/dashboard")} data-testid="nav-dashboard">Dashboard</a>
      </nav>
      <Suspense fallback={<ThemeRoot><Skeleton width="2rem" height="2rem" /></ThemeRoot>}>
        <AccountSlot />
      </Suspense>
    </header>
  )
}

function Home(): ReactNode {
  const project = useProject()
  const user = useUser()
  return (
    <main className="content" data-testid="home">
      <h1>{project.displayName}</h1>
      {user === null
        ? (
          <>
            <p className="lead" data-testid="home-signed-out">You are not signed in.</p>
            <div className="panel">
              <p>Create an account or sign in to see your dashboard and teams.</p>
              <div className="actions">
                <a className="button primary" href="/handler/sign-up" data-testid="home-sign-up">Sign up</a>
                <a className="button" href="/handler/sign-in" data-testid="home-sign-in">Sign in</a>
              </div>
            </div>
          </>
        )
        : (
          <>
            <p className="lead" data-testid="home-user">
              Signed in as <strong data-testid="home-user-name">{user.displayName ?? user.primaryEmail ?? user.id}</strong>
              {user.primaryEmail !== null && <> ({user.primaryEmail})</>}
            </p>
            <div className="actions">
              <a className="button primary" href="/dashboard">Open dashboard</a>
              <a className="button" href="/handler/account-settings" data-testid="home-account-settings">Account settings</a>
              <a className="button" href="/handler/sign-out" data-testid="home-sign-out">Sign out</a>
            </div>
            <h2>Your teams</h2>
            <Suspense fallback={<ThemeRoot><Skeleton height="2.5rem" /></ThemeRoot>}><Teams /></Suspense>
          </>
        )}
    </main>
  )
}

/** A page only signed-in users see: others go to sign-in and come back here afterwards. */
function Dashboard(): ReactNode {
  const user = useUser({ or: "redirect" })
  return (
    <main className="content" data-testid="dashboard">
      <h1>Dashboard</h1>
      <p className="lead">Only signed-in users see this page.</p>
      <div className="panel" data-testid="dashboard-user">
        <strong>{user.displayName ?? user.primaryEmail}</strong>
        <p className="muted">Member since {user.signedUpAt.toLocaleDateString()}</p>
      </div>
    </main>
  )
}

function Banner(): ReactNode {
  if (mailboxUrl === undefined || mailboxUrl === "") return null
  return (
    <div className="banner" role="note">
      Running against the local emulator: sign-in codes and links arrive in the{" "}
      <a href={mailboxUrl} target="_blank" rel="noreferrer" data-testid="mailbox-link">mailbox</a>.
    </div>
  )
}

const pageLoading = <ThemeRoot className="sae-page"><Loading /></ThemeRoot>

/** The app: the provider around a three-route switch. */
export function App(props: { readonly app: Layer.Layer<StackClientApp.Services, unknown> }): ReactNode {
  const href = useHref()
  const path = new URL(href).pathname
  return (
    <StackProvider app={props.app} navigate={navigate} fallback={pageLoading}>
      <Banner />
      <ErrorBoundary>
        <Suspense fallback={pageLoading}>
          <Header path={path} />
          {path.startsWith("/handler/") ? <StackHandler location={href} /> : path === "/dashboard" ? <Dashboard /> : <Home />}
        </Suspense>
      </ErrorBoundary>
    </StackProvider>
  )
}
