/**
 * The host the apps run in, read from the globals each time it is asked (`window`, `document`,
 * `navigator`, `location`, `sessionStorage`): a browser page, or nothing of the kind on Node.
 * The apps provide it, so calls under an app see the page they run on.
 *
 * @since 0.1.0
 */
import * as Layer from "effect/Layer"
import { type CookieHolder, Host, type Storage } from "../../transport/internal/Host.ts"

const page = globalThis as {
  readonly window?: unknown
  readonly document?: CookieHolder
  readonly navigator?: { readonly onLine?: boolean }
  readonly location?: { readonly href?: string }
  readonly sessionStorage?: Storage
}

/** The globals' answers. */
export const host: Host = {
  offline: () => page.navigator?.onLine === false,
  url: () => page.location?.href,
  storage: () => {
    try {
      return page.sessionStorage
    } catch {
      return undefined // storage access can throw (sandboxed frames, privacy settings)
    }
  },
  cookies: () => page.document
}

/** Whether a page's globals exist (a browser, or something that looks like one: jsdom, Electron). */
export const looksLikeBrowser = (): boolean => page.window !== undefined && page.document !== undefined

/** Provides the globals' host. */
export const layer: Layer.Layer<never> = /*#__PURE__*/ Layer.succeed(Host, host)
