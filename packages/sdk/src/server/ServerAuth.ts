/**
 * Who is calling: the one authentication step every server adapter (`HttpApiAuth`, `HttpRouterAuth`,
 * `RpcAuth`, your own Fetch or `node:http` handler) runs for an incoming request. Server-side only.
 *
 * It reads the request's tokens (`Credentials`, in their documented order), checks the access
 * token, and answers the caller (`CurrentUser`) plus the cookies to send back:
 *
 * - **local** (the default): `AccessTokenVerifier` checks the token with the project's published
 *   keys; no request to the service (but one key-set fetch per cache period). Revocation lag: a
 *   session signed out elsewhere keeps passing until its access token's `exp` (10 minutes at most
 *   on the hosted service), because the token carries everything the check needs.
 * - **remote**: asks the service (`GET /auth/sessions?user_id=me` with the caller's token): refused
 *   tokens are the service's own answer, and a signed-out session is refused at once
 *   (`RefreshTokenNotFoundOrExpired`). One request per check. Choose it per route.
 *
 * When the access token is missing or expired and the request holds a refresh token (its cookies,
 * `x-stack-auth`, or `x-stack-refresh-token`), the session is refreshed for this request (one refresh
 * per refresh token at a time, process-wide, shared with the SDK's sessions); a cookie session then
 * gets its new cookies back as `Set-Cookie` values (same names and attributes as the browser's store
 * writes), see {@link Authenticated.setCookies}, {@link withSetCookies} and {@link writeSetCookies}.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { decodeJwt } from "jose"
import * as CookieStorage from "../session/internal/SessionCookies.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { SessionList } from "../protocol/internal/schemas/SessionInfo.ts"
import * as Refresh from "../session/internal/Refresh.ts"
import { RefreshCoordinator } from "../session/internal/RefreshCoordinator.ts"
import type * as TokenStore from "../session/TokenStore.ts"
import * as Call from "../transport/Call.ts"
import { HttpTransport } from "../transport/HttpTransport.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import { isTransportError, type TransportError } from "../transport/TransportErrors.ts"
import { AccessTokenVerifier, type Claims, type VerifyError } from "./AccessTokenVerifier.ts"
import * as Credentials from "./Credentials.ts"
import * as CurrentUser from "./CurrentUser.ts"

/** How a request's token is checked: by the local verifier (default), or by the service. */
export type Mode = CurrentUser.Mode

/** The request carries no token in any place `Credentials` reads (status 401). */
export class MissingCredentials extends /*#__PURE__*/ Schema.TaggedError<MissingCredentials>()("MissingCredentials", {}) {
  /** The HTTP status adapters answer with. */
  readonly status = 401
  override get message(): string {
    return "The request carries no access or refresh token."
  }
}

/** Why a request is not authenticated: no token, a refused token, an ended session, or the service unreachable. */
export type AuthenticateError =
  | MissingCredentials
  | VerifyError
  | KnownErrors.RefreshTokenNotFoundOrExpired
  | KnownErrors.CannotGetOwnUserWithoutUser
  | Call.CallError<readonly []>
  | TransportError

/** Options of {@link authenticate}. */
export interface Options {
  /** `"local"` (default) or `"remote"`. */
  readonly mode?: Mode | undefined
  /** Adds `Secure` to cookies written back; by default when the request's URL is https. */
  readonly secure?: boolean | undefined
}

/** An authenticated request. */
export interface Authenticated {
  readonly currentUser: CurrentUser.Service
  /** Where the tokens were found. */
  readonly source: Credentials.Source
  /** The new tokens when the session was refreshed for this request. */
  readonly refreshed: TokenStore.StoredTokens | undefined
  /** The refreshed cookie session's cookies to send back (empty otherwise). */
  readonly cookies: ReadonlyArray<SessionCookie>
  /** The same cookies as `Set-Cookie` header values. */
  readonly setCookies: ReadonlyArray<string>
}

/** A session cookie to send back: its name, value and attributes as the browser's cookie store writes them. */
export interface SessionCookie {
  readonly name: string
  readonly value: string
  readonly attributes: CookieStorage.CookieAttributes
}

const remoteErrors = [
  KnownErrors.UnparsableAccessToken,
  KnownErrors.AccessTokenExpired,
  KnownErrors.InvalidProjectForAccessToken,
  KnownErrors.CannotGetOwnUserWithoutUser
] as const

