/**
 * The one table of every text the prebuilt components and handler pages show. An app
 * overrides any part of it (`<StackProvider messages={{ signIn: { title: ... } }}>`), which is
 * also how it translates them. Every typed failure of every call a component makes has a human
 * sentence in {@link Messages.errors}: the table is exhaustive at the type level (a call added to
 * {@link ComponentCalls} whose failures lack a sentence does not compile). Developers get the
 * failure's own details in the console and a "Details" disclosure.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as ApiKeys from "stack-auth-effect/ApiKeys"
import type * as Auth from "stack-auth-effect/Auth"
import type * as CliAuth from "stack-auth-effect/CliAuth"
import type * as ContactChannels from "stack-auth-effect/ContactChannels"
import type * as EmailVerification from "stack-auth-effect/EmailVerification"
import type * as Mfa from "stack-auth-effect/Mfa"
import type * as Notifications from "stack-auth-effect/Notifications"
import type * as OAuth from "stack-auth-effect/OAuth"
import type * as OAuthProviders from "stack-auth-effect/OAuthProviders"
import type * as Passkeys from "stack-auth-effect/Passkeys"
import type * as Passwords from "stack-auth-effect/Passwords"
import type * as Queries from "stack-auth-effect/Queries"
import type * as Redirects from "stack-auth-effect/Redirects"
import type * as Sessions from "stack-auth-effect/Sessions"
import type * as TeamInvitations from "stack-auth-effect/TeamInvitations"
import type * as TeamMemberProfiles from "stack-auth-effect/TeamMemberProfiles"
import type * as TeamMemberships from "stack-auth-effect/TeamMemberships"
import type * as Teams from "stack-auth-effect/Teams"
import type * as Users from "stack-auth-effect/Users"

/** What an effect, a function returning one, or a cached query can fail with. */
export type FailureOf<T> = T extends (...args: any) => infer R ? FailureOf<R>
  : T extends Effect.Effect<any, infer E, any> ? E
  : T extends { readonly effect: Effect.Effect<any, infer E, any> } ? E
  : never

/**
 * Every call the prebuilt components make, by name. Adding a call here makes its failures part of
 * {@link ErrorTag}, so the table below must give each a sentence.
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
  readonly verifyEmail: typeof EmailVerification.verify
  /** Reading a team invitation before accepting it. */
  readonly invitationDetails: typeof TeamInvitations.details
  /** Accepting a team invitation. */
  readonly acceptInvitation: typeof TeamInvitations.accept
  /** Confirming a command-line tool's sign-in. */
  readonly completeCliLogin: typeof CliAuth.completeCliLogin
  /** Checking a redirect target against the project's trusted domains. */
  readonly redirect: typeof Redirects.validate
  // account and team settings
  readonly sessions: typeof Queries.sessions
  readonly contactChannels: typeof Queries.contactChannels
  readonly teams: typeof Queries.teams
  /** Reading the user's or team's API keys. */
  readonly apiKeys: typeof Queries.apiKeys
  readonly notificationCategories: typeof Queries.notificationCategories
  /** Reading a team's pending invitations. */
  readonly teamInvitations: typeof Queries.teamInvitations
  /** Reading the user's permissions in a team. */
  readonly permissions: typeof Queries.permissions
  /** Reading a team's members. */
  readonly teamMemberProfiles: typeof TeamMemberProfiles.list
  /** Reading the user's linked sign-in providers. */
  readonly linkedAccounts: typeof OAuthProviders.list
  /** Changing a linked provider (for example, allowing sign-in with it). */
  readonly updateLinkedAccount: typeof OAuthProviders.update
  /** Unlinking a sign-in provider. */
  readonly unlinkAccount: typeof OAuthProviders.remove
  /** Saving the user's profile. */
  readonly updateUser: typeof Users.update
  /** Deleting the user's account. */
  readonly deleteUser: typeof Users.deleteCurrent
  /** Signing out another device. */
  readonly revokeSession: typeof Sessions.revokeMine
  /** Creating a team. */
  readonly createTeam: typeof Teams.create
  /** Renaming a team or changing its picture. */
  readonly updateTeam: typeof Teams.update
  /** Deleting a team. */
  readonly removeTeam: typeof Teams.remove
  /** Choosing the user's current team. */
  readonly selectTeam: typeof Teams.select
  /** Leaving a team. */
  readonly leaveTeam: typeof TeamMemberships.leave
  /** Inviting someone to a team by e-mail. */
  readonly inviteToTeam: typeof TeamInvitations.send
  /** Withdrawing a team invitation. */
  readonly revokeInvitation: typeof TeamInvitations.revoke
  /** Adding an e-mail address. */
  readonly createContactChannel: typeof ContactChannels.create
  /** Changing an e-mail address (primary, used for sign-in). */
  readonly updateContactChannel: typeof ContactChannels.update
  /** Removing an e-mail address. */
  readonly removeContactChannel: typeof ContactChannels.remove
  /** Sending a verification link to an e-mail address. */
  readonly sendVerificationCode: typeof ContactChannels.sendVerificationCode
  /** Creating an API key. */
  readonly createApiKey: typeof ApiKeys.create
  /** Revoking an API key. */
  readonly revokeApiKey: typeof ApiKeys.revoke
  /** Turning a kind of e-mail notification on or off. */
  readonly setNotificationEnabled: typeof Notifications.setEnabled
  /** Changing the password. */
  readonly updatePassword: typeof Passwords.update
  /** Setting a first password. */
  readonly setPassword: typeof Passwords.set
  /** Adding a passkey. */
  readonly registerPasskey: typeof Passkeys.register
  /** Removing a member from a team. */
  readonly removeMember: typeof TeamMemberships.removeMember
}

