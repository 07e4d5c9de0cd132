/**
 * Token stores kept in cookies: the browser's `document.cookie`, polled so other
 * tabs' sign-ins and sign-outs are seen, and a server framework's request/response cookies.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as CookieStorage from "./CookieStorage.ts"
import { sameTokens, type Service, type StoredTokens, TokenStore } from "../session/TokenStore.ts"

/** How often the browser store re-reads `document.cookie`. */
export const pollIntervalMillis = 100

/** Options shared by the cookie stores. */
export interface CookieStoreOptions {
  /** Names the refresh cookie (`stack-refresh-<projectId>`). */
  readonly projectId: string
  /** Adds `Secure`; defaults to whether the page or request is https. */
  readonly secure?: boolean | undefined
}

/** A cookie-backed store over an adapter; migrates the legacy refresh cookie at creation. */
export const makeCookieStore = (
  adapter: CookieStorage.CookieAdapter,
  options: CookieStoreOptions
): Service & {
  /** Reads the cookies again, answering the tokens when they changed since the last read. */
  readonly poll: () => StoredTokens | undefined
} => {
  const { projectId } = options
  const secure = options.secure ?? adapter.secure ?? false
  const read = () => CookieStorage.readTokens(adapter.get, projectId)
  const initial = read()
  let last: StoredTokens = initial.tokens
  const write = (tokens: StoredTokens) => {
    const own = last.refreshToken === undefined ? [] : [Redacted.value(last.refreshToken)]
    const ownAccess = last.accessToken === undefined ? undefined : Redacted.value(last.accessToken)
    CookieStorage.writeTokens(adapter, projectId, secure, tokens, own, ownAccess)
    // any write supersedes the legacy cookie: left behind, it would be read back after a sign-out
    if (adapter.get(CookieStorage.legacyRefreshCookieName) !== undefined) CookieStorage.deleteLegacy(adapter, secure)
    last = tokens
  }
  if (initial.fromLegacy) write(initial.tokens)
  return {
    get: Effect.sync(() => read().tokens),
    set: (tokens) => Effect.sync(() => write(tokens)),
    clear: Effect.sync(() => write({})),
    /** Re-reads the cookies; returns the tokens when they changed since the last read or write. */
    poll: () => {
      const current = read().tokens
      if (sameTokens(current, last)) return undefined
      last = current
      return current
    }
  }
}

/** Options of {@link layerBrowserCookie}. */
export interface BrowserCookieOptions extends CookieStoreOptions {
  /** Defaults to the global `document`. */
  readonly document?: CookieStorage.CookieDocument | undefined
}

/**
 * Browser apps: tokens in `document.cookie`, re-read every 100 ms so a sign-in
 * or sign-out in another tab reaches this tab's session. The poller stops when the Layer's scope closes.
 */
export const layerBrowserCookie = (options: BrowserCookieOptions): Layer.Layer<TokenStore> =>
  Layer.effect(
    TokenStore,
    Effect.gen(function*() {
      const document = options.document ?? (globalThis as { document?: CookieStorage.CookieDocument }).document
      if (document === undefined) {
        return yield* Effect.die(new Error("layerBrowserCookie needs a document; on a server use layerServerCookie"))
      }
      const https = (globalThis as { location?: { protocol?: string } }).location?.protocol === "https:"
      const store = makeCookieStore(CookieStorage.documentAdapter(document, options.secure ?? https), options)
      const subscribers = new Set<(tokens: StoredTokens) => Effect.Effect<void>>()
      yield* Effect.sleep(pollIntervalMillis).pipe(
        Effect.andThen(Effect.suspend(() => {
          const changed = store.poll()
          return changed === undefined
            ? Effect.void
            : Effect.forEach(Array.from(subscribers), (onChange) => onChange(changed), { discard: true })
        })),
        Effect.forever,
        Effect.forkScoped
      )
      const subscribe = (onChange: (tokens: StoredTokens) => Effect.Effect<void>) =>
        Effect.acquireRelease(
          Effect.sync(() => void subscribers.add(onChange)),
          () => Effect.sync(() => void subscribers.delete(onChange))
        )
      return TokenStore.of({ get: store.get, set: store.set, clear: store.clear, subscribe })
    })
  )

/**
 * Server frameworks: one request's cookies through an adapter (`CookieStorage.nodeAdapter`,
 * `CookieStorage.fetchAdapter`, or your framework's). Refreshed tokens and sign-outs are written back
 * as `Set-Cookie`; only this project's cookies are ever written.
 */
export const layerServerCookie = (adapter: CookieStorage.CookieAdapter, options: CookieStoreOptions): Layer.Layer<TokenStore> =>
  Layer.effect(
    TokenStore,
    Effect.sync(() => {
      const store = makeCookieStore(adapter, options)
      return TokenStore.of({ get: store.get, set: store.set, clear: store.clear })
    })
  )
