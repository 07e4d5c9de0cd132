/**
 * The HTTP pipeline of the protocol, the one place every call goes through (SPEC §7, §8, §9):
 * URL and `x-stack-*` headers, the override-status envelope, known errors, retries, diagnostics,
 * offline detection, per-request timeouts and interruption.
 *
 * It knows nothing about sessions: tokens are passed per request (`session/Session.ts` decides
 * which, and retries once with a fresh access token).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import type * as Tracer from "effect/Tracer"
import type { AccessType } from "../protocol/AccessType.ts"
import * as Headers from "../protocol/Headers.ts"
import { KnownError, KnownErrorCodeMismatch } from "../protocol/KnownError.ts"
import * as Nonce from "../protocol/Nonce.ts"
import * as Version from "../protocol/Version.ts"
import { HttpTransport, type TransportFailure } from "./HttpTransport.ts"
import type { StackConfig } from "./StackConfig.ts"
import {
  type DiagnosticProbe,
  StackConfigError,
  StackConnectionError,
  StackDecodeError,
  StackHttpError,
  StackOfflineError,
  StackTimeoutError,
  type TransportError
} from "./TransportErrors.ts"

/** HTTP methods the protocol uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** Query values; `undefined` entries are left out. */
export type Query = Readonly<Record<string, string | number | boolean | undefined>>

/** The user tokens a request carries. SPEC §7 */
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
  /** The project owner's access token, for admin access by session. SPEC §6 */
  readonly adminAccessToken?: Redacted.Redacted<string> | undefined
  /** Gives up with `StackTimeoutError` when one attempt takes longer. */
  readonly timeout?: Duration.Input | undefined
  /** How a success body is read: JSON (the protocol's default) or the raw text (a few endpoints answer plain text). */
  readonly responseType?: "json" | "text" | undefined
}

/** A successful answer: the real status and the parsed JSON body (`undefined` when empty). */
export interface StackResponse {
  readonly status: number
  readonly headers: globalThis.Headers
  readonly body: unknown
}

/** Network retry policy of SPEC §9: 5 attempts, exponential back-off from 1000 ms, jitter 0.5–1.5. */
export const retryPolicy = {
  attempts: 5,
  baseDelayMillis: 1000,
  jitterMin: 0.5,
  jitterMax: 1.5
} as const

/** Methods that are safe to send again after a network failure. SPEC §8 */
export const idempotentMethods: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"])

/** How long one diagnostics probe may take. */
export const probeTimeoutMillis = 3000

/** The public endpoints probed when the service cannot be reached. SPEC §7 */
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
  /**
   * Lets a secret key be used where `window` and `document` exist. Only for trusted environments
   * that look like browsers (jsdom tests, Electron main processes); never for a real page.
   */
  readonly allowSecretKeysInBrowser?: boolean | undefined
}

const looksLikeBrowser = (): boolean =>
  typeof (globalThis as { window?: unknown }).window !== "undefined" &&
  typeof (globalThis as { document?: unknown }).document !== "undefined"

const isOffline = (): boolean => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false

/** Checks a configuration for an access level: required keys present, secrets kept off browsers. SPEC §6 */
export const validate = (options: Options): Effect.Effect<void, StackConfigError> => {
  const { accessType, config } = options
  const fail = (reason: string) => Effect.fail(new StackConfigError({ reason }))
  if (config.projectId.length === 0) return fail("A project id is required")
  if ((accessType === "server" || accessType === "admin") && looksLikeBrowser() && !options.allowSecretKeysInBrowser) {
    if (config.secretServerKey !== undefined || config.superSecretAdminKey !== undefined) {
      return fail("A secret server key or admin key must never be used in a browser: use the client app there")
    }
  }
  if (accessType === "server" && config.secretServerKey === undefined) {
    return fail("Server access needs a secret server key")
  }
  return Effect.void
}

/**
 * The headers every request of one configuration and access level carries (SPEC §7): a pipeline
 * builds them once. Secret values are unwrapped only here and in {@link requestHeaders}.
 */
const baseHeaders = (config: StackConfig, accessType: AccessType): Readonly<Record<string, string>> => {
  const headers: Record<string, string> = { ...config.extraRequestHeaders }
  headers[Headers.overrideErrorStatus] = "true"
  headers[Headers.projectId] = config.projectId
  headers[Headers.accessType] = accessType
  headers[Headers.clientVersion] = Version.clientVersion
  headers[Headers.allowAnonymousUser] = "true"
  if (config.publishableClientKey !== undefined) headers[Headers.publishableClientKey] = config.publishableClientKey
  if (accessType !== "client" && config.secretServerKey !== undefined) {
    headers[Headers.secretServerKey] = Redacted.value(config.secretServerKey)
  }
  if (accessType === "admin" && config.superSecretAdminKey !== undefined) {
    headers[Headers.superSecretAdminKey] = Redacted.value(config.superSecretAdminKey)
  }
  return headers
}

/** One request's headers: a copy of {@link baseHeaders} plus its tokens, a fresh nonce and its body's type. SPEC §7 */
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

