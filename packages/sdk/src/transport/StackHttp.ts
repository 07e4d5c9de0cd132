/**
 * The HTTP pipeline of the protocol, the one place every call goes through:
 * URL and `x-stack-*` headers, the override-status envelope, known errors, retries, diagnostics,
 * offline detection, per-request timeouts and interruption.
 *
 * It knows nothing about sessions: tokens are passed per request (`session/Session.ts` decides
 * which, and retries once with a fresh access token).
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type * as Tracer from "effect/Tracer"
import type { AccessType } from "../protocol/AccessType.ts"
import * as Headers from "../protocol/Headers.ts"
import { KnownError, KnownErrorCodeMismatch } from "../protocol/KnownError.ts"
import * as Nonce from "../protocol/internal/Nonce.ts"
import * as Version from "../protocol/internal/Version.ts"
import * as Attempts from "./internal/Attempts.ts"
import * as Failures from "./internal/Failures.ts"
import * as Host from "./internal/Host.ts"
import * as HttpTransport from "./HttpTransport.ts"
import { isRedirect, type TransportFailure } from "./HttpTransport.ts"
import * as Limits from "./Limits.ts"
import * as Paths from "./internal/Paths.ts"
import * as RetryAfter from "./internal/RetryAfter.ts"
import * as Scrub from "./internal/Scrub.ts"
import type { StackConfig } from "./StackConfig.ts"
import {
  DecodeError,
  HttpError,
  type DiagnosticProbe,
  InvalidIdError,
  RedirectError,
  ResponseLostError,
  ResponseTooLargeError,
  StackConfigError,
  type TransportError
} from "./TransportErrors.ts"

/** A function that replaces known secrets in text taken from an answer. */
export type { Scrub } from "./internal/Scrub.ts"

/** HTTP methods the protocol uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** Query values; `undefined` entries are left out. */
export type Query = Readonly<Record<string, string | number | boolean | undefined>>

/** The user tokens a request carries. */
export interface RequestTokens {
  readonly accessToken?: Redacted.Redacted<string> | undefined
  readonly refreshToken?: Redacted.Redacted<string> | undefined
}

/** One request of the protocol, relative to `{baseUrl}/api/v1`. */
export interface StackRequest {
  readonly method: Method
  /** Path under `/api/v1`, e.g. `/users/me`. */
  readonly path: string
  readonly query?: Query | undefined
  /** Sent as JSON. */
  readonly body?: unknown
  readonly tokens?: RequestTokens | undefined
  /** The project owner's access token, for admin access by session. */
  readonly adminAccessToken?: Redacted.Redacted<string> | undefined
  /** Per-attempt timeout of this request (else the call's or the app's `Limits`). */
  readonly timeout?: Duration.Input | undefined
  /** Whole-call deadline of this request, attempts and waits together (else the call's or the app's `Limits`). */
  readonly deadline?: Duration.Input | undefined
  /** How a success body is read: JSON (the protocol's default) or the raw text (a few endpoints answer plain text). */
  readonly responseType?: "json" | "text" | undefined
}

/** A successful answer: the real status and the parsed JSON body (`undefined` when empty). */
export interface StackResponse {
  readonly status: number
  readonly headers: globalThis.Headers
  readonly body: unknown
  /** Removes the configured keys and this request's tokens from text taken from the answer (for error messages). */
  readonly scrub?: Scrub.Scrub | undefined
}

/** Network retry policy: 5 attempts, exponential back-off from 1000 ms, jitter 0.5–1.5. */
export const retryPolicy: Limits.RetrySchedule = Limits.defaultRetry

/** Methods that are safe to send again after a network failure. */
export const idempotentMethods: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"])

/** How long one diagnostics probe may take. */
export const probeTimeoutMillis = 3000

/** The public endpoints probed when the service cannot be reached. */
export const diagnosticsProbes = (baseUrl: string): ReadonlyArray<{ readonly name: string; readonly url: string }> => [
  { name: "apiHealth", url: `${new URL(baseUrl).origin}/health` },
  { name: "hostedServiceHealth", url: "https://api.stack-auth.com/health" },
  { name: "publicTrace", url: "https://1.1.1.1/cdn-cgi/trace" }
]

/** The pipeline, configured for one project and one access level. */
export interface Service {
  readonly config: StackConfig
  readonly accessType: AccessType
  /**
   * Sends a request. Known errors arrive as the generic `KnownError` (the typed call layer,
   * `Call.ts`, turns them into the declared classes); a header/body code mismatch is a defect.
   */
  readonly execute: (request: StackRequest) => Effect.Effect<StackResponse, KnownError | TransportError>
}

/** The pipeline service. */
export class StackHttp extends /*#__PURE__*/ Context.Service<StackHttp, Service>()("stack-auth-effect/transport/StackHttp") {}

