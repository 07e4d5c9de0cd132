/**
 * Connected-account access tokens (`/connected-accounts/.../access-token`): a provider access
 * token of a user's linked account, for the scopes asked. Shared provider keys never hand out
 * tokens; an account that lacks a scope, holds no provider tokens (linked by the server), or no
 * account at all, is the protocol's error.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthProviderNotFoundOrNotEnabled,
  UserNotFound
} from "stack-auth-effect/KnownErrors"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Users from "../../EmulatorUsers.ts"
import { plain } from "../model/Account.ts"
import * as S from "../http/RequestSchema.ts"
import * as Accounts from "../model/OAuthAccounts.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Tokens from "../model/Tokens.ts"

const body = S.object({ scope: S.string().optional() }).defined()
const params = S.object({
  provider_id: S.string().defined(),
  user_id: S.string().userIdOrMe().defined()
})

/** Connected-account routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/connected-accounts/:userId/:providerId/access-token", "client", (request) =>
    Effect.gen(function*() {
      const { auth } = request
      const parts = yield* S.check(S.crud({
        body: [body, request.body],
        params: [params, { provider_id: request.params.providerId!, user_id: request.params.userId! }],
        query: [S.object({}), S.queryObject(request.query)]
      }), auth.user?.id)
      const input = parts.body as { scope?: string }
      const p = parts.params as { provider_id: string; user_id: string }
      if (auth.accessType === "client" && auth.user?.id !== p.user_id) {
        return yield* plain(403, "Client can only access its own connected accounts")
      }
      const provider = Accounts.providerConfig(auth.project, p.provider_id)
      if (provider === undefined) return yield* new OAuthProviderNotFoundOrNotEnabled({})
      if (provider.type === "shared") return yield* new OAuthAccessTokenNotAvailableWithSharedOAuthKeys({})
      const user = Users.findInProject(yield* EmulatorState.get, auth.project.id, p.user_id)
      if (user === undefined) return yield* new UserNotFound({})
      const accounts = user.oauthAccounts.filter((a) => a.providerId === provider.id)
      if (accounts.length === 0) return yield* new OAuthConnectionNotConnectedToUser({})
      const wanted = (input.scope ?? "").split(/\s+/).filter((s) => s.length > 0)
      // an account without provider tokens (never through an OAuth flow) serves no scope at all
      const granted = accounts.find((a) => a.scopes !== undefined && wanted.every((s) => a.scopes!.includes(s)))
      if (granted === undefined) return yield* new OAuthConnectionDoesNotHaveRequiredScope({})
      return Responses.created({ access_token: `emulated-${provider.id}-${Tokens.randomToken(24)}` })
    }))
]
