/**
 * The project as an admin reads it (`/internal/projects/current`, `/internal/projects`), with its
 * whole configuration.
 *
 * Secrets of the configuration (OAuth client secrets, the SMTP password) decode as `Redacted`.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { clientConfigFields, clientConfigKeys } from "./Project.ts"
import * as Wire from "./Wire.ts"

/** Whether an OAuth provider uses the service's shared keys or the project's own. */
export const OAuthProviderType = Schema.Literals(["shared", "standard"])

/** An OAuth provider of the project's configuration. */
export const OAuthProviderConfig = Schema.Struct({
  providerConfigId: Schema.optional(Schema.String),
  id: Schema.String,
  type: OAuthProviderType,
  clientId: Schema.optional(Schema.String),
  clientSecret: Schema.optional(Schema.RedactedFromValue(Schema.String)),
  facebookConfigId: Schema.optional(Schema.String),
  microsoftTenantId: Schema.optional(Schema.String)
}).pipe(Wire.encodeKeys({
  providerConfigId: "provider_config_id",
  clientId: "client_id",
  clientSecret: "client_secret",
  facebookConfigId: "facebook_config_id",
  microsoftTenantId: "microsoft_tenant_id"
}))

type OAuthProviderConfigType = typeof OAuthProviderConfig.Type
/** An OAuth provider of the project's configuration. */
export interface OAuthProviderConfig extends OAuthProviderConfigType {}

/** The service's shared e-mail server. */
export const SharedEmailConfig = Schema.Struct({ type: Schema.Literal("shared") })

/** The project's own SMTP server. */
export const StandardEmailConfig = Schema.Struct({
  type: Schema.Literal("standard"),
  host: Schema.String,
  port: Schema.Number,
  username: Schema.String,
  password: Schema.RedactedFromValue(Schema.String),
  senderName: Schema.String,
  senderEmail: Schema.String
}).pipe(Wire.encodeKeys({ senderName: "sender_name", senderEmail: "sender_email" }))

/** Where the project's e-mails are sent from: shared, or a standard SMTP server. */
export const EmailConfig = Schema.Union([SharedEmailConfig, StandardEmailConfig])

/** Where the project's e-mails are sent from. */
export type EmailConfig = typeof EmailConfig.Type

/** A trusted domain and the handler path under it. */
export const TrustedDomain = Schema.Struct({
  domain: Schema.String,
  handlerPath: Schema.String
}).pipe(Wire.encodeKeys({ handlerPath: "handler_path" }))

type TrustedDomainType = typeof TrustedDomain.Type
/** A trusted domain. */
export interface TrustedDomain extends TrustedDomainType {}

/** A permission named in a default list. */
export const PermissionRef = Schema.Struct({ id: Schema.String })

/** How an OAuth sign-in matching an existing user's e-mail is handled. */
export const OAuthAccountMergeStrategy = Schema.Literals(["link_method", "raise_error", "allow_duplicates"])

/** The project's whole configuration: the client view's switches plus the admin-only fields. */
export const AdminProjectConfig = Schema.Struct({
  ...clientConfigFields,
  allowLocalhost: Schema.Boolean,
  oauthAccountMergeStrategy: OAuthAccountMergeStrategy,
  oauthProviders: Schema.Array(OAuthProviderConfig),
  emailConfig: EmailConfig,
  emailTheme: Schema.String,
  domains: Schema.Array(TrustedDomain),
  createTeamOnSignUp: Schema.Boolean,
  teamCreatorDefaultPermissions: Schema.Array(PermissionRef),
  teamMemberDefaultPermissions: Schema.Array(PermissionRef),
  userDefaultPermissions: Schema.Array(PermissionRef)
}).pipe(Wire.encodeKeys({
  ...clientConfigKeys,
  allowLocalhost: "allow_localhost",
  oauthAccountMergeStrategy: "oauth_account_merge_strategy",
  oauthProviders: "oauth_providers",
  emailConfig: "email_config",
  emailTheme: "email_theme",
  createTeamOnSignUp: "create_team_on_sign_up",
  teamCreatorDefaultPermissions: "team_creator_default_permissions",
  teamMemberDefaultPermissions: "team_member_default_permissions",
  userDefaultPermissions: "user_default_permissions"
}))

type AdminProjectConfigType = typeof AdminProjectConfig.Type
/** The project's whole configuration. */
export interface AdminProjectConfig extends AdminProjectConfigType {}

/** The project as an admin reads it. */
export const AdminProject = Schema.Struct({
  id: Schema.String,
  displayName: Schema.String,
  description: Schema.String,
  createdAt: Schema.DateFromMillis,
  isProductionMode: Schema.Boolean,
  config: AdminProjectConfig
}).pipe(Wire.encodeKeys({
  displayName: "display_name",
  createdAt: "created_at_millis",
  isProductionMode: "is_production_mode"
}))

type AdminProjectType = typeof AdminProject.Type
/** The project as an admin reads it. */
export interface AdminProject extends AdminProjectType {}

/** `{ items }` of `GET /internal/projects`. */
export const AdminProjectList = Schema.Struct({ items: Schema.Array(AdminProject) })
