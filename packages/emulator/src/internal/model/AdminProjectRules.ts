/**
 * Project administration in the emulator (`/internal/projects`): the admin body
 * of a project (create and update share it), its checks, applying it to a project's
 * configuration, and deleting a project with everything in it.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as EmailTemplates from "../mail/EmailTemplateRules.ts"
import type { OAuthProviderConfig, Project, ProjectConfig, State } from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import * as Responses from "../http/Responses.ts"
import * as Table from "../state/Table.ts"

const optionalString = Schema.optional(Schema.String)

const OAuthProviderBody = Schema.Struct({
  id: Schema.String,
  type: Schema.Literals(["shared", "standard"]),
  client_id: optionalString,
  client_secret: optionalString,
  facebook_config_id: optionalString,
  microsoft_tenant_id: optionalString
})

const EmailConfigBody = Schema.Struct({
  type: Schema.Literals(["shared", "standard"]),
  host: optionalString,
  port: Schema.optional(Schema.Number),
  username: optionalString,
  password: optionalString,
  sender_name: optionalString,
  sender_email: optionalString
})

const PermissionRefs = Schema.optional(Schema.Array(Schema.Struct({ id: Schema.String })))

const ConfigBody = Schema.Struct({
  sign_up_enabled: Schema.optional(Schema.Boolean),
  credential_enabled: Schema.optional(Schema.Boolean),
  magic_link_enabled: Schema.optional(Schema.Boolean),
  passkey_enabled: Schema.optional(Schema.Boolean),
  client_team_creation_enabled: Schema.optional(Schema.Boolean),
  client_user_deletion_enabled: Schema.optional(Schema.Boolean),
  allow_localhost: Schema.optional(Schema.Boolean),
  allow_user_api_keys: Schema.optional(Schema.Boolean),
  allow_team_api_keys: Schema.optional(Schema.Boolean),
  oauth_account_merge_strategy: Schema.optional(Schema.Literals(["link_method", "raise_error", "allow_duplicates"])),
  email_config: Schema.optional(EmailConfigBody),
  email_theme: optionalString,
  domains: Schema.optional(Schema.Array(Schema.Struct({ domain: Schema.String, handler_path: Schema.String }))),
  oauth_providers: Schema.optional(Schema.Array(OAuthProviderBody)),
  create_team_on_sign_up: Schema.optional(Schema.Boolean),
  team_creator_default_permissions: PermissionRefs,
  team_member_default_permissions: PermissionRefs,
  user_default_permissions: PermissionRefs
})

/** The body of `PATCH /internal/projects/current`. */
export const ProjectBody = Schema.Struct({
  display_name: optionalString,
  description: optionalString,
  is_production_mode: Schema.optional(Schema.Boolean),
  config: Schema.optional(ConfigBody)
})

/** The body of `POST /internal/projects`: a display name is required (no owner team: users own projects). */
export const NewProjectBody = Schema.Struct({
  ...ProjectBody.fields,
  display_name: Schema.String
})

/** A decoded project body. */
export type ProjectBody = typeof ProjectBody.Type


/** The service's problems of a field a standard provider or server needs: `must be defined`, `must not be empty`. */
const requiredProblem = (value: string | number | undefined, field: string): string | undefined =>
  value === undefined ? Fields.mustBeDefined(field) : value === "" ? `${field} must not be empty` : undefined

/** Checks what the service's schema checks beyond shapes; `projectId` names the project whose themes count. */
export const validate = (state: State, projectId: string | undefined, body: ProjectBody) =>
  Effect.gen(function*() {
    const config = body.config
    if (config === undefined) return
    const where = "body.config"
    const email = config.email_config
    yield* Fields.check(
      ...(config.domains ?? []).flatMap(({ domain, handler_path }) => [
        /^https?:\/\//.test(domain) ? undefined : "URL must start with http:// or https://",
        handler_path.startsWith("/") ? undefined : "Handler path must start with /"
      ]),
      ...(config.oauth_providers ?? []).flatMap((provider, i) =>
        provider.type === "standard"
          ? [
            requiredProblem(provider.client_id, `${where}.oauth_providers[${i}].client_id`),
            requiredProblem(provider.client_secret, `${where}.oauth_providers[${i}].client_secret`)
          ]
          : []
      ),
      ...(email?.type === "standard"
        ? (["host", "port", "username", "password", "sender_name", "sender_email"] as const).map((field) =>
          requiredProblem(email[field], `${where}.email_config.${field}`)
        )
        : [])
    )
    if (config.email_theme !== undefined) {
      const known = projectId === undefined
        ? [EmailTemplates.defaultThemeId]
        : EmailTemplates.themes(state, projectId).map((t) => t.id)
      if (!known.includes(config.email_theme)) {
        return yield* new Responses.StatusFailure({ status: 400, message: "Invalid email theme" })
      }
    }
  })

