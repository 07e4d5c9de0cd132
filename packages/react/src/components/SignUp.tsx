/**
 * The prebuilt `SignUp` (the `/handler/sign-up` page's form): the project's OAuth providers, an
 * "or" divider, then tabs for a password (with the service's rules stated and checked before the
 * request) or a one-time code by e-mail, as the project's config enables them. A verification mail
 * links to the e-mail-verification page. Built only on the hooks.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode, useState } from "react"
import * as Auth from "stack-auth-effect/Auth"
import { useHandler } from "../handler/HandlerContext.tsx"
import { Alert, Form, Page, placeError, Status, Submit } from "../handler/ui.tsx"
import { useProject } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { useMessages } from "../ui/Theme.tsx"
import { EmailField } from "./internal/EmailField.tsx"
import { NewPasswordFields, useNewPassword } from "./internal/NewPasswordFields.tsx"
import { emailProblem } from "./passwordRules.ts"
import { CodeSignIn, Methods, MethodTabs } from "./SignIn.tsx"

function PasswordSignUp(props: { readonly email: string; readonly setEmail: (email: string) => void }): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const newPassword = useNewPassword()
  const [emailError, setEmailError] = useState<string | undefined>(undefined)
  const signUp = useMutation(() =>
    handler.onMfaRequired(
      Auth.signUpWithPassword({ email: props.email.trim(), password: newPassword.password, verificationCallbackUrl: handler.absolute(handler.urls.emailVerification) })
    ).pipe(Effect.tap((result) => handler.afterSignIn({ ...result, isNewUser: true })))
  )
  const submit = () => {
    const email = emailProblem(messages, props.email)
    setEmailError(email)
    const passwordsPass = newPassword.check(messages)
    return email === undefined && passwordsPass ? signUp.mutate() : undefined
  }
  const placed = placeError(signUp.isPending ? undefined : signUp.error, {
    password: ["PasswordTooShort", "PasswordTooLong"],
    email: ["UserWithEmailAlreadyExists"]
  }, messages)
  return (
    <Form label={messages.signUp.title} onSubmit={submit} testId="sign-up">
      <EmailField
        name="email"
        value={props.email}
        onChange={(v) => {
          props.setEmail(v)
          setEmailError(undefined)
        }}
        error={emailError ?? placed.field.email}
      />
      <NewPasswordFields
        state={newPassword}
        label={messages.common.passwordLabel}
        repeatLabel={messages.signUp.repeatPasswordLabel}
        serviceProblem={placed.field.password}
      />
      <Alert error={placed.form} />
      <Submit busy={signUp.isPending} busyText={messages.signUp.submitting} testId="sign-up-submit">{messages.signUp.submit}</Submit>
    </Form>
  )
}

/** The sign-up form: every method the project enables. Drop it into any page below the provider. */
export function SignUp(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const project = useProject()
  const footer = <span>{messages.signUp.haveAccount} <a href={handler.carry("signIn")} data-testid="link-sign-in">{messages.signUp.signInLink}</a></span>
  if (!project.config.signUpEnabled) {
    return (
      <Page title={messages.signUp.title} testId="page-sign-up" footer={footer}>
        <Status testId="sign-up-disabled">{messages.signUp.disabled}</Status>
      </Page>
    )
  }
  const config = project.config
  return (
    <Page title={messages.signUp.title} subtitle={messages.signUp.subtitle(project.displayName)} testId="page-sign-up" footer={footer}>
      <Methods config={config}>
        <MethodTabs
          config={config}
          password={(email, setEmail) => <PasswordSignUp email={email} setEmail={setEmail} />}
          code={(email, setEmail) => <CodeSignIn email={email} setEmail={setEmail} intro={messages.signUp.codeIntro} />}
        />
      </Methods>
    </Page>
  )
}
