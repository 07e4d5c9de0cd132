/**
 * A test tracer and a capturing logger that keep, as text, everything an exporter could send:
 * span names, attributes, events, links, the exit each span ended with, log messages, causes,
 * annotations and log spans. Used to prove that no secret reaches traces or logs.
 */
import { inspect } from "node:util"
import * as Cause from "effect/Cause"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import type * as Option from "effect/Option"
import * as References from "effect/References"
import * as Tracer from "effect/Tracer"

/** Every textual view of a value a logger, exporter or developer might produce. */
export const views = (value: unknown): ReadonlyArray<string> => {
  const out: Array<string> = []
  const attempt = (f: () => string | undefined) => {
    try {
      const text = f()
      if (text !== undefined) out.push(text)
    } catch (error) {
      out.push(`<view threw: ${String(error)}>`)
    }
  }
  attempt(() => String(value))
  attempt(() => JSON.stringify(value))
  attempt(() => inspect(value, { depth: 12, showHidden: false, getters: true }))
  if (Cause.isCause(value)) attempt(() => Cause.pretty(value))
  if (value instanceof Error) attempt(() => `${value.message}\n${value.stack ?? ""}`)
  return out
}

class CapturingSpan implements Tracer.Span {
  readonly _tag = "Span"
  readonly spanId = Math.random().toString(16).slice(2)
  readonly traceId: string
  status: Tracer.SpanStatus
  readonly attributes = new Map<string, unknown>()
  readonly links: Array<Tracer.SpanLink>
  constructor(
    readonly name: string,
    readonly parent: Option.Option<Tracer.AnySpan>,
    readonly annotations: Context.Context<never>,
    links: ReadonlyArray<Tracer.SpanLink>,
    startTime: bigint,
    readonly kind: Tracer.SpanKind,
    readonly sampled: boolean,
    private readonly sink: Array<string>
  ) {
    this.traceId = parent._tag === "Some" ? parent.value.traceId : Math.random().toString(16).slice(2)
    this.status = { _tag: "Started", startTime }
    this.links = [...links]
    sink.push(`span ${name}`, ...views(links))
  }
  end(endTime: bigint, exit: Exit.Exit<unknown, unknown>): void {
    this.status = { _tag: "Ended", startTime: this.status.startTime, endTime, exit }
    this.sink.push(...views(Object.fromEntries(this.attributes)))
    this.sink.push(...(Exit.isFailure(exit) ? views(exit.cause) : views(exit.value)))
  }
  attribute(key: string, value: unknown): void {
    this.attributes.set(key, value)
    this.sink.push(key, ...views(value))
  }
  event(name: string, _startTime: bigint, attributes?: Record<string, unknown>): void {
    this.sink.push(name, ...views(attributes))
  }
  addLinks(links: ReadonlyArray<Tracer.SpanLink>): void {
    this.links.push(...links)
    this.sink.push(...views(links))
  }
}

/** A tracer, a logger and what they captured. */
export interface Capture {
  readonly texts: Array<string>
  readonly spanNames: Array<string>
  readonly tracer: Tracer.Tracer
  readonly logger: Logger.Logger<unknown, void>
  /** Runs `effect` with the tracer, the logger (every level) and nothing else logging. */
  readonly around: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/** A fresh capture. */
export const make = (): Capture => {
  const texts: Array<string> = []
  const spanNames: Array<string> = []
  const tracer = Tracer.make({
    span: (options) => {
      spanNames.push(options.name)
      return new CapturingSpan(options.name, options.parent, options.annotations, options.links, options.startTime, options.kind, options.sampled, texts)
    }
  })
  const logger = Logger.make<unknown, void>((options) => {
    texts.push(...views(options.message), ...views(options.cause))
    texts.push(...views(options.fiber.getRef(References.CurrentLogAnnotations)))
    texts.push(...views(options.fiber.getRef(References.CurrentLogSpans)))
  })
  const around = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    effect.pipe(
      Effect.withTracer(tracer),
      Effect.provideService(References.MinimumLogLevel, "All"),
      Effect.provide(Logger.layer([logger]))
    ) as Effect.Effect<A, E, R>
  return { texts, spanNames, tracer, logger, around }
}

/** A layer installing only the capture's logger (to combine with other layers). */
export const loggerLayer = (capture: Capture): Layer.Layer<never> => Logger.layer([capture.logger])