const providerConfig = (p: typeof OAuthProviderBody.Type): OAuthProviderConfig => ({
  id: p.id,
  type: p.type,
  clientId: p.type === "standard" ? p.client_id ?? null : null,
  clientSecret: p.type === "standard" ? p.client_secret ?? null : null,
  facebookConfigId: p.type === "standard" ? p.facebook_config_id ?? null : null,
  microsoftTenantId: p.type === "standard" ? p.microsoft_tenant_id ?? null : null
})

const ids = (refs: ReadonlyArray<{ readonly id: string }> | undefined, current: ReadonlyArray<string>) =>
  refs === undefined ? current : refs.map((r) => r.id)

/** A configuration with a (checked) body's changes. */
export const applyConfig = (current: ProjectConfig, body: ProjectBody["config"]): ProjectConfig => {
  if (body === undefined) return current
  const email = body.email_config
  return {
    signUpEnabled: body.sign_up_enabled ?? current.signUpEnabled,
    credentialEnabled: body.credential_enabled ?? current.credentialEnabled,
    magicLinkEnabled: body.magic_link_enabled ?? current.magicLinkEnabled,
    passkeyEnabled: body.passkey_enabled ?? current.passkeyEnabled,
    clientTeamCreationEnabled: body.client_team_creation_enabled ?? current.clientTeamCreationEnabled,
    clientUserDeletionEnabled: body.client_user_deletion_enabled ?? current.clientUserDeletionEnabled,
    allowLocalhost: body.allow_localhost ?? current.allowLocalhost,
    oauthAccountMergeStrategy: body.oauth_account_merge_strategy ?? current.oauthAccountMergeStrategy,
    allowUserApiKeys: body.allow_user_api_keys ?? current.allowUserApiKeys,
    allowTeamApiKeys: body.allow_team_api_keys ?? current.allowTeamApiKeys,
    oauthProviders: body.oauth_providers?.map(providerConfig) ?? current.oauthProviders,
    emailConfig: email === undefined ? current.emailConfig : email.type === "shared" ? { type: "shared" } : {
      type: "standard",
      host: email.host!,
      port: email.port!,
      username: email.username!,
      password: email.password!,
      senderName: email.sender_name!,
      senderEmail: email.sender_email!
    },
    emailTheme: body.email_theme ?? current.emailTheme,
    domains: body.domains?.map((d) => ({ domain: d.domain, handlerPath: d.handler_path })) ?? current.domains,
    createTeamOnSignUp: body.create_team_on_sign_up ?? current.createTeamOnSignUp,
    teamCreatorDefaultPermissions: ids(body.team_creator_default_permissions, current.teamCreatorDefaultPermissions),
    teamMemberDefaultPermissions: ids(body.team_member_default_permissions, current.teamMemberDefaultPermissions),
    userDefaultPermissions: ids(body.user_default_permissions, current.userDefaultPermissions)
  }
}

/** A project with a (checked) body's changes. */
export const apply = (project: Project, body: ProjectBody): Project => ({
  ...project,
  displayName: body.display_name ?? project.displayName,
  description: body.description ?? project.description,
  isProductionMode: body.is_production_mode ?? project.isProductionMode,
  config: applyConfig(project.config, body.config)
})

const managedIds = (metadata: unknown): ReadonlyArray<string> => {
  const ids = (metadata as { readonly managedProjectIds?: unknown } | null)?.managedProjectIds
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : []
}

/**
 * Records a project in an `internal` user's `server_metadata.managedProjectIds`, the list the
 * service keeps of the projects a dashboard user owns.
 */
export const addManagedProject = (state: State, userId: string, projectId: string): State => ({
  ...state,
  users: Table.modify(state.users, userId, (user) => ({
    ...user,
    serverMetadata: {
      ...(typeof user.serverMetadata === "object" && user.serverMetadata !== null ? user.serverMetadata : {}),
      managedProjectIds: [...managedIds(user.serverMetadata), projectId]
    }
  }))
})

const withoutManagedProject = (state: State, projectId: string): State => {
  let users = state.users
  for (const user of Table.filter(users, (u) => managedIds(u.serverMetadata).includes(projectId))) {
    const managedProjectIds = managedIds(user.serverMetadata).filter((id) => id !== projectId)
    users = Table.put(users, user.id, { ...user, serverMetadata: { ...(user.serverMetadata as object), managedProjectIds } })
  }
  return { ...state, users }
}

/** The state without a project and everything that belongs to it (mails stay). */
export const removeProject = (before: State, projectId: string): State => {
  const state = withoutManagedProject(before, projectId)
  const mine = <A extends { readonly projectId: string }>(table: Table.Table<A>) =>
    Table.removeWhere(table, (row) => row.projectId === projectId)
  return {
    ...state,
    projects: Table.remove(state.projects, projectId),
    users: mine(state.users),
    sessions: mine(state.sessions),
    teams: mine(state.teams),
    memberships: mine(state.memberships),
    permissionDefinitions: mine(state.permissionDefinitions),
    permissionGrants: mine(state.permissionGrants),
    verificationCodes: mine(state.verificationCodes),
    apiKeys: mine(state.apiKeys),
    internalApiKeys: mine(state.internalApiKeys),
    cliLogins: mine(state.cliLogins)
  }
}
