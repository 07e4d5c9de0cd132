/**
 * Server-side authentication of one incoming request (issue #24): the CPU a server spends per
 * request to learn its caller, and how many requests it sends to the service per 1,000 requests.
 * Every request carries its own ES256 access token (`Authorization: Bearer`, and `x-stack-auth` for
 * the official SDK, which reads only that); `fetch` answers in process (the network is out of the
 * figures) and counts what it is asked:
 * - bare `jose.jwtVerify` with a local key set (the floor a hand-written check costs);
 * - ours, local: `AccessTokenVerifier.verify(token)` alone, and `ServerAuth.authenticate(request)`
 *   (credentials read, token checked, `CurrentUser` built), each through `runtime.runPromise`;
 * - ours, local, the same token again: `ServerAuth.authenticate(request)` for one client that sends
 *   the same access token on every request (the verifier remembers verified tokens);
 * - ours, remote: `ServerAuth.authenticate(request, { mode: "remote" })` (one service request each);
 * - the official SDK: `app.getUser({ tokenStore: request })` (one `/users/me` each).
 *
 * Every contender draws its tokens from its own pool, larger than the number of tokens the verifier
 * remembers, so a "fresh token" row never meets a token it has checked before.
 *
 * Run: `npm run bench -- serverAuth` (options: `--rounds 20 --block 500`).
 */
import { loadavg } from "node:os"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose"
import * as StackServerApp from "../packages/sdk/src/apps/StackServerApp.ts"
import * as AccessTokenVerifier from "../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as ServerAuth from "../packages/sdk/src/server/ServerAuth.ts"
import * as fixtures from "./support/fixtures.ts"
import { option, report } from "./support/report.ts"
import { cpuPerCall, median, spread, table } from "./support/stats.ts"

const rounds = option("rounds", 20)
const block = option("block", 500)
const baseUrl = "http://bench.invalid"
const { projectId } = fixtures.keys
const issuer = `${baseUrl}/api/v1/projects/${projectId}`

const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true })
const publicJwk = await exportJWK(publicKey)
const jwks = { keys: [{ kty: "EC", crv: "P-256", alg: "ES256", kid: "benchKey0001", x: publicJwk.x!, y: publicJwk.y! }] }

// `fetch` answers at once and counts: the key set, the session list (remote mode), `/users/me`
const counts = { jwks: 0, sessions: 0, usersMe: 0, other: 0 }
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })
const userBody = fixtures.clientUser(fixtures.userId)
globalThis.fetch = async (input: string | URL | Request) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
  if (url.includes("/.well-known/jwks.json")) {
    counts.jwks++
    return json(jwks)
  }
  if (url.includes("/auth/sessions")) {
    counts.sessions++
    return json({ items: [{ id: "session-1", user_id: fixtures.userId, created_at: 1, is_impersonation: false, is_current_session: true }], is_paginated: false })
  }
  if (url.includes("/users/me")) {
    counts.usersMe++
    return json(userBody)
  }
  counts.other++
  return json({})
}

// each contender's own pool of distinct tokens, signed before timing: more tokens than the verifier
// remembers, so a contender meets a token again only after the verifier has forgotten it
const now = Math.floor(Date.now() / 1000)
const poolSize = AccessTokenVerifier.defaultVerifiedTokens + 500
const sign = (i: number) =>
  new SignJWT({ sub: `user-${i}`, branchId: "main", refreshTokenId: "session-1", role: "authenticated" })
    .setProtectedHeader({ alg: "ES256", kid: "benchKey0001" })
    .setIssuer(issuer)
    .setIssuedAt(now)
    .setAudience(projectId)
    .setExpirationTime(now + 3600)
    .sign(privateKey)
const requestFor = (token: string) =>
  new Request(`${baseUrl}/me`, {
    headers: { authorization: `Bearer ${token}`, "x-stack-auth": JSON.stringify({ accessToken: token, refreshToken: fixtures.refreshToken }) }
  })
/** Fresh requests of one contender: its own pool, in turn. */
const freshRequests = async (offset: number) => {
  const pool = await Promise.all(Array.from({ length: poolSize }, (_, i) => sign(offset + i)))
  let cursor = 0
  return (n: number) => Array.from({ length: n }, () => requestFor(pool[cursor++ % pool.length]!))
}
// one client's request, sent again and again (the same token each time)
const sameRequest = requestFor(await sign(-1))

const runtime = ManagedRuntime.make(
  AccessTokenVerifier.layer().pipe(Layer.provideMerge(StackServerApp.layer({ ...fixtures.keys, baseUrl })))
)
const verifier = await runtime.runPromise(AccessTokenVerifier.AccessTokenVerifier.use(Effect.succeed))
const localSet = createLocalJWKSet(jwks as never)

const { StackServerApp: OfficialServerApp } = await import("@stackframe/js")
const official = new OfficialServerApp({ ...fixtures.keys, baseUrl, tokenStore: "memory" })

