/**
 * For every API function, the known errors its type declares are exactly the codes it refines at
 * run time. The type side: each entry lists the codes of the catalogue classes in the function's
 * error type, and `npm run typecheck` fails when the list and the type differ. The run side: the
 * function runs once for every code of the catalogue against a transport that answers its request
 * with that known error, and the codes that arrive as their own class (not the generic
 * `KnownError`) must be the listed ones. A class declared but not refined (`catchTag` would
 * silently miss it) or refined but not declared fails here.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as AiChat from "../../packages/sdk/src/api/AiChat.ts"
import * as ApiKeys from "../../packages/sdk/src/api/ApiKeys.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as CliAuth from "../../packages/sdk/src/api/CliAuth.ts"
import * as ConnectedAccounts from "../../packages/sdk/src/api/ConnectedAccounts.ts"
import * as ContactChannels from "../../packages/sdk/src/api/ContactChannels.ts"
import * as EmailTemplates from "../../packages/sdk/src/api/EmailTemplates.ts"
import * as EmailVerification from "../../packages/sdk/src/api/EmailVerification.ts"
import * as Emails from "../../packages/sdk/src/api/Emails.ts"
import * as InternalApiKeys from "../../packages/sdk/src/api/InternalApiKeys.ts"
import * as Metrics from "../../packages/sdk/src/api/Metrics.ts"
import * as Mfa from "../../packages/sdk/src/api/Mfa.ts"
import * as Notifications from "../../packages/sdk/src/api/Notifications.ts"
import * as OAuth from "../../packages/sdk/src/api/OAuth.ts"
import * as OAuthProviders from "../../packages/sdk/src/api/OAuthProviders.ts"
import * as OwnedProjects from "../../packages/sdk/src/api/OwnedProjects.ts"
import * as Passkeys from "../../packages/sdk/src/api/Passkeys.ts"
import * as Passwords from "../../packages/sdk/src/api/Passwords.ts"
import * as PermissionDefinitions from "../../packages/sdk/src/api/PermissionDefinitions.ts"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as Projects from "../../packages/sdk/src/api/Projects.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Sessions from "../../packages/sdk/src/api/Sessions.ts"
import * as SignInOutcome from "../../packages/sdk/src/api/SignInOutcome.ts"
import * as TeamInvitations from "../../packages/sdk/src/api/TeamInvitations.ts"
import * as TeamMemberProfiles from "../../packages/sdk/src/api/TeamMemberProfiles.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as WebAuthn from "../../packages/sdk/src/api/WebAuthn.ts"
import * as Webhooks from "../../packages/sdk/src/api/Webhooks.ts"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as Navigation from "../../packages/sdk/src/platform/Navigation.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"

// ----- the type side -----

/** The codes of the catalogue classes in an error union (the generic `KnownError` has no literal code). */
type CodeOf<E> = E extends { readonly code: infer C extends string } ? (string extends C ? never : C) : never

/** The codes a function's error type declares. */
// oxlint-disable-next-line no-explicit-any
type Declared<F> = F extends (...args: any) => Effect.Effect<any, infer E, any> ? CodeOf<E> : never

type Exact<Expected, Given> = [Exclude<Expected, Given>] extends [never] ? unknown
  : { readonly "declared but not listed": Exclude<Expected, Given> }

/** What an entry's run may use: the admin app (client session, server and admin access) and the browser services. */
type Needs = StackAdminApp.Services | WebAuthn.WebAuthn | Navigation.Navigation

/** One way to run a function: which request answers the error, and what the others answer. */
interface Variant {
  /** Runs the function; `code` is the one being answered (for the calls that read it from a URL). */
  readonly run?: ((code: string) => Effect.Effect<unknown, unknown, Needs>) | undefined
  /** The request that answers the error; every request by default. Others answer `otherBody`. */
  readonly target?: { readonly method: string; readonly path: RegExp } | undefined
  readonly otherBody?: unknown
  /** The declared codes only this run refines (a later request's); the main run must refine all others. */
  readonly only?: ReadonlyArray<string> | undefined
  /** Instead of `target`/`otherBody`: the answer to the `n`-th request (0-based), "error" for the code under test. */
  readonly answer?: ((n: number, method: string, path: string) => "error" | Answer) | undefined
}

/** A made-up answer: a body, and a known-error code when it is one. */
interface Answer {
  readonly status: number
  readonly body: unknown
  readonly code?: string | undefined
}

interface Entry extends Variant {
  readonly codes: ReadonlyArray<string>
  readonly run: (code: string) => Effect.Effect<unknown, unknown, Needs>
  /** More runs, for the codes of a later request (the union of all runs is compared). */
  readonly variants?: ReadonlyArray<Variant> | undefined
  /** Declared codes the function builds itself (not from an answer), with none refined for them. */
  readonly local?: ReadonlyArray<string> | undefined
  /** Codes not run, and why. */
  readonly skip?: { readonly codes: ReadonlyArray<string>; readonly reason: string } | undefined
  /** The function reads through the app's cache: each run waits out its throttle first (test clock). */
  readonly cached?: boolean | undefined
}

/** An entry whose `codes` must be exactly the codes `fn`'s type declares (checked by the compiler). */
// oxlint-disable-next-line no-explicit-any
const entry = <F extends (...args: any) => Effect.Effect<any, any, any>>(_fn: F) =>
  <const C extends ReadonlyArray<Declared<F>>>(
    codes: C & Exact<Declared<F>, C[number]>,
    run: (code: string) => Effect.Effect<unknown, unknown, Needs>,
    options: Omit<Entry, "codes" | "run"> = {}
  ): Entry => ({ codes, run, ...options })

