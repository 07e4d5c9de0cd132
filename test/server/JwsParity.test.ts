/**
 * The token check (server/internal/Jws) accepts exactly what the check it replaced accepted, and
 * refuses with the same error: jose's `jwtVerify` with the verifier's options (algorithms ES256,
 * the issuer list, the audience, the current date, the clock tolerance) and the verifier's claim
 * checks, written here as the oracle. Compared over a corpus of tokens (every header, payload,
 * signature and form variant below, against key sets of one, several, shared-id and unusable
 * keys, at several clock positions and tolerances) and over random tokens (fast-check), with BOTH
 * signature primitives: Node's `crypto.verify` and WebCrypto's `crypto.subtle.verify`.
 *
 * Two levels: the JWS check itself against jose (raw key sets, jose's own key selection), and the
 * verifier's answers (claims, or which error with its details, and whether the key set was asked
 * for again) against the old verifier's (key sets as `Jwks.parse` keeps them).
 */
import { afterEach, assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { createLocalJWKSet, decodeJwt, errors, exportJWK, generateKeyPair, importJWK, jwtVerify } from "jose"
import type { CryptoKey, FlattenedJWSInput, JWK, JWSHeaderParameters, JWTPayload } from "jose"
import { vi } from "vitest"
import type { NodeCrypto } from "../../packages/sdk/src/platform/internal/NodeCrypto.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as Jws from "../../packages/sdk/src/server/internal/Jws.ts"
import * as Jwks from "../../packages/sdk/src/server/Jwks.ts"

const projectId = "proj-parity"
const otherProject = "proj-other"
const serviceUrl = "https://api.stack.test"
const issuer = AccessTokenVerifier.issuerFor(serviceUrl, projectId)
const issuers = [issuer, AccessTokenVerifier.legacyIssuer]
const T0 = 1_800_000_000_000
const nowS = T0 / 1000

afterEach(() => {
  vi.restoreAllMocks()
})

// ---------------------------------------------------------------------------------------------
// keys and signing

const enc = new TextEncoder()
const b64u = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url")
const partOf = (value: unknown): string => b64u(enc.encode(typeof value === "string" ? value : JSON.stringify(value)))

interface EcKey {
  readonly privateKey: CryptoKey
  readonly jwk: JWK
}

const ecKey = async (alg: "ES256" | "ES384", kid: string | undefined): Promise<EcKey> => {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  const exported = await exportJWK(publicKey)
  const jwk: JWK = { kty: "EC", crv: exported.crv!, alg, x: exported.x!, y: exported.y!, ...(kid === undefined ? {} : { kid }) }
  return { privateKey: privateKey as CryptoKey, jwk }
}

const signEs = async (key: CryptoKey, input: string, hash = "SHA-256"): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash }, key, enc.encode(input)))

/** The DER form of a P1363 ECDSA signature (what some libraries send instead of `r || s`). */
const der = (p1363: Uint8Array): Uint8Array => {
  const int = (bytes: Uint8Array) => {
    let i = 0
    while (i < bytes.length - 1 && bytes[i] === 0) i++
    const trimmed = bytes.slice(i)
    return trimmed[0]! & 0x80 ? Uint8Array.from([0, ...trimmed]) : trimmed
  }
  const r = int(p1363.slice(0, 32))
  const s = int(p1363.slice(32))
  const body = [0x02, r.length, ...r, 0x02, s.length, ...s]
  return Uint8Array.from([0x30, body.length, ...body])
}

