/**
 * Refresh de-duplication: 50 concurrent current-user calls whose access token has expired (the
 * refresh token is valid), counted at the loopback server. Two shapes:
 * - one client session (an app signed in with a password) making 50 calls at once;
 * - 50 request-scoped sessions on a server, each built from its own incoming request carrying the
 *   same tokens (50 requests of one browser arriving together).
 * The sign-in answers an access token that has already expired, and the token endpoint answers after 20 ms, like a real service's database round trip, so the
 * refreshes overlap as they would in production.
 *
 * Run: `npm run bench -- refresh`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "../packages/sdk/src/api/Auth.ts"
import * as Users from "../packages/sdk/src/api/Users.ts"
import * as StackClientApp from "../packages/sdk/src/apps/StackClientApp.ts"
import * as StackServerApp from "../packages/sdk/src/apps/StackServerApp.ts"
import * as Session from "../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../packages/sdk/src/session/TokenStore.ts"
import * as fixtures from "./support/fixtures.ts"
import { report } from "./support/report.ts"
import { type BenchServer, startServer } from "./support/server.ts"
import { table } from "./support/stats.ts"

const width = 50
const tokenPath = "POST /api/v1/auth/oauth/token"
const userPath = "GET /api/v1/users/me"

const server = await startServer({ tokenDelayMillis: 20, expiredSignIn: true })
const credentials = { email: "ada@example.com", password: "correct horse" }
const client = { projectId: fixtures.keys.projectId, publishableClientKey: fixtures.keys.publishableClientKey, baseUrl: server.url }
const tokens = () => ({ accessToken: fixtures.expiredAccessToken(), refreshToken: fixtures.refreshToken })

interface Outcome {
  readonly refreshes: number
  readonly userRequests: number
  readonly users: number
}

/** Runs `calls` concurrently on a clean server and counts what reached it. */
const count = async (s: BenchServer, calls: () => ReadonlyArray<Promise<unknown>>): Promise<Outcome> => {
  await s.reset()
  const results = await Promise.all(calls())
  const counts = await s.counts()
  const users = results.filter((u) => (u as { id?: string } | null)?.id === fixtures.userId).length
  return { refreshes: counts[tokenPath] ?? 0, userRequests: counts[userPath] ?? 0, users }
}

// --- one client session (signed in with a password; the access token it got has expired), 50 calls at once ---

const oursOneSession = async () => {
  const runtime = ManagedRuntime.make(StackClientApp.layer(client))
  await runtime.runPromise(Auth.signInWithPassword(credentials))
  const outcome = await count(server, () => Array.from({ length: width }, () => runtime.runPromise(Users.getCurrent())))
  await runtime.dispose()
  return outcome
}

const { StackClientApp: OfficialClientApp, StackServerApp: OfficialServerApp } = await import("@stackframe/js")

const officialOneSession = async () => {
  const app = new OfficialClientApp({ ...client, tokenStore: "memory" })
  await app.signInWithCredential({ ...credentials, noRedirect: true })
  return await count(server, () => Array.from({ length: width }, () => app.getUser()))
}

// --- 50 request-scoped sessions with the same tokens, on a server ---

/** An incoming request from a browser that hands its session over in `x-stack-auth`. */
const incoming = () => ({ headers: new Headers({ "x-stack-auth": JSON.stringify(tokens()) }) })

const oursPerRequest = async () => {
  const runtime = ManagedRuntime.make(StackServerApp.layer({ ...fixtures.keys, baseUrl: server.url }))
  // a session per incoming request, over the app's pipeline
  const perRequest = () =>
    Session.layer.pipe(Layer.provide(TokenStore.layerRequest(incoming(), { projectId: fixtures.keys.projectId })))
  const outcome = await count(server, () =>
    Array.from({ length: width }, () => runtime.runPromise(Users.getCurrent().pipe(Effect.provide(perRequest())))))
  await runtime.dispose()
  return outcome
}

const officialPerRequest = async () => {
  const app = new OfficialServerApp({ ...fixtures.keys, baseUrl: server.url, tokenStore: "memory" })
  return await count(server, () => Array.from({ length: width }, () => app.getUser({ tokenStore: incoming() })))
}

const rows = [
  ["one client session, 50 concurrent calls", await oursOneSession(), await officialOneSession()],
  ["50 request-scoped sessions, same tokens", await oursPerRequest(), await officialPerRequest()]
] as const
await server.close()

for (const [, ours, official] of rows) {
  if (ours.users !== width || official.users !== width) throw new Error(`not every call read the user: ${JSON.stringify({ ours, official })}`)
}

const markdown = [
  "### Refreshes for 50 concurrent calls with an expired access token",
  "",
  `Counted at the loopback server. One client session: an app signed in with a password whose answer carried an already expired access token, then ${width} concurrent current-user reads. Request-scoped: ${width} sessions built from ${width} incoming requests carrying the same tokens in \`x-stack-auth\`, one read each. The token endpoint answers after 20 ms; every read must return the user.`,
  "",
  table(["shape", "ours: refreshes", "ours: GET /users/me", "official: refreshes", "official: GET /users/me", "target"], rows.map(([shape, ours, official]) => [
    shape,
    `**${ours.refreshes}**`,
    ours.userRequests,
    official.refreshes,
    official.userRequests,
    "1"
  ]))
].join("\n")

report("refresh", markdown, Object.fromEntries(rows.map(([shape, ours, official]) => [shape, { ours, official }])))
