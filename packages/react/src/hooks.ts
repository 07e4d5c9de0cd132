/**
 * One hook per read of the client app, each in two forms: `useX` suspends until
 * the value is there and throws failures to the error boundary; `useXQuery` answers
 * `{ data, error, isLoading, isFetching, refresh }`. Both read the app's `QueryCache`, so every
 * component reading the same thing shares one request and sees the same mutations.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import { useEffect } from "react"
import type * as ApiKeys from "stack-auth-effect/ApiKeys"
import type * as Users from "stack-auth-effect/Users"
import { UserNotSignedIn } from "stack-auth-effect/Users"
import * as Queries from "stack-auth-effect/Queries"
import * as QueryCache from "stack-auth-effect/QueryCache"
import * as Redirects from "stack-auth-effect/Redirects"
import type { StackContextValue } from "./StackProvider.tsx"
import { useStackContext } from "./StackProvider.tsx"
import { type QueryResult, useQuery, useSuspendWhile, useSuspenseQuery } from "./useQuery.ts"

/** Maps a query result's value, keeping its state. */
export const mapResult = <A, B, E>(result: QueryResult<A, E>, f: (a: A) => B): QueryResult<B, E> => ({
  ...result,
  data: result.data === undefined ? undefined : f(result.data)
})

/** Failures of an effect. */
export type ErrorOf<T> = T extends QueryCache.Query<any, infer E, any> ? E : T extends Effect.Effect<any, infer E, any> ? E : never

// ----- project -----

/** The project and its client-visible config. `GET /projects/current` */
export const useProject = () => useSuspenseQuery(Queries.project)
/** {@link useProject} without Suspense. */
export const useProjectQuery = () => useQuery(Queries.project)

// ----- user -----

/** What `useUser` does without a signed-in (non-anonymous) user. */
export type UserOr = Users.Or

/** What reading the user can fail with (`or: "anonymous"` adds the anonymous sign-up's failures). */
export type UserError = Queries.CurrentUserError | ErrorOf<typeof Queries.currentUserOrAnonymous>

/** Options of {@link useUser}. */
export interface UserOptions {
  /** `return-null` (default), `throw` (`UserNotSignedIn`), `redirect` (to sign-in) or `anonymous` (sign up one). */
  readonly or?: UserOr | undefined
}

const redirectQuery = QueryCache.query(["handler", "redirect-to-sign-in"], Redirects.redirectToHandler("signIn", { replace: true }), {
  sessionBound: false
})

/** Goes to the sign-in page once however many components ask at the same time. */
const redirectToSignIn = (stack: StackContextValue) => {
  if (!stack.isDisposed()) stack.runtime.runFork(stack.cache.get(redirectQuery, { maxAge: 0 }))
}

/** The current user; `or` decides the signed-out case (default `return-null`). `GET /users/me` */
export function useUser(options?: { readonly or?: "return-null" | undefined }): Users.CurrentUser | null
export function useUser(options: { readonly or: "throw" | "redirect" | "anonymous" }): Users.CurrentUser
export function useUser(options: UserOptions = {}): Users.CurrentUser | null {
  const stack = useStackContext()
  const or = options.or ?? "return-null"
  const raw = useSuspenseQuery<Users.CurrentUser | null, UserError>(
    or === "anonymous" ? Queries.currentUserOrAnonymous : Queries.currentUser
  )
  const user = Queries.signedInUser(raw, or === "anonymous")
  const leaving = user === null && or === "redirect"
  if (leaving) redirectToSignIn(stack)
  useSuspendWhile(leaving) // the page is leaving
  if (user === null && or === "throw") throw new UserNotSignedIn()
  return user
}

