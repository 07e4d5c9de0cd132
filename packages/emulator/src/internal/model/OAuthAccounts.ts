/**
 * Linked provider accounts in the emulator: each has
 * its own id (stored, or derived stably from user, provider and account for accounts created
 * without one), sign-in and connected-account switches, and the scopes the provider granted.
 *
 * @since 0.1.0
 */
import type { OAuthAccount, Project, State, User } from "../../EmulatorState.ts"
import * as Table from "../state/Table.ts"

const fnv1a = (text: string, seed: number): string => {
  let hash = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 16777619) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}

/** A stable UUID-shaped id for an account stored without one. */
const derivedId = (userId: string, account: OAuthAccount): string => {
  const text = `${userId}\n${account.providerId}\n${account.accountId}`
  const hex = [0x811c9dc5, 0x01000193, 0x5bd1e995, 0x27d4eb2f].map((seed) => fnv1a(text, seed)).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The account's id. */
export const idOf = (userId: string, account: OAuthAccount): string => account.id ?? derivedId(userId, account)

/** Whether the account may sign in (default `true`). */
export const allowsSignIn = (account: OAuthAccount): boolean => account.allowSignIn ?? true

/** Whether the account serves connected-account tokens (default `true`). */
export const allowsConnectedAccounts = (account: OAuthAccount): boolean => account.allowConnectedAccounts ?? true

/** The provider configured in the project under this id, if any. */
export const providerConfig = (project: Project, providerId: string) =>
  project.config.oauthProviders.find((p) => p.id === providerId)

/** A linked account as the service answers it (`account_id` for servers only). */
export const view = (userId: string, account: OAuthAccount, server: boolean) => ({
  user_id: userId,
  id: idOf(userId, account),
  ...(account.email === null ? {} : { email: account.email }),
  type: account.providerId,
  allow_sign_in: allowsSignIn(account),
  allow_connected_accounts: allowsConnectedAccounts(account),
  ...(server ? { account_id: account.accountId } : {})
})

/** A user's account with this id. */
export const find = (user: User, id: string): OAuthAccount | undefined =>
  user.oauthAccounts.find((a) => idOf(user.id, a) === id)

/** Replaces a user's accounts (ids made explicit, so they survive changes of the account id). */
export const withAccounts = (state: State, user: User, accounts: ReadonlyArray<OAuthAccount>): State => ({
  ...state,
  users: Table.put(state.users, user.id, {
    ...user,
    oauthAccounts: accounts.map((a) => (a.id === undefined ? { ...a, id: idOf(user.id, a) } : a))
  })
})

/** Every linked account of a project, with its user. */
export const allInProject = (state: State, projectId: string): ReadonlyArray<readonly [User, OAuthAccount]> =>
  Table.filter(state.users, (u) => u.projectId === projectId).flatMap((u) => u.oauthAccounts.map((a) => [u, a] as const))
