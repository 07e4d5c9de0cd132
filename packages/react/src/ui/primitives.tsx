/**
 * The design system's primitives: card, button, field, alert, divider, tabs, avatar,
 * skeleton, spinner and a confirmation dialog on the platform's `<dialog>`. They are styled by the
 * `sae-` classes of `styles.ts` and render inside a {@link ThemeRoot}; every text they show comes
 * from their props or the messages table.
 *
 * @since 0.1.0
 */
import {
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef
} from "react"
import { errorKey, errorLabel, errorMessage, isUnreachable } from "../messages.ts"
import { useMessages, useTheme } from "./Theme.tsx"

const cx = (...names: ReadonlyArray<string | false | undefined>): string => names.filter(Boolean).join(" ")

// ----- card -----

/** Props of {@link Card}. */
export interface CardProps {
  /** The heading (an `h1` in a page card, `h2` otherwise). */
  readonly title: ReactNode
  readonly subtitle?: ReactNode
  /** The project's name shown above the title (with the app's logo, else its initial). */
  readonly brand?: string | undefined
  /** Links under a rule at the bottom (e.g. "Don't have an account? Sign up"). */
  readonly footer?: ReactNode
  readonly children?: ReactNode
  readonly testId?: string | undefined
  /** `main` for a page of its own (default), `section` inside an app's page. */
  readonly as?: "main" | "section"
  readonly wide?: boolean
}

/** A centred card with the project's name or logo, a title and content. */
export function Card(props: CardProps): ReactNode {
  const id = useId()
  const { appearance } = useTheme()
  const Tag = props.as ?? "main"
  const Heading = Tag === "main" ? "h1" : "h2"
  return (
    <Tag className={cx("sae-card", props.wide === true && "sae-card-wide")} aria-labelledby={id} data-testid={props.testId}>
      <header className="sae-card-header">
        {props.brand !== undefined && (
          appearance.logoUrl !== undefined
            ? <img className="sae-card-logo" src={appearance.logoUrl} alt={props.brand} />
            : <Avatar name={props.brand} size={44} square />
        )}
        {props.brand !== undefined && appearance.logoUrl === undefined && <span className="sae-card-brand">{props.brand}</span>}
        <Heading id={id} className="sae-title">{props.title}</Heading>
        {props.subtitle !== undefined && <p className="sae-subtitle">{props.subtitle}</p>}
      </header>
      {props.children}
      {props.footer !== undefined && <footer className="sae-card-footer">{props.footer}</footer>}
    </Tag>
  )
}

// ----- button -----

/** Props of {@link Button}: a `<button>`'s props plus the look and the busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: "primary" | "secondary" | "ghost" | "danger" | "link"
  readonly size?: "md" | "sm"
  /** Full width. */
  readonly block?: boolean
  /** Shows a spinner and `busyText`, sets `aria-busy` and blocks clicks. */
  readonly busy?: boolean
  /** What the button says while busy ("Signing in…"); its usual text otherwise. */
  readonly busyText?: ReactNode
  /** A leading icon (decorative). */
  readonly icon?: ReactNode
  readonly testId?: string | undefined
  readonly ref?: Ref<HTMLButtonElement>
}

/** The classes of a button's look (shared by {@link Button} and {@link ButtonLink}). */
const buttonClass = (
  variant: ButtonProps["variant"] | undefined,
  size: ButtonProps["size"] | undefined,
  block: boolean | undefined,
  className: string | undefined
): string => cx("sae-btn", `sae-btn-${variant ?? "primary"}`, size === "sm" && "sae-btn-sm", block === true && "sae-btn-block", className)

/** A button in one of the variants; busy, it spins and says so. */
export function Button(props: ButtonProps): ReactNode {
  const { variant, size, block, busy, busyText, icon, testId, className, children, disabled, type, ...rest } = props
  return (
    <button
      {...rest}
      type={type ?? "button"}
      className={buttonClass(variant, size, block, className)}
      disabled={disabled === true || busy === true}
      aria-busy={busy === true}
      data-testid={testId}
    >
      {busy === true ? <Spinner /> : icon}
      {busy === true && busyText !== undefined ? busyText : children}
    </button>
  )
}

