/**
 * The sign-in ways of the signed-in user, read from the cached user, project, e-mail addresses and
 * linked accounts: what the settings check before taking one away.
 *
 * @since 0.1.0
 */
import { useContactChannelsQuery, useProjectQuery, useUserQuery } from "../../hooks.ts"
import type { Messages } from "../../messages.ts"
import { useLinkedAccountsQuery } from "./linkedAccounts.ts"
import { locksOut, type Removal, type SignInState } from "./signInMethods.ts"

/** The user's sign-in state once everything it needs has loaded. */
export function useSignInState(): SignInState | undefined {
  const user = useUserQuery().data
  const project = useProjectQuery().data
  const channels = useContactChannelsQuery().data
  const oauth = useLinkedAccountsQuery()
  if (user === undefined || user === null || project === undefined || channels === undefined) return undefined
  // linked accounts that failed to load count as none: the check stays on the safe side
  const oauthAccounts = oauth.data ?? []
  return { user, config: project.config, channels, oauthAccounts }
}

/**
 * The reason to refuse a removal: the lock-out sentence when it would leave no way to sign in,
 * the loading sentence while the state is not known yet, else `undefined`.
 */
export const refusalOf = (messages: Messages, state: SignInState | undefined, removal: Removal): string | undefined =>
  state === undefined ? messages.account.stillLoading : locksOut(state, removal) ? messages.account.lockout : undefined
