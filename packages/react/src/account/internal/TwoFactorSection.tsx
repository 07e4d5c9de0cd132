/**
 * Account settings, two-factor authentication with an authenticator app
 * (`totp_secret_base64`): a new key is shown as a QR code and as text for manual entry, and is
 * saved only once the user typed a valid first code from their app (a key that never reached the
 * app cannot lock them out). Turning it off asks first.
 *
 * @since 0.1.0
 */
import * as OTPAuth from "otpauth"
import { type ReactNode, useState } from "react"
import { renderSVG } from "uqr"
import * as Users from "stack-auth-effect/Users"
import { Form } from "../../handler/ui.tsx"
import { useProjectQuery } from "../../hooks.ts"
import { errorMessage } from "../../messages.ts"
import { Alert, Button, ErrorAlert, Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { checked, ConfirmButton, Section } from "./parts.tsx"

const toBase64 = (bytes: ArrayBufferLike): string => btoa(String.fromCharCode(...new Uint8Array(bytes)))

/** The key in groups of four, as authenticator apps show it. */
export const groupKey = (base32: string): string => base32.replace(/(.{4})(?=.)/g, "$1 ")

/** Whether `code` is the key's code now, or one 30-second step before or after (the usual clock skew). */
export const isValidFirstCode = (secret: OTPAuth.Secret, code: string): boolean =>
  /^\d{6}$/.test(code) && OTPAuth.TOTP.validate({ token: code, secret, window: 1 }) !== null

/** An `otpauth://` URI as a QR code picture (SVG). */
export const qrCodeDataUrl = (uri: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`

function Setup(props: { readonly user: Users.CurrentUser; readonly onDone: () => void; readonly onCancel: () => void }): ReactNode {
  const messages = useMessages()
  const t = messages.account.twoFactor
  const project = useProjectQuery().data
  const [secret] = useState(() => new OTPAuth.Secret({ size: 20 }))
  const [code, setCode] = useState("")
  const uri = new OTPAuth.TOTP({
    issuer: project?.displayName ?? "",
    label: props.user.primaryEmail ?? props.user.displayName ?? props.user.id,
    secret
  }).toString()
  const enable = useMutation(() =>
    checked(isValidFirstCode(secret, code.trim()) ? undefined : { _tag: "WrongTotpCode" }, () =>
      Users.update({ totpSecretBase64: toBase64(secret.buffer) }))
  )
  const wrong = enable.error !== undefined && (enable.error as { _tag: string })._tag === "WrongTotpCode"
  return (
    <div className="sae-stack" data-testid="mfa-setup">
      <ol className="sae-steps">
        <li>{t.scan}</li>
        <li>
          {t.typeKey}{" "}
          <code className="sae-code" data-testid="totp-secret" data-secret={secret.base32}>{groupKey(secret.base32)}</code>
        </li>
        <li>{t.enterCode}</li>
      </ol>
      <img className="sae-qr" src={qrCodeDataUrl(uri)} alt={t.qrAlt} width={176} height={176} data-testid="totp-qr" />
      <Form
        label={t.confirmLabel}
        onSubmit={() => enable.mutate().then((exit) => exit._tag === "Success" && props.onDone())}
        testId="mfa-confirm"
      >
        <Field
          label={t.codeLabel}
          name="totp-setup-code"
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          code
          maxLength={6}
          error={wrong ? errorMessage(messages, enable.error) : undefined}
        />
        {!wrong && <ErrorAlert error={enable.error} />}
        <div className="sae-actions">
          <Button type="submit" busy={enable.isPending} busyText={t.turningOn} testId="mfa-confirm-submit">{t.turnOn}</Button>
          <Button variant="ghost" onClick={props.onCancel} testId="mfa-setup-cancel">{messages.common.cancel}</Button>
        </div>
      </Form>
    </div>
  )
}

/** Two-factor authentication with an authenticator app (TOTP). */
export function TwoFactorSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const t = useMessages().account.twoFactor
  const enabled = props.user.isMultiFactorRequired
  const [settingUp, setSettingUp] = useState(false)
  const [justEnabled, setJustEnabled] = useState(false)
  const disable = useMutation(() => Users.update({ totpSecretBase64: null }))
  return (
    <Section id="two-factor" title={t.title} description={t.description}>
      <p data-testid="mfa-state" className="sae-row">
        <span className={enabled ? "sae-badge sae-badge-success" : "sae-badge"}>{enabled ? t.on : t.off}</span>{" "}
        <span>{enabled ? t.onText : t.offText}</span>
      </p>
      {justEnabled && enabled && <Alert tone="success" testId="mfa-enabled">{t.enabled}</Alert>}
      {enabled
        ? (
          <ConfirmButton
            label={t.turnOff}
            title={t.turnOffTitle}
            body={t.turnOffBody}
            confirmLabel={t.turnOff}
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
        : <Button onClick={() => setSettingUp(true)} testId="mfa-enable">{t.setUp}</Button>}
      <ErrorAlert error={disable.error} />
    </Section>
  )
}
