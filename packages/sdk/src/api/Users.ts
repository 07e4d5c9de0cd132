/**
 * The current user (`/users/me`): read it, get it with a
 * fallback for the signed-out case (`getUser({ or })`), update it, delete it.
 *
 * Anonymous users count as signed out unless `or: "anonymous"`. A known-invalid
 * session reads as signed out without a request.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { userOfSession } from "../query/internal/Keys.ts"
import * as QueryCache from "../query/QueryCache.ts"
import * as Redirects from "../handler/Redirects.ts"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import { CannotGetOwnUserWithoutUser, SchemaError, TeamMembershipNotFound } from "../protocol/KnownErrors.ts"
import { CurrentUser, CurrentUserUpdate } from "../protocol/internal/schemas/User.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import type { Navigation } from "../session/internal/NavigationService.ts"
import * as Session from "../session/Session.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Auth from "./Auth.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The current user and its update payload. */
export { CurrentUser, CurrentUserUpdate } from "../protocol/internal/schemas/User.ts"

/** `getUser({ or: "throw" })` found no signed-in user. */
export class UserNotSignedIn extends /*#__PURE__*/ Schema.TaggedError<UserNotSignedIn>()("UserNotSignedIn", {}) {
  override get message(): string {
    return "User is not signed in but getUser was called with { or: 'throw' }"
  }
}

/**
 * `getUser({ or: "redirect" })` found no signed-in user, sent the browser to the sign-in page and
 * waited the redirect wait; the page did not unload (for example on a server).
 */
export class RedirectedToSignIn extends /*#__PURE__*/ Schema.TaggedError<RedirectedToSignIn>()("RedirectedToSignIn", {}) {
  override get message(): string {
    return "The user is not signed in and was sent to the sign-in page"
  }
}

/** The project does not let users delete their own account (a plain 400 of the service). */
export class ClientUserDeletionNotEnabled
  extends /*#__PURE__*/ Schema.TaggedError<ClientUserDeletionNotEnabled>()("ClientUserDeletionNotEnabled", {})
{
  override get message(): string {
    return "This project does not let users delete their own account"
  }
}

/** What `getCurrent` can fail with. */
export type GetCurrentError = CannotGetOwnUserWithoutUser | KnownError | UnknownErrorCode | TransportError

/** The signed-in user, anonymous ones included; signed out: `CannotGetOwnUserWithoutUser`. `GET /users/me` */
export const getCurrent = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<CurrentUser, GetCurrentError, Session.Session> {
    return yield* Session.call({ method: "GET", path: "/users/me", response: CurrentUser, errors: [CannotGetOwnUserWithoutUser] })
  },
  /*#__PURE__*/ Traced.span("Users.getCurrent")
)

/** What every `getUser` mode can fail with (signed out is not a failure by itself). */
export type GetUserError = KnownError | UnknownErrorCode | TransportError

/**
 * The signed-in user, anonymous ones included, or `null` when signed out, with no request for a
 * known-invalid session. What every `getUser` mode and the React hooks load. `GET /users/me`
 */
export const loadCurrentOrNull: Effect.Effect<CurrentUser | null, GetUserError, Session.Session> = /*#__PURE__*/ Effect.gen(function*() {
  if (yield* (yield* Session.Session).isKnownInvalid) return null
  // `Effect.catch` with a tag test rather than `catchTag`: one combinator less in a browser bundle
  return yield* getCurrent().pipe(Effect.catch((error) =>
    error._tag === "CannotGetOwnUserWithoutUser" ? Effect.succeed(null) : Effect.fail(error)
  ))
})

/**
 * How long `getUser` serves the user from the app's cache: one request per window however often
 * it is called (the cache's 300 ms throttle).
 */
export const freshnessWindowMillis = QueryCache.throttleMillis

/** The cached current user of whoever is signed in now: a new session never sees the old user. */
const currentUserQuery: Effect.Effect<QueryCache.Query<CurrentUser | null, GetUserError, Session.Session>, never, Session.Session> =
  Session.Session.use((session) =>
    Effect.map(session.state, (state) =>
      QueryCache.query(userOfSession(state._tag === "SignedIn" ? (state.userId ?? "") : null), loadCurrentOrNull)))

/** The signed-in user or `null`; anonymous users only when `includeAnonymous`. */
const currentOrNull = (includeAnonymous: boolean) =>
  Effect.gen(function*() {
    const user = yield* QueryCache.getOrLoad(yield* currentUserQuery, { maxAge: freshnessWindowMillis })
    return user !== null && user.isAnonymous && !includeAnonymous ? null : user
  })

/** The signed-in user, or `null` when signed out or anonymous. */
export const getUserOrNull = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<CurrentUser | null, GetUserError, Session.Session> {
    return yield* currentOrNull(false)
  },
  /*#__PURE__*/ Traced.span("Users.getUserOrNull")
)

/** The signed-in user; signed out or anonymous fails with `UserNotSignedIn`. */
export const getUserOrThrow = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<CurrentUser, GetUserError | UserNotSignedIn, Session.Session> {
    const user = yield* currentOrNull(false)
    if (user === null) return yield* new UserNotSignedIn()
    return user
  },
  /*#__PURE__*/ Traced.span("Users.getUserOrThrow")
)

