/**
 * Account settings, password: change it (current password, new one twice) or set a first one
 * (`/auth/password/update`, `/auth/password/set`). The new
 * password's rule is stated and checked before any request; a wrong current password is said as
 * such under that field; the fields are cleared after a change.
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import type * as Users from "stack-auth-effect/Users"
import * as Passwords from "stack-auth-effect/Passwords"
import { NewPasswordFields, useNewPassword } from "../../components/internal/NewPasswordFields.tsx"
import { Form, placeError } from "../../handler/ui.tsx"
import { Alert, Button, ErrorAlert, Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { Section } from "./parts.tsx"

/** Changing the password, or setting a first one. */
export function PasswordSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const messages = useMessages()
  const t = messages.account.password
  const hasPassword = props.user.hasPassword
  const [oldPassword, setOld] = useState("")
  const newPassword = useNewPassword()
  const change = useMutation(() =>
    hasPassword
      ? Passwords.update({ oldPassword, newPassword: newPassword.password })
      : Passwords.set({ password: newPassword.password })
  )
  const placed = placeError(change.isPending ? undefined : change.error, {
    old: ["PasswordConfirmationMismatch"],
    new: ["PasswordTooShort", "PasswordTooLong"]
  }, messages)
  const submit = () => {
    if (!newPassword.check(messages)) return
    return change.mutate().then((exit) => {
      if (exit._tag === "Success") {
        setOld("")
        newPassword.clear()
      }
    })
  }
  return (
    <Section id="password" title={t.title} description={hasPassword ? t.changeDescription : t.setDescription}>
      <Form label={hasPassword ? t.changeLabel : t.setLabel} onSubmit={submit} testId="password">
        {hasPassword && (
          <Field
            label={t.currentLabel}
            name="old-password"
            type="password"
            value={oldPassword}
            onChange={(v) => {
              setOld(v)
              if (change.error !== undefined) change.reset()
            }}
            error={placed.field.old}
            autoComplete="current-password"
          />
        )}
        <NewPasswordFields state={newPassword} label={t.newLabel} repeatLabel={t.repeatLabel} name="new-password" serviceProblem={placed.field.new} />
        <ErrorAlert error={placed.form} />
        <Button type="submit" busy={change.isPending} busyText={messages.account.saving} testId="password-submit">
          {hasPassword ? t.change : t.set}
        </Button>
        {change.exit?._tag === "Success" && <Alert tone="success" testId="password-saved">{t.saved}</Alert>}
      </Form>
    </Section>
  )
}