/** The checks the components make themselves before calling the service (a form refused before any request). */
export type ComponentCheck =
  | { readonly _tag: "EmptyTeamName" }
  | { readonly _tag: "WrongTotpCode" }
  | { readonly _tag: "NewPasswordsDiffer" }
  | { readonly _tag: "EmptyField" }
  | { readonly _tag: "ImageUnreadable" }

/** Any failure of a call a prebuilt component makes, or of its own checks. */
export type ComponentError = { [K in keyof ComponentCalls]: FailureOf<ComponentCalls[K]> }[keyof ComponentCalls] | ComponentCheck

/**
 * The key of a failure in the error table: for a transport failure (`StackTransportError`), its
 * reason's `_tag` (`TimeoutError`, `OfflineError`...), each with its own sentence; for any other
 * failure, its `_tag`.
 */
export type ErrorKey<E> = E extends { readonly _tag: "StackTransportError"; readonly reason: { readonly _tag: infer R extends string } } ? R
  : E extends { readonly _tag: infer T extends string } ? T
  : never

/** The key of every such failure ({@link ErrorKey}): the keys the error table must cover. */
export type ErrorTag = ErrorKey<ComponentError>

/** The human sentence for each failure, by `_tag`. */
export type ErrorMessages = { readonly [T in ErrorTag]: string }

const sessionEnded = "Your sign-in has ended. Please sign in again."
const badCode = "This code or link is not valid. Check it, or ask for a new one."
const providerFailed = "Signing in with the provider did not work. Please try again."
const passkeyFailed = "Your passkey did not sign you in. Try again, or use another way to sign in."
const notSetUp = "This app's sign-in is not set up correctly. Its developers can see the details."

const errors: ErrorMessages = {
  // the network and the service: the reasons of a StackTransportError
  ConnectionError: "We can't reach the sign-in service right now. Check your connection and try again.",
  OfflineError: "You are offline. Connect to the internet and try again.",
  TimeoutError: "The sign-in service took too long to answer. Please try again.",
  HttpError: "The sign-in service had a problem. Please try again in a moment.",
  DecodeError: "The sign-in service sent an answer we could not read. Please try again.",
  RedirectError: "The sign-in service sent us somewhere else, which we do not follow. Please try again later.",
  RetryAfterError: "The sign-in service is busy. Please try again in a little while.",
  ResponseTooLargeError: "The sign-in service sent an answer too large to read. Please try again.",
  ResponseLostError: "The answer was lost on the way, but the change may have been made. Check before trying again.",
  InvalidIdError: notSetUp,
  KnownError: "The sign-in service refused this request. Please try again.",
  UnknownErrorCode: "The sign-in service refused this request. Please try again.",
  // sign-in and sign-up
  EmailPasswordMismatch: "That e-mail and password do not match. Check them and try again.",
  PasswordAuthenticationNotEnabled: "Signing in with a password is turned off for this app.",
  MultiFactorAuthenticationRequired: "Enter the code from your authenticator app to finish signing in.",
  UserWithEmailAlreadyExists: "An account with this e-mail already exists. Sign in instead.",
  PasswordTooShort: "This password is too short: use at least 8 characters.",
  PasswordTooLong: "This password is too long: use at most 70 characters.",
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
  TeamNotFound: "This team no longer exists.",
  // account and team settings
  SchemaError: "Some of what you entered is not valid. Please check it and try again.",
  CannotGetOwnUserWithoutUser: "You are signed out. Sign in again to continue.",
  UserNotFound: "This account no longer exists.",
  EmailAlreadyVerified: "This address is already verified.",
  PasswordConfirmationMismatch: "Your current password is not right.",
  UserDoesNotHavePassword: "Your account has no password yet: set one instead.",
  PasskeyRegistrationFailed: "The passkey could not be added. Please try again.",
  CannotDeleteCurrentSession: "To end this session, sign out instead.",
  TeamMembershipNotFound: "You are not a member of this team any more.",
  TeamPermissionRequired: "You do not have permission to do that in this team.",
  OAuthProviderAccountIdAlreadyUsedForSignIn: "Another account already signs in with this provider account.",
  ApiKeyNotFound: "This API key no longer exists.",
  ApiKeyOwnerConflict: "This API key does not belong to you.",
  ClientUserDeletionNotEnabled: "This app does not let you delete your account yourself. Please contact its owner.",
  EmptyTeamName: "Enter a team name.",
  WrongTotpCode: "That code is not right. Enter the newest 6-digit code from your authenticator app.",
  NewPasswordsDiffer: "The new passwords do not match.",
  EmptyField: "This field is required.",
  ImageUnreadable: "That picture could not be read. Try a PNG or JPEG file."
}

