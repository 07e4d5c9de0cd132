/**
 * How a contender's CPU per call falls as the process warms up (JIT tier-up, first GCs): a fresh
 * process, no warm-up, CPU µs per call of each block of 100. `CONTENDER=ours|raw BLOCKS=40`.
 * Run: `bash bench/ab/run.sh warmup`.
 */
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as clients from "../support/clients.ts"
import { spawnServer } from "../support/server.ts"

const server = await spawnServer()
const baseUrl = server.url
const { headers, url } = clients.rawRequest(baseUrl)
const runtime = await clients.serverRuntime(baseUrl)
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
