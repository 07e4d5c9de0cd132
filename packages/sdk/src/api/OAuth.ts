/**
 * Social sign-in through the service's OAuth front door
 * (`/auth/oauth/authorize/{provider}` and `/auth/oauth/token`; PKCE S256, scope `legacy`,
 * `client_secret_post`, the code verifier in a cookie kept 3600 s) and the oauth-callback page.
 *
 * {@link getAuthorizationUrl} keeps a PKCE code verifier in the cookie `stack-oauth-outer-<state>`
 * and builds the authorize URL; the provider's round trip ends on the app's callback page, where
 * {@link handleCallback} exchanges `code` for the session's tokens (only when `code`, `state` and
 * the verifier cookie are all there).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Redirects from "../handler/Redirects.ts"
import { KnownError } from "../protocol/KnownError.ts"
import {
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  InvalidAuthorizationCode,
  InvalidOAuthClientIdOrSecret,
  MultiFactorAuthenticationRequired,
  OAuthConnectionAlreadyConnectedToAnotherUser,
  OAuthProviderAccessDenied,
  OAuthProviderNotFoundOrNotEnabled,
  OuterOAuthTimeout,
  SignUpNotEnabled
} from "../protocol/KnownErrors.ts"
import * as Cookies from "../session/Cookies.ts"
import * as SessionCookies from "../session/internal/SessionCookies.ts"
import { Navigation } from "../session/internal/NavigationService.ts"
import * as Session from "../session/Session.ts"
import * as Call from "../transport/Call.ts"
import * as OAuthClient from "../transport/internal/OAuthClient.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import { ConnectionError, StackTransportError, type TransportError } from "../transport/TransportErrors.ts"
import * as Mfa from "./Mfa.ts"
import * as SignInOutcome from "./SignInOutcome.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** PKCE code challenge method. */
export const codeChallengeMethod = "S256"
/** The scope sent to the service. */
export const scope = "legacy"
/** How the client authenticates at the token endpoint (the shared OAuth client's). */
export const tokenEndpointAuthMethod = OAuthClient.tokenEndpointAuthMethod
/** Prefix of the cookie keeping the code verifier: the product prefix and `oauth-outer`. */
export const stateCookiePrefix = "stack-oauth-outer-"
/** Life of the verifier cookie. */
export const stateCookieMaxAgeSeconds = 3600

/** The verifier cookie of one flow. */
export const stateCookieName = (state: string): string => stateCookiePrefix + state

/** What an authorize URL is for: signing in, or linking a provider to the signed-in user. */
export type FlowType = "authenticate" | "link"

/** Options of {@link getAuthorizationUrl}. */
export interface AuthorizationOptions {
  /** The provider id (`github`, `google`, ...). */
  readonly provider: string
  /** The app's OAuth callback page; any `code` and `state` in it are removed (with a warning). */
  readonly redirectUrl: string
  /** Where the service sends the user when the flow fails. */
  readonly errorRedirectUrl: string
  /** Where to go after the callback (answered by the token exchange). */
  readonly afterCallbackRedirectUrl?: string | undefined
  /** `authenticate` by default. */
  readonly type?: FlowType | undefined
  /** Extra provider scopes (linking only). */
  readonly providerScope?: string | undefined
}

/** Which URL an {@link OAuthUrlNotAbsolute} is about. */
export type UrlOption = "redirectUrl" | "errorRedirectUrl" | "afterCallbackRedirectUrl" | "callbackUrl"

/**
 * A relative OAuth URL where there is no current page to resolve it against (outside a browser),
 * or a callback URL that is not a URL at all.
 */
export class OAuthUrlNotAbsolute extends /*#__PURE__*/ Schema.TaggedError<OAuthUrlNotAbsolute>()("OAuthUrlNotAbsolute", {
  option: Schema.String,
  /** The URL without its query and fragment (a callback URL's query carries the code). */
  url: Schema.String
}) {
  override get message(): string {
    return `The OAuth ${this.option} must be an absolute URL (a relative one needs a current page to resolve it against): ${this.url}`
  }
}

/** What a malformed OAuth URL option fails with. */
export type UrlError = OAuthUrlNotAbsolute | Redirects.UntrustedRedirectUrl

