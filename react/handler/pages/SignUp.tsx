/**
 * The sign-up, MFA, forgot-password, password-reset and sign-out pages (SPEC §2, §4, §5).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode, useState } from "react"
import * as Auth from "../../../src/api/Auth.ts"
import * as Mfa from "../../../src/api/Mfa.ts"
import * as Passwords from "../../../src/api/Passwords.ts"
import { useProject } from "../../hooks.ts"
import { useOnMount } from "../../useOnMount.ts"
import { useMutation } from "../../useQuery.ts"
import { useHandler } from "../HandlerContext.tsx"
import { Alert, Field, Form, Page, placeError, Status, Submit } from "../ui.tsx"

const passwordErrors = ["PasswordTooShort", "PasswordTooLong"]

/** The sign-up page: e-mail and password; a verification mail links to the e-mail-verification page. SPEC §2 `sign-up` */
export function SignUpPage(): ReactNode {
  const handler = useHandler()
  const project = useProject()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [repeat, setRepeat] = useState("")
  const [mismatch, setMismatch] = useState(false)
  const signUp = useMutation(() =>
    handler.onMfaRequired(
      Auth.signUpWithPassword({ email, password, verificationCallbackUrl: handler.absolute(handler.urls.emailVerification) })
    ).pipe(Effect.tap((result) => handler.afterSignIn({ ...result, isNewUser: true })))
  )
  const submit = () => {
    setMismatch(password !== repeat)
    if (password === repeat) void signUp.mutate()
  }
  if (!project.config.signUpEnabled) {
    return (
      <Page title="Sign up" testId="page-sign-up">
        <Status testId="sign-up-disabled">This project does not accept new accounts.</Status>
      </Page>
    )
  }
  const placed = placeError(signUp.error, { password: passwordErrors, email: ["UserWithEmailAlreadyExists"] })
  return (
    <Page title={`Create an account for ${project.displayName}`} testId="page-sign-up">
      <Form label="Sign up with password" onSubmit={submit} testId="sign-up">
        <Field label="E-mail" name="email" type="email" value={email} onChange={setEmail} error={placed.field.email} autoFocus autoComplete="email" />
        <Field label="Password" name="password" type="password" value={password} onChange={setPassword} error={placed.field.password} autoComplete="new-password" />
        <Field
          label="Repeat password"
          name="repeat-password"
          type="password"
          value={repeat}
          onChange={setRepeat}
          error={mismatch ? "The passwords do not match." : undefined}
          autoComplete="new-password"
        />
        <Alert error={placed.form} />
        <Submit busy={signUp.isPending} testId="sign-up-submit">Sign up</Submit>
      </Form>
      <nav aria-label="Other pages"><a href={handler.carry("signIn")} data-testid="link-sign-in">I already have an account</a></nav>
    </Page>
  )
}

/** The MFA page: completes a sign-in with a TOTP code and the kept attempt code. SPEC §2 `mfa`, §4 */
export function MfaPage(): ReactNode {
  const handler = useHandler()
  const [totp, setTotp] = useState("")
  const signIn = useMutation(() => Mfa.signInWithMfa({ totp }).pipe(Effect.tap(handler.afterSignIn)))
  const placed = placeError(signIn.error, { totp: ["InvalidTotpCode"] })
  return (
    <Page title="Two-factor authentication" testId="page-mfa">
      <Form label="Enter your authenticator code" onSubmit={() => void signIn.mutate()} testId="mfa">
        <Field label="Authenticator code" name="totp" value={totp} onChange={setTotp} error={placed.field.totp} autoFocus autoComplete="one-time-code" />
        <Alert error={placed.form} />
        <Submit busy={signIn.isPending} testId="mfa-submit">Verify</Submit>
      </Form>
      {signIn.error?._tag === "MissingAttemptCode" && <p><a href={handler.carry("signIn")}>Sign in again</a></p>}
    </Page>
  )
}

/** The forgot-password page: mails a reset link to the password-reset page. SPEC §2 `forgot-password` */
export function ForgotPasswordPage(): ReactNode {
  const handler = useHandler()
  const [email, setEmail] = useState("")
  const send = useMutation(() => Passwords.sendResetCode({ email, callbackUrl: handler.absolute(handler.urls.passwordReset) }))
  return (
    <Page title="Reset your password" testId="page-forgot-password">
      {send.exit === undefined || send.error !== undefined
        ? (
          <Form label="Send a password reset link" onSubmit={() => void send.mutate()} testId="forgot-password">
            <Field label="E-mail" name="email" type="email" value={email} onChange={setEmail} autoFocus autoComplete="email" />
            <Alert error={send.error} />
            <Submit busy={send.isPending} testId="forgot-password-submit">Send reset link</Submit>
          </Form>
        )
        : <Status testId="reset-sent">If an account uses {email}, a reset link is on its way.</Status>}
      <nav aria-label="Other pages"><a href={handler.carry("signIn")}>Back to sign in</a></nav>
    </Page>
  )
}

/** The password-reset page: checks the mailed code, then sets the new password. SPEC §2 `password-reset` */
export function PasswordResetPage(): ReactNode {
  const handler = useHandler()
  const code = handler.param("code") ?? ""
  const check = useOnMount(() => Passwords.checkResetCode(code))
  const [password, setPassword] = useState("")
  const reset = useMutation(() => Passwords.reset({ code, password }))
  const placed = placeError(reset.error, { password: passwordErrors })
  let body: ReactNode
  if (check.exit === undefined) body = <Status>Checking the reset link…</Status>
  else if (check.error !== undefined) body = <Alert error={check.error} testId="reset-code-error" />
  else if (reset.exit === undefined) {
    body = (
      <Form label="Choose a new password" onSubmit={() => void reset.mutate()} testId="password-reset">
        <Field label="New password" name="password" type="password" value={password} onChange={setPassword} error={placed.field.password} autoFocus autoComplete="new-password" />
        <Alert error={placed.form} />
        <Submit busy={reset.isPending} testId="password-reset-submit">Set password</Submit>
      </Form>
    )
  } else if (reset.error !== undefined) body = <Alert error={reset.error} />
  else body = <Status testId="password-reset-done">Your password is reset. <a href={handler.urls.signIn}>Sign in</a></Status>
  return <Page title="Choose a new password" testId="page-password-reset">{body}</Page>
}

/** The sign-out page: signs out, then goes home (after-sign-out). SPEC §2 `sign-out`, §4 */
export function SignOutPage(): ReactNode {
  const handler = useHandler()
  const out = useOnMount(() => Auth.signOut().pipe(Effect.andThen(handler.goTo("afterSignOut", { replace: true }))))
  return (
    <Page title="Sign out" testId="page-sign-out">
      {out.error === undefined ? <Status>Signing you out…</Status> : <Alert error={out.error} />}
    </Page>
  )
}
