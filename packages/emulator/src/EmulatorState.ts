/**
 * The emulator's in-memory state: every resource of the service as plain JSON
 * tables in one `SynchronizedRef`, so a route's read-check-write runs as one transaction and the
 * whole state exports and imports as JSON.
 *
 * Adding a resource: a typed table below (edit this file), or, without touching it, a named table
 * in `extra` through {@link extraTable}.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { JWK } from "jose"
import * as Table from "./internal/state/Table.ts"

/** A table of the emulator's state: rows by id. */
export type { Table } from "./internal/state/Table.ts"

/** An OAuth provider a project offers. */
export interface OAuthProviderConfig {
  readonly id: string
  readonly type: "shared" | "standard"
  readonly clientId: string | null
  readonly clientSecret: string | null
  readonly facebookConfigId: string | null
  readonly microsoftTenantId: string | null
}

/** The e-mail server a project sends with. */
export type EmailConfig =
  | { readonly type: "shared" }
  | {
    readonly type: "standard"
    readonly host: string
    readonly port: number
    readonly username: string
    readonly password: string
    readonly senderName: string
    readonly senderEmail: string
  }

/** A trusted domain for redirects. */
export interface TrustedDomain {
  readonly domain: string
  readonly handlerPath: string
}

/** A project's configuration. */
export interface ProjectConfig {
  readonly signUpEnabled: boolean
  readonly credentialEnabled: boolean
  readonly magicLinkEnabled: boolean
  readonly passkeyEnabled: boolean
  readonly clientTeamCreationEnabled: boolean
  readonly clientUserDeletionEnabled: boolean
  readonly allowLocalhost: boolean
  readonly oauthAccountMergeStrategy: "link_method" | "raise_error" | "allow_duplicates"
  readonly allowUserApiKeys: boolean
  readonly allowTeamApiKeys: boolean
  readonly oauthProviders: ReadonlyArray<OAuthProviderConfig>
  readonly emailConfig: EmailConfig
  readonly emailTheme: string
  readonly domains: ReadonlyArray<TrustedDomain>
  readonly createTeamOnSignUp: boolean
  readonly teamCreatorDefaultPermissions: ReadonlyArray<string>
  readonly teamMemberDefaultPermissions: ReadonlyArray<string>
  readonly userDefaultPermissions: ReadonlyArray<string>
}

/** A project; `ownerTeamId` names the `internal` team whose members administer it. */
export interface Project {
  readonly id: string
  readonly displayName: string
  readonly description: string
  readonly createdAtMillis: number
  readonly isProductionMode: boolean
  readonly ownerTeamId: string | null
  readonly config: ProjectConfig
}

/** A contact channel of a user; the primary e-mail is the channel with `isPrimary`. */
export interface ContactChannel {
  readonly id: string
  readonly type: "email"
  readonly value: string
  readonly isVerified: boolean
  readonly isPrimary: boolean
  readonly usedForAuth: boolean
  readonly createdAtMillis: number
}

/** A linked provider account. */
export interface OAuthAccount {
  readonly providerId: string
  readonly accountId: string
  readonly email: string | null
  /** The linked account's own id (`/oauth-providers/{userId}/{id}`); derived when absent (see `OAuthAccounts.ts`). */
  readonly id?: string | undefined
  /** Whether it may sign in (default `true`). */
  readonly allowSignIn?: boolean | undefined
  /** Whether it serves connected-account access tokens (default `true`). */
  readonly allowConnectedAccounts?: boolean | undefined
  /**
   * Scopes of the provider tokens the account holds (an OAuth flow records them). Absent: it holds
   * none (linked by the server, or given at a user's creation), and no access token is handed out.
   */
  readonly scopes?: ReadonlyArray<string> | undefined
}

