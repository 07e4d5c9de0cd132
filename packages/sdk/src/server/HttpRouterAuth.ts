/**
 * Stack Auth for plain `effect/http` routers: a route middleware that authenticates each request
 * and provides `CurrentUser` to the routes it is provided to. Server-side only.
 *
 * ```ts
 * const Me = HttpRouter.add("GET", "/me", CurrentUser.CurrentUser.use((user) => HttpServerResponse.json({ userId: user.userId })))
 * const App = Me.pipe(Layer.provide(HttpRouterAuth.layer()))   // over AccessTokenVerifier.layer() and StackServerApp.layer(...)
 * ```
 *
 * A request without a usable token is answered 401 with a JSON body (`{ _tag: "Unauthorized",
 * code, message }`), or 503 (`AuthUnavailable`) when the token cannot be checked; the route never
 * runs. A refreshed cookie session's new cookies are added to the route's response.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { AccessTokenVerifier } from "./AccessTokenVerifier.ts"
import { fromAuthenticateError, Unauthorized } from "./AuthErrors.ts"
import * as CurrentUser from "./CurrentUser.ts"
import { addCookies } from "./HttpApiAuth.ts"
import * as ServerAuth from "./ServerAuth.ts"

/** The JSON answer for a failed authentication (401 or 503). */
export const failureResponse = (error: ServerAuth.AuthenticateError): HttpServerResponse.HttpServerResponse => {
  const failure = fromAuthenticateError(error)
  return HttpServerResponse.jsonUnsafe(
    failure instanceof Unauthorized
      ? { _tag: failure._tag, code: failure.code, message: failure.message }
      : { _tag: failure._tag, message: failure.message },
    { status: failure instanceof Unauthorized ? 401 : 503 }
  )
}

/** The route middleware (`.layer` to provide it, `.combine` to compose it); `options.mode` picks local or remote. */
export const middleware = (options: ServerAuth.Options = {}) =>
  HttpRouter.middleware<{ provides: CurrentUser.CurrentUser }>()(
    Effect.map(Effect.context<StackHttp | AccessTokenVerifier>(), (services) => (httpEffect) =>
      HttpServerRequest.HttpServerRequest.use((request) =>
        ServerAuth.authenticate(request, options).pipe(
          Effect.provide(services),
          Effect.matchEffect({
            onFailure: (error) => Effect.succeed(failureResponse(error)),
            onSuccess: (authenticated) =>
              httpEffect.pipe(
                Effect.provideService(CurrentUser.CurrentUser, authenticated.currentUser),
                Effect.map((response) => addCookies(response, authenticated.cookies))
              )
          })
        )
      ))
  )

/** The middleware as a Layer for the routes it is provided to (local checks by default). */
export const layer = (options: ServerAuth.Options = {}) => middleware(options).layer
