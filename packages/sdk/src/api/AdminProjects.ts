/**
 * The project's own settings, admin only (`/internal/projects/current`): read, update every
 * configuration field, delete, and the production-mode checks.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { AdminProject } from "../protocol/internal/schemas/AdminProject.ts"
import { AdminAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The project and its configuration as an admin reads them. */
export type { AdminProject, AdminProjectConfig, EmailConfig, OAuthProviderConfig, TrustedDomain } from "../protocol/internal/schemas/AdminProject.ts"

const currentPath = "/internal/projects/current"

/** A secret given in an update: plain, or kept `Redacted` until the request body is built. */
export type SecretInput = string | Redacted.Redacted<string>

/** An OAuth provider to configure: the shared keys, or the project's own. */
export type OAuthProviderInput =
  | { readonly id: string; readonly type: "shared" }
  | {
    readonly id: string
    readonly type: "standard"
    readonly clientId: string
    readonly clientSecret: SecretInput
    readonly facebookConfigId?: string | undefined
    readonly microsoftTenantId?: string | undefined
  }

/** The e-mail server to configure: shared, or standard SMTP. */
export type EmailConfigInput =
  | { readonly type: "shared" }
  | {
    readonly type: "standard"
    readonly host: string
    readonly port: number
    readonly username: string
    readonly password: SecretInput
    readonly senderName: string
    readonly senderEmail: string
  }

/** Configuration changes; a field left out is unchanged. */
export interface ConfigUpdate {
  readonly signUpEnabled?: boolean | undefined
  readonly credentialEnabled?: boolean | undefined
  readonly magicLinkEnabled?: boolean | undefined
  readonly passkeyEnabled?: boolean | undefined
  readonly clientTeamCreationEnabled?: boolean | undefined
  readonly clientUserDeletionEnabled?: boolean | undefined
  readonly allowLocalhost?: boolean | undefined
  readonly oauthAccountMergeStrategy?: "link_method" | "raise_error" | "allow_duplicates" | undefined
  readonly allowUserApiKeys?: boolean | undefined
  readonly allowTeamApiKeys?: boolean | undefined
  readonly oauthProviders?: ReadonlyArray<OAuthProviderInput> | undefined
  readonly emailConfig?: EmailConfigInput | undefined
  /** The id of one of the project's e-mail themes. */
  readonly emailTheme?: string | undefined
  readonly domains?: ReadonlyArray<{ readonly domain: string; readonly handlerPath: string }> | undefined
  readonly createTeamOnSignUp?: boolean | undefined
  readonly teamCreatorDefaultPermissions?: ReadonlyArray<{ readonly id: string }> | undefined
  readonly teamMemberDefaultPermissions?: ReadonlyArray<{ readonly id: string }> | undefined
  readonly userDefaultPermissions?: ReadonlyArray<{ readonly id: string }> | undefined
}

/** Project changes; a field left out is unchanged. `PATCH /internal/projects/current` */
export interface ProjectUpdate {
  readonly displayName?: string | undefined
  readonly description?: string | undefined
  readonly isProductionMode?: boolean | undefined
  readonly config?: ConfigUpdate | undefined
}

const secret = (value: SecretInput) => (typeof value === "string" ? value : Redacted.value(value))

/** The wire body of a project update (snake_case; secrets unwrapped here only). */
export const toWireUpdate = (update: ProjectUpdate) => {
  const config = update.config ?? {}
  return {
    display_name: update.displayName,
    description: update.description,
    is_production_mode: update.isProductionMode,
    config: {
      domains: config.domains?.map((d) => ({ domain: d.domain, handler_path: d.handlerPath })),
      oauth_providers: config.oauthProviders?.map((p) =>
        p.type === "shared" ? { id: p.id, type: p.type } : {
          id: p.id,
          type: p.type,
          client_id: p.clientId,
          client_secret: secret(p.clientSecret),
          facebook_config_id: p.facebookConfigId,
          microsoft_tenant_id: p.microsoftTenantId
        }
      ),
      email_config: config.emailConfig === undefined ? undefined : config.emailConfig.type === "shared" ? { type: "shared" } : {
        type: "standard",
        host: config.emailConfig.host,
        port: config.emailConfig.port,
        username: config.emailConfig.username,
        password: secret(config.emailConfig.password),
        sender_name: config.emailConfig.senderName,
        sender_email: config.emailConfig.senderEmail
      },
      email_theme: config.emailTheme,
      sign_up_enabled: config.signUpEnabled,
      credential_enabled: config.credentialEnabled,
      magic_link_enabled: config.magicLinkEnabled,
      passkey_enabled: config.passkeyEnabled,
      allow_localhost: config.allowLocalhost,
      create_team_on_sign_up: config.createTeamOnSignUp,
      client_team_creation_enabled: config.clientTeamCreationEnabled,
      client_user_deletion_enabled: config.clientUserDeletionEnabled,
      team_creator_default_permissions: config.teamCreatorDefaultPermissions,
      team_member_default_permissions: config.teamMemberDefaultPermissions,
      user_default_permissions: config.userDefaultPermissions,
      oauth_account_merge_strategy: config.oauthAccountMergeStrategy,
      allow_user_api_keys: config.allowUserApiKeys,
      allow_team_api_keys: config.allowTeamApiKeys
    }
  }
}

