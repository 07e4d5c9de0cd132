/**
 * Which ways a user has to sign in, and whether a change would leave none (a contact channel's
 * `used_for_auth`, a password, a passkey, linked accounts): the account settings use it to show the
 * addresses that sign in and to refuse removing the last way in (the self lock-out of issue #18).
 *
 * @since 0.1.0
 */
import type { ContactChannel } from "stack-auth-effect/ContactChannels"
import type { OAuthProvider } from "stack-auth-effect/OAuthProviders"

/** What the sign-in check reads of the user. */
export interface SignInUser {
  readonly hasPassword: boolean
  readonly otpAuthEnabled: boolean
  readonly passkeyAuthEnabled: boolean
}

/** What the sign-in check reads of the project's config. */
export interface SignInConfig {
  readonly credentialEnabled: boolean
  readonly magicLinkEnabled: boolean
  readonly passkeyEnabled: boolean
}

/** One way into the account. */
export type SignInMethod =
  | { readonly _tag: "Email"; readonly channelId: string; readonly address: string }
  | { readonly _tag: "Passkey" }
  | { readonly _tag: "OAuth"; readonly accountId: string; readonly provider: string }

/** What the check needs: the user, the project config, the user's addresses and linked accounts. */
export interface SignInState {
  readonly user: SignInUser
  readonly config: SignInConfig
  readonly channels: ReadonlyArray<Pick<ContactChannel, "id" | "value" | "usedForAuth">>
  readonly oauthAccounts: ReadonlyArray<Pick<OAuthProvider, "id" | "type" | "allowSignIn">>
}

/** Whether an address marked "used for sign-in" lets the user in: by password or by a one-time code. */
export const addressesSignIn = (state: Pick<SignInState, "user" | "config">): boolean =>
  (state.config.credentialEnabled && state.user.hasPassword) || state.config.magicLinkEnabled

/** Every way the user can sign in today. */
export const signInMethods = (state: SignInState): ReadonlyArray<SignInMethod> => [
  ...(addressesSignIn(state)
    ? state.channels.filter((c) => c.usedForAuth).map((c): SignInMethod => ({ _tag: "Email", channelId: c.id, address: c.value }))
    : []),
  ...(state.config.passkeyEnabled && state.user.passkeyAuthEnabled ? [{ _tag: "Passkey" } as const] : []),
  ...state.oauthAccounts.filter((a) => a.allowSignIn).map((a): SignInMethod => ({ _tag: "OAuth", accountId: a.id, provider: a.type }))
]

/** A change that takes a way in away. */
export type Removal =
  | { readonly _tag: "Email"; readonly channelId: string }
  | { readonly _tag: "Passkey" }
  | { readonly _tag: "OAuth"; readonly accountId: string }

const same = (method: SignInMethod, removal: Removal): boolean =>
  method._tag === "Email" && removal._tag === "Email"
    ? method.channelId === removal.channelId
    : method._tag === "OAuth" && removal._tag === "OAuth"
    ? method.accountId === removal.accountId
    : method._tag === "Passkey" && removal._tag === "Passkey"

/**
 * Whether a removal (an address removed or no longer used for sign-in, a passkey or linked account
 * removed) would leave the user no way to sign in: the settings refuse it.
 */
export const locksOut = (state: SignInState, removal: Removal): boolean => {
  const methods = signInMethods(state)
  return methods.some((m) => same(m, removal)) && methods.every((m) => same(m, removal))
}
