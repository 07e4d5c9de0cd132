/**
 * Account settings: profile, password, two-factor authentication and account deletion
 * (SPEC §2 `account-settings`, §3 User, §5, §7 Users and Auth).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as OTPAuth from "otpauth"
import { type ReactNode, useState } from "react"
import type * as Users from "../../../../src/api/Users.ts"
import * as Mutations from "../../../../src/cache/Mutations.ts"
import { useProject } from "../../../hooks.ts"
import { useMutation } from "../../../useQuery.ts"
import { useHandler } from "../../HandlerContext.tsx"
import { Alert, Field, Form, placeError, Status, Submit } from "../../ui.tsx"

/** The display name. SPEC §3 User */
export function ProfileSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const [name, setName] = useState(props.user.displayName ?? "")
  const save = useMutation(() => Mutations.updateUser({ displayName: name.trim() === "" ? null : name.trim() }))
  return (
    <section aria-labelledby="profile-heading" data-testid="section-profile">
      <h2 id="profile-heading">Profile</h2>
      <p data-testid="profile-email">E-mail: {props.user.primaryEmail ?? "none"}{props.user.primaryEmailVerified ? " (verified)" : ""}</p>
      <Form label="Profile" onSubmit={() => void save.mutate()} testId="profile">
        <Field label="Display name" name="display-name" value={name} onChange={setName} required={false} autoComplete="name" />
        <Alert error={save.error} />
        <Submit busy={save.isPending} testId="profile-submit">Save</Submit>
        {save.exit !== undefined && save.error === undefined && <Status testId="profile-saved">Saved.</Status>}
      </Form>
    </section>
  )
}

const passwordFields = { "new-password": ["PasswordTooShort", "PasswordTooLong"], "old-password": ["PasswordConfirmationMismatch"] }

/** Changing the password, or setting a first one. SPEC §5, §7 `/auth/password/update`, `/auth/password/set` */
export function PasswordSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const [oldPassword, setOld] = useState("")
  const [newPassword, setNew] = useState("")
  const change = useMutation(() =>
    props.user.hasPassword ? Mutations.updatePassword({ oldPassword, newPassword }) : Mutations.setPassword(newPassword)
  )
  const placed = placeError(change.error, passwordFields)
  return (
    <section aria-labelledby="password-heading" data-testid="section-password">
      <h2 id="password-heading">Password</h2>
      <Form label={props.user.hasPassword ? "Change password" : "Set a password"} onSubmit={() => void change.mutate()} testId="password">
        {props.user.hasPassword && (
          <Field label="Current password" name="old-password" type="password" value={oldPassword} onChange={setOld} error={placed.field["old-password"]} autoComplete="current-password" />
        )}
        <Field label="New password" name="new-password" type="password" value={newPassword} onChange={setNew} error={placed.field["new-password"]} autoComplete="new-password" />
        <Alert error={placed.form} />
        <Submit busy={change.isPending} testId="password-submit">{props.user.hasPassword ? "Change password" : "Set password"}</Submit>
        {change.exit !== undefined && change.error === undefined && <Status testId="password-saved">Password saved.</Status>}
      </Form>
    </section>
  )
}

const toBase64 = (bytes: ArrayBufferLike): string => btoa(String.fromCharCode(...new Uint8Array(bytes)))

/** Two-factor authentication with an authenticator app (TOTP). SPEC §3 User (`totp_secret_base64`), §4 */
export function MfaSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const project = useProject()
  const [secret, setSecret] = useState<OTPAuth.Secret | undefined>(undefined)
  const enable = useMutation(() =>
    Effect.suspend(() => {
      const fresh = new OTPAuth.Secret({ size: 20 })
      setSecret(fresh)
      return Mutations.updateUser({ totpSecretBase64: toBase64(fresh.buffer) })
    })
  )
  const disable = useMutation(() => Mutations.updateUser({ totpSecretBase64: null }))
  const enabled = props.user.isMultiFactorRequired
  const uri = secret === undefined
    ? undefined
    : new OTPAuth.TOTP({ issuer: project.displayName, label: props.user.primaryEmail ?? props.user.id, secret }).toString()
  return (
    <section aria-labelledby="mfa-heading" data-testid="section-mfa">
      <h2 id="mfa-heading">Two-factor authentication</h2>
      <p data-testid="mfa-state">{enabled ? "On: sign-ins ask for a code from your authenticator app." : "Off."}</p>
      {enabled && secret !== undefined && (
        <p>
          Add this key to your authenticator app: <code data-testid="totp-secret">{secret.base32}</code>{" "}
          (<a href={uri}>open in app</a>)
        </p>
      )}
      {enabled
        ? <button type="button" onClick={() => void disable.mutate()} disabled={disable.isPending} data-testid="mfa-disable">Turn off</button>
        : <button type="button" onClick={() => void enable.mutate()} disabled={enable.isPending} data-testid="mfa-enable">Turn on</button>}
      <Alert error={enable.error ?? disable.error} />
    </section>
  )
}

/** Passkeys: register one for this device. SPEC §5, §7 `/auth/passkey/*` */
export function PasskeySection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const register = useMutation(() => Mutations.registerPasskey())
  return (
    <section aria-labelledby="passkey-heading" data-testid="section-passkey">
      <h2 id="passkey-heading">Passkeys</h2>
      <p data-testid="passkey-state">{props.user.passkeyAuthEnabled ? "You can sign in with a passkey." : "No passkey yet."}</p>
      <button type="button" onClick={() => void register.mutate()} disabled={register.isPending} data-testid="passkey-register">
        Add a passkey
      </button>
      {register.exit !== undefined && register.error === undefined && <Status testId="passkey-registered">Passkey added.</Status>}
      <Alert error={register.error} />
    </section>
  )
}

/** Deleting the account, when the project allows it. SPEC §4, §6 */
export function DangerSection(): ReactNode {
  const handler = useHandler()
  const project = useProject()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation(() => Mutations.deleteUser().pipe(Effect.andThen(handler.goTo("afterSignOut", { replace: true }))))
  return (
    <section aria-labelledby="danger-heading" data-testid="section-danger">
      <h2 id="danger-heading">Account</h2>
      <p><a href={handler.urls.signOut} data-testid="link-sign-out">Sign out</a></p>
      {project.config.clientUserDeletionEnabled && (
        confirming
          ? (
            <p>
              Delete your account for good?{" "}
              <button type="button" onClick={() => void remove.mutate()} disabled={remove.isPending} data-testid="delete-confirm">Delete</button>{" "}
              <button type="button" onClick={() => setConfirming(false)}>Keep it</button>
            </p>
          )
          : <button type="button" onClick={() => setConfirming(true)} data-testid="delete-account">Delete account</button>
      )}
      <Alert error={remove.error} />
    </section>
  )
}