/** {@link useUser} without Suspense; `or: "throw"` reports `UserNotSignedIn` as `error`. */
export function useUserQuery(
  options: UserOptions = {}
): QueryResult<Users.CurrentUser | null, UserError | UserNotSignedIn> {
  const stack = useStackContext()
  const or = options.or ?? "return-null"
  const result = useQuery<Users.CurrentUser | null, UserError>(
    or === "anonymous" ? Queries.currentUserOrAnonymous : Queries.currentUser
  )
  const user = result.data === undefined ? undefined : Queries.signedInUser(result.data, or === "anonymous")
  const missing = user === null && (or === "throw" || or === "redirect")
  useEffect(() => {
    if (missing && or === "redirect") redirectToSignIn(stack)
  }, [missing, or, stack])
  if (!missing) return { ...result, data: user }
  return or === "throw"
    ? { ...result, data: undefined, error: new UserNotSignedIn() }
    : { ...result, data: undefined, isLoading: true }
}

// ----- sessions -----

/** The user's sessions; the one in use has `isCurrentSession`. `GET /auth/sessions?user_id=me` */
export const useSessions = () => useSuspenseQuery(Queries.sessions)
/** {@link useSessions} without Suspense. */
export const useSessionsQuery = () => useQuery(Queries.sessions)

// ----- teams -----

/** The user's teams. `GET /teams?user_id=me` */
export const useTeams = () => useSuspenseQuery(Queries.teams)
/** {@link useTeams} without Suspense. */
export const useTeamsQuery = () => useQuery(Queries.teams)

/** One of the user's teams, or `null` when the user is not in it. */
export const useTeam = (teamId: string) => useTeams().find((team) => team.id === teamId) ?? null
/** {@link useTeam} without Suspense. */
export const useTeamQuery = (teamId: string) => mapResult(useTeamsQuery(), (teams) => teams.find((t) => t.id === teamId) ?? null)

/** The members' profiles of a team. `GET /team-member-profiles?team_id` */
export const useTeamMemberProfiles = (teamId: string) => useSuspenseQuery(Queries.teamMemberProfiles(teamId))
/** {@link useTeamMemberProfiles} without Suspense. */
export const useTeamMemberProfilesQuery = (teamId: string) => useQuery(Queries.teamMemberProfiles(teamId))

/** The pending invitations of a team. `GET /team-invitations?team_id` */
export const useTeamInvitations = (teamId: string) => useSuspenseQuery(Queries.teamInvitations(teamId))
/** {@link useTeamInvitations} without Suspense. */
export const useTeamInvitationsQuery = (teamId: string) => useQuery(Queries.teamInvitations(teamId))

// ----- permissions -----

/** The user's permissions in a team, or in the project without one (contained ones included). */
export const usePermissions = (teamId?: string) => useSuspenseQuery(Queries.permissions(teamId))
/** {@link usePermissions} without Suspense. */
export const usePermissionsQuery = (teamId?: string) => useQuery(Queries.permissions(teamId))

/** Whether the user holds a permission in a team, or in the project without one. */
export const usePermission = (permissionId: string, teamId?: string): boolean =>
  usePermissions(teamId).some((p) => p.id === permissionId)
/** {@link usePermission} without Suspense. */
export const usePermissionQuery = (
  permissionId: string,
  teamId?: string
): QueryResult<boolean, ErrorOf<ReturnType<typeof Queries.permissions>>> =>
  mapResult(usePermissionsQuery(teamId), (list: ReadonlyArray<{ readonly id: string }>) => list.some((p) => p.id === permissionId))

// ----- contact channels, API keys, notifications -----

/** The user's contact channels. `GET /contact-channels?user_id=me` */
export const useContactChannels = () => useSuspenseQuery(Queries.contactChannels)
/** {@link useContactChannels} without Suspense. */
export const useContactChannelsQuery = () => useQuery(Queries.contactChannels)

/** The API keys of the user (default) or of a team. `GET /user-api-keys`, `GET /team-api-keys` */
export const useApiKeys = (owner?: ApiKeys.Owner) => useSuspenseQuery(Queries.apiKeys(owner))
/** {@link useApiKeys} without Suspense. */
export const useApiKeysQuery = (owner?: ApiKeys.Owner) => useQuery(Queries.apiKeys(owner))

/** The notification categories with the user's choices. `GET /emails/notification-preference/me` */
export const useNotificationCategories = () => useSuspenseQuery(Queries.notificationCategories)
/** {@link useNotificationCategories} without Suspense. */
export const useNotificationCategoriesQuery = () => useQuery(Queries.notificationCategories)