const p256Order = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n
const toBig = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`)
const fromBig = (n: bigint) => Uint8Array.from(Buffer.from(n.toString(16).padStart(64, "0"), "hex"))
/** The same signature with `s` replaced by `n - s` (ECDSA's other valid form). */
const highS = (p1363: Uint8Array): Uint8Array =>
  Uint8Array.from([...p1363.slice(0, 32), ...fromBig(p256Order - toBig(p1363.slice(32)))])

// ---------------------------------------------------------------------------------------------
// the oracle: the check the verifier made before (jose's jwtVerify, its key lookup, its claim checks)

type Verdict = Jws.Verdict

/** jose's `jwtVerify` with the verifier's options, its failures sorted as the verifier sorted them. */
const joseVerdict = async (raw: string, lookup: Parameters<typeof jwtVerify>[1], rules: Jws.Rules, nowMillis: number): Promise<Verdict> => {
  try {
    const { payload } = await jwtVerify(raw, lookup as never, {
      algorithms: ["ES256"],
      issuer: [...rules.issuers],
      audience: rules.audience,
      currentDate: new Date(nowMillis),
      clockTolerance: rules.toleranceSeconds
    })
    return { _tag: "Valid", payload }
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey) return { _tag: "NoMatchingKey" }
    if (error instanceof errors.JWTExpired) return { _tag: "Expired", exp: (error.payload as { exp: number }).exp }
    return { _tag: "Invalid" }
  }
}

/** The verifier's old key lookup: a key id naming one key gets it by `importJWK`, anything else jose's local set. */
const oldKeyLookup = (keys: ReadonlyArray<JWK>) => {
  const local = createLocalJWKSet({ keys: keys.slice() })
  const counts = new Map<string, number>()
  for (const key of keys) if (typeof key.kid === "string") counts.set(key.kid, (counts.get(key.kid) ?? 0) + 1)
  return (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    const kid = header.kid
    if (typeof kid !== "string" || counts.get(kid) !== 1) return local(header, token)
    return importJWK(keys.find((k) => k.kid === kid)!, "ES256")
  }
}

/** The verifier's old claim checks after jose's. */
const oldClaimsOk = (payload: JWTPayload, nowSeconds: number, tolerance: number): boolean => {
  const { sub, aud, iss, iat, exp, branchId, refreshTokenId } = payload as Record<string, unknown>
  if (typeof sub !== "string" || typeof aud !== "string" || typeof iss !== "string") return false
  if (typeof iat !== "number" || typeof exp !== "number" || typeof branchId !== "string") return false
  if (refreshTokenId !== undefined && typeof refreshTokenId !== "string") return false
  return !(iat > nowSeconds + tolerance)
}

/** What the verifier answered, in comparable form. */
type Answer =
  | { readonly pass: Record<string, unknown> }
  | { readonly error: string; readonly details: unknown; readonly refetched: boolean }

const refusalOf = (raw: string): { error: string; details: unknown } | undefined => {
  let aud: unknown
  try {
    aud = decodeJwt(raw).aud
  } catch {
    return { error: "UnparsableAccessToken", details: undefined }
  }
  if (typeof aud !== "string") return { error: "UnparsableAccessToken", details: undefined }
  if (aud !== projectId) {
    return { error: "InvalidProjectForAccessToken", details: { expectedProjectId: projectId, actualProjectId: aud } }
  }
  return undefined
}

/** The old verifier's answer: jose's check with the old lookup, then its claim checks and error mapping. */
const oldAnswer = async (raw: string, keys: ReadonlyArray<JWK>, tolerance: number, nowMillis: number): Promise<Answer> => {
  const verdict = await joseVerdict(raw, oldKeyLookup(keys), { issuers, audience: projectId, toleranceSeconds: tolerance }, nowMillis)
  if (verdict._tag === "Valid") {
    const payload = verdict.payload as Record<string, unknown>
    if (!oldClaimsOk(verdict.payload, Math.floor(nowMillis / 1000), tolerance)) {
      return { ...(refusalOf(raw) ?? { error: "UnparsableAccessToken", details: undefined }), refetched: false }
    }
    return {
      pass: {
        userId: payload.sub,
        projectId: payload.aud,
        branchId: payload.branchId,
        refreshTokenId: payload.refreshTokenId,
        issuer: payload.iss,
        role: typeof payload.role === "string" ? payload.role : undefined,
        issuedAtMillis: (payload.iat as number) * 1000,
        expiresAtMillis: (payload.exp as number) * 1000,
        token: raw,
        payload
      }
    }
  }
  const refusal = refusalOf(raw)
  if (refusal !== undefined) return { ...refusal, refetched: false }
  // an unknown key id: the set is asked for again (here: the same set), then the token is refused
  if (verdict._tag === "NoMatchingKey") return { error: "UnparsableAccessToken", details: undefined, refetched: true }
  if (verdict._tag === "Expired") {
    return { error: "AccessTokenExpired", details: { expiredAtMillis: verdict.exp * 1000 }, refetched: false }
  }
  return { error: "UnparsableAccessToken", details: undefined, refetched: false }
}

// ---------------------------------------------------------------------------------------------
// the new check, with a chosen primitive

type Primitive = "node" | "webcrypto"
const primitives: ReadonlyArray<Primitive> = ["node", "webcrypto"]
const nodeCrypto = process.getBuiltinModule("node:crypto")

/** Runs `build` as if the runtime had no `node:crypto` (WebCrypto), or as Node is. */
const onRuntime = <A>(primitive: Primitive, build: () => A): A => {
  if (primitive === "node") return build()
  const spy = vi.spyOn(process, "getBuiltinModule").mockReturnValue(undefined as never)
  try {
    return build()
  } finally {
    spy.mockRestore()
  }
}

const signaturesOf: Record<Primitive, Jws.Signatures> = {
  node: onRuntime("node", Jws.platformSignatures),
  webcrypto: onRuntime("webcrypto", Jws.platformSignatures)
}

/** The new verifier over a fixed key set; `refetches` counts the key-set requests for unknown key ids. */
const newVerifier = (primitive: Primitive, keys: ReadonlyArray<JWK>, tolerance: number) => {
  const set: Jwks.KeySet = { keys, fetchedAtMillis: 0 }
  let refetches = 0
  const jwks: Jwks.Service = {
    get: (reason) =>
      Effect.sync(() => {
        if (reason === "unknownKid") refetches++
        return set
      }),
    current: () => set,
    fetches: () => refetches
  }
  const verifier = onRuntime(primitive, () =>
    AccessTokenVerifier.fromJwks(jwks, projectId, serviceUrl, { clockTolerance: `${tolerance} seconds`, verifiedTokens: 0 }))
  return { verifier, refetches: () => refetches }
}

const newAnswer = (verifier: ReturnType<typeof newVerifier>, raw: string): Effect.Effect<Answer> =>
  Effect.map(Effect.exit(verifier.verifier.verify(raw)), (exit): Answer => {
    if (Exit.isSuccess(exit)) return { pass: { ...exit.value, token: Redacted.value(exit.value.token) } }
    const error = exit.cause.reasons.find((r) => r._tag === "Fail")
    assert.isDefined(error)
    const e = (error as { readonly error: { readonly _tag: string; readonly details?: unknown } }).error
    const details = e instanceof KnownErrors.UnparsableAccessToken ? undefined : e.details
    return { error: e._tag, details, refetched: false }
  })

// ---------------------------------------------------------------------------------------------
// the corpus

interface Corpus {
  readonly tokens: ReadonlyArray<{ readonly name: string; readonly raw: string }>
  readonly keySets: ReadonlyArray<{ readonly name: string; readonly keys: ReadonlyArray<JWK> }>
  /** The key most tokens are signed with (`kA`), and the second one (`kB`). */
  readonly kA: EcKey
  readonly kB: EcKey
}

const makeCorpus = async (): Promise<Corpus> => {
  const kA = await ecKey("ES256", "kA")
  const kB = await ecKey("ES256", "kB")
  const kA2 = await ecKey("ES256", "kA") // another key under the same id
  const p384 = await ecKey("ES384", "kA")
  const rsa = await generateKeyPair("RS256", { extractable: true })
  const rsaJwk = { ...(await exportJWK(rsa.publicKey)), kid: "kA", alg: "RS256" }
  const privateJwk = { ...(await exportJWK(kA.privateKey)), kid: "kA", alg: "ES256" }

  const claims = {
    sub: "user-1",
    branchId: "main",
    refreshTokenId: "session-1",
    role: "authenticated",
    iss: issuer,
    iat: nowS - 10,
    aud: projectId,
    exp: nowS + 600
  }
  const header = { alg: "ES256", kid: "kA" }
  const tokens: Array<{ name: string; raw: string }> = []
  const add = (name: string, raw: string) => tokens.push({ name, raw })
  /** A token with these header and payload parts, signed by `key` over them. */
  const signedParts = async (h: string, p: string, key: EcKey = kA) => `${h}.${p}.${b64u(await signEs(key.privateKey, `${h}.${p}`))}`
  const signed = (h: unknown, p: unknown, key?: EcKey) => signedParts(partOf(h), partOf(p), key)

  // valid tokens
  add("valid", await signed(header, claims))
  add("valid, legacy issuer", await signed(header, { ...claims, iss: AccessTokenVerifier.legacyIssuer }))
  add("valid, key B", await signed({ alg: "ES256", kid: "kB" }, claims, kB))
  add("valid, no kid", await signed({ alg: "ES256" }, claims))
  add("valid, no kid, key B", await signed({ alg: "ES256" }, claims, kB))
  add("valid, key A2 under kA", await signed(header, claims, kA2))
  add("valid, minimal claims", await signed(header, { sub: "u", branchId: "b", iss: issuer, aud: projectId, iat: nowS, exp: nowS + 1 }))
  add("valid, unicode claims", await signed(header, { ...claims, sub: "üser-☃", extra: "\u2028" }))

  // header variants
  const headerVariants: Record<string, unknown> = {
    "alg ES256 lower-case": { alg: "es256", kid: "kA" },
    "alg missing": { kid: "kA" },
    "alg number": { alg: 256, kid: "kA" },
    "alg empty": { alg: "", kid: "kA" },
    "alg ES384": { alg: "ES384", kid: "kA" },
    "alg none": { alg: "none", kid: "kA" },
    "kid missing": { alg: "ES256" },
    "kid unknown": { alg: "ES256", kid: "nope" },
    "kid number": { alg: "ES256", kid: 5 },
    "kid null": { alg: "ES256", kid: null },
    "kid empty": { alg: "ES256", kid: "" },
    "kid kB (signed by kA)": { alg: "ES256", kid: "kB" },
    "crit b64 with b64 true": { ...header, crit: ["b64"], b64: true },
    "crit b64 with b64 false": { ...header, crit: ["b64"], b64: false },
    "crit b64 without b64": { ...header, crit: ["b64"] },
    "crit b64 with b64 string": { ...header, crit: ["b64"], b64: "false" },
    "crit b64 twice": { ...header, crit: ["b64", "b64"], b64: true },
    "crit empty": { ...header, crit: [] },
    "crit string": { ...header, crit: "b64" },
    "crit unknown extension": { ...header, crit: ["exp"], exp: 1 },
    "crit empty string": { ...header, crit: [""] },
    "crit number": { ...header, crit: [5] },
    "crit null": { ...header, crit: null },
    "b64 false without crit": { ...header, b64: false },
    "b64 true without crit": { ...header, b64: true },
    "b64 string without crit": { ...header, b64: "no" },
    "typ JWT": { ...header, typ: "JWT" },
    "typ at+jwt, cty, jku, x5u": { ...header, typ: "at+jwt", cty: "x", jku: "https://evil.test/jwks", x5u: "https://evil.test/x5u" },
    "embedded jwk": { ...header, jwk: kB.jwk },
    "header __proto__ member": JSON.parse(`{"alg":"ES256","kid":"kA","__proto__":{"kid":"kB"}}`),
    "header array": ["ES256"],
    "header string": "ES256",
    "header null": null,
    "header number": 5
  }
  for (const [name, h] of Object.entries(headerVariants)) add(`header: ${name}`, await signed(h, claims))
  add("header: not JSON", await signedParts(b64u(enc.encode("{\"alg\":\"ES256\"")), partOf(claims)))
  add("header: not UTF-8", await signedParts(b64u(Uint8Array.from([0x7b, 0xff, 0x7d])), partOf(claims)))
  add("header: not base64url", await signedParts("@@@", partOf(claims)))
  add("header: empty", await signedParts("", partOf(claims)))
  add("header: padded", await signedParts(`${partOf(header)}==`, partOf(claims)))
  add("header: BOM before JSON", await signedParts(b64u(enc.encode(`\uFEFF${JSON.stringify(header)}`)), partOf(claims)))
  // b64 false with an unencoded (but ASCII) payload, and with a non-ASCII one
  add("header: b64 false, raw payload", await signedParts(partOf({ ...header, crit: ["b64"], b64: false }), JSON.stringify({ aud: projectId })))
  add("header: b64 false, non-ASCII payload", `${partOf({ ...header, crit: ["b64"], b64: false })}.é.${b64u(new Uint8Array(64))}`)
  // other algorithms, really signed
  {
    const h = partOf({ alg: "ES384", kid: "kA" })
    const p = partOf(claims)
    add("alg ES384 signed with P-384", `${h}.${p}.${b64u(await signEs(p384.privateKey, `${h}.${p}`, "SHA-384"))}`)
  }
  {
    const h = partOf({ alg: "RS256", kid: "kA" })
    const p = partOf(claims)
    const sig = new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", rsa.privateKey as CryptoKey, enc.encode(`${h}.${p}`)))
    add("alg RS256 signed with RSA", `${h}.${p}.${b64u(sig)}`)
  }
  {
    const h = partOf({ alg: "HS256", kid: "kA" })
    const p = partOf(claims)
    const secret = await crypto.subtle.importKey("raw", enc.encode(JSON.stringify(kA.jwk)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
    add("alg HS256 keyed with the public JWK", `${h}.${p}.${b64u(new Uint8Array(await crypto.subtle.sign("HMAC", secret, enc.encode(`${h}.${p}`))))}`)
  }
  add("alg none, no signature", `${partOf({ alg: "none" })}.${partOf(claims)}.`)

  // payload variants
  const { iss: _i, ...withoutIss } = claims
  const { aud: _a, ...withoutAud } = claims
  const { exp: _e, ...withoutExp } = claims
  const { iat: _t, ...withoutIat } = claims
  const { sub: _s, ...withoutSub } = claims
  const { branchId: _b, ...withoutBranch } = claims
  const { refreshTokenId: _r, ...withoutRefresh } = claims
  const payloadVariants: Record<string, unknown> = {
    "iss wrong": { ...claims, iss: "https://evil.test/api/v1/projects/proj-parity" },
    "iss other project": { ...claims, iss: AccessTokenVerifier.issuerFor(serviceUrl, otherProject) },
    "iss missing": withoutIss,
    "iss number": { ...claims, iss: 5 },
    "iss array": { ...claims, iss: [issuer] },
    "iss trailing slash": { ...claims, iss: `${issuer}/` },
    "aud array with project": { ...claims, aud: [projectId] },
    "aud array, project second": { ...claims, aud: [otherProject, projectId] },
    "aud array other": { ...claims, aud: [otherProject] },
    "aud other project": { ...claims, aud: otherProject },
    "aud other project, iss wrong": { ...claims, aud: otherProject, iss: "x" },
    "aud missing": withoutAud,
    "aud number": { ...claims, aud: 5 },
    "aud null": { ...claims, aud: null },
    "aud empty array": { ...claims, aud: [] },
    "aud empty": { ...claims, aud: "" },
    "exp missing": withoutExp,
    "exp string": { ...claims, exp: String(nowS + 600) },
    "exp null": { ...claims, exp: null },
    "exp float": { ...claims, exp: nowS + 0.5 },
    "exp float past": { ...claims, exp: nowS - 0.5 },
    "iat missing": withoutIat,
    "iat string": { ...claims, iat: String(nowS) },
    "iat float": { ...claims, iat: nowS + 0.25 },
    "nbf past": { ...claims, nbf: nowS - 100 },
    "nbf now": { ...claims, nbf: nowS },
    "nbf string": { ...claims, nbf: "0" },
    "nbf null": { ...claims, nbf: null },
    "sub missing": withoutSub,
    "sub number": { ...claims, sub: 5 },
    "branchId missing": withoutBranch,
    "branchId number": { ...claims, branchId: 1 },
    "refreshTokenId missing": withoutRefresh,
    "refreshTokenId number": { ...claims, refreshTokenId: 1 },
    "refreshTokenId null": { ...claims, refreshTokenId: null },
    "role number": { ...claims, role: 1 },
    "payload array": [claims],
    "payload string": "claims",
    "payload null": null,
    "payload number": 5
  }
  for (const d of [-7, -6, -5, -4, -1, 0, 1, 2, 4, 5, 6]) {
    payloadVariants[`exp now${d >= 0 ? "+" : ""}${d}`] = { ...claims, exp: nowS + d }
    payloadVariants[`iat now${d >= 0 ? "+" : ""}${d}`] = { ...claims, iat: nowS + d }
    payloadVariants[`nbf now${d >= 0 ? "+" : ""}${d}`] = { ...claims, nbf: nowS + d }
  }
  payloadVariants["exp expired, aud other"] = { ...claims, exp: nowS - 100, aud: otherProject }
  payloadVariants["exp expired, nbf future"] = { ...claims, exp: nowS - 100, nbf: nowS + 100 }
  payloadVariants["exp expired, iss wrong"] = { ...claims, exp: nowS - 100, iss: "x" }
  payloadVariants["exp expired, iat string"] = { ...claims, exp: nowS - 100, iat: "x" }
  payloadVariants["exp expired, sub missing"] = { ...withoutSub, exp: nowS - 100 }
  for (const [name, p] of Object.entries(payloadVariants)) add(`payload: ${name}`, await signed(header, p))
  add("payload: expired, unknown kid", await signed({ alg: "ES256", kid: "nope" }, { ...claims, exp: nowS - 100 }))
  add("payload: aud other, unknown kid", await signed({ alg: "ES256", kid: "nope" }, { ...claims, aud: otherProject }))
  add("payload: aud array, unknown kid", await signed({ alg: "ES256", kid: "nope" }, { ...claims, aud: [projectId] }))
  add("payload: aud other, bad signature", `${partOf(header)}.${partOf({ ...claims, aud: otherProject })}.${b64u(new Uint8Array(64))}`)
  add("payload: exp 1e400 (Infinity)", await signedParts(partOf(header), b64u(enc.encode(JSON.stringify(claims).replace(/"exp":\d+/, "\"exp\":1e400")))))
  add("payload: iat -1e400", await signedParts(partOf(header), b64u(enc.encode(JSON.stringify(claims).replace(/"iat":\d+/, "\"iat\":-1e400")))))
  add("payload: exp -0", await signedParts(partOf(header), b64u(enc.encode(JSON.stringify(claims).replace(/"exp":\d+/, "\"exp\":-0")))))
  add("payload: duplicate aud (last wins)", await signedParts(partOf(header), b64u(enc.encode(JSON.stringify(claims).replace("{", `{"aud":"${otherProject}",`)))))
  add("payload: __proto__ member", await signedParts(partOf(header), b64u(enc.encode(JSON.stringify(claims).replace("{", "{\"__proto__\":{\"exp\":1},")))))
  add("payload: not JSON", await signedParts(partOf(header), b64u(enc.encode("{\"sub\":"))))
  add("payload: not UTF-8", await signedParts(partOf(header), b64u(Uint8Array.from([0x7b, 0xff, 0x7d]))))
  add("payload: empty", await signedParts(partOf(header), ""))
  add("payload: not base64url", await signedParts(partOf(header), "@@@"))
  add("payload: padded", await signedParts(partOf(header), `${partOf(claims)}=`))
  add("payload: with + and /", await signedParts(partOf(header), Buffer.from(JSON.stringify({ ...claims, pad: "~~~???>>>" })).toString("base64")))

  // signature variants of a valid token
  const h = partOf(header)
  const p = partOf(claims)
  const sig = await signEs(kA.privateKey, `${h}.${p}`)
  const sigText = b64u(sig)
  add("signature: tampered first", `${h}.${p}.${sigText[0] === "A" ? "B" : "A"}${sigText.slice(1)}`)
  add("signature: tampered last", `${h}.${p}.${sigText.slice(0, -1)}${sigText.endsWith("A") ? "B" : "A"}`)
  add("signature: truncated", `${h}.${p}.${sigText.slice(0, -2)}`)
  add("signature: one byte short", `${h}.${p}.${b64u(sig.slice(0, 63))}`)
  add("signature: extended", `${h}.${p}.${sigText}AA`)
  add("signature: one byte more", `${h}.${p}.${b64u(Uint8Array.from([...sig, 0]))}`)
  add("signature: DER", `${h}.${p}.${b64u(der(sig))}`)
  add("signature: high S", `${h}.${p}.${b64u(highS(sig))}`)
  add("signature: zeros", `${h}.${p}.${b64u(new Uint8Array(64))}`)
  add("signature: r = n", `${h}.${p}.${b64u(Uint8Array.from([...fromBig(p256Order), ...sig.slice(32)]))}`)
  add("signature: empty", `${h}.${p}.`)
  add("signature: by key B under kid kA", await signed(header, claims, kB))
  add("signature: of another payload", `${h}.${partOf({ ...claims, sub: "user-2" })}.${sigText}`)
  add("signature: padded", `${h}.${p}.${sigText}==`)
  add("signature: base64 + and /", `${h}.${p}.${Buffer.from(sig).toString("base64")}`)
  add("signature: not base64url", `${h}.${p}.${sigText.slice(0, -4)}@@@@`)
  add("signature: with a space inside", `${h}.${p}.${sigText.slice(0, 10)} ${sigText.slice(10)}`)
  add("signature: with a newline inside", `${h}.${p}.${sigText.slice(0, 10)}\n${sigText.slice(10)}`)

  // form variants
  const valid = `${h}.${p}.${sigText}`
  add("form: leading space", ` ${valid}`)
  add("form: trailing space", `${valid} `)
  add("form: trailing newline", `${valid}\n`)
  add("form: space in header part", `${h.slice(0, 5)} ${h.slice(5)}.${p}.${sigText}`)
  add("form: space in payload part", `${h}.${p.slice(0, 5)} ${p.slice(5)}.${sigText}`)
  add("form: four parts", `${valid}.`)
  add("form: five parts", `${valid}.${sigText}.${sigText}`)
  add("form: two parts", `${h}.${p}`)
  add("form: one part", h)
  add("form: empty", "")
  add("form: only dots", "..")
  add("form: Bearer prefix", `Bearer ${valid}`)
  add("form: non-ASCII in header part", `${h}é.${p}.${sigText}`)
  add("form: non-ASCII in payload part", `${h}.${p}é.${sigText}`)

  const use = (jwk: JWK, extra: Record<string, unknown>): JWK => ({ ...jwk, ...extra }) as JWK
  const { kid: _k, ...kANoKid } = kA.jwk
  const { alg: _alg, ...kANoAlg } = kA.jwk
  const keySets = [
    { name: "A", keys: [kA.jwk] },
    { name: "A, B", keys: [kA.jwk, kB.jwk] },
    { name: "B, A", keys: [kB.jwk, kA.jwk] },
    { name: "A without kid", keys: [kANoKid as JWK] },
    { name: "A without kid, B", keys: [kANoKid as JWK, kB.jwk] },
    { name: "A without alg", keys: [kANoAlg as JWK] },
    { name: "A twice", keys: [kA.jwk, { ...kA.jwk }] },
    { name: "A and A2 sharing kA", keys: [kA.jwk, kA2.jwk] },
    { name: "B only", keys: [kB.jwk] },
    { name: "empty", keys: [] },
    { name: "A use enc", keys: [use(kA.jwk, { use: "enc" })] },
    { name: "A use sig", keys: [use(kA.jwk, { use: "sig" })] },
    { name: "A use enc, A2 use sig", keys: [use(kA.jwk, { use: "enc" }), use(kA2.jwk, { use: "sig" })] },
    { name: "A key_ops verify", keys: [use(kA.jwk, { key_ops: ["verify"] })] },
    { name: "A key_ops sign", keys: [use(kA.jwk, { key_ops: ["sign"] })] },
    { name: "A key_ops verify+sign", keys: [use(kA.jwk, { key_ops: ["verify", "sign"] })] },
    { name: "A key_ops verify twice", keys: [use(kA.jwk, { key_ops: ["verify", "verify"] })] },
    { name: "A key_ops empty", keys: [use(kA.jwk, { key_ops: [] })] },
    { name: "A ext true", keys: [use(kA.jwk, { ext: true })] },
    { name: "A ext false", keys: [use(kA.jwk, { ext: false })] },
    { name: "A ext string", keys: [use(kA.jwk, { ext: "yes" })] },
    { name: "A crv P-384", keys: [use(kA.jwk, { crv: "P-384" })] },
    { name: "A alg RS256", keys: [use(kA.jwk, { alg: "RS256" })] },
    { name: "A alg ES384", keys: [use(kA.jwk, { alg: "ES384" })] },
    { name: "A kty RSA", keys: [use(kA.jwk, { kty: "RSA" })] },
    { name: "A private (d)", keys: [privateJwk as JWK] },
    { name: "A with empty d", keys: [use(kA.jwk, { d: "" })] },
    { name: "A with priv", keys: [use(kA.jwk, { priv: "x" })] },
    { name: "A with priv, key_ops verify", keys: [use(kA.jwk, { priv: "x", key_ops: ["verify"] })] },
    { name: "A x not a point", keys: [use(kA.jwk, { x: kB.jwk.x })] },
    { name: "A x too short", keys: [use(kA.jwk, { x: kA.jwk.x!.slice(0, 20) })] },
    { name: "A x padded", keys: [use(kA.jwk, { x: `${kA.jwk.x}=` })] },
    { name: "A numeric kid", keys: [use(kA.jwk, { kid: 5 })] },
    { name: "RSA under kA, A", keys: [rsaJwk as JWK, kA.jwk] },
    { name: "P-384 under kA, A", keys: [p384.jwk, kA.jwk] }
  ]
  return { tokens, keySets, kA, kB }
}

/** The clock positions and tolerances each token is checked at. */
const clocks: ReadonlyArray<{ readonly nowMillis: number; readonly tolerance: number }> = [
  { nowMillis: T0, tolerance: 0 },
  { nowMillis: T0 + 999, tolerance: 0 },
  { nowMillis: T0, tolerance: 5 },
  { nowMillis: T0 + 500, tolerance: 1.5 }
]

let corpus: Corpus | undefined
const corpusOnce = Effect.promise(async () => (corpus ??= await makeCorpus()))

const tally = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)

describe("Jws: the token check against jose's jwtVerify", () => {
  for (const primitive of primitives) {
    it.effect(`the same verdict as jose for every token, key set, clock and tolerance (${primitive})`, () =>
      Effect.gen(function*() {
        const { keySets, tokens } = yield* corpusOnce
        const counts = new Map<string, number>()
        const mismatches: Array<string> = []
        for (const set of keySets) {
          const local = createLocalJWKSet({ keys: set.keys.map((k) => ({ ...k })) })
          const keys = set.keys.map((k) => ({ ...k }))
          for (const clock of clocks) {
            const rules: Jws.Rules = { issuers, audience: projectId, toleranceSeconds: clock.tolerance }
            for (const token of tokens) {
              const expected = yield* Effect.promise(() => joseVerdict(token.raw, local, rules, clock.nowMillis))
              const actual = yield* Effect.promise(async () => Jws.verify(token.raw, keys, rules, clock.nowMillis, signaturesOf[primitive]))
              tally(counts, expected._tag)
              if (JSON.stringify(actual) !== JSON.stringify(expected)) {
                mismatches.push(`${token.name} | keys ${set.name} | now ${clock.nowMillis} tol ${clock.tolerance}: jose ${JSON.stringify(expected)}, ours ${JSON.stringify(actual)}`)
              }
            }
          }
        }
        assert.deepStrictEqual(mismatches.slice(0, 20), [])
        // the corpus reaches every verdict many times
        for (const tag of ["Valid", "Expired", "NoMatchingKey", "Invalid"]) assert.isAbove(counts.get(tag) ?? 0, 50, tag)
      }), 300_000)
  }

  it.effect("each primitive is the one in use: Node's crypto.verify with node:crypto, WebCrypto's verify without (and as Node's fallback)", () =>
    Effect.gen(function*() {
      const { keySets, tokens } = yield* corpusOnce
      const keys = keySets[0]!.keys
      const rules: Jws.Rules = { issuers, audience: projectId, toleranceSeconds: 0 }
      const nodeVerify = vi.spyOn(nodeCrypto, "verify")
      const subtleVerify = vi.spyOn(globalThis.crypto.subtle, "verify")
      const viaNode = onRuntime("node", Jws.platformSignatures)
      const viaWebCrypto = onRuntime("webcrypto", Jws.platformSignatures)
      const first = Jws.verify(tokens[0]!.raw, keys, rules, T0, viaNode)
      assert.notInstanceOf(first, Promise) // Node's check is synchronous
      assert.strictEqual((first as Jws.Verdict)._tag, "Valid")
      assert.deepStrictEqual([nodeVerify.mock.calls.length, subtleVerify.mock.calls.length], [1, 0])
      const second = Jws.verify(tokens[0]!.raw, keys, rules, T0, viaWebCrypto)
      assert.instanceOf(second, Promise)
      assert.strictEqual((yield* Effect.promise(() => second as Promise<Jws.Verdict>))._tag, "Valid")
      assert.deepStrictEqual([nodeVerify.mock.calls.length, subtleVerify.mock.calls.length], [1, 1])
      // a runtime whose node:crypto cannot import the key (or throws): WebCrypto answers, so the verdicts stay jose's
      const partial: NodeCrypto = {
        createPublicKey: () => {
          throw new Error("not implemented")
        },
        verify: () => true
      }
      const throwing: NodeCrypto = {
        createPublicKey: (input) => nodeCrypto.createPublicKey(input as never),
        verify: () => {
          throw new Error("not implemented")
        }
      }
      for (const node of [partial, throwing]) {
        const signatures = Jws.nodeSignatures(node, Jws.webCryptoSignatures(crypto.subtle))
        for (const token of tokens.slice(0, 40)) {
          const expected = yield* Effect.promise(() => joseVerdict(token.raw, createLocalJWKSet({ keys: [...keys] }), rules, T0))
          const actual = yield* Effect.promise(async () => Jws.verify(token.raw, keys, rules, T0, signatures))
          assert.deepStrictEqual(actual, expected, token.name)
        }
        // without a fallback, such a runtime refuses (never passes) a token
        assert.strictEqual((yield* Effect.promise(async () => Jws.verify(tokens[0]!.raw, keys, rules, T0, Jws.nodeSignatures(node))))._tag, "Invalid")
      }
    }))
})

describe("AccessTokenVerifier: the same answers as the jose-based verifier", () => {
  for (const primitive of primitives) {
    it.effect(`claims, or the same error with the same details, and the same refetches (${primitive})`, () =>
      Effect.gen(function*() {
        const { keySets, tokens } = yield* corpusOnce
        const counts = new Map<string, number>()
        const mismatches: Array<string> = []
        // the verifier only ever sees a key set as Jwks.parse keeps it: each distinct one once
        const parsed = new Map<string, { readonly name: string; readonly keys: ReadonlyArray<JWK> }>()
        for (const set of keySets) {
          const keys = Jwks.parse({ keys: set.keys })
          assert.isDefined(keys)
          if (!parsed.has(JSON.stringify(keys))) parsed.set(JSON.stringify(keys), { name: set.name, keys: keys! })
        }
        assert.isAbove(parsed.size, 5)
        for (const { keys, ...set } of parsed.values()) {
          for (const clock of clocks) {
            yield* TestClock.setTime(clock.nowMillis)
            const verifier = newVerifier(primitive, keys, clock.tolerance)
            for (const token of tokens) {
              const expected = yield* Effect.promise(() => oldAnswer(token.raw, keys, clock.tolerance, clock.nowMillis))
              const before = verifier.refetches()
              const answer = yield* newAnswer(verifier, token.raw)
              const actual = "pass" in answer ? answer : { ...answer, refetched: verifier.refetches() > before }
              tally(counts, "pass" in expected ? "pass" : `${expected.error}${expected.refetched ? " (refetched)" : ""}`)
              if (JSON.stringify(actual) !== JSON.stringify(expected)) {
                mismatches.push(`${token.name} | keys ${set.name} | now ${clock.nowMillis} tol ${clock.tolerance}: old ${JSON.stringify(expected)}, new ${JSON.stringify(actual)}`)
              }
            }
          }
        }
        assert.deepStrictEqual(mismatches.slice(0, 20), [])
        for (const outcome of ["pass", "UnparsableAccessToken", "UnparsableAccessToken (refetched)", "AccessTokenExpired", "InvalidProjectForAccessToken"]) {
          assert.isAbove(counts.get(outcome) ?? 0, 20, outcome)
        }
      }), 300_000)
  }
})

describe("Jws: random tokens (fast-check)", () => {
  for (const primitive of primitives) {
    it.effect(`random headers, payloads and edits of valid tokens: the same verdict as jose (${primitive})`, () =>
      Effect.gen(function*() {
        const { kA, kB, tokens } = yield* corpusOnce
        const keys = [kA.jwk, kB.jwk]
        const local = createLocalJWKSet({ keys: keys.map((k) => ({ ...k })) })
        const value = fc.oneof(
          fc.constantFrom<unknown>(undefined, null, true, false, 0, -1, nowS, nowS - 1, nowS + 1, 1.5, "", "ES256", "b64", "kA", projectId, issuer),
          fc.string({ maxLength: 6 }),
          fc.integer(),
          fc.array(fc.constantFrom<unknown>("b64", "", "exp", 5, projectId, issuer), { maxLength: 3 })
        )
        const header = fc.record(
          { alg: fc.constantFrom<unknown>("ES256", "ES384", "none", "HS256", "es256", 1), kid: fc.constantFrom<unknown>("kA", "kB", "x", 5, null), crit: value, b64: value, typ: value },
          { requiredKeys: [] }
        )
        const payload = fc.record(
          { iss: fc.constantFrom<unknown>(issuer, AccessTokenVerifier.legacyIssuer, "x", 5), aud: fc.constantFrom<unknown>(projectId, otherProject, [projectId], [otherProject], 5), iat: value, exp: value, nbf: value, sub: value, branchId: value },
          { requiredKeys: [] }
        )
        const built = fc.tuple(header, payload, fc.boolean()).map(([h, p, withKey]) => ({ h, p, withKey }))
        const edit = fc.tuple(fc.nat({ max: 10_000 }), fc.constantFrom(".", "=", "+", "/", " ", "A", "_", "-", "é", ""), fc.nat({ max: tokens.length - 1 }), fc.boolean())
        const rules: Jws.Rules = { issuers, audience: projectId, toleranceSeconds: 2 }
        const check = async (raw: string) => {
          const expected = await joseVerdict(raw, local, rules, T0)
          const actual = await Jws.verify(raw, keys, rules, T0, signaturesOf[primitive])
          assert.deepStrictEqual(actual, expected, raw)
        }
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(built, async ({ h, p, withKey }) => {
              const hp = `${partOf(h)}.${partOf(p)}`
              const sig = withKey ? b64u(await signEs(kA.privateKey, hp)) : b64u(new Uint8Array(64))
              await check(`${hp}.${sig}`)
            }),
            { numRuns: 300, seed: 24 }
          ))
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(edit, async ([at, insert, which, replace]) => {
              const raw = tokens[which]!.raw
              const i = raw.length === 0 ? 0 : at % raw.length
              await check(`${raw.slice(0, i)}${insert}${raw.slice(replace ? i + 1 : i)}`)
            }),
            { numRuns: 600, seed: 24 }
          ))
      }), 300_000)
  }
})
