/**
 * Wire decoders compiled to plain functions, for servers: the same results as Schema's
 * interpreter at a fraction of its cost, or `invalid` (then the interpreter decodes, and names
 * the issue).
 *
 * `compile(schema)` walks the schema's AST once and builds one closure per node: `String`,
 * `Number`, `Boolean`, `Null`, `Undefined`, `Literal`, `Unknown`/`Any`, `Union` (first success in
 * member order, as Effect's union decoding: its candidate index only skips members that would
 * fail), `Schema.Array`, structs (absent keys, optional keys, extra keys dropped, `__proto__` as
 * Effect treats them), `Schema.Record(Schema.String, X)`, `Schema.DateFromMillis` (by identity)
 * and the wire structs of `Wire.encodeKeys` (read from `WireKeys.wireStructs`, decoded and renamed
 * in one pass). Any other node (a check, another declaration or encoding, a suspension) is decoded
 * by the interpreter's own parser for that node; a schema made of such nodes alone gets no fast
 * decoder. The contract, for every input: `invalid`, or a value equal to the interpreter's
 * success (same keys in the same order, same Dates, same prototypes); never a throw, never a
 * success the interpreter refuses. Server apps install it for every call (`decoder`, through
 * `transport/internal/Decoders`); browsers never load this module.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import type * as SchemaIssue from "effect/SchemaIssue"
import * as SchemaParser from "effect/SchemaParser"
import { wireStructs } from "./WireKeys.ts"

/** What a fast decoder answers for an input it does not decode: the interpreter must decide. */
export const invalid: unique symbol = Symbol("stack-auth-effect/FastDecode/invalid")

/** A compiled decoder: the decoded value, or `invalid`. Never throws. */
export type FastDecoder = (input: unknown) => unknown

/**
 * One compiled node. Its `decode` answers `invalid` exactly when the interpreter fails for that
 * value; where it cannot tell (a delegated node that suspends, an absent key a delegated node could
 * make a value of), it throws `unsure` and the whole input goes to the interpreter.
 */
interface Node {
  readonly decode: FastDecoder
  /** No node of the subtree is delegated to the interpreter. */
  readonly full: boolean
  /** An absent key of this type may be decoded into a value (a delegated node with such an encoding). */
  readonly absentUnknown: boolean
}

const unsure = /*#__PURE__*/ Symbol("unsure")

const isObjectInput = (input: unknown): input is Record<PropertyKey, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input)

// as Effect's struct parser: `__proto__` only as an own key, any other key also through the prototype
const hasKey = (input: object, key: PropertyKey): boolean =>
  key === "__proto__" ? Object.hasOwn(input, key) : key in input

// as Effect's struct parser: `__proto__` becomes an own key, never the prototype
const assign = (output: Record<PropertyKey, unknown>, key: PropertyKey, value: unknown): void => {
  if (key === "__proto__") Object.defineProperty(output, key, { value, writable: true, enumerable: true, configurable: true })
  else output[key] = value
}

// a key an object lists before the others (an array index): its place would differ after a rename
const isIndexLike = (key: PropertyKey): boolean =>
  typeof key === "string" && /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295

const exactNode = (decode: FastDecoder): Node => ({ decode, full: true, absentUnknown: false })

// Effect's parsers answer an absent key with "absent" except through an encoding whose decoding
// step sees absence (an optional transformation, a middleware): those may make a value of nothing
const absentUnknown = (ast: SchemaAST.AST): boolean =>
  ast.encoding?.some((link) => {
    const transformation = link.transformation
    if (transformation._tag === "Middleware") return true
    const tag = transformation.decode._tag
    return (tag !== "Passthrough" && tag !== "Transform" && tag !== "TransformEffect") || absentUnknown(link.to)
  }) ?? false

const delegated = /*#__PURE__*/ new WeakSet<Node>()

/** A node the compiler does not know: the interpreter's own parser for that node, when it answers at once. */
const delegate = (ast: SchemaAST.AST): Node => {
  let parse: ((input: unknown) => Effect.Effect<unknown, SchemaIssue.Issue, unknown>) | undefined
  const node: Node = {
    decode: (input) => {
      const result = (parse ??= SchemaParser.decodeUnknownEffect(Schema.make<Schema.Top>(ast)))(input)
      // a refusal comes back as an effect (the issue is wrapped in a step of its own): run it at once
      const exit = Exit.isExit(result) ? result : Effect.runSyncExit(result as Effect.Effect<unknown, SchemaIssue.Issue>)
      if (Exit.isSuccess(exit)) return exit.value
      if (Cause.hasFails(exit.cause) && !Cause.hasDies(exit.cause) && !Cause.hasInterrupts(exit.cause)) return invalid
      throw unsure
    },
    full: false,
    absentUnknown: absentUnknown(ast)
  }
  delegated.add(node)
  return node
}

