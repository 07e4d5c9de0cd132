/**
 * Linked OAuth provider accounts (`/oauth-providers`): list, read, update and delete
 * (clients: their own), create (servers). One account per provider may sign in per user, and a
 * provider account id may sign in to one user only (`OAuthProviderAccountIdAlreadyUsedForSignIn`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { CannotGetOwnUserWithoutUser, OAuthProviderAccountIdAlreadyUsedForSignIn, UserNotFound } from "stack-auth-effect/KnownErrors"
import { plain } from "../model/Account.ts"
import * as S from "../http/RequestSchema.ts"
import type { OAuthAccount, State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Accounts from "../model/OAuthAccounts.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"

const createBody = S.object({
  user_id: S.string().userIdOrMe().defined(),
  provider_config_id: S.string().defined(),
  email: S.string().email().optional(),
  allow_sign_in: S.boolean().defined(),
  allow_connected_accounts: S.boolean().defined(),
  account_id: S.string().defined()
}).defined()
const clientUpdateBody = S.object({
  allow_sign_in: S.boolean().optional(),
  allow_connected_accounts: S.boolean().optional()
}).defined()
const serverUpdateBody = clientUpdateBody.concat(S.object({
  email: S.string().email().optional(),
  account_id: S.string().optional()
}))
const providerParams = S.object({
  provider_id: S.string().uuid().defined(),
  user_id: S.string().userIdOrMe().defined()
})
const providerQuery = S.object({ user_id: S.string().userIdOrMe().optional() })

interface ProviderBody {
  readonly user_id?: string
  readonly provider_config_id?: string
  readonly email?: string
  readonly allow_sign_in?: boolean
  readonly allow_connected_accounts?: boolean
  readonly account_id?: string
}

/** Checks a CRUD request of this resource: body (create/update), the path's ids (or none), the query. */
const checkCrud = (
  auth: Auth,
  request: {
    readonly body?: readonly [S.Field, unknown] | undefined
    readonly params?: Readonly<Record<string, string>> | undefined
    readonly query: URLSearchParams
  }
) =>
  Effect.map(
    S.check(S.crud({
      body: request.body,
      params: request.params === undefined ? [providerParams.partial(), {}] : [providerParams, request.params],
      query: [providerQuery, S.queryObject(request.query)]
    }), auth.user?.id),
    (parts) => ({
      body: parts.body as ProviderBody,
      params: parts.params as { user_id: string; provider_id: string },
      query: parts.query as { user_id?: string }
    })
  )

const isServer = (auth: Auth) => auth.accessType !== "client"

/** A client may only address its own user (403 with the route's sentence). */
const ownOnly = (auth: Auth, userId: string | undefined, action: string) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return
    if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
    if (auth.user.id !== userId) return yield* plain(403, `Client can only ${action} OAuth providers for their own user.`)
  })

/** The user of a checked id, or `USER_NOT_FOUND`. */
const existingUser = (auth: Auth, userId: string) =>
  Effect.flatMap(EmulatorState.get, (state) => {
    const user = Users.findInProject(state, auth.project.id, userId)
    return user === undefined ? Effect.fail(new UserNotFound({})) : Effect.succeed(user)
  })

/**
 * The service's rules for an account that is created or changed (`self`: its id when changed).
 * As the service does: another account of any user with the same account id (of any provider)
 * that signs in blocks signing in; a change that names no account id is blocked by any other
 * account of the project that signs in.
 */
const checkRules = (state: State, user: User, candidate: OAuthAccount, self: string | undefined, accountIdGiven: boolean) => {
  const mine = user.oauthAccounts.filter((a) => Accounts.idOf(user.id, a) !== self && a.providerId === candidate.providerId)
  if (Accounts.allowsSignIn(candidate) && mine.some(Accounts.allowsSignIn)) {
    return Effect.fail(plain(400, "The same provider type with sign-in enabled already exists for this user."))
  }
  if (accountIdGiven && mine.some((a) => a.accountId === candidate.accountId)) {
    return Effect.fail(plain(400, "The same provider type with the same account ID already exists for this user."))
  }
  const takenForSignIn = Accounts.allInProject(state, user.projectId).some(([owner, a]) =>
    Accounts.idOf(owner.id, a) !== self && (!accountIdGiven || a.accountId === candidate.accountId) && Accounts.allowsSignIn(a))
  if (Accounts.allowsSignIn(candidate) && takenForSignIn) return Effect.fail(new OAuthProviderAccountIdAlreadyUsedForSignIn({}))
  return Effect.void
}

