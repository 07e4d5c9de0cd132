/**
 * The user's linked OAuth accounts as a cached read, and the writes that keep it right
 * (`/oauth-providers`).
 *
 * @since 0.1.0
 */
import * as OAuthProviders from "stack-auth-effect/OAuthProviders"
import * as Queries from "stack-auth-effect/Queries"
import { useQuery } from "../../useQuery.ts"

/** The signed-in user's linked accounts. */
export const linkedAccounts = Queries.linkedAccounts

/** The user's linked accounts, `{ data, error, isLoading }`. */
export const useLinkedAccountsQuery = () => useQuery(linkedAccounts)

/** Lets a linked account sign in, or stops it; the app's cache shows it at once. `PATCH /oauth-providers/me/{id}` */
export const setLinkedAccountSignIn = (id: string, allowSignIn: boolean) => OAuthProviders.update(id, { allowSignIn })

/** Unlinks an account; it leaves the cached list and the user reloads. `DELETE /oauth-providers/me/{id}` */
export const unlinkAccount = (id: string) => OAuthProviders.remove(id)
