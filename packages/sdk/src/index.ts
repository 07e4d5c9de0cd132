/**
 * stack-auth-effect: an Effect 4 SDK for the Stack Auth REST protocol.
 *
 * Modules are namespaces: `Users.update`, `TokenStore.layerMemory`, `StackClientApp.layer`. Each
 * is also its own entry point, `import * as Users from "stack-auth-effect/Users"` (like
 * `effect/Effect`), the import style bundlers tree-shake best.
 *
 * @since 0.1.0
 * @module
 */

// apps
export * as StackAdminApp from "./apps/StackAdminApp.ts"
export * as StackClientApp from "./apps/StackClientApp.ts"
export * as StackServerApp from "./apps/StackServerApp.ts"

// api
export * as Auth from "./api/Auth.ts"
export * as CliAuth from "./api/CliAuth.ts"
export * as Mfa from "./api/Mfa.ts"
export * as OAuth from "./api/OAuth.ts"
export * as Passkeys from "./api/Passkeys.ts"
export * as SignInOutcome from "./api/SignInOutcome.ts"
export * as WebAuthn from "./api/WebAuthn.ts"
export * as Projects from "./api/Projects.ts"
export * as ApiKeys from "./api/ApiKeys.ts"
export * as Permissions from "./api/Permissions.ts"
export * as TeamInvitations from "./api/TeamInvitations.ts"
export * as TeamMemberProfiles from "./api/TeamMemberProfiles.ts"
export * as TeamMemberships from "./api/TeamMemberships.ts"
export * as Teams from "./api/Teams.ts"
export * as ConnectedAccounts from "./api/ConnectedAccounts.ts"
export * as ContactChannels from "./api/ContactChannels.ts"
export * as EmailVerification from "./api/EmailVerification.ts"
export * as Notifications from "./api/Notifications.ts"
export * as OAuthProviders from "./api/OAuthProviders.ts"
export * as Passwords from "./api/Passwords.ts"
export * as Users from "./api/Users.ts"
export * as AdminProjects from "./api/AdminProjects.ts"
export * as AiChat from "./api/AiChat.ts"
export * as Emails from "./api/Emails.ts"
export * as EmailTemplates from "./api/EmailTemplates.ts"
export * as InternalApiKeys from "./api/InternalApiKeys.ts"
export * as Metrics from "./api/Metrics.ts"
export * as OwnedProjects from "./api/OwnedProjects.ts"
export * as PermissionDefinitions from "./api/PermissionDefinitions.ts"
export * as ServerUsers from "./api/ServerUsers.ts"
export * as Sessions from "./api/Sessions.ts"
export * as Webhooks from "./api/Webhooks.ts"

// cache
export * as Queries from "./cache/Queries.ts"

// query
export * as QueryCache from "./query/QueryCache.ts"
export * as QueryCacheStreams from "./query/QueryCacheStreams.ts"

// handler
export * as HandlerUrls from "./handler/HandlerUrls.ts"
export * as Redirects from "./handler/Redirects.ts"

// platform: browser and Node specifics
export * as CookieStorage from "./platform/CookieStorage.ts"
export * as Navigation from "./platform/Navigation.ts"
export * as NodeHttpTransport from "./platform/NodeHttpTransport.ts"
export * as TokenStoreCookie from "./platform/TokenStoreCookie.ts"

// session
export * as AccessToken from "./session/AccessToken.ts"
export * as AuthHeaders from "./session/AuthHeaders.ts"
export * as Cookies from "./session/Cookies.ts"
export * as OwnerSession from "./session/OwnerSession.ts"
export * as Session from "./session/Session.ts"
export * as SessionStreams from "./session/SessionStreams.ts"
export * as TokenStore from "./session/TokenStore.ts"

// server: authenticating incoming requests (server-side only; never reached by the browser path)
export * as AccessTokenVerifier from "./server/AccessTokenVerifier.ts"
export * as AuthErrors from "./server/AuthErrors.ts"
export * as Credentials from "./server/Credentials.ts"
export * as CurrentUser from "./server/CurrentUser.ts"
export * as HttpApiAuth from "./server/HttpApiAuth.ts"
export * as HttpRouterAuth from "./server/HttpRouterAuth.ts"
export * as Jwks from "./server/Jwks.ts"
export * as RpcAuth from "./server/RpcAuth.ts"
export * as ServerAuth from "./server/ServerAuth.ts"

// transport
export * as Access from "./transport/Access.ts"
export * as Call from "./transport/Call.ts"
export * as HttpClientTransport from "./transport/HttpClientTransport.ts"
export * as HttpTransport from "./transport/HttpTransport.ts"
/** The bounds of every call (per-attempt timeout, deadline, body cap, `Retry-After` cap, retries) and `withLimits` for one effect's calls. */
export * as Limits from "./transport/Limits.ts"
export * as StackConfig from "./transport/StackConfig.ts"
export * as StackHttp from "./transport/StackHttp.ts"
export * as WriteObserver from "./transport/WriteObserver.ts"
export * from "./transport/TransportErrors.ts"

// protocol
export * as AccessType from "./protocol/AccessType.ts"
export * as Headers from "./protocol/Headers.ts"
export * from "./protocol/KnownError.ts"
export * as KnownErrors from "./protocol/KnownErrors.ts"
