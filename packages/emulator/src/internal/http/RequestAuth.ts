/**
 * Request authentication of the protocol: project id and access type headers, the
 * key of each access type, the project owner's admin access token, and the user's access token.
 * Each failure is the protocol's known error for that case.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { AccessType } from "stack-auth-effect/AccessType"
import * as Headers from "stack-auth-effect/Headers"
import * as KnownErrors from "stack-auth-effect/KnownErrors"
import type { InternalApiKey, Project, State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import { membershipKey } from "../../EmulatorState.ts"
import { type RouteFailure, StatusFailure } from "./Responses.ts"
import * as Table from "../state/Table.ts"
import * as Tokens from "../model/Tokens.ts"

/** What an authenticated handler knows about its caller. */
export interface Auth {
  readonly project: Project
  readonly accessType: AccessType
  /** The user of `x-stack-access-token`, if one was sent. */
  readonly user: User | undefined
  /** The session (refresh token id) the access token belongs to. */
  readonly refreshTokenId: string | undefined
}

/** The access types a route requiring `access` accepts. */
export const allowedAccessTypes = (access: AccessType): ReadonlyArray<AccessType> =>
  access === "client" ? ["client", "server", "admin"] : access === "server" ? ["server", "admin"] : ["admin"]

/** Whether a key set is usable at `nowMillis` (not revoked, not expired). */
export const isKeySetActive = (keys: InternalApiKey, nowMillis: number): boolean =>
  keys.manuallyRevokedAtMillis === null && (keys.expiresAtMillis === null || keys.expiresAtMillis > nowMillis)

/** Whether `value` is a valid key of that kind for the project. */
export const isValidKey = (
  state: State,
  projectId: string,
  kind: "publishableClientKey" | "secretServerKey" | "superSecretAdminKey",
  value: string,
  nowMillis: number
): boolean =>
  Table.find(state.internalApiKeys, (keys) =>
    keys.projectId === projectId && keys[kind] === value && isKeySetActive(keys, nowMillis)) !== undefined

/** Whether an `internal` user administers the project (member of its owner team). */
export const isProjectOwner = (state: State, user: User, project: Project): boolean =>
  user.projectId === "internal" && project.ownerTeamId !== null &&
  Table.get(state.memberships, membershipKey(project.ownerTeamId, user.id)) !== undefined

/**
 * The user an access token of `projectId` belongs to (none when the user was deleted) and the
 * token's session, or the protocol's access-token error.
 */
export const userFromAccessToken = (state: State, token: string, projectId: string, nowMillis: number) =>
  Effect.gen(function*() {
    const result = yield* Tokens.verifyAccessToken(EmulatorState.publishedSigningKeys(state), token, nowMillis)
    if (result._tag === "Unparsable") return yield* new KnownErrors.UnparsableAccessToken({})
    if (result._tag === "Expired") {
      return yield* new KnownErrors.AccessTokenExpired({ details: { expiredAtMillis: result.expiredAtMillis } })
    }
    const { claims } = result
    if (claims.aud !== projectId || claims.branchId !== "main") {
      return yield* new KnownErrors.InvalidProjectForAccessToken({
        details: { expectedProjectId: projectId, actualProjectId: claims.aud }
      })
    }
    // A deleted user's token is still signed: the service goes on without a user, but with the
    // token's session (sign-out still ends it).
    return { user: Table.get(state.users, claims.sub), refreshTokenId: claims.refreshTokenId }
  })

const checkAdminAccessToken = (state: State, token: string, projectId: string, nowMillis: number) =>
  Effect.gen(function*() {
    const result = yield* Tokens.verifyAccessToken(EmulatorState.publishedSigningKeys(state), token, nowMillis)
    if (result._tag === "Unparsable") return yield* new KnownErrors.UnparsableAdminAccessToken({})
    if (result._tag === "Expired") {
      return yield* new KnownErrors.AdminAccessTokenExpired({ details: { expiredAtMillis: result.expiredAtMillis } })
    }
    // a token of any project but `internal` is no dashboard user's: not an admin of anything
    if (result.claims.aud !== "internal") return yield* new KnownErrors.AdminAccessTokenIsNotAdmin({})
    const user = Table.get(state.users, result.claims.sub)
    if (user === undefined) {
      // still signed, but its user was deleted: the service answers a plain 401
      return yield* new StatusFailure({
        status: 401,
        message: "The user of this admin access token no longer exists. Refresh the admin access token and try again."
      })
    }
    const project = Table.get(state.projects, projectId)
    if (project === undefined || !isProjectOwner(state, user, project)) {
      return yield* new KnownErrors.AdminAccessTokenIsNotAdmin({})
    }
  })

