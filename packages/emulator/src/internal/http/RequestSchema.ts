/**
 * Request validation that answers as the service's does, problem for problem and in the same order.
 *
 * The service checks each request with declarative field rules and lists every refused field in a
 * `SCHEMA_ERROR`. Which fields it lists, in which order, and which values it accepts after
 * converting them follow rules of their own, imitated here:
 * - values are converted before they are checked: a number or boolean given for a text field is
 *   accepted as its text (`5` -> `"5"`), `"true"`/`"false"`/`1`/`0` for a boolean field as the
 *   boolean, a text for a number field as the number it spells (`"abc"` is refused as `NaN`);
 * - per field, the type, `null` and presence rules come first (all of them are reported); only
 *   when they pass are the value rules checked (every failing one reported, in declaration order);
 * - per object, its fields are checked last-declared first (a field that depends on another is
 *   checked after it); the problems are then ordered by the first declared key *contained* in the
 *   problem's full path (`body.primary_email_verified` ranks with `primary_email`), ties keeping
 *   their order; the object's own problems (unknown properties, once per merged declaration) follow;
 * - the request itself is such an object: `auth`, `url`, `method`, then `body`, `params`, `query`
 *   for the CRUD routes (so `body.otp_auth_enabled`, which contains `auth`, ranks first);
 * - a user id field that accepts `me` takes the signed-in user's id, and without one the whole
 *   request is refused with `CANNOT_GET_OWN_USER_WITHOUT_USER`, whatever else is wrong.
 *
 * @since 0.2.0
 */
import * as Effect from "effect/Effect"
import { CannotGetOwnUserWithoutUser, type SchemaError } from "stack-auth-effect/KnownErrors"
import * as Fields from "./Fields.ts"

/** One refused field: its full path and the service's sentence. */
export interface Problem {
  readonly path: string
  readonly message: string
}

type Kind = "string" | "number" | "boolean" | "mixed" | "object" | "array"

/** A value rule: a problem sentence (without the path), or `undefined` when the value passes. */
interface Rule {
  readonly skipAbsent: boolean
  readonly check: (value: unknown) => string | undefined
  /** The sentence is the whole problem (a rule with its own message names no path). */
  readonly verbatim?: boolean | undefined
}

interface Spec {
  readonly kind: Kind
  readonly optional: boolean
  readonly nullable: boolean
  readonly oneOf: ReadonlyArray<unknown> | undefined
  readonly rules: ReadonlyArray<Rule>
  readonly transforms: ReadonlyArray<(value: unknown) => unknown>
  readonly defaultValue: unknown
  readonly userIdOrMe: boolean
  readonly fields: ReadonlyArray<readonly [string, Field]>
  /** How many unknown-property checks the object runs (one per merged declaration). */
  readonly unknownChecks: number
  /** Keys checked first-to-last (default: the declared keys, last first). */
  readonly checkOrder: ReadonlyArray<string> | undefined
  readonly element: Field | undefined
  /** A rule set that depends on a sibling's value (the field is checked after that sibling). */
  readonly condition: Condition | undefined
}

interface Condition {
  readonly sibling: string
  readonly applies: (sibling: unknown) => boolean
  readonly then: (field: Field) => Field
}

const base = (kind: Kind): Spec => ({
  kind,
  optional: true,
  nullable: false,
  oneOf: undefined,
  rules: [],
  transforms: [],
  defaultValue: undefined,
  userIdOrMe: false,
  fields: [],
  unknownChecks: 0,
  checkOrder: undefined,
  element: undefined,
  condition: undefined
})

/**
 * A field declaration (immutable; each method returns a new one). `A` is the type of the value a
 * valid input reads as (what `check` answers for it); it only informs the compiler.
 */
