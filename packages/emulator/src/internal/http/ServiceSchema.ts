// LEAD NOTE (09:16 UTC): READ /work/wt-project/LEAD-NOTE.md NOW — one validator: merge branch `users`, port your routes to its RequestSchema.ts, delete this file.
/**
 * Request validation as the service performs it, for routes whose refused-field list must match
 * the service's exactly (which fields, and in which order).
 *
 * What the service does, measured and read from its behaviour:
 * - values are converted before they are checked: a number or a boolean is accepted where a
 *   string is expected (`5` becomes `"5"`), `"true"`/`"1"`/`"false"`/`"0"` (any case) where a
 *   boolean is, a numeric string where a number is; objects and arrays are never converted;
 * - per field, presence comes first (`must be defined`, `cannot be null`) and then the type; a
 *   field failing either is not checked further; otherwise every rule of the field is checked;
 * - an object checks its fields in its validation order: the declared order reversed, except that
 *   a field whose rules depend on a sibling is checked after that sibling; then the problems of its
 *   fields are stably sorted by the position of the first declared field name that occurs
 *   anywhere in the problem's full path (a plain substring test: `oauth_providers` contains `id`);
 *   its own problem (unknown properties) comes after those of its fields;
 * - the request as a whole is an object of its parts (`auth`, `url`, `method`, `body`, `params`,
 *   `query` for the CRUD routes) and is sorted the same way.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { SchemaError } from "stack-auth-effect/KnownErrors"
import * as Fields from "./Fields.ts"

/** One refused field: the full path (`body.config.domains[0].domain`) and the line the service prints. */
export interface Problem {
  readonly path: string
  readonly line: string
}

/** What checking one value gives: the converted value, the problems, and how deep its check runs. */
export interface Checked {
  readonly value: unknown
  readonly problems: ReadonlyArray<Problem>
}

/** A field rule. `deps` are the siblings its rules read; `depth` orders checks finishing together. */
export interface Rule {
  readonly deps: ReadonlyArray<string>
  readonly depth: number
  readonly check: (value: unknown, path: string, siblings: Readonly<Record<string, unknown>>) => Checked
}

const problem = (path: string, text: string): Problem => ({ path, line: `${path} ${text}` })

type Kind = "string" | "number" | "boolean" | "mixed"

const convert = (kind: Kind, value: unknown): unknown => {
  switch (kind) {
    case "string":
      return typeof value === "number" || typeof value === "boolean" || typeof value === "bigint" ? String(value) : value
    case "boolean": {
      if (typeof value === "boolean") return value
      const text = String(value)
      if (/^(true|1)$/i.test(text)) return true
      if (/^(false|0)$/i.test(text)) return false
      return value
    }
    case "number": {
      if (typeof value === "number") return value
      if (typeof value === "string") {
        const stripped = value.replace(/\s/g, "")
        return stripped === "" ? Number.NaN : Number(stripped)
      }
      return Number.NaN
    }
    case "mixed":
      return value
  }
}

const isKind = (kind: Kind, value: unknown): boolean =>
  kind === "mixed" ? true : kind === "number" ? typeof value === "number" && !Number.isNaN(value) : typeof value === kind

/** Options shared by every rule. */
export interface Presence {
  /** `must be defined` when absent; a function decides from the siblings (a "required when"). */
  readonly required?: boolean | ((siblings: Readonly<Record<string, unknown>>) => boolean)
  /** `null` accepted. */
  readonly nullable?: boolean
  /** Siblings the rule reads (its check runs after theirs). */
  readonly deps?: ReadonlyArray<string>
}

/**
 * A test of a present, well-typed value: the problem's text after the path, a whole line of the
 * service's own words (`{ line }`, printed without the path), or `undefined`.
 */
export type Test = (value: any, siblings: Readonly<Record<string, unknown>>) => string | { readonly line: string } | undefined

