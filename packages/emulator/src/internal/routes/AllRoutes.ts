/**
 * Every route of the emulator, composed from the route modules. A new resource adds its
 * module's `routes` list here (and a new OAuth grant its handler to `grants`).
 *
 * @since 0.1.0
 */
import type * as Router from "../../Router.ts"
import * as AdminProjects from "./AdminProjectsRoutes.ts"
import * as AiChat from "./AiChatRoutes.ts"
import * as Emails from "./EmailsRoutes.ts"
import * as EmailTemplates from "./EmailTemplatesRoutes.ts"
import * as InternalApiKeys from "./InternalApiKeysRoutes.ts"
import * as Metrics from "./MetricsRoutes.ts"
import * as OwnedProjects from "./OwnedProjectsRoutes.ts"
import * as PermissionDefinitions from "./PermissionDefinitionsRoutes.ts"
import * as Webhooks from "./WebhooksRoutes.ts"
import * as Anonymous from "./AnonymousRoutes.ts"
import * as ApiKeys from "./ApiKeysRoutes.ts"
import * as Cli from "./CliRoutes.ts"
import * as ConnectedAccounts from "./ConnectedAccountsRoutes.ts"
import * as ContactChannels from "./ContactChannelsRoutes.ts"
import * as FeatureSupport from "./FeatureSupportRoutes.ts"
import * as ApiRoot from "./ApiRootRoutes.ts"
import * as Health from "./HealthRoutes.ts"
import * as Mfa from "./MfaRoutes.ts"
import * as Notifications from "./NotificationsRoutes.ts"
import * as OAuth from "./OAuthRoutes.ts"
import * as OAuthProviders from "./OAuthProvidersRoutes.ts"
import * as Otp from "./OtpRoutes.ts"
import * as Passkeys from "./PasskeysRoutes.ts"
import * as Password from "./PasswordRoutes.ts"
import * as PasswordReset from "./PasswordResetRoutes.ts"
import * as Permissions from "./PermissionsRoutes.ts"
import * as Projects from "./ProjectsRoutes.ts"
import * as ServerSessions from "./ServerSessionsRoutes.ts"
import * as Sessions from "./SessionsRoutes.ts"
import * as TeamInvitations from "./TeamInvitationsRoutes.ts"
import * as TeamMemberProfiles from "./TeamMemberProfilesRoutes.ts"
import * as TeamMemberships from "./TeamMembershipsRoutes.ts"
import * as Teams from "./TeamsRoutes.ts"
import * as Tokens from "./TokensRoutes.ts"
import * as Users from "./UsersRoutes.ts"

/** The token endpoint's grants. */
export const grants: Readonly<Record<string, Tokens.GrantHandler>> = {
  ...Tokens.defaultGrants,
  authorization_code: OAuth.authorizationCodeGrant
}

/** All routes of the service the emulator answers. */
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
