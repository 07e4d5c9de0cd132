/**
 * Small pieces the account and team components share, built on the
 * design system's primitives: a section with its heading, a button that asks first (the design
 * system's `ConfirmDialog`), human times, a query's loading / error / empty states with a retry,
 * a picture editor, and the handler URLs outside `StackHandler` too.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { type ReactNode, use, useId, useState } from "react"
import { CurrentHandlerUrls, type HandlerUrls } from "stack-auth-effect/HandlerUrls"
import { Navigation } from "stack-auth-effect/Navigation"
import { HandlerContext } from "../../handler/HandlerContext.tsx"
import { useStackContext } from "../../StackProvider.tsx"
import type { QueryResult } from "../../useQuery.ts"
import { useMutation } from "../../useQuery.ts"
import type { Services } from "../../StackRuntime.ts"
import { type ComponentCheck, defaultMessages } from "../../messages.ts"
import { Avatar, Button, ConfirmDialog, ErrorAlert, Loading } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"

/** A settings section: a region labelled by its heading, with an optional line under it. */
export function Section(props: {
  readonly id: string
  readonly title: string
  readonly description?: string | undefined
  readonly children?: ReactNode
}): ReactNode {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} data-testid={`section-${props.id}`} className="sae-section">
      <h2 id={headingId} className="sae-section-title">{props.title}</h2>
      {props.description !== undefined && <p className="sae-section-description">{props.description}</p>}
      {props.children}
    </section>
  )
}

/** A table's header row: the given columns, then the (unlabelled on screen) actions column. */
export function TableHead(props: { readonly columns: ReadonlyArray<string> }): ReactNode {
  const messages = useMessages()
  return (
    <thead>
      <tr>
        {props.columns.map((column) => <th key={column} scope="col">{column}</th>)}
        <th scope="col"><span className="sae-visually-hidden">{messages.account.actionsColumn}</span></th>
      </tr>
    </thead>
  )
}

/** A query's states: a spinner while it loads, its error with a retry, an empty line, or its data. */
export function Loaded<A, E>(props: {
  readonly result: QueryResult<A, E>
  readonly empty?: ((data: A) => boolean) | undefined
  readonly emptyText?: string | undefined
  readonly testId: string
  readonly children: (data: A) => ReactNode
}): ReactNode {
  const { result } = props
  if (result.error !== undefined) return <ErrorAlert error={result.error} onRetry={result.refresh} testId={`${props.testId}-error`} />
  if (result.data === undefined) return <Loading testId={`${props.testId}-loading`} />
  if (props.empty?.(result.data) === true) return <p className="sae-empty" data-testid={`${props.testId}-empty`}>{props.emptyText}</p>
  return props.children(result.data)
}

/**
 * A button that asks before a destructive action, in the design system's {@link ConfirmDialog}
 * (the platform's `<dialog>`: focus kept inside, Escape cancels).
 */
export function ConfirmButton(props: {
  readonly label: string
  readonly title: string
  readonly body: ReactNode
  readonly confirmLabel: string
  readonly onConfirm: () => void
  readonly busy?: boolean | undefined
  readonly testId: string
  readonly danger?: boolean | undefined
  /** Asked before the dialog opens: a reason not to (shown instead), or `undefined` to go on. */
  readonly refuse?: (() => string | undefined) | undefined
  readonly onRefused?: ((reason: string) => void) | undefined
}): ReactNode {
  const [open, setOpen] = useState(false)
  const danger = props.danger !== false
  const ask = () => {
    const reason = props.refuse?.()
    if (reason !== undefined) return props.onRefused?.(reason)
    setOpen(true)
  }
  return (
    <>
      <Button variant="secondary" size="sm" className={danger ? "sae-btn-danger-outline" : undefined} onClick={ask} busy={props.busy === true} testId={props.testId}>
        {props.label}
      </Button>
      <ConfirmDialog
        open={open}
        title={props.title}
        confirmLabel={props.confirmLabel}
        danger={danger}
        onConfirm={() => {
          setOpen(false)
          props.onConfirm()
        }}
        onCancel={() => setOpen(false)}
        testId={props.testId}
      >
        <p className="sae-muted">{props.body}</p>
      </ConfirmDialog>
    </>
  )
}

/**
 * An effect that fails with the component's own check when `failure` is given, else runs `run`:
 * a form refused before any request.
 */
export const checked = <A, E, R>(
  failure: ComponentCheck | undefined,
  run: () => Effect.Effect<A, E, R>
): Effect.Effect<A, E | ComponentCheck, R> =>
  Effect.suspend((): Effect.Effect<A, E | ComponentCheck, R> => (failure === undefined ? run() : Effect.fail(failure)))

/** A refusal the user can read (a change that would lock them out), kept until the next action. */
export function useRefusal(): readonly [string | undefined, (reason: string | undefined) => void] {
  return useState<string | undefined>(undefined)
}