/** Every text of the prebuilt components and handler pages. */
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
  },
  account: {
    pageTitle: "Account settings",
    navLabel: "Account settings",
    sections: {
      profile: "Profile",
      emails: "E-mail addresses",
      password: "Password",
      "two-factor": "Two-factor",
      passkeys: "Passkeys",
      "linked-accounts": "Linked accounts",
      sessions: "Sessions",
      "api-keys": "API keys",
      notifications: "Notifications",
      teams: "Teams",
      danger: "Danger zone"
    },
    actionsColumn: "Actions",
    save: "Save",
    saving: "Saving…",
    saved: "Saved.",
    justNow: "just now",
    useForSignIn: "Use for sign-in",
    remove: "Remove",
    revoke: "Revoke",
    signOut: "Sign out",
    lockout: "This is your last way to sign in. Add another way first (an address used for sign-in, a passkey or a linked account).",
    stillLoading: "Still loading your sign-in methods. Try again in a moment.",
    picture: {
      change: "Change picture",
      remove: "Remove picture"
    },
    profile: {
      title: "Profile",
      description: "How you appear to others in this app.",
      upload: "Upload a picture",
      you: "You",
      /** The primary e-mail line of the profile, with whether it is verified. */
      primaryEmail: (email: string | null, verified: boolean) =>
        email === null ? "Primary e-mail: none" : `Primary e-mail: ${email} (${verified ? "verified" : "not verified"})`,
      nameLabel: "Display name"
    },
    emails: {
      title: "E-mail addresses",
      description: "Addresses marked “Use for sign-in” can sign in to your account.",
      empty: "No e-mail address yet.",
      addressColumn: "Address",
      signInColumn: "Sign-in",
      primary: "Primary",
      verified: "Verified",
      unverified: "Not verified",
      verify: "Send verification e-mail",
      verificationSent: "Verification e-mail sent.",
      makePrimary: "Make primary",
      /** Asks to confirm removing an e-mail address. */
      removeTitle: (address: string) => `Remove ${address}?`,
      removeBodySignIn: "You will no longer be able to sign in with this address.",
      removeBody: "You will no longer get e-mails at this address.",
      removeConfirm: "Remove address",
      passwordNeeded: "This app signs in by e-mail only with a password: set one under Password.",
      addLabel: "Add an e-mail address",
      newLabel: "New e-mail address",
      add: "Add address",
      adding: "Adding…"
    },
    password: {
      title: "Password",
      changeDescription: "Change the password you sign in with.",
      setDescription: "Set a password to sign in with your e-mail address and a password.",
      changeLabel: "Change password",
      setLabel: "Set a password",
      currentLabel: "Current password",
      newLabel: "New password",
      repeatLabel: "Repeat the new password",
      change: "Change password",
      set: "Set password",
      saved: "Password saved."
    },
    twoFactor: {
      title: "Two-factor authentication",
      description: "Ask for a code from an authenticator app at every sign-in.",
      on: "On",
      off: "Off",
      onText: "Sign-ins ask for a code from your authenticator app.",
      offText: "Sign-ins do not ask for a second factor.",
      enabled: "Two-factor authentication is on.",
      setUp: "Set up two-factor authentication",
      scan: "Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).",
      typeKey: "Or type this key into the app:",
      enterCode: "Enter the 6-digit code the app shows to turn on two-factor authentication.",
      qrAlt: "QR code of the key for your authenticator app",
      confirmLabel: "Confirm two-factor authentication",
      codeLabel: "Code from your authenticator app",
      turnOn: "Turn on",
      turningOn: "Turning on…",
      turnOff: "Turn off",
      turnOffTitle: "Turn off two-factor authentication?",
      turnOffBody: "Sign-ins will no longer ask for a code from your authenticator app. Your account will be easier to take over if your password leaks."
    },
    passkeys: {
      title: "Passkeys",
      description: "Sign in with your fingerprint, face or device PIN instead of a password.",
      column: "Passkey",
      row: "Passkey sign-in",
      on: "On",
      none: "No passkey yet.",
      removeTitle: "Remove passkey sign-in?",
      removeBody: "You will no longer be able to sign in with a passkey. Your devices may still list the passkey: you can delete it there.",
      removeConfirm: "Remove passkey",
      add: "Add a passkey",
      adding: "Waiting for your device…",
      added: "Passkey added."
    },
    linked: {
      title: "Linked accounts",
      description: "Accounts from other services you can sign in with.",
      empty: "No linked accounts. Sign in with a provider to link one.",
      column: "Account",
      signInColumn: "Sign-in",
      unlink: "Unlink",
      /** Asks to confirm unlinking a provider. */
      unlinkTitle: (provider: string) => `Unlink your ${provider} account?`,
      /** What unlinking a provider means. */
      unlinkBody: (provider: string) => `You will no longer be able to sign in with ${provider}.`
    },
    sessions: {
      title: "Sessions",
      description: "Where you are signed in. Sign out the ones you do not know.",
      empty: "No sessions.",
      deviceColumn: "Device",
      signedInColumn: "Signed in",
      lastUsedColumn: "Last used",
      /** Names the session of the device in use. */
      thisDevice: (browser: string | undefined) => browser === undefined ? "This device" : `This device (${browser})`,
      otherDevice: "Another device",
      current: "Current",
      impersonation: "Impersonation",
      signedIn: "Signed in",
      lastUsed: "Last used",
      revokeTitle: "Sign out this session?",
      revokeBody: "The device using it will be signed out at its next request.",
      revokeConfirm: "Sign out session"
    },
    apiKeys: {
      title: "API keys",
      description: "Keys let programs act as you. Treat them like passwords.",
      empty: "No API keys yet.",
      keyColumn: "Key",
      createdColumn: "Created",
      statusColumn: "Status",
      untitled: "Untitled key",
      created: "Created",
      revoked: "Revoked",
      expired: "Expired",
      active: "Active",
      /** Asks to confirm revoking an API key. */
      revokeTitle: (description: string) => description === "" ? "Revoke this key?" : `Revoke “${description}”?`,
      revokeBody: "Programs using this key stop working at once. This cannot be undone.",
      revokeConfirm: "Revoke key",
      copyNow: "Copy your new key now: it is not shown again.",
      copy: "Copy",
      copied: "Copied.",
      copyFailed: "Copying failed: select the key and copy it.",
      dismiss: "I have copied it",
      createLabel: "Create an API key",
      descriptionLabel: "What is the key for?",
      create: "Create key",
      creating: "Creating…",
      hidden: "The new key's value is no longer shown."
    },
    notifications: {
      title: "Notifications",
      description: "Choose which e-mails you get.",
      empty: "No kinds of e-mail to choose from.",
      alwaysSent: "(always sent)"
    },
    teams: {
      title: "Teams",
      description: "The teams you belong to. The selected team is the one the app works in.",
      empty: "You are not in any team.",
      column: "Team",
      selected: "Selected",
      select: "Select",
      manage: "Manage",
      /** The label of the button that opens a team's settings. */
      manageLabel: (team: string) => `Manage ${team}`,
      back: "← All teams",
      createLabel: "Create a team",
      nameLabel: "New team name",
      create: "Create team",
      creating: "Creating…"
    },
    danger: {
      title: "Danger zone",
      description: "Leave this device, or your account for good.",
      deleteWarning: "Deleting your account removes your profile, e-mail addresses, sessions and team memberships. It cannot be undone.",
      delete: "Delete account",
      deleteTitle: "Delete your account for good?",
      deleteBody: "Your profile, e-mail addresses, sessions, API keys and team memberships are removed at once. This cannot be undone.",
      deleteConfirm: "Delete my account"
    },
    userButton: {
      loading: "Loading your account",
      signIn: "Sign in",
      fallbackName: "Account",
      /** The accessible name of the user button's menu. */
      menuLabel: (name: string) => `Account menu of ${name}`,
      accountSettings: "Account settings"
    },
    teamSwitcher: {
      label: "Team",
      loading: "Loading teams…",
      noTeams: "No team",
      noneSelected: "No team selected"
    }
  },
  team: {
    description: "Team settings",
    missing: "You are not a member of this team.",
    uploadPicture: "Upload a team picture",
    renameLabel: "Rename the team",
    nameLabel: "Team name",
    rename: "Rename",
    renamed: "Team renamed.",
    members: "Members",
    membersHidden: "You can see the member list once you have the permission to read members.",
    noMembers: "No members.",
    memberColumn: "Member",
    roleColumn: "Role",
    unnamedMember: "Unnamed member",
    you: "You",
    member: "Member",
    /** A member's permissions, listed. */
    can: (rights: string) => `Can: ${rights}`,
    /** Asks to confirm removing a member. */
    removeTitle: (name: string) => `Remove ${name} from the team?`,
    removeBody: "They lose access to the team at once.",
    removeConfirm: "Remove member",
    invitations: "Invitations",
    inviteLabel: "Invite someone to the team",
    inviteEmailLabel: "Invite by e-mail",
    invite: "Send invitation",
    inviting: "Sending…",
    /** After an invitation was sent. */
    invited: (email: string) => `Invitation sent to ${email}.`,
    noInvitations: "No pending invitations.",
    invitedColumn: "Invited",
    expiresColumn: "Expires",
    pending: "Pending",
    /** Asks to confirm withdrawing an invitation. */
    revokeTitle: (email: string) => `Revoke the invitation to ${email}?`,
    revokeBody: "The link in the e-mail will stop working.",
    revokeConfirm: "Revoke invitation",
    leaveOrDelete: "Leave or delete",
    leave: "Leave team",
    /** Asks to confirm leaving a team. */
    leaveTitle: (team: string) => `Leave ${team}?`,
    leaveBody: "You lose access to the team at once. Someone must invite you to join again.",
    delete: "Delete team",
    /** Asks to confirm deleting a team. */
    deleteTitle: (team: string) => `Delete ${team} for good?`,
    deleteBody: "Every member loses access, and the team's invitations and keys are removed. This cannot be undone."
  }
}

