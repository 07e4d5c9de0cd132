/**
 * Repeated `getUser()` on a signed-in client: sequential calls for a fixed time, counting calls per
 * second and the requests that reached the loopback server (a cache must serve repeated reads
 * within its freshness window, and still ask the service once per window). Our app runs with the
 * SDK's query cache (`QueryCache.layer`, as the React runtime provides it); the official SDK
 * caches on its own.
 *
 * Run: `npm run bench -- cache` (options: `--seconds 3`).
 */
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "../packages/sdk/src/api/Auth.ts"
import * as Users from "../packages/sdk/src/api/Users.ts"
import * as StackClientApp from "../packages/sdk/src/apps/StackClientApp.ts"
import * as Queries from "../packages/sdk/src/cache/Queries.ts"
import * as QueryCache from "../packages/sdk/src/query/QueryCache.ts"
import * as fixtures from "./support/fixtures.ts"
import { option, report } from "./support/report.ts"
import { spawnServer } from "./support/server.ts"
import { table } from "./support/stats.ts"

const seconds = option("seconds", 3)
const userPath = "GET /api/v1/users/me"
const credentials = { email: "ada@example.com", password: "correct horse" }

const server = await spawnServer()
const client = { projectId: fixtures.keys.projectId, publishableClientKey: fixtures.keys.publishableClientKey, baseUrl: server.url }

interface Outcome {
  readonly calls: number
  readonly perSecond: number
  readonly requests: number
  readonly millisPerRequest: number
}

/** Calls `getUser` back to back for `seconds`; every call must answer the signed-in user. */
const hammer = async (getUser: () => Promise<unknown>): Promise<Outcome> => {
  await getUser() // the first read loads; then the steady state is measured
  await server.reset()
  const end = performance.now() + seconds * 1000
  const start = performance.now()
  let calls = 0
  while (performance.now() < end) {
    const user = await getUser() as { id?: string } | null
    if (user?.id !== fixtures.userId) throw new Error(`getUser answered ${JSON.stringify(user)}`)
    calls++
  }
  const elapsed = (performance.now() - start) / 1000
  const requests = (await server.counts())[userPath] ?? 0
  return { calls, perSecond: calls / elapsed, requests, millisPerRequest: requests === 0 ? Infinity : (elapsed * 1000) / requests }
}

/** The freshness window asked of the cache: the service's 300 ms refresh throttle. */
const maxAge = `${QueryCache.throttleMillis} millis` as const

const ours = async (read: "getUser" | "cache") => {
  const runtime = ManagedRuntime.make(QueryCache.layer.pipe(Layer.provideMerge(StackClientApp.layer(client))))
  await runtime.runPromise(Auth.signInWithPassword(credentials))
  const outcome = await hammer(() =>
    runtime.runPromise(read === "getUser" ? Users.getUser() : QueryCache.getOrLoad(Queries.currentUser, { maxAge }))
  )
  await runtime.dispose()
  return outcome
}

const official = async () => {
  const { StackClientApp: OfficialClientApp } = await import("@stackframe/js")
  const app = new OfficialClientApp({ ...client, tokenStore: "memory" })
  await app.signInWithCredential({ ...credentials, noRedirect: true })
  return await hammer(() => app.getUser())
}

const rows = [
  ["stack-auth-effect: Users.getUser()", await ours("getUser")],
  [`stack-auth-effect: QueryCache.getOrLoad(Queries.currentUser, { maxAge: "${maxAge}" })`, await ours("cache")],
  ["@stackframe/js: app.getUser()", await official()]
] as const
await server.close()

const markdown = [
  "### Repeated getUser() on a signed-in client",
  "",
  `Sequential calls for ${seconds} s after a first read; requests counted at the loopback server.`,
  "",
  table(["SDK", "calls/s", "calls", "GET /users/me sent", "one request per"], rows.map(([name, o], i) => [
    name,
    i < 2 ? `**${o.perSecond.toFixed(0)}**` : o.perSecond.toFixed(1),
    o.calls,
    o.requests,
    o.requests === 0 ? "–" : o.requests === o.calls ? "call" : `${o.millisPerRequest.toFixed(0)} ms`
  ]))
].join("\n")

report("cache", markdown, Object.fromEntries(rows))