const withoutQuery = (url: string): string => url.split(/[?#]/)[0]!

const parseUrl = (url: string, base?: string): URL | undefined => {
  try {
    return new URL(url, base)
  } catch {
    return undefined
  }
}

/** A relative URL resolved against the current page; `OAuthUrlNotAbsolute` where there is none. */
const resolveRelative = (option: UrlOption, url: string): Effect.Effect<URL, OAuthUrlNotAbsolute> =>
  Effect.flatMap(Redirects.currentLocation, (current) => {
    const resolved = current === undefined ? undefined : parseUrl(url, current)
    return resolved === undefined ? Effect.fail(new OAuthUrlNotAbsolute({ option, url: withoutQuery(url) })) : Effect.succeed(resolved)
  })

/**
 * An OAuth redirect URL option made absolute: a relative one is resolved against the
 * current page; an absolute one must be a plain http(s) URL, which `Redirects` checks (no
 * credentials, control characters, backslashes, other schemes), else `UntrustedRedirectUrl`.
 * Whether its domain is trusted is the service's to say: the client does not know the project's.
 */
const absoluteRedirectUrl = (option: UrlOption, url: string): Effect.Effect<URL, UrlError> => {
  if (Redirects.isRelative(url)) return resolveRelative(option, url)
  const parsed = parseUrl(url)
  // trusting the URL's own origin leaves exactly Redirects' checks of the URL's form
  return parsed !== undefined && Redirects.isTrusted(url, { trustedDomains: [`${parsed.protocol}//${parsed.host}`] })
    ? Effect.succeed(parsed)
    : Effect.fail(new Redirects.UntrustedRedirectUrl({ url }))
}

/** The callback page's URL as a `URL`: a relative one resolved against the current page. */
const callbackPageUrl = (url: string | URL): Effect.Effect<URL, OAuthUrlNotAbsolute> => {
  if (url instanceof URL) return Effect.succeed(url)
  if (Redirects.isRelative(url)) return resolveRelative("callbackUrl", url)
  const parsed = parseUrl(url)
  return parsed === undefined ? Effect.fail(new OAuthUrlNotAbsolute({ option: "callbackUrl", url: withoutQuery(url) })) : Effect.succeed(parsed)
}

/** The query parameters the OAuth callback sets. */
const callbackParams = ["code", "state"] as const

/** The URL without the callback's `code` and `state`; answers which it had. */
const withoutCallbackParams = (url: URL): { readonly url: URL; readonly removed: ReadonlyArray<string> } => {
  const clean = new URL(url)
  const removed = callbackParams.filter((key) => clean.searchParams.has(key))
  for (const key of removed) clean.searchParams.delete(key)
  return { url: clean, removed }
}

/** The redirect URL, made absolute, without `code` and `state`, warning when it had them. */
export const cleanRedirectUrl = (redirectUrl: string): Effect.Effect<string, UrlError> =>
  Effect.gen(function*() {
    const { url, removed } = withoutCallbackParams(yield* absoluteRedirectUrl("redirectUrl", redirectUrl))
    for (const key of removed) {
      yield* Effect.logWarning(`The OAuth redirect URL contains a ${key} query parameter; it is removed, as the OAuth callback sets it`)
    }
    return url.toString()
  })

/**
 * What `getAuthorizationUrl` can fail with: a malformed or (relative outside a browser) URL option,
 * linking while signed out, or the refresh of the user's tokens.
 */
export type AuthorizationUrlError = UrlError | SignInOutcome.NotSignedIn | KnownError | TransportError

/**
 * Builds the authorize URL of a new flow and keeps its PKCE code verifier in the cookie
 * `stack-oauth-outer-<state>` for 3600 s. Linking needs a signed-in user, whose
 * access token the URL carries.
 */
export const getAuthorizationUrl = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: AuthorizationOptions): Effect.fn.Return<string, AuthorizationUrlError, StackHttp | Session.Session> {
    const { config } = yield* StackHttp
    const type = options.type ?? "authenticate"
    const redirectUri = yield* cleanRedirectUrl(options.redirectUrl)
    const errorRedirectUrl = yield* absoluteRedirectUrl("errorRedirectUrl", options.errorRedirectUrl)
    const afterCallbackRedirectUrl = options.afterCallbackRedirectUrl === undefined
      ? undefined
      : yield* absoluteRedirectUrl("afterCallbackRedirectUrl", options.afterCallbackRedirectUrl)
    const oauth = yield* OAuthClient.library
    const codeVerifier = oauth.generateRandomCodeVerifier()
    const codeChallenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(codeVerifier))
    const state = oauth.generateRandomState()
    const url = new URL(`${config.baseUrl}/api/v1/auth/oauth/authorize/${options.provider.toLowerCase()}`)
    const set = (key: string, value: string) => url.searchParams.set(key, value)
    set("client_id", config.projectId)
    set("client_secret", config.publishableClientKey ?? "")
    set("redirect_uri", redirectUri)
    set("scope", scope)
    set("state", state)
    set("grant_type", "authorization_code")
    set("code_challenge", codeChallenge)
    set("code_challenge_method", codeChallengeMethod)
    set("response_type", "code")
    set("type", type)
    set("error_redirect_url", errorRedirectUrl.toString())
    if (afterCallbackRedirectUrl !== undefined) set("after_callback_redirect_url", afterCallbackRedirectUrl.toString())
    if (type === "link") {
      const tokens = yield* (yield* Session.Session).getTokens().pipe(Effect.catchTag("AccessTokenValidityTooLong", Effect.die))
      if (tokens === undefined) return yield* new SignInOutcome.NotSignedIn({ operation: "Linking an OAuth provider" })
      set("token", Redacted.value(tokens.accessToken))
      if (options.providerScope !== undefined) set("provider_scope", options.providerScope)
    }
    const cookies = yield* Cookies.current
    cookies.set(stateCookieName(state), codeVerifier, SessionCookies.attributes(stateCookieMaxAgeSeconds, cookies.secure ?? false))
    return url.toString()
  },
  /*#__PURE__*/ Traced.span("OAuth.getAuthorizationUrl")
)

