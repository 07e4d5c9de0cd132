/**
 * Small pieces the account and team components share (SPEC §2 `account-settings`): a section with
 * its heading, a confirmation on the platform's `<dialog>`, an avatar, human times, a query's
 * loading / error / empty states with a retry, and the handler URLs outside `StackHandler` too.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { type ReactNode, type RefObject, use, useEffect, useId, useRef, useState } from "react"
import { CurrentHandlerUrls, type HandlerUrls } from "../../src/handler/HandlerUrls.ts"
import { Navigation } from "../../src/session/Navigation.ts"
import { HandlerContext } from "../handler/HandlerContext.tsx"
import { useStackContext } from "../StackProvider.tsx"
import type { QueryResult } from "../useQuery.ts"
import { useMutation } from "../useQuery.ts"
import type { Services } from "../StackRuntime.ts"
import { type AccountCheck, accountText, type ErrorLike, messageFor } from "./messages.ts"

/** A settings section: a region labelled by its heading, with an optional line under it. SPEC §2 */
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

/**
 * A failure shown to a person: the human sentence of the messages table, read out at once, and the
 * developer's details (tag and service text) folded in a disclosure. SPEC §8
 */
export function ErrorMessage(props: {
  readonly error: unknown
  readonly testId?: string | undefined
  readonly retry?: (() => void) | undefined
}): ReactNode {
  if (props.error === undefined || props.error === null) return null
  const error = props.error as ErrorLike
  const tag = typeof error === "object" && error !== null && typeof error._tag === "string" ? error._tag : undefined
  const detail = typeof error === "object" && error !== null && typeof error.message === "string" ? error.message : String(error)
  return (
    <div role="alert" tabIndex={-1} className="sae-alert sae-alert-error" data-testid={props.testId ?? "form-error"} data-error-tag={tag}>
      <p className="sae-alert-text">{messageFor(props.error)}</p>
      {props.retry !== undefined && (
        <button type="button" className="sae-button sae-button-secondary" onClick={props.retry} data-testid="retry">{accountText.retry}</button>
      )}
      <details className="sae-details">
        <summary>{accountText.details}</summary>
        <code>{tag === undefined ? detail : `${tag}: ${detail}`}</code>
      </details>
    </div>
  )
}

/** A success or progress line, read out politely. SPEC §2 */
export function Notice(props: { readonly children?: ReactNode; readonly testId: string }): ReactNode {
  return <p role="status" className="sae-alert sae-alert-success" data-testid={props.testId}>{props.children}</p>
}

/** A query's states: a spinner while it loads, its error with a retry, an empty line, or its data. SPEC §2, §9 */
export function Loaded<A, E>(props: {
  readonly result: QueryResult<A, E>
  readonly empty?: ((data: A) => boolean) | undefined
  readonly emptyText?: string | undefined
  readonly testId: string
  readonly children: (data: A) => ReactNode
}): ReactNode {
  const { result } = props
  if (result.error !== undefined) return <ErrorMessage error={result.error} retry={result.refresh} testId={`${props.testId}-error`} />
  if (result.data === undefined) {
    return (
      <p role="status" aria-busy="true" className="sae-loading" data-testid={`${props.testId}-loading`}>
        <span className="sae-spinner" aria-hidden="true" /> {accountText.loading}
      </p>
    )
  }
  if (props.empty?.(result.data) === true) return <p className="sae-empty" data-testid={`${props.testId}-empty`}>{props.emptyText}</p>
  return props.children(result.data)
}

/**
 * A button that asks before a destructive action, in a modal `<dialog>` (the platform's focus
 * handling and Escape to cancel). SPEC §2
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
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const open = () => {
    const reason = props.refuse?.()
    if (reason !== undefined) return props.onRefused?.(reason)
    const d = dialog.current
    if (d === null) return
    if (typeof d.showModal === "function") d.showModal()
    else d.setAttribute("open", "")
  }
  const close = () => {
    const d = dialog.current
    if (d === null) return
    if (typeof d.close === "function") d.close()
    else d.removeAttribute("open")
  }
  const kind = props.danger === false ? "sae-button-secondary" : "sae-button-danger"
  return (
    <>
      <button type="button" className={`sae-button ${kind}`} onClick={open} disabled={props.busy} aria-busy={props.busy} data-testid={props.testId}>
        {props.label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="sae-dialog" data-testid={`${props.testId}-dialog`}>
        <h3 id={titleId} className="sae-dialog-title">{props.title}</h3>
        <div className="sae-dialog-body">{props.body}</div>
        <div className="sae-dialog-actions">
          <button type="button" className="sae-button sae-button-secondary" onClick={close} autoFocus data-testid={`${props.testId}-cancel`}>
            {accountText.cancel}
          </button>
          <button
            type="button"
            className={`sae-button ${props.danger === false ? "sae-button-primary" : "sae-button-danger"}`}
            onClick={() => {
              close()
              props.onConfirm()
            }}
            data-testid={`${props.testId}-confirm`}
          >
            {props.confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  )
}

/** A refusal the user can read (a change that would lock them out), kept until the next action. */
export function useRefusal(): readonly [string | undefined, (reason: string | undefined) => void] {
  return useState<string | undefined>(undefined)
}

