import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as Wire from "../../../packages/sdk/src/protocol/internal/schemas/Wire.ts"

const Inner = Schema.Struct({ accountId: Schema.String })
const fields = {
  id: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  signedUpAt: Schema.DateFromMillis,
  clientMetadata: Schema.optional(Schema.Unknown),
  teamId: Schema.optionalKey(Schema.String),
  providers: Schema.Array(Inner.pipe(Wire.encodeKeys({ accountId: "account_id" })))
}
const mapping = { displayName: "display_name", signedUpAt: "signed_up_at_millis", clientMetadata: "client_metadata", teamId: "team_id" } as const
const User = Schema.Struct(fields).pipe(Wire.encodeKeys(mapping))
// the same shape through Effect's own two-pass helper: the reference for types and results
const Reference = Schema.Struct({
  ...fields,
  providers: Schema.Array(Inner.pipe(Schema.encodeKeys({ accountId: "account_id" })))
}).pipe(Schema.encodeKeys(mapping))

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
const sameType: Equals<typeof User.Type, typeof Reference.Type> = true
const sameEncoded: Equals<typeof User.Encoded, typeof Reference.Encoded> = true

const wire = {
  id: "u1",
  display_name: null,
  signed_up_at_millis: 1_700_000_000_000,
  client_metadata: { plan: "pro" },
  providers: [{ account_id: "a1" }]
}
/** The message of a failed decode ("" if it succeeded). */
const decodeError = (input: unknown): string => {
  try {
    Schema.decodeUnknownSync(User)(input)
    return ""
  } catch (error) {
    return String(error)
  }
}

describe("Wire.encodeKeys", () => {
  it("has the Type and Encoded of Schema.encodeKeys", () => {
    assert.isTrue(sameType && sameEncoded)
  })

  it("decodes wire keys to camelCase keys, running each field's transformation once", () => {
    const user = Schema.decodeUnknownSync(User)(wire)
    assert.deepStrictEqual(user, {
      id: "u1",
      displayName: null,
      signedUpAt: new Date(1_700_000_000_000),
      clientMetadata: { plan: "pro" },
      providers: [{ accountId: "a1" }]
    })
    assert.deepStrictEqual(user, Schema.decodeUnknownSync(Reference)(wire))
  })

  it("leaves absent optional keys absent and keeps present ones", () => {
    const { client_metadata: _, ...bare } = wire
    const user = Schema.decodeUnknownSync(User)({ ...bare, team_id: "t1" })
    assert.isFalse("clientMetadata" in user)
    assert.strictEqual(user.teamId, "t1")
    assert.deepStrictEqual(Schema.encodeSync(User)(user), { ...bare, team_id: "t1" })
  })

  it("drops keys the struct does not declare, as Schema.Struct does", () => {
    const user = Schema.decodeUnknownSync(User)({ ...wire, extra: 1, displayName: "not a wire key" })
    assert.deepStrictEqual(Object.keys(user).sort(), ["clientMetadata", "displayName", "id", "providers", "signedUpAt"])
    assert.strictEqual(user.displayName, null)
  })

  it("encodes camelCase values back to the wire, as Schema.encodeKeys does", () => {
    const user = Schema.decodeUnknownSync(User)(wire)
    assert.deepStrictEqual(Schema.encodeSync(User)(user), wire)
    assert.deepStrictEqual(Schema.encodeSync(User)(user), Schema.encodeSync(Reference)(user))
  })

  it("names the wire path of a decode error, nested structs included", () => {
    assert.include(decodeError({ ...wire, signed_up_at_millis: "yesterday" }), `["signed_up_at_millis"]`)
    assert.include(decodeError({ ...wire, providers: [{ accountId: "a1" }] }), `["providers"][0]["account_id"]`)
    assert.include(decodeError({ ...wire, display_name: undefined }), `["display_name"]`)
  })

  it("checks the camelCase type in full where it is asked directly (Schema.is, encoding)", () => {
    const user = Schema.decodeUnknownSync(User)(wire)
    assert.isTrue(Schema.is(User)(user))
    assert.isFalse(Schema.is(User)({ ...user, signedUpAt: 1_700_000_000_000 }))
    assert.isFalse(Schema.is(User)(wire))
    const exit = Schema.encodeUnknownExit(User)({ ...user, displayName: 42 })
    assert.isTrue(Exit.isFailure(exit))
  })

  it("refuses a mapping that gives two fields one wire key", () => {
    assert.throws(() => Schema.Struct({ a: Schema.String, b: Schema.String }).pipe(Wire.encodeKeys({ a: "b" })), /Duplicate wire key: b/)
  })
})
