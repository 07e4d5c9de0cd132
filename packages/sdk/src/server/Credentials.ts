/**
 * Where an incoming request carries its caller's tokens: server-side only.
 *
 * Read in this order; the first place that holds a token wins and the others are not looked at
 * (tokens from two places are never mixed):
 *
 * 1. `Authorization: Bearer <access token>` (what most API clients send; an access token alone);
 * 2. `x-stack-access-token` (what Stack's own docs tell backends to read), with `x-stack-refresh-token` if sent;
 * 3. `x-stack-auth`: JSON `{ accessToken, refreshToken }` (`AuthHeaders.getAuthHeaders()` of a client app);
 * 4. the session cookies: `stack-refresh-<projectId>` and `stack-access` (`[refreshToken, accessToken]`),
 *    as the browser's cookie store writes them.
 *
 * The value `undefined` (text) and empty values count as absent. The x-stack-auth header and the
 * cookies are read by `TokenStore`'s own readers (`tokensFromAuthHeader`, `tokensFromCookies`).
 *
 * @since 0.1.0
 * @module
 */
import type * as Redacted from "effect/Redacted"
import * as Headers from "../protocol/Headers.ts"
import * as TokenStore from "../session/TokenStore.ts"

/** Where the tokens were found. */
export type Source = "authorization" | "x-stack-access-token" | "x-stack-auth" | "cookie"

/** The tokens of a request and where they were found. */
export interface Credentials {
  readonly source: Source
  readonly accessToken: Redacted.Redacted<string> | undefined
  readonly refreshToken: Redacted.Redacted<string> | undefined
}

/** The order in which the places are read. */
export const precedence: ReadonlyArray<Source> = ["authorization", "x-stack-access-token", "x-stack-auth", "cookie"]

/** The credential of an `Authorization` header with the `Bearer` scheme (case-insensitive), if any. */
export const bearer = (authorization: string | undefined): string | undefined => {
  // `bearer`, spaces, a credential without whitespace, optional trailing spaces (read without a
  // case-insensitive pattern over the whole token: this runs once per request)
  if (authorization === undefined || authorization.length < 8 || authorization.charCodeAt(6) !== 32) return undefined
  if (authorization.slice(0, 6).toLowerCase() !== "bearer") return undefined
  let start = 7
  while (authorization.charCodeAt(start) === 32) start++
  let end = authorization.length
  while (end > start && authorization.charCodeAt(end - 1) === 32) end--
  if (start === end) return undefined
  const credential = authorization.slice(start, end)
  return /\s/.test(credential) ? undefined : credential
}

const found = (source: Source, tokens: TokenStore.StoredTokens): Credentials | undefined =>
  tokens.accessToken === undefined && tokens.refreshToken === undefined
    ? undefined
    : { source, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }

/**
 * The tokens of `request` (a Fetch `Request`, `node:http`'s `IncomingMessage`, anything with
 * `headers`), from the first place in {@link precedence} that holds one; `undefined` when none does.
 */
export const fromRequest = (
  request: TokenStore.IncomingRequest,
  options: { readonly projectId: string }
): Credentials | undefined => {
  const fromBearer = bearer(TokenStore.requestHeader(request, "authorization"))
  if (fromBearer !== undefined) {
    const result = found("authorization", TokenStore.sanitize({ accessToken: fromBearer }))
    if (result !== undefined) return result
  }
  const accessHeader = TokenStore.requestHeader(request, Headers.accessToken)
  if (accessHeader !== undefined && accessHeader.length > 0) {
    const result = found(
      "x-stack-access-token",
      TokenStore.sanitize({ accessToken: accessHeader, refreshToken: TokenStore.requestHeader(request, Headers.refreshToken) })
    )
    if (result !== undefined) return result
  }
  const authJson = TokenStore.tokensFromAuthHeader(request)
  if (authJson !== undefined) {
    const result = found("x-stack-auth", authJson)
    if (result !== undefined) return result
  }
  return found("cookie", TokenStore.tokensFromCookies(request, options))
}
