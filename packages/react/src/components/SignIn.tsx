/**
 * The prebuilt `SignIn` and `OAuthButtonGroup` (the `/handler/sign-in` page's form): the
 * project's OAuth providers with their marks and proper names, an "or" divider, then tabs for a
 * password or a one-time code by e-mail (the same mail carries a magic link), and a passkey
 * button, each as the project's config enables it. Built only on the hooks; after sign-in the user
 * goes home (or `after_auth_return_to`); a second factor sends them to the MFA page.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode, useId, useState } from "react"
import * as Auth from "stack-auth-effect/Auth"
import * as OAuth from "stack-auth-effect/OAuth"
import * as Passkeys from "stack-auth-effect/Passkeys"
import type { ClientProject } from "stack-auth-effect/Projects"
import { type Handler, useHandler } from "../handler/HandlerContext.tsx"
import { Alert, Field, Form, Page, placeError, Status, Submit } from "../handler/ui.tsx"
import { useProject, useUser } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { Button, Divider, TabPanel, Tabs } from "../ui/primitives.tsx"
import { ProviderIcon, providerName } from "../ui/ProviderIcons.tsx"
import { useMessages } from "../ui/Theme.tsx"
import { EmailField } from "./internal/EmailField.tsx"
import { emailProblem } from "./passwordRules.ts"

function PasswordSignIn(props: { readonly handler: Handler; readonly email: string; readonly setEmail: (email: string) => void }): ReactNode {
  const { handler } = props
  const messages = useMessages()
  const [password, setPassword] = useState("")
  const [checked, setChecked] = useState<{ readonly email?: string | undefined; readonly password?: string | undefined }>({})
  const signIn = useMutation(() =>
    handler.onMfaRequired(Auth.signInWithPassword({ email: props.email.trim(), password })).pipe(Effect.tap(handler.afterSignIn))
  )
  const submit = () => {
    const local = {
      email: emailProblem(messages, props.email),
      password: password === "" ? messages.signIn.passwordRequired : undefined
    }
    setChecked(local)
    if (local.email !== undefined || local.password !== undefined) return
    return signIn.mutate()
  }
  const forgot = (
    <a href={handler.carry("forgotPassword")} className="sae-muted" data-testid="link-forgot-password">{messages.signIn.forgotPassword}</a>
  )
  return (
    <Form label={messages.signIn.title} onSubmit={submit} testId="password-sign-in">
      <EmailField
        name="email"
        value={props.email}
        onChange={(v) => {
          props.setEmail(v)
          setChecked((c) => ({ ...c, email: undefined }))
          if (signIn.error !== undefined) signIn.reset()
        }}
        error={checked.email}
      />
      <Field
        label={messages.common.passwordLabel}
        name="password"
        type="password"
        value={password}
        onChange={(v) => {
          setPassword(v)
          setChecked((c) => ({ ...c, password: undefined }))
          if (signIn.error !== undefined) signIn.reset()
        }}
        error={checked.password}
        labelAside={forgot}
        autoComplete="current-password"
      />
      <Alert error={signIn.isPending ? undefined : signIn.error} />
      <Submit busy={signIn.isPending} busyText={messages.signIn.submitting} testId="password-sign-in-submit">{messages.signIn.submit}</Submit>
    </Form>
  )
}

/**
 * The one-time code by e-mail: the address, then the code (or the link in the mail), with "send a
 * new code" and "use another e-mail".
 */
