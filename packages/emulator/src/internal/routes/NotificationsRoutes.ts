/**
 * Notification preferences (`/emails/notification-preference`): the service's fixed categories,
 * each with the user's choice (its default until the user sets one). Clients address only
 * themselves; servers any user of the project.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { UserAuthenticationRequired, UserNotFound } from "stack-auth-effect/KnownErrors"
import { plain } from "../model/Account.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as S from "../http/RequestSchema.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import type { State } from "../../EmulatorState.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"

/** A notification category of the service. */
export interface Category {
  readonly id: string
  readonly name: string
  readonly defaultEnabled: boolean
  readonly canDisable: boolean
}

/** The service's categories: transactional mail cannot be turned off, marketing can. */
export const categories: ReadonlyArray<Category> = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true }
]

/** A user's choice for one category. */
interface Preference {
  readonly userId: string
  readonly categoryId: string
  readonly enabled: boolean
}

const preferences = EmulatorState.extraTable<Preference>("notificationPreferences")
const key = (userId: string, categoryId: string) => `${userId}:${categoryId}`

/** Whether a user receives mail of a category. */
export const isEnabled = (state: State, userId: string, category: Category): boolean =>
  Table.get(preferences.get(state), key(userId, category.id))?.enabled ?? category.defaultEnabled

const view = (category: Category, enabled: boolean) => ({
  notification_category_id: category.id,
  notification_category_name: category.name,
  enabled,
  can_disable: category.canDisable
})

const updateBody = S.object({ enabled: S.boolean().defined() }).defined()
const preferenceParams = S.object({
  user_id: S.string().userIdOrMe().defined(),
  notification_category_id: S.string().uuid().optional()
})

/** Checks a request of this resource; the addressed user must exist, and a client may only address itself. */
const checkRequest = (auth: Auth, params: Readonly<Record<string, string>>, query: URLSearchParams, body?: readonly [unknown]) =>
  Effect.map(
    S.check(S.crud({
      body: body === undefined ? undefined : [updateBody, body[0]],
      params: [params.notification_category_id === undefined ? preferenceParams.partial() : preferenceParams, params],
      query: [S.object({}), S.queryObject(query)]
    }), auth.user?.id),
    (parts) => ({
      body: parts.body as { enabled: boolean },
      params: parts.params as { user_id: string; notification_category_id?: string }
    })
  )

const ownUser = (auth: Auth, userId: string, action: string) =>
  Effect.gen(function*() {
    if (auth.accessType === "client") {
      if (auth.user === undefined) return yield* new UserAuthenticationRequired({})
      if (auth.user.id !== userId) return yield* plain(403, `You can only ${action} your own notification preferences`)
    }
    const user = Users.findInProject(yield* EmulatorState.get, auth.project.id, userId)
    if (user === undefined) return yield* new UserNotFound({})
    return user
  })

/** Notification preference routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/emails/notification-preference/:userId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const request = yield* checkRequest(auth, { user_id: params.userId! }, query)
      const user = yield* ownUser(auth, request.params.user_id, "view")
      const state = yield* EmulatorState.get
      return Responses.list(categories.map((c) => view(c, isEnabled(state, user.id, c))))
    })),

  Router.patch("/emails/notification-preference/:userId/:categoryId", "client", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const request = yield* checkRequest(auth, { user_id: params.userId!, notification_category_id: params.categoryId! }, query, [body])
      const category = categories.find((c) => c.id === request.params.notification_category_id)
      if (category === undefined) return yield* plain(404, "Notification category not found")
      const user = yield* ownUser(auth, request.params.user_id, "manage")
      const preference: Preference = { userId: user.id, categoryId: category.id, enabled: request.body.enabled }
      yield* EmulatorState.update((state) =>
        preferences.set(state, Table.put(preferences.get(state), key(user.id, category.id), preference)))
      return Responses.json(view(category, request.body.enabled))
    }))
]
