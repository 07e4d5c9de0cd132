/**
 * The caller of one request, once its access token has been checked: server-side only.
 *
 * `CurrentUser.CurrentUser` is the service handlers read (`yield* CurrentUser.CurrentUser`); the
 * middlewares of `HttpApiAuth`, `HttpRouterAuth` and `RpcAuth` provide it, and `layerTest` provides
 * a chosen one in your handlers' tests. It holds the verified claims; `CurrentUser.user` loads the
 * full user (server view, `GET /users/me` with the caller's token) at most once per request.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type { ServerUser } from "../api/ServerUsers.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { ServerUser as ServerUserSchema } from "../protocol/internal/schemas/ServerUser.ts"
import * as Call from "../transport/Call.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import type { Claims } from "./AccessTokenVerifier.ts"

/** How the caller was checked: by the local verifier, or by asking the service. */
export type Mode = "local" | "remote"

const loadErrors = [
  KnownErrors.CannotGetOwnUserWithoutUser,
  KnownErrors.UnparsableAccessToken,
  KnownErrors.AccessTokenExpired,
  KnownErrors.InvalidProjectForAccessToken
] as const

/** What loading the full user can fail with. */
export type LoadError = Call.CallError<typeof loadErrors> | TransportError

/** The caller of the current request. */
export interface Service {
  /** `sub`: the user's id. */
  readonly userId: string
  /** `aud`: the project. */
  readonly projectId: string
  /** `branchId`. */
  readonly branchId: string
  /** The session (refresh token) id the access token was issued for. */
  readonly sessionId: string | undefined
  /** When the access token expires (ms since the epoch). */
  readonly expiresAtMillis: number
  /** The access token (for calls made as this user). */
  readonly accessToken: Redacted.Redacted<string>
  /** Every verified claim. */
  readonly claims: Claims
  /** How the caller was checked. */
  readonly mode: Mode
  /** The full user, server view: one `GET /users/me` on first use, shared by later uses in the request. */
  readonly user: Effect.Effect<ServerUser, LoadError>
}

/** The caller of the current request. */
export class CurrentUser extends /*#__PURE__*/ Context.Service<CurrentUser, Service>()("stack-auth-effect/server/CurrentUser") {}

/** Runs `load` once, on first use; later uses share its result (success or failure). */
const once = <A, E>(load: Effect.Effect<A, E>): Effect.Effect<A, E> => {
  let deferred: Deferred.Deferred<A, E> | undefined
  return Effect.suspend(() => {
    if (deferred !== undefined) return Deferred.await(deferred)
    const mine = Deferred.makeUnsafe<A, E>()
    deferred = mine
    return Effect.flatMap(Effect.exit(load), (exit) => Effect.andThen(Deferred.done(mine, exit), exit))
  })
}

/** Loads the caller's full user with its own token through a server pipeline (`GET /users/me`). */
export const loadUser = (http: StackHttp["Service"], accessToken: Redacted.Redacted<string>): Effect.Effect<ServerUser, LoadError> =>
  Call.run((request) => http.execute({ ...request, tokens: { accessToken } }), {
    method: "GET",
    path: "/users/me",
    response: ServerUserSchema,
    errors: loadErrors
  }) as Effect.Effect<ServerUser, LoadError>

/** The caller for verified `claims`; `load` fetches the full user (run at most once). */
export const make = (claims: Claims, mode: Mode, load: Effect.Effect<ServerUser, LoadError>): Service => ({
  userId: claims.userId,
  projectId: claims.projectId,
  branchId: claims.branchId,
  sessionId: claims.refreshTokenId,
  expiresAtMillis: claims.expiresAtMillis,
  accessToken: claims.token,
  claims,
  mode,
  user: once(load)
})

/** The caller for verified `claims`, loading the full user through the app's server pipeline. */
export const fromClaims = (claims: Claims, mode: Mode): Effect.Effect<Service, never, StackHttp> =>
  StackHttp.use((http) => Effect.succeed(make(claims, mode, loadUser(http, claims.token))))

/** The full user of the current caller (`GET /users/me` once per request). */
export const user: Effect.Effect<ServerUser, LoadError, CurrentUser> = /*#__PURE__*/ CurrentUser.use((current) => current.user)

/** What {@link layerTest} needs: a user id, and any claim or user you want handlers to see. */
export interface TestOptions {
  readonly userId: string
  readonly projectId?: string | undefined
  readonly sessionId?: string | undefined
  readonly expiresAtMillis?: number | undefined
  /** What `CurrentUser.user` answers; it fails with `CannotGetOwnUserWithoutUser` when absent. */
  readonly user?: ServerUser | undefined
}

/** A chosen caller for handler tests: no token, no key set, no service. */
export const testService = (options: TestOptions): Service => {
  const claims: Claims = {
    userId: options.userId,
    projectId: options.projectId ?? "test-project",
    branchId: "main",
    refreshTokenId: options.sessionId,
    issuer: "test",
    role: "authenticated",
    issuedAtMillis: 0,
    expiresAtMillis: options.expiresAtMillis ?? Number.MAX_SAFE_INTEGER,
    token: Redacted.make("test-access-token"),
    payload: { sub: options.userId }
  }
  return make(
    claims,
    "local",
    options.user === undefined ? Effect.fail(new KnownErrors.CannotGetOwnUserWithoutUser({})) : Effect.succeed(options.user)
  )
}

/** Provides a chosen caller (your handlers' tests): `CurrentUser.layerTest({ userId: "u1" })`. */
export const layerTest = (options: TestOptions): Layer.Layer<CurrentUser> => Layer.succeed(CurrentUser, testService(options))
