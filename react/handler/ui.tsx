/**
 * Unstyled, accessible building blocks of the handler pages (SPEC §2): a page with a heading, form
 * fields whose error text is tied to the input (`aria-describedby`, `aria-invalid`), and status
 * lines read out by screen readers. Every element carries a `data-testid` for end-to-end tests.
 *
 * @since 0.1.0
 */
import { type FormEvent, type ReactNode, useId } from "react"

/** The message to show for a failure: a known error's text, or a generic line. SPEC §2 */
export const errorText = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" && error.message.length > 0
    ? error.message
    : "Something went wrong. Please try again."

/** A handler page: a `main` landmark labelled by its heading. SPEC §2 */
export function Page(props: { readonly title: string; readonly testId: string; readonly children?: ReactNode }): ReactNode {
  const id = useId()
  return (
    <main aria-labelledby={id} data-testid={props.testId}>
      <h1 id={id}>{props.title}</h1>
      {props.children}
    </main>
  )
}

/** A labelled input; its error text is announced and tied to it. SPEC §2 */
export function Field(props: {
  readonly label: string
  readonly name: string
  readonly type?: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string | undefined
  readonly autoFocus?: boolean
  readonly autoComplete?: string
  readonly required?: boolean
}): ReactNode {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <p>
      <label htmlFor={id}>{props.label}</label>{" "}
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        aria-invalid={props.error !== undefined}
        aria-describedby={props.error !== undefined ? errorId : undefined}
        autoFocus={props.autoFocus}
        autoComplete={props.autoComplete}
        required={props.required ?? true}
        data-testid={`field-${props.name}`}
      />
      {props.error !== undefined && <span id={errorId} role="alert" data-testid={`error-${props.name}`}>{props.error}</span>}
    </p>
  )
}

/** A form that submits without reloading the page. SPEC §2 */
export function Form(props: {
  readonly label: string
  readonly onSubmit: () => void
  readonly testId: string
  readonly children?: ReactNode
}): ReactNode {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    props.onSubmit()
  }
  return <form aria-label={props.label} onSubmit={submit} data-testid={props.testId} noValidate>{props.children}</form>
}

/** A submit button that says when it is busy. SPEC §2 */
export function Submit(props: { readonly busy: boolean; readonly children?: ReactNode; readonly testId: string }): ReactNode {
  return <button type="submit" disabled={props.busy} aria-busy={props.busy} data-testid={props.testId}>{props.children}</button>
}

/** A status line (success or progress), read out politely. SPEC §2 */
export function Status(props: { readonly children?: ReactNode; readonly testId?: string }): ReactNode {
  return <p role="status" data-testid={props.testId ?? "status"}>{props.children}</p>
}

/** An error line not tied to one input, read out at once. SPEC §2 */
export function Alert(props: { readonly error: unknown; readonly testId?: string }): ReactNode {
  if (props.error === undefined) return null
  const tag = typeof props.error === "object" && props.error !== null && "_tag" in props.error ? String(props.error._tag) : undefined
  return <p role="alert" data-testid={props.testId ?? "form-error"} data-error-tag={tag}>{errorText(props.error)}</p>
}

const fieldOf = (error: unknown, fields: Readonly<Record<string, ReadonlyArray<string>>>): string | undefined => {
  const tag = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : ""
  return Object.entries(fields).find(([, tags]) => tags.includes(tag))?.[0]
}

/** Splits a failure (by its `_tag`) into the field it belongs to, or the form. SPEC §2 */
export const placeError = (error: unknown, fields: Readonly<Record<string, ReadonlyArray<string>>>) => {
  if (error === undefined) return { field: {} as Record<string, string>, form: undefined }
  const field = fieldOf(error, fields)
  return field === undefined ? { field: {} as Record<string, string>, form: error } : { field: { [field]: errorText(error) }, form: undefined }
}

