/**
 * Every text the account and team components show (SPEC §2, §8): labels and sentences, and a
 * human sentence for each typed failure their calls can meet (`_tag` to text). The error table is
 * checked against the calls' declared failures at the type level: a new failure without a
 * sentence does not compile.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import type * as ContactChannels from "../../src/api/ContactChannels.ts"
import type * as OAuthProviders from "../../src/api/OAuthProviders.ts"
import type * as TeamMemberships from "../../src/api/TeamMemberships.ts"
import type * as TeamMemberProfiles from "../../src/api/TeamMemberProfiles.ts"
import type * as Mutations from "../../src/cache/Mutations.ts"
import type * as Queries from "../../src/cache/Queries.ts"
import type * as QueryCache from "../../src/cache/QueryCache.ts"

/** The texts of the account and team components, in English. SPEC §2 */
export const accountText = {
  loading: "Loading…",
  retry: "Try again",
  details: "Details",
  cancel: "Cancel",
  justNow: "just now",
  saved: "Saved.",
  save: "Save",
  saving: "Saving…"
} as const

/** Something that may be a typed failure. */
export type ErrorLike = { readonly _tag?: unknown; readonly message?: unknown } | null | undefined

/** A failure of a function returning an Effect, or of a query. */
type FailureOf<F> = F extends (...args: ReadonlyArray<never>) => Effect.Effect<unknown, infer E, unknown> ? E
  : F extends QueryCache.Query<unknown, infer E, unknown> ? E
  : F extends (...args: ReadonlyArray<never>) => QueryCache.Query<unknown, infer E, unknown> ? E
  : never

/** Every typed failure the account and team components can meet (their reads and writes). SPEC §8 */
export type AccountError =
  | FailureOf<typeof Queries.currentUser>
  | FailureOf<typeof Queries.project>
  | FailureOf<typeof Queries.contactChannels>
  | FailureOf<typeof Queries.sessions>
  | FailureOf<typeof Queries.teams>
  | FailureOf<typeof Queries.apiKeys>
  | FailureOf<typeof Queries.notificationCategories>
  | FailureOf<typeof Queries.teamInvitations>
  | FailureOf<typeof Queries.permissions>
  | FailureOf<typeof TeamMemberProfiles.list>
  | FailureOf<typeof OAuthProviders.list>
  | FailureOf<typeof OAuthProviders.update>
  | FailureOf<typeof Mutations.updateUser>
  | FailureOf<typeof Mutations.deleteUser>
  | FailureOf<typeof Mutations.revokeSession>
  | FailureOf<typeof Mutations.createTeam>
  | FailureOf<typeof Mutations.updateTeam>
  | FailureOf<typeof Mutations.removeTeam>
  | FailureOf<typeof Mutations.selectTeam>
  | FailureOf<typeof Mutations.leaveTeam>
  | FailureOf<typeof Mutations.inviteToTeam>
  | FailureOf<typeof Mutations.revokeInvitation>
  | FailureOf<typeof Mutations.createContactChannel>
  | FailureOf<typeof Mutations.updateContactChannel>
  | FailureOf<typeof Mutations.removeContactChannel>
  | FailureOf<typeof Mutations.createApiKey>
  | FailureOf<typeof Mutations.revokeApiKey>
  | FailureOf<typeof Mutations.setNotificationEnabled>
  | FailureOf<typeof Mutations.updatePassword>
  | FailureOf<typeof Mutations.setPassword>
  | FailureOf<typeof Mutations.registerPasskey>
  | FailureOf<typeof ContactChannels.sendVerificationCode>
  | FailureOf<typeof OAuthProviders.remove>
  | FailureOf<typeof TeamMemberships.removeMember>
  | AccountCheck

/** The checks the components make themselves before calling the service. SPEC §2 */
export type AccountCheck =
  | { readonly _tag: "EmptyTeamName" }
  | { readonly _tag: "WrongTotpCode" }
  | { readonly _tag: "NewPasswordsDiffer" }
  | { readonly _tag: "EmptyField" }
  | { readonly _tag: "ImageUnreadable" }

/**
 * An effect that fails with the component's own check when `failure` is given, else runs `run`:
 * a form refused before any request. SPEC §2
 */
export const checked = <A, E, R>(
  failure: AccountCheck | undefined,
  run: () => Effect.Effect<A, E, R>
): Effect.Effect<A, E | AccountCheck, R> =>
  Effect.suspend((): Effect.Effect<A, E | AccountCheck, R> => (failure === undefined ? run() : Effect.fail(failure)))

/** The `_tag`s of {@link AccountError}. */
export type AccountErrorTag = AccountError["_tag"]

/**
 * The sentence a person reads for each failure (SPEC §8); override any with `messageFor`'s second
 * argument. Protocol texts never reach the page: they sit in the "Details" disclosure.
 */