/** A user of one project. Metadata are free JSON (`null` when unset). */
export interface User {
  readonly id: string
  readonly projectId: string
  readonly displayName: string | null
  readonly profileImageUrl: string | null
  readonly signedUpAtMillis: number
  readonly lastActiveAtMillis: number
  readonly clientMetadata: unknown
  readonly clientReadOnlyMetadata: unknown
  readonly serverMetadata: unknown
  /** `scrypt$...` (see `Passwords.ts`), or `null` without password. */
  readonly passwordHash: string | null
  readonly contactChannels: ReadonlyArray<ContactChannel>
  readonly oauthAccounts: ReadonlyArray<OAuthAccount>
  readonly otpAuthEnabled: boolean
  readonly passkeyAuthEnabled: boolean
  readonly totpSecretBase64: string | null
  /**
   * Whether sign-ins ask for the TOTP second factor. The service keeps this apart from the
   * secret: an update of the secret turns it on (off when cleared), a server creation with a
   * secret stores the secret but leaves it off. Absent (older states): on exactly when there is a secret.
   */
  readonly requiresTotpMfa?: boolean | undefined
  readonly isAnonymous: boolean
  readonly selectedTeamId: string | null
}

/** A session: one refresh token of a user. */
export interface Session {
  readonly id: string
  readonly projectId: string
  readonly userId: string
  readonly refreshToken: string
  readonly createdAtMillis: number
  readonly lastUsedAtMillis: number
  readonly expiresAtMillis: number | null
  readonly isImpersonation: boolean
}

/** A team. */
export interface Team {
  readonly id: string
  readonly projectId: string
  readonly displayName: string
  readonly profileImageUrl: string | null
  readonly clientMetadata: unknown
  readonly clientReadOnlyMetadata: unknown
  readonly serverMetadata: unknown
  readonly createdAtMillis: number
}

/** A membership, carrying the member's team profile. Keyed by {@link membershipKey}. */
export interface Membership {
  readonly projectId: string
  readonly teamId: string
  readonly userId: string
  readonly createdAtMillis: number
  readonly displayName: string | null
  readonly profileImageUrl: string | null
}

/** A permission definition at team or project scope. Keyed by {@link permissionKey}. */
export interface PermissionDefinition {
  readonly projectId: string
  readonly scope: "team" | "project"
  readonly id: string
  readonly description: string | null
  readonly containedPermissionIds: ReadonlyArray<string>
  readonly createdAtMillis: number
}

/** A permission held directly by a user (in a team for team scope). */
export interface PermissionGrant {
  readonly id: string
  readonly projectId: string
  readonly scope: "team" | "project"
  readonly teamId: string | null
  readonly userId: string
  readonly permissionId: string
  readonly createdAtMillis: number
}

/** A one-time code sent by e-mail or shown to a user (verification, reset, OTP, MFA...). */
export interface VerificationCode {
  readonly id: string
  readonly projectId: string
  readonly purpose: string
  readonly code: string
  readonly email: string | null
  readonly userId: string | null
  readonly data: unknown
  readonly createdAtMillis: number
  readonly expiresAtMillis: number
  readonly usedAtMillis: number | null
  readonly attemptCount: number
  readonly maxAttempts: number
}

/** A user or team API key. */
export interface ApiKey {
  readonly id: string
  readonly projectId: string
  readonly type: "user" | "team"
  readonly userId: string | null
  readonly teamId: string | null
  readonly description: string
  readonly isPublic: boolean
  readonly value: string
  readonly createdAtMillis: number
  readonly expiresAtMillis: number | null
  readonly manuallyRevokedAtMillis: number | null
}

/** A project's key set: the keys `RequestAuth` checks. */
export interface InternalApiKey {
  readonly id: string
  readonly projectId: string
  readonly description: string
  readonly publishableClientKey: string | null
  readonly secretServerKey: string | null
  readonly superSecretAdminKey: string | null
  readonly createdAtMillis: number
  readonly expiresAtMillis: number | null
  readonly manuallyRevokedAtMillis: number | null
}

/** An e-mail the emulator sent (it never leaves the process). */
export interface Mail {
  readonly id: string
  readonly projectId: string | null
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly sentAtMillis: number
  readonly seen: boolean
  /** The sender settings it went out with, as the admin's sent-mail list shows them (absent in older states). */
  readonly senderConfig?: Readonly<Record<string, unknown>> | undefined
}

/** A command-line login. */
export interface CliLogin {
  readonly id: string
  readonly projectId: string
  readonly pollingCode: string
  readonly loginCode: string
  readonly refreshToken: string | null
  readonly createdAtMillis: number
  readonly expiresAtMillis: number
  readonly usedAtMillis: number | null
}

