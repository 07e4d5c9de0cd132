/**
 * Redirects and callback URLs: which URLs may be navigated to, how the
 * `after_auth_return_to` target travels across sign-in and sign-up, and the navigation itself
 * (through `session/Navigation.ts`, then the redirect wait of 2000 ms).
 *
 * A URL is trusted when it is relative (same origin) or on one of the trusted domains given
 * (the client app does not know the project's domains; by default only relative URLs pass).
 * The check is strict against open redirects: protocol-relative (`//evil`, `/\evil`), schemes
 * other than http(s) (`javascript:`, `data:`, any case), credentials (`https://trusted@evil`),
 * control characters, backslashes, percent-encoded slashes and trailing-dot hosts are refused.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Navigation } from "../session/internal/NavigationService.ts"
import { CurrentHandlerUrls, type HandlerName } from "./HandlerUrls.ts"
import * as Host from "../transport/internal/Host.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** How long a redirect waits after navigating (the page is normally gone by then). */
export const redirectWaitMillis = 2000

/** The query parameter that carries the return target across sign-in and sign-up. */
export const afterAuthReturnToParam = "after_auth_return_to"

/** A redirect target that is neither relative nor on a trusted domain. */
export class UntrustedRedirectUrl extends /*#__PURE__*/ Schema.TaggedError<UntrustedRedirectUrl>()("UntrustedRedirectUrl", {
  url: Schema.String
}) {
  override get message(): string {
    return "Redirect URL is not trusted; should be relative."
  }
}

/** A callback URL was left out where there is no current page to build it from (not a browser). */
export class CallbackUrlRequired extends /*#__PURE__*/ Schema.TaggedError<CallbackUrlRequired>()("CallbackUrlRequired", {
  page: Schema.String
}) {
  override get message(): string {
    return `A callback URL for the ${this.page} page is needed outside a browser: there is no current page to build it from`
  }
}

/** Which absolute URLs are trusted besides relative ones. */
export interface TrustOptions {
  /** Base URLs of trusted domains: `https://app.example.com`, `https://*.example.com`, `http://host:8080`. */
  readonly trustedDomains?: ReadonlyArray<string> | undefined
  /** Trust `http(s)://localhost` (and `*.localhost`, `127.0.0.1`, `[::1]`) on any port. */
  readonly allowLocalhost?: boolean | undefined
}

// ----- the checks -----

// oxlint-disable-next-line no-control-regex
const controlOrBackslash = /[\u0000-\u001F\u007F\\]/
const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/

/** Decodes `%XX` byte by byte (never throws, unlike `decodeURIComponent` on malformed input). */
const decodeOnce = (value: string): string =>
  value.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** The value and its percent-decodings until stable; `undefined` if it keeps changing (nested encoding). */
const decodings = (value: string): ReadonlyArray<string> | undefined => {
  const layers = [value]
  for (let i = 0; i < 4; i++) {
    const next = decodeOnce(layers[layers.length - 1]!)
    if (next === layers[layers.length - 1]) return layers
    layers.push(next)
  }
  return undefined
}

const hasUnsafeCharacters = (value: string): boolean =>
  controlOrBackslash.test(value) || value.trim() !== value

/** Whether a URL stays on the current origin: a path, query or fragment, never `//host`. */
export const isRelative = (url: string): boolean => {
  if (url.length === 0) return false
  const layers = decodings(url)
  if (layers === undefined) return false
  for (const layer of layers) {
    if (hasUnsafeCharacters(layer) || scheme.test(layer) || layer.startsWith("//")) return false
  }
  const base = "https://relative-check.invalid"
  try {
    return new URL(url, base).origin === base
  } catch {
    return false
  }
}

const isLocalhost = (hostname: string): boolean =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1" || hostname === "[::1]"

const defaultPort = (protocol: string): string => (protocol === "https:" ? "443" : protocol === "http:" ? "80" : "")

const hostMatches = (pattern: string, hostname: string): boolean => {
  const want = pattern.split(".")
  const have = hostname.split(".")
  return want.length === have.length && want.every((label, i) => (label === "*" ? have[i]!.length > 0 : label === have[i]))
}

/** Whether a parsed URL is on a trusted domain pattern (`*` matches one host label). */
const matchesDomain = (url: URL, pattern: string): boolean => {
  const match = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#@]+?)(?::(\d+))?(?:[/?#].*)?$/i.exec(pattern.trim())
  if (match === null) return false
  const [, protocol, host, port] = match
  if (protocol!.toLowerCase() !== url.protocol) return false
  if ((port ?? defaultPort(url.protocol)) !== (url.port || defaultPort(url.protocol))) return false
  return hostMatches(host!.toLowerCase(), url.hostname)
}

/** Whether a URL may be navigated to: relative, or http(s) on a trusted domain. */
export const isTrusted = (url: string, options: TrustOptions = {}): boolean => {
  if (isRelative(url)) return true
  if (hasUnsafeCharacters(url)) return false
  const layers = decodings(url)
  if (layers === undefined || layers.some((layer) => controlOrBackslash.test(layer))) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false
  if (parsed.username !== "" || parsed.password !== "") return false
  if (parsed.hostname.length === 0 || parsed.hostname.endsWith(".")) return false
  if (options.allowLocalhost === true && isLocalhost(parsed.hostname)) return true
  return (options.trustedDomains ?? []).some((domain) => matchesDomain(parsed, domain))
}