const tokenOf = (request: Request) => request.headers.get("authorization")!.slice(7)

type Contender = readonly [string, (request: Request) => Promise<unknown>, (n: number) => ReadonlyArray<Request>]
const contenders: ReadonlyArray<Contender> = [
  ["bare `jose.jwtVerify` (local key set)", (request) =>
    jwtVerify(tokenOf(request), localSet, { algorithms: ["ES256"], issuer, audience: projectId }), await freshRequests(0)],
  ["ours, local: `AccessTokenVerifier.verify(token)`", (request) => runtime.runPromise(verifier.verify(tokenOf(request))), await freshRequests(poolSize)],
  ["ours, local: `ServerAuth.authenticate(request)`", (request) => runtime.runPromise(ServerAuth.authenticate(request)), await freshRequests(2 * poolSize)],
  ["ours, local, the same token again: `ServerAuth.authenticate(request)`", (request) => runtime.runPromise(ServerAuth.authenticate(request)), (n) =>
    Array.from({ length: n }, () => sameRequest)],
  ["ours, remote: `ServerAuth.authenticate(request, { mode: \"remote\" })`", (request) =>
    runtime.runPromise(ServerAuth.authenticate(request, { mode: "remote" })), await freshRequests(3 * poolSize)],
  ["official: `app.getUser({ tokenStore: request })`", (request) => official.getUser({ tokenStore: request }), await freshRequests(4 * poolSize)]
]

// warm-up, and requests to the service per 1,000 requests after it
const perThousand = new Map<string, number>()
for (const [name, call, requests] of contenders) {
  for (const request of requests(50)) await call(request)
  const before = counts.jwks + counts.sessions + counts.usersMe + counts.other
  for (const request of requests(1000)) await call(request)
  perThousand.set(name, counts.jwks + counts.sessions + counts.usersMe + counts.other - before)
}
// a forged-kid flood: 1,000 tokens naming unknown keys, after warm-up, within one cooldown
const jwksBefore = counts.jwks
const forged = contenders[1]![2](1000).map((request, i) => {
  const [, payload, signature] = tokenOf(request).split(".")
  return `${Buffer.from(JSON.stringify({ alg: "ES256", kid: `forged-${i}` })).toString("base64url")}.${payload}.${signature}`
})
for (const token of forged) await runtime.runPromise(Effect.flip(verifier.verify(token)))
const floodFetches = counts.jwks - jwksBefore

const requestsOf = new Map(contenders.map(([name, , requests]) => [name, requests]))
const loadAtStart = loadavg()
const samples = await cpuPerCall(contenders.map(([name, call]) => [name, call] as const), {
  rounds,
  block,
  inputs: (_round, size, name) => requestsOf.get(name)!(size),
  collect: 50
})
const loadAtEnd = loadavg()
await runtime.dispose()

const floorSamples = samples.get(contenders[0]![0])!
const floor = median(floorSamples)
const rows = contenders.map(([name]) => {
  const xs = samples.get(name)!
  // the same round's blocks ran back to back: their ratio is steadier than the ratio of medians on a busy machine
  const paired = xs.map((x, round) => x / floorSamples[round]!)
  return [name, spread(xs, 1), (median(xs) / floor).toFixed(2), spread(paired, 2), String(perThousand.get(name))]
})
const load = (l: ReadonlyArray<number>) => l.map((x) => x.toFixed(1)).join(" / ")
const markdown = [
  "### Authenticating one request: CPU per request, and requests to the service per 1,000",
  "",
  `${rounds} rounds × ${contenders.length} blocks of ${block} sequential requests (order rotated per round, a full garbage collection and 50 untimed requests before each block), each with its own ES256 access token (from the contender's own pool of ${poolSize}, more than the ${AccessTokenVerifier.defaultVerifiedTokens} tokens the verifier remembers), except the "same token again" row (one client's token on every request); the process's CPU time per request, median (p25–p75) in µs; \`fetch\` answers at once in process. "× bare jose": ratio of the medians, and the median (p25–p75) of the per-round ratios (blocks of one round run back to back). Requests to the service: counted over 1,000 requests after 50 warm-up requests. Load average (1 / 5 / 15 min) at start ${load(loadAtStart)}, at end ${load(loadAtEnd)}. Targets: local ≤ 1.3× bare \`jose\` and ≤ 150 µs; 0 requests per 1,000 after warm-up.`,
  "",
  table(["contender", "CPU µs/request", "× bare jose", "× bare jose, per round", "requests to the service / 1,000"], rows),
  "",
  `1,000 tokens naming unknown key ids (after warm-up, within one 30 s cooldown): ${floodFetches} key-set request(s).`
].join("\n")
report("serverAuth", markdown, { rounds, block, poolSize, load: { start: loadAtStart, end: loadAtEnd }, samples: Object.fromEntries(samples), perThousand: Object.fromEntries(perThousand), floodFetches })
