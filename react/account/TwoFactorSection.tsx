/**
 * Account settings, two-factor authentication with an authenticator app (SPEC §3 User
 * `totp_secret_base64`, §4): a new key is shown as a QR code and as text for manual entry, and is
 * saved only once the user typed a valid first code from their app (a key that never reached the
 * app cannot lock them out). Turning it off asks first.
 *
 * @since 0.1.0
 */
import * as OTPAuth from "otpauth"
import { type ReactNode, useRef, useState } from "react"
import { renderSVG } from "uqr"
import type * as Users from "../../src/api/Users.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { useProjectQuery } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { checked, messageFor } from "./messages.ts"
import { ConfirmButton, ErrorMessage, useFocusFirstError, Notice, Section } from "./parts.tsx"

const toBase64 = (bytes: ArrayBufferLike): string => btoa(String.fromCharCode(...new Uint8Array(bytes)))

/** The key in groups of four, as authenticator apps show it. SPEC §4 */
export const groupKey = (base32: string): string => base32.replace(/(.{4})(?=.)/g, "$1 ")

/** Whether `code` is the key's code now, or one 30-second step before or after (the usual clock skew). SPEC §4 */
export const isValidFirstCode = (secret: OTPAuth.Secret, code: string): boolean =>
  /^\d{6}$/.test(code) && OTPAuth.TOTP.validate({ token: code, secret, window: 1 }) !== null

/** An `otpauth://` URI as a QR code picture (SVG). SPEC §4 */
export const qrCodeDataUrl = (uri: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`

function Setup(props: { readonly user: Users.CurrentUser; readonly onDone: () => void; readonly onCancel: () => void }): ReactNode {
  const project = useProjectQuery().data
  const [secret] = useState(() => new OTPAuth.Secret({ size: 20 }))
  const [code, setCode] = useState("")
  const form = useRef<HTMLDivElement>(null)
  const uri = new OTPAuth.TOTP({
    issuer: project?.displayName ?? "",
    label: props.user.primaryEmail ?? props.user.displayName ?? props.user.id,
    secret
  }).toString()
  const enable = useMutation(() =>
    checked(isValidFirstCode(secret, code.trim()) ? undefined : { _tag: "WrongTotpCode" }, () =>
      Mutations.updateUser({ totpSecretBase64: toBase64(secret.buffer) }))
  )
  useFocusFirstError(form, enable.exit)
  const wrong = enable.error !== undefined && (enable.error as { _tag: string })._tag === "WrongTotpCode"
  return (
    <div className="sae-stack" data-testid="mfa-setup">
      <ol className="sae-steps">
        <li>Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).</li>
        <li>
          Or type this key into the app:{" "}
          <code className="sae-code" data-testid="totp-secret" data-secret={secret.base32}>{groupKey(secret.base32)}</code>
        </li>
        <li>Enter the 6-digit code the app shows to turn on two-factor authentication.</li>
      </ol>
      <img className="sae-qr" src={qrCodeDataUrl(uri)} alt="QR code of the key for your authenticator app" width={176} height={176} data-testid="totp-qr" />
      <div ref={form}>
        <Form
          label="Confirm two-factor authentication"
          onSubmit={() => void enable.mutate().then((exit) => exit._tag === "Success" && props.onDone())}
          testId="mfa-confirm"
        >
          <Field
            label="Code from your authenticator app"
            name="totp-setup-code"
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            error={wrong ? messageFor(enable.error) : undefined}
          />
          {!wrong && <ErrorMessage error={enable.error} />}
          <div className="sae-actions">
            <Submit busy={enable.isPending} testId="mfa-confirm-submit">{enable.isPending ? "Turning on…" : "Turn on"}</Submit>
            <button type="button" className="sae-button sae-button-ghost" onClick={props.onCancel} data-testid="mfa-setup-cancel">Cancel</button>
          </div>
        </Form>
      </div>
    </div>
  )
}

/** Two-factor authentication with an authenticator app (TOTP). SPEC §4 */
export function TwoFactorSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const enabled = props.user.isMultiFactorRequired
  const [settingUp, setSettingUp] = useState(false)
  const [justEnabled, setJustEnabled] = useState(false)
  const disable = useMutation(() => Mutations.updateUser({ totpSecretBase64: null }))
  return (
    <Section id="two-factor" title="Two-factor authentication" description="Ask for a code from an authenticator app at every sign-in.">
      <p data-testid="mfa-state" className="sae-state">
        <span className={enabled ? "sae-badge sae-badge-success" : "sae-badge"}>{enabled ? "On" : "Off"}</span>{" "}
        {enabled ? "Sign-ins ask for a code from your authenticator app." : "Sign-ins do not ask for a second factor."}
      </p>
      {justEnabled && enabled && <Notice testId="mfa-enabled">Two-factor authentication is on.</Notice>}
      {enabled
        ? (
          <ConfirmButton
            label="Turn off"
            title="Turn off two-factor authentication?"
            body="Sign-ins will no longer ask for a code from your authenticator app. Your account will be easier to take over if your password leaks."
            confirmLabel="Turn off"
            onConfirm={() => {
              setJustEnabled(false)
              void disable.mutate()
            }}
            busy={disable.isPending}
            testId="mfa-disable"
          />
        )
        : settingUp
        ? (
          <Setup
            user={props.user}
            onDone={() => {
              setSettingUp(false)
              setJustEnabled(true)
            }}
            onCancel={() => setSettingUp(false)}
          />
        )
        : (
          <button type="button" className="sae-button sae-button-primary" onClick={() => setSettingUp(true)} data-testid="mfa-enable">
            Set up two-factor authentication
          </button>
        )}
      <ErrorMessage error={disable.error} />
    </Section>
  )
}