const presence = (
  options: Presence,
  value: unknown,
  path: string,
  siblings: Readonly<Record<string, unknown>>
): ReadonlyArray<Problem> | "absent" | undefined => {
  if (value === undefined) {
    const required = typeof options.required === "function" ? options.required(siblings) : options.required === true
    return required ? [problem(path, "must be defined")] : "absent"
  }
  if (value === null) return options.nullable === true ? "absent" : [problem(path, "cannot be null")]
  return undefined
}

/** The options of a plain field: its allowed values (checked with its type), then its tests. */
export interface ScalarOptions extends Presence {
  readonly oneOf?: ReadonlyArray<string | number | boolean>
  readonly tests?: ReadonlyArray<Test>
}

const scalar = (kind: Kind, options: ScalarOptions): Rule => ({
  deps: options.deps ?? [],
  depth: 0,
  check: (raw, path, siblings) => {
    const value = raw === undefined || raw === null ? raw : convert(kind, raw)
    const missing = presence(options, value, path, siblings)
    if (missing === "absent") return { value, problems: [] }
    if (missing !== undefined) return { value, problems: missing }
    // the type and the allowed values are checked together; either failing ends the field's check
    const first = [
      ...(isKind(kind, value) ? [] : [problem(path, `must be a \`${kind}\` type`)]),
      ...(options.oneOf === undefined || options.oneOf.includes(value as string)
        ? []
        : [problem(path, `must be one of the following values: ${options.oneOf.join(", ")}`)])
    ]
    if (first.length > 0) return { value, problems: first }
    const problems: Array<Problem> = []
    for (const test of options.tests ?? []) {
      const text = test(value, siblings)
      if (text !== undefined) problems.push(typeof text === "string" ? problem(path, text) : { path, line: text.line })
    }
    return { value, problems }
  }
})

/** A string field. */
export const string = (options: ScalarOptions = {}): Rule => scalar("string", options)
/** A number field. */
export const number = (options: ScalarOptions = {}): Rule => scalar("number", options)
/** A boolean field. */
export const boolean = (options: ScalarOptions = {}): Rule => scalar("boolean", options)
/** A field of any type. */
export const mixed = (options: ScalarOptions = {}): Rule => scalar("mixed", options)

/** The test of a pattern, refused with a line of the service's own words. */
export const matches = (pattern: RegExp, line: string): Test => (value: string) => (pattern.test(value) ? undefined : { line })

/** The test of a non-empty string. */
export const nonEmpty: Test = (value: string) => (value.length === 0 ? "must not be empty" : undefined)

/**
 * The order an object checks its fields in: the declared order reversed, a field that reads
 * siblings placed after them (a depth-first ordering from the last declared field, reversed).
 */
export const checkOrder = (declared: ReadonlyArray<string>, depsOf: (key: string) => ReadonlyArray<string>): ReadonlyArray<string> => {
  const placed: Array<string> = new Array(declared.length)
  let cursor = declared.length
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of depsOf(key)) if (declared.includes(dep)) visit(dep)
    placed[--cursor] = key
  }
  for (let i = declared.length - 1; i >= 0; i--) visit(declared[i]!)
  return placed.reverse()
}

/** Where a problem sorts among an object's: the first declared name occurring in its path. */
const rank = (declared: ReadonlyArray<string>, path: string): number => {
  const index = declared.findIndex((key) => path.includes(key))
  return index < 0 ? Number.POSITIVE_INFINITY : index
}

