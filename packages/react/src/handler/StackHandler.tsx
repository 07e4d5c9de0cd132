/**
 * The handler routes: renders the page the URL names under the handler base path
 * (`/handler` by default): sign-in, sign-up, sign-out, email-verification, password-reset,
 * forgot-password, oauth-callback, magic-link-callback, account-settings, error, team-invitation,
 * mfa and cli-auth-confirm. Router-agnostic: it reads `window.location` unless given `location`
 * (React Router: `useLocation()`), and navigates through the provider's `navigate`.
 *
 * Every page can be replaced (`components`). The pages are the prebuilt components on the design
 * system; a page that fails to load (the service unreachable, offline) shows a human error state
 * with a retry instead of a blank page.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import { type ComponentType, type ReactNode, Suspense, useMemo } from "react"
import { CurrentHandlerUrls, type HandlerName, type HandlerUrls } from "stack-auth-effect/HandlerUrls"
import { useStackContext } from "../StackProvider.tsx"
import { defaultDashboardUrl, HandlerContext, type HandlerOptions } from "./HandlerContext.tsx"
import { AccountSettingsPage } from "./internal/pages/account/AccountSettingsPage.tsx"
import {
  CliAuthConfirmPage,
  EmailVerificationPage,
  ErrorPage,
  MagicLinkCallbackPage,
  OAuthCallbackPage,
  TeamInvitationPage
} from "./internal/pages/Callbacks.tsx"
import { SignInPage } from "./internal/pages/SignInPage.tsx"
import { ForgotPasswordPage, MfaPage, PasswordResetPage, SignOutPage, SignUpPage } from "./internal/pages/SignUpPage.tsx"
import { ErrorBoundary, ErrorState } from "../ui/ErrorBoundary.tsx"
import { Card, Loading } from "../ui/primitives.tsx"
import { ThemeRoot, useMessages } from "../ui/Theme.tsx"
import { Page, Status } from "./ui.tsx"

/** The pages the handler serves, by their URL name. */
export type PageName = Extract<
  HandlerName,
  | "signIn" | "signUp" | "signOut" | "emailVerification" | "passwordReset" | "forgotPassword" | "oauthCallback"
  | "magicLinkCallback" | "accountSettings" | "error" | "teamInvitation" | "mfa" | "cliAuthConfirm"
>

/** The built-in page of each name. */
export const defaultPages: Readonly<Record<PageName, ComponentType>> = {
  signIn: SignInPage,
  signUp: SignUpPage,
  signOut: SignOutPage,
  emailVerification: EmailVerificationPage,
  passwordReset: PasswordResetPage,
  forgotPassword: ForgotPasswordPage,
  oauthCallback: OAuthCallbackPage,
  magicLinkCallback: MagicLinkCallbackPage,
  accountSettings: AccountSettingsPage,
  error: ErrorPage,
  teamInvitation: TeamInvitationPage,
  mfa: MfaPage,
  cliAuthConfirm: CliAuthConfirmPage
}

const pageNames = Object.keys(defaultPages) as ReadonlyArray<PageName>

/** Which page a path shows, by the app's handler URLs (paths compared without query or trailing `/`). */
export const pageOf = (urls: HandlerUrls, pathname: string): PageName | undefined => {
  const clean = (path: string) => new URL(path, "http://x").pathname.replace(/\/+$/, "")
  const path = clean(pathname)
  return pageNames.find((name) => clean(urls[name]) === path)
}

/** Props of {@link StackHandler}. */
export interface StackHandlerProps {
  /** The current path and query (`/handler/sign-in?x=1`) or URL; `window.location` by default. */
  readonly location?: string | undefined
  /** Replacement pages, by name. */
  readonly components?: Partial<Record<PageName, ComponentType>> | undefined
  /** The service dashboard that production-mode errors link to (`/projects/{id}/domains`). */
  readonly dashboardUrl?: string | undefined
  /** How the OAuth callback alerts; `window.alert` by default. */
  readonly alert?: ((message: string) => void) | undefined
  /** Shown while a page loads. */
  readonly fallback?: ReactNode
}

const windowOrigin = () => (globalThis as { location?: Location }).location?.origin ?? "http://localhost"

/** The page shown while a page loads (its data, or its code). */
function LoadingPage(): ReactNode {
  const messages = useMessages()
  return (
    <ThemeRoot className="sae-page">
      <section className="sae-card" aria-busy="true" aria-label={messages.common.loading}><Loading /></section>
    </ThemeRoot>
  )
}

/** A page whose loading failed: the human error state in the card, with retry. */
function FailedPage(props: { readonly error: unknown; readonly retry: () => void }): ReactNode {
  const messages = useMessages()
  return (
    <ThemeRoot className="sae-page">
      <title>{messages.common.errorTitle}</title>
      <Card title={messages.common.errorTitle} testId="page-failed">
        <ErrorState error={props.error} onRetry={props.retry} />
      </Card>
    </ThemeRoot>
  )
}

function NotFoundPage(props: { readonly path: string }): ReactNode {
  const messages = useMessages()
  return (
    <Page title={messages.common.notFoundTitle} testId="page-not-found">
      <Status>{messages.common.notFoundBody(props.path)}</Status>
    </Page>
  )
}

/** The handler routes. */
export function StackHandler(props: StackHandlerProps): ReactNode {
  const { context } = useStackContext()
  const urls = Context.get(context, CurrentHandlerUrls)
  const href = props.location ?? (globalThis as { location?: Location }).location?.href ?? "/"
  const options = useMemo<HandlerOptions>(() => ({
    url: new URL(href, windowOrigin()),
    alert: props.alert ?? ((message) => (globalThis as { alert?: (m: string) => void }).alert?.(message)),
    dashboardUrl: props.dashboardUrl ?? defaultDashboardUrl
  }), [href, props.alert, props.dashboardUrl])
  const name = pageOf(urls, options.url.pathname)
  const Selected = name === undefined ? undefined : props.components?.[name] ?? defaultPages[name]
  return (
    <HandlerContext value={options}>
      <ErrorBoundary
        key={href}
        fallback={(error, retry) => <FailedPage error={error} retry={retry} />}
      >
        <Suspense fallback={props.fallback ?? <LoadingPage />}>
          {Selected === undefined ? <NotFoundPage path={options.url.pathname} /> : <Selected key={href} />}
        </Suspense>
      </ErrorBoundary>
    </HandlerContext>
  )
}
