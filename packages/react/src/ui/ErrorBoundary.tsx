/**
 * Error states of the prebuilt components: an error boundary with a retry, and a
 * human state for a failure: "you are offline" and "can't reach the service" get their own
 * titles, others their sentence from the messages table, with details for developers.
 *
 * @since 0.1.0
 */
import { Component, type ReactNode, use } from "react"
import { errorKey, errorLabel, errorMessage, isUnreachable } from "../messages.ts"
import { Button } from "./primitives.tsx"
import { StackContext } from "../StackProvider.tsx"
import { ThemeRoot, useMessages } from "./Theme.tsx"

const isOffline = (error: unknown): boolean =>
  errorKey(error) === "OfflineError" ||
  (isUnreachable(error) && (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false)

const detailsOf = (error: unknown): string => {
  const tag = errorLabel(error) ?? "Error"
  const message = typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)
  return `${tag}: ${message}`
}

const offlineIcon = (
  <svg className="sae-state-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5M5 12.5a10 10 0 0 1 3.2-2M19 12.5a10 10 0 0 0-3.5-2.2M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" strokeLinecap="round" />
  </svg>
)

const problemIcon = (
  <svg className="sae-state-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 7.5v5.5M12 16.5h.01" strokeLinecap="round" />
  </svg>
)

/** A failure shown as a state of its own: icon, title, human sentence, retry, details. */
export function ErrorState(props: { readonly error: unknown; readonly onRetry?: (() => void) | undefined; readonly testId?: string }): ReactNode {
  const messages = useMessages()
  const offline = isOffline(props.error)
  const unreachable = isUnreachable(props.error)
  const title = offline
    ? messages.common.offlineTitle
    : unreachable
    ? messages.common.unreachableTitle
    : messages.common.errorTitle
  const body = offline
    ? messages.common.offlineBody
    : unreachable
    ? messages.common.unreachableBody
    : errorMessage(messages, props.error)
  return (
    <div className="sae-state" role="alert" data-testid={props.testId ?? "error-state"} data-error-tag={errorKey(props.error)}>
      {offline || unreachable ? offlineIcon : problemIcon}
      <p className="sae-state-title">{title}</p>
      <p className="sae-muted">{body}</p>
      {props.onRetry !== undefined && (
        <Button variant="primary" onClick={props.onRetry} testId="retry">{messages.common.retry}</Button>
      )}
      <details className="sae-muted">
        <summary>{messages.common.details}</summary>
        <pre style={{ whiteSpace: "pre-wrap", textAlign: "left" }}>{detailsOf(props.error)}</pre>
      </details>
    </div>
  )
}

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  readonly children?: ReactNode
  /** What to show for a failure; an {@link ErrorState} with retry by default. */
  readonly fallback?: ((error: unknown, retry: () => void) => ReactNode) | undefined
  /** Runs before the children render again (e.g. to refresh the failed query). */
  readonly onRetry?: (() => void) | undefined
}

interface State {
  readonly error: unknown
  readonly failed: boolean
  readonly attempt: number
}

/** The class under {@link ErrorBoundary}. */
class Boundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: undefined, failed: false, attempt: 0 }
  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true }
  }
  override componentDidCatch(error: unknown): void {
    console.warn("[stack-auth-effect]", error)
  }
  private retry = () => {
    this.props.onRetry?.()
    this.setState((s) => ({ error: undefined, failed: false, attempt: s.attempt + 1 }))
  }
  override render(): ReactNode {
    if (!this.state.failed) return <BoundaryChildren key={this.state.attempt}>{this.props.children}</BoundaryChildren>
    return this.props.fallback?.(this.state.error, this.retry) ?? (
      <ThemeRoot><ErrorState error={this.state.error} onRetry={this.retry} /></ThemeRoot>
    )
  }
}

/**
 * Catches what its children throw (a failed suspending hook, an uncaught failure) and shows a human
 * error state with "Try again", which marks the provider's cached reads stale (so the failed ones
 * load again) and renders the children afresh.
 */
export function ErrorBoundary(props: ErrorBoundaryProps): ReactNode {
  const stack = use(StackContext)
  const onRetry = () => {
    props.onRetry?.()
    if (stack !== null && !stack.isDisposed()) stack.runtime.runSync(stack.cache.invalidate([]))
  }
  return <Boundary fallback={props.fallback} onRetry={onRetry}>{props.children}</Boundary>
}

function BoundaryChildren(props: { readonly children?: ReactNode }): ReactNode {
  return props.children
}