const decodeString: FastDecoder = (input) => typeof input === "string" ? input : invalid
const decodeNumber: FastDecoder = (input) => typeof input === "number" ? input : invalid
const decodeBoolean: FastDecoder = (input) => typeof input === "boolean" ? input : invalid
const decodeNull: FastDecoder = (input) => input === null ? null : invalid
const decodeUndefined: FastDecoder = (input) => input === undefined ? undefined : invalid
const decodeAny: FastDecoder = (input) => input
const decodeNotNullish: FastDecoder = (input) => input === null || input === undefined ? invalid : input

// `Schema.DateFromMillis`: a safe integer, then a valid Date
const decodeDateFromMillis: FastDecoder = (input) => {
  if (typeof input !== "number" || !Number.isSafeInteger(input)) return invalid
  const date = new Date(input)
  return Number.isNaN(date.getTime()) ? invalid : date
}

interface Property {
  readonly key: PropertyKey
  readonly outputKey: PropertyKey
  readonly node: Node
  readonly optional: boolean
}

/** A struct's properties decoded in order into `output` (under their output keys). */
const decodeProperties = (properties: ReadonlyArray<Property>): FastDecoder => (input) => {
  if (!isObjectInput(input)) return invalid
  const output: Record<PropertyKey, unknown> = {}
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i]!
    if (!hasKey(input, property.key)) {
      // an absent key: skipped when optional, refused when required (unless a value may be made of it)
      if (property.node.absentUnknown) throw unsure
      if (!property.optional) return invalid
      continue
    }
    const value = property.node.decode(input[property.key])
    if (value === invalid) return invalid
    assign(output, property.outputKey, value)
  }
  return output
}

const structNode = (properties: ReadonlyArray<Property>): Node => ({
  decode: decodeProperties(properties),
  full: properties.every((property) => property.node.full),
  absentUnknown: false
})

const plain = (ast: SchemaAST.AST): boolean =>
  ast.checks === undefined && ast.encoding === undefined &&
  (ast as { readonly encodingChecks?: unknown }).encodingChecks === undefined

const compiled = new WeakMap<SchemaAST.AST, Node>()

const nodeOf = (ast: SchemaAST.AST): Node => {
  let node = compiled.get(ast)
  if (node === undefined) compiled.set(ast, node = build(ast))
  return node
}

const build = (ast: SchemaAST.AST): Node => {
  if (ast === Schema.DateFromMillis.ast) return exactNode(decodeDateFromMillis)
  const wire = wireStructs.get(ast)
  if (wire !== undefined) return wireStruct(ast, wire) ?? delegate(ast)
  if (!plain(ast)) return delegate(ast)
  switch (ast._tag) {
    case "String":
      return exactNode(decodeString)
    case "Number":
      return exactNode(decodeNumber)
    case "Boolean":
      return exactNode(decodeBoolean)
    case "Null":
      return exactNode(decodeNull)
    case "Undefined":
      return exactNode(decodeUndefined)
    case "Unknown":
    case "Any":
      return exactNode(decodeAny)
    case "Literal": {
      const literal = ast.literal
      return exactNode((input) => input === literal ? input : invalid)
    }
    case "Union":
      return union(ast)
    case "Arrays":
      return array(ast)
    case "Objects":
      return objects(ast)
    default:
      return delegate(ast)
  }
}

// every member in order, the first success wins (Effect's candidate index only skips members that would fail)
const union = (ast: SchemaAST.Union): Node => {
  if (ast.options?.mode === "oneOf") return delegate(ast)
  const members = ast.types.map((type) => nodeOf(type).decode)
  return {
    decode: (input) => {
      for (let i = 0; i < members.length; i++) {
        const value = members[i]!(input)
        if (value !== invalid) return value
      }
      return invalid
    },
    full: ast.types.every((type) => nodeOf(type).full),
    absentUnknown: false
  }
}