/** Options for {@link make}. */
export interface Options {
  readonly config: StackConfig
  readonly accessType: AccessType
}

/**
 * Checks a configuration for an access level: a project id, and the secret server key for server
 * access. (The server and admin apps also keep secret keys off browsers.)
 */
export const validate = (options: Options): Effect.Effect<void, StackConfigError> => {
  const { accessType, config } = options
  const fail = (reason: string) => Effect.fail(new StackConfigError({ reason }))
  if (config.projectId.length === 0) return fail("A project id is required")
  if (accessType === "server" && config.secretServerKey === undefined) {
    return fail("Server access needs a secret server key")
  }
  return Effect.void
}

/**
 * The headers every request of one configuration and access level carries: a pipeline
 * builds them once. Secret values are unwrapped only here and in {@link requestHeaders}.
 */
const baseHeaders = (config: StackConfig, accessType: AccessType): Readonly<Record<string, string>> => {
  const headers: Record<string, string> = { ...config.extraRequestHeaders }
  headers[Headers.overrideErrorStatus] = "true"
  headers[Headers.projectId] = config.projectId
  headers[Headers.accessType] = accessType
  headers[Headers.clientVersion] = Version.clientVersion
  if (config.publishableClientKey !== undefined) headers[Headers.publishableClientKey] = config.publishableClientKey
  if (accessType !== "client" && config.secretServerKey !== undefined) {
    headers[Headers.secretServerKey] = Redacted.value(config.secretServerKey)
  }
  if (accessType === "admin" && config.superSecretAdminKey !== undefined) {
    headers[Headers.superSecretAdminKey] = Redacted.value(config.superSecretAdminKey)
  }
  return headers
}

/** One request's headers: a copy of {@link baseHeaders} plus its tokens, a fresh nonce and its body's type. */
const requestHeaders = (base: Readonly<Record<string, string>>, request: StackRequest): Record<string, string> => {
  const headers: Record<string, string> = { ...base }
  const tokens = request.tokens
  if (tokens !== undefined) {
    if (tokens.accessToken !== undefined) headers[Headers.accessToken] = Redacted.value(tokens.accessToken)
    if (tokens.refreshToken !== undefined) headers[Headers.refreshToken] = Redacted.value(tokens.refreshToken)
  }
  if (request.adminAccessToken !== undefined) headers[Headers.adminAccessToken] = Redacted.value(request.adminAccessToken)
  headers[Headers.randomNonce] = Nonce.make()
  if (request.body !== undefined) headers["content-type"] = "application/json"
  return headers
}

/** Builds the request's headers; secret values are unwrapped only by its two steps. */
export const buildHeaders = (
  config: StackConfig,
  accessType: AccessType,
  request: StackRequest
): Record<string, string> => requestHeaders(baseHeaders(config, accessType), request)

/**
 * Builds the request's URL: `{baseUrl}/api/v1{path}?{query}`, without a trailing `/`.
 * (`execute` refuses a path with an empty, `.` or `..` segment before building it.)
 */
export const buildUrl = (config: StackConfig, request: Pick<StackRequest, "path" | "query">): string => {
  let url = `${config.baseUrl}/api/v1${request.path}`
  if (url.endsWith("/")) url = url.slice(0, -1)
  if (request.query !== undefined) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(request.query)) {
      if (value !== undefined) params.set(key, String(value))
    }
    const search = params.toString()
    if (search.length > 0) url += `?${search}`
  }
  return url
}

// ----- one attempt -----

type AttemptFailure = KnownError | TransportError | Attempts.RetrySignal<TransportError>

/** What {@link parseJson} answers for text that is not JSON (no JSON value is this symbol). */
const notJson: unique symbol = /*#__PURE__*/ Symbol("notJson")

/** The JSON value of a body (`undefined` when empty), or {@link notJson}. */
const parseJson = (text: string): unknown => {
  if (text.length === 0) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return notJson
  }
}

type ResponseType = NonNullable<StackRequest["responseType"]>

/** The span a request is annotated on: the current one of the fiber (the API function's), if any. */
const spanOf = (fiber: Fiber.Fiber<unknown, unknown>): Tracer.Span | undefined => {
  const span = fiber.cache.span
  return span?._tag === "Span" ? span : undefined
}

/** `Effect.annotateCurrentSpan` for a span already in hand (no Effect per attribute). */
const annotate = (span: Tracer.Span | undefined, key: string, value: unknown): void => {
  if (span !== undefined && span.status._tag !== "Ended") span.attribute(key, value)
}

/** What one request needs to read its answer. */
interface Exchange {
  readonly method: Method
  readonly path: string
  readonly url: string
  readonly responseType: ResponseType
  readonly scrub: Scrub.Scrub
  readonly span: Tracer.Span | undefined
}

