/**
 * How a contender's CPU per call falls as the process warms up (JIT tier-up, first GCs): a fresh
 * process, no warm-up, CPU µs per call of each block of 100. `CONTENDER=ours|raw BLOCKS=40`.
 * Run: `bash bench/ab/run.sh warmup`.
 */
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import * as fixtures from "../support/fixtures.ts"
import { spawnServer } from "../support/server.ts"

const server = await spawnServer()
const baseUrl = server.url
const config = StackConfig.make({ ...fixtures.keys, baseUrl })
const headers = StackHttp.buildHeaders(config, "server", { method: "GET", path: "/users/x" })
const url = (id: string) => `${baseUrl}/api/v1/users/${encodeURIComponent(id)}`
const runtime = ManagedRuntime.make(StackServerApp.layer({ ...fixtures.keys, baseUrl }))
await runtime.runPromise(Effect.void)
const all: Record<string, (id: string) => Promise<unknown>> = {
  raw: async (id) => (await fetch(url(id), { headers })).json(),
  ours: (id) => runtime.runPromise(ServerUsers.get(id))
}
const names = (process.env.CONTENDER ?? "raw,ours").split(",")
const blocks = Number(process.env.BLOCKS ?? 40)
const out: Record<string, Array<number>> = {}
let n = 0
for (let b = 0; b < blocks; b++) {
  for (const name of names) {
    const s = process.cpuUsage()
    for (let i = 0; i < 100; i++) await all[name]!(`u${n++}`)
    const u = process.cpuUsage(s)
    ;(out[name] ??= []).push(Math.round((u.user + u.system) / 100))
  }
}
for (const name of names) console.log(name.padEnd(5), out[name]!.join(" "))
await runtime.dispose()
await server.close()
process.exit(0)
