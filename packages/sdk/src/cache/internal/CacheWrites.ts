/**
 * How every write keeps the app's query cache right: the app registers {@link observer}
 * as its `WriteObserver`, so after any successful `POST`/`PATCH`/`DELETE` of an API function
 * (`Users.update`, `Teams.create`, ...) the cache sets the entries the answer gives (the updated
 * user, a team in the list) and invalidates the ones it only changed (subscribed entries reload
 * once, throttled; unsubscribed ones are just marked stale). Writes that touch no cached read
 * change nothing: there is no blanket refetch.
 *
 * The rules work on the wire paths, so they hold whichever function sent the write.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type Observer, type Write, WriteObserver } from "../../transport/WriteObserver.ts"
import { apiKeys, keys, teamInvitations, teamMemberProfiles, userOfSession } from "../../query/internal/Keys.ts"
import type { Key } from "../../query/internal/Query.ts"
import { QueryCache, type Service } from "../../query/QueryCache.ts"

/** A cache change a write causes. */
export type Change =
  | { readonly _tag: "Set"; readonly key: Key; readonly value: unknown }
  | {
    readonly _tag: "Update"
    readonly key: Key
    /** The new cached value from the old one. */
    readonly f: (value: unknown) => unknown
  }
  | { readonly _tag: "Invalidate"; readonly key: Key }

const set = (key: Key, value: unknown): Change => ({ _tag: "Set", key, value })
/** A change that needs the answer: without a decoded answer (`Schema.Unknown` kept the wire body) the entry reloads instead. */
const fromAnswer = (write: Write, change: Change): Change => write.decoded ? change : { _tag: "Invalidate", key: change.key }
const invalidate = (...list: ReadonlyArray<Key>): ReadonlyArray<Change> => list.map((key) => ({ _tag: "Invalidate", key }))
const updateList = (key: Key, f: (list: ReadonlyArray<{ readonly id: string }>) => ReadonlyArray<unknown>): Change => ({
  _tag: "Update",
  key,
  f: (value) => (Array.isArray(value) ? f(value) : value)
})

const idOf = (value: unknown): string | undefined =>
  typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string"
    ? (value as { id: string }).id
    : undefined
const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined

const append = (key: Key, answer: unknown): Change => updateList(key, (list) => [...list, answer])
const replace = (key: Key, answer: unknown): Change =>
  updateList(key, (list) => list.map((item) => (item.id === idOf(answer) ? answer : item)))
const remove = (key: Key, id: string): Change => updateList(key, (list) => list.filter((item) => item.id !== id))

/** The user left or lost a team: out of the list, and what depended on it reloads. */
const teamGone = (teamId: string) => [
  remove(keys.teams, teamId),
  ...invalidate(keys.currentUser, keys.permissions, [...keys.teams, teamId])
]