export class Field<A = unknown> {
  declare readonly Type: A
  readonly spec: Spec
  constructor(spec: Spec) {
    this.spec = spec
  }
  private with(patch: Partial<Spec>): Field<never> {
    return new Field({ ...this.spec, ...patch })
  }
  /** `undefined` is refused (`<path> must be defined`). */
  defined(): Field<Exclude<A, undefined>> {
    return this.with({ optional: false })
  }
  optional(): Field<A | undefined> {
    return this.with({ optional: true })
  }
  /** `null` is accepted (otherwise `<path> cannot be null`). */
  nullable(): Field<A | null> {
    return this.with({ nullable: true })
  }
  /** The value must be one of these (checked with the type). */
  oneOf(values: ReadonlyArray<unknown>): Field<A> {
    return this.with({ oneOf: values })
  }
  /** A value rule, skipped for `undefined` and `null` unless `always`. */
  rule(check: (value: unknown) => string | undefined, always = false): Field<A> {
    return this.with({ rules: [...this.spec.rules, { skipAbsent: !always, check }] })
  }
  /**
   * A value rule whose sentence is the whole problem, in the service's own words without the path
   * (`URL must start with http:// or https://`); skipped for `undefined` and `null`.
   */
  verbatimRule(check: (value: unknown) => string | undefined): Field {
    return this.with({ rules: [...this.spec.rules, { skipAbsent: true, check, verbatim: true }] })
  }
  /** A conversion applied after the type's own. */
  transform(f: (value: unknown) => unknown): Field<A> {
    return this.with({ transforms: [...this.spec.transforms, f] })
  }
  /** The value an absent field takes. */
  withDefault(value: unknown): Field<Exclude<A, undefined>> {
    return this.with({ defaultValue: value })
  }
  /** Text rules. */
  max(n: number): Field<A> {
    return this.rule((v) => typeof v === "string" && v.length > n ? `must be at most ${n} characters` : undefined)
  }
  min(n: number): Field<A> {
    return this.rule((v) => typeof v === "string" && v.length < n ? `must be at least ${n} characters` : undefined)
  }
  /** A UUID, read in lower case (an id in upper case names the same one, as on the service). */
  uuid(): Field<A> {
    return this.transform((v) => typeof v === "string" ? Fields.canonicalId(v) : v)
      .rule((v) => typeof v === "string" && !Fields.isUuid(v) ? "must be a valid UUID" : undefined)
  }
  email(): Field<A> {
    return this.rule((v) => typeof v === "string" && v !== "" && !Fields.isEmail(v) ? "must be a valid email" : undefined)
  }
  /** The text must match a pattern, the empty text too (`<path> must match the following: "<pattern>"`). */
  matches(pattern: RegExp): Field<A> {
    return this.rule((v) => typeof v === "string" && !pattern.test(v) ? `must match the following: "${pattern}"` : undefined)
  }
  /** The empty text is refused (`<path> must not be empty`). */
  nonEmpty(): Field<A> {
    return this.rule((v) => v === "" ? "must not be empty" : undefined, true)
  }
  /** Exactly this many characters (`<path> must be exactly <n> characters`). */
  length(n: number): Field<A> {
    return this.rule((v) => typeof v === "string" && v.length !== n ? `must be exactly ${n} characters` : undefined)
  }
  /** More rules when a sibling's (converted) value satisfies a test. */
  when(sibling: string, applies: (sibling: unknown) => boolean, then: (field: Field) => Field): Field<A> {
    return this.with({ condition: { sibling, applies, then } })
  }
  /** A user id that may be `me` (the signed-in user). */
  userIdOrMe(): Field<A> {
    return this.uuid().with({ userIdOrMe: true })
  }
  /** Number rules. */
  integer(): Field<A> {
    return this.rule((v) => typeof v === "number" && !Number.isInteger(v) ? "must be an integer" : undefined)
  }
  minValue(n: number): Field<A> {
    return this.rule((v) => typeof v === "number" && v < n ? `must be greater than or equal to ${n}` : undefined)
  }
  maxValue(n: number): Field<A> {
    return this.rule((v) => typeof v === "number" && v > n ? `must be less than or equal to ${n}` : undefined)
  }
  /** Object: its keys are checked in this order instead of last-declared first. */
  checkedInOrder(keys: ReadonlyArray<string>): Field<A> {
    return this.with({ checkOrder: keys })
  }
  /** Object: the same fields with these left out (the declaration order kept). */
  omit(keys: ReadonlyArray<string>): Field {
    return this.with({ fields: this.spec.fields.filter(([k]) => !keys.includes(k)) })
  }
  /** Object: only these fields, in the order given. */
  pick(keys: ReadonlyArray<string>): Field {
    return this.with({ fields: keys.flatMap((k) => this.spec.fields.filter(([key]) => key === k)) })
  }
  /**
   * Object: merged with another declaration. The other's keys come first, then this one's keys it
   * does not have; both unknown-property checks run.
   */
  concat<B>(other: Field<B>): Field<A & B> {
    const own = new Map(this.spec.fields)
    const theirs = new Map(other.spec.fields)
    const keys = [...theirs.keys(), ...[...own.keys()].filter((k) => !theirs.has(k))]
    return this.with({
      fields: keys.map((k) => [k, theirs.get(k) ?? own.get(k)!] as const),
      unknownChecks: this.spec.unknownChecks + other.spec.unknownChecks,
      checkOrder: undefined
    })
  }
  /** Object: properties it does not declare are kept, not refused (no unknown-property check). */
  allowUnknown(): Field<A> {
    return this.with({ unknownChecks: 0 })
  }
  /** Object: every field optional. */
  partial(): Field {
    return this.with({ fields: this.spec.fields.map(([k, f]) => [k, f.optional()] as const) })
  }
  /** Object: its fields with one replaced or added at the end. */
  extend(fields: Readonly<Record<string, Field>>): Field {
    const map = new Map(this.spec.fields)
    for (const [k, f] of Object.entries(fields)) map.set(k, f)
    return this.with({ fields: [...map] })
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === "[object Object]"

/** The type conversions the service applies before checking. */
const coerce = (kind: Kind, value: unknown): unknown => {
  switch (kind) {
    case "string": {
      if (typeof value === "string" || Array.isArray(value) || value === null || value === undefined) return value
      const text = String(value)
      return text === "[object Object]" ? value : text
    }
    case "number": {
      if (typeof value === "number" && !Number.isNaN(value)) return value
      if (typeof value === "string") {
        const stripped = value.replace(/\s/g, "")
        return stripped === "" ? Number.NaN : Number(stripped)
      }
      if (value === null) return value
      return Number.parseFloat(value as string)
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

const isType = (kind: Kind, value: unknown): boolean => {
  switch (kind) {
    case "string":
      return typeof value === "string"
    case "number":
      return typeof value === "number" && !Number.isNaN(value)
    case "boolean":
      return typeof value === "boolean"
    case "object":
      return isPlainObject(value)
    case "array":
      return Array.isArray(value)
    case "mixed":
      return true
  }
}

const printed = (value: unknown): string => {
  if (typeof value === "number" && Number.isNaN(value)) return "NaN"
  if (typeof value === "string") return `"${value}"`
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** Raised when `me` is used without a signed-in user (the whole request is refused). */
class NoOwnUser {
  readonly _tag = "NoOwnUser"
}

interface Run {
  readonly currentUserId: string | null
  readonly noUnknownUnder: ReadonlyArray<string>
}

/** The first declared key contained in a path (its rank), as the service orders problems. */
const rank = (keys: ReadonlyArray<string>, path: string): number => {
  const index = keys.findIndex((key) => path.includes(key))
  return index < 0 ? Number.POSITIVE_INFINITY : index
}

const sortByKeys = (problems: ReadonlyArray<Problem>, keys: ReadonlyArray<string>): Array<Problem> =>
  problems
    .map((p, i) => ({ p, i, r: rank(keys, p.path) }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r - b.r))
    .map(({ p }) => p)

const childPath = (parent: string, key: string | number): string =>
  typeof key === "number" ? `${parent}[${key}]` : parent === "" ? key : `${parent}.${key}`

/** Converts then checks a value; the converted value and the problems, in the service's order. */
const validate = (field: Field, raw: unknown, path: string, run: Run): { value: unknown; problems: Array<Problem> } => {
  const spec = field.spec
  let value = raw
  if (value !== undefined) {
    value = coerce(spec.kind, value)
    for (const f of spec.transforms) value = f(value)
  }
  if (value === undefined) value = spec.defaultValue
  if (spec.userIdOrMe && value === "me") {
    if (run.currentUserId === null) throw new NoOwnUser()
    value = run.currentUserId
  }
  const at = (message: string): Problem => ({ path, message: `${path} ${message}` })
  const absent = value === undefined || value === null
  // the type, null and presence rules: all reported; any of them stops the checks there
  const initial: Array<Problem> = []
  if (!absent && !isType(spec.kind, value)) {
    const cast = raw !== null && raw !== undefined && raw !== value ? ` (cast from the value \`${printed(raw)}\`).` : "."
    initial.push(at(spec.kind === "mixed" ? "must match the configured type." : `must be a \`${spec.kind}\` type, but the final value was: \`${printed(value)}\`${cast}`))
  }
  if (value === null && !spec.nullable) initial.push(at("cannot be null"))
  if (value === undefined && !spec.optional) initial.push(at("must be defined"))
  if (!absent && spec.oneOf !== undefined && !spec.oneOf.includes(value)) {
    initial.push(at(`must be one of the following values: ${spec.oneOf.join(", ")}`))
  }
  if (initial.length > 0) return { value, problems: initial }
  const own: Array<Problem> = []
  for (const rule of spec.rules) {
    if (rule.skipAbsent && absent) continue
    const message = rule.check(value)
    if (message !== undefined) own.push(rule.verbatim === true ? { path, message } : at(message))
  }
  if (spec.kind === "object" && isPlainObject(value)) {
    const keys = spec.fields.map(([k]) => k)
    if (spec.unknownChecks > 0 && run.noUnknownUnder.some((prefix) => path.startsWith(prefix))) {
      const unknown = Object.keys(value).filter((k) => !keys.includes(k))
      if (unknown.length > 0) {
        for (let i = 0; i < spec.unknownChecks; i++) own.push(at(`contains unknown properties: ${unknown.join(", ")}`))
      }
    }
    const fields = new Map(spec.fields)
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) if (!fields.has(k)) out[k] = v
    const found: Array<Problem> = []
    for (const key of spec.checkOrder ?? [...keys].reverse()) {
      let child = fields.get(key)
      if (child === undefined) continue
      const condition = child.spec.condition
      if (condition !== undefined) {
        const siblingField = fields.get(condition.sibling)
        const sibling = siblingField === undefined ? value[condition.sibling] : coerce(siblingField.spec.kind, value[condition.sibling])
        if (condition.applies(sibling)) child = condition.then(child)
      }
      const result = validate(child, value[key], childPath(path, key), run)
      if (result.value !== undefined) out[key] = result.value
      found.push(...result.problems)
    }
    return { value: out, problems: [...sortByKeys(found, keys), ...own] }
  }
  if (spec.kind === "array" && Array.isArray(value) && spec.element !== undefined) {
    const found: Array<Problem> = []
    const out = value.map((item, i) => {
      const result = validate(spec.element!, item, childPath(path, i), run)
      found.push(...result.problems)
      return result.value
    })
    return { value: out, problems: [...found, ...own] }
  }
  return { value, problems: own }
}

/** Declarations. */
export const string = (): Field<string | undefined> => new Field(base("string"))
export const number = (): Field<number | undefined> => new Field(base("number"))
export const boolean = (): Field<boolean | undefined> => new Field(base("boolean"))
export const mixed = (): Field => new Field(base("mixed"))
/** Any JSON value (metadata): `undefined` is absent, anything else is kept as JSON. */
export const json = (): Field => new Field(base("mixed")).nullable().transform((v) => JSON.parse(JSON.stringify(v)))
export const array = (element: Field): Field => new Field({ ...base("array"), element })
/** An object of the service's (unknown keys are refused under `body`, `query` and `params`). */
export const object = <S extends Readonly<Record<string, Field>>>(fields: S): Field<{ readonly [K in keyof S]: S[K]["Type"] } | undefined> =>
  new Field({ ...base("object"), fields: Object.entries(fields), unknownChecks: 1 })

/** A URL field as the service checks it: no spaces, then parseable. */
export const url = (): Field<string | undefined> =>
  string()
    .rule((v) => typeof v === "string" && v.includes(" ") ? "contains spaces" : undefined, true)
    .rule((v) => typeof v === "string" && !Fields.isUrl(v) ? "is not a valid URL" : undefined, true)

/** A base64 field as the service checks it. */
export const base64 = (): Field<string | undefined> =>
  string().rule((v) => typeof v === "string" && !Fields.isBase64(v) ? "is not valid base64" : undefined)

/**
 * An e-mail a user signs in or up with: the e-mail rule, then the pattern the service adds (both
 * reported; the empty text fails the pattern only).
 */
export const signInEmail = (): Field<string | undefined> => string().email().matches(Fields.signInEmailPattern)

/** The parts of a request, in the order the route declares them. */
export type Parts = ReadonlyArray<readonly [name: string, field: Field, value: unknown]>

/** What `check` answers for parts declared in place: each part's value by name, typed by its field. */
export type Checked<P extends Parts> = string extends P[number][0] ? Record<string, unknown>
  : { readonly [E in P[number] as E[0]]: E[1]["Type"] }

/** The parts of a CRUD route's request: body, params, query (after auth, url, method). */
export const crud = (parts: { readonly body?: readonly [Field, unknown] | undefined; readonly params?: readonly [Field, unknown] | undefined; readonly query?: readonly [Field, unknown] | undefined }): Parts => [
  ["auth", mixed(), undefined],
  ["url", mixed(), undefined],
  ["method", mixed(), undefined],
  ["body", parts.body?.[0] ?? mixed(), parts.body?.[1]],
  ["params", parts.params?.[0] ?? object({}), parts.params?.[1] ?? {}],
  ["query", parts.query?.[0] ?? object({}), parts.query?.[1] ?? {}]
]

/**
 * Checks a request's parts as the service does: the converted values by part name, or a
 * `SCHEMA_ERROR` listing every problem in the service's order, or `CANNOT_GET_OWN_USER_WITHOUT_USER`
 * when `me` names no signed-in user.
 */
export const check = <const P extends Parts>(
  parts: P,
  currentUserId: string | null | undefined
): Effect.Effect<Checked<P>, SchemaError | CannotGetOwnUserWithoutUser> =>
  Effect.suspend(() => {
    const request = object(Object.fromEntries(parts.map(([name, field]) => [name, field])))
    const input = Object.fromEntries(parts.map(([name, , value]) => [name, value]))
    try {
      const result = validate(request, input, "", { currentUserId: currentUserId ?? null, noUnknownUnder: ["body", "query", "params"] })
      return result.problems.length > 0
        ? Effect.fail<SchemaError | CannotGetOwnUserWithoutUser>(Fields.schemaError(...result.problems.map((p) => p.message)))
        : Effect.succeed(result.value as Checked<P>)
    } catch (error) {
      if (error instanceof NoOwnUser) return Effect.fail(new CannotGetOwnUserWithoutUser({}))
      throw error
    }
  })

/** A query string as the service sees it: each key's last value. */
export const queryObject = (query: URLSearchParams): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, v] of query) out[k] = v
  return out
}

/** The problem lines of a value checked at `path`, none when it is valid (no signed-in user: a `me` there needs `check`). */
export const problems = (field: Field, value: unknown, path = ""): ReadonlyArray<string> =>
  validate(field, value, path, { currentUserId: null, noUnknownUnder: ["body", "query", "params"] }).problems.map((p) => p.message)
