/**
 * The e-mail field of the sign-in, sign-up and one-time-code forms: labelled from the messages
 * table, typed for e-mail (keyboard and autofill), its problem under it.
 *
 * @since 0.1.0
 */
import type { ReactNode } from "react"
import { Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"

/** An e-mail input; `onChange` gets each new value (callers forget the field's problem there). */
export function EmailField(props: {
  readonly name: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string | undefined
  readonly hint?: string | undefined
  readonly autoFocus?: boolean
}): ReactNode {
  const messages = useMessages()
  return (
    <Field
      label={messages.common.emailLabel}
      name={props.name}
      type="email"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      hint={props.hint}
      autoFocus={props.autoFocus === true}
      autoComplete="email"
      inputMode="email"
    />
  )
}