/** Succeeds with the URL when it is trusted, else `UntrustedRedirectUrl`. */
export const validate = (url: string, options: TrustOptions = {}): Effect.Effect<string, UntrustedRedirectUrl> =>
  isTrusted(url, options) ? Effect.succeed(url) : Effect.fail(new UntrustedRedirectUrl({ url }))

// ----- building targets -----

/** The current page's URL in a browser (under an app, which provides the page's host), `undefined` elsewhere. */
export const currentLocation: Effect.Effect<string | undefined> = /*#__PURE__*/ Effect.withFiber((fiber) =>
  Effect.succeed(fiber.getRef(Host.Host)?.url())
)

const relativePart = (url: URL): string => url.pathname + url.search + url.hash

/**
 * The sign-in or sign-up page URL carrying `after_auth_return_to`: the current page's own
 * `after_auth_return_to` if it has one, else the current page itself when on the same origin.
 */
export const withReturnTo = (page: string, currentUrl: string | undefined): string => {
  if (currentUrl === undefined) return page
  const current = new URL(currentUrl)
  const next = new URL(page, current)
  const carried = current.searchParams.get(afterAuthReturnToParam)
  if (carried !== null) next.searchParams.set(afterAuthReturnToParam, carried)
  else if (next.origin === current.origin) next.searchParams.set(afterAuthReturnToParam, relativePart(current))
  return next.origin === current.origin ? relativePart(next) : next.toString()
}

/**
 * Where to go after sign-in or sign-up: the current page's `after_auth_return_to` when present
 * (it must be trusted), else the configured page (home by default).
 */
export const afterAuthTarget = (
  fallback: string,
  currentUrl: string | undefined,
  options: TrustOptions = {}
): Effect.Effect<string, UntrustedRedirectUrl> => {
  const returnTo = currentUrl === undefined ? null : new URL(currentUrl).searchParams.get(afterAuthReturnToParam)
  return returnTo === null ? Effect.succeed(fallback) : validate(returnTo, options)
}

const parseUrl = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * An absolute callback URL for a handler page (sent in e-mails): the explicit one when given,
 * else the page resolved against the current page, keeping `after_auth_return_to`, without a
 * fragment. Outside a browser (or on a page that is not http(s), like `about:blank`) the explicit
 * one is required.
 */
export const callbackUrl = (
  page: string,
  options: { readonly explicit?: string | undefined; readonly currentUrl?: string | undefined } = {}
): Effect.Effect<string, CallbackUrlRequired> =>
  Effect.gen(function*() {
    if (options.explicit !== undefined) return options.explicit
    const currentUrl = options.currentUrl ?? (yield* currentLocation)
    // no page, or one that cannot anchor a link (`about:blank`): the caller must say
    const current = currentUrl === undefined ? undefined : parseUrl(currentUrl)
    if (current === undefined || !/^https?:$/.test(current.protocol)) return yield* new CallbackUrlRequired({ page })
    const url = new URL(page, current)
    const carried = current.searchParams.get(afterAuthReturnToParam)
    if (carried !== null) url.searchParams.set(afterAuthReturnToParam, carried)
    url.hash = ""
    return url.toString()
  })

// ----- navigating -----

/** Options of a redirect. */
export interface RedirectOptions extends TrustOptions {
  /** Replace the current history entry instead of adding one. */
  readonly replace?: boolean | undefined
  /** The current page (defaults to the browser's location); carries `after_auth_return_to`. */
  readonly currentUrl?: string | undefined
}

/**
 * Navigates to a trusted URL, then waits the redirect wait so that nothing runs on while
 * the page unloads. Untrusted URLs fail with `UntrustedRedirectUrl` before navigating.
 */
export const redirectTo = /*#__PURE__*/ Effect.fnUntraced(
  function*(url: string, options: RedirectOptions = {}): Effect.fn.Return<void, UntrustedRedirectUrl, Navigation> {
    const target = yield* validate(url, options)
    const navigation = yield* Navigation
    yield* options.replace === true ? navigation.replaceUrl(target) : navigation.navigate(target)
    yield* Effect.sleep(redirectWaitMillis)
  },
  /*#__PURE__*/ Traced.span("Redirects.redirectTo")
)

/**
 * Navigates to a handler page of the app's `CurrentHandlerUrls`: sign-in and sign-up carry
 * `after_auth_return_to`; after-sign-in and after-sign-up honour it.
 */
export const redirectToHandler = /*#__PURE__*/ Effect.fnUntraced(
  function*(name: HandlerName, options: RedirectOptions = {}): Effect.fn.Return<void, UntrustedRedirectUrl, Navigation> {
    const urls = yield* CurrentHandlerUrls
    const currentUrl = options.currentUrl ?? (yield* currentLocation)
    let target: string = urls[name]
    if (name === "signIn" || name === "signUp") target = withReturnTo(target, currentUrl)
    if (name === "afterSignIn" || name === "afterSignUp") target = yield* afterAuthTarget(target, currentUrl, options)
    yield* redirectTo(target, options)
  },
  /*#__PURE__*/ Traced.span("Redirects.redirectToHandler")
)