/** What {@link get} can fail with: no error specific to it. */
export type GetError = Call.CallError<readonly []>

/** The project with its whole configuration. `GET /internal/projects/current` */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<AdminProject, GetError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({ method: "GET", path: currentPath, response: AdminProject, errors: [] })
  },
  /*#__PURE__*/ Traced.span("AdminProjects.get")
)

const updateErrors = [KnownErrors.SchemaError] as const
/** What {@link update} can fail with: a payload the service refuses is its `SchemaError`. */
export type UpdateError = Call.CallError<typeof updateErrors>

/** Changes the project's settings and answers the project. `PATCH /internal/projects/current` */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: ProjectUpdate): Effect.fn.Return<AdminProject, UpdateError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({ method: "PATCH", path: currentPath, body: toWireUpdate(input), response: AdminProject, errors: updateErrors })
  },
  /*#__PURE__*/ Traced.span("AdminProjects.update")
)

/** What {@link remove} can fail with: no error specific to it. */
export type RemoveError = Call.CallError<readonly []>

/** Deletes the project with all its users, teams and keys; irreversible. `DELETE /internal/projects/current` */
export const remove = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<void, RemoveError, StackHttp | AdminAccess> {
    yield* AdminAccess
    yield* Call.call({ method: "DELETE", path: currentPath, response: Schema.Unknown, errors: [] })
  },
  /*#__PURE__*/ Traced.span("AdminProjects.remove")
)

// ----- production mode -----

/** A reason the project is not ready for production, and where the dashboard fixes it. */
export interface ProductionModeError {
  readonly message: string
  readonly relativeFixUrl: string
}

/** The exact texts of the production-mode checks. */
export const productionModeMessages = {
  allowLocalhost: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
  /** The domain is not a valid URL. */
  invalidUrl: (domain: string) => `Trusted domain is not a valid URL: ${domain}`,
  /** A localhost domain, refused in production mode. */
  localhost: (domain: string) => `Localhost domains are not allowed to be trusted in production mode: ${domain}`,
  /** An IP address, refused in production mode. */
  directIp: (domain: string) => `Direct IPs are not valid for trusted domains in production mode: ${domain}`,
  /** Not HTTPS, refused in production mode. */
  notHttps: (domain: string) => `Trusted domains should be HTTPS: ${domain}`
} as const

/** The dashboard page that fixes production-mode problems. */
export const domainsFixUrl = (projectId: string): string => `/projects/${projectId}/domains`

const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const isLocalhost = (url: URL): boolean =>
  url.hostname === "localhost" || url.hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(url.hostname)

/**
 * Every reason the project is not ready for production: localhost allowed; each trusted
 * domain that is not a URL, is localhost, is a bare IP, or is not HTTPS (one problem per domain).
 */
export const productionModeErrors = (project: {
  readonly id: string
  readonly config: { readonly allowLocalhost: boolean; readonly domains: ReadonlyArray<{ readonly domain: string }> }
}): ReadonlyArray<ProductionModeError> => {
  const relativeFixUrl = domainsFixUrl(project.id)
  const errors: Array<ProductionModeError> = []
  if (project.config.allowLocalhost) errors.push({ message: productionModeMessages.allowLocalhost, relativeFixUrl })
  for (const { domain } of project.config.domains) {
    const url = parseUrl(domain)
    const message = url === undefined
      ? productionModeMessages.invalidUrl(domain)
      : isLocalhost(url)
      ? productionModeMessages.localhost(domain)
      : /^\d+(\.\d+)*$/.test(url.hostname)
      ? productionModeMessages.directIp(domain)
      : url.protocol !== "https:"
      ? productionModeMessages.notHttps(domain)
      : undefined
    if (message !== undefined) errors.push({ message, relativeFixUrl })
  }
  return errors
}

/** Reads the project and reports why it is not ready for production (empty when it is). */
export const getProductionModeErrors = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<ProductionModeError>, GetError, StackHttp | AdminAccess> {
    return productionModeErrors(yield* get())
  },
  /*#__PURE__*/ Traced.span("AdminProjects.getProductionModeErrors")
)
