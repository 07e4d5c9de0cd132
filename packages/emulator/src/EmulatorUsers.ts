/**
 * Users of the emulator: creation (with the e-mail uniqueness rule, the project's
 * default permissions and its personal team on sign-up), updates, deletion and look-ups. Route
 * modules call these; every write is one state transaction.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TeamMembershipNotFound, UserWithEmailAlreadyExists } from "stack-auth-effect/KnownErrors"
import type { ContactChannel, PermissionGrant, State, Team, User } from "./EmulatorState.ts"
import * as EmulatorState from "./EmulatorState.ts"
import { membershipKey } from "./EmulatorState.ts"
import * as Table from "./internal/state/Table.ts"
import { primaryEmailChannel } from "./internal/http/Views.ts"

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** The user of a project who signs in with this e-mail (a channel used for auth). */
export const findByAuthEmail = (state: State, projectId: string, email: string, exceptUserId?: string): User | undefined =>
  Table.find(state.users, (u) =>
    u.projectId === projectId && u.id !== exceptUserId &&
    u.contactChannels.some((c) => c.type === "email" && c.usedForAuth && sameEmail(c.value, email)))

/** The user with that id in that project. */
export const findInProject = (state: State, projectId: string, userId: string): User | undefined => {
  const user = Table.get(state.users, userId)
  return user !== undefined && user.projectId === projectId ? user : undefined
}

/** Fields of a new user; absent fields take the service's defaults. */
export interface NewUser {
  readonly projectId: string
  readonly primaryEmail?: string | null | undefined
  readonly primaryEmailVerified?: boolean | undefined
  readonly primaryEmailAuthEnabled?: boolean | undefined
  readonly passwordHash?: string | null | undefined
  readonly displayName?: string | null | undefined
  readonly profileImageUrl?: string | null | undefined
  readonly clientMetadata?: unknown
  readonly clientReadOnlyMetadata?: unknown
  readonly serverMetadata?: unknown
  readonly otpAuthEnabled?: boolean | undefined
  readonly passkeyAuthEnabled?: boolean | undefined
  readonly totpSecretBase64?: string | null | undefined
  /** Whether sign-ins ask for the TOTP (default: whenever the user has a secret). */
  readonly requiresTotpMfa?: boolean | undefined
  readonly isAnonymous?: boolean | undefined
  readonly oauthAccounts?: ReadonlyArray<{ readonly providerId: string; readonly accountId: string; readonly email: string | null }> | undefined
}

const emailChannel = (value: string, verified: boolean, usedForAuth: boolean, now: number): ContactChannel => ({
  id: crypto.randomUUID(),
  type: "email",
  value,
  isVerified: verified,
  isPrimary: true,
  usedForAuth,
  createdAtMillis: now
})

const grant = (projectId: string, scope: "team" | "project", teamId: string | null, userId: string, permissionId: string, now: number): PermissionGrant => ({
  id: crypto.randomUUID(),
  projectId,
  scope,
  teamId,
  userId,
  permissionId,
  createdAtMillis: now
})

const withGrants = (state: State, grants: ReadonlyArray<PermissionGrant>): State => {
  let permissionGrants = state.permissionGrants
  for (const g of grants) permissionGrants = Table.put(permissionGrants, g.id, g)
  return { ...state, permissionGrants }
}

/** Adds a membership with the project's default team permissions: the creator's, or else the member's. */
export const addMembership = (state: State, team: Team, userId: string, asCreator: boolean, now: number): State => {
  const project = Table.get(state.projects, team.projectId)
  const membership = { projectId: team.projectId, teamId: team.id, userId, createdAtMillis: now, displayName: null, profileImageUrl: null }
  const defaults = project === undefined
    ? []
    : asCreator
    ? project.config.teamCreatorDefaultPermissions
    : project.config.teamMemberDefaultPermissions
  const next = { ...state, memberships: Table.put(state.memberships, membershipKey(team.id, userId), membership) }
  return withGrants(next, [...new Set(defaults)].map((id) => grant(team.projectId, "team", team.id, userId, id, now)))
}

