/**
 * `GET` and `POST /internal/projects`: the projects a signed-in user of the
 * `internal` project administers (through membership of the project's owner team), and creating
 * one. Other projects answer `ExpectedInternalProject`; without a user, `UserAuthenticationRequired`.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ExpectedInternalProject, UserAuthenticationRequired } from "stack-auth-effect/KnownErrors"
import * as AdminProjects from "../model/AdminProjectRules.ts"
import type { Project, State, Team } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import { permissionKey } from "../../EmulatorState.ts"
import type { Auth } from "../http/RequestAuth.ts"
import { isProjectOwner } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Seeds from "../../Seeds.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Views from "../http/Views.ts"

const owner = (auth: Auth) =>
  Effect.gen(function*() {
    if (auth.user === undefined) return yield* new UserAuthenticationRequired({})
    if (auth.project.id !== Seeds.internalProject.projectId) return yield* new ExpectedInternalProject({})
    return auth.user
  })

const withDefinitions = (state: State, project: Project): State => {
  let permissionDefinitions = state.permissionDefinitions
  for (const d of Seeds.defaultPermissionDefinitions(project.id, project.createdAtMillis)) {
    permissionDefinitions = Table.put(permissionDefinitions, permissionKey(project.id, d.scope, d.id), d)
  }
  return { ...state, permissionDefinitions }
}

/** Owned-project routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/internal/projects", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      yield* RequestSchema.check(RequestSchema.crud({ query: [RequestSchema.object({}), RequestSchema.queryObject(query)] }), null)
      const user = yield* owner(auth)
      const state = yield* EmulatorState.get
      const owned = Table.filter(state.projects, (p) => isProjectOwner(state, user, p))
        .slice()
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis || a.id.localeCompare(b.id))
      return Responses.list(owned.map(Views.adminProject))
    })),

  Router.post("/internal/projects", "client", ({ auth, body, query }) =>
    Effect.gen(function*() {
      // the service checks the body before it asks for a signed-in user of `internal`
      const decoded = yield* AdminProjects.decodeBody(AdminProjects.newProjectBodyRule, body, query)
      const user = yield* owner(auth)
      const input = yield* AdminProjects.validate(yield* EmulatorState.get, undefined, decoded)
      const now = yield* Clock.currentTimeMillis
      const project = yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          let next = state
          // projects are owned by users in the 2.8.27 service (no `owner_team_id`); the emulator
          // keeps its owners in a team of the internal project made with the project
          const team: Team = {
            id: crypto.randomUUID(),
            projectId: user.projectId,
            displayName: `${input.display_name} owners`,
            profileImageUrl: null,
            clientMetadata: null,
            clientReadOnlyMetadata: null,
            serverMetadata: null,
            createdAtMillis: now
          }
          next = Users.addMembership({ ...next, teams: Table.put(next.teams, team.id, team) }, team, user.id, true, now)
          const teamId = team.id
          const created = AdminProjects.apply(
            Seeds.makeProject({ id: crypto.randomUUID(), displayName: input.display_name ?? "", createdAtMillis: now, ownerTeamId: teamId }),
            { ...input, config: { allow_localhost: true, ...input.config } }
          )
          next = withDefinitions({ ...next, projects: Table.put(next.projects, created.id, created) }, created)
          next = AdminProjects.addManagedProject(next, user.id, created.id)
          return [created, next] as const
        }))
      return Responses.created(Views.adminProject(project))
    }))
]
