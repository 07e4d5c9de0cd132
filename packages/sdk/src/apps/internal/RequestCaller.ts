/**
 * Server code acting as the caller of one incoming request: the app's pipeline with the tokens of
 * the request's `x-stack-auth` header or cookies, for the length of one effect.
 *
 * Cheap enough for every request (no Layer, no scope): while the request's access token is valid,
 * calls go straight to the app's pipeline with it; only when a refresh is needed (or the effect
 * signs in, signs out or listens to the session) is a full session built, over a memory token
 * store, and closed when the effect ends. There is no query cache (each request reads afresh, so no
 * caller ever sees another's cached data). Refreshes go through the process-wide
 * `RefreshCoordinator`: concurrent requests carrying the same refresh token share one refresh.
 *
 * @since 0.1.0
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import * as QueryCache from "../../query/QueryCache.ts"
import type { KnownError } from "../../protocol/KnownError.ts"
import * as AccessToken from "../../session/AccessToken.ts"
import * as Session from "../../session/Session.ts"
import * as TokenStore from "../../session/TokenStore.ts"
import { StackHttp, type StackRequest, type StackResponse } from "../../transport/StackHttp.ts"
import type { TransportError } from "../../transport/TransportErrors.ts"
import { WriteObserver } from "../../transport/WriteObserver.ts"

/** What {@link forRequest} provides in place of the app's own. */
export type Replaced = Session.Session | TokenStore.TokenStore | QueryCache.QueryCache

/**
 * The session of one request. Sends with the request's own access token while it is valid (the
 * checks of `Session.make`: 20 s left when a refresh token could renew it, otherwise not yet
 * expired); anything else goes to a full session, built on first need.
 */
const requestSession = (http: StackHttp["Service"], store: TokenStore.Service, tokens: TokenStore.StoredTokens) => {
  let full: Session.Service | undefined
  let scope: Scope.Closeable | undefined
  const session = (): Session.Service => {
    if (full === undefined) {
      scope = Scope.makeUnsafe()
      full = Effect.runSync(Effect.provideContext(
        Session.make,
        Context.make(StackHttp, http).pipe(Context.add(TokenStore.TokenStore, store), Context.add(Scope.Scope, scope))
      ))
    }
    return full
  }
  const close = Effect.suspend(() => (scope === undefined ? Effect.void : Scope.close(scope, Exit.void)))
  const access = tokens.accessToken === undefined ? undefined : AccessToken.fromRedacted(tokens.accessToken)
  const refreshToken = tokens.refreshToken
  const signedOut = access === undefined && refreshToken === undefined

  const send = (request: StackRequest, valid: Session.ValidTokens | undefined) => http.execute({ ...request, tokens: valid })
  /** The service said the access token is invalid: the full session marks it, refreshes, and sends once more. */
  const retry = (request: StackRequest, used: Session.ValidTokens) =>
    Effect.suspend(() => {
      const s = session()
      return s.markAccessTokenExpired(used.accessToken).pipe(
        Effect.andThen(s.getTokens()),
        Effect.catchTag("AccessTokenValidityTooLong", Effect.die), // the default validity is below the cap
        Effect.flatMap((fresh) => send(request, fresh))
      )
    })
  const execute = (request: StackRequest): Effect.Effect<StackResponse, KnownError | TransportError> => {
    if (full !== undefined) return full.execute(request)
    if (signedOut) return send(request, undefined)
    if (access === undefined) return session().execute(request)
    return Effect.flatMap(Clock.currentTimeMillis, (now) => {
      if (full !== undefined) return full.execute(request)
      const left = access.expiresAtMillis - now
      const usable = refreshToken === undefined ? left > 0 : left > 0 && left >= Session.minimumValidityMillis
      if (!usable) return session().execute(request)
      const valid = { accessToken: access.token, refreshToken }
      return send(request, valid).pipe(Effect.catch((error) =>
        Session.isInvalidAccessToken(error) ? retry(request, valid) : Effect.fail(error)
      ))
    })
  }
  const later = <A, E>(f: (session: Session.Service) => Effect.Effect<A, E>) => Effect.suspend(() => f(session()))
  const service: Session.Service = {
    execute,
    setTokens: (next) => later((s) => s.setTokens(next)),
    signOut: later((s) => s.signOut),
    invalidate: later((s) => s.invalidate),
    listenUnsafe: (listener, onClose) => session().listenUnsafe(listener, onClose),
    getTokens: (min) => later((s) => s.getTokens(min)),
    markAccessTokenExpired: (token) => later((s) => s.markAccessTokenExpired(token)),
    state: Effect.sync(() => service.stateUnsafe()),
    isKnownInvalid: later((s) => s.isKnownInvalid),
    stateUnsafe: () =>
      full !== undefined ? full.stateUnsafe() : signedOut ? { _tag: "SignedOut" } : { _tag: "SignedIn", userId: access?.userId },
    listenEventsUnsafe: (listener, onClose) => session().listenEventsUnsafe(listener, onClose)
  }
  return { service, close }
}

/**
 * Runs `effect` as the signed-in user of `request` (a Fetch `Request`, or anything with `headers`
 * such as `node:http`'s `IncomingMessage`): `Users.getUser().pipe(StackServerApp.forRequest(request))`.
 * Without tokens in the request the effect runs signed out (`Users.getUser()` answers `null`).
 * Refreshed tokens stay with this one effect.
 */
export const forRequest = (request: TokenStore.IncomingRequest) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, Replaced> | StackHttp> =>
  Effect.contextWith((context: Context.Context<Exclude<R, Replaced> | StackHttp>) => {
    const http = Context.get(context, StackHttp)
    const tokens = TokenStore.tokensFromRequest(request, { projectId: http.config.projectId })
    const store = TokenStore.memory(tokens)
    const { close, service } = requestSession(http, store, tokens)
    // `Context.add` links to its parent (no copy); `Context.merge` would copy the app's context
    const provided = context.pipe(
      Context.add(QueryCache.QueryCache, QueryCache.passThrough), // no query cache: each request reads afresh
      Context.add(WriteObserver, undefined), // so no cache to keep right after writes
      Context.add(Session.Session, service),
      Context.add(TokenStore.TokenStore, store)
    ) as Context.Context<R>
    return Effect.ensuring(Effect.provideContext(effect, provided), close)
  })
