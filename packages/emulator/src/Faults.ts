/**
 * Faults on demand: make chosen routes answer 429 (with or without `Retry-After`),
 * 5xx, 508 `INFINITE_LOOP_DETECTED`, answer late (`Effect.sleep`, so `TestClock` controls it), or
 * drop the connection; for a number of requests or until cleared.
 *
 * @since 0.1.0
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { apiBase, matchPattern } from "./Router.ts"

/** What an injected fault does. */
export const Fault = Schema.Union([
  Schema.Struct({
    _tag: Schema.tag("Status"),
    status: Schema.Number,
    headers: Schema.optional(Schema.Record(Schema.String, Schema.String)),
    body: Schema.optional(Schema.String)
  }),
  Schema.Struct({ _tag: Schema.tag("Delay"), millis: Schema.Number }),
  Schema.Struct({ _tag: Schema.tag("Drop") })
])
/** What an injected fault does. */
export type Fault = typeof Fault.Type

/** Answer with this status (and optional headers and body). */
export const status = (code: number, options: { readonly headers?: Record<string, string>; readonly body?: string } = {}): Fault =>
  ({ _tag: "Status", status: code, ...options })
/** 429, with `Retry-After` when seconds are given. */
export const rateLimited = (retryAfterSeconds?: number): Fault =>
  status(429, { body: "Too many requests", ...(retryAfterSeconds === undefined ? {} : { headers: { "retry-after": String(retryAfterSeconds) } }) })
/** A 5xx server error (500 by default). */
export const serverError = (code = 500): Fault => status(code, { body: "Internal server error (injected by the emulator)" })
/** 508 with a body containing `INFINITE_LOOP_DETECTED`. */
export const infiniteLoop = (): Fault => status(508, { body: "INFINITE_LOOP_DETECTED: loop detected (injected by the emulator)" })
/** Answers normally after a delay (`Effect.sleep`). */
export const delay = (duration: Duration.Input): Fault => ({ _tag: "Delay", millis: Duration.toMillis(Duration.fromInputUnsafe(duration)) })
/** Drops the connection: in-process the transport fails, over HTTP the socket is destroyed. */
export const drop = (): Fault => ({ _tag: "Drop" })

/** Where and how often a fault applies. */
export interface Injection {
  /** Only this method (any when absent). */
  readonly method?: string | undefined
  /** A path or pattern (`/users/:userId`, `/users/*`), under `/api/v1` unless it starts with `/api/` or is a root path given with `root`; any when absent. */
  readonly path?: string | undefined
  /** How many matching requests it affects; unlimited when absent. */
  readonly times?: number | undefined
  readonly fault: Fault
}

/** An active injection. */
export interface Active extends Injection {
  readonly id: string
  readonly remaining: number
}

/** The faults service. */
export interface Service {
  /** Adds an injection; returns its id. */
  readonly inject: (injection: Injection) => Effect.Effect<string>
  /** Removes one injection by the id `inject` answered. */
  readonly remove: (id: string) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  readonly list: Effect.Effect<ReadonlyArray<Active>>
  /** The fault for this request, if any (counts one use). */
  readonly take: (method: string, path: string) => Effect.Effect<Fault | undefined>
}

const normalize = (path: string): string =>
  path.startsWith("/api/") || path === "/health" ? path : apiBase + (path.startsWith("/") ? path : `/${path}`)

const matches = (injection: Injection, method: string, path: string): boolean =>
  (injection.method === undefined || injection.method.toUpperCase() === method.toUpperCase()) &&
  (injection.path === undefined || matchPattern(normalize(injection.path), path) !== undefined)

/** A fresh faults service with no injection. */
export const make: Effect.Effect<Service> = Effect.map(Ref.make<ReadonlyArray<Active>>([]), (ref) => ({
  inject: (injection) =>
    Ref.modify(ref, (all) => {
      const id = crypto.randomUUID()
      return [id, [...all, { ...injection, id, remaining: injection.times ?? Number.POSITIVE_INFINITY }]] as const
    }),
  remove: (id) => Ref.update(ref, (all) => all.filter((a) => a.id !== id)),
  clear: Ref.set(ref, []),
  list: Ref.get(ref),
  take: (method, path) =>
    Ref.modify(ref, (all) => {
      const hit = all.find((a) => a.remaining > 0 && matches(a, method, path))
      if (hit === undefined) return [undefined, all] as const
      const next = all
        .map((a) => (a.id === hit.id ? { ...a, remaining: a.remaining - 1 } : a))
        .filter((a) => a.remaining > 0)
      return [hit.fault, next] as const
    })
}))
