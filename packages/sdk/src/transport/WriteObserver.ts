/**
 * Who hears about the app's successful writes: after every `POST`/`PUT`/`PATCH`/`DELETE`
 * a typed call decoded, the observer in context is told the method, path, query, the body sent and
 * the decoded answer. The app's query cache registers here (`cache/CacheWrites.ts`), so every
 * API function keeps the cache right without knowing it exists. Nobody listens by default.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { StackRequest } from "./StackHttp.ts"

/** One successful write: what was sent and the decoded answer. */
export interface Write {
  readonly method: StackRequest["method"]
  /** Path under `/api/v1`, e.g. `/users/me`. */
  readonly path: string
  readonly query: StackRequest["query"]
  /** The body as sent on the wire (snake_case). */
  readonly body: unknown
  /** The decoded answer (camelCase), as the call returns it. */
  readonly answer: unknown
  /** Whether `answer` went through a schema; `false` when the call kept the wire body as is (`Schema.Unknown`). */
  readonly decoded: boolean
}

/** Hears every successful write; must not fail (it runs after the write succeeded). */
export type Observer = (write: Write) => Effect.Effect<void>

/** The observer in use: none by default; the apps install their query cache's. */
export const WriteObserver: Context.Reference<Observer | undefined> = /*#__PURE__*/ Context.Reference<Observer | undefined>(
  "stack-auth-effect/transport/WriteObserver",
  { defaultValue: () => undefined }
)

/** Tells the observer in context about a successful write (nothing for a `GET`). */
export const notify = (request: StackRequest, answer: unknown, decoded: boolean): Effect.Effect<void> =>
  request.method === "GET"
    ? Effect.void
    : Effect.flatMap(WriteObserver, (observer) =>
      observer === undefined
        ? Effect.void
        : observer({ method: request.method, path: request.path, query: request.query, body: request.body, answer, decoded }))
