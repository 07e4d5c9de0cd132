/**
 * Server code acting as the caller of one incoming request (SPEC §4): the app's pipeline with a
 * session built from the request's `x-stack-auth` header or cookies, for the length of one effect.
 * Cheap enough for every request (no Layer is built): a session over the app's `StackHttp`, a
 * token store in memory, and no query cache (each request reads afresh, so no caller ever sees
 * another's cached data). Refreshes go through the process-wide `RefreshCoordinator`: concurrent
 * requests carrying the same refresh token share one refresh.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as QueryCache from "../cache/QueryCache.ts"
import * as Session from "../session/Session.ts"
import * as TokenStore from "../session/TokenStore.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import { WriteObserver } from "../transport/WriteObserver.ts"

/** What {@link forRequest} provides in place of the app's own. */
export type Replaced = Session.Session | TokenStore.TokenStore | QueryCache.QueryCache

/**
 * Runs `effect` as the signed-in user of `request` (a Fetch `Request`, or anything with `headers`
 * such as `node:http`'s `IncomingMessage`): `Users.getUser().pipe(StackServerApp.forRequest(request))`.
 * Without tokens in the request the effect runs signed out (`Users.getUser()` answers `null`).
 * Refreshed tokens stay with this one effect. SPEC §4
 */
export const forRequest = (request: TokenStore.IncomingRequest) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, Replaced> | StackHttp> =>
  Effect.scoped(Effect.gen(function*() {
    const http = yield* StackHttp
    const store = yield* TokenStore.makeMemory(TokenStore.tokensFromRequest(request, { projectId: http.config.projectId }))
    const session = yield* Effect.provideService(Session.make, TokenStore.TokenStore, store)
    return yield* Effect.updateContext(effect, (context: Context.Context<Exclude<R, Replaced> | StackHttp>) =>
      context.pipe(
        Context.add(Session.Session, session),
        Context.add(TokenStore.TokenStore, store),
        Context.add(QueryCache.QueryCache, QueryCache.passThrough),
        Context.add(WriteObserver, undefined)
      ) as Context.Context<R>)
  }))
