/**
 * The refresh call (SPEC §4, §7, §9): `POST {baseUrl}/api/v1/auth/oauth/token` with the OAuth
 * refresh-token grant, `client_secret_post` (project id and publishable key), no `x-stack-*`
 * headers; built, sent and checked by the shared OAuth client (`transport/OAuthClient.ts`), with
 * network failures retried as SPEC §9 says.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import * as oauth from "oauth4webapi"
import type { KnownError } from "../protocol/KnownError.ts"
import type { TransportFailure } from "../transport/HttpTransport.ts"
import * as OAuthClient from "../transport/OAuthClient.ts"
import type { StackConfig } from "../transport/StackConfig.ts"
import { retryPolicy } from "../transport/StackHttp.ts"
import {
  StackConnectionError,
  StackDecodeError,
  StackHttpError,
  StackOfflineError,
  type TransportError
} from "../transport/TransportErrors.ts"
import * as Traced from "../transport/Traced.ts"

const tokenPath = OAuthClient.tokenPath

/** Known-error codes meaning the refresh token is unusable: the session is over. SPEC §8 */
export const refreshTokenErrorCodes: ReadonlySet<string> = new Set([
  "REFRESH_TOKEN_ERROR",
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  "PROVIDER_REJECTED",
  "CANNOT_DELETE_CURRENT_SESSION"
])

/** What a refresh produced: new tokens, or nothing (the refresh token is invalid). SPEC §4 */
export type Outcome =
  | {
    readonly _tag: "Refreshed"
    readonly accessToken: Redacted.Redacted<string>
    /** Set when the service rotated the refresh token. */
    readonly refreshToken: Redacted.Redacted<string> | undefined
  }
  | { readonly _tag: "Invalid" }

/** The failures of a refresh other than an invalid refresh token. */
export type RefreshError = KnownError | TransportError

const invalid: Outcome = { _tag: "Invalid" }

/** One POST of the refresh grant to the token endpoint (the fiber's interruption aborts it). */
const send = (oauthClient: OAuthClient.OAuthClient, refreshToken: Redacted.Redacted<string>): Effect.Effect<Response, TransportFailure> =>
  OAuthClient.send(oauthClient, (options) =>
    oauth.refreshTokenGrantRequest(
      oauthClient.authorizationServer,
      oauthClient.client,
      oauthClient.clientAuth,
      Redacted.value(refreshToken),
      options
    ))

/** Retries network failures as SPEC §9 does (5 attempts, exponential back-off with jitter). */
const sendWithRetries = (oauthClient: OAuthClient.OAuthClient, refreshToken: Redacted.Redacted<string>) => {
  const loop = (attempt: number): Effect.Effect<Response, TransportError> =>
    send(oauthClient, refreshToken).pipe(Effect.catch((failure: TransportFailure): Effect.Effect<Response, TransportError> => {
      if (attempt + 1 >= retryPolicy.attempts) {
        const offline = (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false
        return Effect.fail(
          offline
            ? new StackOfflineError({ method: "POST", path: tokenPath })
            : new StackConnectionError({ method: "POST", path: tokenPath, reason: failure.reason, attempts: attempt + 1, diagnostics: [] })
        )
      }
      return Random.nextBetween(retryPolicy.jitterMin, retryPolicy.jitterMax).pipe(
        Effect.flatMap((jitter) => Effect.sleep(jitter * retryPolicy.baseDelayMillis * 2 ** attempt)),
        Effect.andThen(Effect.suspend(() => loop(attempt + 1)))
      )
    }))
  return loop(0)
}

const processFailure = (status: number, cause: unknown): Outcome | RefreshError => {
  if (cause instanceof oauth.ResponseBodyError) {
    if (cause.error === "invalid_grant") return invalid
    return new StackHttpError({ method: "POST", path: tokenPath, status: cause.status, body: cause.error })
  }
  if (cause instanceof oauth.WWWAuthenticateChallengeError) {
    return new StackHttpError({ method: "POST", path: tokenPath, status: cause.status, body: "WWW-Authenticate challenge" })
  }
  if (status < 200 || status >= 300) return new StackHttpError({ method: "POST", path: tokenPath, status, body: "" })
  return new StackDecodeError({ method: "POST", path: tokenPath, issue: cause instanceof Error ? cause.message : "unreadable token response" })
}

/**
 * Exchanges a refresh token for a new access token (SPEC §4, §9). `Invalid` when the service
 * rejects the refresh token (a refresh-token known error or OAuth `invalid_grant`); network
 * failures, other statuses and malformed answers fail and leave the session as it was.
 */
export const refreshAccessToken = /*#__PURE__*/ Effect.fnUntraced(function*(
  config: StackConfig,
  refreshToken: Redacted.Redacted<string>
): Effect.fn.Return<Outcome, RefreshError> {
  const oauthClient = OAuthClient.make(config)
  const response = yield* sendWithRetries(oauthClient, refreshToken)
  const known = yield* OAuthClient.knownError(response)
  if (known !== undefined) return refreshTokenErrorCodes.has(known.code) ? invalid : yield* Effect.fail(known)
  const answer = yield* Effect.tryPromise({
    try: () => oauth.processRefreshTokenResponse(oauthClient.authorizationServer, oauthClient.client, response),
    catch: (cause) => processFailure(response.status, cause)
  }).pipe(Effect.catch((failure) => failure === invalid ? Effect.succeed(invalid) : Effect.fail(failure as RefreshError)))
  if (answer === invalid) return invalid
  const processed = answer as oauth.TokenEndpointResponse
  if (processed.access_token.length === 0 || processed.access_token === "undefined") {
    return yield* new StackDecodeError({ method: "POST", path: tokenPath, issue: "access_token is empty or the text 'undefined'" })
  }
  const rotated = processed.refresh_token
  return {
    _tag: "Refreshed",
    accessToken: Redacted.make(processed.access_token),
    refreshToken: rotated === undefined || rotated.length === 0 || rotated === "undefined" ? undefined : Redacted.make(rotated)
  }
}, /*#__PURE__*/ Traced.span("Session.refresh"))