// ----- inputs -----

const id = "3f1c2a4e-9d0b-4c6e-8a7f-1b2c3d4e5f60"
const url = "http://localhost:3000/handler/callback"
const password = Redacted.make("a-long-password-1")
const user = { primaryEmail: "a@example.com" }

/** The API functions that send no request typed by known errors, and why. */
const notCalls: Readonly<Record<string, string>> = {
  "AdminProjects.domainsFixUrl": "builds a URL",
  "AdminProjects.productionModeErrors": "pure check of a project",
  "AdminProjects.toWireUpdate": "encodes an input",
  "ApiKeys.isValid": "reads a key's dates",
  "ApiKeys.validity": "reads a key's dates",
  "Auth.magicLinkCode": "reads a URL",
  "CliAuth.loginUrl": "builds a URL",
  "InternalApiKeys.validity": "reads a key's dates",
  "InternalApiKeys.validityAt": "reads a key's dates",
  "Mfa.keepAttemptCode": "an operator on another call's failure",
  "Mfa.makeMemory": "a store",
  "Mfa.makeStorage": "a store",
  "OAuth.cleanRedirectUrl": "rewrites the page's URL",
  "OAuth.stateCookieName": "a name",
  "OAuth.getAuthorizationUrl": "builds a URL (no request)",
  "OAuth.signInWithRedirect": "navigates (no request)",
  "OwnedProjects.adminApp": "builds a Layer",
  "PermissionDefinitions.basePath": "a path",
  "ServerUsers.stream": "a Stream over ServerUsers.list (checked there)",
  "Sessions.actAs": "builds a Layer",
  "SignInOutcome.storeTokens": "stores tokens",
  "TeamInvitations.codeFromUrl": "reads a URL",
  "WebAuthn.fromCeremonyFailure": "maps a browser failure",
  "WebAuthn.isValidDomain": "a check"
}

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
const accessToken = `${b64({ alg: "none" })}.${b64({ sub: id, exp: 4_102_444_800, iat: 0 })}.sig`
const tokens = { accessToken, refreshToken: "refresh-token-value-0123456789" }
const mine = { userId: "me" } as const
const keyBody = { id, description: "d", created_at_millis: 0, is_public: false, value: { last_four: "abcd" } }
const sentinel = Passkeys.relyingPartyIdSentinel
const registration = {
  options_json: { rp: { id: sentinel, name: "p" }, user: { id: "dXNlcg", name: "u", displayName: "u" }, challenge: "Y2g", pubKeyCredParams: [] },
  code: "c"
}
const authentication = { options_json: { rpId: sentinel, challenge: "Y2g" }, code: "c" }
const noUser: Answer = { status: 400, body: { code: "CANNOT_GET_OWN_USER_WITHOUT_USER", error: "x" }, code: "CANNOT_GET_OWN_USER_WITHOUT_USER" }
const signedUp: Answer = { status: 200, body: { access_token: accessToken, refresh_token: "refresh-token-value-9876543210", user_id: id } }
/** Signed out: the anonymous sign-up answers the code, or succeeds and the user read after it answers the code. */
const anonymousVariants: ReadonlyArray<Variant> = [
  { only: ["ANONYMOUS_ACCOUNTS_NOT_ENABLED"], answer: (_n, method, path) => (method === "POST" && path.endsWith("/anonymous/sign-up") ? "error" : noUser) },
  { only: ["CANNOT_GET_OWN_USER_WITHOUT_USER"], answer: (n, method, path) => (method === "POST" && path.endsWith("/anonymous/sign-up") ? signedUp : n === 0 ? noUser : "error") }
]
const list = { items: [], is_paginated: false }

