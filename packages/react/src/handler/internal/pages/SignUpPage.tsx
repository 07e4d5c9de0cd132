/**
 * The sign-up, MFA, forgot-password, password-reset and sign-out pages.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode, useState } from "react"
import * as Auth from "stack-auth-effect/Auth"
import * as Mfa from "stack-auth-effect/Mfa"
import * as Passwords from "stack-auth-effect/Passwords"
import { EmailField } from "../../../components/internal/EmailField.tsx"
import { NewPasswordFields, useNewPassword } from "../../../components/internal/NewPasswordFields.tsx"
import { emailProblem } from "../../../components/passwordRules.ts"
import { SignUp } from "../../../components/SignUp.tsx"
import type { UntrustedRedirectUrl } from "stack-auth-effect/Redirects"
import type { Services } from "../../../StackRuntime.ts"
import { useOnMount } from "../../../useOnMount.ts"
import { useMutation } from "../../../useQuery.ts"
import { ButtonLink } from "../../../ui/primitives.tsx"
import { useMessages } from "../../../ui/Theme.tsx"
import { useHandler } from "../../HandlerContext.tsx"
import { Alert, Field, Form, Page, placeError, Status, Submit } from "../../ui.tsx"

/** The sign-up page: the prebuilt `SignUp`. `/handler/sign-up` */
export const SignUpPage = SignUp

/**
 * The MFA page: completes a sign-in with a TOTP code and the kept attempt code. Without a pending
 * sign-in it shows no form, only the way back to sign-in. `/handler/mfa`
 */
export function MfaPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const pending = useOnMount(() => Mfa.AttemptCodeStore.use((store) => store.get))
  const [totp, setTotp] = useState("")
  const [empty, setEmpty] = useState(false)
  const signIn = useMutation(() => Mfa.signInWithMfa({ totp: totp.trim() }).pipe(Effect.tap(handler.afterSignIn)))
  const placed = placeError(signIn.isPending ? undefined : signIn.error, { totp: ["InvalidTotpCode"] }, messages)
  const back = <a href={handler.carry("signIn")} data-testid="link-sign-in">{messages.mfa.signInAgain}</a>
  if (pending.exit === undefined) return <Page title={messages.mfa.title} testId="page-mfa"><Status tone="progress">{messages.common.loading}</Status></Page>
  if (pending.data === undefined || signIn.error?._tag === "MissingAttemptCode") {
    return (
      <Page title={messages.mfa.title} testId="page-mfa" footer={back}>
        <Status testId="mfa-no-pending">{messages.mfa.noPending}</Status>
      </Page>
    )
  }
  const submit = () => {
    setEmpty(totp.trim() === "")
    return totp.trim() === "" ? undefined : signIn.mutate()
  }
  return (
    <Page title={messages.mfa.title} subtitle={messages.mfa.subtitle} testId="page-mfa" footer={back}>
      <Form label={messages.mfa.codeLabel} onSubmit={submit} testId="mfa">
        <Field
          label={messages.mfa.codeLabel}
          name="totp"
          value={totp}
          onChange={(v) => {
            setTotp(v)
            setEmpty(false)
          }}
          error={empty ? messages.code.codeRequired : placed.field.totp}
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          code
        />
        <Alert error={placed.form} />
        <Submit busy={signIn.isPending} busyText={messages.mfa.submitting} testId="mfa-submit">{messages.mfa.submit}</Submit>
      </Form>
    </Page>
  )
}

/** The forgot-password page: mails a reset link to the password-reset page. `/handler/forgot-password` */
export function ForgotPasswordPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const [email, setEmail] = useState("")
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const send = useMutation(() => Passwords.sendResetCode({ email: email.trim(), callbackUrl: handler.absolute(handler.urls.passwordReset) }))
  const submit = () => {
    const local = emailProblem(messages, email)
    setProblem(local)
    return local === undefined ? send.mutate() : undefined
  }
  const footer = <a href={handler.carry("signIn")} data-testid="link-sign-in">{messages.common.backToSignIn}</a>
  return (
    <Page title={messages.forgotPassword.title} subtitle={messages.forgotPassword.subtitle} testId="page-forgot-password" footer={footer}>
      {send.exit === undefined || send.error !== undefined || send.isPending
        ? (
          <Form label={messages.forgotPassword.title} onSubmit={submit} testId="forgot-password">
            <EmailField
              name="email"
              value={email}
              onChange={(v) => {
                setEmail(v)
                setProblem(undefined)
              }}
              error={problem}
              autoFocus
            />
            <Alert error={send.isPending ? undefined : send.error} />
            <Submit busy={send.isPending} busyText={messages.forgotPassword.submitting} testId="forgot-password-submit">
              {messages.forgotPassword.submit}
            </Submit>
          </Form>
        )
        : <Status testId="reset-sent" tone="success">{messages.forgotPassword.sent(email.trim())}</Status>}
    </Page>
  )
}

