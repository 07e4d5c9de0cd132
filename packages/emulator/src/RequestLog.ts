/**
 * The emulator's record of the requests it received, so tests can count calls and
 * check what was sent. Secrets are redacted before they are stored (the log is served by the
 * admin route `/api/v1/emulator/requests`): secret headers, and secret fields of the query and of
 * JSON and form bodies at any depth (tokens, codes, PKCE verifiers, client secrets, passwords).
 *
 * The log is bounded, so a flood of requests cannot exhaust memory: it keeps the newest
 * {@link defaultMaxEntries} entries (a ring buffer; `Options.maxEntries`), a body larger than
 * {@link defaultMaxBodyBytes} is stored as a size note, not its text, a body that is not JSON or a
 * form is never stored verbatim (it could hold a password in any shape), and nesting deeper than
 * {@link maxDepth} is cut (`<too deep>`), so a hostile body cannot overflow the stack.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Headers from "stack-auth-effect/Headers"

/** One received request. */
export interface RecordedRequest {
  readonly method: string
  /** The path from the root (`/api/v1/users/me`). */
  readonly path: string
  /** Secret values replaced by `<redacted>` ({@link redactedFields}). */
  readonly query: Readonly<Record<string, string>>
  /** Lower-case names; secret values replaced by `<redacted>`. */
  readonly headers: Readonly<Record<string, string>>
  /** JSON or form body as parsed (secret fields `<redacted>`), or the text; `undefined` without a body. */
  readonly body: unknown
  readonly atMillis: number
}

/** Bounds of a log. */
export interface Options {
  /** How many entries are kept (the oldest are dropped first); {@link defaultMaxEntries} by default. */
  readonly maxEntries?: number | undefined
  /** Bodies larger than this many bytes are stored as a size note; {@link defaultMaxBodyBytes} by default. */
  readonly maxBodyBytes?: number | undefined
}

/** Entries kept by default: 10,000 (soak and fuzz tests count that many requests). */
export const defaultMaxEntries = 10_000

/** Largest body stored by default: 4 KiB (so a full log stays under about 40 MB). */
export const defaultMaxBodyBytes = 4 * 1024

/** Nesting depth of a stored body or query beyond which values are replaced by `<too deep>`. */
export const maxDepth = 32

/** Which requests to count. */
export interface RequestFilter {
  readonly method?: string | undefined
  /** Exact path; under `/api/v1` unless it starts with `/api/` or is `/health`. */
  readonly path?: string | undefined
}

/** The request log service. */
export interface Service {
  /** Every kept entry, oldest first. */
  readonly all: Effect.Effect<ReadonlyArray<RecordedRequest>>
  /** The requests matching a method and path, oldest first. */
  readonly filter: (filter: RequestFilter) => Effect.Effect<ReadonlyArray<RecordedRequest>>
  /** How many requests match (all of them without a filter). */
  readonly count: (filter?: RequestFilter) => Effect.Effect<number>
  /** Forgets every entry. */
  readonly clear: Effect.Effect<void>
  /** Adds a request to the log (the emulator does it for every request it answers). */
  readonly record: (request: Request) => Effect.Effect<void>
}

/** Header values never stored. */
export const redactedHeaders: ReadonlySet<string> = new Set([
  ...Headers.secretHeaders,
  Headers.publishableClientKey
])

/** What a secret value is stored as. */
export const redactedValue = "<redacted>"

/**
 * Query and body fields (JSON or form, at any depth, any case) whose values are never stored;
 * besides these, any field whose name holds `password` or `secret` or ends in `token`.
 */
export const redactedFields: ReadonlySet<string> = new Set([
  "access_token",
  "refresh_token",
  "id_token",
  "token",
  "code",
  "code_verifier",
  "attempt_code",
  "client_secret",
  "password",
  "old_password",
  "new_password",
  "password_hash",
  "otp",
  "totp",
  "totp_secret_base64",
  "api_key",
  "publishable_client_key",
  "secret_server_key",
  "super_secret_admin_key"
])