const personalTeam = (state: State, user: User, now: number): State => {
  const team: Team = {
    id: crypto.randomUUID(),
    projectId: user.projectId,
    // The service's naming: "<display name>'s Team", else "<e-mail>'s Team", else "Personal Team".
    displayName: user.displayName || primaryEmailChannel(user)?.value
      ? `${user.displayName || primaryEmailChannel(user)?.value}'s Team`
      : "Personal Team",
    profileImageUrl: null,
    clientMetadata: null,
    clientReadOnlyMetadata: null,
    serverMetadata: null,
    createdAtMillis: now
  }
  const next = addMembership({ ...state, teams: Table.put(state.teams, team.id, team) }, team, user.id, true, now)
  return { ...next, users: Table.modify(next.users, user.id, (u) => ({ ...u, selectedTeamId: team.id })) }
}

/** Creates a user; an e-mail used for auth must be unique in the project. */
export const create = (input: NewUser): Effect.Effect<User, UserWithEmailAlreadyExists, EmulatorState.EmulatorState> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    EmulatorState.transact((state) => {
      const email = input.primaryEmail ?? null
      const authEnabled = email !== null && (input.primaryEmailAuthEnabled ?? false)
      if (email !== null && authEnabled && findByAuthEmail(state, input.projectId, email) !== undefined) {
        return Effect.fail(new UserWithEmailAlreadyExists({ details: { email, wouldWorkIfEmailWasVerified: false } }))
      }
      const user: User = {
        id: crypto.randomUUID(),
        projectId: input.projectId,
        displayName: input.displayName ?? null,
        profileImageUrl: input.profileImageUrl ?? null,
        signedUpAtMillis: now,
        lastActiveAtMillis: now,
        clientMetadata: input.clientMetadata ?? null,
        clientReadOnlyMetadata: input.clientReadOnlyMetadata ?? null,
        serverMetadata: input.serverMetadata ?? null,
        passwordHash: input.passwordHash ?? null,
        contactChannels: email === null ? [] : [emailChannel(email, input.primaryEmailVerified ?? false, authEnabled, now)],
        oauthAccounts: input.oauthAccounts ?? [],
        otpAuthEnabled: input.otpAuthEnabled ?? false,
        passkeyAuthEnabled: input.passkeyAuthEnabled ?? false,
        totpSecretBase64: input.totpSecretBase64 ?? null,
        // left out unless given: then it follows the secret (see `User.requiresTotpMfa`)
        ...(input.requiresTotpMfa === undefined ? {} : { requiresTotpMfa: input.requiresTotpMfa }),
        isAnonymous: input.isAnonymous ?? false,
        selectedTeamId: null
      }
      const project = Table.get(state.projects, input.projectId)
      let next: State = { ...state, users: Table.put(state.users, user.id, user) }
      if (project !== undefined) {
        next = withGrants(next, project.config.userDefaultPermissions.map((id) => grant(project.id, "project", null, user.id, id, now)))
        if (project.config.createTeamOnSignUp && !user.isAnonymous) next = personalTeam(next, user, now)
      }
      return Effect.succeed([Table.get(next.users, user.id)!, next] as const)
    }))

/** Changes to a user; `undefined` leaves a field as it is. */
export interface UserPatch {
  readonly displayName?: string | null | undefined
  readonly profileImageUrl?: string | null | undefined
  readonly clientMetadata?: unknown
  readonly clientReadOnlyMetadata?: unknown
  readonly serverMetadata?: unknown
  readonly primaryEmail?: string | null | undefined
  readonly primaryEmailVerified?: boolean | undefined
  readonly primaryEmailAuthEnabled?: boolean | undefined
  readonly passwordHash?: string | null | undefined
  readonly otpAuthEnabled?: boolean | undefined
  readonly passkeyAuthEnabled?: boolean | undefined
  readonly totpSecretBase64?: string | null | undefined
  readonly selectedTeamId?: string | null | undefined
  readonly isAnonymous?: boolean | undefined
}

