/**
 * The pages a link leads to (SPEC §2): the OAuth callback, the magic-link callback, e-mail
 * verification, team invitations, the CLI login confirmation (`login_code`) and the error page.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { ReactNode } from "react"
import * as Auth from "../../../src/api/Auth.ts"
import * as CliAuth from "../../../src/api/CliAuth.ts"
import * as OAuth from "../../../src/api/OAuth.ts"
import * as TeamInvitations from "../../../src/api/TeamInvitations.ts"
import * as Mutations from "../../../src/cache/Mutations.ts"
import * as Redirects from "../../../src/handler/Redirects.ts"
import { MultiFactorAuthenticationRequired } from "../../../src/protocol/KnownErrors.ts"
import { useProject, useUser } from "../../hooks.ts"
import { useOnMount } from "../../useOnMount.ts"
import { useMutation } from "../../useQuery.ts"
import { useHandler } from "../HandlerContext.tsx"
import { oauthCallbackAlertFor } from "../messages.ts"
import { Alert as AlertBox } from "../../ui/primitives.tsx"
import { Alert, Page, Status } from "../ui.tsx"

/**
 * The OAuth callback page (SPEC §2 `oauth-callback`, §4, §8): with `code`, `state` and the
 * verifier cookie it signs in and goes on (the flow's after-callback URL, else after sign-in or
 * sign-up); without them it does nothing. A second factor goes to the MFA page; an invalid TOTP
 * code and other failures are alerted with the SPEC's texts.
 */
export function OAuthCallbackPage(): ReactNode {
  const handler = useHandler()
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
        <AlertBox tone="error" testId="oauth-callback-error" errorTag={callback.error._tag} details={String(callback.error)}>
          {oauthCallbackAlertFor(callback.error)}
        </AlertBox>
        <p><a href={handler.carry("signIn")}>Back to sign in</a></p>
      </>
    )
  } else if (callback.data?._tag === "NotACallback") {
    body = <Status testId="oauth-callback-idle">There is no sign-in to complete here.</Status>
  } else body = <Status>Signing you in…</Status>
  return <Page title="Signing in" testId="page-oauth-callback">{body}</Page>
}

/** The magic-link callback page: signs in with the link's `code`, then goes on. SPEC §2 `magic-link-callback` */
export function MagicLinkCallbackPage(): ReactNode {
  const handler = useHandler()
  const signIn = useOnMount(() =>
    handler.onMfaRequired(Auth.signInWithMagicLinkCallback(handler.url)).pipe(Effect.tap(handler.afterSignIn))
  )
  return (
    <Page title="Signing in" testId="page-magic-link-callback">
      {signIn.error === undefined
        ? <Status>Signing you in…</Status>
        : <><Alert error={signIn.error} testId="magic-link-error" /><p><a href={handler.carry("signIn")}>Back to sign in</a></p></>}
    </Page>
  )
}

/** The e-mail verification page: verifies the mailed `code`. SPEC §2 `email-verification`, §4 */
export function EmailVerificationPage(): ReactNode {
  const handler = useHandler()
  const verify = useOnMount(() => Mutations.verifyEmail(handler.param("code") ?? ""))
  let body: ReactNode
  if (verify.exit === undefined) body = <Status>Verifying your e-mail…</Status>
  else if (verify.error !== undefined) body = <Alert error={verify.error} testId="email-verification-error" />
  else body = <Status testId="email-verified">Your e-mail is verified. <a href={handler.urls.home}>Continue</a></Status>
  return <Page title="E-mail verification" testId="page-email-verification">{body}</Page>
}

/** Asks a signed-out visitor to sign in and come back. */
function SignInFirst(props: { readonly what: string }): ReactNode {
  const handler = useHandler()
  return (
    <Status testId="sign-in-first">
      Sign in to {props.what}. <a href={Redirects.withReturnTo(handler.urls.signIn, handler.url.toString())} data-testid="link-sign-in">Sign in</a>
    </Status>
  )
}