/**
 * What a whole answer means: the success body, a redirect (never followed), a known
 * error, a retry, or an HTTP error. The success path is plain code (no generator): it runs for every call.
 */
const interpret = (exchange: Exchange, response: Response, text: string): Effect.Effect<StackResponse, AttemptFailure> => {
  const { method, path } = exchange
  if (isRedirect(response)) {
    return Failures.fail(new RedirectError({ method, path, status: response.status, location: HttpTransport.redirectOrigin(response, exchange.url) }))
  }
  const actual = response.headers.get(Headers.actualStatus)
  const status = actual !== null && /^\d{3}$/.test(actual) ? Number(actual) : response.status
  annotate(exchange.span, "http.status_code", status)
  const headerCode = response.headers.get(Headers.knownError)
  if (headerCode === null && status >= 200 && status < 300) {
    const parsed = exchange.responseType === "text" ? text : parseJson(text)
    return parsed !== notJson
      ? Effect.succeed({ status, headers: response.headers, body: parsed, scrub: exchange.scrub })
      : Failures.fail(new DecodeError({ method, path, issue: "the body is not JSON" }))
  }
  return unsuccessful(method, path, response, status, headerCode, exchange.scrub(text), exchange.scrub)
}

/**
 * A known error, or a non-2xx answer (retried for 429 and 508 loops). `text` is already scrubbed.
 * Plain code answering a failed `Exit` (no generator), but for a 429, which reads the clock.
 */
const unsuccessful = (
  method: Method,
  path: string,
  response: Response,
  status: number,
  headerCode: string | null,
  text: string,
  scrub: Scrub.Scrub
): Effect.Effect<never, AttemptFailure> => {
  if (headerCode !== null) {
    const parsed = parseJson(text)
    const body = parsed !== notJson ? parsed as { code?: unknown; error?: unknown; details?: unknown } | undefined : undefined
    if (body === undefined || typeof body !== "object" || body === null || typeof body.code !== "string") {
      return Failures.fail(new DecodeError({ method, path, issue: `known error ${scrub(headerCode)} with a body that is not {code, error, details}` }))
    }
    if (body.code !== headerCode) return Effect.die(new KnownErrorCodeMismatch({ headerCode: scrub(headerCode), bodyCode: body.code }))
    return Effect.fail(
      new KnownError({
        code: body.code,
        status,
        message: typeof body.error === "string" ? body.error : body.code,
        details: body.details
      })
    )
  }
  const error = Failures.of(new HttpError({ method, path, status, body: text.slice(0, 2000) }))
  if (status === 429) {
    return Effect.clockWith((clock) =>
      Effect.fail(Attempts.retry({ _tag: "Status", status, error, retryAfterMillis: RetryAfter.parse(response.headers.get("retry-after"), clock.currentTimeMillisUnsafe()) }))
    )
  }
  if (status === 508 && text.includes("INFINITE_LOOP_DETECTED")) {
    return Effect.fail(Attempts.retry({ _tag: "Status", status, error, retryAfterMillis: undefined }))
  }
  return Effect.fail(error)
}

// ----- the pipeline -----

/**
 * Runs the diagnostics probes concurrently; each is bounded by {@link probeTimeoutMillis}, follows
 * no redirect and reads no body.
 */
export const runDiagnostics = (baseUrl: string): Effect.Effect<ReadonlyArray<DiagnosticProbe>> =>
  Effect.gen(function*() {
    const transport = yield* HttpTransport.HttpTransport
    return yield* Effect.forEach(diagnosticsProbes(baseUrl), (probe) =>
      transport.send(new Request(probe.url, { method: "GET", redirect: "manual" })).pipe(
        Effect.map((response) => {
          void response.body?.cancel().catch(() => {})
          return response.ok ? "OK" : `HTTP ${response.status}`
        }),
        Effect.catch((failure: TransportFailure) => Effect.succeed(failure.reason)),
        Effect.timeoutOrElse({ duration: probeTimeoutMillis, orElse: () => Effect.succeed("timed out") }),
        Effect.map((result) => ({ ...probe, result }))
      ), { concurrency: "unbounded" })
  })

/**
 * The request's body as JSON, or the typed input failure (`SCHEMA_ERROR`, as the service answers a
 * malformed request) when it cannot be: nested too deep for the stack, a cycle, a `BigInt`. No
 * request is sent and no value of the input is quoted (it may hold a password).
 */
const encodeBody = (body: unknown): string | KnownError => {
  try {
    return JSON.stringify(body)
  } catch (cause) {
    const message = `Invalid input: the request body cannot be sent as JSON (${cause instanceof Error ? cause.name : "error"}: too deeply nested, a cycle or a BigInt)`
    return new KnownError({ code: "SCHEMA_ERROR", status: 400, message, details: { message } })
  }
}

