/**
 * stack-auth-effect: an Effect 4 SDK for the Stack Auth REST protocol.
 *
 * Modules are namespaces: `Users.update`, `TokenStore.layerMemory`, `StackClientApp.layer`.
 *
 * @since 0.1.0
 */

// apps
export * as StackAdminApp from "./apps/StackAdminApp.ts"
export * as StackClientApp from "./apps/StackClientApp.ts"
export * as StackServerApp from "./apps/StackServerApp.ts"

// api
export * as Auth from "./api/Auth.ts"
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

// handler
export * as HandlerUrls from "./handler/HandlerUrls.ts"
export * as Redirects from "./handler/Redirects.ts"

// session
export * as AccessToken from "./session/AccessToken.ts"
export * as CookieStorage from "./session/CookieStorage.ts"
export * as Navigation from "./session/Navigation.ts"
export * as Session from "./session/Session.ts"
export * as TokenStore from "./session/TokenStore.ts"
export * as TokenStoreCookie from "./session/TokenStoreCookie.ts"

// transport
export * as Access from "./transport/Access.ts"
export * as Call from "./transport/Call.ts"
export * as HttpClientTransport from "./transport/HttpClientTransport.ts"
export * as HttpTransport from "./transport/HttpTransport.ts"
export * as StackConfig from "./transport/StackConfig.ts"
export * as StackHttp from "./transport/StackHttp.ts"
export * from "./transport/TransportErrors.ts"

// protocol
export * as AccessType from "./protocol/AccessType.ts"
export * as Headers from "./protocol/Headers.ts"
export * from "./protocol/KnownError.ts"
export * as KnownErrors from "./protocol/KnownErrors.ts"