/** A refusal line, read out at once. */
export function Refusal(props: { readonly reason: string | undefined; readonly testId?: string | undefined }): ReactNode {
  if (props.reason === undefined) return null
  return <div role="alert" className="sae-alert sae-alert-warning" data-testid={props.testId ?? "lockout-refused"}>{props.reason}</div>
}

const steps: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["week", 604_800],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60]
]

/** "3 hours ago", "yesterday", "in 2 days": a time as people say it (the exact one is in `title`). */
export const relativeTime = (date: Date, nowMillis: number, locale?: string, justNow: string = defaultMessages.account.justNow): string => {
  const seconds = (date.getTime() - nowMillis) / 1000
  if (Math.abs(seconds) < 45) return justNow
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })
  const [unit, size] = steps.find(([, s]) => Math.abs(seconds) >= s) ?? ["minute", 60]
  return format.format(Math.round(seconds / size), unit)
}

/** A time as people say it, with the full date and time on hover and for screen readers. */
export function Time(props: { readonly date: Date; readonly nowMillis: number }): ReactNode {
  const messages = useMessages()
  const full = props.date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
  return <time dateTime={props.date.toISOString()} title={full}>{relativeTime(props.date, props.nowMillis, undefined, messages.account.justNow)}</time>
}

/** The browser and system of a user agent string ("Chrome on Linux"), or `undefined`. */
export const describeUserAgent = (ua: string): string | undefined => {
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : undefined
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : undefined
  if (browser === undefined && system === undefined) return undefined
  return browser !== undefined && system !== undefined ? `${browser} on ${system}` : browser ?? system
}

/** What the components need of the handler: its URLs, and absolute links (inside or outside `StackHandler`). */
export interface AccountLinks {
  readonly urls: HandlerUrls
  readonly absolute: (path: string) => string
}

/** The handler URLs and absolute links, from `StackHandler` when inside one, else from the window. */
export function useAccountLinks(): AccountLinks {
  const handler = use(HandlerContext)
  const { context } = useStackContext()
  const urls = Context.get(context, CurrentHandlerUrls)
  const base = handler?.url.toString() ?? (globalThis as { location?: Location }).location?.href ?? "http://localhost/"
  return { urls, absolute: (path) => new URL(path, base).toString() }
}

/** Goes to a URL or fragment (`#teams`) through the provider's navigation (the app's router, else the window). */
export function useNavigateTo(): (url: string) => void {
  const stack = useStackContext()
  return (url) => {
    if (stack.isDisposed()) return
    const base = (globalThis as { location?: Location }).location?.href ?? "http://localhost/"
    stack.runtime.runFork(Navigation.use((n) => n.navigate(new URL(url, base).href)))
  }
}

/**
 * A picture with upload and remove (profile or team): the chosen file is scaled down in the browser
 * and saved as a data URL through `save` (`null` removes it).
 */
export function PictureEditor<E>(props: {
  readonly name: string
  readonly imageUrl: string | null
  readonly size: number
  readonly canEdit: boolean
  readonly uploadLabel: string
  readonly testId: string
  readonly save: (url: string | null) => Effect.Effect<unknown, E, Services>
}): ReactNode {
  const messages = useMessages()
  const save = useMutation(props.save)
  const read = useMutation((file: File) =>
    Effect.tryPromise({ try: () => imageFileToDataUrl(file), catch: (): ComponentCheck => ({ _tag: "ImageUnreadable" }) })
  )
  const upload = async (file: File | undefined) => {
    if (file === undefined) return
    const url = await read.mutate(file)
    if (url._tag === "Success") await save.mutate(url.value)
  }
  return (
    <div className="sae-row" data-testid={props.testId}>
      <Avatar name={props.name} src={props.imageUrl} size={props.size} />
      {props.canEdit && (
        <div className="sae-actions">
          <label className="sae-btn sae-btn-secondary sae-btn-sm sae-file">
            {props.imageUrl === null ? props.uploadLabel : messages.account.picture.change}
            <input type="file" accept="image/*" className="sae-visually-hidden" onChange={(e) => void upload(e.currentTarget.files?.[0])} data-testid={`${props.testId}-input`} />
          </label>
          {props.imageUrl !== null && (
            <Button variant="ghost" size="sm" onClick={() => void save.mutate(null)} busy={save.isPending} testId={`${props.testId}-remove`}>
              {messages.account.picture.remove}
            </Button>
          )}
        </div>
      )}
      <ErrorAlert error={save.error ?? read.error} testId={`${props.testId}-error`} />
    </div>
  )
}

/** The largest side of a profile picture sent to the service, in pixels. */
export const profileImageSize = 256

/**
 * A picture file as a small `data:image/...;base64` URL (what the service takes as a profile
 * image): scaled down to {@link profileImageSize} pixels on a canvas in the browser.
 */
export const imageFileToDataUrl = async (file: Blob): Promise<string> => {
  const bitmap = await createImageBitmap(file)
  const scale = Math.min(1, profileImageSize / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement("canvas")
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  return canvas.toDataURL("image/png")
}
