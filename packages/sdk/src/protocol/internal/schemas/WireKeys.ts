/**
 * Wire structs: a camelCase `Type` over a snake_case `Encoded`, decoded in one validating pass.
 *
 * `Schema.encodeKeys` decodes twice: a struct of the wire keys (each field's encoded side), a
 * rename, then the camelCase struct again (every field's transformation and type check). Here the
 * struct of the wire keys carries the fields themselves, so one pass validates and transforms each
 * field (errors name the wire path), and a rename hands the result to the camelCase type; that
 * type is checked in full only for values the rename did not just build (`Schema.is`, encoding).
 * Known errors' details use it too (KnownErrors.ts), so `Schema.encodeKeys` never reaches a bundle.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import type * as SchemaIssue from "effect/SchemaIssue"
import * as SchemaParser from "effect/SchemaParser"
import * as SchemaTransformation from "effect/SchemaTransformation"

/** The fields of a camelCase struct under their wire keys: `M[K]` where mapped, else `K`. */
export type WireFields<Fields extends Schema.Struct.Fields, M> = {
  readonly [K in keyof Fields as K extends keyof M ? M[K] extends PropertyKey ? M[K] : K : K]: Fields[K]
}

/** A camelCase struct `S` whose `Encoded` has the keys of `M`: the types of `Schema.encodeKeys`. */
export interface encodeKeys<S extends Schema.Struct<Schema.Struct.Fields>, M> extends
  Schema.decodeTo<
    Schema.declareConstructor<S["Type"], S["Type"], readonly []>,
    Schema.Struct<WireFields<S["fields"], M>>
  >
{}

/**
 * Each wire struct's AST and its wire-to-camelCase key map, for a decoder compiled from the AST
 * (servers' `FastDecode`); only what `encodeKeys` made is here.
 */
export const wireStructs = /*#__PURE__*/ new WeakMap<object, Readonly<Record<string, string>>>()

const renameWith = (keys: Record<string, string>) => (input: Record<string, unknown>): Record<string, unknown> => {
  const output: Record<string, unknown> = {}
  for (const key in input) output[keys[key] ?? key] = input[key]
  return output
}

/**
 * Like `Schema.encodeKeys(mapping)` (same `Type`, `Encoded`, results), with one validating pass
 * when decoding; a decode error names the wire path.
 */
export const encodeKeys = <
  S extends Schema.Struct<Schema.Struct.Fields>,
  const M extends { readonly [K in keyof S["fields"]]?: string }
>(mapping: M) =>
(self: S): encodeKeys<S, M> => {
  const wireFields: Record<string, Schema.Struct.Fields[string]> = {}
  const toCamel: Record<string, string> = Object.create(null)
  const toWire: Record<string, string> = Object.create(null)
  for (const key of Object.keys(self.fields)) {
    const wireKey = (mapping as Record<string, string | undefined>)[key] ?? key
    if (Object.hasOwn(wireFields, wireKey)) throw new Error(`Duplicate wire key: ${wireKey}`)
    wireFields[wireKey] = self.fields[key]!
    toCamel[wireKey] = key
    toWire[key] = wireKey
  }
  const toCamelCase = renameWith(toCamel)
  // the object the decoding rename built last: the camelCase check lets it through without a
  // second pass (the wire pass validated every field); any other value is checked in full
  let renamed: object | undefined
  const camelCase = Schema.declareConstructor<S["Type"], S["Type"]>()([], () => {
    let check: ((input: unknown, options: SchemaAST.ParseOptions) => Effect.Effect<S["Type"], SchemaIssue.Issue>) | undefined
    return (input, _self, options) => {
      if (input === renamed && input !== undefined) {
        renamed = undefined
        return Effect.succeed(input as S["Type"])
      }
      check ??= SchemaParser.decodeUnknownEffect(Schema.toType(self)) as typeof check & {}
      return check(input, options)
    }
  })
  const schema = Schema.Struct(wireFields).pipe(Schema.decodeTo(
    camelCase,
    SchemaTransformation.transform<S["Type"], Record<string, unknown>>({
      decode: (input) => (renamed = toCamelCase(input)),
      encode: renameWith(toWire)
    })
  ))
  wireStructs.set(schema.ast, toCamel)
  return schema as unknown as encodeKeys<S, M>
}
