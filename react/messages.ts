/**
 * The one table of every text the prebuilt components and handler pages show (SPEC §2, §8). An app
 * overrides any part of it (`<StackProvider messages={{ signIn: { title: ... } }}>`), which is
 * also how it translates them. Every typed failure of every call a component makes has a human
 * sentence in {@link Messages.errors}: the table is exhaustive at the type level (a call added to
 * {@link ComponentCalls} whose failures lack a sentence does not compile). Developers get the
 * failure's own details in the console and a "Details" disclosure.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Auth from "../src/api/Auth.ts"
import type * as CliAuth from "../src/api/CliAuth.ts"
import type * as Mfa from "../src/api/Mfa.ts"
import type * as OAuth from "../src/api/OAuth.ts"
import type * as Passkeys from "../src/api/Passkeys.ts"
import type * as Passwords from "../src/api/Passwords.ts"
import type * as TeamInvitations from "../src/api/TeamInvitations.ts"
import type * as Mutations from "../src/cache/Mutations.ts"
import type * as Queries from "../src/cache/Queries.ts"
import type * as Redirects from "../src/handler/Redirects.ts"

/** What an effect, a function returning one, or a cached query can fail with. */
type FailureOf<T> = T extends (...args: any) => infer R ? FailureOf<R>
  : T extends Effect.Effect<any, infer E, any> ? E
  : T extends { readonly effect: Effect.Effect<any, infer E, any> } ? E
  : never

/**
 * Every call the prebuilt components make, by name. Adding a call here makes its failures part of
 * {@link ErrorTag}, so the table below must give each a sentence. SPEC §8
 */
export interface ComponentCalls {
  /** Reading the project's name and sign-in settings. */
  readonly project: typeof Queries.project
  /** Reading the signed-in user. */
  readonly currentUser: typeof Queries.currentUser
  /** The sign-in form's password sign-in. */
  readonly signInWithPassword: typeof Auth.signInWithPassword
  /** The sign-up form's account creation. */
  readonly signUpWithPassword: typeof Auth.signUpWithPassword
  /** Sending a one-time sign-in code by e-mail. */
  readonly sendSignInCode: typeof Auth.sendSignInCode
  /** Signing in with the e-mailed code. */
  readonly signInWithOtp: typeof Auth.signInWithOtp
  /** Signing in from the e-mailed link. */
  readonly signInWithMagicLinkCallback: typeof Auth.signInWithMagicLinkCallback
  /** The sign-out page and button. */
  readonly signOut: typeof Auth.signOut
  /** Starting an OAuth sign-in (Google, GitHub, ...). */
  readonly signInWithRedirect: typeof OAuth.signInWithRedirect
  /** Finishing an OAuth sign-in when the provider sends the user back. */
  readonly handleOAuthCallback: typeof OAuth.handleCallback
  /** Signing in with a passkey. */
  readonly passkeySignIn: typeof Passkeys.signIn
  /** The second-factor (authenticator code) step of a sign-in. */
  readonly signInWithMfa: typeof Mfa.signInWithMfa
  /** Sending a password-reset link. */
  readonly sendResetCode: typeof Passwords.sendResetCode
  /** Checking a password-reset link before showing the form. */
  readonly checkResetCode: typeof Passwords.checkResetCode
  /** Setting the new password from a reset link. */
  readonly resetPassword: typeof Passwords.reset
  /** Verifying an e-mail address from its link. */
  readonly verifyEmail: typeof Mutations.verifyEmail
  /** Reading a team invitation before accepting it. */
  readonly invitationDetails: typeof TeamInvitations.details
  /** Accepting a team invitation. */
  readonly acceptInvitation: typeof Mutations.acceptInvitation
  /** Confirming a command-line tool's sign-in. */
  readonly completeCliLogin: typeof CliAuth.completeCliLogin
  /** Checking a redirect target against the project's trusted domains. */
  readonly redirect: typeof Redirects.validate
}

/** Any failure of a call a prebuilt component makes. SPEC §8 */
export type ComponentError = { [K in keyof ComponentCalls]: FailureOf<ComponentCalls[K]> }[keyof ComponentCalls]

/** The `_tag` of every such failure: the keys the error table must cover. SPEC §8 */
export type ErrorTag = ComponentError extends infer E ? E extends { readonly _tag: infer T extends string } ? T : never : never