/** The messages table's shape. */
export type Messages = typeof defaultMessages

/** Any part of a table, at any depth (texts and text functions are replaced whole). */
export type DeepPartialMessages<T> = T extends string | ((...args: never) => unknown) ? T
  : { readonly [K in keyof T]?: DeepPartialMessages<T[K]> }

/** A partial table an app passes to override some texts (any depth). */
export type MessagesOverride = DeepPartialMessages<Messages>

const mergeDeep = (base: unknown, override: unknown): unknown => {
  if (typeof override !== "object" || override === null || typeof base !== "object" || base === null) return override
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [key, value] of Object.entries(override)) {
    if (value !== undefined) out[key] = mergeDeep(out[key], value)
  }
  return out
}

/** The table with an app's overrides applied (at any depth). */
export const mergeMessages = (base: Messages, override: MessagesOverride | undefined): Messages =>
  override === undefined ? base : mergeDeep(base, override) as Messages

const tagOf = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : undefined

/**
 * A failure's key in the error table ({@link ErrorKey}): a transport failure's reason `_tag`
 * (`TimeoutError`), any other failure's `_tag`; `undefined` for a value without one.
 */
export const errorKey = (error: unknown): string | undefined => {
  const tag = tagOf(error)
  return tag === "StackTransportError" ? tagOf((error as { readonly reason?: unknown }).reason) : tag
}

/** A failure's name for developers: its `_tag`, and a transport failure's reason (`StackTransportError (TimeoutError)`). */
export const errorLabel = (error: unknown): string | undefined => {
  const tag = tagOf(error)
  const key = errorKey(error)
  return key === tag || key === undefined ? tag : `${tag} (${key})`
}

/** The human sentence for a failure: by its key ({@link errorKey}), else the generic sentence. */
export const errorMessage = (messages: Messages, error: unknown): string => {
  const key = errorKey(error)
  const known = key === undefined ? undefined : (messages.errors as Readonly<Record<string, string>>)[key]
  return known ?? messages.unexpectedError
}

/** Whether a failure means the service could not be reached (offline, connection, timeout). */
export const isUnreachable = (error: unknown): boolean => {
  const key = errorKey(error)
  return key === "ConnectionError" || key === "OfflineError" || key === "TimeoutError"
}
