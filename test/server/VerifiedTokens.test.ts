/**
 * The verifier remembers the tokens that passed (`verifiedTokens`), so a client sending the same
 * access token on every request costs one signature check. Pinned here: a remembered token is
 * answered again without a signature check, yet still expires on Effect's Clock (with the
 * tolerance), is checked again when its key set is replaced, and the memory is bounded; refused
 * tokens are never remembered. Signature checks are counted on Node's `crypto.verify` (the check's
 * primitive on Node; WebCrypto's `verify` where there is no `node:crypto`).
 */
import { afterEach, assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import { vi } from "vitest"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as KeyService from "./KeyService.ts"

const T0 = 1_800_000_000_000

const setup = (options: AccessTokenVerifier.Options = {}) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(T0)
    const k1 = yield* KeyService.makeKey("k1")
    const service = KeyService.make([k1])
    const verifier = yield* KeyService.verifier(service, options)
    // counted from here: on Node every signature check goes through node:crypto's verify
    const checks = vi.spyOn(process.getBuiltinModule("node:crypto"), "verify")
    return { k1, service, verifier, checks }
  })

afterEach(() => {
  vi.restoreAllMocks()
})

describe("AccessTokenVerifier: verified tokens are remembered", () => {
  it.effect("the same token again: the same claims, no second signature check; a Redacted token shares the entry", () =>
    Effect.gen(function*() {
      const { k1, verifier, checks } = yield* setup()
      const token = yield* KeyService.sign(k1)
      const first = yield* verifier.verify(token)
      const again = yield* verifier.verify(token)
      const redacted = yield* verifier.verify(Redacted.make(token))
      assert.strictEqual(checks.mock.calls.length, 1)
      assert.strictEqual(again.userId, first.userId)
      assert.strictEqual(again.expiresAtMillis, first.expiresAtMillis)
      assert.strictEqual(Redacted.value(redacted.token), token)
    }))

  it.effect("a remembered token still expires on the Clock: at exp with tolerance 0, with expiredAtMillis", () =>
    Effect.gen(function*() {
      const { k1, verifier, checks } = yield* setup()
      const token = yield* KeyService.sign(k1, { lifetimeSeconds: 30 })
      yield* verifier.verify(token)
      yield* TestClock.adjust(29_000)
      assert.strictEqual((yield* verifier.verify(token)).userId, "user-1")
      assert.strictEqual(checks.mock.calls.length, 1)
      yield* TestClock.adjust(1_000)
      const error = yield* Effect.flip(verifier.verify(token))
      assert.instanceOf(error, KnownErrors.AccessTokenExpired)
      assert.strictEqual((error as KnownErrors.AccessTokenExpired).details?.expiredAtMillis, T0 + 30_000)
    }))

  it.effect("with a tolerance of 5 s a remembered token passes until exp + 4 s and is expired at exp + 5 s", () =>
    Effect.gen(function*() {
      const { k1, verifier, checks } = yield* setup({ clockTolerance: "5 seconds" })
      const token = yield* KeyService.sign(k1, { lifetimeSeconds: 30 })
      yield* verifier.verify(token)
      yield* TestClock.adjust(34_000)
      assert.strictEqual((yield* verifier.verify(token)).userId, "user-1")
      assert.strictEqual(checks.mock.calls.length, 1)
      yield* TestClock.adjust(1_000)
      assert.instanceOf(yield* Effect.flip(verifier.verify(token)), KnownErrors.AccessTokenExpired)
    }))

  it.effect("a Clock set back before iat (beyond the tolerance) refuses a remembered token", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const token = yield* KeyService.sign(k1)
      yield* verifier.verify(token)
      yield* TestClock.setTime(T0 - 2_000)
      assert.instanceOf(yield* Effect.flip(verifier.verify(token)), KnownErrors.UnparsableAccessToken)
    }))

  it.effect("a replaced key set forgets: the token is checked again, and refused once its key is withdrawn", () =>
    Effect.gen(function*() {
      const { k1, service, verifier, checks } = yield* setup()
      const token = yield* KeyService.sign(k1, { lifetimeSeconds: 3600 })
      yield* verifier.verify(token)
      yield* TestClock.adjust(600_000) // the set expires and is fetched again: the same key, checked again
      assert.strictEqual((yield* verifier.verify(token)).userId, "user-1")
      assert.strictEqual(checks.mock.calls.length, 2)
      service.published.splice(0, 1, yield* KeyService.makeKey("k2")) // k1 withdrawn
      yield* TestClock.adjust(600_000)
      assert.instanceOf(yield* Effect.flip(verifier.verify(token)), KnownErrors.UnparsableAccessToken)
    }))

  it.effect("bounded: with verifiedTokens 2 the oldest is dropped; 0 checks every token every time", () =>
    Effect.gen(function*() {
      const { k1, verifier, checks } = yield* setup({ verifiedTokens: 2 })
      const [a, b, c] = [
        yield* KeyService.sign(k1, { claims: { sub: "a" } }),
        yield* KeyService.sign(k1, { claims: { sub: "b" } }),
        yield* KeyService.sign(k1, { claims: { sub: "c" } })
      ]
      for (const token of [a, b, c, c, b]) yield* verifier.verify(token)
      assert.strictEqual(checks.mock.calls.length, 3)
      assert.strictEqual((yield* verifier.verify(a)).userId, "a")
      assert.strictEqual(checks.mock.calls.length, 4)

      const off = yield* KeyService.verifier(KeyService.make([k1]), { verifiedTokens: 0 })
      for (let i = 0; i < 3; i++) yield* off.verify(a)
      assert.strictEqual(checks.mock.calls.length, 7)
    }))

  it.effect("refused tokens are never remembered: a forged signature is checked (and refused) every time", () =>
    Effect.gen(function*() {
      const { verifier, checks } = yield* setup()
      const impostor = yield* KeyService.makeKey("k1") // same kid, another private key
      const forged = yield* KeyService.sign(impostor)
      for (let i = 0; i < 3; i++) {
        assert.instanceOf(yield* Effect.flip(verifier.verify(forged)), KnownErrors.UnparsableAccessToken)
      }
      assert.strictEqual(checks.mock.calls.length, 3)
    }))
})
