/**
 * What every handler page shares: the handler URLs, the current URL (from the `location`
 * prop of a client-side router, else `window.location`), and the redirects after a step: home by
 * default, `after_auth_return_to` honoured, the MFA page when a second factor is needed.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { createContext, use } from "react"
import type * as SignInOutcome from "stack-auth-effect/SignInOutcome"
import { CurrentHandlerUrls, type HandlerName, type HandlerUrls } from "stack-auth-effect/HandlerUrls"
import * as Redirects from "stack-auth-effect/Redirects"
import { MultiFactorAuthenticationRequired } from "stack-auth-effect/KnownErrors"
import { useStackContext } from "../StackProvider.tsx"
import type { Services } from "../StackRuntime.ts"

/** The page's URL and how the handler reports things. */
export interface HandlerOptions {
  /** The current URL (absolute). */
  readonly url: URL
  /** Shows a blocking message (the OAuth callback's alerts); `window.alert` by default. */
  readonly alert: (message: string) => void
  /** The service dashboard, for links from production-mode errors. */
  readonly dashboardUrl: string
}

/** The handler's context; set by `StackHandler`. */
export const HandlerContext = createContext<HandlerOptions | null>(null)

/** The hosted dashboard. */
export const defaultDashboardUrl = "https://app.stack-auth.com"

/** Outside `<StackHandler>` (a `<SignIn />` on an app's own page): the window's URL and `window.alert`. */
const standaloneOptions = (): HandlerOptions => {
  const location = (globalThis as { location?: Location }).location
  return {
    url: new URL(location?.href ?? "http://localhost/"),
    alert: (message) => (globalThis as { alert?: (m: string) => void }).alert?.(message),
    dashboardUrl: defaultDashboardUrl
  }
}

/** What a page uses: URLs, the current URL, and the redirects. */
export interface Handler extends HandlerOptions {
  readonly urls: HandlerUrls
  /** A query parameter of the current URL. */
  readonly param: (name: string) => string | undefined
  /** An absolute URL of a handler page (for links sent in e-mails and to OAuth providers). */
  readonly absolute: (path: string) => string
  /** A handler page's URL that carries the current `after_auth_return_to`. */
  readonly carry: (name: HandlerName) => string
  /** Effect: goes to a handler page (sign-in and sign-up carry `after_auth_return_to`; after-auth pages honour it). */
  readonly goTo: (name: HandlerName, options?: { readonly replace?: boolean }) => Effect.Effect<void, Redirects.UntrustedRedirectUrl, Services>
  /** Effect: after a sign-in: after-sign-up for a new user, else after-sign-in. */
  readonly afterSignIn: (result: SignInOutcome.SignInResult) => Effect.Effect<void, Redirects.UntrustedRedirectUrl, Services>
  /** Effect: sends a sign-in that needs a second factor to the MFA page (the attempt code is kept). */
  readonly onMfaRequired: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | Redirects.UntrustedRedirectUrl, R | Services>
}

/** The handler below `StackHandler` (or, outside one, for the window's URL). */
export function useHandler(): Handler {
  const options = use(HandlerContext) ?? standaloneOptions()
  const { context } = useStackContext()
  const urls = Context.get(context, CurrentHandlerUrls)
  const currentUrl = options.url.toString()
  const returnTo = options.url.searchParams.get(Redirects.afterAuthReturnToParam)
  const carry = (name: HandlerName) => {
    const target = new URL(urls[name], options.url)
    if (returnTo !== null) target.searchParams.set(Redirects.afterAuthReturnToParam, returnTo)
    return target.origin === options.url.origin ? target.pathname + target.search : target.toString()
  }
  const goTo = (name: HandlerName, o: { readonly replace?: boolean } = {}) =>
    Redirects.redirectToHandler(name, { currentUrl, replace: o.replace })
  return {
    ...options,
    urls,
    param: (name) => options.url.searchParams.get(name) ?? undefined,
    absolute: (path) => new URL(path, options.url).toString(),
    carry,
    goTo,
    afterSignIn: (result) => goTo(result.isNewUser ? "afterSignUp" : "afterSignIn", { replace: true }),
    onMfaRequired: (effect) =>
      effect.pipe(Effect.tapError((error) =>
        error instanceof MultiFactorAuthenticationRequired ? Redirects.redirectTo(carry("mfa")) : Effect.void
      ))
  }
}
