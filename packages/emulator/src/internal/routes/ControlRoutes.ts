/**
 * The emulator's own control API, admin access only: inject and clear faults, read the
 * request log. Not part of the service's protocol.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Faults from "../../Faults.ts"
import type * as RequestLog from "../../RequestLog.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"

const InjectBody = Schema.Struct({
  method: Schema.optional(Schema.String),
  path: Schema.optional(Schema.String),
  times: Schema.optional(Schema.Number),
  fault: Faults.Fault
})

/** The control routes over one emulator's faults and request log. */
export const routes = (faults: Faults.Service, requests: RequestLog.Service): ReadonlyArray<Router.Route> => [
  Router.post("/emulator/faults", "admin", ({ body }) =>
    Effect.gen(function*() {
      const injection = yield* Router.decode(InjectBody, body)
      const id = yield* faults.inject(injection)
      return Responses.created({ id })
    })),
  Router.get("/emulator/faults", "admin", () =>
    Effect.map(faults.list, (all) => Responses.list(all.map((a) => ({ ...a, remaining: Number.isFinite(a.remaining) ? a.remaining : null }))))),
  Router.del("/emulator/faults", "admin", () => Effect.as(faults.clear, Responses.success())),
  Router.del("/emulator/faults/:id", "admin", ({ params }) => Effect.as(faults.remove(params.id!), Responses.success())),
  Router.get("/emulator/requests", "admin", () => Effect.map(requests.all, Responses.list)),
  Router.del("/emulator/requests", "admin", () => Effect.as(requests.clear, Responses.success()))
]
