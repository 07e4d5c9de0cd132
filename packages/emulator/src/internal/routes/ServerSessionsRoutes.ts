/**
 * Session routes besides sign-out (`/auth/sessions`): a server creates a session for
 * any user (`POST /auth/sessions`, answered 200 with its tokens); a user lists and revokes their
 * own sessions, a server anyone's (`GET /auth/sessions?user_id=`, `DELETE /auth/sessions/:id`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { CannotDeleteCurrentSession, CannotGetOwnUserWithoutUser, UserIdDoesNotExist } from "stack-auth-effect/KnownErrors"
import type { Session } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Sessions from "../model/SessionRules.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"

/** The longest lifetime the service accepts for a created session: 367 days. */
export const maxExpiresInMillis = 1000 * 60 * 60 * 24 * 367

// The service's request schema, field for field in its order (see RequestSchema for the rules).
// (`user_id` may be `me`: the caller's id, or CANNOT_GET_OWN_USER_WITHOUT_USER whatever else is wrong)
const CreateBody = RequestSchema.object({
  user_id: RequestSchema.string().userIdOrMe().defined(),
  expires_in_millis: RequestSchema.number().maxValue(maxExpiresInMillis),
  is_impersonation: RequestSchema.boolean()
}).defined()


/** `me` (the caller) or the given id. */
const resolveUserId = (auth: Auth, userId: string | null, where: "body" | "query") =>
  Effect.gen(function*() {
    if (userId === null) return yield* Fields.schemaError(Fields.mustBeDefined(`${where}.user_id`))
    if (userId !== "me") {
      yield* Fields.check(Fields.uuidProblem(`${where}.user_id`, userId))
      return userId
    }
    if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
    return auth.user.id
  })

const view = (auth: Auth, session: Session) => ({
  id: session.id,
  user_id: session.userId,
  created_at: session.createdAtMillis,
  last_used_at: session.lastUsedAtMillis,
  is_impersonation: session.isImpersonation,
  is_current_session: session.id === auth.refreshTokenId
})

/** Session routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/sessions", "server", ({ auth, body, url }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", CreateBody, body]], auth.user?.id)
      const expiresIn = input.expires_in_millis ?? Sessions.defaultLifetimeMillis
      const userId = input.user_id
      const user = Users.findInProject(yield* EmulatorState.get, auth.project.id, userId)
      if (user === undefined) return yield* new UserIdDoesNotExist({ details: { userId } })
      const tokens = yield* Sessions.create({
        projectId: auth.project.id,
        userId: user.id,
        baseUrl: url.origin,
        expiresInMillis: expiresIn,
        isImpersonation: input.is_impersonation
      })
      return Responses.json({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken })
    })),

  Router.get("/auth/sessions", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const userId = yield* resolveUserId(auth, query.get("user_id"), "query")
      if (auth.accessType === "client" && auth.user?.id !== userId) {
        return yield* new Responses.StatusFailure({ status: 403, message: "Client can only list sessions for their own user." })
      }
      const state = yield* EmulatorState.get
      const sessions = Table.filter(state.sessions, (s) =>
        s.projectId === auth.project.id && s.userId === userId && (auth.accessType === "admin" || !s.isImpersonation))
        .slice()
        .sort((a, b) => b.createdAtMillis - a.createdAtMillis)
      return Responses.list(sessions.map((s) => view(auth, s)))
    })),

  Router.del("/auth/sessions/:sessionId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      // the service requires `user_id` here too, but then goes by the session's id alone
      yield* Fields.check(Fields.uuidProblem("params.id", params.sessionId!))
      yield* resolveUserId(auth, query.get("user_id"), "query")
      const state = yield* EmulatorState.get
      const session = Table.get(state.sessions, params.sessionId!)
      if (session === undefined || session.projectId !== auth.project.id ||
        (auth.accessType === "client" && auth.user?.id !== session.userId)) {
        return yield* new Responses.StatusFailure({ status: 404, message: "Session not found." })
      }
      if (session.id === auth.refreshTokenId) return yield* new CannotDeleteCurrentSession({})
      yield* Sessions.remove(auth.project.id, session.id)
      return Responses.success()
    }))
]
