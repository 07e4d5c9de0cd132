/**
 * Forwarding the signed-in user to your own backend: the headers (or the JSON) a
 * browser sends along with its requests, which the backend's server app reads back with
 * `StackServerApp.forRequest` (or `TokenStore.layerRequest`). The access token is refreshed first
 * when it is about to expire, so the backend receives one that is still valid.
 *
 * These are the only functions that hand the user's tokens out as plain strings: send them only
 * to your own backend, over HTTPS.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Headers from "../protocol/Headers.ts"
import type { RefreshError } from "./internal/Refresh.ts"
import { Session } from "./Session.ts"

/** The user's tokens as plain strings, `null` when signed out: the body of the `x-stack-auth` header. */
export interface AuthJson {
  readonly accessToken: string | null
  readonly refreshToken: string | null
}

/** The headers to add to a request to your backend: `{ "x-stack-auth": "<AuthJson>" }`. */
// a type alias, not an interface: it must stay assignable to `HeadersInit` (`fetch(url, { headers })`)
export type AuthHeaders = {
  readonly "x-stack-auth": string
}

const plain = (value: Redacted.Redacted<string> | undefined): string | null => value === undefined ? null : Redacted.value(value)

/**
 * The signed-in user's tokens (access token valid for at least 20 s more, refreshed when needed),
 * or both `null` when signed out. Fails only when a needed refresh cannot reach the service.
 */
export const getAuthJson = (): Effect.Effect<AuthJson, RefreshError, Session> =>
  Session.use((session) =>
    session.getTokens().pipe(
      Effect.map((tokens) => ({ accessToken: plain(tokens?.accessToken), refreshToken: plain(tokens?.refreshToken) })),
      Effect.catchTag("AccessTokenValidityTooLong", Effect.die) // the default validity is always accepted
    )
  )

/**
 * The headers that carry the signed-in user to your backend, e.g.
 * `fetch(url, { headers: yield* AuthHeaders.getAuthHeaders() })`. Signed out, they say so (both tokens `null`).
 */
export const getAuthHeaders = (): Effect.Effect<AuthHeaders, RefreshError, Session> =>
  Effect.map(getAuthJson(), (json) => ({ [Headers.authJson]: JSON.stringify(json) }) as AuthHeaders)