/** Props of {@link ButtonLink}: an `<a>`'s props (`href` required) plus a button's look. */
export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  readonly href: string
  readonly variant?: ButtonProps["variant"]
  readonly size?: ButtonProps["size"]
  /** Full width. */
  readonly block?: boolean
  readonly testId?: string | undefined
}

/** A link that looks like a button: for a step that goes to another page ("Continue", "Sign in"). */
export function ButtonLink(props: ButtonLinkProps): ReactNode {
  const { variant, size, block, testId, className, ...rest } = props
  return <a {...rest} className={buttonClass(variant, size, block, className)} data-testid={testId} />
}

// ----- field -----

/** Props of {@link Field}. */
export interface FieldProps {
  readonly label: string
  readonly name: string
  readonly type?: string
  readonly value: string
  /** Called with the field's new text on every keystroke. */
  readonly onChange: (value: string) => void
  /** Shown in red under the input, tied to it (`aria-describedby`), `aria-invalid` set. */
  readonly error?: string | undefined
  /** A rule or help under the input ("At least 8 characters."). */
  readonly hint?: string | undefined
  /** Something at the end of the label row (a "Forgot password?" link). */
  readonly labelAside?: ReactNode
  readonly autoFocus?: boolean
  readonly autoComplete?: string
  readonly inputMode?: "text" | "email" | "numeric"
  readonly required?: boolean
  readonly code?: boolean
  readonly minLength?: number
  readonly maxLength?: number
  readonly testId?: string
}

/** A labelled input with its hint and error. */
export function Field(props: FieldProps): ReactNode {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = props.error !== undefined ? errorId : props.hint !== undefined ? hintId : undefined
  return (
    <div className="sae-field">
      <div className="sae-label-row">
        <label className="sae-label" htmlFor={id}>{props.label}</label>
        {props.labelAside}
      </div>
      <input
        id={id}
        className={cx("sae-input", props.code === true && "sae-input-code")}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        aria-invalid={props.error !== undefined}
        aria-describedby={describedBy}
        autoFocus={props.autoFocus}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={props.required ?? true}
        minLength={props.minLength}
        maxLength={props.maxLength}
        data-testid={props.testId ?? `field-${props.name}`}
      />
      {props.hint !== undefined && props.error === undefined && <span id={hintId} className="sae-hint">{props.hint}</span>}
      {props.error !== undefined && (
        <span id={errorId} className="sae-field-error" role="alert" data-testid={`error-${props.name}`}>{props.error}</span>
      )}
    </div>
  )
}

/** Moves focus to the first invalid input of a form (after a failed submit). */
export const focusFirstError = (form: HTMLElement | null): void => {
  const invalid = form?.querySelector<HTMLElement>("[aria-invalid=\"true\"], [data-sae-focus-error]")
  invalid?.focus()
}

// ----- alert -----

/** Props of {@link Alert}. */
export interface AlertProps {
  readonly tone?: "error" | "success" | "info" | "warning"
  readonly title?: ReactNode
  readonly children?: ReactNode
  /** Shown behind a "Details" disclosure (for developers). */
  readonly details?: string | undefined
  /** Adds a retry button. */
  readonly onRetry?: (() => void) | undefined
  readonly testId?: string | undefined
  readonly errorTag?: string | undefined
}

/** A coloured message box; errors are announced at once, the rest politely. */
export function Alert(props: AlertProps): ReactNode {
  const messages = useMessages()
  const tone = props.tone ?? "error"
  return (
    <div
      className={cx("sae-alert", `sae-alert-${tone}`)}
      role={tone === "error" ? "alert" : "status"}
      data-testid={props.testId}
      data-error-tag={props.errorTag}
      tabIndex={tone === "error" ? -1 : undefined}
      data-sae-focus-error={tone === "error" ? "" : undefined}
    >
      {props.title !== undefined && <span className="sae-alert-title">{props.title}</span>}
      {props.children !== undefined && <span>{props.children}</span>}
      {props.details !== undefined && (
        <details>
          <summary>{messages.common.details}</summary>
          <pre>{props.details}</pre>
        </details>
      )}
      {props.onRetry !== undefined && (
        <Button variant="secondary" size="sm" onClick={props.onRetry} testId="retry">{messages.common.retry}</Button>
      )}
    </div>
  )
}

