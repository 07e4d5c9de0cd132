/**
 * What a fresh emulator holds: the `internal` project (the dashboard's own) and a
 * demo project, both with fixed, printable keys, plus the default project configuration.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose"
import type {
  InternalApiKey,
  PermissionDefinition,
  Project,
  ProjectConfig,
  SigningKey,
  State
} from "./EmulatorState.ts"
import { EmulatorState, permissionKey, update } from "./EmulatorState.ts"
import * as Table from "./internal/state/Table.ts"

/** The credentials of one seeded project. */
export interface ProjectCredentials {
  readonly projectId: string
  readonly displayName: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
}

/** The seeded demo project: fixed id and keys, printed by the command. */
export const demoProject: ProjectCredentials = {
  projectId: "2b7e1f7a-3c2d-4e5f-8a9b-0c1d2e3f4a5b",
  displayName: "Demo Project",
  publishableClientKey: "pck_emulator_demo_7c1f3b9e2a4d4f08b6e1",
  secretServerKey: "ssk_emulator_demo_4e9a2c7d1b3f4a6e8c02",
  superSecretAdminKey: "sak_emulator_demo_9d3b6f1a8c2e4b7d5a13"
}

/** The seeded `internal` project (the dashboard's own project). */
export const internalProject: ProjectCredentials = {
  projectId: "internal",
  displayName: "Stack Dashboard",
  publishableClientKey: "pck_emulator_internal_3a8e1d5c9b2f4e7a6d04",
  secretServerKey: "ssk_emulator_internal_6f2c9a4e1d7b4c3a8e05",
  superSecretAdminKey: "sak_emulator_internal_1b7d4f9c3e6a4d2b9f06"
}

/** The default configuration of a new project, as the service creates it (optional features off). */
export const defaultConfig: ProjectConfig = {
  signUpEnabled: true,
  credentialEnabled: true,
  magicLinkEnabled: false,
  passkeyEnabled: false,
  clientTeamCreationEnabled: false,
  clientUserDeletionEnabled: false,
  allowLocalhost: true,
  oauthAccountMergeStrategy: "link_method",
  allowUserApiKeys: false,
  allowTeamApiKeys: false,
  oauthProviders: [],
  emailConfig: { type: "shared" },
  emailTheme: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac", // the default light theme (EmailTemplates.defaultThemeId)
  domains: [],
  createTeamOnSignUp: false,
  teamCreatorDefaultPermissions: ["team_admin"],
  teamMemberDefaultPermissions: ["team_member"],
  userDefaultPermissions: []
}

/**
 * The features the seeded projects turn on, so the demo app and tests can use every flow (a new
 * project starts with them off).
 */
export const seededFeatures: Partial<ProjectConfig> = {
  magicLinkEnabled: true,
  passkeyEnabled: true,
  clientTeamCreationEnabled: true,
  clientUserDeletionEnabled: true,
  allowUserApiKeys: true,
  allowTeamApiKeys: true
}

/**
 * The projects where anonymous sign-up works: the service allows it only on a fixed list of its
 * own projects, which the emulator's seeded projects stand for.
 */
export const anonymousSignUpProjectIds: ReadonlyArray<string> = [internalProject.projectId, demoProject.projectId]

/** A project row with the default configuration, overridable field by field. */
export const makeProject = (options: {
  readonly id: string
  readonly displayName: string
  readonly createdAtMillis: number
  readonly description?: string
  readonly ownerTeamId?: string | null
  readonly config?: Partial<ProjectConfig>
}): Project => ({
  id: options.id,
  displayName: options.displayName,
  description: options.description ?? "",
  createdAtMillis: options.createdAtMillis,
  isProductionMode: false,
  ownerTeamId: options.ownerTeamId ?? null,
  config: { ...defaultConfig, ...options.config }
})