function InvitationDetails(props: { readonly code: string }): ReactNode {
  const handler = useHandler()
  const details = useOnMount(() => TeamInvitations.details(props.code))
  const accept = useMutation(() => Mutations.acceptInvitation(props.code))
  if (details.exit === undefined) return <Status>Checking the invitation…</Status>
  if (details.error !== undefined) return <Alert error={details.error} testId="invitation-error" />
  const team = details.data!.teamDisplayName
  if (accept.exit !== undefined && accept.error === undefined) {
    return <Status testId="invitation-accepted">You joined {team}. <a href={handler.urls.home}>Continue</a></Status>
  }
  return (
    <>
      <p data-testid="invitation-team">You are invited to join <strong>{team}</strong>.</p>
      <button type="button" onClick={() => void accept.mutate()} disabled={accept.isPending} data-testid="invitation-accept">
        Join {team}
      </button>
      <Alert error={accept.error} />
    </>
  )
}

/** The team invitation page: shows the team and joins it. SPEC §2 `team-invitation` */
export function TeamInvitationPage(): ReactNode {
  const handler = useHandler()
  const user = useUser()
  const code = handler.param("code")
  let body: ReactNode
  if (code === undefined) body = <AlertBox tone="error">This invitation link has no code.</AlertBox>
  else if (user === null) body = <SignInFirst what="accept the invitation" />
  else body = <InvitationDetails code={code} />
  return <Page title="Team invitation" testId="page-team-invitation">{body}</Page>
}

/** The CLI login confirmation page: hands the user's session to the waiting CLI (`login_code`). SPEC §2, §4 */
export function CliAuthConfirmPage(): ReactNode {
  const handler = useHandler()
  const user = useUser()
  const loginCode = handler.param("login_code")
  const confirm = useMutation(() => CliAuth.completeCliLogin(loginCode ?? ""))
  let body: ReactNode
  if (loginCode === undefined) body = <AlertBox tone="error">This page needs a login_code.</AlertBox>
  else if (user === null) body = <SignInFirst what="authorize the command-line tool" />
  else if (confirm.exit !== undefined && confirm.error === undefined) {
    body = <Status testId="cli-confirmed">The command-line tool is signed in. You can close this window.</Status>
  } else {
    body = (
      <>
        <p>A command-line tool asks to sign in as {user.primaryEmail ?? user.id}.</p>
        <button type="button" onClick={() => void confirm.mutate()} disabled={confirm.isPending} data-testid="cli-confirm">Authorize</button>
        <Alert error={confirm.error} />
      </>
    )
  }
  return <Page title="Authorize the command-line tool" testId="page-cli-auth-confirm">{body}</Page>
}

/** Error codes that come from the project's trusted-domain settings (production mode). SPEC §2, §5 */
export const domainErrorCodes: ReadonlySet<string> = new Set(["REDIRECT_URL_NOT_WHITELISTED"])

/** The dashboard page of a project's trusted domains. SPEC §2 */
export const domainsPageUrl = (dashboardUrl: string, projectId: string): string =>
  `${dashboardUrl.replace(/\/+$/, "")}/projects/${encodeURIComponent(projectId)}/domains`

/** The error page: the service's `errorCode` and `message`; domain errors link to the dashboard. SPEC §2 `error` */
export function ErrorPage(): ReactNode {
  const handler = useHandler()
  const project = useProject()
  const code = handler.param("errorCode")
  const message = handler.param("message") ?? "Something went wrong."
  return (
    <Page title="Something went wrong" testId="page-error">
      <p role="alert" data-testid="error-message" data-error-code={code}>{message}</p>
      {code !== undefined && domainErrorCodes.has(code) && (
        <p>
          The project owner can fix this in the{" "}
          <a href={domainsPageUrl(handler.dashboardUrl, project.id)} data-testid="link-domains">trusted domains settings</a>.
        </p>
      )}
      <p><a href={handler.urls.signIn}>Back to sign in</a> · <a href={handler.urls.home}>Home</a></p>
    </Page>
  )
}
