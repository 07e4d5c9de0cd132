/**
 * Team member profile routes: a member's display name and image in a team (falling
 * back to the user's own). Clients list their team's profiles with `$read_members` (their own
 * always), and update only their own; servers read and update any, with the user attached.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as EmulatorState from "../../EmulatorState.ts"
import type { Membership, State } from "../../EmulatorState.ts"
import { membershipKey } from "../../EmulatorState.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as S from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Teams from "../model/TeamRules.ts"
import * as Views from "../http/Views.ts"

const updateBody = S.object({
  display_name: S.string().optional(),
  profile_image_url: S.url().max(1000000).nullable().optional()
}).defined()
const profileParams = S.object({ team_id: S.string().uuid().defined(), user_id: S.string().userIdOrMe().defined() })
/** Every profile route declares the list's filters. */
const profileQuery = S.object({ user_id: S.string().userIdOrMe().optional(), team_id: S.string().uuid().optional() })

/** Checks a profile route's request (body, both ids of the path, the query) as the service does. */
const checkRequest = (
  auth: Auth,
  request: { readonly value?: unknown; readonly params?: { readonly teamId: string; readonly userId: string } | undefined; readonly query: URLSearchParams }
) =>
  Effect.map(
    S.check(S.crud({
      body: "value" in request ? [updateBody, request.value] : undefined,
      params: request.params === undefined ? undefined : [profileParams, { team_id: request.params.teamId, user_id: request.params.userId }],
      query: [profileQuery, S.queryObject(request.query)]
    }), auth.user?.id),
    (parts) => ({
      body: (parts.body ?? {}) as { readonly display_name?: string; readonly profile_image_url?: string | null },
      params: parts.params as { readonly team_id: string; readonly user_id: string },
      query: parts.query as { readonly team_id?: string; readonly user_id?: string }
    })
  )

/** A member's profile as the caller's access type reads it. */
const profileView = (state: State, auth: Auth, membership: Membership) => {
  const user = Table.get(state.users, membership.userId)!
  const profile = {
    team_id: membership.teamId,
    user_id: membership.userId,
    display_name: membership.displayName ?? user.displayName,
    profile_image_url: membership.profileImageUrl ?? user.profileImageUrl
  }
  return auth.accessType === "client" ? profile : { ...profile, user: Views.serverUser(state, user) }
}

/** A client reading someone else's profile needs `$read_members` in the team. */
const requireReadMembers = (state: State, auth: Auth, teamId: string, currentUserId: string) =>
  Permissions.requireTeamPermission(state, { projectId: auth.project.id, teamId, userId: currentUserId, permissionId: "$read_members" }, "required")

/** Team member profile routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/team-member-profiles", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const { query: { team_id: teamId, user_id: userId } } = yield* checkRequest(auth, { query })
      const state = yield* EmulatorState.get
      if (auth.accessType === "client") {
        const current = yield* Teams.requireOwnUser(auth)
        if (teamId === undefined) {
          return yield* new Responses.StatusFailure({ status: 400, message: "team_id is required for access type client" })
        }
        yield* Teams.requireMembership(state, auth.project.id, teamId, current.id)
        if (userId !== current.id) yield* requireReadMembers(state, auth, teamId, current.id)
      } else {
        if (teamId !== undefined) yield* Teams.requireTeam(state, auth.project.id, teamId)
        if (userId !== undefined) yield* Teams.requireUser(state, auth.project.id, userId)
      }
      const memberships = Table.filter(state.memberships, (m) =>
        m.projectId === auth.project.id && (teamId === undefined || m.teamId === teamId) && (userId === undefined || m.userId === userId))
        .slice()
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
      return Responses.list(memberships.map((m) => profileView(state, auth, m)))
    })),

  Router.get("/team-member-profiles/:teamId/:userId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const checked = yield* checkRequest(auth, { params: { teamId: params.teamId!, userId: params.userId! }, query })
      const { team_id: teamId, user_id: userId } = checked.params
      const state = yield* EmulatorState.get
      if (auth.accessType === "client") {
        const current = yield* Teams.requireOwnUser(auth)
        if (userId !== current.id) yield* requireReadMembers(state, auth, teamId, current.id)
      }
      const membership = yield* Teams.requireMembership(state, auth.project.id, teamId, userId)
      return Responses.json(profileView(state, auth, membership))
    })),

  Router.patch("/team-member-profiles/:teamId/:userId", "client", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const checked = yield* checkRequest(auth, { value: body, params: { teamId: params.teamId!, userId: params.userId! }, query })
      const { team_id: teamId, user_id: userId } = checked.params
      const input = checked.body
      if (auth.accessType === "client") {
        const current = yield* Teams.requireOwnUser(auth)
        if (userId !== current.id) return yield* new Responses.StatusFailure({ status: 403, message: "Cannot update another user's profile" })
      }
      const membership = yield* Teams.requireMembership(yield* EmulatorState.get, auth.project.id, teamId, userId)
      const next: Membership = {
        ...membership,
        displayName: input.display_name === undefined ? membership.displayName : input.display_name,
        profileImageUrl: input.profile_image_url === undefined ? membership.profileImageUrl : input.profile_image_url
      }
      yield* EmulatorState.update((state) => ({ ...state, memberships: Table.put(state.memberships, membershipKey(teamId, userId), next) }))
      return Responses.json(profileView(yield* EmulatorState.get, auth, next))
    }))
]
