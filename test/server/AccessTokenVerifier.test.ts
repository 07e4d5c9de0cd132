import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as KeyService from "./KeyService.ts"
import { reasonOf } from "../support/Transport.ts"

const T0 = 1_800_000_000_000

/** A key service with one published key `k1`, the clock at T0, and a verifier over it. */
const setup = (options: AccessTokenVerifier.Options = {}) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(T0)
    const k1 = yield* KeyService.makeKey("k1")
    const service = KeyService.make([k1])
    const verifier = yield* KeyService.verifier(service, options)
    return { k1, service, verifier }
  })

/** Runs `effect` in a fiber while the test clock moves on a second at a time until it ends (retries and timeouts wait on it). */
const withTimePassing = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    let done = false
    const fiber = yield* Effect.forkChild(Effect.ensuring(effect, Effect.sync(() => void (done = true))))
    for (let i = 0; i < 600 && !done; i++) {
      yield* Effect.yieldNow
      if (!done) yield* TestClock.adjust(1_000)
    }
    return yield* Fiber.join(fiber)
  })

const failureOf = <A, E>(effect: Effect.Effect<A, E>) => Effect.flip(effect)

describe("AccessTokenVerifier: what passes", () => {
  it.effect("a token as the service issues it passes, with its claims and the token kept redacted", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const token = yield* KeyService.sign(k1)
      const claims = yield* verifier.verify(token)
      assert.strictEqual(claims.userId, "user-1")
      assert.strictEqual(claims.projectId, KeyService.projectId)
      assert.strictEqual(claims.branchId, "main")
      assert.strictEqual(claims.refreshTokenId, "session-1")
      assert.strictEqual(claims.role, "authenticated")
      assert.strictEqual(claims.issuer, KeyService.issuer)
      assert.strictEqual(claims.issuedAtMillis, T0)
      assert.strictEqual(claims.expiresAtMillis, T0 + 600_000)
      assert.strictEqual(Redacted.value(claims.token), token)
      assert.notInclude(String(claims.token), token)
      assert.strictEqual(claims.payload.role, "authenticated")
    }))

  it.effect("the service's legacy issuer passes; a token without refreshTokenId passes", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const legacy = yield* KeyService.sign(k1, { claims: { iss: AccessTokenVerifier.legacyIssuer } })
      assert.strictEqual((yield* verifier.verify(legacy)).issuer, AccessTokenVerifier.legacyIssuer)
      const old = yield* KeyService.sign(k1, { omit: ["refreshTokenId"] })
      assert.isUndefined((yield* verifier.verify(old)).refreshTokenId)
    }))

  it.effect("issuerUrl names the service's public URL when the app reaches it by another address", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup({ issuerUrl: "http://localhost:8140" })
      const own = yield* KeyService.sign(k1, { claims: { iss: `http://localhost:8140/api/v1/projects/${KeyService.projectId}` } })
      assert.strictEqual((yield* verifier.verify(own)).userId, "user-1")
      // the base URL's own spelling is then refused
      const byBaseUrl = yield* KeyService.sign(k1)
      assert.instanceOf(yield* failureOf(verifier.verify(byBaseUrl)), KnownErrors.UnparsableAccessToken)
    }))
})

