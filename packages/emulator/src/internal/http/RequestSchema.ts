// LEAD NOTE (09:16 UTC): READ /work/wt-auth/LEAD-NOTE.md NOW — one validator: merge branch `users`, take its RequestSchema.ts, port your routes to it. Remove this line.
/**
 * Request validation the way the service's validator behaves, for routes that need its exact
 * answers: which fields a malformed request is refused for, and in which order.
 *
 * The rules, as observed on the service (2.8.27):
 * - values are coerced before they are checked: a number or boolean sent for a text field is read
 *   as its text, a numeric text for a number field as the number, `"true"`/`"1"`/`"false"`/`"0"`
 *   for a boolean field as the boolean; plain objects and arrays are never coerced;
 * - a field's presence and type are checked first (`must be defined`, `cannot be null`, `must be a
 *   \`string\` type`); only a present value of the right type meets the field's other rules, all of
 *   which are reported (a malformed sign-in e-mail fails both the e-mail and the pattern rule);
 * - an object reports its fields' problems first, then its own (`contains unknown properties`,
 *   checked only under `body`, `query` and `params`); the fields' problems are ordered by the
 *   position of the first declared key whose name occurs anywhere in the problem's path (so a
 *   `body.authentication_response` problem sorts with `auth`, and `body.old_password`'s with a
 *   key `password` declared before it), ties in reverse declaration order;
 * - an object that is absent, `null` or not a plain object reports only that.
 *
 * @since 0.2.0
 */
import * as Effect from "effect/Effect"
import type { SchemaError } from "stack-auth-effect/KnownErrors"
import * as Fields from "./Fields.ts"

type Kind = "string" | "number" | "boolean" | "object" | "mixed"

/** One rule of a present value of the right type: a problem line, or `undefined`. */
type Test = (value: never, path: string) => string | undefined

interface Spec {
  readonly kind: Kind
  readonly defined: boolean
  readonly nullable: boolean
  readonly tests: ReadonlyArray<Test>
  readonly fields: ReadonlyArray<readonly [string, Field<unknown>]>
  readonly fallback: { readonly value: unknown } | undefined
  /** How many times unknown properties are reported: once per schema the service merged this object from (0: allowed). */
  readonly parts: number
}

/** A field's rules; `Type` is what a valid value reads as. */
export class Field<A> {
  declare readonly Type: A
  readonly spec: Spec
  constructor(spec: Spec) {
    this.spec = spec
  }

  private with(change: Partial<Spec>): Field<never> {
    return new Field({ ...this.spec, ...change })
  }

  /** Refuses an absent value (`must be defined`). */
  defined(): Field<Exclude<A, undefined>> {
    return this.with({ defined: true })
  }

  /** Accepts `null`. */
  nullable(): Field<A | null> {
    return this.with({ nullable: true })
  }

  /** The value an absent field reads as. */
  withDefault(value: Exclude<A, undefined>): Field<Exclude<A, undefined>> {
    return this.with({ fallback: { value } })
  }

  /**
   * An object the service builds by merging two schemas (a code route's code with its own fields):
   * each part refuses unknown properties, so that problem is reported twice.
   */
  merged(): Field<A> {
    return this.with({ parts: this.spec.parts + 1 })
  }

  /** An object that takes properties it does not declare. */
  allowUnknown(): Field<A> {
    return this.with({ parts: 0 })
  }

  /** Adds a rule a present value of the right type must meet. */
  test(rule: (value: Exclude<A, undefined | null>, path: string) => string | undefined): Field<A> {
    return this.with({ tests: [...this.spec.tests, rule as Test] })
  }
}

const base = (kind: Kind, fields: Spec["fields"] = []): Spec => ({ kind, defined: false, nullable: false, tests: [], fields, fallback: undefined, parts: 1 })

/** A text field. */
export const string = (): Field<string | undefined> => new Field(base("string"))
/** A number field. */
export const number = (): Field<number | undefined> => new Field(base("number"))
/** A boolean field. */
export const boolean = (): Field<boolean | undefined> => new Field(base("boolean"))
/** A field of any value (its presence only is checked). */
export const mixed = (): Field<unknown> => new Field(base("mixed"))

type Shape = Readonly<Record<string, Field<unknown>>>

/** An object with fields, declared in the service's order. */
export const object = <S extends Shape>(shape: S): Field<{ readonly [K in keyof S]: S[K]["Type"] } | undefined> =>
  new Field(base("object", Object.entries(shape)))

/** At most `n` characters (`must be at most n characters`). */
export const max = (n: number) => (value: string, path: string) => value.length > n ? `${path} must be at most ${n} characters` : undefined
/** Exactly `n` characters. */
export const length = (n: number) => (value: string, path: string) => value.length !== n ? `${path} must be exactly ${n} characters` : undefined
/** At most `n` (numbers). */
export const maxNumber = (n: number) => (value: number, path: string) => value > n ? `${path} must be less than or equal to ${n}` : undefined
/** One of the listed values. */
export const oneOf = (values: ReadonlyArray<string>) => (value: string, path: string) => values.includes(value) ? undefined : Fields.oneOf(path, values)
/** A UUID. */
export const uuid = (value: string, path: string) => Fields.uuidProblem(path, value)

/** An e-mail field as the service's plain e-mail rule checks it. */
export const email = (): Field<string | undefined> => string().test((value, path) => Fields.emailProblems(path, value)[0])
/** A sign-in e-mail: the e-mail rule, then the pattern the service adds (both reported). */
export const signInEmail = (): Field<string | undefined> =>
  email().test((value, path) => Fields.emailProblems(path, value, { signIn: true }).find((line) => line.includes("must match")))
