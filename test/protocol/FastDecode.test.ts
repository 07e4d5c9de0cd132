/**
 * The compiled wire decoders (`protocol/internal/schemas/FastDecode`) against Schema's interpreter,
 * for every schema the modules of `protocol/internal/schemas/` export (a new one is covered without
 * touching this file): on valid wire values (generated from each schema's encoded side) the fast
 * decoder answers and its value equals the interpreter's (keys and their order, Dates, prototypes);
 * on mutated values it answers `invalid` or the interpreter's own success, never a success the
 * interpreter refuses. And `Call` decodes with it once a server app is built.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as SchemaParser from "effect/SchemaParser"
import { readdirSync } from "node:fs"
import { inspect } from "node:util"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as FastDecode from "../../packages/sdk/src/protocol/internal/schemas/FastDecode.ts"
import { ServerUser, ServerUserPage } from "../../packages/sdk/src/protocol/internal/schemas/ServerUser.ts"
import * as Wire from "../../packages/sdk/src/protocol/internal/schemas/Wire.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import * as Decoders from "../../packages/sdk/src/transport/internal/Decoders.ts"

const dir = new URL("../../packages/sdk/src/protocol/internal/schemas/", import.meta.url)
const schemas: Array<readonly [name: string, schema: Schema.Top]> = []
for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts")).sort()) {
  const module = await import(new URL(file, dir).href) as Record<string, unknown>
  for (const [name, value] of Object.entries(module)) {
    if (Schema.isSchema(value)) schemas.push([`${file.slice(0, -3)}.${name}`, value as Schema.Top])
  }
}

/** Where two decoded values differ (`undefined` when equal): identity, prototypes, own keys in order, Dates, Redacted. */
const difference = (a: unknown, b: unknown, path = "$"): string | undefined => {
  if (Object.is(a, b)) return undefined
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return `${path}: ${String(a)} vs ${String(b)}`
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: another prototype`
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime()) ? undefined : `${path}: another time`
  if (Redacted.isRedacted(a)) {
    return String(a) === String(b) ? difference(Redacted.value(a), Redacted.value(b as Redacted.Redacted), `${path}<redacted>`) : `${path}: another label`
  }
  const keysA = Reflect.ownKeys(a), keysB = Reflect.ownKeys(b)
  if (keysA.length !== keysB.length || keysA.some((key, i) => key !== keysB[i])) {
    return `${path}: keys ${keysA.map(String).join(",")} vs ${keysB.map(String).join(",")}`
  }
  for (const key of keysA) {
    const da = Object.getOwnPropertyDescriptor(a, key)!, db = Object.getOwnPropertyDescriptor(b, key)!
    if (da.enumerable !== db.enumerable) return `${path}.${String(key)}: enumerable`
    const inner = difference(da.value, db.value, `${path}.${String(key)}`)
    if (inner !== undefined) return inner
  }
  return undefined
}

/** The fast decoder's answer against the interpreter's: a text when it breaks the contract. */
const breach = (schema: Schema.Top, input: unknown, mustAccept: boolean): string | undefined => {
  const fast = FastDecode.compile(schema)
  if (fast === undefined) return undefined
  const slow = SchemaParser.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)(input)
  const value = fast(input)
  if (value === FastDecode.invalid) return mustAccept && Exit.isSuccess(slow) ? "refused a valid input" : undefined
  if (Exit.isFailure(slow)) return "accepted what the interpreter refuses"
  return difference(value, slow.value)
}

// a small seeded generator, so every run mutates the same way
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}

// a copy of the plain objects and arrays of a value (shared and circular parts stay shared)
const clone = (value: unknown, seen = new Map<object, unknown>()): unknown => {
  if (typeof value !== "object" || value === null) return value
  if (seen.has(value)) return seen.get(value)
  if (Array.isArray(value)) {
    const copy: Array<unknown> = []
    seen.set(value, copy)
    for (const item of value) copy.push(clone(item, seen))
    return copy
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  const copy: Record<PropertyKey, unknown> = {}
  seen.set(value, copy)
  for (const key of Reflect.ownKeys(value)) {
    const inner = clone((value as Record<PropertyKey, unknown>)[key], seen)
    Object.defineProperty(copy, key, { value: inner, writable: true, enumerable: true, configurable: true })
  }
  return copy
}

const strangers: ReadonlyArray<unknown> = [
  null, undefined, 0, -0, Number.NaN, Infinity, -Infinity, 1.5, 2 ** 53, -(2 ** 60), 8.64e15 + 1, "", "1", "x", true, false,
  [], [1], {}, { a: 1 }, new Date(0), Symbol.for("s"), 10n, () => 1, Object.create(null)
]
const extraKeys = ["extra", "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "0"]

/** Every object and array inside a value, with the key that holds it. */
const containers = (value: unknown, out: Array<object> = []): Array<object> => {
  if (typeof value === "object" && value !== null && !(value instanceof Date) && !out.includes(value)) {
    out.push(value)
    for (const key of Reflect.ownKeys(value)) containers((value as Record<PropertyKey, unknown>)[key], out)
  }
  return out
}

/** A copy of a valid wire value with one thing changed (a key dropped, retyped, added, ...). */
const mutate = (valid: unknown, next: () => number): unknown => {
  const root = clone(valid)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
  const targets = containers(root)
  if (targets.length === 0 || next() < 0.1) return pick(strangers)
  const target = pick(targets) as Record<PropertyKey, unknown>
  const keys = Reflect.ownKeys(target).filter((k) => !(Array.isArray(target) && k === "length"))
  const key = keys.length > 0 ? pick(keys) : undefined
  const set = (k: PropertyKey, value: unknown) =>
    Object.defineProperty(target, k, { value, writable: true, enumerable: true, configurable: true })
  switch (Math.floor(next() * 7)) {
    case 0:
      if (key !== undefined) delete target[key]
      break
    case 1:
      if (key !== undefined) set(key, pick(strangers))
      break
    case 2:
      set(pick(extraKeys), pick(strangers))
      break
    case 3:
      if (key !== undefined) set(key, undefined)
      break
    case 4:
      // an array where an object was (or the other way round)
      if (key !== undefined) {
        const inner = target[key]
        set(key, Array.isArray(inner) ? Object.assign({}, inner) : typeof inner === "object" && inner !== null ? Object.values(inner) : [inner])
      }
      break
    case 5:
      if (key !== undefined && typeof target[key] === "number") set(key, pick([Number.NaN, Infinity, 0.5, -0, 1e300, "12"]))
      else if (key !== undefined) set(key, pick(strangers))
      break
    case 6:
      // the value behind a prototype instead of an own key
      if (key !== undefined && !Array.isArray(target)) {
        const value = target[key]
        delete target[key]
        Object.setPrototypeOf(target, { [key]: value })
      }
      break
  }
  return root
}

const samples = (schema: Schema.Top, seed: number, count: number) =>
  Arbitrary.sampleEffect(Arbitrary.schema(Schema.toEncoded(schema)), { count, seed })

/** Generated valid wire values must decode to the interpreter's values; their mutations never to more. */
const contract = (name: string, schema: Schema.Top, mustAccept = true) =>
  Effect.gen(function*() {
    const valid = yield* samples(schema, 24, 60)
    for (const input of valid) {
      const problem = breach(schema, input, mustAccept)
      if (problem !== undefined) assert.fail(`${problem} for ${inspect(input, { depth: 6 })}`)
    }
    const next = random(name.length * 7919)
    for (const input of valid) {
      for (let i = 0; i < 6; i++) {
        const mutated = mutate(input, next)
        const problem = breach(schema, mutated, false)
        if (problem !== undefined) assert.fail(`${problem} for ${inspect(mutated, { depth: 6 })}`)
      }
    }
  })

// nodes and rules the wire schemas do not hold today, so the compiler meets them first here
const Tagged = Schema.Union([
  Schema.Struct({ type: Schema.Literal("a"), value: Schema.String }),
  Schema.Struct({ type: Schema.Literal("b"), value: Schema.DateFromMillis }),
  Schema.Struct({ value: Schema.Number }),
  Schema.String
])
const synthetic: ReadonlyArray<readonly [string, Schema.Top]> = [
  ["a key with a decoding default (a value made of an absent key)", Schema.Struct({
    a: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed("default"))),
    b: Schema.NullOr(Schema.Number),
    c: Schema.optionalKey(Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed("default"))))
  })],
  ["a union of tagged structs, an untagged struct and a string", Schema.Struct({ items: Schema.Array(Tagged) })],
  ["a oneOf union", Schema.Struct({ a: Schema.Union([Schema.String, Schema.Literals(["x", "y"])], { mode: "oneOf" }) })],
  ["a tuple and a checked string", Schema.Struct({ t: Schema.Tuple([Schema.String, Schema.Number]), s: Schema.String.check(Schema.isMinLength(2)) })],
  ["a record of dates", Schema.Record(Schema.String, Schema.DateFromMillis)],
  ["keys named like prototype members", Schema.Struct({ __proto__: Schema.String, constructor: Schema.optional(Schema.Number), toString: Schema.optionalKey(Schema.Unknown) })],
  ["optional and optionalKey literals", Schema.Struct({ a: Schema.optionalKey(Schema.Literals([0, 1])), b: Schema.optional(Schema.Literal(true)) })],
  ["any, undefined, null, the empty struct", Schema.Struct({ a: Schema.Any, b: Schema.Undefined, c: Schema.Null, d: Schema.Struct({}) })],
  ["a wire struct whose wire key is an index", Schema.Struct({ a: Schema.String, b: Schema.Number }).pipe(Wire.encodeKeys({ a: "0" }))]
]

describe("FastDecode", () => {
  it("has a full fast decoder for the reads servers make most", () => {
    const full = schemas.filter(([, schema]) => FastDecode.isFull(schema)).map(([name]) => name)
    const partial = schemas.filter(([, schema]) => !FastDecode.isFull(schema) && FastDecode.compile(schema) !== undefined).map(([name]) => name)
    const none = schemas.filter(([, schema]) => FastDecode.compile(schema) === undefined).map(([name]) => name)
    console.log(`FastDecode: ${full.length} of ${schemas.length} wire schemas decoded in full; in part (a node left to the interpreter): ${partial.join(", ")}; none: ${none.join(", ")}`)
    for (
      const name of [
        "ServerUser.ServerUser", "ServerUser.ServerUserPage", "User.CurrentUser", "Team.Team", "Team.ServerTeam", "Team.TeamList",
        "Team.ServerTeamList", "Team.TeamMembership", "ApiKey.ApiKey", "ApiKey.ApiKeyList", "Permission.TeamPermission",
        "Permission.TeamPermissionList", "Permission.ProjectPermission", "Permission.ProjectPermissionList",
        "SessionInfo.SessionInfo", "SessionInfo.SessionList", "ContactChannel.ContactChannel", "Project.ClientProject"
      ]
    ) assert.include(full, name)
  })

  for (const [name, schema] of schemas) {
    it.effect(`${name}: valid wire values decode to the interpreter's values, mutated ones never to more`, () => contract(name, schema))
  }

  for (const [name, schema] of synthetic) {
    // (a delegated node may leave a valid value to the interpreter: there only "never more" holds)
    it.effect(`${name}: decoded as the interpreter decodes`, () => contract(name, schema, FastDecode.isFull(schema)))
  }

  it("leaves an absent key to the interpreter where a value may be made of it", () => {
    const [, schema] = synthetic[0]!
    for (const input of [{ b: null }, { a: "x", b: null }]) {
      assert.strictEqual(FastDecode.compile(schema)!(input), FastDecode.invalid)
      assert.isUndefined(breach(schema, input, false))
    }
  })

  it("reads keys as Effect does: inherited keys count, `__proto__` only as an own key, extra keys dropped", () => {
    const wire = {
      id: "u1", display_name: null, primary_email: null, primary_email_verified: false, primary_email_auth_enabled: false,
      profile_image_url: null, signed_up_at_millis: 1, last_active_at_millis: 2, has_password: false, otp_auth_enabled: false,
      passkey_auth_enabled: false, requires_totp_mfa: false, is_anonymous: false, oauth_providers: [], selected_team_id: null,
      selected_team: null
    }
    const inputs: Array<unknown> = [
      wire,
      Object.assign(Object.create(null), wire),
      Object.setPrototypeOf({ ...wire, id: undefined }, { id: "from the prototype" }),
      JSON.parse(JSON.stringify({ ...wire, extra: 1 }).replace("\"extra\"", "\"__proto__\"")),
      { ...wire, client_metadata: undefined, server_metadata: { __proto__: null } },
      { ...wire, signed_up_at_millis: 8.64e15 + 1 },
      { ...wire, signed_up_at_millis: 1.5 },
      { ...wire, oauth_providers: [{ id: "github", account_id: "a", email: undefined }] },
      { ...wire, oauth_providers: new Array(2) }
    ]
    for (const input of inputs) assert.isUndefined(breach(ServerUser, input, false))
    assert.notStrictEqual(FastDecode.compile(ServerUser)!(wire), FastDecode.invalid)
  })

  it.effect("the admin app installs it too", () =>
    Effect.gen(function*() {
      let made = 0
      Decoders.setFactory((schema) => {
        made++
        return SchemaParser.decodeUnknownEffect(schema) as Decoders.Decoder
      })
      yield* Effect.scoped(Layer.build(StackAdminApp.layer({ projectId: "p", superSecretAdminKey: "k", baseUrl: "http://127.0.0.1:1" })))
      yield* Effect.flip(Call.decodeBody(Schema.Struct({ fresh: Schema.String }), { method: "GET", path: "/x" }, {}))
      assert.strictEqual(made, 0)
    }))

  it("never throws, whatever the input", () => {
    const hostile = new Proxy({}, { has: () => { throw new Error("trap") }, get: () => { throw new Error("trap") } })
    assert.strictEqual(FastDecode.compile(ServerUser)!(hostile), FastDecode.invalid)
  })

  it.effect("Call decodes with it once a server app is built, and a refused body keeps the interpreter's issue", () =>
    Effect.gen(function*() {
      const request = { method: "GET", path: "/users/u1" } as const
      // a factory that counts the decoders it makes: the server app must replace it
      let made = 0
      Decoders.setFactory((schema) => {
        made++
        return SchemaParser.decodeUnknownEffect(schema) as Decoders.Decoder
      })
      const refusedBefore = yield* Effect.flip(Call.decodeBody(ServerUser, request, { id: 1 }))
      assert.strictEqual(made, 1)
      yield* Effect.scoped(Layer.build(StackServerApp.layer({ projectId: "p", secretServerKey: "k", baseUrl: "http://127.0.0.1:1" })))
      const refusedAfter = yield* Effect.flip(Call.decodeBody(ServerUser, request, { id: 1 }))
      yield* Effect.flip(Call.decodeBody(ServerUserPage, request, { items: 1 }))
      assert.strictEqual(made, 1)
      assert.deepStrictEqual(refusedAfter.reason, refusedBefore.reason)
      const wire = (yield* samples(ServerUser, 3, 1))[0]
      const decoded = yield* Call.decodeBody(ServerUser, request, wire)
      assert.isUndefined(difference(decoded, SchemaParser.decodeUnknownSync(ServerUser)(wire)))
    }))
})
