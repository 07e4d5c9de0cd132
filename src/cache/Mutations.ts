/**
 * Mutations that keep the cache right (SPEC §9): each runs its API call, then sets the entries it
 * knows the new value of (every subscriber re-renders with it, no request) and invalidates the
 * ones it changed in ways it cannot compute (subscribed ones reload once, throttled). Without a
 * `QueryCache` in the context they are just the API calls.
 *
 * Sign-in and sign-out need nothing here: the cache follows the session (`QueryCache.layer`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as ApiKeys from "../api/ApiKeys.ts"
import * as ContactChannels from "../api/ContactChannels.ts"
import * as EmailVerification from "../api/EmailVerification.ts"
import * as Passkeys from "../api/Passkeys.ts"
import * as Passwords from "../api/Passwords.ts"
import * as Notifications from "../api/Notifications.ts"
import * as Sessions from "../api/Sessions.ts"
import * as TeamInvitations from "../api/TeamInvitations.ts"
import * as TeamMemberships from "../api/TeamMemberships.ts"
import * as Teams from "../api/Teams.ts"
import * as Users from "../api/Users.ts"
import type { Team, TeamCreate, TeamUpdate } from "../protocol/schemas/Team.ts"
import type * as Session from "../session/Session.ts"
import * as Queries from "./Queries.ts"
import * as QueryCache from "./QueryCache.ts"

// oxlint-disable-next-line no-explicit-any
type AnyQuery = QueryCache.Query<any, any, any>

/** A cache write: the entry of `query` gets `value`. SPEC §9 */
export const setEntry = <A, E, R>(query: QueryCache.Query<A, E, R>, value: A) => ({ _tag: "Set", query, value }) as const
/** A cache write: the cached value of `query` (if any) goes through `f`. SPEC §9 */
export const updateEntry = <A, E, R>(query: QueryCache.Query<A, E, R>, f: (value: A) => A) =>
  ({ _tag: "Update", query, f: f as (value: unknown) => unknown }) as const

/** One cache write of a mutation. SPEC §9 */
export type Write = { readonly _tag: "Set"; readonly query: AnyQuery; readonly value: unknown } | {
  readonly _tag: "Update"
  readonly query: AnyQuery
  readonly f: (value: unknown) => unknown
}

/** What a mutation does to the cache once its call succeeded. SPEC §9 */
export interface Effects<A> {
  /** Entries whose new value the result gives ({@link setEntry}, {@link updateEntry}). */
  readonly write?: ((result: A) => ReadonlyArray<Write>) | undefined
  /** Key prefixes to invalidate. */
  readonly invalidate?: ((result: A) => ReadonlyArray<QueryCache.Key>) | ReadonlyArray<QueryCache.Key> | undefined
}

/** Runs `effect`, then applies its cache effects when there is a cache. SPEC §9 */
export const run = <A, E, R>(effect: Effect.Effect<A, E, R>, effects: Effects<A>): Effect.Effect<A, E, R> =>
  Effect.tap(effect, (result) =>
    Effect.flatMap(Effect.serviceOption(QueryCache.QueryCache), (cache) => {
      if (Option.isNone(cache)) return Effect.void
      const writes = effects.write?.(result) ?? []
      const prefixes = typeof effects.invalidate === "function" ? effects.invalidate(result) : effects.invalidate ?? []
      return Effect.andThen(
        Effect.forEach(writes, (w) => w._tag === "Set" ? cache.value.set(w.query, w.value) : cache.value.update(w.query, w.f), {
          discard: true
        }),
        Effect.forEach(prefixes, (prefix) => cache.value.invalidate(prefix), { discard: true })
      )
    }))

/** Updates the current user; every reader of the user sees the answer at once. SPEC §7 `PATCH /users/me` */
export const updateUser = (
  payload: Users.CurrentUserUpdate
): Effect.Effect<Users.CurrentUser, Users.UpdateError, Session.Session> =>
  run(Users.update(payload), {
    write: (user) => [setEntry(Queries.currentUser, user)],
    invalidate: payload.selectedTeamId !== undefined ? [["teams"]] : []
  })

/** Deletes the current user (the session is cleared, so the cache follows). SPEC §7 `DELETE /users/me` */
export const deleteUser = (): Effect.Effect<void, Users.DeleteCurrentError, Session.Session> => Users.deleteCurrent()

/** Revokes another session of the user; it leaves the cached list. SPEC §7 `DELETE /auth/sessions/{id}?user_id=me` */
export const revokeSession = (sessionId: string): Effect.Effect<void, Sessions.RevokeMineError, Session.Session> =>
  run(Sessions.revokeMine(sessionId), {
    write: () => [updateEntry(Queries.sessions, (list) => list.filter((s) => s.id !== sessionId))]
  })

/** Creates a team (the user's selected team from then on): teams and the user reload. SPEC §3, §7 `POST /teams` */
export const createTeam = (body: TeamCreate): Effect.Effect<Team, Teams.CreateError, Session.Session> =>
  run(Teams.create(body), {
    write: (team) => [updateEntry(Queries.teams, (list) => [...list, team])],
    invalidate: [Queries.keys.currentUser, Queries.keys.permissions]
  })

/** Updates a team; the cached list shows it at once. SPEC §7 `PATCH /teams/{id}` */
export const updateTeam = (teamId: string, body: TeamUpdate): Effect.Effect<Team, Teams.UpdateError, Session.Session> =>
  run(Teams.update(teamId, body), {
    write: (team) => [updateEntry(Queries.teams, (list) => list.map((t) => (t.id === team.id ? team : t)))],
    invalidate: [Queries.keys.currentUser] // its selected team may be this one
  })