/** Starts a flow: builds the authorize URL and goes there. */
export const signInWithRedirect = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: AuthorizationOptions): Effect.fn.Return<void, AuthorizationUrlError, StackHttp | Session.Session | Navigation> {
    const url = yield* getAuthorizationUrl(options)
    yield* (yield* Navigation).navigate(url)
  },
  /*#__PURE__*/ Traced.span("OAuth.signInWithRedirect")
)

/** Why a page is not an OAuth callback to handle. */
export type NotACallbackReason = "missing-code" | "missing-state" | "missing-verifier"

/** What {@link handleCallback} did. */
export type CallbackResult =
  | { readonly _tag: "NotACallback"; readonly reason: NotACallbackReason }
  | {
    readonly _tag: "SignedIn"
    readonly userId: string | undefined
    readonly isNewUser: boolean
    /** Where the flow asked to go after the callback, if anywhere. */
    readonly afterCallbackRedirectUrl: string | undefined
    /** The callback URL without `code` and `state`, to put in the address bar. */
    readonly cleanUrl: string
  }

/** The code exchange failed for a reason other than a known error. */
export class OAuthCallbackError extends /*#__PURE__*/ Schema.TaggedError<OAuthCallbackError>()("OAuthCallbackError", {
  reason: Schema.String
}) {
  override get message(): string {
    return "Error signing in during OAuth callback. Please try again."
  }
}

/** The known errors a callback can end with (from the token exchange, or redirected by the service). */
export const callbackErrors = [
  InvalidAuthorizationCode,
  InvalidOAuthClientIdOrSecret,
  MultiFactorAuthenticationRequired,
  OuterOAuthTimeout,
  OAuthProviderAccessDenied,
  OAuthProviderNotFoundOrNotEnabled,
  SignUpNotEnabled,
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  OAuthConnectionAlreadyConnectedToAnotherUser
] as const

/** What `handleCallback` can fail with (a malformed callback URL or `redirectUrl` option too). */
export type HandleCallbackError = Call.CallError<typeof callbackErrors> | OAuthCallbackError | UrlError

const knownErrorFromRedirect = (params: URLSearchParams): KnownError | undefined => {
  const code = params.get("errorCode")
  if (code === null) return undefined
  let details: unknown = undefined
  try {
    details = JSON.parse(params.get("details") ?? "null") ?? undefined
  } catch {
    details = undefined
  }
  return new KnownError({ code, status: 400, message: params.get("message") ?? code, details })
}

const describe = (cause: unknown): string => (cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause))

