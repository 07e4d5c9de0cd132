/**
 * The current session: `DELETE /auth/sessions/current` (sign-out deletes the session
 * of the access token) and `POST /auth/sessions/current/refresh` (a new access token for the
 * session of the `x-stack-refresh-token` header, the service's alternative to the token endpoint).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Headers from "stack-auth-effect/Headers"
import { AccessTokenExpired, RefreshTokenNotFoundOrExpired } from "stack-auth-effect/KnownErrors"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Sessions from "../model/SessionRules.ts"

/** Session routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.del("/auth/sessions/current", "client", ({ auth }) =>
    Effect.gen(function*() {
      // the session is the access token's only (a refresh token header alone names none, as on the service)
      const sessionId = auth.refreshTokenId
      // no session at all: the service answers as for an access token that expired now
      if (sessionId === undefined) {
        return yield* new AccessTokenExpired({ details: { expiredAtMillis: yield* Clock.currentTimeMillis } })
      }
      if (!(yield* Sessions.remove(auth.project.id, sessionId))) return yield* new RefreshTokenNotFoundOrExpired({})
      return Responses.success()
    })),

  Router.post("/auth/sessions/current/refresh", "client", ({ auth, request, url }) =>
    Effect.gen(function*() {
      const refreshToken = request.headers.get(Headers.refreshToken)
      if (refreshToken === null) return yield* Fields.schemaError(Fields.mustBeDefined(`headers.${Headers.refreshToken}`))
      const session = Sessions.findByRefreshToken(yield* EmulatorState.get, auth.project.id, refreshToken, yield* Clock.currentTimeMillis)
      if (session === undefined) return yield* new RefreshTokenNotFoundOrExpired({})
      yield* Sessions.touch(session)
      return Responses.json({ access_token: yield* Sessions.accessTokenFor(session, url.origin) })
    }))
]
