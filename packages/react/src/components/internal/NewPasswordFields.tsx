/**
 * A new password and its repetition (sign-up, password reset, account settings): the service's rule
 * stated under the first field, each field's problem under it, forgotten as the user edits that
 * field. {@link useNewPassword} holds the two values and checks them before any request.
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import type { Messages } from "../../messages.ts"
import { Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { newPasswordProblems, passwordMinLength } from "../passwordRules.ts"

/** A problem of one of the two fields, by field. */
export interface NewPasswordProblems {
  readonly password?: string | undefined
  readonly repeat?: string | undefined
}

/** The two fields' values, their problems, and the check. */
export interface NewPasswordState {
  readonly password: string
  readonly repeat: string
  readonly setPassword: (value: string) => void
  readonly setRepeat: (value: string) => void
  /** Problems found before the request (by {@link NewPasswordState.check}). */
  readonly problems: NewPasswordProblems
  /** Checks both fields by the service's rules and shows their problems; `true` when they pass. */
  readonly check: (messages: Messages) => boolean
  /** Empties both fields and their problems (after a change). */
  readonly clear: () => void
}

/** The state of a new password and its repetition. */
export function useNewPassword(): NewPasswordState {
  const [password, setPasswordValue] = useState("")
  const [repeat, setRepeatValue] = useState("")
  const [problems, setProblems] = useState<NewPasswordProblems>({})
  return {
    password,
    repeat,
    setPassword: (value) => {
      setPasswordValue(value)
      setProblems((p) => ({ ...p, password: undefined }))
    },
    setRepeat: (value) => {
      setRepeatValue(value)
      setProblems((p) => ({ ...p, repeat: undefined }))
    },
    problems,
    check: (messages) => {
      const local = newPasswordProblems(messages, password, repeat)
      setProblems(local)
      return local.password === undefined && local.repeat === undefined
    },
    clear: () => {
      setPasswordValue("")
      setRepeatValue("")
      setProblems({})
    }
  }
}

/** The new-password and repeat fields. */
export function NewPasswordFields(props: {
  readonly state: NewPasswordState
  readonly label: string
  readonly repeatLabel: string
  /** The new password's problem the service found (`PasswordTooShort`...), shown when the form found none. */
  readonly serviceProblem?: string | undefined
  /** The fields' names: `<name>` and `repeat-<name>` (default `password`). */
  readonly name?: string
  readonly autoFocus?: boolean
}): ReactNode {
  const messages = useMessages()
  const { state } = props
  const name = props.name ?? "password"
  const fields = [
    { key: "password", label: props.label, name, value: state.password, set: state.setPassword, error: state.problems.password ?? props.serviceProblem },
    { key: "repeat", label: props.repeatLabel, name: `repeat-${name}`, value: state.repeat, set: state.setRepeat, error: state.problems.repeat }
  ] as const
  return fields.map((f) => (
    <Field
      key={f.key}
      label={f.label}
      name={f.name}
      type="password"
      value={f.value}
      onChange={f.set}
      error={f.error}
      hint={f.key === "password" ? messages.signUp.passwordHint(passwordMinLength) : undefined}
      autoFocus={f.key === "password" && props.autoFocus === true}
      autoComplete="new-password"
    />
  ))
}