/** `POST /auth/oauth/token` with the authorization-code grant, through the shared OAuth client. */
const exchangeCode = (input: {
  readonly params: URLSearchParams
  readonly state: string
  readonly redirectUri: string
  readonly codeVerifier: string
}) =>
  Effect.gen(function*() {
    const oauthClient = yield* OAuthClient.make((yield* StackHttp).config)
    const { oauth, authorizationServer, client, clientAuth } = oauthClient
    const callback = yield* Effect.try({
      try: () => oauth.validateAuthResponse(authorizationServer, client, input.params, input.state),
      catch: (cause) => new OAuthCallbackError({ reason: describe(cause) })
    })
    const response = yield* OAuthClient.send(oauthClient, (options) =>
      oauth.authorizationCodeGrantRequest(authorizationServer, client, clientAuth, callback, input.redirectUri, input.codeVerifier, options)
    ).pipe(Effect.mapError((failure) =>
      new StackTransportError({
        reason: new ConnectionError({ method: "POST", path: OAuthClient.tokenPath, reason: failure.reason, attempts: 1, diagnostics: [] })
      })
    ))
    const known = yield* OAuthClient.knownError(response)
    if (known !== undefined) return yield* Effect.fail(Call.refineKnownError(callbackErrors, known))
    return yield* Effect.tryPromise({
      try: () => oauth.processAuthorizationCodeResponse(authorizationServer, client, response),
      catch: (cause) => new OAuthCallbackError({ reason: describe(cause) })
    })
  })

/**
 * Handles the OAuth callback page (`POST /auth/oauth/token`): with `code`, `state`
 * and the verifier cookie, removes the cookie, exchanges the code (PKCE, `client_secret_post`),
 * stores the tokens and answers whether the user is new and where to go; without them, does
 * nothing. An error the service redirected here with (`errorCode`) fails as that known error.
 * Relative URLs are resolved against the current page (else `OAuthUrlNotAbsolute`); interrupting
 * the exchange aborts its request.
 */
export const handleCallback = /*#__PURE__*/ Effect.fnUntraced(
  function*(callbackUrl: string | URL, options: { readonly redirectUrl?: string | undefined } = {}): Effect.fn.Return<
    CallbackResult,
    HandleCallbackError,
    StackHttp | Session.Session
  > {
    const url = yield* callbackPageUrl(callbackUrl)
    const redirected = knownErrorFromRedirect(url.searchParams)
    if (redirected !== undefined) return yield* Effect.fail(Call.refineKnownError(callbackErrors, redirected))
    const code = url.searchParams.get("code")
    const state = url.searchParams.get("state")
    if (code === null) return { _tag: "NotACallback", reason: "missing-code" } as const
    if (state === null) return { _tag: "NotACallback", reason: "missing-state" } as const
    const cookies = yield* Cookies.current
    const name = stateCookieName(state)
    const codeVerifier = cookies.get(name)
    if (codeVerifier === undefined || codeVerifier.length === 0) {
      yield* Effect.logWarning(
        "OAuth callback with a state but no verifier cookie (expired, deleted, already used, or another OAuth client's callback); ignoring it"
      )
      return { _tag: "NotACallback", reason: "missing-verifier" } as const
    }
    const clean = withoutCallbackParams(url).url
    const redirectUri = options.redirectUrl === undefined ? clean.toString() : yield* cleanRedirectUrl(options.redirectUrl)
    cookies.delete(name, SessionCookies.attributes(0, cookies.secure ?? false))
    const tokens = yield* exchangeCode({ params: url.searchParams, state, redirectUri, codeVerifier }).pipe(Mfa.keepAttemptCode)
    const refreshToken = tokens.refresh_token
    if (refreshToken === undefined) return yield* new OAuthCallbackError({ reason: "the token response has no refresh_token" })
    const isNewUser = tokens.is_new_user === true
    const stored = yield* SignInOutcome.storeTokens({ accessToken: tokens.access_token, refreshToken }, isNewUser)
    const after = tokens.after_callback_redirect_url
    return {
      _tag: "SignedIn",
      userId: stored.userId,
      isNewUser: stored.isNewUser,
      afterCallbackRedirectUrl: typeof after === "string" && after.length > 0 ? after : undefined,
      cleanUrl: clean.toString()
    } as const
  },
  /*#__PURE__*/ Traced.span("OAuth.handleCallback")
)