/** The claims of a token the service has just accepted (read, not verified again). */
const claimsOfAccepted = (token: Redacted.Redacted<string>): Claims | undefined => {
  try {
    const payload = decodeJwt(Redacted.value(token))
    const { sub, aud, iss, iat, exp, branchId, refreshTokenId, role } = payload as Record<string, unknown>
    if (typeof sub !== "string" || typeof aud !== "string" || typeof exp !== "number") return undefined
    return {
      userId: sub,
      projectId: aud,
      branchId: typeof branchId === "string" ? branchId : "main",
      refreshTokenId: typeof refreshTokenId === "string" ? refreshTokenId : undefined,
      issuer: typeof iss === "string" ? iss : "",
      role: typeof role === "string" ? role : undefined,
      issuedAtMillis: typeof iat === "number" ? iat * 1000 : 0,
      expiresAtMillis: exp * 1000,
      token,
      payload
    }
  } catch {
    return undefined
  }
}

/**
 * Asks the service whether `token` is good and its session still open: `GET /auth/sessions?user_id=me`
 * with the token answers the caller's sessions, the token's own marked current.
 */
export const checkRemote = (
  http: StackHttp["Service"],
  token: Redacted.Redacted<string>
): Effect.Effect<Claims, AuthenticateError> =>
  Call.run((request) => http.execute({ ...request, tokens: { accessToken: token } }), {
    method: "GET",
    path: "/auth/sessions",
    query: { user_id: "me" },
    response: SessionList,
    errors: remoteErrors
  }).pipe(
    Effect.flatMap((list): Effect.Effect<Claims, AuthenticateError> => {
      const claims = claimsOfAccepted(token)
      if (claims === undefined) return Effect.fail(new KnownErrors.UnparsableAccessToken({}))
      const current = list.items.some((session) => session.isCurrentSession === true && session.id === claims.refreshTokenId)
      return current ? Effect.succeed(claims) : Effect.fail(new KnownErrors.RefreshTokenNotFoundOrExpired({}))
    })
  ) as Effect.Effect<Claims, AuthenticateError>

const secureOf = (request: TokenStore.IncomingRequest, option: boolean | undefined): boolean => {
  if (option !== undefined) return option
  const url = (request as { url?: unknown }).url
  return typeof url === "string" && url.startsWith("https:")
}

/** The cookies that store `tokens` as the browser's cookie store does (`previousRefreshToken`'s access cookie is replaced). */
export const sessionCookies = (
  projectId: string,
  tokens: TokenStore.StoredTokens,
  previousRefreshToken: Redacted.Redacted<string> | undefined,
  secure: boolean
): ReadonlyArray<SessionCookie> => {
  const written: Array<SessionCookie> = []
  const adapter: CookieStorage.CookieAdapter = {
    get: () => undefined,
    set: (name, value, attributes) => void written.push({ name, value, attributes }),
    delete: (name, attributes) => void written.push({ name, value: "", attributes: attributes ?? CookieStorage.attributes(0, secure) }),
    secure
  }
  CookieStorage.writeTokens(adapter, projectId, secure, tokens, previousRefreshToken === undefined ? [] : [Redacted.value(previousRefreshToken)])
  return written
}

/** A session cookie as a `Set-Cookie` header value. */
export const serializeCookie = (cookie: SessionCookie): string => CookieStorage.serialize(cookie.name, cookie.value, cookie.attributes)

/**
 * Authenticates `request` (a Fetch `Request`, `node:http`'s `IncomingMessage`, anything with
 * `headers`): the caller, or why not. Needs the app's pipeline (`StackServerApp.layer`) and, in
 * local mode, the verifier (`AccessTokenVerifier.layer()`).
 */