/** The human sentence for each failure, by `_tag`. SPEC §8 */
export type ErrorMessages = { readonly [T in ErrorTag]: string }

const sessionEnded = "Your sign-in has ended. Please sign in again."
const badCode = "This code or link is not valid. Check it, or ask for a new one."
const providerFailed = "Signing in with the provider did not work. Please try again."
const passkeyFailed = "Your passkey did not sign you in. Try again, or use another way to sign in."
const notSetUp = "This app's sign-in is not set up correctly. Its developers can see the details."

const errors: ErrorMessages = {
  // the network and the service
  StackConnectionError: "We can't reach the sign-in service right now. Check your connection and try again.",
  StackOfflineError: "You are offline. Connect to the internet and try again.",
  StackTimeoutError: "The sign-in service took too long to answer. Please try again.",
  StackHttpError: "The sign-in service had a problem. Please try again in a moment.",
  StackDecodeError: "The sign-in service sent an answer we could not read. Please try again.",
  StackRedirectError: "The sign-in service sent us somewhere else, which we do not follow. Please try again later.",
  StackRetryAfterError: "The sign-in service is busy. Please try again in a little while.",
  StackResponseTooLargeError: "The sign-in service sent an answer too large to read. Please try again.",
  StackResponseLostError: "The answer was lost on the way, but the change may have been made. Check before trying again.",
  StackInvalidIdError: notSetUp,
  SchemaError: "Something you entered was not accepted. Check it and try again.",
  KnownError: "The sign-in service refused this request. Please try again.",
  UnknownErrorCode: "The sign-in service refused this request. Please try again.",
  // sign-in and sign-up
  EmailPasswordMismatch: "That e-mail and password do not match. Check them and try again.",
  PasswordAuthenticationNotEnabled: "Signing in with a password is turned off for this app.",
  MultiFactorAuthenticationRequired: "Enter the code from your authenticator app to finish signing in.",
  UserWithEmailAlreadyExists: "An account with this e-mail already exists. Sign in instead.",
  PasswordTooShort: "This password is too short.",
  PasswordTooLong: "This password is too long.",
  SignUpNotEnabled: "This app does not accept new accounts.",
  ContactChannelAlreadyUsedForAuthBySomeoneElse: "This e-mail already signs in to another account.",
  CallbackUrlRequired: notSetUp,
  RedirectUrlNotWhitelisted: "This app's address is not on its list of trusted domains, so sign-in stopped here.",
  UserAuthenticationRequired: sessionEnded,
  NotSignedIn: sessionEnded,
  // codes and links
  VerificationCodeNotFound: badCode,
  VerificationCodeExpired: "This code or link has expired. Ask for a new one.",
  VerificationCodeAlreadyUsed: "This code or link was already used. Ask for a new one.",
  VerificationCodeMaxAttemptsReached: "Too many wrong tries for this code. Ask for a new one.",
  MissingMagicLinkCode: "This sign-in link is not complete. Open the link from the e-mail again.",
  // OAuth
  OAuthCallbackError: providerFailed,
  OAuthUrlNotAbsolute: notSetUp,
  InvalidOAuthClientIdOrSecret: notSetUp,
  UntrustedRedirectUrl: "This app tried to send you to an address it does not trust, so we stopped.",
  OAuthProviderNotFoundOrNotEnabled: "This sign-in provider is not turned on for this app.",
  OAuthProviderAccessDenied: "The provider did not grant access. Please try again.",
  OAuthConnectionAlreadyConnectedToAnotherUser: "That provider account is already linked to another account here.",
  OuterOAuthTimeout: "Signing in with the provider took too long. Please start again.",
  InvalidAuthorizationCode: providerFailed,
  // passkeys and two-factor
  PasskeyAuthenticationNotEnabled: "Signing in with a passkey is turned off for this app.",
  PasskeyAuthenticationFailed: passkeyFailed,
  WebAuthnAborted: "The passkey step was cancelled.",
  WebAuthnAuthenticatorError: passkeyFailed,
  WebAuthnAuthenticatorPreviouslyRegistered: "This passkey is already registered.",
  WebAuthnCeremonyFailed: passkeyFailed,
  WebAuthnInvalidDomain: "Passkeys do not work on this address. Use another way to sign in.",
  WebAuthnInvalidRelyingPartyId: "Passkeys do not work on this address. Use another way to sign in.",
  WebAuthnInvalidUserIdLength: passkeyFailed,
  WebAuthnMissingDiscoverableCredentialSupport: "Your device cannot keep a passkey for this site.",
  WebAuthnNotSupported: "This browser does not support passkeys.",
  WebAuthnUserVerificationUnsupported: "Your device cannot confirm it is you for a passkey.",
  InvalidTotpCode: "That code is not right. Check your authenticator app and try again.",
  MissingAttemptCode: "There is no sign-in waiting for a second step. Please sign in again.",
  // invitations
  TeamNotFound: "This team no longer exists."
}