/** Builds the request's headers (SPEC §7); secret values are unwrapped only by its two steps. */
export const buildHeaders = (
  config: StackConfig,
  accessType: AccessType,
  request: StackRequest
): Record<string, string> => requestHeaders(baseHeaders(config, accessType), request)

/** Builds the request's URL: `{baseUrl}/api/v1{path}?{query}`, without a trailing `/`. SPEC §7 */
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

/** Why an attempt should be made again, and how long to wait first. */
type Retry =
  | { readonly _tag: "Network"; readonly reason: string }
  | { readonly _tag: "Status"; readonly error: StackHttpError; readonly waitMillis: number | undefined }

type AttemptFailure = KnownError | TransportError | { readonly _tag: "Retry"; readonly retry: Retry }

const parseJson = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  if (text.length === 0) return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** `Retry-After` in seconds or as an HTTP date, read against Effect's `Clock` (so TestClock applies). */
const retryAfterMillis = (value: string | null, nowMillis: number): number | undefined => {
  if (value === null) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMillis)
}

/**
 * Reads a body as text; aborting `signal` (the fiber's interruption, a timeout) cancels the stream,
 * which closes the connection: an interrupted call never leaves a download running. SPEC §8
 */
export const readText = async (response: Response, signal: AbortSignal): Promise<string> => {
  if (response.body === null) return ""
  const reader = response.body.getReader()
  const cancel = () => void reader.cancel().catch(() => {})
  signal.addEventListener("abort", cancel, { once: true })
  try {
    const decoder = new TextDecoder()
    let text = ""
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return text + decoder.decode()
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    signal.removeEventListener("abort", cancel)
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

/** `networkFailure` handles a connection lost while the body arrives, like one lost before the head. */
const readResponse = (
  method: Method,
  path: string,
  responseType: ResponseType,
  response: Response,
  networkFailure: (reason: string) => Effect.Effect<never, AttemptFailure>,
  span: Tracer.Span | undefined
): Effect.Effect<StackResponse, AttemptFailure> =>
  Effect.tryPromise({
    try: (signal) => readText(response, signal),
    catch: (cause) => String(cause)
  }).pipe(
    Effect.catch(networkFailure),
    Effect.flatMap((text) => interpret(method, path, responseType, response, text, span))
  )

/**
 * What a whole answer means (SPEC §8): the success body, a known error, a retry, or an HTTP error.
 * The success path is plain code (no generator): it runs for every call.
 */
const interpret = (
  method: Method,
  path: string,
  responseType: ResponseType,
  response: Response,
  text: string,
  span: Tracer.Span | undefined
): Effect.Effect<StackResponse, AttemptFailure> => {
  const actual = response.headers.get(Headers.actualStatus)
  const status = actual !== null && /^\d{3}$/.test(actual) ? Number(actual) : response.status
  annotate(span, "http.status_code", status)
  const headerCode = response.headers.get(Headers.knownError)
  if (headerCode === null && status >= 200 && status < 300) {
    const parsed = responseType === "text" ? { ok: true as const, value: text } : parseJson(text)
    return parsed.ok
      ? Effect.succeed({ status, headers: response.headers, body: parsed.value })
      : Effect.fail(new StackDecodeError({ method, path, issue: "the body is not JSON" }))
  }
  return unsuccessful(method, path, response, status, headerCode, text)
}

/** A known error, or a non-2xx answer (retried for 429 and 508 loops). SPEC §8 */
const unsuccessful = (
  method: Method,
  path: string,
  response: Response,
  status: number,
  headerCode: string | null,
  text: string
): Effect.Effect<never, AttemptFailure> =>
  Effect.gen(function*() {
    if (headerCode !== null) {
      const parsed = parseJson(text)
      const body = parsed.ok ? parsed.value as { code?: unknown; error?: unknown; details?: unknown } : undefined
      if (body === undefined || typeof body !== "object" || body === null || typeof body.code !== "string") {
        return yield* new StackDecodeError({ method, path, issue: `known error ${headerCode} with a body that is not {code, error, details}` })
      }
      if (body.code !== headerCode) return yield* Effect.die(new KnownErrorCodeMismatch({ headerCode, bodyCode: body.code }))
      return yield* new KnownError({
        code: body.code,
        status,
        message: typeof body.error === "string" ? body.error : body.code,
        details: body.details
      })
    }
    const error = new StackHttpError({ method, path, status, body: text.slice(0, 2000) })
    if (status === 429) {
      const waitMillis = retryAfterMillis(response.headers.get("retry-after"), yield* Clock.currentTimeMillis)
      return yield* Effect.fail({ _tag: "Retry", retry: { _tag: "Status", error, waitMillis } } as const)
    }
    if (status === 508 && text.includes("INFINITE_LOOP_DETECTED")) {
      return yield* Effect.fail({ _tag: "Retry", retry: { _tag: "Status", error, waitMillis: undefined } } as const)
    }
    return yield* error
  })

// ----- the pipeline -----

/** Runs the diagnostics probes concurrently; each is bounded by {@link probeTimeoutMillis}. */
export const runDiagnostics = (baseUrl: string): Effect.Effect<ReadonlyArray<DiagnosticProbe>> =>
  Effect.gen(function*() {
    const transport = yield* HttpTransport
    return yield* Effect.forEach(diagnosticsProbes(baseUrl), (probe) =>
      transport.send(new Request(probe.url, { method: "GET" })).pipe(
        Effect.map((response) => response.ok ? "OK" : `HTTP ${response.status}`),
        Effect.catch((failure: TransportFailure) => Effect.succeed(failure.reason)),
        Effect.timeoutOrElse({ duration: probeTimeoutMillis, orElse: () => Effect.succeed("timed out") }),
        Effect.map((result) => ({ ...probe, result }))
      ), { concurrency: "unbounded" })
  })

/** Builds the pipeline for one configuration and access level. */
export const make = (options: Options): Effect.Effect<Service, StackConfigError> =>
  // checked when the pipeline is built (not when the Layer value is created): that is where it runs
  Effect.map(Effect.suspend(() => validate(options)), () => {
    const { accessType, config } = options
    const headers = baseHeaders(config, accessType)

    const connectionError = (method: Method, path: string, reason: string, attempts: number) =>
      Effect.gen(function*() {
        if (isOffline()) return yield* new StackOfflineError({ method, path })
        const diagnostics = yield* runDiagnostics(config.baseUrl)
        return yield* new StackConnectionError({ method, path, reason, attempts, diagnostics })
      })

    const execute = (request: StackRequest): Effect.Effect<StackResponse, KnownError | TransportError> => {
      const { method, path } = request
      const responseType = request.responseType ?? "json"
      const idempotent = idempotentMethods.has(method)
      const url = buildUrl(config, request)
      const body = request.body === undefined ? undefined : JSON.stringify(request.body)
      /** SPEC §8: retried when safe to repeat; POST and PATCH fail at once, with diagnostics. */
      const networkFailure = (reason: string): Effect.Effect<never, AttemptFailure> =>
        idempotent
          ? Effect.fail({ _tag: "Retry", retry: { _tag: "Network", reason } } as const)
          : connectionError(method, path, reason, 1)

      const lost = (failure: TransportFailure) => networkFailure(failure.reason)
      // one attempt: built again for a retry (a fresh nonce); through the transport's `exchange`
      // when it has one (no `Request` built twice), else `send` and reading the body here. One
      // `withFiber` reads the transport and the span (annotated directly: no Effect per attribute).
      const attemptOnce: Effect.Effect<StackResponse, AttemptFailure> = Effect.withFiber((fiber) => {
        const transport = fiber.getRef(HttpTransport)
        const span = spanOf(fiber)
        annotate(span, "http.method", method)
        annotate(span, "http.path", path)
        const init: RequestInit = {
          method,
          headers: requestHeaders(headers, request),
          ...(body === undefined ? {} : { body }),
          credentials: "omit"
        }
        return transport.exchange !== undefined
          ? Effect.flatMap(
            Effect.catch(transport.exchange(url, init), lost),
            (exchange) => interpret(method, path, responseType, exchange.response, exchange.text, span)
          )
          : Effect.flatMap(
            Effect.catch(transport.send(new Request(url, init)), lost),
            (response) => readResponse(method, path, responseType, response, networkFailure, span)
          )
      })

      const timed: Effect.Effect<StackResponse, AttemptFailure> = request.timeout === undefined
        ? attemptOnce
        : attemptOnce.pipe(Effect.timeoutOrElse({
          duration: request.timeout,
          orElse: () => Effect.fail(new StackTimeoutError({ method, path, timeoutMillis: Duration.toMillis(Duration.fromInputUnsafe(request.timeout!)) }))
        }))

      const loop = (attempt: number): Effect.Effect<StackResponse, KnownError | TransportError> =>
        timed.pipe(Effect.catch((failure): Effect.Effect<StackResponse, KnownError | TransportError> => {
          if (failure._tag !== "Retry") return Effect.fail(failure as KnownError | TransportError)
          const retry = (failure as { readonly retry: Retry }).retry
          if (attempt + 1 >= retryPolicy.attempts) {
            return retry._tag === "Network"
              ? connectionError(method, path, retry.reason, attempt + 1)
              : Effect.fail(retry.error)
          }
          const wait = retry._tag === "Status" && retry.waitMillis !== undefined
            ? Effect.succeed(retry.waitMillis)
            : Effect.map(
              Random.nextBetween(retryPolicy.jitterMin, retryPolicy.jitterMax),
              (jitter) => jitter * retryPolicy.baseDelayMillis * 2 ** attempt
            )
          return wait.pipe(
            Effect.flatMap((millis) => Effect.sleep(millis)),
            Effect.andThen(loop(attempt + 1))
          )
        }))

      return loop(0)
    }

    return { config, accessType, execute }
  })

/** The pipeline as a Layer. */
export const layer = (options: Options): Layer.Layer<StackHttp, StackConfigError> =>
  Layer.effect(StackHttp, make(options))
