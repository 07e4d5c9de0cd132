/**
 * `DELETE /auth/sessions/current`: sign-out deletes the session of the access token (SPEC §4, §7).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Headers from "../../protocol/Headers.ts"
import { RefreshTokenNotFoundOrExpired } from "../../protocol/KnownErrors.ts"
import * as EmulatorState from "../EmulatorState.ts"
import * as Responses from "../Responses.ts"
import * as Router from "../Router.ts"
import * as Sessions from "../Sessions.ts"

/** Session routes. SPEC §7 */
export const routes: ReadonlyArray<Router.Route> = [
  Router.del("/auth/sessions/current", "client", ({ auth, request }) =>
    Effect.gen(function*() {
      let sessionId = auth.refreshTokenId
      const refreshToken = request.headers.get(Headers.refreshToken)
      if (sessionId === undefined && refreshToken !== null) {
        const state = yield* EmulatorState.get
        const now = yield* Clock.currentTimeMillis
        sessionId = Sessions.findByRefreshToken(state, auth.project.id, refreshToken, now)?.id
      }
      if (sessionId === undefined || !(yield* Sessions.remove(auth.project.id, sessionId))) {
        return yield* new RefreshTokenNotFoundOrExpired({})
      }
      return Responses.success()
    }))
]