/** Every text of the prebuilt components and handler pages. SPEC §2, §8 */
export const defaultMessages = {
  errors,
  /** For a failure that has no `_tag` (a bug, a thrown value). */
  unexpectedError: "Something went wrong. Please try again.",
  common: {
    retry: "Try again",
    details: "Details",
    loading: "Loading…",
    working: "Working…",
    cancel: "Cancel",
    confirm: "Confirm",
    or: "or",
    home: "Home",
    backToSignIn: "Back to sign in",
    continue: "Continue",
    signOut: "Sign out",
    offlineTitle: "You are offline",
    offlineBody: "Connect to the internet, then try again.",
    unreachableTitle: "We can't reach the sign-in service",
    unreachableBody: "It may be down or your connection may be blocked. Try again in a moment.",
    errorTitle: "Something went wrong",
    notFoundTitle: "Page not found",
    /** The text of the not-found page, for the path asked for. */
    notFoundBody: (path: string) => `There is no page at ${path}.`,
    emailLabel: "E-mail",
    passwordLabel: "Password",
    /** The browser tab's title: the page, then the project. */
    pageTitle: (page: string, project: string) => `${page} · ${project}`
  },
  signIn: {
    title: "Sign in",
    /** The line under the title, naming the project. */
    subtitle: (project: string) => `to continue to ${project}`,
    passwordTab: "Password",
    codeTab: "E-mail code",
    submit: "Sign in",
    submitting: "Signing in…",
    forgotPassword: "Forgot password?",
    noAccount: "Don't have an account?",
    signUpLink: "Sign up",
    /** Shown on the sign-in page to a user who is signed in already. */
    alreadySignedIn: (who: string) => `You are signed in as ${who}.`,
    emailRequired: "Enter your e-mail address.",
    emailInvalid: "Enter a valid e-mail address, like name@example.com.",
    passwordRequired: "Enter your password."
  },
  code: {
    sendSubmit: "Send me a code",
    sending: "Sending…",
    sendHint: "We'll e-mail you a one-time code and a sign-in link.",
    /** After a code was sent to the address. */
    sent: (email: string) => `We sent a code to ${email}. Enter it below, or open the link in the e-mail.`,
    codeLabel: "Code",
    codeRequired: "Enter the code from the e-mail.",
    submit: "Sign in",
    submitting: "Signing in…",
    resend: "Send a new code",
    resent: "A new code is on its way.",
    otherEmail: "Use another e-mail"
  },
  passkey: {
    button: "Sign in with a passkey",
    busy: "Waiting for your passkey…"
  },
  oauth: {
    /** The label of a provider's sign-in button. */
    continueWith: (provider: string) => `Continue with ${provider}`,
    /** Shown while the browser goes to the provider. */
    redirecting: (provider: string) => `Opening ${provider}…`,
    groupLabel: "Sign in with a provider"
  },
  signUp: {
    title: "Create your account",
    /** The line under the title, naming the project. */
    subtitle: (project: string) => `to continue to ${project}`,
    repeatPasswordLabel: "Repeat password",
    passwordsDiffer: "The passwords do not match.",
    /** The hint under the password field. */
    passwordHint: (min: number) => `At least ${min} characters.`,
    submit: "Create account",
    submitting: "Creating your account…",
    haveAccount: "Already have an account?",
    signInLink: "Sign in",
    disabled: "This app does not accept new accounts.",
    codeIntro: "No password needed: we'll e-mail you a code."
  },
  password: {
    /** A password shorter than the minimum. */
    tooShort: (min: number) => `Use at least ${min} characters.`,
    /** A password longer than the maximum. */
    tooLong: (max: number) => `Use at most ${max} characters.`
  },
  forgotPassword: {
    title: "Reset your password",
    subtitle: "Enter your e-mail and we'll send you a link to choose a new password.",
    submit: "Send reset link",
    submitting: "Sending…",
    /** After a reset link was requested for the address. */
    sent: (email: string) => `If an account uses ${email}, a reset link is on its way. Check your inbox.`
  },
  passwordReset: {
    title: "Choose a new password",
    checking: "Checking your reset link…",
    newPasswordLabel: "New password",
    repeatLabel: "Repeat new password",
    submit: "Set new password",
    submitting: "Saving…",
    done: "Your password is changed. You can sign in with it now.",
    badLink: "This reset link cannot be used",
    requestNew: "Ask for a new link"
  },
  mfa: {
    title: "Two-factor authentication",
    subtitle: "Enter the 6-digit code from your authenticator app.",
    codeLabel: "Authenticator code",
    submit: "Verify",
    submitting: "Verifying…",
    noPending: "There is no sign-in waiting for a second step.",
    signInAgain: "Sign in again"
  },
  signOut: {
    title: "Signing out",
    busy: "Signing you out…"
  },
  callback: {
    signingIn: "Signing you in…",
    title: "Signing in",
    noCallback: "There is no sign-in to complete here.",
    verifyTitle: "E-mail verification",
    verifying: "Verifying your e-mail…",
    verified: "Your e-mail is verified.",
    invitationTitle: "Team invitation",
    invitationChecking: "Checking the invitation…",
    invitationNoCode: "This invitation link has no code.",
    /** The heading of a team invitation. */
    invitedTo: (team: string) => `You are invited to join ${team}.`,
    /** The button that accepts a team invitation. */
    join: (team: string) => `Join ${team}`,
    /** After the invitation was accepted. */
    joined: (team: string) => `You joined ${team}.`,
    /** Asks a signed-out user to sign in first. */
    signInFirst: (what: string) => `Sign in to ${what}.`,
    acceptInvitation: "accept the invitation",
    cliTitle: "Authorize the command-line tool",
    cliNoCode: "This page needs a login code from the command-line tool.",
    /** Asks the user to confirm a command-line tool's sign-in. */
    cliAsk: (who: string) => `A command-line tool asks to sign in as ${who}.`,
    cliAuthorize: "Authorize",
    cliDone: "The command-line tool is signed in. You can close this window.",
    cliWhat: "authorize the command-line tool",
    errorTitle: "Something went wrong",
    errorDefault: "Something went wrong.",
    domainsHint: "The project owner can fix this in the",
    domainsLink: "trusted domains settings"
  }
}

