/**
 * What the server and admin apps do differently from the client app (whose code browsers load),
 * for speed on servers: compiled wire decoders, and on Node, Node's own HTTP client.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as NodeHttpTransport from "../../platform/NodeHttpTransport.ts"
import * as FastDecode from "../../protocol/internal/schemas/FastDecode.ts"
import { HttpTransport } from "../../transport/HttpTransport.ts"
import * as Decoders from "../../transport/internal/Decoders.ts"

/**
 * Installs the compiled decoders (`FastDecode`) for every call when built: process-wide, their
 * results equal the interpreter's, which decodes whatever they do not.
 */
export const fastDecoding: Layer.Layer<never> = /*#__PURE__*/ Layer.effectDiscard(
  Effect.sync(() => Decoders.setFactory(FastDecode.decoder))
)

/**
 * Node's own HTTP client (`NodeHttpTransport`, about two thirds of `fetch`'s CPU per call) when the
 * app was given no transport (its context holds the default one) and the runtime is Node; else the
 * transport in the context, as it is (the default `fetch` on Bun, Deno and edge runtimes).
 */
export const nodeTransport: Layer.Layer<never> = /*#__PURE__*/ Layer.effect(
  HttpTransport,
  Effect.flatMap(Effect.service(HttpTransport), (current) =>
    current === Context.get(Context.empty(), HttpTransport)
      ? Effect.orElseSucceed(NodeHttpTransport.make(), () => current) // not Node: it refuses
      : Effect.succeed(current))
)

/** Both, for the server and admin apps' layers. */
export const layer: Layer.Layer<never> = /*#__PURE__*/ Layer.merge(fastDecoding, nodeTransport)
