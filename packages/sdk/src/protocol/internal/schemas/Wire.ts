/**
 * Wire structs (`encodeKeys`, from WireKeys.ts: a camelCase `Type` over a snake_case `Encoded`,
 * decoded in one validating pass) and the encoding of a call's input into its request body.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import * as SchemaIssue from "effect/SchemaIssue"
import * as SchemaParser from "effect/SchemaParser"
import { SchemaError } from "../../KnownErrors.ts"

export { encodeKeys, type WireFields } from "./WireKeys.ts"

const refuseUnknownKeys: SchemaAST.ParseOptions = { onExcessProperty: "error" }

/**
 * Turns a call's camelCase input into its snake_case request body with the input's schema. An
 * input the schema refuses (an unknown key, a value of the wrong type) fails with `SchemaError`,
 * the error the service answers a malformed request with, and no request is sent. The error names
 * the offending path (the values given are not kept: an input may hold a password).
 */
export const encodeInput = <A, I>(schema: Schema.Codec<A, I>) => {
  let format: ((issue: SchemaIssue.Issue) => string) | undefined
  let encode: ((input: unknown) => Effect.Effect<I, SchemaIssue.Issue>) | undefined
  return (input: A): Effect.Effect<I, SchemaError> => {
    encode ??= SchemaParser.encodeUnknownEffect(schema, refuseUnknownKeys)
    return Effect.mapError(encode(input), (issue) => {
      const message = `Invalid input: ${(format ??= SchemaIssue.makeFormatterDefault())(issue)}`
      return new SchemaError({ message, details: { message } })
    })
  }
}
