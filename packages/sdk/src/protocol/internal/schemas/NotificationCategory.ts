/**
 * Notification categories and the user's preference for each
 * (`/emails/notification-preference`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A notification category with the user's choice. */
export const NotificationCategory = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  enabled: Schema.Boolean,
  canDisable: Schema.Boolean
}).pipe(Wire.encodeKeys({
  id: "notification_category_id",
  name: "notification_category_name",
  canDisable: "can_disable"
}))

type NotificationCategoryType = typeof NotificationCategory.Type
/** A notification category with the user's choice. */
export interface NotificationCategory extends NotificationCategoryType {}

/** `{ items }` of the list calls. */
export const NotificationCategoryList = Schema.Struct({ items: Schema.Array(NotificationCategory) })