/** The ES256 key pair access tokens are signed with. */
export interface SigningKey {
  readonly kid: string
  readonly privateJwk: JWK
  readonly publicJwk: JWK
}

/** The whole state; every field is JSON. */
export interface State {
  readonly version: 1
  readonly signingKey: SigningKey
  /** Keys replaced by a rotation but still published (tokens they signed keep verifying); none by default. */
  readonly retiredSigningKeys?: ReadonlyArray<SigningKey> | undefined
  readonly projects: Table.Table<Project>
  readonly users: Table.Table<User>
  readonly sessions: Table.Table<Session>
  readonly teams: Table.Table<Team>
  readonly memberships: Table.Table<Membership>
  readonly permissionDefinitions: Table.Table<PermissionDefinition>
  readonly permissionGrants: Table.Table<PermissionGrant>
  readonly verificationCodes: Table.Table<VerificationCode>
  readonly apiKeys: Table.Table<ApiKey>
  readonly internalApiKeys: Table.Table<InternalApiKey>
  readonly mails: Table.Table<Mail>
  readonly cliLogins: Table.Table<CliLogin>
  /** Tables added by route modules without a typed field here, by name. */
  readonly extra: Readonly<Record<string, Table.Table<unknown>>>
}

/** The published signing keys: the current one first, then the retired ones still published.*/
export const publishedSigningKeys = (state: State): ReadonlyArray<SigningKey> => [state.signingKey, ...(state.retiredSigningKeys ?? [])]

/** The key of a membership row.*/
export const membershipKey = (teamId: string, userId: string): string => `${teamId}:${userId}`

/** The key of a permission definition row. */
export const permissionKey = (projectId: string, scope: "team" | "project", id: string): string =>
  `${projectId}:${scope}:${id}`

/** Reads and writes a named table in `extra` (for resources other modules add). */
export const extraTable = <A>(name: string) => ({
  /** The table in `state` (empty when never written). */
  get: (state: State): Table.Table<A> => (state.extra[name] ?? Table.empty) as Table.Table<A>,
  /** `state` with this table replaced. */
  set: (state: State, table: Table.Table<A>): State => ({ ...state, extra: { ...state.extra, [name]: table } })
})

/** The state service: reads, and serialised transactions. */
export interface Service {
  readonly get: Effect.Effect<State>
  /** Replaces the whole state. */
  readonly set: (state: State) => Effect.Effect<void>
  /** Changes the state in one step. */
  readonly update: (f: (state: State) => State) => Effect.Effect<void>
  /** Runs `f` on the current state and stores its new state, one transaction at a time. */
  readonly transact: <A, E = never>(f: (state: State) => Effect.Effect<readonly [A, State], E>) => Effect.Effect<A, E>
}

/** The emulator's state service. */
export class EmulatorState extends Context.Service<EmulatorState, Service>()("stack-auth-effect/emulator/EmulatorState") {}

/** A state service over a fresh `SynchronizedRef`. */
export const make = (initial: State): Effect.Effect<Service> =>
  Effect.map(SynchronizedRef.make(initial), (ref) => ({
    get: SynchronizedRef.get(ref),
    set: (state) => SynchronizedRef.set(ref, state),
    update: (f) => SynchronizedRef.update(ref, f),
    transact: (f) => SynchronizedRef.modifyEffect(ref, f)
  }))

/** The current state. */
export const get: Effect.Effect<State, never, EmulatorState> = EmulatorState.use((s) => s.get)

/** Changes the state. */
export const update = (f: (state: State) => State): Effect.Effect<void, never, EmulatorState> =>
  EmulatorState.use((s) => s.update(f))

/** Runs a transaction that may fail (nothing is written then). */
export const transact = <A, E = never>(
  f: (state: State) => Effect.Effect<readonly [A, State], E>
): Effect.Effect<A, E, EmulatorState> => EmulatorState.use((s) => s.transact(f))

/** Runs a pure transaction. */
export const modify = <A>(f: (state: State) => readonly [A, State]): Effect.Effect<A, never, EmulatorState> =>
  transact((state) => Effect.succeed(f(state)))
