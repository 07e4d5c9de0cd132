/**
 * Linked OAuth provider accounts (`/oauth-providers`): addressed by user id and the account's own
 * id. Clients read, update and delete the current user's; servers (`ServerAccess`) also create them
 * and address any user. Inputs are camelCase, encoded to the wire's snake_case (an unknown key
 * fails with `SchemaError`). An account not found is a plain 404 (a `StackTransportError`, reason
 * `HttpError`).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import { CannotGetOwnUserWithoutUser, OAuthProviderAccountIdAlreadyUsedForSignIn, SchemaError, UserNotFound } from "../protocol/KnownErrors.ts"
import {
  OAuthProvider,
  OAuthProviderCreate,
  OAuthProviderList,
  OAuthProviderOwnUpdate,
  OAuthProviderUpdate
} from "../protocol/internal/schemas/OAuthProvider.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** Linked accounts and their payloads. */
export type {
  OAuthProvider,
  OAuthProviderCreate,
  OAuthProviderOwnUpdate,
  OAuthProviderUpdate
} from "../protocol/internal/schemas/OAuthProvider.ts"

type Common = KnownError | UnknownErrorCode | TransportError

const encodeCreate = /*#__PURE__*/ Wire.encodeInput(OAuthProviderCreate)
const encodeUpdate = /*#__PURE__*/ Wire.encodeInput(OAuthProviderUpdate)
const encodeOwnUpdate = /*#__PURE__*/ Wire.encodeInput(OAuthProviderOwnUpdate)

const path = (userId: string, id: string) => `/oauth-providers/${encodeURIComponent(userId)}/${encodeURIComponent(id)}`

/** What the current user's calls can fail with. */
export type Error = SchemaError | CannotGetOwnUserWithoutUser | Common

/** What updates can fail with: the account id signs in to another user already, or the input is refused. */
export type UpdateError = OAuthProviderAccountIdAlreadyUsedForSignIn | SchemaError | Error

/** The current user's linked accounts. `GET /oauth-providers?user_id=me` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<OAuthProvider>, Error, Session.Session> {
    const answer = yield* Session.call({
      method: "GET",
      path: "/oauth-providers",
      query: { user_id: "me" },
      response: OAuthProviderList,
      errors: [SchemaError, CannotGetOwnUserWithoutUser]
    })
    return answer.items
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.list")
)

/** One of the current user's linked accounts. `GET /oauth-providers/me/{id}` */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string): Effect.fn.Return<OAuthProvider, Error, Session.Session> {
    return yield* Session.call({ method: "GET", path: path("me", id), response: OAuthProvider, errors: [SchemaError, CannotGetOwnUserWithoutUser] })
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.get")
)

/** Changes whether one of the current user's accounts signs in or serves tokens. `PATCH /oauth-providers/me/{id}` */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    id: string,
    changes: OAuthProviderOwnUpdate
  ): Effect.fn.Return<OAuthProvider, UpdateError, Session.Session> {
    return yield* Session.call({
      method: "PATCH",
      path: path("me", id),
      body: yield* encodeOwnUpdate(changes),
      response: OAuthProvider,
      errors: [SchemaError, OAuthProviderAccountIdAlreadyUsedForSignIn, CannotGetOwnUserWithoutUser]
    })
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.update")
)

/** Unlinks one of the current user's accounts. `DELETE /oauth-providers/me/{id}` */
export const remove = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string): Effect.fn.Return<void, Error, Session.Session> {
    yield* Session.call({ method: "DELETE", path: path("me", id), response: Schema.Unknown, errors: [SchemaError, CannotGetOwnUserWithoutUser] })
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.remove")
)

// ----- server -----

/** What a server's calls can fail with. */
export type ServerError = SchemaError | UserNotFound | Common

/** What a server's writes can fail with: the account id signs in to another user already, or the input is refused. */
export type ServerWriteError = OAuthProviderAccountIdAlreadyUsedForSignIn | SchemaError | ServerError

/** A user's linked accounts, or every linked account of the project. `GET /oauth-providers` */
export const listForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId?: string): Effect.fn.Return<ReadonlyArray<OAuthProvider>, ServerError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const answer = yield* Call.call({
      method: "GET",
      path: "/oauth-providers",
      query: { user_id: userId },
      response: OAuthProviderList,
      errors: [SchemaError, UserNotFound]
    })
    return answer.items
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.listForUser")
)

/** Links a provider account to a user. `POST /oauth-providers` */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: OAuthProviderCreate): Effect.fn.Return<OAuthProvider, ServerWriteError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: "/oauth-providers",
      body: yield* encodeCreate(input),
      response: OAuthProvider,
      errors: [SchemaError, OAuthProviderAccountIdAlreadyUsedForSignIn, UserNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.create")
)

/** A user's linked account. `GET /oauth-providers/{userId}/{providerId}` */
export const getForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string, id: string): Effect.fn.Return<OAuthProvider, ServerError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({ method: "GET", path: path(userId, id), response: OAuthProvider, errors: [SchemaError, UserNotFound] })
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.getForUser")
)

/** Changes a user's linked account (e-mail and account id included). `PATCH /oauth-providers/{userId}/{providerId}` */
export const updateForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    userId: string,
    id: string,
    changes: OAuthProviderUpdate
  ): Effect.fn.Return<OAuthProvider, ServerWriteError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({
      method: "PATCH",
      path: path(userId, id),
      body: yield* encodeUpdate(changes),
      response: OAuthProvider,
      errors: [SchemaError, OAuthProviderAccountIdAlreadyUsedForSignIn, UserNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.updateForUser")
)

/** Unlinks a user's account. `DELETE /oauth-providers/{userId}/{providerId}` */
export const removeForUser = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string, id: string): Effect.fn.Return<void, ServerError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({ method: "DELETE", path: path(userId, id), response: Schema.Unknown, errors: [SchemaError, UserNotFound] })
  },
  /*#__PURE__*/ Traced.span("OAuthProviders.removeForUser")
)