describe("AccessTokenVerifier: expiry on Effect's Clock", () => {
  it.effect("tolerance 0 (the service's): valid 1 s before exp, AccessTokenExpired at exp with expiredAtMillis", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const token = yield* KeyService.sign(k1, { lifetimeSeconds: 30 })
      yield* TestClock.adjust(29_000)
      assert.strictEqual((yield* verifier.verify(token)).userId, "user-1")
      yield* TestClock.adjust(1_000)
      const error = yield* failureOf(verifier.verify(token))
      assert.instanceOf(error, KnownErrors.AccessTokenExpired)
      assert.strictEqual((error as KnownErrors.AccessTokenExpired).details?.expiredAtMillis, T0 + 30_000)
    }))

  it.effect("a tolerance of 5 s: valid until exp + 4 s, expired at exp + 5 s", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup({ clockTolerance: "5 seconds" })
      const token = yield* KeyService.sign(k1, { lifetimeSeconds: 30 })
      yield* TestClock.adjust(34_000)
      assert.strictEqual((yield* verifier.verify(token)).userId, "user-1")
      yield* TestClock.adjust(1_000)
      assert.instanceOf(yield* failureOf(verifier.verify(token)), KnownErrors.AccessTokenExpired)
    }))

  it.effect("iat in the future beyond the tolerance is refused; within it passes", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup({ clockTolerance: "5 seconds" })
      const early = Math.floor(T0 / 1000)
      const within = yield* KeyService.sign(k1, { claims: { iat: early + 5 } })
      assert.strictEqual((yield* verifier.verify(within)).userId, "user-1")
      const beyond = yield* KeyService.sign(k1, { claims: { iat: early + 6 } })
      assert.instanceOf(yield* failureOf(verifier.verify(beyond)), KnownErrors.UnparsableAccessToken)
    }))
})