/** The account of a checked user id: `USER_NOT_FOUND`, then 404 when the account is not the user's. */
const accountOf = (auth: Auth, userId: string, id: string) =>
  Effect.gen(function*() {
    const user = yield* existingUser(auth, userId)
    const account = Accounts.find(user, id)
    if (account === undefined) return yield* plain(404, `OAuth provider ${id} for user ${userId} not found`)
    return { user, account }
  })

/** OAuth provider routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/oauth-providers", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const userId = (yield* checkCrud(auth, { query })).query.user_id
      yield* ownOnly(auth, userId, "list")
      if (userId !== undefined) yield* existingUser(auth, userId)
      const state = yield* EmulatorState.get
      const all = Accounts.allInProject(state, auth.project.id)
        .filter(([user, a]) => (userId === undefined || user.id === userId) && Accounts.providerConfig(auth.project, a.providerId) !== undefined)
      return Responses.list(all.map(([user, a]) => Accounts.view(user.id, a, isServer(auth))))
    })),

  Router.post("/oauth-providers", "server", ({ auth, body, query }) =>
    Effect.gen(function*() {
      const input = (yield* checkCrud(auth, { body: [createBody, body], query })).body
      const providerId = input.provider_config_id!
      if (Accounts.providerConfig(auth.project, providerId) === undefined) {
        return yield* plain(404, `OAuth provider ${providerId} not found or not configured`)
      }
      const account: OAuthAccount = {
        id: crypto.randomUUID(),
        providerId,
        accountId: input.account_id!,
        email: input.email ?? null,
        allowSignIn: input.allow_sign_in!,
        allowConnectedAccounts: input.allow_connected_accounts!
      }
      const userId = yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          const user = Users.findInProject(state, auth.project.id, input.user_id!)
          if (user === undefined) return yield* new UserNotFound({})
          yield* checkRules(state, user, account, undefined, true)
          return [user.id, Accounts.withAccounts(state, user, [...user.oauthAccounts, account])] as const
        }))
      return Responses.created(Accounts.view(userId, account, true))
    })),

  Router.get("/oauth-providers/:userId/:providerId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const p = (yield* checkCrud(auth, { params: { provider_id: params.providerId!, user_id: params.userId! }, query })).params
      yield* ownOnly(auth, p.user_id, "read")
      const { account, user } = yield* accountOf(auth, p.user_id, p.provider_id)
      return Responses.json(Accounts.view(user.id, account, isServer(auth)))
    })),

  Router.patch("/oauth-providers/:userId/:providerId", "client", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const request = yield* checkCrud(auth, {
        body: [isServer(auth) ? serverUpdateBody : clientUpdateBody, body],
        params: { provider_id: params.providerId!, user_id: params.userId! },
        query
      })
      const p = request.params
      const input = request.body
      yield* ownOnly(auth, p.user_id, "update")
      const { user } = yield* accountOf(auth, p.user_id, p.provider_id)
      const updated = yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          const fresh = Table.get(state.users, user.id)!
          const account = Accounts.find(fresh, p.provider_id)
          if (account === undefined) return yield* plain(404, `OAuth provider ${p.provider_id} not found`)
          const next: OAuthAccount = {
            ...account,
            id: Accounts.idOf(fresh.id, account),
            allowSignIn: input.allow_sign_in ?? Accounts.allowsSignIn(account),
            allowConnectedAccounts: input.allow_connected_accounts ?? Accounts.allowsConnectedAccounts(account),
            email: input.email ?? account.email,
            accountId: input.account_id ?? account.accountId
          }
          // the service checks sign-in only when the change asks for it
          const asked: OAuthAccount = { ...next, allowSignIn: input.allow_sign_in === true }
          yield* checkRules(state, fresh, asked, next.id, input.account_id !== undefined)
          const accounts = fresh.oauthAccounts.map((a) => (a === account ? next : a))
          return [next, Accounts.withAccounts(state, fresh, accounts)] as const
        }))
      return Responses.json(Accounts.view(user.id, updated, isServer(auth)))
    })),

  Router.del("/oauth-providers/:userId/:providerId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const p = (yield* checkCrud(auth, { params: { provider_id: params.providerId!, user_id: params.userId! }, query })).params
      yield* ownOnly(auth, p.user_id, "delete")
      const { account, user } = yield* accountOf(auth, p.user_id, p.provider_id)
      yield* EmulatorState.update((state) => {
        const fresh = Table.get(state.users, user.id)
        if (fresh === undefined) return state
        const id = Accounts.idOf(user.id, account)
        return Accounts.withAccounts(state, fresh, fresh.oauthAccounts.filter((a) => Accounts.idOf(user.id, a) !== id))
      })
      return Responses.success()
    }))
]
