/**
 * The order of a key's validity checks (SPEC §4 "API key validity"), pinned because swapping it
 * passed every other test: a user or team key both revoked and expired reads as manually revoked
 * (revocation first); an internal key set checks its expiry first.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as ApiKeys from "../../packages/sdk/src/api/ApiKeys.ts"
import * as InternalApiKeys from "../../packages/sdk/src/api/InternalApiKeys.ts"

const past = new Date(1_000)
const future = new Date(10_000_000)
const revokedAt = new Date(500)

describe("API key validity order", () => {
  it.effect("a user or team key: revoked wins over expired; each alone reads as itself", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(5_000)
      assert.strictEqual(yield* ApiKeys.validity({ manuallyRevokedAt: revokedAt, expiresAt: past }), "manually-revoked")
      assert.strictEqual(yield* ApiKeys.validity({ manuallyRevokedAt: undefined, expiresAt: past }), "expired")
      assert.strictEqual(yield* ApiKeys.validity({ manuallyRevokedAt: revokedAt, expiresAt: future }), "manually-revoked")
      assert.strictEqual(yield* ApiKeys.validity({ manuallyRevokedAt: undefined, expiresAt: future }), "valid")
    }))

  it.effect("an internal key set: expired wins over revoked; each alone reads as itself", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(5_000)
      assert.strictEqual(yield* InternalApiKeys.validity({ manuallyRevokedAt: revokedAt, expiresAt: past }), "expired")
      assert.strictEqual(yield* InternalApiKeys.validity({ manuallyRevokedAt: undefined, expiresAt: past }), "expired")
      assert.strictEqual(yield* InternalApiKeys.validity({ manuallyRevokedAt: revokedAt, expiresAt: future }), "manually-revoked")
      assert.strictEqual(yield* InternalApiKeys.validity({ manuallyRevokedAt: undefined, expiresAt: future }), "valid")
    }))
})