const detailsOf = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null) return error === undefined ? undefined : String(error)
  const tag = errorLabel(error) ?? "Error"
  const message = "message" in error && typeof error.message === "string" ? error.message : ""
  return message === "" ? tag : `${tag}: ${message}`
}

const logged = new WeakSet<object>()

/** Tells developers the failure behind a human message, once per failure. */
const logForDevelopers = (error: unknown) => {
  if (typeof error !== "object" || error === null || logged.has(error)) return
  logged.add(error)
  console.warn("[stack-auth-effect]", error)
}

/**
 * A failure as its human sentence from the messages table, the `_tag` and message behind a
 * "Details" disclosure and in the console; unreachable-service failures get their own title.
 */
export function ErrorAlert(props: {
  readonly error: unknown
  readonly onRetry?: (() => void) | undefined
  readonly testId?: string | undefined
}): ReactNode {
  const messages = useMessages()
  useEffect(() => logForDevelopers(props.error), [props.error])
  if (props.error === undefined) return null
  const tag = errorKey(props.error)
  const unreachable = isUnreachable(props.error)
  const offline = tag === "OfflineError"
  return (
    <Alert
      tone="error"
      title={unreachable ? (offline ? messages.common.offlineTitle : messages.common.unreachableTitle) : undefined}
      details={detailsOf(props.error)}
      onRetry={props.onRetry}
      testId={props.testId ?? "form-error"}
      errorTag={tag}
    >
      {errorMessage(messages, props.error)}
    </Alert>
  )
}

// ----- divider, tabs -----

/** A rule with a word in the middle ("or"). */
export function Divider(props: { readonly label?: string }): ReactNode {
  const messages = useMessages()
  return <div className="sae-divider" role="separator" aria-label={props.label ?? messages.common.or}>{props.label ?? messages.common.or}</div>
}

/** One tab of {@link Tabs}. */
export interface TabItem<K extends string> {
  readonly id: K
  readonly label: string
}

