/**
 * The keys of the client's cached reads, on their own so the write rules
 * (`CacheWrites`) name them without pulling every read into a bundle.
 *
 * `invalidate(["teams"])` reaches `["teams"]` and every `["teams", id, ...]`.
 *
 * @since 0.1.0
 */
import type { Key } from "./Query.ts"

/** The keys of the client's cached reads. */
export const keys = {
  project: ["project"],
  currentUser: ["users", "me"],
  currentUserOrAnonymous: ["users", "me", "or-anonymous"],
  sessions: ["sessions"],
  teams: ["teams"],
  permissions: ["permissions"],
  contactChannels: ["contact-channels"],
  apiKeys: ["api-keys"],
  notificationCategories: ["notification-categories"],
  linkedAccounts: ["oauth-providers"]
} as const satisfies Record<string, Key>

/**
 * The key of `Users.getUser`'s cached user: one entry per signed-in user id (`""` while the id is
 * not known yet, `null` signed out), so a new session never reads the previous user.
 */
export const userOfSession = (userId: string | null): Key => [...keys.currentUser, "getUser", userId]

/** The key of a team's invitations. */
export const teamInvitations = (teamId: string): Key => [...keys.teams, teamId, "invitations"]
/** The key of a team's member profiles. */
export const teamMemberProfiles = (teamId: string): Key => [...keys.teams, teamId, "member-profiles"]
/** The key of the API keys of a user (`"me"`) or of a team. */
export const apiKeys = (owner: { readonly userId?: string | undefined; readonly teamId?: string | undefined }): Key =>
  owner.teamId !== undefined ? [...keys.apiKeys, "team", owner.teamId] : [...keys.apiKeys, "user", owner.userId ?? "me"]
