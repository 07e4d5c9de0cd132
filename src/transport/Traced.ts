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
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as References from "effect/References"
import * as Tracer from "effect/Tracer"

const noStack = (): string | undefined => undefined

/**
 * The span of an API function, to pass to `Effect.fnUntraced` as its pipeable. What
 * `Effect.withSpan(name, undefined, { captureStackTrace: false })` does (the span, the parent span
 * and stack frame of the body), with the two services added in one context change instead of two.
 */
// oxlint-disable-next-line no-explicit-any
export const span = <Args extends ReadonlyArray<any>>(name: string) =>
<A, E, R>(self: Effect.Effect<A, E, R>, ..._args: Args): Effect.Effect<A, E, Exclude<R, Tracer.ParentSpan>> =>
  Effect.useSpan(name, (span) =>
    Effect.updateContext(self, (context: Context.Context<Exclude<R, Tracer.ParentSpan>>) =>
      Context.add(
        Context.add(context, Tracer.ParentSpan, span),
        References.CurrentStackFrame,
        { name, stack: noStack, parent: Context.get(context, References.CurrentStackFrame) }
      ) as Context.Context<R>))