const checkKey = (
  state: State,
  projectId: string,
  accessType: AccessType,
  headers: globalThis.Headers,
  nowMillis: number
): Effect.Effect<void, RouteFailure> => {
  const kinds = {
    client: [Headers.publishableClientKey, "publishableClientKey"],
    server: [Headers.secretServerKey, "secretServerKey"],
    admin: [Headers.superSecretAdminKey, "superSecretAdminKey"]
  } as const
  const [header, kind] = kinds[accessType]
  const value = headers.get(header)
  if (value === null || value.length === 0) {
    return Effect.fail(
      accessType === "client"
        ? new KnownErrors.ClientAuthenticationRequired({})
        : accessType === "server"
        ? new KnownErrors.ServerAuthenticationRequired({})
        : new KnownErrors.AdminAuthenticationRequired({})
    )
  }
  if (isValidKey(state, projectId, kind, value, nowMillis)) return Effect.void
  const details = { details: { projectId } }
  return Effect.fail(
    accessType === "client"
      ? new KnownErrors.InvalidPublishableClientKey(details)
      : accessType === "server"
      ? new KnownErrors.InvalidSecretServerKey(details)
      : new KnownErrors.InvalidSuperSecretAdminKey(details)
  )
}

/**
 * Who a request says it is, as the service reads it on every route it handles, whatever access
 * the route needs: nothing (`undefined`) without an access type and keys; otherwise the header
 * checks in the service's order — access type, project id, the user's access token, the project,
 * then the admin access token or the access type's key. No access level is checked here.
 */
export const identify = (request: Request): Effect.Effect<Auth | undefined, RouteFailure, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const headers = request.headers
    const projectId = headers.get(Headers.projectId)
    const requestType = headers.get(Headers.accessType)
    const adminToken = headers.get(Headers.adminAccessToken)
    const anyCredential = [Headers.publishableClientKey, Headers.secretServerKey, Headers.superSecretAdminKey, Headers.adminAccessToken]
      .some((name) => (headers.get(name) ?? "").length > 0)
    if (requestType === null || requestType.length === 0) {
      if (anyCredential) return yield* new KnownErrors.ProjectKeyWithoutAccessType({})
      return undefined
    }
    if (requestType !== "client" && requestType !== "server" && requestType !== "admin") {
      return yield* new KnownErrors.InvalidAccessType({
        message: `The access type must be client, server or admin, not ${JSON.stringify(requestType)}.`
      })
    }
    if (projectId === null || projectId.length === 0) {
      return yield* new KnownErrors.AccessTypeWithoutProjectId({ details: { requestType } })
    }
    const state = yield* EmulatorState.get
    const nowMillis = yield* Clock.currentTimeMillis
    const accessToken = headers.get(Headers.accessToken)
    const session = accessToken !== null && accessToken.length > 0
      ? yield* userFromAccessToken(state, accessToken, projectId, nowMillis)
      : undefined
    // the service looks the project up before it checks any key: an unknown project is
    // CURRENT_PROJECT_NOT_FOUND whatever key came with it
    const project = Table.get(state.projects, projectId)
    if (project === undefined) return yield* new KnownErrors.CurrentProjectNotFound({ details: { projectId } })
    if (adminToken !== null && adminToken.length > 0) {
      yield* checkAdminAccessToken(state, adminToken, projectId, nowMillis)
    } else {
      yield* checkKey(state, projectId, requestType, headers, nowMillis)
    }
    // every project has one branch, `main`; another one is looked up last
    const branchId = headers.get("x-stack-branch-id")
    if (branchId !== null && branchId !== "main") return yield* new KnownErrors.BranchDoesNotExist({ details: { branchId } })
    return { project, accessType: requestType, user: session?.user, refreshTokenId: session?.refreshTokenId }
  })

/**
 * Authenticates a request for a route that needs at least `access`: {@link identify}, then
 * `ACCESS_TYPE_REQUIRED` without an identity, then the route's access type.
 */
export const authenticate = (
  request: Request,
  access: AccessType
): Effect.Effect<Auth, RouteFailure, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const auth = yield* identify(request)
    if (auth === undefined) return yield* new KnownErrors.AccessTypeRequired({})
    const allowed = allowedAccessTypes(access)
    if (!allowed.includes(auth.accessType)) {
      return yield* new KnownErrors.InsufficientAccessType({
        details: { actualAccessType: auth.accessType, allowedAccessTypes: [...allowed] }
      })
    }
    return auth
  })