/** The team permissions every project starts with. */
export const defaultPermissionDefinitions = (
  projectId: string,
  createdAtMillis: number
): ReadonlyArray<PermissionDefinition> => [
  {
    projectId,
    scope: "team",
    id: "team_admin",
    description: "Default permission for team admins",
    containedPermissionIds: ["$update_team", "$delete_team", "$read_members", "$remove_members", "$invite_members", "$manage_api_keys"],
    createdAtMillis
  },
  {
    projectId,
    scope: "team",
    id: "team_member",
    description: "Default permission for team members",
    containedPermissionIds: ["$read_members", "$invite_members"],
    createdAtMillis
  }
]

/** The key set row of seeded credentials. */
export const keySet = (credentials: ProjectCredentials, createdAtMillis: number): InternalApiKey => ({
  id: `seed-${credentials.projectId}`,
  projectId: credentials.projectId,
  description: "Seeded by the emulator",
  publishableClientKey: credentials.publishableClientKey,
  secretServerKey: credentials.secretServerKey,
  superSecretAdminKey: credentials.superSecretAdminKey,
  createdAtMillis,
  expiresAtMillis: null,
  manuallyRevokedAtMillis: null
})

/** A fresh ES256 signing key; its `kid` is 12 characters of base64url, as the service's.*/
export const generateSigningKey: Effect.Effect<SigningKey> = Effect.promise(async () => {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true })
  const publicJwk = await exportJWK(publicKey)
  // the service's shape of key id: 12 characters of base64url (here from the key's thumbprint)
  const kid = (await calculateJwkThumbprint(publicJwk)).slice(0, 12)
  return { kid, privateJwk: await exportJWK(privateKey), publicJwk }
})

/**
 * Replaces the signing key in a test: new tokens are signed with a fresh key; the old one stays
 * published (its tokens keep verifying) until {@link withdrawRetiredSigningKeys}.
 */
export const rotateSigningKey: Effect.Effect<void, never, EmulatorState> = Effect.flatMap(generateSigningKey, (key) =>
  update((state) => ({ ...state, signingKey: key, retiredSigningKeys: [state.signingKey, ...(state.retiredSigningKeys ?? [])] })))

/** Stops publishing the keys a rotation replaced: tokens they signed are then refused (`UNPARSABLE_ACCESS_TOKEN`).*/
export const withdrawRetiredSigningKeys: Effect.Effect<void, never, EmulatorState> = update((state) => ({ ...state, retiredSigningKeys: [] }))

/** A state with only the seeded projects.*/
export const initialState = (signingKey: SigningKey, nowMillis: number): State => {
  const projects = [
    makeProject({ id: internalProject.projectId, displayName: internalProject.displayName, createdAtMillis: nowMillis, config: seededFeatures }),
    makeProject({
      id: demoProject.projectId,
      displayName: demoProject.displayName,
      description: "Seeded by the stack-auth-effect emulator",
      createdAtMillis: nowMillis,
      config: {
        ...seededFeatures,
        oauthProviders: [
          { id: "github", type: "shared", clientId: null, clientSecret: null, facebookConfigId: null, microsoftTenantId: null },
          { id: "google", type: "shared", clientId: null, clientSecret: null, facebookConfigId: null, microsoftTenantId: null }
        ]
      }
    })
  ]
  let permissionDefinitions = Table.empty as Table.Table<PermissionDefinition>
  for (const project of projects) {
    for (const definition of defaultPermissionDefinitions(project.id, nowMillis)) {
      permissionDefinitions = Table.put(permissionDefinitions, permissionKey(project.id, definition.scope, definition.id), definition)
    }
  }
  const keys = [keySet(internalProject, nowMillis), keySet(demoProject, nowMillis)]
  return {
    version: 1,
    signingKey,
    projects: Object.fromEntries(projects.map((p) => [p.id, p])),
    users: Table.empty,
    sessions: Table.empty,
    teams: Table.empty,
    memberships: Table.empty,
    permissionDefinitions,
    permissionGrants: Table.empty,
    verificationCodes: Table.empty,
    apiKeys: Table.empty,
    internalApiKeys: Object.fromEntries(keys.map((k) => [k.id, k])),
    mails: Table.empty,
    cliLogins: Table.empty,
    extra: {}
  }
}
