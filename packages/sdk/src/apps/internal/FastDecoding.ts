/**
 * The server and admin apps' wire decoding: compiled decoders (`FastDecode`) first, Schema's
 * interpreter for whatever they do not decode. Client apps (and so browsers) keep the interpreter.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FastDecode from "../../protocol/internal/schemas/FastDecode.ts"
import * as Decoders from "../../transport/internal/Decoders.ts"

/** Installs the compiled decoders for every call when built (process-wide: their results equal the interpreter's). */
export const layer: Layer.Layer<never> = /*#__PURE__*/ Layer.effectDiscard(
  Effect.sync(() => Decoders.setFactory(FastDecode.decoder))
)
