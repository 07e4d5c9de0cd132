/**
 * The emulator's record of every request it received (SPEC §7, §8), so tests can count calls and
 * check what was sent; secret headers are redacted before they are stored.
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
  readonly query: Readonly<Record<string, string>>
  /** Lower-case names; secret values replaced by `<redacted>`. */
  readonly headers: Readonly<Record<string, string>>
  /** JSON or form body as parsed, or the text; `undefined` without a body. */
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
        headers[name] = redactedHeaders.has(name) ? "<redacted>" : value
      })
      const text = request.body === null ? "" : yield* Effect.promise(() => request.clone().text())
      const atMillis = yield* Clock.currentTimeMillis
      const entry: RecordedRequest = {
        method: request.method,
        path: url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: parse(text, request.headers.get("content-type") ?? ""),
        atMillis
      }
      yield* Ref.update(ref, (all) => [...all, entry])
    })
}))
