/**
 * How API functions are traced: a span named `Module.function` per call (for your own
 * observability), without `Effect.fn`'s per-call stack capture, which cost 10–25 µs a call
 * (BENCHMARKS.md, "per-call overhead"). While only Effect's native tracer is installed (no
 * backend that could see a span) the call runs without one, saving 2–3 µs; with any other tracer
 * (OpenTelemetry, a test's recording tracer) every call gets its span. Use as the pipeable of
 * `Effect.fnUntraced`:
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
 * The span of an API function, to pass to `Effect.fnUntraced` as its pipeable. With a tracer
 * installed, what `Effect.withSpan(name, undefined, { captureStackTrace: false })` does (the span,
 * the parent span and stack frame of the body), with the two services added in one context change
 * instead of two; with only Effect's native tracer, the body as it is.
 */
// oxlint-disable-next-line no-explicit-any
export const span = <Args extends ReadonlyArray<any>>(name: string) =>
<A, E, R>(self: Effect.Effect<A, E, R>, ..._args: Args): Effect.Effect<A, E, Exclude<R, Tracer.ParentSpan>> =>
  // the traced effect is built only when a span is made (nothing allocated for it otherwise)
  Effect.withFiber((fiber) =>
    fiber.getRef(Tracer.Tracer) === Tracer.nativeTracer
      ? self as Effect.Effect<A, E, Exclude<R, Tracer.ParentSpan>>
      : Effect.useSpan(name, (span) =>
        Effect.updateContext(self, (context: Context.Context<Exclude<R, Tracer.ParentSpan>>) =>
          Context.add(
            Context.add(context, Tracer.ParentSpan, span),
            References.CurrentStackFrame,
            { name, stack: noStack, parent: Context.get(context, References.CurrentStackFrame) }
          ) as Context.Context<R>))
  )
