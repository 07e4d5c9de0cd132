/**
 * The pages a link leads to: the OAuth callback, the magic-link callback, e-mail
 * verification, team invitations, the CLI login confirmation (`login_code`) and the error page.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { ReactNode } from "react"
import * as Auth from "stack-auth-effect/Auth"
import * as CliAuth from "stack-auth-effect/CliAuth"
import * as OAuth from "stack-auth-effect/OAuth"
import * as TeamInvitations from "stack-auth-effect/TeamInvitations"
import * as EmailVerification from "stack-auth-effect/EmailVerification"
import * as Redirects from "stack-auth-effect/Redirects"
import { MultiFactorAuthenticationRequired } from "stack-auth-effect/KnownErrors"
import { useProject, useUser } from "../../../hooks.ts"
import { useOnMount } from "../../../useOnMount.ts"
import { useMutation } from "../../../useQuery.ts"
import { useHandler } from "../../HandlerContext.tsx"
import { oauthCallbackAlertFor } from "../../messages.ts"
import { errorKey } from "../../../messages.ts"
import { Alert as AlertBox, Button, ButtonLink } from "../../../ui/primitives.tsx"
import { useMessages } from "../../../ui/Theme.tsx"
import { Alert, Page, Status } from "../../ui.tsx"

/**
 * The OAuth callback page (`/handler/oauth-callback`): with `code`, `state` and the verifier cookie
 * it signs in and goes on (the flow's after-callback URL, else after sign-in or sign-up); without
 * them it does nothing. A second factor goes to the MFA page; an invalid TOTP code and other
 * failures are alerted ("Invalid TOTP code. Please try signing in again.", "Error signing in during
 * OAuth callback. Please try again.").
 */
export function OAuthCallbackPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const callback = useOnMount(() =>
    handler.onMfaRequired(OAuth.handleCallback(handler.url)).pipe(
      Effect.tap((result) => {
        if (result._tag !== "SignedIn") return Effect.void
        return result.afterCallbackRedirectUrl !== undefined
          ? Redirects.redirectTo(result.afterCallbackRedirectUrl, { replace: true })
          : handler.afterSignIn(result)
      }),
      Effect.tapError((error) =>
        error instanceof MultiFactorAuthenticationRequired ? Effect.void : Effect.sync(() => handler.alert(oauthCallbackAlertFor(error)))
      )
    )
  )
  let body: ReactNode
  if (callback.error !== undefined) {
    body = (
      <>
        <AlertBox tone="error" testId="oauth-callback-error" errorTag={errorKey(callback.error)} details={String(callback.error)}>
          {oauthCallbackAlertFor(callback.error)}
        </AlertBox>
        <a href={handler.carry("signIn")}>{messages.common.backToSignIn}</a>
      </>
    )
  } else if (callback.data?._tag === "NotACallback") {
    body = <Status testId="oauth-callback-idle">{messages.callback.noCallback}</Status>
  } else body = <Status tone="progress">{messages.callback.signingIn}</Status>
  return <Page title={messages.callback.title} testId="page-oauth-callback">{body}</Page>
}

/** The magic-link callback page: signs in with the link's `code`, then goes on. `/handler/magic-link-callback` */
export function MagicLinkCallbackPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const signIn = useOnMount(() =>
    handler.onMfaRequired(Auth.signInWithMagicLinkCallback(handler.url)).pipe(Effect.tap(handler.afterSignIn))
  )
  return (
    <Page title={messages.callback.title} testId="page-magic-link-callback">
      {signIn.error === undefined
        ? <Status tone="progress">{messages.callback.signingIn}</Status>
        : <><Alert error={signIn.error} testId="magic-link-error" /><a href={handler.carry("signIn")}>{messages.common.backToSignIn}</a></>}
    </Page>
  )
}

/** The e-mail verification page: verifies the mailed `code`. `/handler/email-verification` */
export function EmailVerificationPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const verify = useOnMount(() => EmailVerification.verify(handler.param("code") ?? ""))
  let body: ReactNode
  if (verify.exit === undefined) body = <Status tone="progress">{messages.callback.verifying}</Status>
  else if (verify.error !== undefined) body = <Alert error={verify.error} testId="email-verification-error" />
  else body = <Done testId="email-verified" text={messages.callback.verified} />
  return <Page title={messages.callback.verifyTitle} testId="page-email-verification">{body}</Page>
}

/** A success line and a button on to the app's home page. */
function Done(props: { readonly testId: string; readonly text: string }): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  return (
    <>
      <Status testId={props.testId} tone="success">{props.text}</Status>
      <ButtonLink block href={handler.urls.home}>{messages.common.continue}</ButtonLink>
    </>
  )
}

