/**
 * One contender in a loop against the loopback server, for `node --cpu-prof`:
 * `CONTENDER=ours|raw|floorSignal CALLS=20000 WIDTH=1`. Run: `bash bench/ab/run.sh profile` with
 * NODE_OPTIONS unset; see bench/ab/README or BENCHMARKS.md for reading the profile.
 */
import * as Effect from "effect/Effect"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as clients from "../support/clients.ts"
import { spawnServer } from "../support/server.ts"

const server = await spawnServer()
const baseUrl = server.url
const { headers, url } = clients.rawRequest(baseUrl)
const runtime = await clients.serverRuntime(baseUrl)
const all: Record<string, (id: string) => Promise<unknown>> = {
  raw: async (id) => (await fetch(url(id), { headers })).json(),
  floorSignal: (id) =>
    runtime.runPromise(Effect.tryPromise(async (signal) => (await fetch(url(id), { headers, signal })).json())),
  ours: (id) => runtime.runPromise(ServerUsers.get(id))
}
const f = all[process.env.CONTENDER ?? "ours"]!
const calls = Number(process.env.CALLS ?? 20000), width = Number(process.env.WIDTH ?? 1)
let n = 0
for (let i = 0; i < 2000; i++) await f(`w${i}`)
const r0 = process.resourceUsage(), s = process.cpuUsage(), t = performance.now()
let left = calls
await Promise.all(Array.from({ length: width }, async () => {
  while (left-- > 0) await f(`u${n++}`)
}))
const u = process.cpuUsage(s), r1 = process.resourceUsage()
const per = (k: "minorPageFault" | "voluntaryContextSwitches" | "involuntaryContextSwitches") => ((r1[k] - r0[k]) / calls).toFixed(2)
console.log("per call: page faults", per("minorPageFault"), "voluntary cs", per("voluntaryContextSwitches"), "involuntary cs", per("involuntaryContextSwitches"), "user µs", (u.user / calls).toFixed(1), "sys µs", (u.system / calls).toFixed(1))
console.log(process.env.CONTENDER, "cpu µs/call", ((u.user + u.system) / calls).toFixed(1), "wall µs/call", ((performance.now() - t) * 1000 / calls).toFixed(0))
await runtime.dispose()
await server.close()
process.exit(0)