/** The problems of an object's fields, gathered and ordered as the service does. */
const orderFields = (
  declared: ReadonlyArray<string>,
  rules: Readonly<Record<string, Rule>>,
  checkOne: (key: string) => ReadonlyArray<Problem>
): ReadonlyArray<Problem> => {
  const order = checkOrder(declared, (key) => rules[key]?.deps ?? [])
  // checks of nested objects finish after those of plain fields
  const batches = order.map((key, i) => ({ key, i, depth: rules[key]?.depth ?? 0 }))
    .sort((a, b) => a.depth - b.depth || a.i - b.i)
    .flatMap(({ key }) => checkOne(key))
  return batches
    .map((p, i) => ({ p, i, r: rank(declared, p.path) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ p }) => p)
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === "[object Object]"

/**
 * An object of fields; unknown properties are refused. `unknownReported: 2` for an object the
 * service builds by joining two (its create bodies): each joined part reports them.
 */
export const object = (
  fields: Readonly<Record<string, Rule>>,
  options: Presence & { readonly unknownReported?: number } = {}
): Rule => {
  const declared = Object.keys(fields)
  return {
    deps: options.deps ?? [],
    depth: 1 + Math.max(0, ...Object.values(fields).map((f) => f.depth)),
    check: (value, path, siblings) => {
      const missing = presence(options, value, path, siblings)
      if (missing === "absent") return { value, problems: [] }
      if (missing !== undefined) return { value, problems: missing }
      if (!isPlainObject(value)) return { value, problems: [problem(path, "must be a `object` type")] }
      const unknown = Object.keys(value).filter((key) => !declared.includes(key))
      const converted: Record<string, unknown> = { ...value }
      const problems = orderFields(declared, fields, (key) => {
        const checked = fields[key]!.check(value[key], path === "" ? key : `${path}.${key}`, value)
        if (checked.value !== undefined) converted[key] = checked.value
        return checked.problems
      })
      return {
        value: converted,
        problems: unknown.length === 0 ? problems : [
          ...problems,
          ...Array.from({ length: options.unknownReported ?? 1 }, () => ({ path, line: Fields.unknownProperties(path, unknown) }))
        ]
      }
    }
  }
}

/** An array of one rule's items; its own tests (`min`) are reported after its items' problems. */
export const array = (item: Rule, options: Presence & { readonly tests?: ReadonlyArray<Test> } = {}): Rule => ({
  deps: options.deps ?? [],
  depth: 1 + item.depth,
  check: (value, path, siblings) => {
    const missing = presence(options, value, path, siblings)
    if (missing === "absent") return { value, problems: [] }
    if (missing !== undefined) return { value, problems: missing }
    if (!Array.isArray(value)) return { value, problems: [problem(path, "must be a `array` type")] }
    const checked = value.map((v, i) => item.check(v, `${path}[${i}]`, {}))
    const own: Array<Problem> = []
    for (const test of options.tests ?? []) {
      const text = test(value, siblings)
      if (text !== undefined) own.push(typeof text === "string" ? problem(path, text) : { path, line: text.line })
    }
    return { value: checked.map((c) => c.value), problems: [...checked.flatMap((c) => c.problems), ...own] }
  }
})

/** The parts of a request a route checks, each with its rule and value. */
export type Parts = Readonly<Record<string, readonly [Rule, unknown]>>

/**
 * Checks the parts of a request (`body`, `query`, `params`) the way the service does; `declared`
 * names every part of the route's request schema in its order (the CRUD routes':
 * {@link crudParts}). The converted parts, or a `SCHEMA_ERROR` listing the refused fields.
 */
export const validate = (declared: ReadonlyArray<string>, parts: Parts): Effect.Effect<Record<string, unknown>, SchemaError> => {
  const rules: Record<string, Rule> = Object.fromEntries(Object.entries(parts).map(([k, [rule]]) => [k, rule]))
  const values: Record<string, unknown> = {}
  const problems = orderFields(declared, rules, (key) => {
    const part = parts[key]
    if (part === undefined) return []
    const checked = part[0].check(part[1], key, {})
    values[key] = checked.value
    return checked.problems
  })
  return problems.length === 0 ? Effect.succeed(values) : Effect.fail(Fields.schemaError(...problems.map((p) => p.line)))
}

/** The parts of the request schema of the service's CRUD routes, in order. */
export const crudParts = ["auth", "url", "method", "body", "params", "query"] as const

/** A query (or params) object that accepts no property: `query contains unknown properties: a`. */
export const none = (): Rule => object({})

/** A query object of the given string parameters (all optional unless said). */
export const query = (fields: Readonly<Record<string, Rule>> = {}): Rule => object(fields)

/** The query of a request as the service reads it (the last value of each name). */
export const queryOf = (params: URLSearchParams): Record<string, string> => Object.fromEntries(params.entries())
