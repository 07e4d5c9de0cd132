/**
 * Each wire schema's decoder, made once per schema (not on every call): Schema's interpreter,
 * unless a server app set a factory of faster decoders with the same results (`FastDecode`,
 * installed by the server and admin apps). Used by `Call.decodeBody`.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type * as SchemaIssue from "effect/SchemaIssue"
import * as SchemaParser from "effect/SchemaParser"

/** A decoder of one wire schema: its value, or the issue that refuses the input. */
export type Decoder = (input: unknown) => Effect.Effect<unknown, SchemaIssue.Issue>

/** What makes a wire schema's decoder. */
export type Factory = (schema: Schema.Top) => Decoder

let factory: Factory = SchemaParser.decodeUnknownEffect as Factory
let decoders = /*#__PURE__*/ new WeakMap<object, Decoder>()

/** The decoder of `schema`, made by the factory in use on first use. */
export const of = (schema: Schema.Top): Decoder => {
  let decode = decoders.get(schema)
  if (decode === undefined) decoders.set(schema, decode = factory(schema))
  return decode
}

/**
 * Makes every later decode use `next`'s decoders (the decoders made so far are dropped). Its
 * results must equal the interpreter's: it changes the speed, never an answer.
 */
export const setFactory = (next: Factory): void => {
  if (next === factory) return
  factory = next
  decoders = new WeakMap()
}
