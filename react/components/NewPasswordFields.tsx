/**
 * A new password and its repetition (sign-up, password reset): the service's rule stated under the
 * first field, each field's problem under it, cleared as the user types. SPEC §5
 *
 * @since 0.1.0
 */
import type { ReactNode } from "react"
import { Field } from "../ui/primitives.tsx"
import { useMessages } from "../ui/Theme.tsx"
import { passwordMinLength } from "./passwordRules.ts"

/** The two fields' values, problems and setters. SPEC §5 */
export interface NewPasswordState {
  readonly password: string
  readonly repeat: string
  readonly setPassword: (value: string) => void
  readonly setRepeat: (value: string) => void
  /** Problems found before the request (`newPasswordProblems`) or by the service. */
  readonly problems: { readonly password?: string | undefined; readonly repeat?: string | undefined }
  /** Forgets a field's problem once the user edits that field. */
  readonly clearProblem: (field: "password" | "repeat") => void
}

/** The new-password and repeat fields. SPEC §5 */
export function NewPasswordFields(props: NewPasswordState & {
  readonly label: string
  readonly repeatLabel: string
  readonly autoFocus?: boolean
}): ReactNode {
  const messages = useMessages()
  return (
    <>
      <Field
        label={props.label}
        name="password"
        type="password"
        value={props.password}
        onChange={(value) => {
          props.setPassword(value)
          props.clearProblem("password")
        }}
        error={props.problems.password}
        hint={messages.signUp.passwordHint(passwordMinLength)}
        autoFocus={props.autoFocus === true}
        autoComplete="new-password"
      />
      <Field
        label={props.repeatLabel}
        name="repeat-password"
        type="password"
        value={props.repeat}
        onChange={(value) => {
          props.setRepeat(value)
          props.clearProblem("repeat")
        }}
        error={props.problems.repeat}
        autoComplete="new-password"
      />
    </>
  )
}
