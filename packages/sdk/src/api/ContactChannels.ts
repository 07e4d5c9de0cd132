/**
 * Contact channels (`/contact-channels`): the current user's
 * channels (client: list, create, update, delete, send a verification code) and, with
 * `ServerAccess`, any user's channels by user id. Inputs are camelCase, encoded to the wire's
 * snake_case (an unknown key fails with `SchemaError`).
 *
 * Verifying a code is `EmailVerification.verify`.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CurrentHandlerUrls } from "../handler/HandlerUrls.ts"
import * as Redirects from "../handler/Redirects.ts"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import {
  CannotGetOwnUserWithoutUser,
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  EmailAlreadyVerified,
  RedirectUrlNotWhitelisted,
  SchemaError,
  UserIdDoesNotExist,
  UserNotFound
} from "../protocol/KnownErrors.ts"
import {
  ContactChannel,
  ContactChannelCreate,
  ContactChannelList,
  ContactChannelUpdate,
  ServerContactChannelCreate,
  ServerContactChannelUpdate
} from "../protocol/internal/schemas/ContactChannel.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** Contact channels and their payloads. */
export type {
  ContactChannel,
  ContactChannelCreate,
  ContactChannelUpdate,
  ServerContactChannelCreate,
  ServerContactChannelUpdate
} from "../protocol/internal/schemas/ContactChannel.ts"

type Common = KnownError | UnknownErrorCode | TransportError

const encodeCreate = /*#__PURE__*/ Wire.encodeInput(ContactChannelCreate)
const encodeUpdate = /*#__PURE__*/ Wire.encodeInput(ContactChannelUpdate)
const encodeServerCreate = /*#__PURE__*/ Wire.encodeInput(ServerContactChannelCreate)
const encodeServerUpdate = /*#__PURE__*/ Wire.encodeInput(ServerContactChannelUpdate)

const path = (userId: string, channelId: string) =>
  `/contact-channels/${encodeURIComponent(userId)}/${encodeURIComponent(channelId)}`

/** What the current user's calls can fail with when signed out. */
export type ListError = CannotGetOwnUserWithoutUser | Common

/** What deleting one of the current user's channels can fail with: signed out, or an id the service refuses. */
export type RemoveError = SchemaError | CannotGetOwnUserWithoutUser | Common

/** The current user's channels, oldest first. `GET /contact-channels?user_id=me` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<ContactChannel>, ListError, Session.Session> {
    const answer = yield* Session.call({
      method: "GET",
      path: "/contact-channels",
      query: { user_id: "me" },
      response: ContactChannelList,
      errors: [CannotGetOwnUserWithoutUser]
    })
    return answer.items
  },
  /*#__PURE__*/ Traced.span("ContactChannels.list")
)

/**
 * What creating or updating a channel can fail with: signed out, a value another user signs in
 * with, an input refused by its schema or the service (a duplicate value is a plain 400).
 */
export type WriteError = ContactChannelAlreadyUsedForAuthBySomeoneElse | CannotGetOwnUserWithoutUser | SchemaError | Common

const writeErrors = [SchemaError, ContactChannelAlreadyUsedForAuthBySomeoneElse, CannotGetOwnUserWithoutUser] as const

/** Adds a channel to the current user (unverified, not primary unless asked). `POST /contact-channels` */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: ContactChannelCreate): Effect.fn.Return<ContactChannel, WriteError, Session.Session> {
    return yield* Session.call({
      method: "POST",
      path: "/contact-channels",
      body: { ...yield* encodeCreate(input), user_id: "me" },
      response: ContactChannel,
      errors: writeErrors
    })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.create")
)

/** Changes one of the current user's channels; a new value is unverified again. `PATCH /contact-channels/me/{id}` */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(channelId: string, changes: ContactChannelUpdate): Effect.fn.Return<ContactChannel, WriteError, Session.Session> {
    return yield* Session.call({
      method: "PATCH",
      path: path("me", channelId),
      body: yield* encodeUpdate(changes),
      response: ContactChannel,
      errors: writeErrors
    })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.update")
)

