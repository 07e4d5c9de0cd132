/**
 * The `x-stack-*` header names of the protocol.
 *
 * @since 0.1.0
 * @module
 */

/** Project the request is for. */
export const projectId = "x-stack-project-id"
/** `client` | `server` | `admin`. */
export const accessType = "x-stack-access-type"
/** `js stack-auth-effect@<version>`. */
export const clientVersion = "x-stack-client-version"
/** Publishable client key. */
export const publishableClientKey = "x-stack-publishable-client-key"
/** Secret server key (server and admin access). */
export const secretServerKey = "x-stack-secret-server-key"
/** Super-secret admin key (admin access). */
export const superSecretAdminKey = "x-stack-super-secret-admin-key"
/** The project owner's access token, used as admin credentials. */
export const adminAccessToken = "x-stack-admin-access-token"
/** The user's access token. */
export const accessToken = "x-stack-access-token"
/** The user's refresh token. */
export const refreshToken = "x-stack-refresh-token"
/** A fresh random value per request. */
export const randomNonce = "x-stack-random-nonce"
/** Asks the service to answer errors as HTTP 200 with the real status in {@link actualStatus}. */
export const overrideErrorStatus = "x-stack-override-error-status"
/** The real status of a response sent under {@link overrideErrorStatus}. */
export const actualStatus = "x-stack-actual-status"
/** The code of a known error. */
export const knownError = "x-stack-known-error"
/** `{ accessToken, refreshToken }` as JSON: how a browser hands its session to a server. */
export const authJson = "x-stack-auth"


/** Headers whose values are secrets: never logged, traced or printed. */
export const secretHeaders: ReadonlySet<string> = new Set([
  secretServerKey,
  superSecretAdminKey,
  adminAccessToken,
  accessToken,
  refreshToken,
  authJson,
  "authorization",
  "cookie",
  "set-cookie"
])