/** Deletes a team. SPEC §7 `DELETE /teams/{id}` */
export const removeTeam = (teamId: string): Effect.Effect<void, Teams.ChangeError, Session.Session> =>
  run(Teams.remove(teamId), {
    write: () => [updateEntry(Queries.teams, (list) => list.filter((t) => t.id !== teamId))],
    invalidate: [Queries.keys.currentUser, Queries.keys.permissions, [...Queries.keys.teams, teamId]]
  })

/** Selects a team (or none) for the user. SPEC §3 */
export const selectTeam = (teamId: string | null): Effect.Effect<void, Teams.SelectError, Session.Session> =>
  run(Teams.select(teamId), { invalidate: [Queries.keys.currentUser] })

/** Leaves a team. SPEC §7 `DELETE /team-memberships/{teamId}/me` */
export const leaveTeam = (teamId: string): Effect.Effect<void, TeamMemberships.LeaveError, Session.Session> =>
  run(TeamMemberships.leave(teamId), {
    write: () => [updateEntry(Queries.teams, (list) => list.filter((t) => t.id !== teamId))],
    invalidate: [Queries.keys.currentUser, Queries.keys.permissions, [...Queries.keys.teams, teamId]]
  })

/** Invites someone to a team by e-mail; the team's invitations reload. SPEC §7 `POST /team-invitations/send-code` */
export const inviteToTeam = (
  options: { readonly teamId: string; readonly email: string; readonly callbackUrl: string }
) => run(TeamInvitations.send(options), { invalidate: [[...Queries.keys.teams, options.teamId, "invitations"]] })

/** Revokes a pending invitation. SPEC §7 `DELETE /team-invitations/{id}?team_id` */
export const revokeInvitation = (invitationId: string, teamId: string) =>
  run(TeamInvitations.revoke(invitationId, teamId), { invalidate: [[...Queries.keys.teams, teamId, "invitations"]] })

/** Accepts an invitation: the user's teams and permissions reload. SPEC §7 `POST /team-invitations/accept` */
export const acceptInvitation = (code: string): Effect.Effect<void, TeamInvitations.AcceptError, Session.Session> =>
  run(TeamInvitations.accept(code), { invalidate: [Queries.keys.teams, Queries.keys.permissions] })

// ----- contact channels -----

/** Adds a contact channel; the list shows it at once. SPEC §7 `POST /contact-channels` */
export const createContactChannel = (payload: ContactChannels.ContactChannelCreate) =>
  run(ContactChannels.create(payload), {
    write: (channel) => [updateEntry(Queries.contactChannels, (list) => [...list, channel])],
    invalidate: payload.isPrimary === true ? [Queries.keys.currentUser] : []
  })

/** Changes a contact channel (a primary one changes the user's e-mail). SPEC §7 `PATCH /contact-channels/me/{id}` */
export const updateContactChannel = (channelId: string, payload: ContactChannels.ContactChannelUpdate) =>
  run(ContactChannels.update(channelId, payload), {
    write: (channel) => [updateEntry(Queries.contactChannels, (list) => list.map((c) => (c.id === channel.id ? channel : c)))],
    invalidate: [Queries.keys.contactChannels, Queries.keys.currentUser] // another channel may have lost "primary"
  })

/** Deletes a contact channel. SPEC §7 `DELETE /contact-channels/me/{id}` */
export const removeContactChannel = (channelId: string) =>
  run(ContactChannels.remove(channelId), {
    write: () => [updateEntry(Queries.contactChannels, (list) => list.filter((c) => c.id !== channelId))],
    invalidate: [Queries.keys.currentUser]
  })

// ----- API keys -----

/** Creates an API key (its whole value is in the answer, only this once); the owner's list reloads. SPEC §7 */
export const createApiKey = (options: ApiKeys.CreateOptions) =>
  run(ApiKeys.create(options), { invalidate: [Queries.apiKeys(options).key] })

/** Revokes an API key; the owner's list shows it revoked at once. SPEC §4, §7 */
export const revokeApiKey = (owner: ApiKeys.Owner, keyId: string) =>
  run(ApiKeys.revoke(owner, keyId), {
    write: (key) => [updateEntry(Queries.apiKeys(owner), (list) => list.map((k) => (k.id === key.id ? key : k)))]
  })

// ----- notifications -----

/** Turns a notification category on or off; the list shows it at once. SPEC §7 */
export const setNotificationEnabled = (categoryId: string, enabled: boolean) =>
  run(Notifications.setEnabled(categoryId, enabled), {
    write: (category) => [
      updateEntry(Queries.notificationCategories, (list) => list.map((c) => (c.id === category.id ? category : c)))
    ]
  })

// ----- e-mail verification, passwords -----

/** Verifies an e-mail with its code; the user and channels reload. SPEC §4, §7 `POST /contact-channels/verify` */
export const verifyEmail = (code: string) =>
  run(EmailVerification.verify(code), { invalidate: [Queries.keys.currentUser, Queries.keys.contactChannels] })

/** Changes the password; the user's other sessions end, so the list reloads. SPEC §5, §7 `POST /auth/password/update` */
export const updatePassword = (options: { readonly oldPassword: Passwords.Password; readonly newPassword: Passwords.Password }) =>
  run(Passwords.update(options), { invalidate: [Queries.keys.sessions] })

/** Gives the user a first password; the user reloads (`hasPassword`). SPEC §7 `POST /auth/password/set` */
export const setPassword = (password: Passwords.Password) =>
  run(Passwords.set({ password }), { invalidate: [Queries.keys.currentUser] })

/** Registers a passkey for the user; the user reloads (`passkeyAuthEnabled`). SPEC §5, §7 `/auth/passkey/register` */
export const registerPasskey = () => run(Passkeys.register(), { invalidate: [Queries.keys.currentUser] })