/** The limits of one request: its own, over the calls' (`Limits.withLimits`), over the app's. */
const limitsOf = (config: StackConfig, call: Limits.Options | undefined, request: StackRequest): Limits.Limits => {
  const app = config.limits ?? Limits.defaults
  const forCall = call === undefined ? app : Limits.make(call, app)
  return request.timeout === undefined && request.deadline === undefined
    ? forCall
    : Limits.make({ timeout: request.timeout, deadline: request.deadline }, forCall)
}

/** Builds the pipeline for one configuration and access level. */
export const make = (options: Options): Effect.Effect<Service, StackConfigError> =>
  // checked when the pipeline is built (not when the Layer value is created): that is where it runs
  Effect.map(Effect.suspend(() => validate(options)), () => {
    const { accessType, config } = options
    const headers = baseHeaders(config, accessType)
    const keys = [config.secretServerKey, config.superSecretAdminKey]
    let keysOnly: Scrub.Scrub | undefined
    const scrubKeys: Scrub.Scrub = (text) => (keysOnly ??= Scrub.make(keys))(text)

    const connectionError = (method: Method, path: string, reason: string, attempts: number) =>
      Effect.gen(function*() {
        // offline: no probe runs
        const offline = (yield* Host.Host)?.offline() === true
        const diagnostics = offline ? [] : yield* runDiagnostics(config.baseUrl)
        return yield* Failures.unreachable(method, path, reason, attempts, diagnostics, offline)
      })

    /** A network failure: retried when safe to repeat; POST and PATCH fail at once, with diagnostics. */
    const networkFailure = (method: Method, path: string, reason: string): Effect.Effect<never, AttemptFailure> =>
      idempotentMethods.has(method) ? Effect.fail(Attempts.retry({ _tag: "Network", reason })) : connectionError(method, path, reason, 1)

    /** A failure of the exchange: no answer, a body too large, or a body lost after the head arrived. */
    const lost = (method: Method, path: string, failure: TransportFailure): Effect.Effect<never, AttemptFailure> => {
      if (failure.status === undefined) return networkFailure(method, path, failure.reason)
      if (failure.maxBytes !== undefined) {
        return Failures.fail(new ResponseTooLargeError({ method, path, status: failure.status, maxBytes: failure.maxBytes }))
      }
      return idempotentMethods.has(method)
        ? networkFailure(method, path, failure.reason)
        : Failures.fail(new ResponseLostError({ method, path, status: failure.status, reason: failure.reason }))
    }

    const execute = (request: StackRequest): Effect.Effect<StackResponse, KnownError | TransportError> => {
      const { method, path } = request
      if (Paths.hasInvalidSegment(path)) return Failures.fail(new InvalidIdError({ method, path }))
      const responseType = request.responseType ?? "json"
      const url = buildUrl(config, request)
      const body = request.body === undefined ? undefined : encodeBody(request.body)
      if (typeof body === "object") return Effect.fail(body)
      const tokens = request.tokens
      // built on first use (an error or a decode failure): the success path never pays for it
      let withTokens: Scrub.Scrub | undefined
      const scrub: Scrub.Scrub = tokens === undefined && request.adminAccessToken === undefined
        ? scrubKeys
        : (text) => (withTokens ??= Scrub.make([...keys, tokens?.accessToken, tokens?.refreshToken, request.adminAccessToken]))(text)
      return Effect.withFiber((fiber) => {
        const limits = limitsOf(config, fiber.getRef(Limits.CallLimits), request)
        const span = spanOf(fiber)
        annotate(span, "http.method", method)
        annotate(span, "http.path", path)
        const exchange: Exchange = { method, path, url, responseType, scrub, span }
        // one attempt: its request built again for each (a fresh nonce); through the transport's
        // `exchange` promise when it has one (no fiber, no `Request` built twice), else `send` in a fiber
        return Attempts.runIn(fiber, {
          method,
          path,
          limits,
          url,
          init: () =>
            body === undefined
              ? { method, headers: requestHeaders(headers, request), credentials: "omit", redirect: "manual" }
              : { method, headers: requestHeaders(headers, request), body, credentials: "omit", redirect: "manual" },
          interpret: (response, text) => interpret(exchange, response, text),
          lost: (failure) => lost(method, path, failure),
          exhausted: (reason, attempts) => connectionError(method, path, reason, attempts)
        })
      })
    }

    return { config, accessType, execute }
  })

/** The pipeline as a Layer. */
export const layer = (options: Options): Layer.Layer<StackHttp, StackConfigError> =>
  Layer.effect(StackHttp, make(options))