/** Asks a signed-out visitor to sign in and come back. */
function SignInFirst(props: { readonly what: string }): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  return (
    <>
      <Status testId="sign-in-first">{messages.callback.signInFirst(props.what)}</Status>
      <ButtonLink block href={Redirects.withReturnTo(handler.urls.signIn, handler.url.toString())} testId="link-sign-in">
        {messages.signIn.title}
      </ButtonLink>
    </>
  )
}

function InvitationDetails(props: { readonly code: string }): ReactNode {
  const messages = useMessages()
  const details = useOnMount(() => TeamInvitations.details(props.code))
  const accept = useMutation(() => TeamInvitations.accept(props.code))
  if (details.exit === undefined) return <Status tone="progress">{messages.callback.invitationChecking}</Status>
  if (details.error !== undefined) return <Alert error={details.error} testId="invitation-error" />
  const team = details.data!.teamDisplayName
  if (accept.exit !== undefined && accept.error === undefined) {
    return <Done testId="invitation-accepted" text={messages.callback.joined(team)} />
  }
  return (
    <>
      <p data-testid="invitation-team">{messages.callback.invitedTo(team)}</p>
      <Button block busy={accept.isPending} busyText={messages.common.working} onClick={() => void accept.mutate()} testId="invitation-accept">
        {messages.callback.join(team)}
      </Button>
      <Alert error={accept.error} />
    </>
  )
}

/** The team invitation page: shows the team and joins it. `/handler/team-invitation` */
export function TeamInvitationPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const user = useUser()
  const code = handler.param("code")
  let body: ReactNode
  if (code === undefined) body = <AlertBox tone="error">{messages.callback.invitationNoCode}</AlertBox>
  else if (user === null) body = <SignInFirst what={messages.callback.acceptInvitation} />
  else body = <InvitationDetails code={code} />
  return <Page title={messages.callback.invitationTitle} testId="page-team-invitation">{body}</Page>
}

/** The CLI login confirmation page: hands the user's session to the waiting CLI (`login_code`). */
export function CliAuthConfirmPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const user = useUser()
  const loginCode = handler.param("login_code")
  const confirm = useMutation(() => CliAuth.completeCliLogin(loginCode ?? ""))
  let body: ReactNode
  if (loginCode === undefined) body = <AlertBox tone="error">{messages.callback.cliNoCode}</AlertBox>
  else if (user === null) body = <SignInFirst what={messages.callback.cliWhat} />
  else if (confirm.exit !== undefined && confirm.error === undefined) {
    body = <Status testId="cli-confirmed" tone="success">{messages.callback.cliDone}</Status>
  } else {
    body = (
      <>
        <p>{messages.callback.cliAsk(user.primaryEmail ?? user.id)}</p>
        <Button block busy={confirm.isPending} busyText={messages.common.working} onClick={() => void confirm.mutate()} testId="cli-confirm">
          {messages.callback.cliAuthorize}
        </Button>
        <Alert error={confirm.error} />
      </>
    )
  }
  return <Page title={messages.callback.cliTitle} testId="page-cli-auth-confirm">{body}</Page>
}

/** Error codes that come from the project's trusted-domain settings (production mode). */
export const domainErrorCodes: ReadonlySet<string> = new Set(["REDIRECT_URL_NOT_WHITELISTED"])

/** The dashboard page of a project's trusted domains. */
export const domainsPageUrl = (dashboardUrl: string, projectId: string): string =>
  `${dashboardUrl.replace(/\/+$/, "")}/projects/${encodeURIComponent(projectId)}/domains`

/** The error page: the service's `errorCode` and `message`; domain errors link to the dashboard. `/handler/error` */
export function ErrorPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const project = useProject()
  const code = handler.param("errorCode")
  const message = handler.param("message") ?? messages.callback.errorDefault
  const footer = (
    <>
      <a href={handler.urls.signIn}>{messages.common.backToSignIn}</a>
      <a href={handler.urls.home}>{messages.common.home}</a>
    </>
  )
  return (
    <Page title={messages.callback.errorTitle} testId="page-error" footer={footer}>
      <div role="alert" className="sae-alert sae-alert-error" data-testid="error-message" data-error-code={code}>{message}</div>
      {code !== undefined && domainErrorCodes.has(code) && (
        <p className="sae-muted">
          {messages.callback.domainsHint}{" "}
          <a href={domainsPageUrl(handler.dashboardUrl, project.id)} data-testid="link-domains">{messages.callback.domainsLink}</a>.
        </p>
      )}
    </Page>
  )
}