export const accountErrorMessages = {
  // reaching the service
  StackConnectionError: "We can't reach the sign-in service right now. Check your connection and try again.",
  StackOfflineError: "You are offline. Connect to the internet and try again.",
  StackTimeoutError: "The sign-in service took too long to answer. Please try again.",
  StackRedirectError: "The sign-in service sent us somewhere else, which we do not follow. Please try again later.",
  StackRetryAfterError: "The sign-in service is busy. Please try again in a little while.",
  StackResponseTooLargeError: "The sign-in service sent an answer too large to read. Please try again.",
  StackResponseLostError: "The answer was lost on the way, but the change may have been made. Check before trying again.",
  StackInvalidIdError: "Something is wrong with this page's link. Go back and try again.",
  StackHttpError: "The sign-in service could not do that right now. Please try again.",
  StackDecodeError: "The sign-in service answered in a way we did not understand. Please try again later.",
  KnownError: "That did not work. Please check what you entered and try again.",
  SchemaError: "Some of what you entered is not valid. Please check it and try again.",
  UnknownErrorCode: "That did not work. Please try again.",
  // the session
  CannotGetOwnUserWithoutUser: "You are signed out. Sign in again to continue.",
  UserAuthenticationRequired: "You are signed out. Sign in again to continue.",
  UserNotFound: "This account no longer exists.",
  // e-mail addresses
  ContactChannelAlreadyUsedForAuthBySomeoneElse: "Another account already signs in with this address.",
  EmailAlreadyVerified: "This address is already verified.",
  CallbackUrlRequired: "This page cannot send a verification link. Please tell the site's owner.",
  RedirectUrlNotWhitelisted: "This site is not allowed to send verification links. Please tell the site's owner.",
  // passwords
  PasswordConfirmationMismatch: "Your current password is not right.",
  PasswordTooShort: "The new password is too short: use at least 8 characters.",
  PasswordTooLong: "The new password is too long: use at most 70 characters.",
  UserDoesNotHavePassword: "Your account has no password yet: set one instead.",
  PasswordAuthenticationNotEnabled: "Signing in with a password is turned off for this app.",
  // two-factor and passkeys
  PasskeyRegistrationFailed: "The passkey could not be added. Please try again.",
  PasskeyAuthenticationNotEnabled: "Passkeys are turned off for this app.",
  VerificationCodeExpired: "That took too long. Please try again.",
  WebAuthnNotSupported: "This browser cannot use passkeys.",
  WebAuthnAborted: "Adding the passkey was cancelled.",
  WebAuthnMissingDiscoverableCredentialSupport: "This device cannot keep a passkey that signs in without a username.",
  WebAuthnUserVerificationUnsupported: "This device cannot check that it is you (fingerprint, face or PIN).",
  WebAuthnAuthenticatorPreviouslyRegistered: "This device already holds a passkey for your account.",
  WebAuthnInvalidDomain: "Passkeys do not work on this address of the site.",
  WebAuthnInvalidRelyingPartyId: "Passkeys do not work on this address of the site.",
  WebAuthnInvalidUserIdLength: "The passkey could not be added. Please try again.",
  WebAuthnAuthenticatorError: "Your device could not create the passkey. Please try again.",
  WebAuthnCeremonyFailed: "Your browser could not create the passkey. Please try again.",
  // sessions
  CannotDeleteCurrentSession: "To end this session, sign out instead.",
  // teams
  TeamMembershipNotFound: "You are not a member of this team any more.",
  TeamNotFound: "This team no longer exists.",
  TeamPermissionRequired: "You do not have permission to do that in this team.",
  // linked accounts, API keys, deletion
  OAuthProviderAccountIdAlreadyUsedForSignIn: "Another account already signs in with this provider account.",
  ApiKeyNotFound: "This API key no longer exists.",
  ApiKeyOwnerConflict: "This API key does not belong to you.",
  ClientUserDeletionNotEnabled: "This app does not let you delete your account yourself. Please contact its owner.",
  // the components' own checks
  EmptyTeamName: "Enter a team name.",
  WrongTotpCode: "That code is not right. Enter the newest 6-digit code from your authenticator app.",
  NewPasswordsDiffer: "The new passwords do not match.",
  EmptyField: "This field is required.",
  ImageUnreadable: "That picture could not be read. Try a PNG or JPEG file."
} as const satisfies Record<AccountErrorTag, string>

/** Whatever the table does not know (an untyped defect): a generic sentence. SPEC §8 */
export const fallbackErrorMessage = "Something went wrong. Please try again."

/** The human sentence for a failure, by its `_tag` (overrides first). SPEC §8 */
export const messageFor = (error: unknown, overrides?: Readonly<Partial<Record<string, string>>>): string => {
  const tag = typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : undefined
  if (tag === undefined) return fallbackErrorMessage
  return overrides?.[tag] ?? (accountErrorMessages as Readonly<Record<string, string>>)[tag] ?? fallbackErrorMessage
}
