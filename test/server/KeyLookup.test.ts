/**
 * How the verifier finds a token's key in the project's key set: a key id naming one key gets that
 * key; a token without a key id, or a key id several keys share, is looked up by jose's local key
 * set (the set's one key is used; several candidates are refused, jose does not choose); an unknown
 * key id refetches once, then refuses.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { SignJWT } from "jose"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as KeyService from "./KeyService.ts"

const T0 = 1_800_000_000_000

/** Signs the service's claims with `key` under the header `header` (no `kid` unless given). */
const signWithHeader = (key: KeyService.Key, header: Record<string, unknown>) =>
  Effect.promise(() => {
    const iat = Math.floor(T0 / 1000)
    return new SignJWT({ sub: "user-1", branchId: "main", refreshTokenId: "session-1", role: "authenticated" })
      .setProtectedHeader({ alg: "ES256", ...header })
      .setIssuer(KeyService.issuer)
      .setAudience(KeyService.projectId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(key.privateKey)
  })

describe("AccessTokenVerifier: finding the token's key", () => {
  it.effect("without a key id, the set's one key is used; with two keys, a token without a key id is refused", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const k1 = yield* KeyService.makeKey("k1")
      const one = yield* KeyService.verifier(KeyService.make([k1]))
      assert.strictEqual((yield* one.verify(yield* signWithHeader(k1, {}))).userId, "user-1")
      const k2 = yield* KeyService.makeKey("k2")
      const two = yield* KeyService.verifier(KeyService.make([k1, k2]))
      assert.instanceOf(yield* Effect.flip(two.verify(yield* signWithHeader(k1, {}))), KnownErrors.UnparsableAccessToken)
      assert.strictEqual((yield* two.verify(yield* signWithHeader(k2, { kid: "k2" }))).userId, "user-1")
    }))

  it.effect("two keys sharing a key id: refused (jose's local key set does not choose), as before the fast lookup", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const a = yield* KeyService.makeKey("shared")
      const b = yield* KeyService.makeKey("shared")
      const verifier = yield* KeyService.verifier(KeyService.make([a, b]))
      for (const key of [a, b]) {
        assert.instanceOf(yield* Effect.flip(verifier.verify(yield* signWithHeader(key, { kid: "shared" }))), KnownErrors.UnparsableAccessToken)
      }
    }))

  it.effect("a key id naming one key: only that key's signatures pass, with the key imported once for many tokens", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const k1 = yield* KeyService.makeKey("k1")
      const k2 = yield* KeyService.makeKey("k2")
      const verifier = yield* KeyService.verifier(KeyService.make([k1, k2]))
      const tokens = yield* Effect.forEach(["a", "b", "c"], (sub) =>
        Effect.promise(() =>
          new SignJWT({ sub, branchId: "main" })
            .setProtectedHeader({ alg: "ES256", kid: "k1" })
            .setIssuer(KeyService.issuer)
            .setAudience(KeyService.projectId)
            .setIssuedAt(Math.floor(T0 / 1000))
            .setExpirationTime(Math.floor(T0 / 1000) + 600)
            .sign(k1.privateKey)
        ))
      const users = yield* Effect.forEach(tokens, (token) => Effect.map(verifier.verify(token), (c) => c.userId), { concurrency: "unbounded" })
      assert.deepStrictEqual(users, ["a", "b", "c"])
      // k2's signature under k1's id is refused
      assert.instanceOf(yield* Effect.flip(verifier.verify(yield* signWithHeader(k2, { kid: "k1" }))), KnownErrors.UnparsableAccessToken)
    }))
})
