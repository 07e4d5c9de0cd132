/**
 * Repeated `getUser()` on a signed-in client: sequential calls for a fixed time, counting calls per
 * second and the requests that reached the loopback server (a cache must serve repeated reads
 * within its freshness window, and still ask the service once per window).
 *
 * Run: `npm run bench -- cache` (options: `--seconds 3`).
 */
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "../src/api/Auth.ts"
import * as Users from "../src/api/Users.ts"
import * as StackClientApp from "../src/apps/StackClientApp.ts"
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

const ours = async () => {
  const runtime = ManagedRuntime.make(StackClientApp.layer(client))
  await runtime.runPromise(Auth.signInWithPassword(credentials))
  const outcome = await hammer(() => runtime.runPromise(Users.getUser()))
  await runtime.dispose()
  return outcome
}

const official = async () => {
  const { StackClientApp: OfficialClientApp } = await import("@stackframe/js")
  const app = new OfficialClientApp({ ...client, tokenStore: "memory" })
  await app.signInWithCredential({ ...credentials, noRedirect: true })
  return await hammer(() => app.getUser())
}

const rows = [["stack-auth-effect: Users.getUser()", await ours()], ["@stackframe/js: app.getUser()", await official()]] as const
await server.close()

const markdown = [
  "### Repeated getUser() on a signed-in client",
  "",
  `Sequential calls for ${seconds} s after a first read; requests counted at the loopback server.`,
  "",
  table(["SDK", "calls/s", "calls", "GET /users/me sent", "one request per"], rows.map(([name, o], i) => [
    name,
    i === 0 ? `**${o.perSecond.toFixed(0)}**` : o.perSecond.toFixed(1),
    o.calls,
    o.requests,
    o.requests === 0 ? "–" : o.requests === o.calls ? "call" : `${o.millisPerRequest.toFixed(0)} ms`
  ]))
].join("\n")

report("cache", markdown, Object.fromEntries(rows))
