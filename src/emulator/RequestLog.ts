/**
 * The emulator's record of every request it received (SPEC §7, §8), so tests can count calls and
 * check what was sent. Secrets are redacted before they are stored (the log is served by the
 * admin route `/api/v1/emulator/requests`): secret headers, and secret fields of the query and of
 * JSON and form bodies at any depth (tokens, codes, PKCE verifiers, client secrets, passwords).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Headers from "../protocol/Headers.ts"

/** One received request. SPEC §7 */
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

/** Which requests to count. SPEC §7 */
export interface RequestFilter {
  readonly method?: string | undefined
  /** Exact path; under `/api/v1` unless it starts with `/api/` or is `/health`. */
  readonly path?: string | undefined
}

/** The request log service. SPEC §7 */
export interface Service {
  readonly all: Effect.Effect<ReadonlyArray<RecordedRequest>>
  readonly filter: (filter: RequestFilter) => Effect.Effect<ReadonlyArray<RecordedRequest>>
  readonly count: (filter?: RequestFilter) => Effect.Effect<number>
  readonly clear: Effect.Effect<void>
  readonly record: (request: Request) => Effect.Effect<void>
}

/** Header values never stored. SPEC §7 */
export const redactedHeaders: ReadonlySet<string> = new Set([
  ...Headers.secretHeaders,
  Headers.publishableClientKey
])

/** What a secret value is stored as. SPEC §7 */
export const redactedValue = "<redacted>"

/** Query and body fields (JSON or form, at any depth) whose values are never stored. SPEC §7 */
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
  "totp",
  "totp_secret_base64",
  "api_key",
  "publishable_client_key",
  "secret_server_key",
  "super_secret_admin_key"
])

const isSecretField = (name: string): boolean => redactedFields.has(name.toLowerCase())

/** A parsed body or query with the value of every secret field, at any depth, replaced by `<redacted>`. SPEC §7 */
export const redactFields = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redactFields)
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [
    name,
    isSecretField(name) && field !== null && field !== undefined ? redactedValue : redactFields(field)
  ]))
}

const parse = (text: string, contentType: string): unknown => {
  if (text.length === 0) return undefined
  if (contentType.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const normalize = (path: string): string => (path.startsWith("/api/") || path === "/health" ? path : `/api/v1${path}`)

const matches = (filter: RequestFilter, r: RecordedRequest): boolean =>
  (filter.method === undefined || filter.method.toUpperCase() === r.method) &&
  (filter.path === undefined || normalize(filter.path) === r.path)

/** A fresh, empty log. SPEC §7 */
export const make: Effect.Effect<Service> = Effect.map(Ref.make<ReadonlyArray<RecordedRequest>>([]), (ref) => ({
  all: Ref.get(ref),
  filter: (filter) => Effect.map(Ref.get(ref), (all) => all.filter((r) => matches(filter, r))),
  count: (filter = {}) => Effect.map(Ref.get(ref), (all) => all.filter((r) => matches(filter, r)).length),
  clear: Ref.set(ref, []),
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
        body: redactFields(parse(text, request.headers.get("content-type") ?? "")),
        atMillis
      }
      yield* Ref.update(ref, (all) => [...all, entry])
    })
}))
