/**
 * Project administration in the emulator (`/internal/projects`): the admin body
 * of a project (create and update share it), its checks, applying it to a project's
 * configuration, and deleting a project with everything in it.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as EmailTemplates from "../mail/EmailTemplateRules.ts"
import type { OAuthProviderConfig, Project, ProjectConfig, State } from "../../EmulatorState.ts"
import * as Responses from "../http/Responses.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Table from "../state/Table.ts"

const R = RequestSchema

/** The OAuth providers a project may configure. */
export const oauthProviderIds = [
  "google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"
] as const

const isStandard = (type: unknown) => type === "standard"
/** A field required and non-empty for a standard provider or server. */
const standardOnly = (field: RequestSchema.Field) => field.when("type", isStandard, (f) => f.defined().nonEmpty())

const permissionRefs = R.array(R.object({ id: R.string().defined() }).defined())

const configRule = R.object({
  sign_up_enabled: R.boolean(),
  credential_enabled: R.boolean(),
  magic_link_enabled: R.boolean(),
  passkey_enabled: R.boolean(),
  client_team_creation_enabled: R.boolean(),
  client_user_deletion_enabled: R.boolean(),
  allow_localhost: R.boolean(),
  allow_user_api_keys: R.boolean(),
  allow_team_api_keys: R.boolean(),
  email_config: R.object({
    type: R.string().defined().oneOf(["shared", "standard"]),
    host: standardOnly(R.string()),
    port: R.number().minValue(0)
      .rule((v) => typeof v === "number" && v > 65535 ? "must be less than or equal to 65535" : undefined)
      .when("type", isStandard, (f) => f.defined()),
    username: standardOnly(R.string()),
    password: standardOnly(R.string().max(70)),
    sender_name: standardOnly(R.string()),
    sender_email: standardOnly(R.string().email())
  }).checkedInOrder(["type", "sender_email", "sender_name", "password", "username", "port", "host"]),
  email_theme: R.string(),
  domains: R.array(R.object({
    domain: R.url().defined().verbatimRule((v) => typeof v === "string" && !/^https?:\/\//.test(v) ? "URL must start with http:// or https://" : undefined),
    handler_path: R.string().defined().verbatimRule((v) => typeof v === "string" && !v.startsWith("/") ? "Handler path must start with /" : undefined)
  }).defined()),
  oauth_providers: R.array(R.object({
    id: R.string().defined().oneOf(oauthProviderIds),
    type: R.string().defined().oneOf(["shared", "standard"]),
    client_id: standardOnly(R.string()),
    client_secret: standardOnly(R.string()),
    facebook_config_id: R.string(),
    microsoft_tenant_id: R.string()
  }).checkedInOrder(["microsoft_tenant_id", "facebook_config_id", "type", "client_secret", "client_id", "id"]).defined()),
  create_team_on_sign_up: R.boolean(),
  team_creator_default_permissions: permissionRefs,
  team_member_default_permissions: permissionRefs,
  user_default_permissions: permissionRefs,
  oauth_account_merge_strategy: R.string().oneOf(["link_method", "raise_error", "allow_duplicates"])
})

const projectFields = {
  display_name: R.string(),
  description: R.string().nullable(),
  is_production_mode: R.boolean(),
  config: configRule
}

/** The body of `PATCH /internal/projects/current`, checked as the service checks it. */
export const projectBodyRule = R.object(projectFields).defined()

/** The body of `POST /internal/projects`: the update body joined with a required display name. */
export const newProjectBodyRule = projectBodyRule.concat(R.object({ display_name: R.string().defined() }).defined())

/** A checked project body (converted as the service converts it). */
export interface ProjectBody {
  readonly display_name?: string
  readonly description?: string | null
  readonly is_production_mode?: boolean
  readonly config?: {
    readonly sign_up_enabled?: boolean
    readonly credential_enabled?: boolean
    readonly magic_link_enabled?: boolean
    readonly passkey_enabled?: boolean
    readonly client_team_creation_enabled?: boolean
    readonly client_user_deletion_enabled?: boolean
    readonly allow_localhost?: boolean
    readonly allow_user_api_keys?: boolean
    readonly allow_team_api_keys?: boolean
    readonly oauth_account_merge_strategy?: "link_method" | "raise_error" | "allow_duplicates"
    readonly email_config?: {
      readonly type: "shared" | "standard"
      readonly host?: string
      readonly port?: number
      readonly username?: string
      readonly password?: string
      readonly sender_name?: string
      readonly sender_email?: string
    }
    readonly email_theme?: string
    readonly domains?: ReadonlyArray<{ readonly domain: string; readonly handler_path: string }>
    readonly oauth_providers?: ReadonlyArray<OAuthProviderBody>
    readonly create_team_on_sign_up?: boolean
    readonly team_creator_default_permissions?: ReadonlyArray<{ readonly id: string }>
    readonly team_member_default_permissions?: ReadonlyArray<{ readonly id: string }>
    readonly user_default_permissions?: ReadonlyArray<{ readonly id: string }>
  }
}

interface OAuthProviderBody {
  readonly id: string
  readonly type: "shared" | "standard"
  readonly client_id?: string
  readonly client_secret?: string
  readonly facebook_config_id?: string
  readonly microsoft_tenant_id?: string
}

/**
 * Checks a project body (`POST /internal/projects`, `PATCH /internal/projects/current`) as the
 * service's CRUD routes do, with the (empty) query: the converted body or a `SCHEMA_ERROR`.
 */
export const decodeBody = (rule: RequestSchema.Field, body: unknown, query: URLSearchParams) =>
  Effect.map(
    RequestSchema.check(RequestSchema.crud({ body: [rule, body], query: [RequestSchema.object({}), RequestSchema.queryObject(query)] }), null),
    (parts) => parts.body as ProjectBody
  )

/**
 * Checks what the service checks after the schema, and resolves the selected e-mail theme as its
 * configuration reads it back: the body to apply. An update (`projectId` given) must name one of
 * the project's themes (an empty name is not checked); a new project's body is not checked at
 * all. A theme that is not one of the project's reads as the default theme.
 */
export const validate = (state: State, projectId: string | undefined, body: ProjectBody) =>
  Effect.gen(function*() {
    const theme = body.config?.email_theme
    if (theme === undefined) return body
    const known = projectId === undefined
      ? EmailTemplates.defaultThemeIds
      : EmailTemplates.themes(state, projectId).map((t) => t.id)
    if (projectId !== undefined && theme !== "" && !known.includes(theme)) {
      return yield* new Responses.StatusFailure({ status: 400, message: "Invalid email theme" })
    }
    return known.includes(theme) ? body : { ...body, config: { ...body.config, email_theme: EmailTemplates.defaultThemeId } }
  })

const providerConfig = (p: OAuthProviderBody): OAuthProviderConfig => ({
  id: p.id,
  type: p.type,
  clientId: p.type === "standard" ? p.client_id ?? null : null,
  clientSecret: p.type === "standard" ? p.client_secret ?? null : null,
  facebookConfigId: p.type === "standard" ? p.facebook_config_id ?? null : null,
  microsoftTenantId: p.type === "standard" ? p.microsoft_tenant_id ?? null : null
})

/**
 * The order the service's stored configuration gives keyed entries (providers by id, default
 * permissions by id): by key, character by character (measured: github, google, microsoft, x);
 * a repeated key counts once, its last entry winning.
 */
export const storedOrder = <A>(entries: ReadonlyArray<A>, keyOf: (a: A) => string): ReadonlyArray<A> => {
  const byKey = new Map<string, A>()
  for (const entry of entries) byKey.set(keyOf(entry), entry)
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, entry]) => entry)
}

