/**
 * The refresh call (SPEC §4, §7, §9): `POST {baseUrl}/api/v1/auth/oauth/token` with the OAuth
 * refresh-token grant, `client_secret_post` (project id and publishable key), no `x-stack-*`
 * headers; built and checked by `oauth4webapi`, sent through `HttpTransport`.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as oauth from "oauth4webapi"
import * as Headers from "../protocol/Headers.ts"
import { KnownError } from "../protocol/KnownError.ts"
import { HttpTransport, TransportFailure } from "../transport/HttpTransport.ts"
import type { StackConfig } from "../transport/StackConfig.ts"
import { readText, retryPolicy } from "../transport/StackHttp.ts"
import {
  StackConnectionError,
  StackDecodeError,
  StackHttpError,
  StackOfflineError,
  type TransportError
} from "../transport/TransportErrors.ts"

/** The token endpoint's path under `/api/v1`. SPEC §7 */
export const tokenPath = "/auth/oauth/token"

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

const describe = (cause: unknown): string => (cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause))

interface Sent {
  readonly as: oauth.AuthorizationServer
  readonly client: oauth.Client
  readonly response: Response
}

/** One POST to the token endpoint; the fiber's interruption aborts it. */
const send = (config: StackConfig, refreshToken: Redacted.Redacted<string>): Effect.Effect<Sent, TransportFailure> =>
  Effect.gen(function*() {
    const transport = yield* HttpTransport
    const context = yield* Effect.context<never>()
    const url = `${config.baseUrl}/api/v1${tokenPath}`
    const as: oauth.AuthorizationServer = { issuer: config.baseUrl, token_endpoint: url }
    const client: oauth.Client = { client_id: config.projectId, token_endpoint_auth_method: "client_secret_post" }
    const auth = config.publishableClientKey === undefined ? oauth.None() : oauth.ClientSecretPost(config.publishableClientKey)
    const response = yield* Effect.tryPromise({
      try: (signal) =>
        oauth.refreshTokenGrantRequest(as, client, auth, Redacted.value(refreshToken), {
          signal,
          [oauth.allowInsecureRequests]: url.startsWith("http:"),
          [oauth.customFetch]: async (target, init) => {
            const sent = await Effect.runPromiseWith(context)(Effect.result(transport.send(new Request(target, init))), {
              signal: init.signal
            })
            if (Result.isFailure(sent)) throw sent.failure
            return sent.success
          }
        }),
      catch: (cause) => (cause instanceof TransportFailure ? cause : new TransportFailure({ reason: describe(cause) }))
    })
    // read the body here, interruptibly, so an interrupted refresh never leaves a download running
    const text = yield* Effect.tryPromise({
      try: (signal) => readText(response, signal),
      catch: (cause) => new TransportFailure({ reason: describe(cause) })
    })
    const buffered = yield* Effect.try({
      try: () =>
        new Response(nullBodyStatuses.has(response.status) ? null : text, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers
        }),
      catch: (cause) => new TransportFailure({ reason: describe(cause) })
    })
    return { as, client, response: buffered }
  })

const nullBodyStatuses: ReadonlySet<number> = new Set([204, 205, 304])

/** Retries network failures as SPEC §9 does (5 attempts, exponential back-off with jitter). */
const sendWithRetries = (config: StackConfig, refreshToken: Redacted.Redacted<string>) => {
  const loop = (attempt: number): Effect.Effect<Sent, TransportError> =>
    send(config, refreshToken).pipe(Effect.catch((failure: TransportFailure): Effect.Effect<Sent, TransportError> => {
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

const readKnownError = (code: string, response: Response): Effect.Effect<Outcome, KnownError> => {
  if (refreshTokenErrorCodes.has(code)) return Effect.succeed(invalid)
  return Effect.promise(() => response.json().catch(() => undefined)).pipe(
    Effect.flatMap((body: { error?: unknown; details?: unknown } | undefined) =>
      Effect.fail(new KnownError({
        code,
        status: response.status,
        message: typeof body?.error === "string" ? body.error : code,
        details: body?.details
      }))
    )
  )
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
export const refreshAccessToken = Effect.fn("Session.refresh")(function*(
  config: StackConfig,
  refreshToken: Redacted.Redacted<string>
): Effect.fn.Return<Outcome, RefreshError> {
  const { as, client, response } = yield* sendWithRetries(config, refreshToken)
  const code = response.headers.get(Headers.knownError)
  if (code !== null) return yield* readKnownError(code, response)
  const result = yield* Effect.result(Effect.tryPromise({
    try: () => oauth.processRefreshTokenResponse(as, client, response),
    catch: (cause) => cause
  }))
  if (Result.isFailure(result)) {
    const failure = processFailure(response.status, result.failure)
    return failure === invalid ? invalid : yield* Effect.fail(failure as RefreshError)
  }
  const processed = result.success
  if (processed.access_token.length === 0 || processed.access_token === "undefined") {
    return yield* new StackDecodeError({ method: "POST", path: tokenPath, issue: "access_token is empty or the text 'undefined'" })
  }
  const rotated = processed.refresh_token
  return {
    _tag: "Refreshed",
    accessToken: Redacted.make(processed.access_token),
    refreshToken: rotated === undefined || rotated.length === 0 || rotated === "undefined" ? undefined : Redacted.make(rotated)
  }
})
