/**
 * The building blocks of the handler pages, on the design system's primitives: a page
 * (a centred card with the project's name and a per-page document title), form fields whose error
 * text is tied to the input, busy submit buttons, status lines and human error messages. Every
 * element carries a `data-testid` for end-to-end tests.
 *
 * @since 0.1.0
 * @module
 */
import { type FormEvent, type ReactNode, useRef } from "react"
import { useProjectQuery } from "../hooks.ts"
import { defaultMessages, errorMessage, type Messages } from "../messages.ts"
import { Alert as AlertBox, Button, Card, ErrorAlert, Field as FieldBox, focusFirstError, Loading } from "../ui/primitives.tsx"
import { ThemeRoot, useMessages } from "../ui/Theme.tsx"

/** The human sentence for a failure, from the default messages table (see `useMessages` for the app's). */
export { errorMessage }

/** A handler page: a centred card (a `main` landmark labelled by its heading) and the document title. */
export function Page(props: {
  readonly title: string
  readonly testId: string
  readonly subtitle?: ReactNode
  readonly footer?: ReactNode
  readonly wide?: boolean
  readonly children?: ReactNode
}): ReactNode {
  const messages = useMessages()
  const project = useProjectQuery().data
  const documentTitle = project === undefined ? props.title : messages.common.pageTitle(props.title, project.displayName)
  return (
    <ThemeRoot className="sae-page">
      <title>{documentTitle}</title>
      <Card
        title={props.title}
        subtitle={props.subtitle}
        brand={project?.displayName}
        footer={props.footer}
        testId={props.testId}
        wide={props.wide === true}
      >
        {props.children}
      </Card>
    </ThemeRoot>
  )
}

/** A labelled input; its error text is announced and tied to it. */
export const Field = FieldBox

/** A form that submits without reloading the page and moves focus to the first error after a failed submit. */
export function Form(props: {
  readonly label: string
  readonly onSubmit: () => void | Promise<unknown>
  readonly testId: string
  readonly children?: ReactNode
}): ReactNode {
  const ref = useRef<HTMLFormElement>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const done = props.onSubmit()
    // after React has rendered the outcome, the first invalid field (or the form's error) takes focus
    void Promise.resolve(done).then(() => setTimeout(() => focusFirstError(ref.current), 0))
  }
  return (
    <form ref={ref} className="sae-form" aria-label={props.label} onSubmit={submit} data-testid={props.testId} noValidate>
      {props.children}
    </form>
  )
}

/** A full-width primary submit button that spins and says so while busy. */
export function Submit(props: {
  readonly busy: boolean
  readonly busyText?: ReactNode
  readonly children?: ReactNode
  readonly testId: string
}): ReactNode {
  const messages = useMessages()
  return (
    <Button type="submit" block busy={props.busy} busyText={props.busyText ?? messages.common.working} testId={props.testId}>
      {props.children}
    </Button>
  )
}

/** A status line, read out politely: `progress` spins, `success` is green, `info` is neutral. */
export function Status(props: {
  readonly children?: ReactNode
  readonly testId?: string
  readonly tone?: "progress" | "success" | "info"
}): ReactNode {
  if (props.tone === "progress") {
    return <Loading label={typeof props.children === "string" ? props.children : undefined} testId={props.testId ?? "status"} />
  }
  return <AlertBox tone={props.tone ?? "info"} testId={props.testId ?? "status"}>{props.children}</AlertBox>
}

/** A failure as its human sentence (details for developers); nothing without one. */
export function Alert(props: { readonly error: unknown; readonly testId?: string; readonly onRetry?: () => void }): ReactNode {
  if (props.error === undefined) return null
  return <ErrorAlert error={props.error} testId={props.testId} onRetry={props.onRetry} />
}

const tagOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : ""

/**
 * Splits a failure (by its `_tag`) into the field it belongs to (with its human sentence from
 * `messages`, the default table unless given), or the form.
 */
export const placeError = (
  error: unknown,
  fields: Readonly<Record<string, ReadonlyArray<string>>>,
  messages: Messages = defaultMessages
): { readonly field: Readonly<Record<string, string>>; readonly form: unknown } => {
  if (error === undefined) return { field: {}, form: undefined }
  const field = Object.entries(fields).find(([, tags]) => tags.includes(tagOf(error)))?.[0]
  return field === undefined ? { field: {}, form: error } : { field: { [field]: errorMessage(messages, error) }, form: undefined }
}
