/**
 * Shared checks of the emulator's account routes: which user a `:userId` path
 * addresses (`me` or an id; clients only their own), routes that need a signed-in user, and
 * the plain (non-known-error) failures the service answers with.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { CannotGetOwnUserWithoutUser, SchemaError, UserNotFound } from "stack-auth-effect/KnownErrors"
import type { User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Users from "../../EmulatorUsers.ts"

/** A plain failure with a status and a text body. */
export const plain = (status: number, message: string) => new Responses.StatusFailure({ status, message })

/**
 * The user of a `:userId` path segment or `user_id` query: `me` needs a signed-in
 * user (`CannotGetOwnUserWithoutUser`); a client may only address itself (403); an id the project
 * does not have is `missing()` (by default `UserNotFound`).
 */
export const resolveUser = <E = UserNotFound>(
  auth: Auth,
  userId: string,
  missing: (userId: string) => E = () => new UserNotFound({}) as E
): Effect.Effect<User, CannotGetOwnUserWithoutUser | Responses.StatusFailure | E, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    if (userId === "me") {
      if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
      return auth.user
    }
    if (auth.accessType === "client") {
      if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
      if (auth.user.id !== userId) return yield* plain(403, "A client can only address its own user.")
      return auth.user
    }
    const user = Users.findInProject(yield* EmulatorState.get, auth.project.id, userId)
    if (user === undefined) return yield* Effect.fail(missing(userId))
    return user
  })

/** The signed-in user of a route whose request must carry one (else the service's schema error). */
export const requireUser = (auth: Auth): Effect.Effect<User, SchemaError> => {
  if (auth.user !== undefined) return Effect.succeed(auth.user)
  return Effect.fail(Fields.schemaError(Fields.mustBeDefined("auth.user")))
}