export const authenticate = (
  request: TokenStore.IncomingRequest,
  options: Options = {}
): Effect.Effect<Authenticated, AuthenticateError, StackHttp | AccessTokenVerifier> =>
  // plain combinators rather than a generator: this runs once per incoming request
  Effect.contextWith((context: Context.Context<StackHttp | AccessTokenVerifier>) => {
    const http = Context.get(context, StackHttp)
    // the full user is loaded later, in the handler's fiber: with the transport in use here (the app's)
    const transport = Context.get(context, HttpTransport)
    const mode = options.mode ?? "local"
    const projectId = http.config.projectId
    const credentials = Credentials.fromRequest(request, { projectId })
    if (credentials === undefined) return Effect.fail(new MissingCredentials())
    const check = (token: Redacted.Redacted<string>): Effect.Effect<Claims, AuthenticateError> =>
      mode === "remote" ? checkRemote(http, token) : Context.get(context, AccessTokenVerifier).verify(token)
    const done = (claims: Claims, refreshed: TokenStore.StoredTokens | undefined, cookies: ReadonlyArray<SessionCookie>): Authenticated => ({
      currentUser: CurrentUser.make(
        claims,
        mode,
        Effect.suspend(() => Effect.provideService(CurrentUser.loadUser(http, claims.token), HttpTransport, transport))
      ),
      source: credentials.source,
      refreshed,
      cookies,
      setCookies: cookies.length === 0 ? noCookies : cookies.map(serializeCookie)
    })
    const refreshToken = credentials.refreshToken
    const refresh = () =>
      Effect.gen(function*() {
        if (refreshToken === undefined) return yield* new MissingCredentials()
        const coordinator = yield* RefreshCoordinator
        const key = `${http.config.baseUrl}\n${projectId}\n${Redacted.value(refreshToken)}`
        const outcome = yield* coordinator.run(key, Refresh.refreshAccessToken(http.config, refreshToken))
        if (outcome._tag === "Invalid") return yield* new KnownErrors.RefreshTokenNotFoundOrExpired({})
        const tokens: TokenStore.StoredTokens = { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken ?? refreshToken }
        const claims = yield* check(outcome.accessToken)
        const cookies = credentials.source === "cookie"
          ? sessionCookies(projectId, tokens, refreshToken, secureOf(request, options.secure))
          : noCookies
        return done(claims, tokens, cookies)
      })
    if (credentials.accessToken === undefined) return refresh()
    const checked = Effect.map(check(credentials.accessToken), (claims) => done(claims, undefined, noCookies))
    return refreshToken === undefined ? checked : Effect.catchIf(
      checked,
      (error): error is KnownErrors.AccessTokenExpired => error instanceof KnownErrors.AccessTokenExpired,
      refresh
    )
  })

const noCookies: ReadonlyArray<never> = []

/** Runs `effect` as the caller of `request`: provides `CurrentUser`, fails when there is none. */
export const forRequest = (request: TokenStore.IncomingRequest, options: Options = {}) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<
  { readonly value: A; readonly setCookies: ReadonlyArray<string> },
  E | AuthenticateError,
  Exclude<R, CurrentUser.CurrentUser> | StackHttp | AccessTokenVerifier
> =>
  Effect.flatMap(authenticate(request, options), (authenticated) =>
    effect.pipe(
      Effect.provideService(CurrentUser.CurrentUser, authenticated.currentUser),
      Effect.map((value) => ({ value, setCookies: authenticated.setCookies }))
    ))

/** `response` with `setCookies` appended as `Set-Cookie` headers (a new `Response`; bodies are not read). */
export const withSetCookies = (response: Response, setCookies: ReadonlyArray<string>): Response => {
  if (setCookies.length === 0) return response
  const headers = new Headers(response.headers)
  for (const cookie of setCookies) headers.append("set-cookie", cookie)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** What {@link writeSetCookies} needs of a response: the header methods of `node:http`'s `ServerResponse`. */
export interface HeaderWritableResponse {
  /** The value of a response header set so far (`set-cookie` here), if any. */
  getHeader(name: string): number | string | ReadonlyArray<string> | undefined
  /** Sets a response header to these values, replacing what it had. */
  setHeader(name: string, value: ReadonlyArray<string>): unknown
}

/** Appends `setCookies` to a `node:http` response (any {@link HeaderWritableResponse}) before its head is written. */
export const writeSetCookies = (response: HeaderWritableResponse, setCookies: ReadonlyArray<string>): void => {
  if (setCookies.length === 0) return
  const current = response.getHeader("set-cookie")
  const existing = current === undefined ? [] : Array.isArray(current) ? current : [String(current)]
  response.setHeader("set-cookie", [...existing, ...setCookies])
}

/** The HTTP status for an authentication failure: 401 for the caller's tokens, 503 when the service cannot be reached. */
export const statusOf = (error: AuthenticateError): number => {
  if (error instanceof MissingCredentials) return 401
  // every transport failure (an unexpected status of the service included): the service, not the caller
  if (isTransportError(error)) return 503
  if ("status" in error && typeof error.status === "number") {
    return error.status >= 400 && error.status < 500 ? 401 : 503
  }
  return 503
}
