/**
 * Sessions (`/auth/sessions`): the
 * signed-in user lists and revokes their own sessions; a server creates sessions for any user
 * (optionally impersonating), lists and revokes them (`StackServerApp.actAs` acts as a user with
 * a session's tokens).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { SignInTokens } from "../protocol/internal/schemas/Auth.ts"
import { type SessionInfo, SessionList } from "../protocol/internal/schemas/SessionInfo.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A listed session. */
export type { SessionInfo } from "../protocol/internal/schemas/SessionInfo.ts"

/** Lifetime of a session a server creates without saying: one year. */
export const defaultExpiresInMillis = 31_536_000_000

const sessionPath = (sessionId: string) => `/auth/sessions/${encodeURIComponent(sessionId)}`

// ----- the signed-in user (client) -----

const listMineErrors = [KnownErrors.CannotGetOwnUserWithoutUser] as const
/** What {@link listMine} can fail with (`CannotGetOwnUserWithoutUser` when signed out). */
export type ListMineError = Call.CallError<typeof listMineErrors>

/** The signed-in user's sessions, newest first; the one in use has `isCurrentSession`. `GET /auth/sessions?user_id=me` */
export const listMine = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<SessionInfo>, ListMineError, Session.Session> {
    const list = yield* Session.call({
      method: "GET",
      path: "/auth/sessions",
      query: { user_id: "me" },
      response: SessionList,
      errors: listMineErrors
    })
    return list.items
  },
  /*#__PURE__*/ Traced.span("Sessions.listMine")
)

const revokeMineErrors = [KnownErrors.SchemaError, KnownErrors.CannotDeleteCurrentSession] as const
/** What {@link revokeMine} can fail with: the session in use cannot revoke itself (sign out instead). */
export type RevokeMineError = Call.CallError<typeof revokeMineErrors>

/** Revokes another session of the signed-in user. `DELETE /auth/sessions/{id}?user_id=me` */
export const revokeMine = /*#__PURE__*/ Effect.fnUntraced(
  function*(sessionId: string): Effect.fn.Return<void, RevokeMineError, Session.Session> {
    yield* Session.call({
      method: "DELETE",
      path: sessionPath(sessionId),
      query: { user_id: "me" },
      response: Schema.Unknown,
      errors: revokeMineErrors
    })
  },
  /*#__PURE__*/ Traced.span("Sessions.revokeMine")
)

// ----- any user (server) -----

/** What a server asks for when creating a session (`POST /auth/sessions`). */
export interface CreateInput {
  readonly userId: string
  /** Lifetime of the refresh token; one year by default. */
  readonly expiresInMillis?: number | undefined
  /** Marks the session as an impersonation (hidden from the user's own list). */
  readonly isImpersonation?: boolean | undefined
}

const createErrors = [KnownErrors.SchemaError, KnownErrors.UserIdDoesNotExist] as const
/** What {@link create} can fail with. */
export type CreateError = Call.CallError<typeof createErrors>

/** Creates a session for a user and answers its tokens. `POST /auth/sessions` */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: CreateInput): Effect.fn.Return<Session.Tokens, CreateError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const tokens = yield* Call.call({
      method: "POST",
      path: "/auth/sessions",
      body: {
        user_id: input.userId,
        expires_in_millis: input.expiresInMillis ?? defaultExpiresInMillis,
        is_impersonation: input.isImpersonation ?? false
      },
      response: SignInTokens,
      errors: createErrors
    })
    return { accessToken: Redacted.make(tokens.accessToken), refreshToken: Redacted.make(tokens.refreshToken) }
  },
  /*#__PURE__*/ Traced.span("Sessions.create")
)

/** What {@link list} can fail with: no error specific to it. */
export type ListError = KnownErrors.SchemaError | Call.CallError<readonly []>

/** A user's sessions, newest first. `GET /auth/sessions?user_id={id}` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string): Effect.fn.Return<ReadonlyArray<SessionInfo>, ListError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const result = yield* Call.call({ method: "GET", path: "/auth/sessions", query: { user_id: userId }, response: SessionList, errors: [KnownErrors.SchemaError] })
    return result.items
  },
  /*#__PURE__*/ Traced.span("Sessions.list")
)

/**
 * What {@link revoke} can fail with: no error specific to it. A malformed session id is a
 * `SchemaError`; an unknown one the service's plain 404 ("Session not found."), a `StackTransportError`, reason `HttpError`.
 */
export type RevokeError = KnownErrors.SchemaError | Call.CallError<readonly []>

/**
 * Revokes a session of a user (`DELETE /auth/sessions/{id}?user_id={userId}`: the service
 * requires the user's id). Its refresh token stops working at once.
 */
export const revoke = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string, sessionId: string): Effect.fn.Return<void, RevokeError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({
      method: "DELETE",
      path: sessionPath(sessionId),
      query: { user_id: userId },
      response: Schema.Unknown,
      errors: [KnownErrors.SchemaError]
    })
  },
  /*#__PURE__*/ Traced.span("Sessions.revoke")
)