const ids = (refs: ReadonlyArray<{ readonly id: string }> | undefined, current: ReadonlyArray<string>) =>
  refs === undefined ? current : storedOrder(refs.map((r) => r.id), (id) => id)

/** A configuration with a (checked) body's changes. */
export const applyConfig = (current: ProjectConfig, body: ProjectBody["config"]): ProjectConfig => {
  if (body === undefined) return { ...current, allowLocalhost: true }
  const email = body.email_config
  return {
    signUpEnabled: body.sign_up_enabled ?? current.signUpEnabled,
    credentialEnabled: body.credential_enabled ?? current.credentialEnabled,
    magicLinkEnabled: body.magic_link_enabled ?? current.magicLinkEnabled,
    passkeyEnabled: body.passkey_enabled ?? current.passkeyEnabled,
    clientTeamCreationEnabled: body.client_team_creation_enabled ?? current.clientTeamCreationEnabled,
    clientUserDeletionEnabled: body.client_user_deletion_enabled ?? current.clientUserDeletionEnabled,
    // every update the service stores sets localhost: what the body says, else allowed
    allowLocalhost: body.allow_localhost ?? true,
    oauthAccountMergeStrategy: body.oauth_account_merge_strategy ?? current.oauthAccountMergeStrategy,
    allowUserApiKeys: body.allow_user_api_keys ?? current.allowUserApiKeys,
    allowTeamApiKeys: body.allow_team_api_keys ?? current.allowTeamApiKeys,
    oauthProviders: body.oauth_providers === undefined
      ? current.oauthProviders
      : storedOrder(body.oauth_providers, (p) => p.id).map(providerConfig),
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
    // the service reads its trusted domains back sorted by the domain, character by character
    domains: body.domains === undefined
      ? current.domains
      : body.domains.map((d) => ({ domain: d.domain, handlerPath: d.handler_path })).sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0)),
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
  description: body.description === null ? "" : body.description ?? project.description,
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
