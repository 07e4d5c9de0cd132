/**
 * Team membership routes: the server adds a member (201, with the project's default
 * member permissions); anyone leaves a team (`me`), and members with `$remove_members` remove others.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TeamMembershipAlreadyExists } from "stack-auth-effect/KnownErrors"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as S from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Teams from "../model/TeamRules.ts"
import * as Users from "../../EmulatorUsers.ts"

const membershipParams = S.object({ team_id: S.string().uuid().defined(), user_id: S.string().userIdOrMe().defined() })

/** Checks the body (an empty object, when adding), both ids of the path and an empty query as the service does. */
const checkRequest = (auth: Auth, params: Readonly<Record<string, string | undefined>>, query: URLSearchParams, body?: { readonly value: unknown }) =>
  Effect.map(
    S.check(S.crud({
      body: body === undefined ? undefined : [S.object({}).defined(), body.value],
      params: [membershipParams, { team_id: params.teamId, user_id: params.userId }],
      query: [S.object({}), S.queryObject(query)]
    }), auth.user?.id),
    (parts) => parts.params as { readonly team_id: string; readonly user_id: string }
  )

/** Team membership routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/team-memberships/:teamId/:userId", "server", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const { team_id: teamId, user_id: userId } = yield* checkRequest(auth, params, query, { value: body })
      const now = yield* Clock.currentTimeMillis
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          yield* Teams.requireUser(state, auth.project.id, userId)
          const team = yield* Teams.requireTeam(state, auth.project.id, teamId)
          if (Teams.findMembership(state, teamId, userId) !== undefined) return yield* new TeamMembershipAlreadyExists({})
          return [undefined, Users.addMembership(state, team, userId, false, now)] as const
        }))
      return Responses.created({ team_id: teamId, user_id: userId })
    })),

  Router.del("/team-memberships/:teamId/:userId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const { team_id: teamId, user_id: userId } = yield* checkRequest(auth, params, query)
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          if (auth.accessType === "client") {
            const current = yield* Teams.requireOwnUser(auth)
            if (userId !== current.id) {
              yield* Permissions.requireTeamPermission(state, {
                projectId: auth.project.id,
                teamId,
                userId: current.id,
                permissionId: "$remove_members"
              }, "required")
            }
          }
          yield* Teams.requireMembership(state, auth.project.id, teamId, userId)
          return [undefined, Teams.removeMembership(state, teamId, userId)] as const
        }))
      return Responses.success()
    }))
]
