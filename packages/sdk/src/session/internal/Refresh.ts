/**
 * The refresh call: `POST {baseUrl}/api/v1/auth/oauth/token` with the OAuth
 * refresh-token grant, `client_secret_post` (project id and publishable key), no `x-stack-*`
 * headers. Built here, sent through the SDK's transport with the pipeline's bounds (timeouts,
 * deadline, body cap, no redirect followed), and its answer checked with our own schema; no OAuth
 * library is loaded for it.
 *
 * Network failures, 429 (with `Retry-After`) and 5xx answers are retried (5 attempts, exponential
 * back-off). Only a refresh-token error whose header and body agree (or OAuth `invalid_grant`) ends
 * the session; every other failure leaves it as it was.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Headers from "../../protocol/Headers.ts"
import { KnownError } from "../../protocol/KnownError.ts"
import * as Attempts from "../../transport/internal/Attempts.ts"
import * as Failures from "../../transport/internal/Failures.ts"
import { decodeBody } from "../../transport/Call.ts"
import * as HttpTransport from "../../transport/HttpTransport.ts"
import * as Host from "../../transport/internal/Host.ts"
import * as Limits from "../../transport/Limits.ts"
import * as RetryAfter from "../../transport/internal/RetryAfter.ts"
import * as Scrub from "../../transport/internal/Scrub.ts"
import type { StackConfig } from "../../transport/StackConfig.ts"
import * as TokenEndpoint from "../../transport/internal/TokenEndpoint.ts"
import {
  DecodeError,
  HttpError,
  RedirectError,
  ResponseTooLargeError,
  type TransportError
} from "../../transport/TransportErrors.ts"
import * as Traced from "../../transport/internal/Traced.ts"

const method = "POST"
const path = TokenEndpoint.tokenPath

/** Known-error codes meaning the refresh token is unusable: the session is over. */
export const refreshTokenErrorCodes: ReadonlySet<string> = new Set([
  "REFRESH_TOKEN_ERROR",
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  "PROVIDER_REJECTED",
  "CANNOT_DELETE_CURRENT_SESSION"
])

/** What a refresh produced: new tokens, or nothing (the refresh token is invalid). */
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

/** A successful token answer (RFC 6749 §5.1), as the service sends it. */
export const TokenAnswer = /*#__PURE__*/ Schema.Struct({
  access_token: Schema.String,
  token_type: Schema.String,
  expires_in: /*#__PURE__*/ Schema.optional(Schema.Number),
  refresh_token: /*#__PURE__*/ Schema.optional(Schema.Union([Schema.String, Schema.Null]))
})

/** Whether a token value is usable: not empty, not the text `undefined`. */
const usable = (token: string) => token.length > 0 && token !== "undefined"

type AttemptFailure = RefreshError | Attempts.RetrySignal<TransportError>

const decodeError = (issue: string) => Failures.of(new DecodeError({ method, path, issue }))

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Checks a 200 answer: a JSON object with a usable `access_token`, `token_type` bearer, a valid `expires_in`. */
const refreshed = (text: string, scrub: Scrub.Scrub): Effect.Effect<Outcome, TransportError> => {
  const json = parseJson(text)
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return Effect.fail(decodeError("the token answer is not a JSON object"))
  }
  return Effect.flatMap(decodeBody(TokenAnswer, { method, path }, json, scrub), (answer) => {
    if (!usable(answer.access_token)) return Effect.fail(decodeError("access_token is empty or the text 'undefined'"))
    if (answer.token_type.toLowerCase() !== "bearer") return Effect.fail(decodeError("token_type is not bearer"))
    if (answer.expires_in !== undefined && !(Number.isFinite(answer.expires_in) && answer.expires_in >= 0)) {
      return Effect.fail(decodeError("expires_in is not a non-negative number"))
    }
    const rotated = answer.refresh_token
    return Effect.succeed<Outcome>({
      _tag: "Refreshed",
      accessToken: Redacted.make(answer.access_token),
      refreshToken: typeof rotated === "string" && usable(rotated) ? Redacted.make(rotated) : undefined
    })
  })
}