/** A refusal line, read out at once. SPEC §4 */
export function Refusal(props: { readonly reason: string | undefined; readonly testId?: string | undefined }): ReactNode {
  if (props.reason === undefined) return null
  return <p role="alert" className="sae-alert sae-alert-warning" data-testid={props.testId ?? "lockout-refused"}>{props.reason}</p>
}

const initialsOf = (name: string): string =>
  name.split(/[\s@._-]+/).filter((part) => part.length > 0).slice(0, 2).map((part) => part[0]!.toUpperCase()).join("") || "?"

/** A round picture of a user or team, or their initials without one. SPEC §3 */
export function Avatar(props: { readonly name: string; readonly imageUrl?: string | null | undefined; readonly size?: number | undefined }): ReactNode {
  const size = props.size ?? 32
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) }
  return props.imageUrl !== null && props.imageUrl !== undefined && props.imageUrl !== ""
    ? <img className="sae-avatar" src={props.imageUrl} alt="" width={size} height={size} style={style} />
    : <span className="sae-avatar sae-avatar-initials" aria-hidden="true" style={style}>{initialsOf(props.name)}</span>
}

const steps: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["week", 604_800],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60]
]

/** "3 hours ago", "yesterday", "in 2 days": a time as people say it (the exact one is in `title`). SPEC §3 */
export const relativeTime = (date: Date, nowMillis: number, locale?: string): string => {
  const seconds = (date.getTime() - nowMillis) / 1000
  if (Math.abs(seconds) < 45) return accountText.justNow
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })
  const [unit, size] = steps.find(([, s]) => Math.abs(seconds) >= s) ?? ["minute", 60]
  return format.format(Math.round(seconds / size), unit)
}

/** A time as people say it, with the full date and time on hover and for screen readers. SPEC §3 */
export function Time(props: { readonly date: Date; readonly nowMillis: number }): ReactNode {
  const full = props.date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
  return <time dateTime={props.date.toISOString()} title={full}>{relativeTime(props.date, props.nowMillis)}</time>
}

/** The browser and system of a user agent string ("Chrome on Linux"), or `undefined`. SPEC §3 */
export const describeUserAgent = (ua: string): string | undefined => {
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : undefined
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : undefined
  if (browser === undefined && system === undefined) return undefined
  return browser !== undefined && system !== undefined ? `${browser} on ${system}` : browser ?? system
}

/** What the components need of the handler: its URLs, and absolute links (inside or outside `StackHandler`). SPEC §2 */
export interface AccountLinks {
  readonly urls: HandlerUrls
  readonly absolute: (path: string) => string
}

/** The handler URLs and absolute links, from `StackHandler` when inside one, else from the window. SPEC §2 */
export function useAccountLinks(): AccountLinks {
  const handler = use(HandlerContext)
  const { context } = useStackContext()
  const urls = Context.get(context, CurrentHandlerUrls)
  const base = handler?.url.toString() ?? (globalThis as { location?: Location }).location?.href ?? "http://localhost/"
  return { urls, absolute: (path) => new URL(path, base).toString() }
}

/** Goes to a URL or fragment (`#teams`) through the provider's navigation (the app's router, else the window). SPEC §2 */
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
 * and saved as a data URL through `save` (`null` removes it). SPEC §3
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
  const save = useMutation(props.save)
  const read = useMutation((file: File) =>
    Effect.tryPromise({ try: () => imageFileToDataUrl(file), catch: (): AccountCheck => ({ _tag: "ImageUnreadable" }) })
  )
  const upload = async (file: File | undefined) => {
    if (file === undefined) return
    const url = await read.mutate(file)
    if (url._tag === "Success") await save.mutate(url.value)
  }
  return (
    <div className="sae-row" data-testid={props.testId}>
      <Avatar name={props.name} imageUrl={props.imageUrl} size={props.size} />
      {props.canEdit && (
        <div className="sae-stack">
          <label className="sae-button sae-button-secondary sae-file">
            {props.imageUrl === null ? props.uploadLabel : "Change picture"}
            <input type="file" accept="image/*" className="sae-visually-hidden" onChange={(e) => void upload(e.currentTarget.files?.[0])} data-testid={`${props.testId}-input`} />
          </label>
          {props.imageUrl !== null && (
            <button type="button" className="sae-button sae-button-ghost" onClick={() => void save.mutate(null)} disabled={save.isPending} data-testid={`${props.testId}-remove`}>
              Remove picture
            </button>
          )}
        </div>
      )}
      <ErrorMessage error={save.error ?? read.error} testId={`${props.testId}-error`} />
    </div>
  )
}

/** The largest side of a profile picture sent to the service, in pixels. SPEC §3 */
export const profileImageSize = 256

/**
 * A picture file as a small `data:image/...;base64` URL (what the service takes as a profile
 * image): scaled down to {@link profileImageSize} pixels on a canvas in the browser. SPEC §3
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

/**
 * After a failed submit, moves focus to the first invalid field inside `ref`, else its error line,
 * once the page shows them. SPEC §2
 */
export function useFocusFirstError(ref: RefObject<HTMLElement | null>, exit: { readonly _tag: string } | undefined): void {
  useEffect(() => {
    if (exit?._tag !== "Failure") return
    ref.current?.querySelector<HTMLElement>("[aria-invalid='true'], [role='alert']")?.focus()
  }, [exit, ref])
}