/** A URL field: no spaces, then a valid URL (both reported). */
export const url = (): Field<string | undefined> =>
  string()
    .test((value, path) => value.includes(" ") ? `${path} contains spaces` : undefined)
    .test((value, path) => Fields.isUrl(value) ? undefined : `${path} is not a valid URL`)
/** A password field: at most 70 characters (the service's schema; shorter rules come later, from the handler). */
export const password = (): Field<string | undefined> => string().test(max(70))

const isPlainObject = (value: unknown): value is Record<string, unknown> => Object.prototype.toString.call(value) === "[object Object]"

const coerce = (kind: Kind, value: unknown): unknown => {
  if (value === undefined || value === null) return value
  switch (kind) {
    case "string": {
      if (typeof value === "string" || Array.isArray(value)) return value
      const text = (value as { toString?: () => unknown }).toString?.()
      return typeof text === "string" && text !== "[object Object]" ? text : value
    }
    case "number": {
      if (typeof value === "number") return value
      if (typeof value === "string") {
        const stripped = value.replace(/\s/g, "")
        return stripped === "" ? Number.NaN : Number(stripped)
      }
      return Number.parseFloat(String(value))
    }
    case "boolean": {
      if (typeof value === "boolean") return value
      if (/^(true|1)$/i.test(String(value))) return true
      if (/^(false|0)$/i.test(String(value))) return false
      return value
    }
    default:
      return value
  }
}

const typeMatches = (kind: Kind, value: unknown): boolean => {
  switch (kind) {
    case "string":
      return typeof value === "string"
    case "number":
      return typeof value === "number" && !Number.isNaN(value)
    case "boolean":
      return typeof value === "boolean"
    case "object":
      return isPlainObject(value)
    default:
      return true
  }
}

const shown = (value: unknown): string => {
  if (typeof value === "number" && Number.isNaN(value)) return "NaN"
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

interface Problem {
  readonly path: string
  readonly line: string
}

const join = (parent: string, key: string) => (parent === "" ? key : `${parent}.${key}`)

const refusesUnknown = (path: string) => ["body", "query", "params"].some((prefix) => path.startsWith(prefix))

/** Validates a value against a field at `path`: the problems, in the service's order, and the value read. */
const run = (field: Field<unknown>, input: unknown, path: string): { readonly problems: ReadonlyArray<Problem>; readonly value: unknown } => {
  const spec = field.spec
  const value = coerce(spec.kind, input === undefined && spec.fallback !== undefined ? spec.fallback.value : input)
  if (value === undefined) return { problems: spec.defined ? [{ path, line: Fields.mustBeDefined(path) }] : [], value }
  if (value === null) return { problems: spec.nullable ? [] : [{ path, line: `${path} cannot be null` }], value }
  if (!typeMatches(spec.kind, value)) {
    return { problems: [{ path, line: `${path} must be a \`${spec.kind}\` type, but the final value was: \`${shown(value)}\`` }], value }
  }
  const own: Array<Problem> = []
  for (const rule of spec.tests) {
    const line = (rule as (v: unknown, p: string) => string | undefined)(value, path)
    if (line !== undefined) own.push({ path, line })
  }
  if (spec.kind !== "object") return { problems: own, value }
  const record = value as Record<string, unknown>
  const keys = spec.fields.map(([key]) => key)
  if (spec.parts > 0 && refusesUnknown(path)) {
    const unknown = Object.keys(record).filter((key) => !keys.includes(key))
    if (unknown.length > 0) {
      own.unshift(...Array.from({ length: spec.parts }, () => ({ path, line: Fields.unknownProperties(path, unknown) })))
    }
  }
  const out: Record<string, unknown> = { ...record }
  const found: Array<Problem> = []
  for (const [key, child] of [...spec.fields].reverse()) {
    const result = run(child, record[key], join(path, key))
    found.push(...result.problems)
    if (result.value !== undefined) out[key] = result.value
  }
  const rank = (problem: Problem) => {
    const index = keys.findIndex((key) => problem.path.includes(key))
    return index < 0 ? Number.POSITIVE_INFINITY : index
  }
  const sorted = found.map((problem, i) => ({ problem, i })).sort((a, b) => rank(a.problem) - rank(b.problem) || a.i - b.i).map(({ problem }) => problem)
  return { problems: [...sorted, ...own], value: out }
}

/** The problem lines of a value (empty when valid). */
export const problems = (field: Field<unknown>, value: unknown, path = ""): ReadonlyArray<string> => run(field, value, path).problems.map((p) => p.line)

/**
 * Validates a request (`{ auth, body, query, ... }` against an object of the same keys, declared
 * in the service's order) and answers the values read, or a `SCHEMA_ERROR` listing every problem.
 */
export const validate = <A>(field: Field<A>, request: unknown): Effect.Effect<Exclude<A, undefined>, SchemaError> => {
  const result = run(field as Field<unknown>, request, "")
  return result.problems.length === 0
    ? Effect.succeed(result.value as Exclude<A, undefined>)
    : Effect.fail(Fields.schemaError(...result.problems.map((p) => p.line)))
}

/** The `auth` part of a route that needs a signed-in user: `auth.user must be defined` otherwise. */
export const signedIn = object({ user: mixed().defined() }).defined()
