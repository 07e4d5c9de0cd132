/**
 * A/B of a change to the SDK in one process, over the loopback server: `runtime.runPromise(ServerUsers.get(id))`
 * of a base copy (`bench/ab/base`) and of the working tree, with raw `fetch` beside; blocks
 * interleaved, order rotated per round; main-thread CPU and wall per call. `WIDTH=50` for calls in
 * flight. Run: `bash bench/ab/run.sh loopback [commit]`.
 */
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as clients from "../support/clients.ts"
import { spawnServer } from "../support/server.ts"
import * as fixtures from "../support/fixtures.ts"
import { median, quantile } from "../support/stats.ts"
import * as NewUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as NewApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as BaseUsers from "./base/packages/sdk/src/api/ServerUsers.ts"
import * as BaseApp from "./base/packages/sdk/src/apps/StackServerApp.ts"

const server = await spawnServer()
const raw = clients.raw(server.url)
const rtNew = ManagedRuntime.make(NewApp.layer({ ...fixtures.keys, baseUrl: server.url }))
const rtBase = ManagedRuntime.make(BaseApp.layer({ ...fixtures.keys, baseUrl: server.url }))
await rtNew.runPromise(Effect.void); await rtBase.runPromise(Effect.void)
const width = Number(process.env.WIDTH ?? 1)
const all: Record<string, (id: string) => Promise<unknown>> = {
  raw: raw.getUser,
  base: (id) => rtBase.runPromise(BaseUsers.get(id)),
  new: (id) => rtNew.runPromise(NewUsers.get(id))
}
const names = ["raw", "base", "new"]
const rounds = Number(process.env.ROUNDS ?? 100), block = Number(process.env.BLOCK ?? 50)
let n = 0
const runBlock = async (f: (id: string) => Promise<unknown>) => {
  if (width === 1) { for (let i = 0; i < block; i++) await f(`u${n++}`); return }
  let left = block
  await Promise.all(Array.from({ length: width }, async () => { while (left-- > 0) await f(`u${n++}`) }))
}
for (const name of names) for (let i = 0; i < 10; i++) await runBlock(all[name]!)
const cpu: Record<string, number[]> = {}, wall: Record<string, number[]> = {}
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + r) % names.length]!
    const s = process.threadCpuUsage(); const t = performance.now()
    await runBlock(all[name]!)
    const u = process.threadCpuUsage(s); const w = performance.now() - t
    ;(cpu[name] ??= []).push((u.user + u.system) / block); (wall[name] ??= []).push(w * 1000 / block)
  }
}
const show = (a: string, b: string) => {
  const rc = cpu[a]!.map((t, i) => t / cpu[b]![i]!), rw = wall[a]!.map((t, i) => t / wall[b]![i]!)
  console.log(`${a} ÷ ${b}`.padEnd(14), "cpu", median(rc).toFixed(3), `(${quantile(rc, 0.25).toFixed(2)}–${quantile(rc, 0.75).toFixed(2)})`, " wall", median(rw).toFixed(3), `(${quantile(rw, 0.25).toFixed(2)}–${quantile(rw, 0.75).toFixed(2)})`)
}
for (const k of names) console.log(k.padEnd(6), "cpu µs", median(cpu[k]!).toFixed(1), "wall µs", median(wall[k]!).toFixed(0))
show("base", "raw"); show("new", "raw"); show("new", "base")
await rtNew.dispose(); await rtBase.dispose(); await server.close(); process.exit(0)