export function CodeSignIn(props: {
  readonly email: string
  readonly setEmail: (email: string) => void
  readonly submitLabel?: string
  readonly intro?: string
}): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const [code, setCode] = useState("")
  const [emailError, setEmailError] = useState<string | undefined>(undefined)
  const [codeError, setCodeError] = useState<string | undefined>(undefined)
  const [resent, setResent] = useState(0)
  const send = useMutation(() =>
    Auth.sendSignInCode({ email: props.email.trim(), callbackUrl: handler.absolute(handler.carry("magicLinkCallback")) })
  )
  const signIn = useMutation((nonce: string) =>
    handler.onMfaRequired(Auth.signInWithOtp({ otp: code.trim(), nonce })).pipe(Effect.tap(handler.afterSignIn))
  )
  const nonce = send.data?.nonce
  if (nonce === undefined) {
    const submitSend = () => {
      const problem = emailProblem(messages, props.email)
      setEmailError(problem)
      return problem === undefined ? send.mutate() : undefined
    }
    return (
      <Form label={messages.code.sendSubmit} onSubmit={submitSend} testId="otp-send">
        {props.intro !== undefined && <p className="sae-muted">{props.intro}</p>}
        <EmailField
          name="otp-email"
          value={props.email}
          onChange={(v) => {
            props.setEmail(v)
            setEmailError(undefined)
          }}
          error={emailError}
          hint={messages.code.sendHint}
        />
        <Alert error={send.isPending ? undefined : send.error} />
        <Submit busy={send.isPending} busyText={messages.code.sending} testId="otp-send-submit">{props.submitLabel ?? messages.code.sendSubmit}</Submit>
      </Form>
    )
  }
  const placed = placeError(signIn.isPending ? undefined : signIn.error, {
    code: ["VerificationCodeNotFound", "VerificationCodeExpired", "VerificationCodeAlreadyUsed", "VerificationCodeMaxAttemptsReached"]
  }, messages)
  const submitCode = () => {
    const problem = code.trim() === "" ? messages.code.codeRequired : undefined
    setCodeError(problem)
    return problem === undefined ? signIn.mutate(nonce) : undefined
  }
  return (
    <Form label={messages.code.codeLabel} onSubmit={submitCode} testId="otp-sign-in">
      <Status testId="otp-sent" tone="success">{messages.code.sent(props.email.trim())}</Status>
      <Field
        label={messages.code.codeLabel}
        name="otp-code"
        value={code}
        onChange={(v) => {
          setCode(v.toUpperCase())
          setCodeError(undefined)
        }}
        error={codeError ?? placed.field.code}
        autoFocus
        autoComplete="one-time-code"
        code
      />
      <Alert error={placed.form} />
      {resent > 0 && !send.isPending && send.error === undefined && <Status testId="otp-resent" tone="info">{messages.code.resent}</Status>}
      <Alert error={send.isPending ? undefined : send.error} testId="otp-resend-error" />
      <Submit busy={signIn.isPending} busyText={messages.code.submitting} testId="otp-sign-in-submit">{messages.code.submit}</Submit>
      <div className="sae-row" style={{ justifyContent: "space-between" }}>
        <Button
          variant="link"
          onClick={() => {
            setResent((n) => n + 1)
            setCode("")
            void send.mutate()
          }}
          busy={send.isPending}
          testId="otp-resend"
        >
          {messages.code.resend}
        </Button>
        <Button
          variant="link"
          onClick={() => {
            send.reset()
            setResent(0)
            setCode("")
          }}
          testId="otp-other-email"
        >
          {messages.code.otherEmail}
        </Button>
      </div>
    </Form>
  )
}

/** Props of {@link OAuthButtonGroup}. */
export interface OAuthButtonGroupProps {
  /** Provider ids; the project's enabled providers by default. */
  readonly providers?: ReadonlyArray<string> | undefined
}

/** One "Continue with GitHub" button per OAuth provider, with its mark; starts the redirect flow. */
export function OAuthButtonGroup(props: OAuthButtonGroupProps): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const project = useProject()
  const providers = props.providers ?? project.config.enabledOAuthProviders.map((p) => p.id)
  const [started, setStarted] = useState<string | undefined>(undefined)
  const start = useMutation((provider: string) =>
    OAuth.signInWithRedirect({
      provider,
      redirectUrl: handler.absolute(handler.urls.oauthCallback),
      errorRedirectUrl: handler.absolute(handler.urls.error),
      afterCallbackRedirectUrl: handler.param("after_auth_return_to")
    })
  )
  if (providers.length === 0) return null
  return (
    <section aria-label={messages.oauth.groupLabel} className="sae-stack" data-testid="oauth-providers">
      <div className={providers.length === 1 || providers.length % 2 === 1 ? "sae-oauth sae-oauth-single" : "sae-oauth"}>
        {providers.map((id) => (
          <Button
            key={id}
            variant="secondary"
            block
            icon={<ProviderIcon provider={id} />}
            busy={start.isPending && started === id}
            busyText={messages.oauth.redirecting(providerName(id))}
            disabled={start.isPending}
            onClick={() => {
              setStarted(id)
              void start.mutate(id)
            }}
            testId={`oauth-${id}`}
          >
            {messages.oauth.continueWith(providerName(id))}
          </Button>
        ))}
      </div>
      <Alert error={start.isPending ? undefined : start.error} testId="oauth-error" />
    </section>
  )
}

