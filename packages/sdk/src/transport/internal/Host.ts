/**
 * What the SDK asks of the place it runs in: whether the browser reports itself offline, the
 * current page's URL, its session storage and its cookies. Nothing here
 * names a browser or Node global: by default there is no host (no page, online, no storage); the
 * apps provide the real one, which reads the globals, from `platform/` (the only folder that names
 * them). Read where a call runs, so whatever provides an app provides its host too.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"

/** The part of the Web Storage API the SDK uses (the browser's `sessionStorage`). */
export interface Storage {
  /** The stored value of `key`, or `null`. */
  getItem(key: string): string | null
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void
  /** Forgets `key`. */
  removeItem(key: string): void
}

/** Something holding a page's cookies as one string (a browser document). */
export interface CookieHolder {
  cookie: string
}

/** The host's answers. */
export interface Host {
  /** Whether the browser says it has no network. */
  readonly offline: () => boolean
  /** The current page's URL, if there is a page. */
  readonly url: () => string | undefined
  /** The page's session storage, if there is one and it may be used. */
  readonly storage: () => Storage | undefined
  /** The page's cookies, if there is a page. */
  readonly cookies: () => CookieHolder | undefined
}

/** The host in use; none outside an app (no page, online, no storage). */
export const Host: Context.Reference<Host | undefined> = /*#__PURE__*/ Context.Reference<Host | undefined>("stack-auth-effect/transport/Host", {
  defaultValue: () => undefined
})

/** Whether a URL is https. */
export const isHttps = (url: string | undefined): boolean => url?.startsWith("https:") === true