/** A tab list (arrow keys move between tabs); render the panel with {@link TabPanel}. */
export function Tabs<K extends string>(props: {
  readonly label: string
  readonly tabs: ReadonlyArray<TabItem<K>>
  readonly selected: K
  readonly onSelect: (id: K) => void
  readonly idPrefix: string
}): ReactNode {
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0
    const to = event.key === "Home" ? 0 : event.key === "End" ? props.tabs.length - 1 : (index + step + props.tabs.length) % props.tabs.length
    if (step === 0 && event.key !== "Home" && event.key !== "End") return
    event.preventDefault()
    props.onSelect(props.tabs[to]!.id)
    refs.current[to]?.focus()
  }
  return (
    <div className="sae-tabs" role="tablist" aria-label={props.label}>
      {props.tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(el) => {
            refs.current[index] = el
          }}
          type="button"
          role="tab"
          className="sae-tab"
          id={`${props.idPrefix}-tab-${tab.id}`}
          aria-selected={tab.id === props.selected}
          aria-controls={`${props.idPrefix}-panel-${tab.id}`}
          tabIndex={tab.id === props.selected ? 0 : -1}
          onClick={() => props.onSelect(tab.id)}
          onKeyDown={(e) => onKeyDown(e, index)}
          data-testid={`tab-${tab.id}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** The panel of the selected tab. */
export function TabPanel(props: { readonly idPrefix: string; readonly id: string; readonly children?: ReactNode }): ReactNode {
  return (
    <div
      className="sae-tabpanel"
      role="tabpanel"
      id={`${props.idPrefix}-panel-${props.id}`}
      aria-labelledby={`${props.idPrefix}-tab-${props.id}`}
    >
      {props.children}
    </div>
  )
}

// ----- avatar, loading -----

/** The initials of a name or e-mail ("Ada Lovelace" → "AL", "ada@x.com" → "A"). */
export const initials = (name: string): string => {
  const words = name.replace(/@.*/, "").split(/[\s._-]+/).filter((w) => w.length > 0)
  const letters = words.length > 1 ? words[0]![0]! + words[words.length - 1]![0]! : (words[0]?.[0] ?? "?")
  return letters.toUpperCase()
}

/** A round picture, or the initials of the name on the primary colour. */
export function Avatar(props: {
  readonly name: string
  readonly src?: string | null | undefined
  readonly size?: number
  readonly square?: boolean
}): ReactNode {
  const size = props.size ?? 32
  return (
    <span
      className="sae-avatar"
      style={{ width: size, height: size, fontSize: size * 0.4, borderRadius: props.square === true ? "var(--sae-radius)" : undefined }}
      aria-hidden="true"
    >
      {props.src !== undefined && props.src !== null && props.src !== ""
        ? <img src={props.src} alt="" />
        : initials(props.name)}
    </span>
  )
}

/** A spinning ring; with a label it is announced (else decorative). */
export function Spinner(props: { readonly label?: string; readonly large?: boolean }): ReactNode {
  return (
    <span
      className={cx("sae-spinner", props.large === true && "sae-spinner-lg")}
      role={props.label === undefined ? undefined : "status"}
      aria-label={props.label}
      aria-hidden={props.label === undefined ? true : undefined}
    />
  )
}

/** A grey shimmering block standing in for content that loads. */
export function Skeleton(props: { readonly width?: string; readonly height?: string }): ReactNode {
  return <span className="sae-skeleton" style={{ width: props.width ?? "100%", height: props.height ?? "1rem" }} aria-hidden="true" />
}

/** A spinner with a line of text, announced politely. */
export function Loading(props: { readonly label?: string | undefined; readonly testId?: string | undefined }): ReactNode {
  const messages = useMessages()
  return (
    <div className="sae-loading" role="status" aria-busy="true" data-testid={props.testId ?? "loading"}>
      <Spinner large />
      <span>{props.label ?? messages.common.loading}</span>
    </div>
  )
}

// ----- confirmation dialog -----

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly open: boolean
  readonly title: string
  readonly children?: ReactNode
  readonly confirmLabel: string
  readonly busyLabel?: string
  readonly cancelLabel?: string
  /** A red confirm button (destructive actions). */
  readonly danger?: boolean
  readonly busy?: boolean
  /** Called when the user confirms. */
  readonly onConfirm: () => void
  /** Called on cancel, Escape or a click on the backdrop. */
  readonly onCancel: () => void
  /** The dialog is `<testId>-dialog`, its buttons `<testId>-cancel` and `<testId>-confirm` (default `confirm`). */
  readonly testId?: string
}

/**
 * A modal confirmation on the platform's `<dialog>` (focus kept inside and Escape handled by the
 * browser, focus returned to the opener on close).
 */
export function ConfirmDialog(props: ConfirmDialogProps): ReactNode {
  const messages = useMessages()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const testId = props.testId ?? "confirm"
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (props.open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal()
      else dialog.setAttribute("open", "")
    } else if (!props.open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close()
      else dialog.removeAttribute("open")
    }
  }, [props.open])
  return (
    <dialog
      ref={ref}
      className="sae-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        props.onCancel()
      }}
      onClick={(e) => {
        if (e.target === ref.current) props.onCancel()
      }}
      data-testid={`${testId}-dialog`}
    >
      {props.open && (
        <div className="sae-dialog-body">
          <h2 id={titleId} className="sae-dialog-title">{props.title}</h2>
          {props.children}
          <div className="sae-dialog-actions">
            <Button variant="secondary" onClick={props.onCancel} testId={`${testId}-cancel`} autoFocus>
              {props.cancelLabel ?? messages.common.cancel}
            </Button>
            <Button
              variant={props.danger === true ? "danger" : "primary"}
              onClick={props.onConfirm}
              busy={props.busy === true}
              busyText={props.busyLabel}
              testId={`${testId}-confirm`}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  )
}