/** The passkey button: the browser asks for a passkey and signs in with it. */
export function PasskeyButton(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const signIn = useMutation(() => handler.onMfaRequired(Passkeys.signIn()).pipe(Effect.tap(handler.afterSignIn)))
  const icon = (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
      <circle cx="8" cy="8" r="4" />
      <path d="M2 21v-2a5 5 0 0 1 5-5h2M15 13.5a3 3 0 1 1 3 3v4l-1.5 1.5-1.5-1.5v-1l1-1-1-1z" strokeLinejoin="round" />
    </svg>
  )
  return (
    <section aria-label={messages.passkey.button} className="sae-stack" data-testid="passkey-sign-in">
      <Button variant="secondary" block icon={icon} onClick={() => void signIn.mutate()} busy={signIn.isPending} busyText={messages.passkey.busy} testId="passkey-sign-in-button">
        {messages.passkey.button}
      </Button>
      <Alert error={signIn.isPending ? undefined : signIn.error} testId="passkey-error" />
    </section>
  )
}

type Method = "password" | "code"

/** Tabs for password and e-mail code when both are on; the one that is on otherwise. */
export function MethodTabs(props: {
  readonly config: ClientProject["config"]
  readonly password: (email: string, setEmail: (email: string) => void) => ReactNode
  readonly code: (email: string, setEmail: (email: string) => void) => ReactNode
}): ReactNode {
  const messages = useMessages()
  const idPrefix = useId()
  const [email, setEmail] = useState("")
  const methods: ReadonlyArray<Method> = [
    ...(props.config.credentialEnabled ? ["password" as const] : []),
    ...(props.config.magicLinkEnabled ? ["code" as const] : [])
  ]
  const [selected, setSelected] = useState<Method>(methods[0] ?? "password")
  if (methods.length === 0) return null
  const panel = selected === "password" ? props.password(email, setEmail) : props.code(email, setEmail)
  if (methods.length === 1) return props[methods[0]!](email, setEmail)
  return (
    <div className="sae-stack">
      <Tabs
        label={messages.signIn.title}
        idPrefix={idPrefix}
        tabs={[{ id: "password", label: messages.signIn.passwordTab }, { id: "code", label: messages.signIn.codeTab }]}
        selected={selected}
        onSelect={setSelected}
      />
      <TabPanel idPrefix={idPrefix} id={selected}>{panel}</TabPanel>
    </div>
  )
}

/** OAuth buttons, then "or", then the other methods; the passkey last. */
export function Methods(props: { readonly config: ClientProject["config"]; readonly children?: ReactNode; readonly passkey?: boolean }): ReactNode {
  const oauth = props.config.enabledOAuthProviders.length > 0
  const others = props.config.credentialEnabled || props.config.magicLinkEnabled
  return (
    <>
      {oauth && <OAuthButtonGroup />}
      {oauth && others && <Divider />}
      {props.children}
      {props.passkey === true && props.config.passkeyEnabled && (
        <>
          {(oauth || others) && <Divider />}
          <PasskeyButton />
        </>
      )}
    </>
  )
}

/** The sign-in form: every method the project enables. Drop it into any page below the provider. */
export function SignIn(): ReactNode {
  const handler = useHandler()
  const messages = useMessages()
  const project = useProject()
  const user = useUser()
  if (user !== null) {
    return (
      <Page title={messages.signIn.title} testId="page-sign-in">
        <Status testId="already-signed-in">{messages.signIn.alreadySignedIn(user.primaryEmail ?? user.displayName ?? user.id)}</Status>
        <div className="sae-row" style={{ justifyContent: "center" }}>
          <a href={handler.urls.home}>{messages.common.home}</a>
          <span aria-hidden="true">·</span>
          <a href={handler.urls.signOut}>{messages.common.signOut}</a>
        </div>
      </Page>
    )
  }
  const config = project.config
  const footer = config.signUpEnabled
    ? <span>{messages.signIn.noAccount} <a href={handler.carry("signUp")} data-testid="link-sign-up">{messages.signIn.signUpLink}</a></span>
    : undefined
  return (
    <Page title={messages.signIn.title} subtitle={messages.signIn.subtitle(project.displayName)} testId="page-sign-in" footer={footer}>
      <Methods config={config} passkey>
        <MethodTabs
          config={config}
          password={(email, setEmail) => <PasswordSignIn handler={handler} email={email} setEmail={setEmail} />}
          code={(email, setEmail) => <CodeSignIn email={email} setEmail={setEmail} />}
        />
      </Methods>
    </Page>
  )
}
