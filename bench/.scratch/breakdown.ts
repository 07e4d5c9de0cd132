import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as ServerUsers from "../../src/api/ServerUsers.ts"
import * as StackServerApp from "../../src/apps/StackServerApp.ts"
import * as Call from "../../src/transport/Call.ts"
import * as StackHttp from "../../src/transport/StackHttp.ts"
import * as StackConfig from "../../src/transport/StackConfig.ts"
import { ServerUser } from "../../src/protocol/schemas/ServerUser.ts"
import * as fixtures from "../support/fixtures.ts"
import { spawnServer } from "../support/server.ts"
import { median } from "../support/stats.ts"

const server = await spawnServer()
const baseUrl = server.url
const config = StackConfig.make({ ...fixtures.keys, baseUrl })
const headers = StackHttp.buildHeaders(config, "server", { method: "GET", path: "/users/x" })
const runtime = ManagedRuntime.make(StackServerApp.layer({ ...fixtures.keys, baseUrl }))
let n = 0
const id = () => `user-${n++}`
const body = fixtures.serverUser("x")
const variants: Record<string, () => Promise<unknown>> = {
  raw: async () => (await fetch(`${baseUrl}/api/v1/users/${id()}`, { headers })).json(),
  rawSignal: async () => (await fetch(`${baseUrl}/api/v1/users/${id()}`, { headers, signal: new AbortController().signal })).json(),
  rawText: async () => JSON.parse(await (await fetch(`${baseUrl}/api/v1/users/${id()}`, { headers })).text()),
  rawRequest: async () => (await fetch(new Request(`${baseUrl}/api/v1/users/${id()}`, { method: "GET", headers, credentials: "omit" }))).json(),
  rawRequestSignal: async () => { const c = new AbortController(); return (await fetch(new Request(`${baseUrl}/api/v1/users/${id()}`, { method: "GET", headers, credentials: "omit" }), { signal: c.signal })).json() },
  effectPromiseNoSignal: () => runtime.runPromise(Effect.promise(() => fetch(`${baseUrl}/api/v1/users/${id()}`, { headers }).then((r) => r.json()))),
  effectTryPromise: () => runtime.runPromise(Effect.tryPromise((signal) => fetch(`${baseUrl}/api/v1/users/${id()}`, { headers, signal }).then((r) => r.json()))),
  execute: () => runtime.runPromise(StackHttp.StackHttp.use((h) => h.execute({ method: "GET", path: `/users/${id()}` }))),
  callUnknown: () => runtime.runPromise(Call.call({ method: "GET", path: `/users/${id()}`, response: Schema.Unknown, errors: [] })),
  callUser: () => runtime.runPromise(Call.call({ method: "GET", path: `/users/${id()}`, response: ServerUser, errors: [] })),
  get: () => runtime.runPromise(ServerUsers.get(id())),
  decodeOnly: () => runtime.runPromise(Schema.decodeUnknownEffect(ServerUser)(body)),
  emptyRun: () => runtime.runPromise(Effect.void),
}
const which = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(variants)
for (const k of which) for (let i = 0; i < 500; i++) await variants[k]!()
const res: Record<string, number[]> = {}; const cpu: Record<string, number[]> = {}
for (let r = 0; r < 15; r++) for (const k of [...which.slice(r % which.length), ...which.slice(0, r % which.length)]) {
  const t = performance.now(); const c0 = process.cpuUsage(); for (let i = 0; i < 300; i++) await variants[k]!(); const c = process.cpuUsage(c0); (res[k] ??= []).push((performance.now() - t) * 1000 / 300); (cpu[k] ??= []).push((c.user + c.system) / 300)
}
for (const k of which) console.log(k.padEnd(20), median(res[k]!).toFixed(1), median(cpu[k]!).toFixed(1))
await runtime.dispose(); await server.close()