/** Deletes one of the current user's channels. `DELETE /contact-channels/me/{id}` */
export const remove = /*#__PURE__*/ Effect.fnUntraced(
  function*(channelId: string): Effect.fn.Return<void, RemoveError, Session.Session> {
    yield* Session.call({ method: "DELETE", path: path("me", channelId), response: Schema.Unknown, errors: [SchemaError, CannotGetOwnUserWithoutUser] })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.remove")
)

/** What sending a channel's verification code can fail with. */
export type SendVerificationCodeError =
  | SchemaError
  | EmailAlreadyVerified
  | RedirectUrlNotWhitelisted
  | CannotGetOwnUserWithoutUser
  | Redirects.CallbackUrlRequired
  | Common

const sendErrors = [SchemaError, EmailAlreadyVerified, RedirectUrlNotWhitelisted, CannotGetOwnUserWithoutUser] as const

/** What `sendVerificationCode` takes: the page the link opens (the app's verification page by default). */
export interface SendVerificationCodeOptions {
  readonly callbackUrl?: string | undefined
}

/**
 * Sends a verification code to one of the current user's channels, linking to `callbackUrl`
 * (by default the app's e-mail-verification page). `POST /contact-channels/me/{id}/send-verification-code`
 */
export const sendVerificationCode = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    channelId: string,
    options: SendVerificationCodeOptions = {}
  ): Effect.fn.Return<void, SendVerificationCodeError, Session.Session> {
    const callbackUrl = yield* Redirects.callbackUrl((yield* CurrentHandlerUrls).emailVerification, { explicit: options.callbackUrl })
    yield* Session.call({
      method: "POST",
      path: `${path("me", channelId)}/send-verification-code`,
      body: { callback_url: callbackUrl },
      response: Schema.Unknown,
      errors: sendErrors
    })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.sendVerificationCode")
)

// ----- server: any user by id -----

/**
 * What a server's writes can fail with: an unknown user, a value another user signs in with, an
 * input refused by its schema or the service.
 */
export type ServerWriteError = ContactChannelAlreadyUsedForAuthBySomeoneElse | UserNotFound | SchemaError | Common

const serverWriteErrors = [SchemaError, ContactChannelAlreadyUsedForAuthBySomeoneElse, UserNotFound] as const

/** What listing a user's channels can fail with: a user id the service refuses. */
export type ListForUserError = SchemaError | Common

/** Any user's channels, oldest first (none for an unknown user). `GET /contact-channels?user_id={id}` */
export const listForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string): Effect.fn.Return<ReadonlyArray<ContactChannel>, ListForUserError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const answer = yield* Call.call({ method: "GET", path: "/contact-channels", query: { user_id: userId }, response: ContactChannelList, errors: [SchemaError] })
    return answer.items
  },
  /*#__PURE__*/ Traced.span("ContactChannels.listForUser")
)

/**
 * Adds a channel to a user, possibly verified already (`POST /contact-channels`). For a user id
 * the project does not have, the 2.8.27 service fails with a plain HTTP 500 (its database refuses
 * the row): a `StackTransportError` (reason `HttpError`) with status 500, not `UserNotFound`, and not retried. Check the user
 * first (`ServerUsers.get`) if the id may be stale.
 */
export const createForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    userId: string,
    input: ServerContactChannelCreate
  ): Effect.fn.Return<ContactChannel, ServerWriteError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: "/contact-channels",
      body: { ...yield* encodeServerCreate(input), user_id: userId },
      response: ContactChannel,
      errors: serverWriteErrors
    })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.createForUser")
)

/** Changes a user's channel, verification included. `PATCH /contact-channels/{userId}/{id}` */
export const updateForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    userId: string,
    channelId: string,
    changes: ServerContactChannelUpdate
  ): Effect.fn.Return<ContactChannel, ServerWriteError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "PATCH",
      path: path(userId, channelId),
      body: yield* encodeServerUpdate(changes),
      response: ContactChannel,
      errors: serverWriteErrors
    })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.updateForUser")
)

/** What deleting a user's channel can fail with. */
export type RemoveForUserError = UserNotFound | SchemaError | Common

/** Deletes a user's channel. `DELETE /contact-channels/{userId}/{id}` */
export const removeForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string, channelId: string): Effect.fn.Return<void, RemoveForUserError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({ method: "DELETE", path: path(userId, channelId), response: Schema.Unknown, errors: [SchemaError, UserNotFound] })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.removeForUser")
)

/** What sending a verification code for a user can fail with. */
export type SendVerificationCodeForUserError = SchemaError | SendVerificationCodeError | UserIdDoesNotExist

/** Sends a verification code to a user's channel. `POST /contact-channels/{userId}/{id}/send-verification-code` */
export const sendVerificationCodeForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    userId: string,
    channelId: string,
    options: SendVerificationCodeOptions = {}
  ): Effect.fn.Return<void, SendVerificationCodeForUserError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const callbackUrl = yield* Redirects.callbackUrl((yield* CurrentHandlerUrls).emailVerification, { explicit: options.callbackUrl })
    yield* Call.call({
      method: "POST",
      path: `${path(userId, channelId)}/send-verification-code`,
      body: { callback_url: callbackUrl },
      response: Schema.Unknown,
      errors: [SchemaError, ...sendErrors, UserIdDoesNotExist]
    })
  },
  /*#__PURE__*/ Traced.span("ContactChannels.sendVerificationCodeForUser")
)