const array = (ast: SchemaAST.Arrays): Node => {
  if (ast.elements.length !== 0 || ast.rest.length !== 1) return delegate(ast)
  const item = nodeOf(ast.rest[0]!)
  const decodeItem = item.decode
  return {
    decode: (input) => {
      if (!Array.isArray(input)) return invalid
      const output: Array<unknown> = []
      for (let i = 0; i < input.length; i++) {
        const value = decodeItem(input[i])
        if (value === invalid) return invalid
        output.push(value)
      }
      return output
    },
    full: item.full,
    absentUnknown: false
  }
}

const objects = (ast: SchemaAST.Objects): Node => {
  const indexes = ast.indexSignatures
  if (ast.propertySignatures.length === 0) {
    if (indexes.length === 0) return exactNode(decodeNotNullish)
    // `Schema.Record(Schema.String, X)`: every own enumerable string key, in order
    const index = indexes[0]!
    if (indexes.length !== 1 || index.parameter !== SchemaAST.string || SchemaAST.isOptional(index.type)) return delegate(ast)
    const value = nodeOf(index.type)
    return {
      decode: (input) => {
        if (!isObjectInput(input)) return invalid
        const output: Record<PropertyKey, unknown> = {}
        const keys = Object.keys(input)
        for (let i = 0; i < keys.length; i++) {
          const decoded = value.decode(input[keys[i]!])
          if (decoded === invalid) return invalid
          assign(output, keys[i]!, decoded)
        }
        return output
      },
      full: value.full,
      absentUnknown: false
    }
  }
  if (indexes.length !== 0) return delegate(ast)
  return structNode(ast.propertySignatures.map((signature) => ({
    key: signature.name,
    outputKey: signature.name,
    node: nodeOf(signature.type),
    optional: SchemaAST.isOptional(signature.type)
  })))
}

// a `Wire.encodeKeys` struct: its wire struct's properties straight into their camelCase keys
const wireStruct = (ast: SchemaAST.AST, toCamel: Readonly<Record<string, string>>): Node | undefined => {
  const link = ast.encoding?.length === 1 ? ast.encoding[0]! : undefined
  if (
    link === undefined || ast.checks !== undefined ||
    (ast as { readonly encodingChecks?: unknown }).encodingChecks !== undefined ||
    !SchemaAST.isObjects(link.to) || !plain(link.to) || link.to.indexSignatures.length !== 0
  ) return undefined
  const properties: Array<Property> = []
  for (const signature of link.to.propertySignatures) {
    const key = signature.name
    const outputKey = typeof key === "string" ? toCamel[key] ?? key : key
    // keys a rename through `for ... in` would move or drop: left to the interpreter
    if (typeof key !== "string" || key === "__proto__" || outputKey === "__proto__" || isIndexLike(key) || isIndexLike(outputKey)) {
      return undefined
    }
    properties.push({ key, outputKey, node: nodeOf(signature.type), optional: SchemaAST.isOptional(signature.type) })
  }
  return structNode(properties)
}

/**
 * The fast decoder of a schema, or `undefined` when the schema's root is a node only the
 * interpreter decodes. Returns `invalid` for any input it does not decode. Its nodes are compiled
 * once per AST; callers keep the decoder (`transport/internal/Decoders` makes one per schema).
 */
export const compile = (schema: Schema.Top): FastDecoder | undefined => {
  const node = nodeOf(schema.ast)
  if (delegated.has(node)) return undefined
  const decode = node.decode
  return (input) => {
    try {
      return decode(input)
    } catch {
      return invalid
    }
  }
}

/** Whether the fast decoder of a schema decodes every node itself (no part left to the interpreter). */
export const isFull = (schema: Schema.Top): boolean => nodeOf(schema.ast).full

/**
 * The decoder `Call` makes for a wire schema on a server: the fast decoder first, the
 * interpreter for any input it answers `invalid` (which then gives the exact issue).
 */
export const decoder = (schema: Schema.Top): (input: unknown) => Effect.Effect<unknown, SchemaIssue.Issue> => {
  const slow = SchemaParser.decodeUnknownEffect(schema) as (input: unknown) => Effect.Effect<unknown, SchemaIssue.Issue>
  const fast = compile(schema)
  if (fast === undefined) return slow
  return (input) => {
    const value = fast(input)
    return value === invalid ? slow(input) : Exit.succeed(value)
  }
}
