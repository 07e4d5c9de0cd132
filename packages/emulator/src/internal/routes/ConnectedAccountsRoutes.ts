/**
 * Connected-account access tokens (`/connected-accounts/.../access-token`): a provider access
 * token of a user's linked account, for the scopes asked. Shared provider keys never hand out
 * tokens; an account that lacks a scope, or no account at all, is the protocol's error.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthProviderNotFoundOrNotEnabled
} from "stack-auth-effect/KnownErrors"
import { resolveUser } from "../model/Account.ts"
import * as Accounts from "../model/OAuthAccounts.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Tokens from "../model/Tokens.ts"

const Body = Schema.Struct({ scope: Schema.optional(Schema.String) })

/** Connected-account routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/connected-accounts/:userId/:providerId/access-token", "client", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(Body, body)
      const user = yield* resolveUser(auth, params.userId!)
      const provider = Accounts.providerConfig(auth.project, params.providerId!)
      if (provider === undefined) return yield* new OAuthProviderNotFoundOrNotEnabled({})
      if (provider.type === "shared") return yield* new OAuthAccessTokenNotAvailableWithSharedOAuthKeys({})
      const accounts = user.oauthAccounts.filter((a) => a.providerId === provider.id)
      if (accounts.length === 0) return yield* new OAuthConnectionNotConnectedToUser({})
      const wanted = (input.scope ?? "").split(/\s+/).filter((s) => s.length > 0)
      const granted = accounts.find((a) => wanted.every((s) => (a.scopes ?? []).includes(s)))
      if (granted === undefined) return yield* new OAuthConnectionDoesNotHaveRequiredScope({})
      return Responses.created({ access_token: `emulated-${provider.id}-${Tokens.randomToken(24)}` })
    }))
]