/**
 * What one answer of the token endpoint means. Text that goes into an error is
 * scrubbed of the refresh token and the keys; a success keeps the tokens it carries.
 */
const interpret = (response: Response, raw: string, url: string, scrub: Scrub.Scrub): Effect.Effect<Outcome, AttemptFailure> =>
  Effect.gen(function*() {
    const status = response.status
    if (status === 200 && response.headers.get(Headers.knownError) === null) return yield* refreshed(raw, scrub)
    const text = scrub(raw)
    if (HttpTransport.isRedirect(response)) {
      return yield* Failures.fail(new RedirectError({ method, path, status, location: HttpTransport.redirectOrigin(response, url) }))
    }
    const headerCode = response.headers.get(Headers.knownError)
    if (headerCode !== null) {
      const body = parseJson(text) as { code?: unknown; error?: unknown; details?: unknown } | undefined
      if (typeof body !== "object" || body === null || body.code !== headerCode) {
        // the header alone never signs the user out
        return yield* decodeError(`known error ${scrub(headerCode)} with a body that does not carry the same code`)
      }
      if (refreshTokenErrorCodes.has(headerCode)) return invalid
      return yield* new KnownError({
        code: headerCode,
        status,
        message: typeof body.error === "string" ? body.error : headerCode,
        details: body.details
      })
    }
    const error = Failures.of(new HttpError({ method, path, status, body: text.slice(0, 2000) }))
    if (status === 429 || status >= 500) {
      const retryAfterMillis = RetryAfter.parse(response.headers.get("retry-after"), yield* Clock.currentTimeMillis)
      return yield* Effect.fail(Attempts.retry({ _tag: "Status", status, error, retryAfterMillis }))
    }
    const oauthError = (parseJson(text) as { error?: unknown } | undefined)?.error
    if (status === 400 && oauthError === "invalid_grant") return invalid
    return yield* error
  })

/** A lost exchange: retried (a refresh is safe to repeat), except a body over the size cap. */
const lost = (failure: HttpTransport.TransportFailure): Effect.Effect<never, AttemptFailure> =>
  failure.maxBytes !== undefined && failure.status !== undefined
    ? Failures.fail(new ResponseTooLargeError({ method, path, status: failure.status, maxBytes: failure.maxBytes }))
    : Effect.fail(Attempts.retry({ _tag: "Network", reason: failure.reason }))

const exhausted = (reason: string, attempts: number) =>
  Effect.withFiber((fiber) => Failures.unreachable(method, path, reason, attempts, [], fiber.getRef(Host.Host)?.offline() === true))

/**
 * Exchanges a refresh token for a new access token. `Invalid` when the service
 * rejects the refresh token (a refresh-token known error, header and body agreeing, or OAuth
 * `invalid_grant`); network failures, other statuses and malformed answers fail and leave the
 * session as it was. Bounded by the configuration's `Limits`, or the calling effect's
 * (`Limits.withLimits`): a stall fails with a `StackTransportError` (reason `TimeoutError`). The session runs a shared refresh
 * with its first caller's attempt timeout and retries but no deadline: each caller waits until its own.
 */
export const refreshAccessToken = /*#__PURE__*/ Effect.fnUntraced(function*(
  config: StackConfig,
  refreshToken: Redacted.Redacted<string>
): Effect.fn.Return<Outcome, RefreshError> {
  const url = TokenEndpoint.url(config)
  const limits = Limits.make(yield* Limits.CallLimits, config.limits ?? Limits.defaults)
  const scrub = Scrub.make([refreshToken, config.secretServerKey, config.superSecretAdminKey])
  const form = TokenEndpoint.formRequest(config, { grant_type: "refresh_token", refresh_token: Redacted.value(refreshToken) })
  return yield* Attempts.run({
    method,
    path,
    limits,
    url,
    init: () => form,
    interpret: (response, text) => interpret(response, text, url, scrub),
    lost,
    exhausted
  })
}, /*#__PURE__*/ Traced.span("Session.refresh"))