/** Whether a field's value is never stored: a {@link redactedFields} name, or one that names a password, secret or token. */
export const isSecretField = (name: string): boolean => {
  const lower = name.toLowerCase()
  return redactedFields.has(lower) || /password|secret|token$/.test(lower)
}

/** What a value nested deeper than {@link maxDepth} is stored as. */
export const tooDeepValue = "<too deep>"

/**
 * A parsed body or query with the value of every secret field, at any depth, replaced by
 * `<redacted>`, and anything nested deeper than {@link maxDepth} replaced by `<too deep>`.
 */
export const redactFields = (value: unknown, depth = 0): unknown => {
  if (typeof value !== "object" || value === null) return value
  if (depth >= maxDepth) return tooDeepValue
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [
    name,
    isSecretField(name) && field !== null && field !== undefined ? redactedValue : redactFields(field, depth + 1)
  ]))
}

/** What an oversized body is stored as. */
export const oversizedBody = (bytes: number): string => `<body of ${bytes} bytes, not stored>`

/** What a body that is neither JSON nor a form is stored as (never verbatim: it may hold a secret). */
export const unparsableBody = (bytes: number): string => `<unparsable body of ${bytes} bytes, not stored>`

const parse = (text: string, contentType: string, maxBodyBytes: number): unknown => {
  if (text.length === 0) return undefined
  const bytes = new TextEncoder().encode(text).length
  if (bytes > maxBodyBytes) return oversizedBody(bytes)
  if (contentType.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  try {
    return JSON.parse(text)
  } catch {
    return unparsableBody(bytes)
  }
}

const normalize = (path: string): string => (path.startsWith("/api/") || path === "/health" ? path : `/api/v1${path}`)

const matches = (filter: RequestFilter, r: RecordedRequest): boolean =>
  (filter.method === undefined || filter.method.toUpperCase() === r.method) &&
  (filter.path === undefined || normalize(filter.path) === r.path)

/** A ring buffer of the newest `capacity` entries. */
const ring = <A>(capacity: number) => {
  let items: Array<A> = []
  let next = 0
  return {
    push: (item: A) => {
      if (items.length < capacity) items.push(item)
      else items[next] = item
      next = (next + 1) % capacity
    },
    snapshot: (): ReadonlyArray<A> => items.length < capacity ? items.slice() : [...items.slice(next), ...items.slice(0, next)],
    clear: () => {
      items = []
      next = 0
    }
  }
}

/** A fresh, empty log keeping the newest `maxEntries` entries. */
export const make = (options: Options = {}): Effect.Effect<Service> =>
  Effect.sync(() => {
    const maxBodyBytes = Math.max(0, options.maxBodyBytes ?? defaultMaxBodyBytes)
    const entries = ring<RecordedRequest>(Math.max(1, Math.floor(options.maxEntries ?? defaultMaxEntries)))
    const all = Effect.sync(entries.snapshot)
    const service: Service = {
      all,
      filter: (filter) => Effect.map(all, (items) => items.filter((r) => matches(filter, r))),
      count: (filter = {}) => Effect.map(all, (items) => items.filter((r) => matches(filter, r)).length),
      clear: Effect.sync(entries.clear),
      record: (request) =>
        Effect.gen(function*() {
          const url = new URL(request.url)
          const headers: Record<string, string> = {}
          request.headers.forEach((value, name) => {
            headers[name] = redactedHeaders.has(name) ? redactedValue : value
          })
          const text = request.body === null ? "" : yield* Effect.promise(() => request.clone().text())
          const atMillis = yield* Clock.currentTimeMillis
          const entry: RecordedRequest = {
            method: request.method,
            path: url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname,
            query: redactFields(Object.fromEntries(url.searchParams)) as Record<string, string>,
            headers,
            body: redactFields(parse(text, request.headers.get("content-type") ?? "", maxBodyBytes)),
            atMillis
          }
          entries.push(entry)
        })
    }
    return service
  })
