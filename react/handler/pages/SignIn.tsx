/**
 * The sign-in page (SPEC §2 `sign-in`, §4 "Sign-in outcomes"): password, one-time code by e-mail
 * (the same mail carries the magic link) and the project's OAuth providers. After sign-in the user
 * goes home (or `after_auth_return_to`); a second factor sends them to the MFA page.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode, useState } from "react"
import * as Auth from "../../../src/api/Auth.ts"
import * as OAuth from "../../../src/api/OAuth.ts"
import * as Passkeys from "../../../src/api/Passkeys.ts"
import { useProject, useUser } from "../../hooks.ts"
import { useMutation } from "../../useQuery.ts"
import { type Handler, useHandler } from "../HandlerContext.tsx"
import { Alert, errorMessage, Field, Form, Page, Status, Submit } from "../ui.tsx"
import { useMessages } from "../../ui/Theme.tsx"

function PasswordSignIn(props: { readonly handler: Handler }): ReactNode {
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const signIn = useMutation(() =>
    props.handler.onMfaRequired(Auth.signInWithPassword({ email, password })).pipe(Effect.tap(props.handler.afterSignIn))
  )
  return (
    <Form label="Sign in with password" onSubmit={() => void signIn.mutate()} testId="password-sign-in">
      <Field label="E-mail" name="email" type="email" value={email} onChange={setEmail} autoFocus autoComplete="email" />
      <Field label="Password" name="password" type="password" value={password} onChange={setPassword} autoComplete="current-password" />
      <Alert error={signIn.error} />
      <Submit busy={signIn.isPending} testId="password-sign-in-submit">Sign in</Submit>
    </Form>
  )
}

function CodeSignIn(props: { readonly handler: Handler }): ReactNode {
  const { handler } = props
  const [email, setEmail] = useState("")
  const [code, setCode] = useState("")
  const send = useMutation(() => Auth.sendSignInCode({ email, callbackUrl: handler.absolute(handler.carry("magicLinkCallback")) }))
  const signIn = useMutation((nonce: string) =>
    handler.onMfaRequired(Auth.signInWithOtp({ otp: code, nonce })).pipe(Effect.tap(handler.afterSignIn))
  )
  const nonce = send.data?.nonce
  if (nonce === undefined) {
    return (
      <Form label="Sign in with a code by e-mail" onSubmit={() => void send.mutate()} testId="otp-send">
        <Field label="E-mail for a sign-in code" name="otp-email" type="email" value={email} onChange={setEmail} autoComplete="email" />
        <Alert error={send.error} />
        <Submit busy={send.isPending} testId="otp-send-submit">Send me a code</Submit>
      </Form>
    )
  }
  const messages = useMessages()
  const codeError = signIn.error === undefined ? undefined : errorMessage(messages, signIn.error)
  return (
    <Form label="Enter the code from your e-mail" onSubmit={() => void signIn.mutate(nonce)} testId="otp-sign-in">
      <Status testId="otp-sent">We sent a code to {email}. Enter it below, or open the link in the e-mail.</Status>
      <Field label="Code" name="otp-code" value={code} onChange={setCode} error={codeError} autoFocus autoComplete="one-time-code" />
      <Submit busy={signIn.isPending} testId="otp-sign-in-submit">Sign in</Submit>
    </Form>
  )
}

function OAuthButtons(props: { readonly handler: Handler; readonly providers: ReadonlyArray<{ readonly id: string }> }): ReactNode {
  const { handler } = props
  const start = useMutation((provider: string) =>
    OAuth.signInWithRedirect({
      provider,
      redirectUrl: handler.absolute(handler.urls.oauthCallback),
      errorRedirectUrl: handler.absolute(handler.urls.error),
      afterCallbackRedirectUrl: handler.param("after_auth_return_to")
    })
  )
  if (props.providers.length === 0) return null
  return (
    <section aria-label="Sign in with a provider" data-testid="oauth-providers">
      {props.providers.map((p) => (
        <button key={p.id} type="button" onClick={() => void start.mutate(p.id)} disabled={start.isPending} data-testid={`oauth-${p.id}`}>
          Continue with {p.id}
        </button>
      ))}
      <Alert error={start.error} testId="oauth-error" />
    </section>
  )
}

function PasskeySignIn(props: { readonly handler: Handler }): ReactNode {
  const signIn = useMutation(() => props.handler.onMfaRequired(Passkeys.signIn()).pipe(Effect.tap(props.handler.afterSignIn)))
  return (
    <section aria-label="Sign in with a passkey" data-testid="passkey-sign-in">
      <button type="button" onClick={() => void signIn.mutate()} disabled={signIn.isPending} data-testid="passkey-sign-in-button">
        Sign in with a passkey
      </button>
      <Alert error={signIn.error} testId="passkey-error" />
    </section>
  )
}

/** The sign-in page. SPEC §2 `sign-in` */
export function SignInPage(): ReactNode {
  const handler = useHandler()
  const project = useProject()
  const user = useUser()
  if (user !== null) {
    return (
      <Page title="Sign in" testId="page-sign-in">
        <Status testId="already-signed-in">You are signed in as {user.primaryEmail ?? user.displayName ?? user.id}.</Status>
        <p><a href={handler.urls.home}>Go home</a> · <a href={handler.urls.signOut}>Sign out</a></p>
      </Page>
    )
  }
  const config = project.config
  return (
    <Page title={`Sign in to ${project.displayName}`} testId="page-sign-in">
      {config.credentialEnabled && <PasswordSignIn handler={handler} />}
      {config.magicLinkEnabled && <CodeSignIn handler={handler} />}
      {config.passkeyEnabled && <PasskeySignIn handler={handler} />}
      <OAuthButtons handler={handler} providers={config.enabledOAuthProviders} />
      <nav aria-label="Other pages">
        {config.signUpEnabled && <a href={handler.carry("signUp")} data-testid="link-sign-up">Create an account</a>}{" "}
        {config.credentialEnabled && <a href={handler.urls.forgotPassword} data-testid="link-forgot-password">Forgot your password?</a>}
      </nav>
    </Page>
  )
}
