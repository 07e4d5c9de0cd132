/**
 * Request-scoped auth on a server: the CPU a server spends per incoming request to act as its
 * caller and read the current user, without the network (`fetch` answers at once, in process,
 * for both SDKs). Every request carries its own access token in `x-stack-auth` (a new session each
 * time, so no SDK can serve it from a cache):
 * - floor: the app's own session already holds tokens, `Users.getCurrent()` (no per-request setup);
 * - `StackServerApp.forRequest(request)`: a session built from the request over the app's pipeline;
 * - a new app Layer per request (`StackServerApp.layer({ tokenStore: TokenStore.layerRequest(request) })`);
 * - the official SDK: `app.getUser({ tokenStore: request })`.
 *
 * Run: `npm run bench -- requestAuth` (options: `--rounds 20 --block 500`).
 */
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Users from "../packages/sdk/src/api/Users.ts"
import * as StackServerApp from "../packages/sdk/src/apps/StackServerApp.ts"
import * as TokenStore from "../packages/sdk/src/session/TokenStore.ts"
import * as fixtures from "./support/fixtures.ts"
import { option, report } from "./support/report.ts"
import { cpuPerCall, median, spread, table } from "./support/stats.ts"

const rounds = option("rounds", 20)
const block = option("block", 500)
const baseUrl = "http://bench.invalid"

// `fetch` answers every request at once with the current user: the network is out of the figures.
const body = JSON.stringify(fixtures.clientUser(fixtures.userId))
globalThis.fetch = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } })

const expires = Math.floor(Date.now() / 1000) + 3600
let serial = 0
/** Incoming requests, each with its own valid access token (built before timing). */
const requests = (n: number) =>
  Array.from({ length: n }, () => {
    const tokens = { accessToken: fixtures.jwt(`user-${++serial}`, expires), refreshToken: fixtures.refreshToken }
    return new Request(`${baseUrl}/me`, { headers: { "x-stack-auth": JSON.stringify(tokens) } })
  })

const keys = { ...fixtures.keys, baseUrl }
const runtime = ManagedRuntime.make(StackServerApp.layer({
  ...keys,
  tokenStore: TokenStore.layerExplicit({ accessToken: fixtures.jwt(fixtures.userId, expires), refreshToken: fixtures.refreshToken })
}))
await runtime.runPromise(Effect.void)

const { StackServerApp: OfficialServerApp } = await import("@stackframe/js")
const official = new OfficialServerApp({ ...keys, tokenStore: "memory" })

type Contender = readonly [string, (request: Request) => Promise<unknown>]
const contenders: ReadonlyArray<Contender> = [
  ["floor: the app's own session, `Users.getCurrent()`", () => runtime.runPromise(Users.getCurrent())],
  ["`Users.getCurrent().pipe(StackServerApp.forRequest(request))`", (request) =>
    runtime.runPromise(Users.getCurrent().pipe(StackServerApp.forRequest(request)))],
  ["a new app Layer per request (`TokenStore.layerRequest`)", (request) =>
    Effect.runPromise(Users.getCurrent().pipe(Effect.provide(StackServerApp.layer({
      ...keys,
      tokenStore: TokenStore.layerRequest(request, { projectId: keys.projectId })
    }))))],
  ["official: `app.getUser({ tokenStore: request })`", (request) => official.getUser({ tokenStore: request })]
]

const check = async () => {
  for (const [name, call] of contenders) {
    const user = await call(requests(1)[0]!) as { id?: string; primaryEmail?: string | null } | null
    if (user === null || (user.id === undefined && user.primaryEmail === undefined)) throw new Error(`${name} did not read the user`)
  }
}
await check()

const samples = await cpuPerCall(contenders, { rounds, block, inputs: (_round, size) => requests(size) })
await runtime.dispose()

const floor = median(samples.get(contenders[0]![0])!)
const rows = contenders.map(([name]) => {
  const xs = samples.get(name)!
  return [name, spread(xs, 1), (median(xs) - floor).toFixed(1)]
})
const markdown = [
  "### Request-scoped auth: CPU per incoming request, in process (no network)",
  "",
  `${rounds} rounds × ${contenders.length} blocks of ${block} sequential requests (order rotated per round), each request with its own access token in \`x-stack-auth\`; the process's CPU time per request, median (p25–p75) in µs. \`fetch\` answers at once with the user. Target for \`forRequest\`: ≤ 50 µs over the floor.`,
  "",
  table(["contender", "CPU µs/request", "added over the floor"], rows)
].join("\n")
report("requestAuth", markdown, { rounds, block, samples: Object.fromEntries(samples) })