/**
 * The signed-in user; signed out or anonymous, navigates to the sign-in page (replacing the
 * history entry, carrying `after_auth_return_to`), waits the redirect wait and then fails with
 * `RedirectedToSignIn`: it never resolves to a user it does not have.
 */
export const getUserOrRedirect = /*#__PURE__*/ Effect.fnUntraced(
  function*(
    options: Redirects.RedirectOptions = {}
  ): Effect.fn.Return<
    CurrentUser,
    GetUserError | RedirectedToSignIn | Redirects.UntrustedRedirectUrl,
    Session.Session | Navigation
  > {
    const user = yield* currentOrNull(false)
    if (user !== null) return user
    yield* Redirects.redirectToHandler("signIn", { replace: true, ...options })
    return yield* new RedirectedToSignIn()
  },
  /*#__PURE__*/ Traced.span("Users.getUserOrRedirect")
)

/** The signed-in user, anonymous ones included; without one, signs up an anonymous user. */
export const getUserOrAnonymous = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<CurrentUser, GetCurrentError | Auth.SignUpAnonymouslyError, Session.Session> {
    const user = yield* currentOrNull(true)
    if (user !== null) return user
    yield* Auth.signUpAnonymously()
    return yield* getCurrent()
  },
  /*#__PURE__*/ Traced.span("Users.getUserOrAnonymous")
)

/** What `getUser` does when no (non-anonymous) user is signed in. */
export type Or = "return-null" | "throw" | "redirect" | "anonymous"

/** The current user, with `or` deciding the signed-out case (default `return-null`). */
export function getUser(
  options?: { readonly or?: "return-null" | undefined }
): Effect.Effect<CurrentUser | null, GetUserError, Session.Session>
export function getUser(
  options: { readonly or: "throw" }
): Effect.Effect<CurrentUser, GetUserError | UserNotSignedIn, Session.Session>
export function getUser(
  options: { readonly or: "redirect" } & Redirects.RedirectOptions
): Effect.Effect<CurrentUser, GetUserError | RedirectedToSignIn | Redirects.UntrustedRedirectUrl, Session.Session | Navigation>
export function getUser(
  options: { readonly or: "anonymous" }
): Effect.Effect<CurrentUser, GetCurrentError | Auth.SignUpAnonymouslyError, Session.Session>
export function getUser(
  options: { readonly or?: Or | undefined } & Redirects.RedirectOptions = {}
): Effect.Effect<
  CurrentUser | null,
  GetCurrentError | Auth.SignUpAnonymouslyError | UserNotSignedIn | RedirectedToSignIn | Redirects.UntrustedRedirectUrl,
  Session.Session | Navigation
> {
  switch (options.or) {
    case "throw":
      return getUserOrThrow()
    case "redirect": {
      const { or: _or, ...redirect } = options
      return getUserOrRedirect(redirect)
    }
    case "anonymous":
      return getUserOrAnonymous()
    default:
      return getUserOrNull()
  }
}

/**
 * What `update` can fail with: signed out, a selected team the user is not a member of, or an
 * input refused by its schema or the service (`SchemaError`).
 */
export type UpdateError =
  | CannotGetOwnUserWithoutUser
  | TeamMembershipNotFound
  | SchemaError
  | KnownError
  | UnknownErrorCode
  | TransportError

const encodeUpdate = /*#__PURE__*/ Wire.encodeInput(CurrentUserUpdate)

/**
 * Updates the signed-in user with the camelCase changes given (encoded to the wire's snake_case);
 * the app's write observer puts the answer in its cache, so `getUser` serves the new user at once.
 * `PATCH /users/me`
 */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(changes: CurrentUserUpdate): Effect.fn.Return<CurrentUser, UpdateError, Session.Session> {
    return yield* Session.call({
      method: "PATCH",
      path: "/users/me",
      body: yield* encodeUpdate(changes),
      response: CurrentUser,
      errors: [SchemaError, CannotGetOwnUserWithoutUser, TeamMembershipNotFound]
    })
  },
  /*#__PURE__*/ Traced.span("Users.update")
)

/** What `deleteCurrent` can fail with. */
export type DeleteCurrentError =
  | CannotGetOwnUserWithoutUser
  | ClientUserDeletionNotEnabled
  | KnownError
  | UnknownErrorCode
  | TransportError

/**
 * Deletes the current user (when the project allows client user deletion), then invalidates the
 * session and clears both tokens without another request. `DELETE /users/me`
 */
export const deleteCurrent = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<void, DeleteCurrentError, Session.Session> {
    yield* Session.call({ method: "DELETE", path: "/users/me", response: Schema.Unknown, errors: [CannotGetOwnUserWithoutUser] }).pipe(
      // The switch is the only plain (non-known-error) 400 this call answers.
      Effect.catchReason("StackTransportError", "HttpError", (reason, error) =>
        Effect.fail(reason.status === 400 ? new ClientUserDeletionNotEnabled() : error))
    )
    yield* (yield* Session.Session).invalidate
  },
  /*#__PURE__*/ Traced.span("Users.deleteCurrent")
)
