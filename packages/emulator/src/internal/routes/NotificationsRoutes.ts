/**
 * Notification preferences (`/emails/notification-preference`): the service's fixed categories,
 * each with the user's choice (its default until the user sets one). Clients address only
 * themselves; servers any user of the project.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { plain, resolveUser } from "../model/Account.ts"
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

const UpdateBody = Schema.Struct({ enabled: Schema.Boolean })

/** Notification preference routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/emails/notification-preference/:userId", "client", ({ auth, params }) =>
    Effect.gen(function*() {
      const user = yield* resolveUser(auth, params.userId!)
      const state = yield* EmulatorState.get
      return Responses.list(categories.map((c) => view(c, isEnabled(state, user.id, c))))
    })),

  Router.patch("/emails/notification-preference/:userId/:categoryId", "client", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(UpdateBody, body)
      const category = categories.find((c) => c.id === params.categoryId)
      if (category === undefined) return yield* plain(404, "The notification category was not found.")
      const user = yield* resolveUser(auth, params.userId!)
      const preference: Preference = { userId: user.id, categoryId: category.id, enabled: input.enabled }
      yield* EmulatorState.update((state) =>
        preferences.set(state, Table.put(preferences.get(state), key(user.id, category.id), preference)))
      return Responses.json(view(category, input.enabled))
    }))
]