const patchChannels = (user: User, patch: UserPatch, now: number): ReadonlyArray<ContactChannel> => {
  let channels = user.contactChannels
  const primary = primaryEmailChannel(user)
  if (patch.primaryEmail === null) {
    channels = channels.filter((c) => !c.isPrimary)
  } else if (patch.primaryEmail !== undefined && (primary === undefined || !sameEmail(primary.value, patch.primaryEmail))) {
    // A new address takes the primary channel's place and keeps its verified flag, as the service does.
    const others = channels.filter((c) => !c.isPrimary && !sameEmail(c.value, patch.primaryEmail!))
    channels = [
      ...others,
      primary === undefined ? emailChannel(patch.primaryEmail, false, false, now) : { ...primary, value: patch.primaryEmail }
    ]
  }
  return channels.map((c) =>
    c.isPrimary
      ? { ...c, isVerified: patch.primaryEmailVerified ?? c.isVerified, usedForAuth: patch.primaryEmailAuthEnabled ?? c.usedForAuth }
      : c
  )
}

const keep = <A>(value: A | undefined, current: A): A => (value === undefined ? current : value)

/** Updates a user (changing an existing password revokes its sessions). */
export const update = (
  userId: string,
  patch: UserPatch
): Effect.Effect<User, UserWithEmailAlreadyExists | TeamMembershipNotFound, EmulatorState.EmulatorState> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    EmulatorState.transact((state): Effect.Effect<readonly [User, State], UserWithEmailAlreadyExists | TeamMembershipNotFound> => {
      const user = Table.get(state.users, userId)
      if (user === undefined) return Effect.die(new Error(`Users.update: no user ${userId} (callers check first)`))
      if (patch.selectedTeamId !== undefined && patch.selectedTeamId !== null &&
        Table.get(state.memberships, membershipKey(patch.selectedTeamId, userId)) === undefined) {
        return Effect.fail(new TeamMembershipNotFound({ details: { teamId: patch.selectedTeamId, userId } }))
      }
      const next: User = {
        ...user,
        displayName: keep(patch.displayName, user.displayName),
        profileImageUrl: keep(patch.profileImageUrl, user.profileImageUrl),
        clientMetadata: keep(patch.clientMetadata, user.clientMetadata),
        clientReadOnlyMetadata: keep(patch.clientReadOnlyMetadata, user.clientReadOnlyMetadata),
        serverMetadata: keep(patch.serverMetadata, user.serverMetadata),
        passwordHash: keep(patch.passwordHash, user.passwordHash),
        otpAuthEnabled: keep(patch.otpAuthEnabled, user.otpAuthEnabled),
        passkeyAuthEnabled: keep(patch.passkeyAuthEnabled, user.passkeyAuthEnabled),
        totpSecretBase64: keep(patch.totpSecretBase64, user.totpSecretBase64),
        // setting a secret turns the second factor on, clearing it turns it off
        requiresTotpMfa: patch.totpSecretBase64 === undefined ? user.requiresTotpMfa : patch.totpSecretBase64 !== null,
        selectedTeamId: keep(patch.selectedTeamId, user.selectedTeamId),
        isAnonymous: keep(patch.isAnonymous, user.isAnonymous),
        contactChannels: patchChannels(user, patch, now)
      }
      const primary = primaryEmailChannel(next)
      if (primary?.usedForAuth && findByAuthEmail(state, user.projectId, primary.value, user.id) !== undefined) {
        return Effect.fail(new UserWithEmailAlreadyExists({ details: { email: primary.value, wouldWorkIfEmailWasVerified: false } }))
      }
      // Changing (not setting a first) password ends the user's sessions.
      const sessions = patch.passwordHash !== undefined && user.passwordHash !== null
        ? Table.removeWhere(state.sessions, (s) => s.userId === userId)
        : state.sessions
      return Effect.succeed([next, { ...state, sessions, users: Table.put(state.users, userId, next) }] as const)
    }))

/**
 * Deletes a user with its memberships, permissions and keys. Its sessions stay, as the service
 * keeps refresh tokens apart from users: they still refresh, and the access tokens they give
 * name no user.
 */
export const remove = (userId: string): Effect.Effect<void, never, EmulatorState.EmulatorState> =>
  EmulatorState.update((state) => ({
    ...state,
    users: Table.remove(state.users, userId),
    memberships: Table.removeWhere(state.memberships, (m) => m.userId === userId),
    permissionGrants: Table.removeWhere(state.permissionGrants, (g) => g.userId === userId),
    apiKeys: Table.removeWhere(state.apiKeys, (k) => k.userId === userId)
  }))
