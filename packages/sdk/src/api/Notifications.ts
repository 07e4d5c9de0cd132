/**
 * Notification categories (`/emails/notification-preference`): the
 * current user's choice per category, and with `ServerAccess` any user's by id.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import { SchemaError, CannotGetOwnUserWithoutUser, UserNotFound } from "../protocol/KnownErrors.ts"
import { NotificationCategory, NotificationCategoryList } from "../protocol/internal/schemas/NotificationCategory.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A notification category with the user's choice. */
export type { NotificationCategory } from "../protocol/internal/schemas/NotificationCategory.ts"

type Common = KnownError | UnknownErrorCode | TransportError

const listPath = (userId: string) => `/emails/notification-preference/${encodeURIComponent(userId)}`
const categoryPath = (userId: string, categoryId: string) => `${listPath(userId)}/${encodeURIComponent(categoryId)}`

/** What the current user's calls can fail with (an unknown category is a plain 404). */
export type Error = SchemaError | CannotGetOwnUserWithoutUser | Common

/** The categories with the current user's choices. `GET /emails/notification-preference/me` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<NotificationCategory>, Error, Session.Session> {
    const answer = yield* Session.call({ method: "GET", path: listPath("me"), response: NotificationCategoryList, errors: [SchemaError, CannotGetOwnUserWithoutUser] })
    return answer.items
  },
  /*#__PURE__*/ Traced.span("Notifications.list")
)

/** Turns a category on or off for the current user. `PATCH /emails/notification-preference/me/{category}` */
export const setEnabled = /*#__PURE__*/ Effect.fnUntraced(
  function*(categoryId: string, enabled: boolean): Effect.fn.Return<NotificationCategory, Error, Session.Session> {
    return yield* Session.call({
      method: "PATCH",
      path: categoryPath("me", categoryId),
      body: { enabled },
      response: NotificationCategory,
      errors: [SchemaError, CannotGetOwnUserWithoutUser]
    })
  },
  /*#__PURE__*/ Traced.span("Notifications.setEnabled")
)

/** What a server's calls can fail with. */
export type ServerError = SchemaError | UserNotFound | Common

/** A user's categories and choices. `GET /emails/notification-preference/{userId}` */
export const listForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string): Effect.fn.Return<ReadonlyArray<NotificationCategory>, ServerError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const answer = yield* Call.call({ method: "GET", path: listPath(userId), response: NotificationCategoryList, errors: [SchemaError, UserNotFound] })
    return answer.items
  },
  /*#__PURE__*/ Traced.span("Notifications.listForUser")
)

/** Turns a category on or off for a user. `PATCH /emails/notification-preference/{userId}/{category}` */
export const setEnabledForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    userId: string,
    categoryId: string,
    enabled: boolean
  ): Effect.fn.Return<NotificationCategory, ServerError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "PATCH",
      path: categoryPath(userId, categoryId),
      body: { enabled },
      response: NotificationCategory,
      errors: [SchemaError, UserNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("Notifications.setEnabledForUser")
)
