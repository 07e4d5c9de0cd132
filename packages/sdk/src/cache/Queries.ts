/**
 * The client app's cached reads: one `QueryCache.Query` per read of the client app,
 * keyed so that a mutation can set or invalidate exactly what it changed. React hooks and plain
 * Effect code share these, so both see the same entries.
 *
 * Keys: `["project"]`, `["users", "me"]`, `["sessions"]`, ... (`invalidate(["teams"])` reaches
 * `["teams"]` and every `["teams", id]`).
 *
 * @since 0.1.0
 * @module
 */
import * as ApiKeys from "../api/ApiKeys.ts"
import * as ContactChannels from "../api/ContactChannels.ts"
import * as Notifications from "../api/Notifications.ts"
import * as OAuthProviders from "../api/OAuthProviders.ts"
import * as Permissions from "../api/Permissions.ts"
import * as Projects from "../api/Projects.ts"
import * as Sessions from "../api/Sessions.ts"
import * as TeamInvitations from "../api/TeamInvitations.ts"
import * as TeamMemberProfiles from "../api/TeamMemberProfiles.ts"
import * as Teams from "../api/Teams.ts"
import * as Users from "../api/Users.ts"
import * as Session from "../session/Session.ts"
import * as Keys from "../query/internal/Keys.ts"
import * as QueryCache from "../query/QueryCache.ts"

/** The keys of the client's cached reads. */
export const keys = Keys.keys

/** The project and its client-visible config; the same for every user. `GET /projects/current` */
export const project = /*#__PURE__*/ QueryCache.query(keys.project, /*#__PURE__*/ Projects.getCurrent(), { sessionBound: false })

/** What {@link currentUser} can fail with. */
export type CurrentUserError = Users.GetUserError

/**
 * The signed-in user, anonymous ones included, or `null` when signed out (no request for a
 * known-invalid session). The `or` modes of `getUser` are decided on top of it. `GET /users/me`
 */
export const currentUser: QueryCache.Query<Users.CurrentUser | null, CurrentUserError, Session.Session> = /*#__PURE__*/ QueryCache.query(
  keys.currentUser,
  Users.loadCurrentOrNull
)

/** Whether a cached user counts as signed in: anonymous users do not, unless allowed. */
export const signedInUser = (user: Users.CurrentUser | null, includeAnonymous: boolean): Users.CurrentUser | null =>
  user !== null && user.isAnonymous && !includeAnonymous ? null : user

/** The signed-in user's sessions. `GET /auth/sessions?user_id=me` */
export const sessions = /*#__PURE__*/ QueryCache.query(keys.sessions, /*#__PURE__*/ Sessions.listMine())

/**
 * The signed-in user, signing up an anonymous one when there is none (`getUser({ or: "anonymous" })`).
 * Loading it again once signed up just reads that user: it never signs up twice.
 */
export const currentUserOrAnonymous = /*#__PURE__*/ QueryCache.query(keys.currentUserOrAnonymous, /*#__PURE__*/ Users.getUser({ or: "anonymous" }))

/** The signed-in user's teams. `GET /teams?user_id=me` */
export const teams = /*#__PURE__*/ QueryCache.query(keys.teams, /*#__PURE__*/ Teams.list())

/** The members' profiles of a team. `GET /team-member-profiles?team_id` */
export const teamMemberProfiles = (teamId: string) =>
  QueryCache.query(Keys.teamMemberProfiles(teamId), TeamMemberProfiles.list({ teamId }))

/** The pending invitations of a team. `GET /team-invitations?team_id` */
export const teamInvitations = (teamId: string) =>
  QueryCache.query(Keys.teamInvitations(teamId), TeamInvitations.list(teamId))

/** The signed-in user's permissions in a team, or in the project without a team (recursive). */
export const permissions = (teamId?: string | undefined) =>
  teamId === undefined
    ? QueryCache.query([...keys.permissions, "project"], Permissions.listProject())
    : QueryCache.query([...keys.permissions, "team", teamId], Permissions.listTeam(teamId))

/** The user's contact channels. `GET /contact-channels?user_id=me` */
export const contactChannels = /*#__PURE__*/ QueryCache.query(keys.contactChannels, /*#__PURE__*/ ContactChannels.list())

/** The API keys of the user (`me`, default) or of a team. `GET /user-api-keys`, `GET /team-api-keys` */
export const apiKeys = (owner: ApiKeys.Owner = { userId: "me" }) =>
  QueryCache.query(Keys.apiKeys(owner), ApiKeys.list(owner))

/** The notification categories with the user's choices. `GET /emails/notification-preference/me` */
export const notificationCategories = /*#__PURE__*/ QueryCache.query(keys.notificationCategories, /*#__PURE__*/ Notifications.list())

/** The signed-in user's linked OAuth accounts (`GET /oauth-providers?user_id=me`). */
export const linkedAccounts = /*#__PURE__*/ QueryCache.query(keys.linkedAccounts, /*#__PURE__*/ OAuthProviders.list())
