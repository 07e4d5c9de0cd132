/**
 * The project as the client reads it (`GET /projects/current`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** An OAuth provider enabled for the project, as the client sees it. */
export const EnabledOAuthProvider = Schema.Struct({ id: Schema.String })

/** The config switches the client view shares with the admin view (`AdminProjectConfig`). */
export const clientConfigFields = {
  signUpEnabled: Schema.Boolean,
  credentialEnabled: Schema.Boolean,
  magicLinkEnabled: Schema.Boolean,
  passkeyEnabled: Schema.Boolean,
  clientTeamCreationEnabled: Schema.Boolean,
  clientUserDeletionEnabled: Schema.Boolean,
  allowUserApiKeys: Schema.Boolean,
  allowTeamApiKeys: Schema.Boolean
}

/** The wire (snake_case) keys of {@link clientConfigFields}. */
export const clientConfigKeys = {
  signUpEnabled: "sign_up_enabled",
  credentialEnabled: "credential_enabled",
  magicLinkEnabled: "magic_link_enabled",
  passkeyEnabled: "passkey_enabled",
  clientTeamCreationEnabled: "client_team_creation_enabled",
  clientUserDeletionEnabled: "client_user_deletion_enabled",
  allowUserApiKeys: "allow_user_api_keys",
  allowTeamApiKeys: "allow_team_api_keys"
} as const

/** The client-visible project config. */
export const ClientProjectConfig = Schema.Struct({
  ...clientConfigFields,
  enabledOAuthProviders: Schema.Array(EnabledOAuthProvider)
}).pipe(Wire.encodeKeys({ ...clientConfigKeys, enabledOAuthProviders: "enabled_oauth_providers" }))

/** The project, client view. */
export const ClientProject = Schema.Struct({
  id: Schema.String,
  displayName: Schema.String,
  config: ClientProjectConfig
}).pipe(Wire.encodeKeys({ displayName: "display_name" }))

type ClientProjectType = typeof ClientProject.Type
/** The project, client view. */
export interface ClientProject extends ClientProjectType {}
