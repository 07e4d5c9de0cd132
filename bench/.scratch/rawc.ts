import * as Redacted from "effect/Redacted"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "../../src/api/Auth.ts"
import * as Users from "../../src/api/Users.ts"
import * as StackClientApp from "../../src/apps/StackClientApp.ts"
import * as StackHttp from "../../src/transport/StackHttp.ts"
import * as StackConfig from "../../src/transport/StackConfig.ts"
import * as fixtures from "../support/fixtures.ts"
import { spawnServer } from "../support/server.ts"
import { median } from "../support/stats.ts"
const server = await spawnServer()
const c = { projectId: fixtures.keys.projectId, publishableClientKey: fixtures.keys.publishableClientKey, baseUrl: server.url }
const runtime = ManagedRuntime.make(StackClientApp.layer(c))
await runtime.runPromise(Auth.signInWithPassword({ email: "a@b.c", password: "x" }))
const headers = StackHttp.buildHeaders(StackConfig.make(c), "client", { method: "GET", path: "/users/me", tokens: { accessToken: Redacted.make(fixtures.freshAccessToken()), refreshToken: Redacted.make(fixtures.refreshToken) } })
const serverHeaders = StackHttp.buildHeaders(StackConfig.make({ ...c, secretServerKey: "s" }), "server", { method: "GET", path: "/users/x" })
const v: Record<string, () => Promise<unknown>> = {
  rawMe: async () => (await fetch(`${server.url}/api/v1/users/me`, { headers })).json(),
  rawServer: async () => (await fetch(`${server.url}/api/v1/users/u1`, { headers: serverHeaders })).json(),
  rawMeNoTokens: async () => (await fetch(`${server.url}/api/v1/users/me`, { headers: serverHeaders })).json(),
  ours: () => runtime.runPromise(Users.getUser()),
  oursCurrent: () => runtime.runPromise(Users.getCurrent()),
}
const res: Record<string, number[]> = {}
const keys = Object.keys(v)
for (const k of keys) for (let i = 0; i < 300; i++) await v[k]!()
for (let r = 0; r < 10; r++) for (const k of [...keys.slice(r % keys.length), ...keys.slice(0, r % keys.length)]) { const t = performance.now(); for (let i = 0; i < 200; i++) await v[k]!(); (res[k] ??= []).push((performance.now() - t) * 1000 / 200) }
for (const k of keys) console.log(k.padEnd(16), median(res[k]!).toFixed(0), "µs")
console.log(JSON.stringify(headers).length, JSON.stringify(serverHeaders).length)
await runtime.dispose(); await server.close()
