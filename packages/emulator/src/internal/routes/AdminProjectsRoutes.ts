/**
 * `/internal/projects/current`: the project with its whole
 * configuration, its update (every configuration field) and its deletion, for admins only.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as AdminProjects from "../model/AdminProjectRules.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Responses from "../http/Responses.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Views from "../http/Views.ts"

/** The service's CRUD routes take no query parameter. */
const noQuery = (query: URLSearchParams) =>
  RequestSchema.check(RequestSchema.crud({ query: [RequestSchema.object({}), RequestSchema.queryObject(query)] }), null)

/** Admin project routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/internal/projects/current", "admin", ({ auth, query }) =>
    Effect.as(noQuery(query), Responses.json(Views.adminProject(auth.project)))),

  Router.patch("/internal/projects/current", "admin", ({ auth, body, query }) =>
    Effect.gen(function*() {
      const input = yield* AdminProjects.validate(
        yield* EmulatorState.get,
        auth.project.id,
        yield* AdminProjects.decodeBody(AdminProjects.projectBodyRule, body, query)
      )
      const updated = yield* EmulatorState.modify((state) => {
        const next = AdminProjects.apply(Table.get(state.projects, auth.project.id) ?? auth.project, input)
        return [next, { ...state, projects: Table.put(state.projects, next.id, next) }] as const
      })
      return Responses.json(Views.adminProject(updated))
    })),

  Router.del("/internal/projects/current", "admin", ({ auth, query }) =>
    Effect.andThen(noQuery(query), Effect.as(EmulatorState.update((state) => AdminProjects.removeProject(state, auth.project.id)), Responses.success())))
]
