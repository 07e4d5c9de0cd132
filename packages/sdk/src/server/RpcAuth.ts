/**
 * Stack Auth for `effect/rpc`: a middleware whose server side authenticates each call from its
 * headers and provides `CurrentUser`, and whose client side attaches the caller's access token.
 * The server side is server-only; the client side runs wherever the client app's session does.
 *
 * ```ts
 * class Whoami extends Rpc.make("whoami", { success: Schema.String }).middleware(RpcAuth.Authentication) {}
 * // server: RpcServer.layer(group).pipe(Layer.provide(RpcAuth.layer()))   (verifier + server app)
 * // client: RpcClient.make(group).pipe(Effect.provide(RpcAuth.layerClient)) (a client app's Session)
 * ```
 *
 * The client side asks the session for tokens valid at least 20 s (waiting for a refresh already
 * running, refreshing if needed) and sends `Authorization: Bearer <access token>`; signed out, it
 * sends none and the server answers `Unauthorized`.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Headers from "effect/http/Headers"
import * as RpcMiddleware from "effect/rpc/RpcMiddleware"
import * as Session from "../session/Session.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { AccessTokenVerifier } from "./AccessTokenVerifier.ts"
import { AuthUnavailable, fromAuthenticateError, Unauthorized } from "./AuthErrors.ts"
import * as CurrentUser from "./CurrentUser.ts"
import * as ServerAuth from "./ServerAuth.ts"

/** What a guarded call can fail with: 401-like `Unauthorized` or `AuthUnavailable`. */
export const AuthenticationError = /*#__PURE__*/ Schema.Union([Unauthorized, AuthUnavailable])

/** Provides `CurrentUser` to the calls it guards; the client side attaches the session's access token. */
export class Authentication extends /*#__PURE__*/ RpcMiddleware.Service<Authentication, { provides: CurrentUser.CurrentUser }>()(
  "stack-auth-effect/server/RpcAuth/Authentication",
  { error: AuthenticationError, requiredForClient: true }
) {}

/** The server side, over the verifier and the app's pipeline; `options.mode` picks local (default) or remote. */
export const layer = (options: ServerAuth.Options = {}): Layer.Layer<Authentication, never, StackHttp | AccessTokenVerifier> =>
  Layer.effect(
    Authentication,
    Effect.map(Effect.context<StackHttp | AccessTokenVerifier>(), (services) =>
      Authentication.of((effect, { headers }) =>
        ServerAuth.authenticate({ headers }, options).pipe(
          Effect.provide(services),
          Effect.mapError(fromAuthenticateError),
          Effect.flatMap((authenticated) => Effect.provideService(effect, CurrentUser.CurrentUser, authenticated.currentUser))
        )))
  )

/** The client side: `Authorization: Bearer` from the client app's session (fresh for at least 20 s). */
export const layerClient: Layer.Layer<RpcMiddleware.ForClient<Authentication>, never, Session.Session> =
  /*#__PURE__*/ RpcMiddleware.layerClient(Authentication, ({ next, request }) =>
    Effect.flatMap(
      Session.Session.use((session) => Effect.orElseSucceed(session.getTokens(), () => undefined)),
      (tokens) =>
        next(
          tokens === undefined
            ? request
            : { ...request, headers: Headers.set(request.headers, "authorization", `Bearer ${Redacted.value(tokens.accessToken)}`) }
        )
    ))
