/**
 * Linked OAuth provider accounts (`/oauth-providers`): list, read, update and delete
 * (clients: their own), create (servers). One account per provider may sign in per user, and a
 * provider account id may sign in to one user only (`OAuthProviderAccountIdAlreadyUsedForSignIn`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CannotGetOwnUserWithoutUser, OAuthProviderAccountIdAlreadyUsedForSignIn, UserNotFound } from "stack-auth-effect/KnownErrors"
import { plain, resolveUser } from "../model/Account.ts"
import type { OAuthAccount, State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import * as Accounts from "../model/OAuthAccounts.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"

// in the service's order: a malformed body's fields are refused in this order
const CreateBody = Schema.Struct({
  user_id: Schema.String,
  provider_config_id: Schema.String,
  email: Schema.optional(Schema.String),
  allow_sign_in: Schema.Boolean,
  allow_connected_accounts: Schema.Boolean,
  account_id: Schema.String
})
const UpdateBody = Schema.Struct({
  allow_sign_in: Schema.optional(Schema.Boolean),
  allow_connected_accounts: Schema.optional(Schema.Boolean),
  email: Schema.optional(Schema.String),
  account_id: Schema.optional(Schema.String)
})

const isServer = (auth: Auth) => auth.accessType !== "client"

/** The service's rules for an account that is created or changed (`self` is its current id). */
const checkRules = (state: State, user: User, candidate: OAuthAccount, self: string | undefined) => {
  const others = user.oauthAccounts.filter((a) => Accounts.idOf(user.id, a) !== self && a.providerId === candidate.providerId)
  if (Accounts.allowsSignIn(candidate) && others.some(Accounts.allowsSignIn)) {
    return Effect.fail(plain(400, "This user already signs in with another account of this provider."))
  }
  if (others.some((a) => a.accountId === candidate.accountId)) {
    return Effect.fail(plain(400, "This user already has this account of this provider."))
  }
  const takenForSignIn = Accounts.allInProject(state, user.projectId).some(([owner, a]) =>
    Accounts.idOf(owner.id, a) !== self && a.providerId === candidate.providerId &&
    a.accountId === candidate.accountId && Accounts.allowsSignIn(a))
  if (Accounts.allowsSignIn(candidate) && takenForSignIn) return Effect.fail(new OAuthProviderAccountIdAlreadyUsedForSignIn({}))
  return Effect.void
}

const accountOf = (auth: Auth, userId: string, id: string) =>
  Effect.gen(function*() {
    const user = yield* resolveUser(auth, userId)
    const account = Accounts.find(user, id)
    if (account === undefined) return yield* plain(404, "The OAuth provider account was not found.")
    return { user, account }
  })

/** OAuth provider routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/oauth-providers", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const userId = query.get("user_id")
      const state = yield* EmulatorState.get
      if (userId === null) {
        if (!isServer(auth)) return yield* plain(403, "A client can only list the accounts of its own user.")
        const all = Accounts.allInProject(state, auth.project.id)
        return Responses.list(all.map(([user, a]) => Accounts.view(user.id, a, true)))
      }
      const user = yield* resolveUser(auth, userId)
      const linked = user.oauthAccounts.filter((a) => Accounts.providerConfig(auth.project, a.providerId) !== undefined)
      return Responses.list(linked.map((a) => Accounts.view(user.id, a, isServer(auth))))
    })),

  Router.post("/oauth-providers", "server", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(CreateBody, body)
      if (Accounts.providerConfig(auth.project, input.provider_config_id) === undefined) {
        return yield* plain(404, `The OAuth provider ${input.provider_config_id} is not configured for this project.`)
      }
      const account: OAuthAccount = {
        id: crypto.randomUUID(),
        providerId: input.provider_config_id,
        accountId: input.account_id,
        email: input.email ?? null,
        allowSignIn: input.allow_sign_in,
        allowConnectedAccounts: input.allow_connected_accounts
      }
      // `me` is the signed-in user of the request, as in every user_id of the service.
      const targetId = input.user_id === "me" ? (auth.user ?? (yield* new CannotGetOwnUserWithoutUser({}))).id : input.user_id
      const userId = yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          const user = Users.findInProject(state, auth.project.id, targetId)
          if (user === undefined) return yield* new UserNotFound({})
          yield* checkRules(state, user, account, undefined)
          return [user.id, Accounts.withAccounts(state, user, [...user.oauthAccounts, account])] as const
        }))
      return Responses.created(Accounts.view(userId, account, true))
    })),

  Router.get("/oauth-providers/:userId/:providerId", "client", ({ auth, params }) =>
    Effect.map(accountOf(auth, params.userId!, params.providerId!), ({ account, user }) =>
      Responses.json(Accounts.view(user.id, account, isServer(auth))))),

  Router.patch("/oauth-providers/:userId/:providerId", "client", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(UpdateBody, body)
      if (!isServer(auth)) {
        // the client's schema has no such keys
        const serverOnly = (["email", "account_id"] as const).filter((name) => input[name] !== undefined)
        if (serverOnly.length > 0) return yield* Fields.schemaError(Fields.unknownProperties("body", serverOnly))
      }
      const { user } = yield* accountOf(auth, params.userId!, params.providerId!)
      const updated = yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          const fresh = Table.get(state.users, user.id)!
          const account = Accounts.find(fresh, params.providerId!)
          if (account === undefined) return yield* plain(404, "The OAuth provider account was not found.")
          const next: OAuthAccount = {
            ...account,
            id: Accounts.idOf(fresh.id, account),
            allowSignIn: input.allow_sign_in ?? Accounts.allowsSignIn(account),
            allowConnectedAccounts: input.allow_connected_accounts ?? Accounts.allowsConnectedAccounts(account),
            email: input.email ?? account.email,
            accountId: input.account_id ?? account.accountId
          }
          yield* checkRules(state, fresh, next, next.id)
          const accounts = fresh.oauthAccounts.map((a) => (a === account ? next : a))
          return [next, Accounts.withAccounts(state, fresh, accounts)] as const
        }))
      return Responses.json(Accounts.view(user.id, updated, isServer(auth)))
    })),

  Router.del("/oauth-providers/:userId/:providerId", "client", ({ auth, params }) =>
    Effect.gen(function*() {
      const { account, user } = yield* accountOf(auth, params.userId!, params.providerId!)
      yield* EmulatorState.update((state) => {
        const fresh = Table.get(state.users, user.id)
        if (fresh === undefined) return state
        const id = Accounts.idOf(user.id, account)
        return Accounts.withAccounts(state, fresh, fresh.oauthAccounts.filter((a) => Accounts.idOf(user.id, a) !== id))
      })
      return Responses.success()
    }))
]
