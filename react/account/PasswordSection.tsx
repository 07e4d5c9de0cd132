/**
 * Account settings, password: change it (current password, new one twice) or set a first one
 * (SPEC §2 `account-settings`, §5, §7 `/auth/password/update`, `/auth/password/set`). A wrong
 * current password is said as such under that field; the fields are cleared after a change.
 *
 * @since 0.1.0
 */
import { type ReactNode, useRef, useState } from "react"
import type * as Users from "../../src/api/Users.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { useMutation } from "../useQuery.ts"
import { type AccountCheck, checked, messageFor } from "./messages.ts"
import { ErrorMessage, useFocusFirstError, Notice, Section } from "./parts.tsx"

/** Which field each failure belongs to. */
const fieldOf: Readonly<Record<string, "old" | "new" | "repeat">> = {
  PasswordConfirmationMismatch: "old",
  PasswordTooShort: "new",
  PasswordTooLong: "new",
  EmptyField: "new",
  NewPasswordsDiffer: "repeat"
}

/** The shortest and longest passwords the service takes. SPEC §5 */
export const passwordLength = { min: 8, max: 70 } as const

const check = (newPassword: string, repeat: string): AccountCheck | undefined =>
  newPassword === "" ? { _tag: "EmptyField" } : newPassword !== repeat ? { _tag: "NewPasswordsDiffer" } : undefined

/** Changing the password, or setting a first one. SPEC §5 */
export function PasswordSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const hasPassword = props.user.hasPassword
  const [oldPassword, setOld] = useState("")
  const [newPassword, setNew] = useState("")
  const [repeat, setRepeat] = useState("")
  const form = useRef<HTMLDivElement>(null)
  const change = useMutation(() =>
    checked(check(newPassword, repeat), () =>
      hasPassword ? Mutations.updatePassword({ oldPassword, newPassword }) : Mutations.setPassword(newPassword))
  )
  useFocusFirstError(form, change.exit)
  const error = change.error as { readonly _tag: string } | undefined
  const field = error === undefined ? undefined : fieldOf[error._tag]
  const text = error === undefined ? undefined : messageFor(error)
  const submit = () => {
    void change.mutate().then((exit) => {
      if (exit._tag === "Success") {
        setOld("")
        setNew("")
        setRepeat("")
      }
    })
  }
  return (
    <Section
      id="password"
      title="Password"
      description={hasPassword ? "Change the password you sign in with." : "Set a password to sign in with your e-mail address and a password."}
    >
      <div ref={form}>
        <Form label={hasPassword ? "Change password" : "Set a password"} onSubmit={submit} testId="password">
          {hasPassword && (
            <Field
              label="Current password"
              name="old-password"
              type="password"
              value={oldPassword}
              onChange={setOld}
              error={field === "old" ? text : undefined}
              autoComplete="current-password"
            />
          )}
          <Field
            label="New password"
            name="new-password"
            type="password"
            value={newPassword}
            onChange={setNew}
            error={field === "new" ? text : undefined}
            autoComplete="new-password"
          />
          <p className="sae-hint" id="password-rule">At least {passwordLength.min} characters.</p>
          <Field
            label="Repeat the new password"
            name="repeat-new-password"
            type="password"
            value={repeat}
            onChange={setRepeat}
            error={field === "repeat" ? text : undefined}
            autoComplete="new-password"
          />
          {field === undefined && <ErrorMessage error={change.error} />}
          <Submit busy={change.isPending} testId="password-submit">
            {change.isPending ? "Saving…" : hasPassword ? "Change password" : "Set password"}
          </Submit>
          {change.exit?._tag === "Success" && <Notice testId="password-saved">Password saved.</Notice>}
        </Form>
      </div>
    </Section>
  )
}
