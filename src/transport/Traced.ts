/**
 * How API functions are traced: a span named `Module.function` per call (SPEC-independent
 * observability), without `Effect.fn`'s per-call stack capture, which cost 10–25 µs a call
 * (BENCHMARKS.md, "per-call overhead"). Use as the pipeable of `Effect.fnUntraced`:
 *
 * ```ts
 * export const update = Effect.fnUntraced(function*(payload: X): Effect.fn.Return<A, E, R> { ... }, Traced.span("Users.update"))
 * ```
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"

const noStackTrace = { captureStackTrace: false } as const

/** The span of an API function, to pass to `Effect.fnUntraced` as its pipeable. */
export const span = (name: string) => Effect.withSpan(name, undefined, noStackTrace)
