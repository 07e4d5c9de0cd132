/**
 * User management from a server (`/users`, server access): create, read, update
 * and delete any user of the project, list them page by page (also by team), or walk all of them
 * as a `Stream` that follows `pagination.next_cursor`.
 *
 * Create and update inputs are camelCase, encoded to the protocol's snake_case by their schemas
 * (an unknown key fails with `SchemaError` before any request); a password given as `Redacted` is
 * unwrapped only into the request body.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { ServerUser, ServerUserCreate, ServerUserPage, ServerUserUpdate } from "../protocol/internal/schemas/ServerUser.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The only sort the service offers, and its wire name. */
export const orderByWire = { signedUpAt: "signed_up_at" } as const

/** A sort key of the user list. */
export type OrderBy = keyof typeof orderByWire

/** A password in an input: plain, or kept `Redacted` until the request body is built. */
export type PasswordInput = string | Redacted.Redacted<string>

/** The fields of a new user (camelCase, encoded to the wire's snake_case). */
export type CreateInput = ServerUserCreate

/** Changes to a user (camelCase, encoded to the wire's snake_case). */
export type UpdateInput = ServerUserUpdate

/** Options of {@link list} and {@link stream}. `GET /users` */
export interface ListOptions {
  /** Where to start: a `nextCursor` of an earlier page. */
  readonly cursor?: string | undefined
  /** The page size; without it the service answers every user in one page. */
  readonly limit?: number | undefined
  /** Newest first. */
  readonly desc?: boolean | undefined
  /** Only `signedUpAt`; anything else is refused before a request is sent. */
  readonly orderBy?: OrderBy | undefined
  /** Free-text search on id, display name and primary e-mail. */
  readonly query?: string | undefined
  /** Only members of this team. `GET /users?team_id={id}` */
  readonly teamId?: string | undefined
}

/** One page of users and the cursor of the next one (`undefined` on the last page). */
export interface Page {
  readonly items: ReadonlyArray<ServerUser>
  readonly nextCursor: string | undefined
}

/** `orderBy` was not `signedUpAt`: refused before any request. */
export class InvalidOrderBy extends /*#__PURE__*/ Schema.TaggedError<InvalidOrderBy>()("InvalidOrderBy", {
  orderBy: Schema.String
}) {
  override get message(): string {
    return `Users can only be listed by signedUpAt, not by ${JSON.stringify(this.orderBy)}`
  }
}

/** A user, server view. */
export type {
  ServerTeam,
  ServerUser,
  ServerUserCreate,
  ServerUserOAuthProviderInput,
  ServerUserUpdate
} from "../protocol/internal/schemas/ServerUser.ts"

const encodeCreate = /*#__PURE__*/ Wire.encodeInput(ServerUserCreate)
const encodeUpdate = /*#__PURE__*/ Wire.encodeInput(ServerUserUpdate)

const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}`

const createErrors = [KnownErrors.SchemaError, KnownErrors.UserWithEmailAlreadyExists, KnownErrors.PasswordTooShort, KnownErrors.PasswordTooLong] as const
/** What {@link create} can fail with. */
export type CreateError = Call.CallError<typeof createErrors>

/** Creates a user. `POST /users` */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: CreateInput): Effect.fn.Return<ServerUser, CreateError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({ method: "POST", path: "/users", body: yield* encodeCreate(input), response: ServerUser, errors: createErrors })
  },
  /*#__PURE__*/ Traced.span("ServerUsers.create")
)

const getErrors = [KnownErrors.SchemaError, KnownErrors.UserNotFound] as const
/** What {@link get} can fail with. */
export type GetError = Call.CallError<typeof getErrors>

/** Reads a user by id. `GET /users/{id}` */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string): Effect.fn.Return<ServerUser, GetError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({ method: "GET", path: userPath(userId), response: ServerUser, errors: getErrors })
  },
  /*#__PURE__*/ Traced.span("ServerUsers.get")
)

const updateErrors = [
  KnownErrors.SchemaError,
  KnownErrors.UserNotFound,
  KnownErrors.UserWithEmailAlreadyExists,
  KnownErrors.PasswordTooShort,
  KnownErrors.PasswordTooLong,
  KnownErrors.TeamMembershipNotFound
] as const
/** What {@link update} can fail with. */
export type UpdateError = Call.CallError<typeof updateErrors>

/** Updates a user (server metadata, primary e-mail, password, TOTP secret, ...). `PATCH /users/{id}` */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string, input: UpdateInput): Effect.fn.Return<ServerUser, UpdateError, StackHttp | ServerAccess> {
    yield* ServerAccess
    return yield* Call.call({ method: "PATCH", path: userPath(userId), body: yield* encodeUpdate(input), response: ServerUser, errors: updateErrors })
  },
  /*#__PURE__*/ Traced.span("ServerUsers.update")
)

const removeErrors = [KnownErrors.SchemaError, KnownErrors.UserNotFound] as const
/** What {@link remove} can fail with. */
export type RemoveError = Call.CallError<typeof removeErrors>

/** Deletes a user with its sessions, memberships and keys. `DELETE /users/{id}` */
export const remove = /*#__PURE__*/ Effect.fnUntraced(
  function*(userId: string): Effect.fn.Return<void, RemoveError, StackHttp | ServerAccess> {
    yield* ServerAccess
    yield* Call.call({ method: "DELETE", path: userPath(userId), body: {}, response: Schema.Unknown, errors: removeErrors })
  },
  /*#__PURE__*/ Traced.span("ServerUsers.remove")
)

const listErrors = [KnownErrors.SchemaError] as const
/** What {@link list} can fail with: a malformed cursor or team id is the service's `SchemaError`. */
export type ListError = InvalidOrderBy | Call.CallError<typeof listErrors>

const listQuery = (options: ListOptions) =>
  Effect.gen(function*() {
    let orderBy: string | undefined
    if (options.orderBy !== undefined) {
      orderBy = Object.prototype.hasOwnProperty.call(orderByWire, options.orderBy) ? orderByWire[options.orderBy] : undefined
      if (orderBy === undefined) return yield* new InvalidOrderBy({ orderBy: String(options.orderBy) })
    }
    return {
      ...(options.teamId === undefined ? {} : { team_id: options.teamId }),
      cursor: options.cursor,
      limit: options.limit,
      desc: options.desc,
      order_by: orderBy,
      query: options.query === "" ? undefined : options.query
    }
  })

/** One page of the project's users (or a team's). `GET /users`, `GET /users?team_id={id}` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: ListOptions = {}): Effect.fn.Return<Page, ListError, StackHttp | ServerAccess> {
    yield* ServerAccess
    const query = yield* listQuery(options)
    const page = yield* Call.call({ method: "GET", path: "/users", query, response: ServerUserPage, errors: listErrors })
    return { items: page.items, nextCursor: page.pagination?.nextCursor ?? undefined }
  },
  /*#__PURE__*/ Traced.span("ServerUsers.list")
)

/** Page size {@link stream} asks for when the options give none. */
export const defaultStreamPageSize = 100

/**
 * Every matching user, page after page, following `pagination.next_cursor`: one page is fetched
 * only when the previous one is consumed, so memory stays bounded by the page size.
 */
export const stream = (options: ListOptions = {}): Stream.Stream<ServerUser, ListError, StackHttp | ServerAccess> =>
  Stream.paginate(options.cursor, (cursor: string | undefined) =>
    Effect.map(
      list({ ...options, cursor, limit: options.limit ?? defaultStreamPageSize }),
      (page) => [page.items, Option.fromNullishOr(page.nextCursor)] as const
    ))
