/**
 * Where the CPU of a local access-token check goes (issue #24): alternating blocks of fresh-token
 * checks (each contender its own 1,200 distinct tokens, more than the verifier remembers), one process, process
 * CPU µs per check, a full GC and a short warm-up before each block. Not part of `npm run bench`;
 * run with `npm exec -- tsx bench/ab/verifyParts.ts [rounds] [block] [name pattern]` (or compiled,
 * with `--expose-gc`).
 */
import { createPublicKey, verify as nodeVerify } from "node:crypto"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from "jose"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as Jws from "../../packages/sdk/src/server/internal/Jws.ts"
import * as ServerAuth from "../../packages/sdk/src/server/ServerAuth.ts"
import * as fixtures from "../support/fixtures.ts"
import { median, quantile } from "../support/stats.ts"

const rounds = Number(process.argv[2] ?? 10)
const block = Number(process.argv[3] ?? 400)
const only = process.argv[4]
const baseUrl = "http://bench.invalid"
const { projectId } = fixtures.keys
const issuer = `${baseUrl}/api/v1/projects/${projectId}`
const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true })
const publicJwk = await exportJWK(publicKey)
const jwk = { kty: "EC", crv: "P-256", alg: "ES256", kid: "benchKey0001", x: publicJwk.x!, y: publicJwk.y! }
const jwks = { keys: [jwk] }
globalThis.fetch = async () => new Response(JSON.stringify(jwks), { status: 200, headers: { "content-type": "application/json" } })

const now = Math.floor(Date.now() / 1000)
// each contender its own slice of `slice` tokens (more than the verifier remembers)
const slice = 1200
const pool = await Promise.all(Array.from({ length: 10 * slice }, (_, i) =>
  new SignJWT({ sub: `user-${i}`, branchId: "main", refreshTokenId: "session-1", role: "authenticated" })
    .setProtectedHeader({ alg: "ES256", kid: "benchKey0001" })
    .setIssuer(issuer).setIssuedAt(now).setAudience(projectId).setExpirationTime(now + 3600)
    .sign(privateKey)))
const parts = pool.map((t) => {
  const dot = t.lastIndexOf(".")
  return { input: Buffer.from(t.slice(0, dot)), sig: Buffer.from(t.slice(dot + 1), "base64url") }
})
const cryptoKey = await importJWK(jwk, "ES256") as CryptoKey
const keyObject = createPublicKey({ key: jwk as never, format: "jwk" })
const localSet = createLocalJWKSet(jwks as never)
const runtime = ManagedRuntime.make(
  AccessTokenVerifier.layer().pipe(Layer.provideMerge(StackServerApp.layer({ ...fixtures.keys, baseUrl })))
)
const verifier = await runtime.runPromise(AccessTokenVerifier.AccessTokenVerifier.use(Effect.succeed))
const runtimeOff = ManagedRuntime.make(
  AccessTokenVerifier.layer({ verifiedTokens: 0 }).pipe(Layer.provideMerge(StackServerApp.layer({ ...fixtures.keys, baseUrl })))
)
const verifierOff = await runtimeOff.runPromise(AccessTokenVerifier.AccessTokenVerifier.use(Effect.succeed))
const jwsRules: Jws.Rules = { issuers: [issuer], audience: projectId, toleranceSeconds: 0 }
const nodeSignatures = Jws.platformSignatures()
const webSignatures = Jws.webCryptoSignatures(crypto.subtle)
const request = (token: string) => new Request(`${baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } })
const requests = pool.map(request)

type C = readonly [string, (i: number) => unknown]
const all: ReadonlyArray<C> = [
  ["subtle.verify (raw)", (i) => crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, cryptoKey, parts[i]!.sig, parts[i]!.input)],
  ["node crypto.verify p1363 (raw, sync)", (i) => nodeVerify("sha256", parts[i]!.input, { key: keyObject, dsaEncoding: "ieee-p1363" }, parts[i]!.sig)],
  ["jose jwtVerify localSet", (i) => jwtVerify(pool[i]!, localSet, { algorithms: ["ES256"], issuer, audience: projectId })],
  ["jose jwtVerify CryptoKey", (i) => jwtVerify(pool[i]!, cryptoKey, { algorithms: ["ES256"], issuer, audience: projectId })],
  ["jose jwtVerify KeyObject", (i) => jwtVerify(pool[i]!, keyObject, { algorithms: ["ES256"], issuer, audience: projectId })],
  ["decodeJwt + jose jwtVerify localSet", (i) => { decodeJwt(pool[i]!); return jwtVerify(pool[i]!, localSet, { algorithms: ["ES256"], issuer, audience: projectId }) }],
  ["Effect.runPromise(tryPromise(jwtVerify))", (i) => Effect.runPromise(Effect.tryPromise(() => jwtVerify(pool[i]!, localSet, { algorithms: ["ES256"], issuer, audience: projectId })))],
  ["runtime.runPromise(promise(jose CryptoKey))", (i) => runtime.runPromise(Effect.promise(() => jwtVerify(pool[i]!, cryptoKey, { algorithms: ["ES256"], issuer, audience: projectId })))],
  ["runtime.runPromise(Effect.void)", () => runtime.runPromise(Effect.void)],
  ["ours Jws.verify, Node crypto.verify", (i) => Jws.verify(pool[i]!, jwks.keys, jwsRules, Date.now(), nodeSignatures)],
  ["ours Jws.verify, WebCrypto", (i) => Jws.verify(pool[i]!, jwks.keys, jwsRules, Date.now(), webSignatures)],
  ["ours verifier.verify", (i) => runtime.runPromise(verifier.verify(pool[i]!))],
  ["ours verifier.verify, verifiedTokens 0", (i) => runtimeOff.runPromise(verifierOff.verify(pool[i]!))],
  ["ours ServerAuth.authenticate", (i) => runtime.runPromise(ServerAuth.authenticate(requests[i]!))]
]
const contenders = only === undefined ? all : all.filter(([n]) => new RegExp(only).test(n))
const samples = new Map<string, Array<number>>(contenders.map(([n]) => [n, []]))
const cursors = contenders.map(() => 0)
const next = (c: number) => c * slice + (cursors[c] = (cursors[c]! + 1) % slice)
for (let c = 0; c < contenders.length; c++) for (let k = 0; k < block; k++) await contenders[c]![1](next(c))
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < contenders.length; k++) {
    const c = (k + r) % contenders.length
    const [name, f] = contenders[c]!
    ;(globalThis as { gc?: () => void }).gc?.()
    for (let j = 0; j < 20; j++) await f(next(c))
    const start = process.cpuUsage()
    for (let j = 0; j < block; j++) await f(next(c))
    const used = process.cpuUsage(start)
    samples.get(name)!.push((used.user + used.system) / block)
  }
}
await runtime.dispose()
await runtimeOff.dispose()
for (const [name, xs] of samples) {
  console.log(`${name.padEnd(44)} ${median(xs).toFixed(1).padStart(7)} (${quantile(xs, 0.25).toFixed(1)}–${quantile(xs, 0.75).toFixed(1)})`)
}