describe("AccessTokenVerifier: refusals, as the service answers them", () => {
  it.effect("a token of another project: InvalidProjectForAccessToken with both project ids", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const other = yield* KeyService.sign(k1, { claims: { aud: "other-project", iss: `${KeyService.baseUrl}/api/v1/projects/other-project` } })
      const error = yield* failureOf(verifier.verify(other))
      assert.instanceOf(error, KnownErrors.InvalidProjectForAccessToken)
      assert.deepStrictEqual((error as KnownErrors.InvalidProjectForAccessToken).details, {
        expectedProjectId: KeyService.projectId,
        actualProjectId: "other-project"
      })
    }))

  it.effect("wrong iss (another host spelling, a trailing slash, none) is UnparsableAccessToken", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      for (const iss of ["https://evil.test/api/v1/projects/proj-verifier", `${KeyService.issuer}/`, undefined]) {
        const token = yield* KeyService.sign(k1, iss === undefined ? { omit: ["iss"] } : { claims: { iss } })
        assert.instanceOf(yield* failureOf(verifier.verify(token)), KnownErrors.UnparsableAccessToken, String(iss))
      }
    }))

  it.effect("a tampered payload and a forged signature are UnparsableAccessToken", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const token = yield* KeyService.sign(k1)
      const [h, p, s] = token.split(".")
      const payload = JSON.parse(Buffer.from(p!, "base64url").toString())
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: "admin" })).toString("base64url")}.${s}`
      assert.instanceOf(yield* failureOf(verifier.verify(tampered)), KnownErrors.UnparsableAccessToken)
      const impostor = yield* KeyService.makeKey("k1") // same kid, another private key
      const forged = yield* KeyService.sign(impostor)
      assert.instanceOf(yield* failureOf(verifier.verify(forged)), KnownErrors.UnparsableAccessToken)
      // the untouched token still passes (the refusals are the changes)
      assert.strictEqual((yield* verifier.verify(token)).userId, "user-1")
    }))

  it.effect("alg none, HS256 keyed with the public JWK, and RS256 are refused", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const claims = {
        sub: "user-1", branchId: "main", role: "authenticated", iss: KeyService.issuer, aud: KeyService.projectId,
        iat: Math.floor(T0 / 1000), exp: Math.floor(T0 / 1000) + 600
      }
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
      const none = `${b64({ alg: "none", kid: "k1" })}.${b64(claims)}.`
      const hs256 = yield* Effect.promise(() =>
        new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: "k1" }).sign(new TextEncoder().encode(JSON.stringify(k1.publicJwk)))
      )
      const rs256 = yield* Effect.promise(async () => {
        const { privateKey } = await generateKeyPair("RS256")
        return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "k1" }).sign(privateKey)
      })
      for (const token of [none, hs256, rs256]) {
        assert.instanceOf(yield* failureOf(verifier.verify(token)), KnownErrors.UnparsableAccessToken)
      }
    }))

  it.effect("garbage, a missing sub, exp or branchId, and aud as an array are UnparsableAccessToken", () =>
    Effect.gen(function*() {
      const { k1, verifier } = yield* setup()
      const tokens = [
        "garbage",
        "",
        "a.b.c",
        yield* KeyService.sign(k1, { omit: ["sub"] }),
        yield* KeyService.sign(k1, { omit: ["exp"] }),
        yield* KeyService.sign(k1, { omit: ["iat"] }),
        yield* KeyService.sign(k1, { omit: ["branchId"] }),
        yield* KeyService.sign(k1, { claims: { aud: [KeyService.projectId] } })
      ]
      for (const token of tokens) {
        assert.instanceOf(yield* failureOf(verifier.verify(token)), KnownErrors.UnparsableAccessToken, token.slice(0, 20))
      }
    }))
})

describe("AccessTokenVerifier: the key set", () => {
  it.effect("fetched once and shared by concurrent checks; kept 10 minutes, then fetched once more", () =>
    Effect.gen(function*() {
      const { k1, service, verifier } = yield* setup()
      const token = yield* KeyService.sign(k1, { lifetimeSeconds: 3600 })
      yield* Effect.forEach(Array.from({ length: 50 }), () => verifier.verify(token), { concurrency: "unbounded" })
      assert.strictEqual(service.jwksRequests, 1)
      yield* TestClock.adjust(599_000)
      yield* verifier.verify(token)
      assert.strictEqual(service.jwksRequests, 1)
      yield* TestClock.adjust(1_000)
      yield* Effect.forEach(Array.from({ length: 10 }), () => verifier.verify(token), { concurrency: "unbounded" })
      assert.strictEqual(service.jwksRequests, 2)
    }))

  it.effect("an unknown kid causes one refetch, then is refused; more unknown kids within the cooldown cause none", () =>
    Effect.gen(function*() {
      const { k1, service, verifier } = yield* setup()
      yield* verifier.verify(yield* KeyService.sign(k1))
      assert.strictEqual(service.jwksRequests, 1)
      const stranger = yield* KeyService.makeKey("k-unknown")
      const token = yield* KeyService.sign(stranger)
      assert.instanceOf(yield* failureOf(verifier.verify(token)), KnownErrors.UnparsableAccessToken)
      assert.strictEqual(service.jwksRequests, 2)
      assert.instanceOf(yield* failureOf(verifier.verify(token)), KnownErrors.UnparsableAccessToken)
      assert.strictEqual(service.jwksRequests, 2)
      yield* TestClock.adjust(30_000)
      assert.instanceOf(yield* failureOf(verifier.verify(token)), KnownErrors.UnparsableAccessToken)
      assert.strictEqual(service.jwksRequests, 3)
    }))

  it.effect("1,000 tokens with made-up kids within one cooldown cause at most one key-set request", () =>
    Effect.gen(function*() {
      const { k1, service, verifier } = yield* setup()
      yield* verifier.verify(yield* KeyService.sign(k1))
      const before = service.jwksRequests
      const header = Buffer.from(JSON.stringify({ alg: "ES256", kid: "x" })).toString("base64url")
      const valid = (yield* KeyService.sign(k1)).split(".")
      const forged = Array.from({ length: 1000 }, (_, i) =>
        `${Buffer.from(JSON.stringify({ alg: "ES256", kid: `forged-${i}` })).toString("base64url")}.${valid[1]}.${valid[2]}`)
      assert.notStrictEqual(header, valid[0])
      const results = yield* Effect.forEach(forged, (token) => Effect.flip(verifier.verify(token)), { concurrency: 50 })
      assert.isTrue(results.every((e) => e instanceof KnownErrors.UnparsableAccessToken))
      assert.isAtMost(service.jwksRequests - before, 1)
      assert.strictEqual(verifier.jwks.fetches(), service.jwksRequests)
    }))

  it.effect("key rotation: a new key is picked up on its first token; old tokens pass while their key is published", () =>
    Effect.gen(function*() {
      const { k1, service, verifier } = yield* setup()
      const old = yield* KeyService.sign(k1, { lifetimeSeconds: 3600 })
      yield* verifier.verify(old)
      const k2 = yield* KeyService.makeKey("k2")
      service.published.push(k2)
      const fresh = yield* KeyService.sign(k2, { lifetimeSeconds: 3600 })
      assert.strictEqual((yield* verifier.verify(fresh)).userId, "user-1")
      assert.strictEqual((yield* verifier.verify(old)).userId, "user-1")
      service.published.splice(0, 1) // k1 withdrawn
      yield* TestClock.adjust(600_000) // the cached set expires
      assert.strictEqual((yield* verifier.verify(fresh)).userId, "user-1")
      assert.instanceOf(yield* failureOf(verifier.verify(old)), KnownErrors.UnparsableAccessToken)
    }))
})

describe("AccessTokenVerifier: a key set that cannot be fetched is a transport error, never a refusal", () => {
  const cases = [
    ["down", "ConnectionError"],
    ["slow", "TimeoutError"],
    ["redirect", "RedirectError"],
    ["huge", "ResponseTooLargeError"],
    ["malformed", "DecodeError"],
    ["notJson", "DecodeError"],
    ["notFound", "HttpError"]
  ] as const
  for (const [mode, tag] of cases) {
    it.effect(`key set ${mode}: ${tag}`, () =>
      Effect.gen(function*() {
        const { k1, service, verifier } = yield* setup()
        service.mode = mode
        const token = yield* KeyService.sign(k1)
        const error = yield* withTimePassing(failureOf(verifier.verify(token)))
        assert.strictEqual(reasonOf(error)._tag, tag)
        // within the cooldown the failure is answered again without a request
        const requests = service.jwksRequests
        assert.strictEqual(reasonOf(yield* failureOf(verifier.verify(token)))._tag, tag)
        assert.strictEqual(service.jwksRequests, requests)
        // once the endpoint answers again and the cooldown has passed, tokens pass
        service.mode = "ok"
        yield* TestClock.adjust(30_000)
        assert.strictEqual((yield* verifier.verify(yield* KeyService.sign(k1))).userId, "user-1")
      }))
  }

  it.effect("an expired set whose refresh fails keeps serving its keys; an unknown kid then is the transport error", () =>
    Effect.gen(function*() {
      const { k1, service, verifier } = yield* setup()
      const token = yield* KeyService.sign(k1, { lifetimeSeconds: 3600 })
      yield* verifier.verify(token)
      service.mode = "down"
      yield* TestClock.adjust(600_000)
      assert.strictEqual((yield* withTimePassing(verifier.verify(token))).userId, "user-1")
      yield* TestClock.adjust(30_000)
      const stranger = yield* KeyService.sign(yield* KeyService.makeKey("k9"))
      assert.strictEqual(reasonOf(yield* withTimePassing(failureOf(verifier.verify(stranger))))._tag, "ConnectionError")
    }))
})

describe("AccessTokenVerifier: the key set's shape", () => {
  it.effect("keys that are not ES256 P-256 public keys are left out", () =>
    Effect.gen(function*() {
      const { privateKey: _, publicKey } = yield* Effect.promise(() => generateKeyPair("RS256", { extractable: true }))
      const rsa = yield* Effect.promise(() => exportJWK(publicKey))
      const { k1, service, verifier } = yield* setup()
      service.published.push({ ...k1, kid: "rsa", publicJwk: { ...rsa, kid: "rsa", alg: "RS256" } })
      service.published.push({ ...k1, kid: "priv", publicJwk: { ...k1.publicJwk, kid: "priv", d: "secret" } })
      assert.strictEqual((yield* verifier.verify(yield* KeyService.sign(k1))).userId, "user-1")
      assert.instanceOf(
        yield* failureOf(verifier.verify(yield* KeyService.sign(k1, { header: { kid: "priv" } }))),
        KnownErrors.UnparsableAccessToken
      )
    }))
})