/** The messages table's shape. SPEC §8 */
export type Messages = typeof defaultMessages

/** A partial table an app passes to override some texts (any depth). SPEC §8 */
export type MessagesOverride = {
  readonly [K in keyof Messages]?: Messages[K] extends string | ((...args: never) => unknown) ? Messages[K]
    : { readonly [J in keyof Messages[K]]?: Messages[K][J] }
}

/** The table with an app's overrides applied (one level deep per section). SPEC §8 */
export const mergeMessages = (base: Messages, override: MessagesOverride | undefined): Messages => {
  if (override === undefined) return base
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue
    const current = (base as Record<string, unknown>)[key]
    out[key] = typeof value === "object" && typeof current === "object" ? { ...current, ...value } : value
  }
  return out as Messages
}

const tagOf = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : undefined

/** The human sentence for a failure: by its `_tag`, else the generic sentence. SPEC §8 */
export const errorMessage = (messages: Messages, error: unknown): string => {
  const tag = tagOf(error)
  const known = tag === undefined ? undefined : (messages.errors as Readonly<Record<string, string>>)[tag]
  return known ?? messages.unexpectedError
}

/** Whether a failure means the service could not be reached (offline, connection, timeout). SPEC §8 */
export const isUnreachable = (error: unknown): boolean => {
  const tag = tagOf(error)
  return tag === "StackConnectionError" || tag === "StackOfflineError" || tag === "StackTimeoutError"
}