const entries: Readonly<Record<string, Entry>> = {
  "AdminProjects.get": entry(AdminProjects.get)([], () => AdminProjects.get()),
  "AdminProjects.getProductionModeErrors": entry(AdminProjects.getProductionModeErrors)([], () => AdminProjects.getProductionModeErrors()),
  "AdminProjects.remove": entry(AdminProjects.remove)([], () => AdminProjects.remove()),
  "AdminProjects.update": entry(AdminProjects.update)(["SCHEMA_ERROR"], () => AdminProjects.update({ displayName: "x" })),
  "AiChat.list": entry(AiChat.list)(["SCHEMA_ERROR"], () => AiChat.list("t")),
  "AiChat.save": entry(AiChat.save)(["SCHEMA_ERROR"], () => AiChat.save("t", {})),
  "AiChat.send": entry(AiChat.send)(["SCHEMA_ERROR"], () => AiChat.send("t", { contextType: "email-theme", messages: [{ role: "user", content: "x" }] })),
  "ApiKeys.check": entry(ApiKeys.check)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "WRONG_API_KEY_TYPE", "API_KEY_REVOKED", "API_KEY_EXPIRED"], () => ApiKeys.check("user", "key")),
  "ApiKeys.create": entry(ApiKeys.create)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"], () => ApiKeys.create({ ...mine, description: "d", expiresAt: undefined })),
  "ApiKeys.get": entry(ApiKeys.get)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"], () => ApiKeys.get(mine, id)),
  "ApiKeys.list": entry(ApiKeys.list)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"], () => ApiKeys.list(mine)),
  "ApiKeys.revoke": entry(ApiKeys.revoke)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"], () => ApiKeys.revoke(mine, id)),
  "ApiKeys.teamByApiKey": entry(ApiKeys.teamByApiKey)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "WRONG_API_KEY_TYPE", "API_KEY_REVOKED", "API_KEY_EXPIRED", "TEAM_NOT_FOUND"], () => ApiKeys.teamByApiKey("key"), { variants: [{ only: ["TEAM_NOT_FOUND"], target: { method: "GET", path: /\/teams\// }, otherBody: { ...keyBody, type: "team", team_id: id } }] }),
  "ApiKeys.update": entry(ApiKeys.update)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"], () => ApiKeys.update(mine, id, { description: "d" })),
  "ApiKeys.userByApiKey": entry(ApiKeys.userByApiKey)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND", "WRONG_API_KEY_TYPE", "API_KEY_REVOKED", "API_KEY_EXPIRED", "USER_NOT_FOUND"], () => ApiKeys.userByApiKey("key"), { variants: [{ only: ["USER_NOT_FOUND"], target: { method: "GET", path: /\/users\// }, otherBody: { ...keyBody, type: "user", user_id: id } }] }),
  "Auth.sendSignInCode": entry(Auth.sendSignInCode)(["SCHEMA_ERROR", "REDIRECT_URL_NOT_WHITELISTED", "SIGN_UP_NOT_ENABLED", "USER_EMAIL_ALREADY_EXISTS"], () => Auth.sendSignInCode({ email: "a@example.com", callbackUrl: url })),
  "Auth.signInWithCode": entry(Auth.signInWithCode)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED"], () => Auth.signInWithCode("c")),
  "Auth.signInWithMagicLinkCallback": entry(Auth.signInWithMagicLinkCallback)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED"], () => Auth.signInWithMagicLinkCallback(`${url}?code=c`)),
  "Auth.signInWithOtp": entry(Auth.signInWithOtp)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED"], () => Auth.signInWithOtp({ otp: "ABCDEF", nonce: "n" })),
  "Auth.signInWithPassword": entry(Auth.signInWithPassword)(["SCHEMA_ERROR", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "EMAIL_PASSWORD_MISMATCH", "PASSWORD_AUTHENTICATION_NOT_ENABLED"], () => Auth.signInWithPassword({ email: "a@example.com", password: "p" })),
  "Auth.signOut": entry(Auth.signOut)([], () => Auth.signOut()),
  "Auth.signUpAnonymously": entry(Auth.signUpAnonymously)(["ANONYMOUS_ACCOUNTS_NOT_ENABLED"], () => Auth.signUpAnonymously()),
  "Auth.signUpWithPassword": entry(Auth.signUpWithPassword)(["SCHEMA_ERROR", "REDIRECT_URL_NOT_WHITELISTED", "SIGN_UP_NOT_ENABLED", "USER_EMAIL_ALREADY_EXISTS", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "PASSWORD_AUTHENTICATION_NOT_ENABLED", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"], () => Auth.signUpWithPassword({ email: "a@example.com", password: "p", verificationCallbackUrl: url })),
  "CliAuth.completeCliLogin": entry(CliAuth.completeCliLogin)(["SCHEMA_ERROR"], () => CliAuth.completeCliLogin("c")),
  "CliAuth.promptCliLogin": entry(CliAuth.promptCliLogin)(["CLI_AUTH_EXPIRED_ERROR", "CLI_AUTH_USED_ERROR", "INVALID_POLLING_CODE"], () => CliAuth.promptCliLogin({ appUrl: "http://localhost:3000", maxAttempts: 1, waitMillis: 0 }), { local: ["CLI_AUTH_EXPIRED_ERROR", "CLI_AUTH_USED_ERROR"], variants: [{ only: ["INVALID_POLLING_CODE"], target: { method: "POST", path: /\/auth\/cli\/poll$/ }, otherBody: { polling_code: "p", login_code: "l" } }] }),
  "ConnectedAccounts.getAccessToken": entry(ConnectedAccounts.getAccessToken)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"], () => ConnectedAccounts.getAccessToken("github")),
  "ConnectedAccounts.getAccessTokenForUser": entry(ConnectedAccounts.getAccessTokenForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND", "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"], () => ConnectedAccounts.getAccessTokenForUser(id, "github")),
  "ContactChannels.create": entry(ContactChannels.create)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"], () => ContactChannels.create({ type: "email", value: "b@example.com", usedForAuth: false })),
  "ContactChannels.createForUser": entry(ContactChannels.createForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"], () => ContactChannels.createForUser(id, { type: "email", value: "b@example.com", usedForAuth: false })),
  "ContactChannels.list": entry(ContactChannels.list)(["CANNOT_GET_OWN_USER_WITHOUT_USER"], () => ContactChannels.list()),
  "ContactChannels.listForUser": entry(ContactChannels.listForUser)(["SCHEMA_ERROR"], () => ContactChannels.listForUser(id)),
  "ContactChannels.remove": entry(ContactChannels.remove)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => ContactChannels.remove(id)),
  "ContactChannels.removeForUser": entry(ContactChannels.removeForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => ContactChannels.removeForUser(id, id)),
  "ContactChannels.sendVerificationCode": entry(ContactChannels.sendVerificationCode)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "REDIRECT_URL_NOT_WHITELISTED", "EMAIL_ALREADY_VERIFIED"], () => ContactChannels.sendVerificationCode(id, { callbackUrl: url })),
  "ContactChannels.sendVerificationCodeForUser": entry(ContactChannels.sendVerificationCodeForUser)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "REDIRECT_URL_NOT_WHITELISTED", "EMAIL_ALREADY_VERIFIED", "USER_ID_DOES_NOT_EXIST"], () => ContactChannels.sendVerificationCodeForUser(id, id, { callbackUrl: url })),
  "ContactChannels.update": entry(ContactChannels.update)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"], () => ContactChannels.update(id, { value: "c@example.com" })),
  "ContactChannels.updateForUser": entry(ContactChannels.updateForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"], () => ContactChannels.updateForUser(id, id, { isVerified: true })),
  "EmailTemplates.createTemplate": entry(EmailTemplates.createTemplate)(["SCHEMA_ERROR"], () => EmailTemplates.createTemplate("t")),
  "EmailTemplates.createTheme": entry(EmailTemplates.createTheme)(["SCHEMA_ERROR"], () => EmailTemplates.createTheme("t")),
  "EmailTemplates.getTheme": entry(EmailTemplates.getTheme)(["SCHEMA_ERROR"], () => EmailTemplates.getTheme(id)),
  "EmailTemplates.listTemplates": entry(EmailTemplates.listTemplates)(["SCHEMA_ERROR"], () => EmailTemplates.listTemplates()),
  "EmailTemplates.listThemes": entry(EmailTemplates.listThemes)(["SCHEMA_ERROR"], () => EmailTemplates.listThemes()),
  "EmailTemplates.updateTemplate": entry(EmailTemplates.updateTemplate)(["SCHEMA_ERROR", "REQUIRES_CUSTOM_EMAIL_SERVER", "EMAIL_RENDERING_ERROR"], () => EmailTemplates.updateTemplate(id, { tsxSource: "x" })),
  "EmailTemplates.updateTheme": entry(EmailTemplates.updateTheme)(["SCHEMA_ERROR", "EMAIL_RENDERING_ERROR"], () => EmailTemplates.updateTheme(id, "x")),
  "EmailVerification.send": entry(EmailVerification.send)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "REDIRECT_URL_NOT_WHITELISTED", "EMAIL_ALREADY_VERIFIED", "EMAIL_IS_NOT_PRIMARY_EMAIL"], () => EmailVerification.send({ user, callbackUrl: url }), { variants: [{ only: ["CANNOT_GET_OWN_USER_WITHOUT_USER"], run: () => EmailVerification.send({ callbackUrl: url }) }] }),
  "EmailVerification.verify": entry(EmailVerification.verify)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"], () => EmailVerification.verify("c")),
  "Emails.listSent": entry(Emails.listSent)([], () => Emails.listSent()),
  "Emails.render": entry(Emails.render)(["SCHEMA_ERROR", "EMAIL_RENDERING_ERROR"], () => Emails.render({ themeId: id, templateId: id })),
  "Emails.send": entry(Emails.send)(["SCHEMA_ERROR"], () => Emails.send({ userIds: [id], subject: "s", html: "<p>h</p>", notificationCategoryName: "Transactional" })),
  "Emails.sendSignInInvitation": entry(Emails.sendSignInInvitation)(["SCHEMA_ERROR", "REDIRECT_URL_NOT_WHITELISTED"], () => Emails.sendSignInInvitation({ email: "a@example.com", callbackUrl: url })),
  "Emails.sendTestEmail": entry(Emails.sendTestEmail)(["SCHEMA_ERROR"], () => Emails.sendTestEmail({ recipientEmail: "a@example.com", emailConfig: { host: "h", port: 587, username: "u", password: "p", senderName: "s", senderEmail: "s@example.com" } })),
  "InternalApiKeys.create": entry(InternalApiKeys.create)(["SCHEMA_ERROR"], () => InternalApiKeys.create({ description: "d", expiresAt: new Date(0), hasPublishableClientKey: true, hasSecretServerKey: false, hasSuperSecretAdminKey: false })),
  "InternalApiKeys.get": entry(InternalApiKeys.get)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND"], () => InternalApiKeys.get(id)),
  "InternalApiKeys.list": entry(InternalApiKeys.list)([], () => InternalApiKeys.list()),
  "InternalApiKeys.revoke": entry(InternalApiKeys.revoke)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND"], () => InternalApiKeys.revoke(id)),
  "InternalApiKeys.update": entry(InternalApiKeys.update)(["SCHEMA_ERROR", "API_KEY_NOT_FOUND"], () => InternalApiKeys.update(id, { description: "d" })),
  "Metrics.get": entry(Metrics.get)(["SCHEMA_ERROR"], () => Metrics.get()),
  "Mfa.signInWithMfa": entry(Mfa.signInWithMfa)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED", "INVALID_TOTP_CODE"], () => Mfa.signInWithMfa({ totp: "123456", attemptCode: "a" })),
  "Notifications.list": entry(Notifications.list)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Notifications.list()),
  "Notifications.listForUser": entry(Notifications.listForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => Notifications.listForUser(id)),
  "Notifications.setEnabled": entry(Notifications.setEnabled)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Notifications.setEnabled(id, true)),
  "Notifications.setEnabledForUser": entry(Notifications.setEnabledForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => Notifications.setEnabledForUser(id, id, true)),
  "OAuth.handleCallback": entry(OAuth.handleCallback)(["SIGN_UP_NOT_ENABLED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", "INVALID_AUTHORIZATION_CODE", "INVALID_OAUTH_CLIENT_ID_OR_SECRET", "OUTER_OAUTH_TIMEOUT", "OAUTH_PROVIDER_ACCESS_DENIED", "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER"], (code) => OAuth.handleCallback(`${url}?errorCode=${code}`)),
  "OAuthProviders.create": entry(OAuthProviders.create)(["SCHEMA_ERROR", "USER_NOT_FOUND", "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"], () => OAuthProviders.create({ userId: id, providerConfigId: "github", accountId: "1", email: "a@example.com", allowSignIn: true, allowConnectedAccounts: true })),
  "OAuthProviders.get": entry(OAuthProviders.get)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => OAuthProviders.get(id)),
  "OAuthProviders.getForUser": entry(OAuthProviders.getForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => OAuthProviders.getForUser(id, id)),
  "OAuthProviders.list": entry(OAuthProviders.list)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => OAuthProviders.list()),
  "OAuthProviders.listForUser": entry(OAuthProviders.listForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => OAuthProviders.listForUser(id)),
  "OAuthProviders.remove": entry(OAuthProviders.remove)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => OAuthProviders.remove(id)),
  "OAuthProviders.removeForUser": entry(OAuthProviders.removeForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => OAuthProviders.removeForUser(id, id)),
  "OAuthProviders.update": entry(OAuthProviders.update)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"], () => OAuthProviders.update(id, { allowSignIn: false })),
  "OAuthProviders.updateForUser": entry(OAuthProviders.updateForUser)(["SCHEMA_ERROR", "USER_NOT_FOUND", "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"], () => OAuthProviders.updateForUser(id, id, { allowSignIn: false })),
  "OwnedProjects.create": entry(OwnedProjects.create)(["SCHEMA_ERROR", "USER_AUTHENTICATION_REQUIRED", "EXPECTED_INTERNAL_PROJECT"], () => OwnedProjects.create({ displayName: "p" })),
  "OwnedProjects.list": entry(OwnedProjects.list)(["USER_AUTHENTICATION_REQUIRED", "EXPECTED_INTERNAL_PROJECT"], () => OwnedProjects.list()),
  "Passkeys.register": entry(Passkeys.register)(["SCHEMA_ERROR", "USER_AUTHENTICATION_REQUIRED", "VERIFICATION_CODE_EXPIRED", "PASSKEY_REGISTRATION_FAILED", "PASSKEY_AUTHENTICATION_NOT_ENABLED"], () => Passkeys.register(), { variants: [{ only: ["VERIFICATION_CODE_EXPIRED", "PASSKEY_REGISTRATION_FAILED"], target: { method: "POST", path: /\/passkey\/register$/ }, otherBody: registration }] }),
  "Passkeys.signIn": entry(Passkeys.signIn)(["VERIFICATION_CODE_EXPIRED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "PASSKEY_AUTHENTICATION_NOT_ENABLED", "PASSKEY_AUTHENTICATION_FAILED"], () => Passkeys.signIn(), { variants: [{ only: ["VERIFICATION_CODE_EXPIRED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "PASSKEY_AUTHENTICATION_FAILED"], target: { method: "POST", path: /\/passkey\/sign-in$/ }, otherBody: authentication }] }),
  "Passwords.checkResetCode": entry(Passwords.checkResetCode)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"], () => Passwords.checkResetCode("c")),
  "Passwords.reset": entry(Passwords.reset)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED", "PASSWORD_AUTHENTICATION_NOT_ENABLED", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"], () => Passwords.reset({ code: "c", password })),
  "Passwords.sendResetCode": entry(Passwords.sendResetCode)(["SCHEMA_ERROR", "REDIRECT_URL_NOT_WHITELISTED", "PASSWORD_AUTHENTICATION_NOT_ENABLED"], () => Passwords.sendResetCode({ email: "a@example.com", callbackUrl: url })),
  "Passwords.set": entry(Passwords.set)(["SCHEMA_ERROR", "PASSWORD_AUTHENTICATION_NOT_ENABLED", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"], () => Passwords.set({ password })),
  "Passwords.update": entry(Passwords.update)(["SCHEMA_ERROR", "PASSWORD_AUTHENTICATION_NOT_ENABLED", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_CONFIRMATION_MISMATCH", "USER_DOES_NOT_HAVE_PASSWORD"], () => Passwords.update({ oldPassword: password, newPassword: password })),
  "PermissionDefinitions.create": entry(PermissionDefinitions.create)(["SCHEMA_ERROR", "PERMISSION_ID_ALREADY_EXISTS", "CONTAINED_PERMISSION_NOT_FOUND"], () => PermissionDefinitions.create("team", { id: "p" })),
  "PermissionDefinitions.list": entry(PermissionDefinitions.list)(["SCHEMA_ERROR"], () => PermissionDefinitions.list("team")),
  "PermissionDefinitions.remove": entry(PermissionDefinitions.remove)(["SCHEMA_ERROR", "PERMISSION_NOT_FOUND"], () => PermissionDefinitions.remove("team", "p")),
  "PermissionDefinitions.update": entry(PermissionDefinitions.update)(["SCHEMA_ERROR", "PERMISSION_ID_ALREADY_EXISTS", "CONTAINED_PERMISSION_NOT_FOUND", "PERMISSION_NOT_FOUND"], () => PermissionDefinitions.update("team", "p", { description: "d" }), {
    target: { method: "PATCH", path: /permission-definitions\/p$/ },
    otherBody: list
  }),
  "Permissions.grantProject": entry(Permissions.grantProject)(["SCHEMA_ERROR", "USER_NOT_FOUND", "PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE"], () => Permissions.grantProject(id, "p")),
  "Permissions.grantTeam": entry(Permissions.grantTeam)(["SCHEMA_ERROR", "USER_NOT_FOUND", "PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE", "TEAM_MEMBERSHIP_NOT_FOUND"], () => Permissions.grantTeam(id, id, "p")),
  "Permissions.hasProjectPermission": entry(Permissions.hasProjectPermission)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Permissions.hasProjectPermission("p")),
  "Permissions.hasTeamPermission": entry(Permissions.hasTeamPermission)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Permissions.hasTeamPermission(id, "p")),
  "Permissions.listProject": entry(Permissions.listProject)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Permissions.listProject()),
  "Permissions.listProjectAsServer": entry(Permissions.listProjectAsServer)(["SCHEMA_ERROR"], () => Permissions.listProjectAsServer({ userId: id })),
  "Permissions.listTeam": entry(Permissions.listTeam)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Permissions.listTeam(id)),
  "Permissions.listTeamAsServer": entry(Permissions.listTeamAsServer)(["SCHEMA_ERROR"], () => Permissions.listTeamAsServer({ teamId: id, userId: id })),
  "Permissions.revokeProject": entry(Permissions.revokeProject)(["SCHEMA_ERROR", "USER_NOT_FOUND", "PERMISSION_NOT_FOUND"], () => Permissions.revokeProject(id, "p")),
  "Permissions.revokeTeam": entry(Permissions.revokeTeam)(["SCHEMA_ERROR", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_NOT_FOUND"], () => Permissions.revokeTeam(id, id, "p")),
  "Projects.checkFeatureSupport": entry(Projects.checkFeatureSupport)(["SCHEMA_ERROR"], () => Projects.checkFeatureSupport({ name: "x" })),
  "Projects.getCurrent": entry(Projects.getCurrent)([], () => Projects.getCurrent()),
  "ServerUsers.create": entry(ServerUsers.create)(["SCHEMA_ERROR", "USER_EMAIL_ALREADY_EXISTS", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"], () => ServerUsers.create({ displayName: "u" })),
  "ServerUsers.get": entry(ServerUsers.get)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => ServerUsers.get(id)),
  "ServerUsers.list": entry(ServerUsers.list)(["SCHEMA_ERROR"], () => ServerUsers.list()),
  "ServerUsers.remove": entry(ServerUsers.remove)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => ServerUsers.remove(id)),
  "ServerUsers.update": entry(ServerUsers.update)(["SCHEMA_ERROR", "USER_NOT_FOUND", "USER_EMAIL_ALREADY_EXISTS", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "TEAM_MEMBERSHIP_NOT_FOUND"], () => ServerUsers.update(id, { displayName: "u" })),
  "Sessions.create": entry(Sessions.create)(["SCHEMA_ERROR", "USER_ID_DOES_NOT_EXIST"], () => Sessions.create({ userId: id })),
  "Sessions.list": entry(Sessions.list)(["SCHEMA_ERROR"], () => Sessions.list(id)),
  "Sessions.listMine": entry(Sessions.listMine)(["CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Sessions.listMine()),
  "Sessions.revoke": entry(Sessions.revoke)(["SCHEMA_ERROR"], () => Sessions.revoke(id, id)),
  "Sessions.revokeMine": entry(Sessions.revokeMine)(["SCHEMA_ERROR", "CANNOT_DELETE_CURRENT_SESSION"], () => Sessions.revokeMine(id)),
  "TeamInvitations.accept": entry(TeamInvitations.accept)(["SCHEMA_ERROR", "USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"], () => TeamInvitations.accept("c")),
  "TeamInvitations.check": entry(TeamInvitations.check)(["SCHEMA_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"], () => TeamInvitations.check("c")),
  "TeamInvitations.details": entry(TeamInvitations.details)(["SCHEMA_ERROR", "USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"], () => TeamInvitations.details("c")),
  "TeamInvitations.list": entry(TeamInvitations.list)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => TeamInvitations.list(id)),
  "TeamInvitations.revoke": entry(TeamInvitations.revoke)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => TeamInvitations.revoke(id, id)),
  "TeamInvitations.send": entry(TeamInvitations.send)(["SCHEMA_ERROR", "USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "REDIRECT_URL_NOT_WHITELISTED", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => TeamInvitations.send({ teamId: id, email: "a@example.com", callbackUrl: url })),
  "TeamMemberProfiles.get": entry(TeamMemberProfiles.get)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => TeamMemberProfiles.get(id)),
  "TeamMemberProfiles.list": entry(TeamMemberProfiles.list)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_NOT_FOUND", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => TeamMemberProfiles.list({ teamId: id })),
  "TeamMemberProfiles.update": entry(TeamMemberProfiles.update)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND"], () => TeamMemberProfiles.update(id, { displayName: "d" })),
  "TeamMemberships.add": entry(TeamMemberships.add)(["SCHEMA_ERROR", "TEAM_NOT_FOUND", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_ALREADY_EXISTS"], () => TeamMemberships.add(id, id)),
  "TeamMemberships.leave": entry(TeamMemberships.leave)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_MEMBERSHIP_NOT_FOUND"], () => TeamMemberships.leave(id)),
  "TeamMemberships.remove": entry(TeamMemberships.remove)(["SCHEMA_ERROR", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND"], () => TeamMemberships.remove(id, id)),
  "TeamMemberships.removeMember": entry(TeamMemberships.removeMember)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => TeamMemberships.removeMember(id, id)),
  "Teams.create": entry(Teams.create)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "TEAM_MEMBERSHIP_NOT_FOUND"], () => Teams.create({ displayName: "t" }), { variants: [{ only: ["TEAM_MEMBERSHIP_NOT_FOUND"], target: { method: "PATCH", path: /\/users\/me$/ }, otherBody: { id, display_name: "t", profile_image_url: null } }] }),
  "Teams.createAsServer": entry(Teams.createAsServer)(["SCHEMA_ERROR", "USER_NOT_FOUND"], () => Teams.createAsServer({ displayName: "t" })),
  "Teams.get": entry(Teams.get)(["SCHEMA_ERROR", "TEAM_NOT_FOUND"], () => Teams.get(id)),
  "Teams.list": entry(Teams.list)(["CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Teams.list()),
  "Teams.listAll": entry(Teams.listAll)(["SCHEMA_ERROR"], () => Teams.listAll()),
  "Teams.listUsers": entry(Teams.listUsers)(["SCHEMA_ERROR"], () => Teams.listUsers(id)),
  "Teams.remove": entry(Teams.remove)(["SCHEMA_ERROR", "USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => Teams.remove(id)),
  "Teams.removeAsServer": entry(Teams.removeAsServer)(["SCHEMA_ERROR", "TEAM_NOT_FOUND"], () => Teams.removeAsServer(id)),
  "Teams.select": entry(Teams.select)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_MEMBERSHIP_NOT_FOUND"], () => Teams.select(id)),
  "Teams.update": entry(Teams.update)(["SCHEMA_ERROR", "USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"], () => Teams.update(id, { displayName: "t" })),
  "Teams.updateAsServer": entry(Teams.updateAsServer)(["SCHEMA_ERROR", "TEAM_NOT_FOUND"], () => Teams.updateAsServer(id, { displayName: "t" })),
  "Users.deleteCurrent": entry(Users.deleteCurrent)(["CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Users.deleteCurrent()),
  "Users.getCurrent": entry(Users.getCurrent)(["CANNOT_GET_OWN_USER_WITHOUT_USER"], () => Users.getCurrent()),
  "Users.getUser": entry(Users.getUser)(["CANNOT_GET_OWN_USER_WITHOUT_USER", "ANONYMOUS_ACCOUNTS_NOT_ENABLED"], () => Users.getUser({ or: "anonymous" }), { cached: true, variants: anonymousVariants }),
  "Users.getUserOrAnonymous": entry(Users.getUserOrAnonymous)(["CANNOT_GET_OWN_USER_WITHOUT_USER", "ANONYMOUS_ACCOUNTS_NOT_ENABLED"], () => Users.getUserOrAnonymous(), { cached: true, variants: anonymousVariants }),
  "Users.getUserOrNull": entry(Users.getUserOrNull)([], () => Users.getUserOrNull(), { cached: true }),
  "Users.getUserOrRedirect": entry(Users.getUserOrRedirect)([], () => Users.getUserOrRedirect(), {
    cached: true,
    skip: { codes: ["CANNOT_GET_OWN_USER_WITHOUT_USER"], reason: "signed out, it redirects (test/api/Users.test.ts)" }
  }),
  "Users.getUserOrThrow": entry(Users.getUserOrThrow)([], () => Users.getUserOrThrow(), { cached: true }),
  "Users.update": entry(Users.update)(["SCHEMA_ERROR", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_MEMBERSHIP_NOT_FOUND"], () => Users.update({ displayName: "u" })),
  "Webhooks.createSvixToken": entry(Webhooks.createSvixToken)([], () => Webhooks.createSvixToken())
}

// ----- the run side -----

type Catalogued = { readonly code: string; readonly status?: number; readonly name: string }
const catalogue: ReadonlyArray<Catalogued> = Object.values(KnownErrors).filter(
  (value): value is Catalogued & typeof value =>
    typeof value === "function" && typeof (value as { code?: unknown }).code === "string" &&
    typeof (value as { fromWire?: unknown }).fromWire === "function"
)

/** Codes the session answers itself (refresh and retry, or sign-out): not a call's to refine. */
const sessionCodes = new Set([...Session.invalidAccessTokenCodes, ...Session.invalidAdminAccessTokenCodes])


let answering: { readonly code: string; readonly status: number } = { code: "", status: 400 }
let current: Variant = {}

let sent = 0

const respond = (answer: Answer) =>
  new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { "content-type": "application/json", ...(answer.code === undefined ? {} : { "x-stack-known-error": answer.code }) }
  })

const fetchStub: typeof globalThis.fetch = async (input, init) => {
  const request = new Request(input, init)
  const path = new URL(request.url).pathname
  const error = { status: answering.status, body: { code: answering.code, error: answering.code, details: {} }, code: answering.code }
  if (current.answer !== undefined) {
    const chosen = current.answer(sent++, request.method, path)
    return respond(chosen === "error" ? error : chosen)
  }
  const target = current.target
  if (target === undefined || (request.method === target.method && target.path.test(path))) return respond(error)
  return respond({ status: 200, body: current.otherBody ?? {} })
}

/** Ceremonies that succeed with a made-up credential: the service (here the stub) judges it. */
const webAuthnStub = Layer.succeed(WebAuthn.WebAuthn, WebAuthn.WebAuthn.of({
  isSupported: Effect.succeed(true),
  hostname: Effect.succeed("localhost"),
  // oxlint-disable-next-line no-explicit-any
  startRegistration: () => Effect.succeed({ id: "c", rawId: "c", type: "public-key", response: {}, clientExtensionResults: {} } as any),
  // oxlint-disable-next-line no-explicit-any
  startAuthentication: () => Effect.succeed({ id: "c", rawId: "c", type: "public-key", response: {}, clientExtensionResults: {} } as any)
}))

const keys = { projectId: "proj-1", publishableClientKey: "pck_abc", secretServerKey: "ssk_def", superSecretAdminKey: "sak_ghi" }
const app = StackAdminApp.layer({
  ...keys,
  baseUrl: "http://stack.test",
  retry: { attempts: 1 },
  tokenStore: Layer.orDie(TokenStore.layerExplicit(tokens))
}).pipe(
  Layer.merge(webAuthnStub),
  Layer.merge(Navigation.layerNoop),
  Layer.merge(Mfa.layerMemory),
  Layer.provideMerge(HttpTransport.layerFetch(fetchStub)),
  Layer.orDie
)

/** Whether a run's failure is `code` as its own class. */
const refines = (exit: Exit.Exit<unknown, unknown>, code: string): boolean => {
  if (exit._tag !== "Failure") return false
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail") as { readonly error?: { readonly _tag?: string; readonly code?: string } } | undefined
  return failure?.error !== undefined && failure.error._tag !== "KnownError" && failure.error.code === code
}

/** The codes each run of `entry` refines (its main run first): those that arrive as their own class. */
const refinedCodes = (entry: Entry) =>
  Effect.gen(function*() {
    const perRun: Array<ReadonlyArray<string>> = []
    for (const variant of [entry, ...(entry.variants ?? [])]) {
      current = variant
      const run = variant.run ?? entry.run
      const refined: Array<string> = []
      for (const known of catalogue) {
        if (sessionCodes.has(known.code) || (entry.skip?.codes ?? []).includes(known.code)) continue
        sent = 0
        answering = { code: known.code, status: known.status ?? 400 }
        if (entry.cached === true) yield* TestClock.adjust("1 minute")
        yield* Session.Session.use((session) => session.setTokens(tokens))
        const exit = yield* Effect.exit(run(known.code))
        if (refines(exit, known.code)) refined.push(known.code)
      }
      perRun.push(refined)
    }
    return perRun
  })

describe("declared failures and refined codes", () => {
  it("every exported API function has an entry here, or a reason it sends no typed request", async () => {
    const modules = {
      AdminProjects, AiChat, ApiKeys, Auth, CliAuth, ConnectedAccounts, ContactChannels, EmailTemplates, EmailVerification,
      Emails, InternalApiKeys, Metrics, Mfa, Notifications, OAuth, OAuthProviders, OwnedProjects, Passkeys, Passwords,
      PermissionDefinitions, Permissions, Projects, ServerUsers, Sessions, SignInOutcome, TeamInvitations, TeamMemberProfiles,
      TeamMemberships, Teams, Users, WebAuthn, Webhooks
    }
    const { readdirSync } = await import("node:fs")
    const files = readdirSync(new URL("../../packages/sdk/src/api/", import.meta.url)).filter((f) => f.endsWith(".ts")).map((f) => f.slice(0, -3))
    assert.sameMembers(Object.keys(modules), files, "a new API module: add it to this test")
    const functions = Object.entries(modules).flatMap(([name, module]) =>
      Object.entries(module).filter(([key, value]) => typeof value === "function" && !/^[A-Z]/.test(key)).map(([key]) => `${name}.${key}`))
    const covered = new Set([...Object.keys(entries), ...Object.keys(notCalls)])
    assert.deepStrictEqual(functions.filter((f) => !covered.has(f)), [], "API functions without an entry")
  })

  it.layer(app)((it) => {
    for (const [name, e] of Object.entries(entries)) {
      it.effect(`${name} refines exactly the codes it declares`, () =>
        Effect.gen(function*() {
          const perRun = yield* refinedCodes(e)
          const refined = [...new Set(perRun.flat())]
          const declared = e.codes.filter((code) =>
            !sessionCodes.has(code) && !(e.local ?? []).includes(code) && !(e.skip?.codes ?? []).includes(code))
          assert.sameMembers(refined, declared, `${name}: refined ${JSON.stringify(refined)}, declared ${JSON.stringify(declared)}`)
          // each code from the request that really answers it: a later request's codes are its run's only
          const later = (e.variants ?? []).flatMap((v) => v.only ?? [])
          const main = declared.filter((code) => !later.includes(code))
          assert.includeMembers([...perRun[0]!], main, `${name}: its main request refines ${JSON.stringify(perRun[0])}`)
          ;(e.variants ?? []).forEach((v, i) => assert.includeMembers([...perRun[i + 1]!], [...(v.only ?? [])], `${name}: run ${i + 1}`))
        }))
    }
  })
})
