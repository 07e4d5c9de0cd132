import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { decodeJwt } from "jose"
import * as AccessToken from "../../packages/sdk/src/session/AccessToken.ts"
import { jwt } from "./support.ts"

describe("AccessToken", () => {
  it.effect("reads the user id and the expiry from the claims", () =>
    Effect.gen(function*() {
      const token = yield* AccessToken.make(jwt("user-7", 90_000))
      assert.strictEqual(token.userId, "user-7")
      assert.strictEqual(token.expiresAtMillis, 90_000)
    }))

  it.effect("measures the time left against the Clock", () =>
    Effect.gen(function*() {
      const token = yield* AccessToken.make(jwt("u", 90_000))
      assert.strictEqual(yield* AccessToken.expiresInMillis(token), 90_000)
      assert.isTrue(yield* AccessToken.isValidFor(token, 20_000))
      yield* TestClock.adjust("75 seconds")
      assert.strictEqual(yield* AccessToken.expiresInMillis(token), 15_000)
      assert.isFalse(yield* AccessToken.isValidFor(token, 20_000))
      assert.isFalse(yield* AccessToken.isExpired(token))
      yield* TestClock.adjust("15 seconds")
      assert.isTrue(yield* AccessToken.isExpired(token))
    }))

  it.effect("treats an unparsable token as expired and a token without exp as never expiring", () =>
    Effect.gen(function*() {
      const garbage = yield* AccessToken.make("not-a-jwt")
      assert.isTrue(yield* AccessToken.isExpired(garbage))
      const eternal = AccessToken.fromRedacted(Redacted.make("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1In0."))
      assert.strictEqual(eternal.userId, "u")
      assert.isTrue(yield* AccessToken.isValidFor(eternal, 59_999))
    }))

  it.effect("rejects the text 'undefined' as a token value (SPEC §5)", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(AccessToken.make("undefined"))
      assert.deepStrictEqual(exit, Exit.fail(new AccessToken.InvalidTokenValue({ kind: "access" })))
      const refresh = yield* Effect.flip(AccessToken.validateValue("refresh", Redacted.make("undefined")))
      assert.strictEqual(refresh.kind, "refresh")
      assert.notInclude(refresh.message, "eyJ")
    }))

  it("reads the same claims as jose's decodeJwt, and counts as expired wherever jose refuses the token", () => {
    const b64 = (text: string) => Buffer.from(text).toString("base64url")
    const payload = fc.oneof(
      fc.record({ sub: fc.oneof(fc.string(), fc.integer()), exp: fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), fc.string()) }, { requiredKeys: [] })
        .map((claims) => b64(JSON.stringify(claims))),
      fc.jsonValue().map((value) => b64(JSON.stringify(value))), // arrays, numbers, null: not a claims set
      fc.string(), // not base64url, or not JSON
      // the standard alphabet (+ /), padding, whitespace: what base64url decoding must refuse or accept as jose does
      fc.tuple(fc.jsonValue(), fc.constantFrom("base64", "base64url"), fc.constantFrom("", "=", "==", " ", "\n"), fc.nat())
        .map(([value, alphabet, extra, at]) => {
          const text = Buffer.from(JSON.stringify(value)).toString(alphabet as BufferEncoding)
          const i = at % (text.length + 1)
          return text.slice(0, i) + extra + text.slice(i)
        })
    )
    const token = fc.oneof(
      payload.map((p) => `${b64("{\"alg\":\"none\"}")}.${p}.`),
      fc.array(payload, { maxLength: 6 }).map((parts) => parts.join("."))
    )
    fc.assert(fc.property(token, (raw) => {
      const ours = AccessToken.decodeClaims(Redacted.make(raw))
      let theirs: { userId: string | undefined; expiresAtMillis: number }
      try {
        const claims = decodeJwt(raw)
        theirs = {
          userId: typeof claims.sub === "string" ? claims.sub : undefined,
          expiresAtMillis: typeof claims.exp === "number" ? claims.exp * 1000 : Number.POSITIVE_INFINITY
        }
      } catch {
        theirs = { userId: undefined, expiresAtMillis: 0 }
      }
      assert.deepStrictEqual(ours, theirs, raw)
    }), { numRuns: 2000 })
  })
})