const linkErrors: ReadonlySet<string> = new Set([
  "VerificationCodeNotFound",
  "VerificationCodeExpired",
  "VerificationCodeAlreadyUsed",
  "VerificationCodeMaxAttemptsReached"
])

/**
 * The password-reset page: checks the mailed code, then sets the new password. The service's rules
 * are stated and checked before the request, so the link is never spent on a password the service
 * would refuse; a refused password keeps the form. `/handler/password-reset`
 */
export function PasswordResetPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const code = handler.param("code") ?? ""
  const check = useOnMount(() => Passwords.checkResetCode(code))
  const newPassword = useNewPassword()
  const reset = useMutation(() => Passwords.reset({ code, password: newPassword.password }))
  const footer = <a href={handler.carry("signIn")} data-testid="link-sign-in">{messages.common.backToSignIn}</a>
  const badLink = (error: unknown) => (
    <div className="sae-stack">
      <Alert error={error} testId="reset-code-error" />
      <a href={handler.carry("forgotPassword")} data-testid="link-forgot-password">{messages.passwordReset.requestNew}</a>
    </div>
  )
  let body: ReactNode
  if (check.exit === undefined) body = <Status tone="progress">{messages.passwordReset.checking}</Status>
  else if (check.error !== undefined) body = badLink(check.error)
  else if (reset.exit !== undefined && reset.error === undefined) {
    body = (
      <div className="sae-stack">
        <Status testId="password-reset-done" tone="success">{messages.passwordReset.done}</Status>
        <ButtonLink block href={handler.carry("signIn")}>{messages.signIn.submit}</ButtonLink>
      </div>
    )
  } else if (reset.error !== undefined && linkErrors.has(reset.error._tag)) body = badLink(reset.error)
  else {
    const placed = placeError(reset.isPending ? undefined : reset.error, { password: ["PasswordTooShort", "PasswordTooLong"] }, messages)
    const submit = () => newPassword.check(messages) ? reset.mutate() : undefined
    body = (
      <Form label={messages.passwordReset.title} onSubmit={submit} testId="password-reset">
        <NewPasswordFields
          state={newPassword}
          label={messages.passwordReset.newPasswordLabel}
          repeatLabel={messages.passwordReset.repeatLabel}
          serviceProblem={placed.field.password}
          autoFocus
        />
        <Alert error={placed.form} />
        <Submit busy={reset.isPending} busyText={messages.passwordReset.submitting} testId="password-reset-submit">
          {messages.passwordReset.submit}
        </Submit>
      </Form>
    )
  }
  return <Page title={messages.passwordReset.title} testId="page-password-reset" footer={footer}>{body}</Page>
}

/** The sign-out page: signs out, then goes home (after-sign-out). `/handler/sign-out` */
export function SignOutPage(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const [attempt, setAttempt] = useState(0)
  return (
    <Page title={messages.signOut.title} testId="page-sign-out">
      <SignOutRun key={attempt} onRetry={() => setAttempt((n) => n + 1)} goHome={handler.goTo("afterSignOut", { replace: true })} />
    </Page>
  )
}

function SignOutRun(props: { readonly onRetry: () => void; readonly goHome: Effect.Effect<void, UntrustedRedirectUrl, Services> }): ReactNode {
  const messages = useMessages()
  const out = useOnMount(() => Auth.signOut().pipe(Effect.andThen(props.goHome)))
  return out.error === undefined ? <Status tone="progress">{messages.signOut.busy}</Status> : <Alert error={out.error} onRetry={props.onRetry} />
}
