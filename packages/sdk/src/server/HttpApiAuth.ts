/**
 * Stack Auth for `effect/http-api`: a security middleware that authenticates each request and
 * provides `CurrentUser` to the endpoints it guards. Server-side only.
 *
 * ```ts
 * class Me extends HttpApiGroup.make("me")
 *   .add(HttpApiEndpoint.get("me", "/me", { success: MeResponse }))
 *   .middleware(HttpApiAuth.Authentication) {}
 * // handlers: yield* CurrentUser.CurrentUser
 * Layer.provide(HttpApiAuth.layer()) // over AccessTokenVerifier.layer() and StackServerApp.layer(...)
 * ```
 *
 * The security schemes (`bearer`: `Authorization: Bearer`, and the `stack-access` session cookie)
 * and the two failures (`Unauthorized`, 401, and `AuthUnavailable`, 503) appear in the generated
 * OpenAPI document. Every place `Credentials` reads is accepted, in its documented order, whichever
 * scheme the client used. `Authentication` checks locally; `RemoteAuthentication` asks the service
 * (sees sign-outs at once): pick per group or endpoint. A refreshed cookie session's new cookies
 * are added to the response.
 *
 * @since 0.1.0
 * @module
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as CookieStorage from "../session/internal/SessionCookies.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { AccessTokenVerifier } from "./AccessTokenVerifier.ts"
import * as CurrentUser from "./CurrentUser.ts"
import { AuthUnavailable, fromAuthenticateError, Unauthorized } from "./AuthErrors.ts"
import * as ServerAuth from "./ServerAuth.ts"

export { AuthUnavailable, Unauthorized } from "./AuthErrors.ts"

/** The security schemes the middlewares declare: `Authorization: Bearer` and the session cookie. */
export const security = {
  bearer: HttpApiSecurity.bearer,
  cookie: /*#__PURE__*/ HttpApiSecurity.apiKey({ in: "cookie", key: CookieStorage.accessCookieName })
} as const

/** Provides `CurrentUser` to the endpoints it guards; checks tokens locally. */
export class Authentication extends /*#__PURE__*/ HttpApiMiddleware.Service<Authentication, { provides: CurrentUser.CurrentUser }>()(
  "stack-auth-effect/server/HttpApiAuth/Authentication",
  { security, error: [Unauthorized, AuthUnavailable] }
) {}

/** Provides `CurrentUser` to the endpoints it guards; asks the service for each request (sees sign-outs). */
export class RemoteAuthentication extends /*#__PURE__*/ HttpApiMiddleware.Service<RemoteAuthentication, { provides: CurrentUser.CurrentUser }>()(
  "stack-auth-effect/server/HttpApiAuth/RemoteAuthentication",
  { security, error: [Unauthorized, AuthUnavailable] }
) {}

/** `response` with the refreshed session's cookies (`Set-Cookie`, the browser store's names and attributes). */
export const addCookies = (
  response: HttpServerResponse.HttpServerResponse,
  cookies: ReadonlyArray<ServerAuth.SessionCookie>
): HttpServerResponse.HttpServerResponse =>
  cookies.length === 0 ? response : HttpServerResponse.setCookiesUnsafe(
    response,
    cookies.map(({ attributes, name, value }) =>
      [name, value, {
        maxAge: Duration.seconds(attributes.maxAge),
        path: attributes.path,
        sameSite: "lax",
        secure: attributes.secure,
        ...(attributes.maxAge <= 0 ? { expires: new Date(0) } : {})
      }] as const
    )
  )

/**
 * The handlers of both security schemes. The first (`bearer`) authenticates with every place
 * `Credentials` reads, in its order; when it fails, the framework tries `cookie`, which answers the
 * same failure without a second check.
 */
const make = (mode: ServerAuth.Mode) =>
  Effect.map(Effect.context<StackHttp | AccessTokenVerifier>(), (services) => {
    const failures = new WeakMap<object, Unauthorized | AuthUnavailable>()
    const bearer = <E, R>(httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      HttpServerRequest.HttpServerRequest.use((request) =>
        ServerAuth.authenticate(request, { mode }).pipe(
          Effect.provide(services),
          Effect.mapError(fromAuthenticateError),
          Effect.tapError((error) => Effect.sync(() => void failures.set(request, error))),
          Effect.flatMap((authenticated) =>
            httpEffect.pipe(
              Effect.provideService(CurrentUser.CurrentUser, authenticated.currentUser),
              Effect.map((response) => addCookies(response, authenticated.cookies))
            )
          )
        ))
    const cookie = <E, R>(httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      HttpServerRequest.HttpServerRequest.use((request) => {
        const failure = failures.get(request)
        return failure === undefined ? bearer(httpEffect) : Effect.fail(failure)
      })
    return { bearer, cookie }
  })

/** The local `Authentication` middleware over the verifier and the app's pipeline. */
export const layer = (): Layer.Layer<Authentication, never, StackHttp | AccessTokenVerifier> =>
  Layer.effect(Authentication, make("local") as never)

/** The remote `RemoteAuthentication` middleware over the app's pipeline (and the verifier, unused by remote checks). */
export const layerRemote = (): Layer.Layer<RemoteAuthentication, never, StackHttp | AccessTokenVerifier> =>
  Layer.effect(RemoteAuthentication, make("remote") as never)
