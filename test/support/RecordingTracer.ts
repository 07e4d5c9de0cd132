import * as Tracer from "effect/Tracer"

/** A tracer that keeps every span it makes, for asserting names and attributes. */
export const recordingTracer = () => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span: (options) => {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  return { spans, tracer }
}
