/**
 * Every route of the emulator, composed from the route modules (SPEC §7). A new resource adds its
 * module's `routes` list here (and a new OAuth grant its handler to `grants`).
 *
 * @since 0.1.0
 */
import type * as Router from "../Router.ts"
import * as AdminProjects from "./AdminProjects.ts"
import * as AiChat from "./AiChat.ts"
import * as Emails from "./Emails.ts"
import * as EmailTemplates from "./EmailTemplates.ts"
import * as InternalApiKeys from "./InternalApiKeys.ts"
import * as Metrics from "./Metrics.ts"
import * as OwnedProjects from "./OwnedProjects.ts"
import * as PermissionDefinitions from "./PermissionDefinitions.ts"
import * as Webhooks from "./Webhooks.ts"
import * as Anonymous from "./Anonymous.ts"
import * as ApiKeys from "./ApiKeys.ts"
import * as Cli from "./Cli.ts"
import * as ConnectedAccounts from "./ConnectedAccounts.ts"
import * as ContactChannels from "./ContactChannels.ts"
import * as FeatureSupport from "./FeatureSupport.ts"
import * as ApiRoot from "./ApiRoot.ts"
import * as Health from "./Health.ts"
import * as Mfa from "./Mfa.ts"
import * as Notifications from "./Notifications.ts"
import * as OAuth from "./OAuth.ts"
import * as OAuthProviders from "./OAuthProviders.ts"
import * as Otp from "./Otp.ts"
import * as Passkeys from "./Passkeys.ts"
import * as Password from "./Password.ts"
import * as PasswordReset from "./PasswordReset.ts"
import * as Permissions from "./Permissions.ts"
import * as Projects from "./Projects.ts"
import * as ServerSessions from "./ServerSessions.ts"
import * as Sessions from "./Sessions.ts"
import * as TeamInvitations from "./TeamInvitations.ts"
import * as TeamMemberProfiles from "./TeamMemberProfiles.ts"
import * as TeamMemberships from "./TeamMemberships.ts"
import * as Teams from "./Teams.ts"
import * as Tokens from "./Tokens.ts"
import * as Users from "./Users.ts"

/** The token endpoint's grants. SPEC §7 */
export const grants: Readonly<Record<string, Tokens.GrantHandler>> = {
  ...Tokens.defaultGrants,
  authorization_code: OAuth.authorizationCodeGrant
}

/** All routes of the service the emulator answers. SPEC §7 */
export const all: ReadonlyArray<Router.Route> = [
  ...Health.routes,
  ...ApiRoot.routes,
  ...Projects.routes,
  ...Password.routes,
  ...Anonymous.routes,
  ...Otp.routes,
  ...Mfa.routes,
  ...Cli.routes,
  ...OAuth.routes,
  ...Passkeys.routes,
  ...Sessions.routes,
  ...ServerSessions.routes,
  ...Users.routes,
  ...Teams.routes,
  ...TeamMemberships.routes,
  ...TeamMemberProfiles.routes,
  ...TeamInvitations.routes,
  ...Permissions.routes,
  ...ApiKeys.routes,
  ...PasswordReset.routes,
  ...ContactChannels.routes,
  ...Notifications.routes,
  ...ConnectedAccounts.routes,
  ...OAuthProviders.routes,
  ...FeatureSupport.routes,
  ...AdminProjects.routes,
  ...OwnedProjects.routes,
  ...InternalApiKeys.routes,
  ...PermissionDefinitions.routes,
  ...Emails.routes,
  ...EmailTemplates.routes,
  ...Metrics.routes,
  ...AiChat.routes,
  ...Webhooks.routes,
  Tokens.makeTokenRoute(grants),
  Tokens.jwksRoute
]