/** What a successful write changes in the cache (nothing for writes no cached read depends on). */
export const changesOf = (write: Write): ReadonlyArray<Change> => {
  const [resource, a, b, c] = write.path.split("/").filter((s) => s !== "").map(decodeURIComponent)
  const { method, answer, body } = write
  switch (resource) {
    case "users":
      if (a === "me" && method === "PATCH") {
        // the answer is the updated user (`getUser`'s entry too: no old name within its freshness
        // window); a new selected team changes the team views
        const id = idOf(answer)
        return [
          fromAnswer(write, set(keys.currentUser, answer)),
          ...(id !== undefined ? [fromAnswer(write, set(userOfSession(id), answer))] : []),
          ...invalidate(keys.currentUserOrAnonymous),
          ...(field(body, "selected_team_id") !== undefined ? invalidate(keys.teams) : [])
        ]
      }
      // a server changed some user, maybe the signed-in one: its cached views reload if watched
      return a !== undefined && a !== "me" ? invalidate(keys.currentUser) : []
    case "auth":
      if (a === "sessions" && b !== undefined && b !== "current" && method === "DELETE") return [remove(keys.sessions, b)]
      if (a === "password" && b === "update") return invalidate(keys.sessions)
      if ((a === "password" && b === "set") || (a === "passkey" && b === "register")) return invalidate(keys.currentUser)
      return []
    case "teams":
      if (a === undefined) return method === "POST" ? [fromAnswer(write, append(keys.teams, answer)), ...invalidate(keys.currentUser, keys.permissions)] : []
      if (method === "PATCH") return [fromAnswer(write, replace(keys.teams, answer)), ...invalidate(keys.currentUser)]
      if (method === "DELETE") return teamGone(a)
      return []
    case "team-memberships":
      if (a === undefined) return []
      if (b === "me" && method === "DELETE") return teamGone(a)
      return invalidate(keys.teams, keys.permissions)
    case "team-member-profiles":
      return a === undefined ? [] : invalidate(teamMemberProfiles(a))
    case "team-invitations": {
      if (a === "accept" && b === undefined) return invalidate(keys.teams, keys.permissions, keys.currentUser)
      const teamId = a === "send-code" ? field(body, "team_id") : method === "DELETE" ? write.query?.["team_id"] : undefined
      return typeof teamId === "string" ? invalidate(teamInvitations(teamId)) : []
    }
    case "team-permissions":
    case "project-permissions":
      return invalidate(keys.permissions)
    case "contact-channels":
      if (a === undefined && method === "POST") {
        return [fromAnswer(write, append(keys.contactChannels, answer)), ...(field(body, "is_primary") === true ? invalidate(keys.currentUser) : [])]
      }
      if (a === "verify") return invalidate(keys.currentUser, keys.contactChannels)
      if (b === undefined || c !== undefined) return [] // e.g. sending a verification code
      if (method === "PATCH") return [fromAnswer(write, replace(keys.contactChannels, answer)), ...invalidate(keys.contactChannels, keys.currentUser)]
      if (method === "DELETE") return [remove(keys.contactChannels, b), ...invalidate(keys.currentUser)]
      return []
    case "user-api-keys":
    case "team-api-keys": {
      if (a === "check") return []
      const owner = resource === "team-api-keys"
        ? { teamId: String(write.query?.["team_id"] ?? field(body, "team_id")) }
        : { userId: String(write.query?.["user_id"] ?? field(body, "user_id") ?? "me") }
      return a !== undefined && method === "PATCH"
        ? [fromAnswer(write, replace(apiKeys(owner), answer))]
        : invalidate(apiKeys(owner))
    }
    case "oauth-providers":
      // `/oauth-providers/{user}/{id}`: the linked account changed or left; the user's view lists them too
      if (b === undefined) return []
      if (method === "PATCH") return [fromAnswer(write, replace(keys.linkedAccounts, answer)), ...invalidate(keys.currentUser)]
      if (method === "DELETE") return [remove(keys.linkedAccounts, b), ...invalidate(keys.currentUser)]
      return []
    case "emails":
      return a === "notification-preference" && method === "PATCH" && b === "me" ? [fromAnswer(write, replace(keys.notificationCategories, answer))] : []
    default:
      return []
  }
}

const apply = (cache: Service, change: Change): Effect.Effect<void> => {
  // the cache needs only a query's key to set or update an entry; its loader comes with the next read
  const query = { key: change.key, load: Effect.void, sessionBound: true }
  switch (change._tag) {
    case "Set":
      return cache.set(query, change.value)
    case "Update":
      return cache.update(query, change.f)
    case "Invalidate":
      return cache.invalidate(change.key)
  }
}

/** The observer that applies {@link changesOf} to `cache`. */
export const observer = (cache: Service): Observer => (write) =>
  Effect.forEach(changesOf(write), (change) => apply(cache, change), { discard: true })

/** Installs the app's cache as the `WriteObserver`: every write through the app keeps it right. */
export const layer: Layer.Layer<never, never, QueryCache> = /*#__PURE__*/ Layer.effect(
  WriteObserver,
  /*#__PURE__*/ Effect.map(QueryCache, observer)
)
