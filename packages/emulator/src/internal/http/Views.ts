/**
 * The wire shapes of the emulator's resources: snake_case read views of users (server
 * and current-user client views), teams and projects, exactly as the service's read schemas.
 *
 * @since 0.1.0
 */
import type { Project, State, Team, User } from "../../EmulatorState.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as Table from "../state/Table.ts"

/** The primary e-mail channel of a user, if any. */
export const primaryEmailChannel = (user: User) => user.contactChannels.find((c) => c.type === "email" && c.isPrimary)

/** A team as a client reads it. */
export const clientTeam = (team: Team) => ({
  id: team.id,
  display_name: team.displayName,
  profile_image_url: team.profileImageUrl,
  client_metadata: team.clientMetadata,
  client_read_only_metadata: team.clientReadOnlyMetadata
})

/** A team as a server reads it. */
export const serverTeam = (team: Team) => ({
  ...clientTeam(team),
  created_at_millis: team.createdAtMillis,
  server_metadata: team.serverMetadata
})

const selectedTeam = (state: State, user: User): Team | undefined =>
  user.selectedTeamId === null ? undefined : Table.get(state.teams, user.selectedTeamId)

const commonUser = (user: User) => {
  const primary = primaryEmailChannel(user)
  const hasPassword = user.passwordHash !== null
  return {
    id: user.id,
    primary_email: primary?.value ?? null,
    primary_email_verified: primary?.isVerified ?? false,
    display_name: user.displayName,
    client_metadata: user.clientMetadata,
    client_read_only_metadata: user.clientReadOnlyMetadata,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: user.signedUpAtMillis,
    has_password: hasPassword,
    auth_with_email: hasPassword || user.otpAuthEnabled,
    oauth_providers: user.oauthAccounts.map((a) => ({ id: a.providerId, account_id: a.accountId, email: a.email })),
    selected_team_id: user.selectedTeamId,
    requires_totp_mfa: Mfa.requiresMfa(user),
    otp_auth_enabled: user.otpAuthEnabled,
    passkey_auth_enabled: user.passkeyAuthEnabled,
    is_anonymous: user.isAnonymous
  }
}

/** The signed-in user as a client reads it (`GET /users/me` with client access). */
export const clientUser = (state: State, user: User) => {
  const team = selectedTeam(state, user)
  return { ...commonUser(user), selected_team: team === undefined ? null : clientTeam(team) }
}

/** A user as a server reads it. */
export const serverUser = (state: State, user: User) => {
  const team = selectedTeam(state, user)
  return {
    ...commonUser(user),
    primary_email_auth_enabled: primaryEmailChannel(user)?.usedForAuth ?? false,
    selected_team: team === undefined ? null : serverTeam(team),
    server_metadata: user.serverMetadata,
    last_active_at_millis: user.lastActiveAtMillis
  }
}

/** The current project as a client reads it (`GET /projects/current`). */
export const clientProject = (project: Project) => ({
  id: project.id,
  display_name: project.displayName,
  config: {
    sign_up_enabled: project.config.signUpEnabled,
    credential_enabled: project.config.credentialEnabled,
    magic_link_enabled: project.config.magicLinkEnabled,
    passkey_enabled: project.config.passkeyEnabled,
    client_team_creation_enabled: project.config.clientTeamCreationEnabled,
    client_user_deletion_enabled: project.config.clientUserDeletionEnabled,
    allow_user_api_keys: project.config.allowUserApiKeys,
    allow_team_api_keys: project.config.allowTeamApiKeys,
    enabled_oauth_providers: project.config.oauthProviders.map((p) => ({ id: p.id }))
  }
})

/** A project's e-mail server as the service answers it; the SMTP password only in the admin project view. */
export const emailConfigView = (project: Project, options: { readonly withPassword: boolean }) => {
  const config = project.config.emailConfig
  return config.type === "shared" ? { type: "shared" } : {
    type: "standard",
    host: config.host,
    port: config.port,
    username: config.username,
    ...(options.withPassword ? { password: config.password } : {}),
    sender_name: config.senderName,
    sender_email: config.senderEmail
  }
}

/** A project as an admin reads it (`/internal/projects`). */
export const adminProject = (project: Project) => ({
  id: project.id,
  display_name: project.displayName,
  description: project.description,
  created_at_millis: project.createdAtMillis,
  is_production_mode: project.isProductionMode,
  config: {
    ...clientProject(project).config,
    allow_localhost: project.config.allowLocalhost,
    oauth_providers: project.config.oauthProviders.map((p) => ({
      provider_config_id: p.id,
      id: p.id,
      type: p.type,
      ...(p.clientId === null ? {} : { client_id: p.clientId }),
      ...(p.clientSecret === null ? {} : { client_secret: p.clientSecret }),
      ...(p.facebookConfigId === null ? {} : { facebook_config_id: p.facebookConfigId }),
      ...(p.microsoftTenantId === null ? {} : { microsoft_tenant_id: p.microsoftTenantId })
    })),
    domains: project.config.domains.map((d) => ({ domain: d.domain, handler_path: d.handlerPath })),
    email_config: emailConfigView(project, { withPassword: true }),
    email_theme: project.config.emailTheme,
    create_team_on_sign_up: project.config.createTeamOnSignUp,
    team_creator_default_permissions: project.config.teamCreatorDefaultPermissions.map((id) => ({ id })),
    team_member_default_permissions: project.config.teamMemberDefaultPermissions.map((id) => ({ id })),
    user_default_permissions: project.config.userDefaultPermissions.map((id) => ({ id })),
    oauth_account_merge_strategy: project.config.oauthAccountMergeStrategy
  }
})
