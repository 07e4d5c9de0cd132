/**
 * `POST /auth/anonymous/sign-up`: a user without credentials, upgradable later by a sign-up.
 * Answers `{ access_token, refresh_token, user_id }`; projects outside
 * `Seeds.anonymousSignUpProjectIds` answer `AnonymousAccountsNotEnabled`, as the service does.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { AnonymousAccountsNotEnabled } from "stack-auth-effect/KnownErrors"
import * as Router from "../../Router.ts"
import * as Seeds from "../../Seeds.ts"
import * as Users from "../../EmulatorUsers.ts"
import { signedIn } from "./PasswordRoutes.ts"

/** Anonymous sign-up route. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/anonymous/sign-up", "client", ({ auth, url }) =>
    Effect.gen(function*() {
      if (!Seeds.anonymousSignUpProjectIds.includes(auth.project.id)) return yield* new AnonymousAccountsNotEnabled({})
      const user = yield* Users.create({ projectId: auth.project.id, isAnonymous: true, displayName: "Anonymous user" }).pipe(Effect.orDie)
      return yield* signedIn(user, url.origin)
    }))
]
