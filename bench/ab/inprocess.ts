/**
 * A/B of a change to the SDK in one process, without the network: `ServerUsers.get` of a base
 * copy (`bench/ab/base`, made by `bench/ab/run.sh`) against the working tree, over an instant
 * `fetch` transport, beside the same work by hand; blocks interleaved, order rotated per round,
 * main-thread CPU per call (`process.threadCpuUsage`). Run: `bash bench/ab/run.sh inprocess [commit]`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as fixtures from "../support/fixtures.ts"
import { median, quantile } from "../support/stats.ts"
import * as NewUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as NewApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as NewT from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as BaseUsers from "./base/packages/sdk/src/api/ServerUsers.ts"
import * as BaseApp from "./base/packages/sdk/src/apps/StackServerApp.ts"
import * as BaseT from "./base/packages/sdk/src/transport/HttpTransport.ts"
const text = JSON.stringify(fixtures.serverUser("abc"))
const instant: typeof fetch = async () => new Response(text, { status: 200, headers: { "content-type": "application/json" } })
const rtNew = ManagedRuntime.make(Layer.provideMerge(NewApp.layer({ ...fixtures.keys, baseUrl: "http://x" }), NewT.layerFetch(instant)))
const rtBase = ManagedRuntime.make(Layer.provideMerge(BaseApp.layer({ ...fixtures.keys, baseUrl: "http://x" }), BaseT.layerFetch(instant)))
await rtNew.runPromise(Effect.void); await rtBase.runPromise(Effect.void)
const all: Record<string, () => Promise<unknown>> = {
  byHand: () => instant("http://x").then((r) => r.text()).then(JSON.parse),
  base: () => rtBase.runPromise(BaseUsers.get("abc")),
  new: () => rtNew.runPromise(NewUsers.get("abc"))
}
const names = Object.keys(all)
const rounds = Number(process.env.ROUNDS ?? 40), block = Number(process.env.BLOCK ?? 1000)
for (const k of names) for (let i = 0; i < 3000; i++) await all[k]!()
const cpu: Record<string, number[]> = {}
for (let r = 0; r < rounds; r++) for (let j = 0; j < names.length; j++) {
  const k = names[(j + r) % names.length]!; const f = all[k]!
  const s = process.threadCpuUsage(); for (let i = 0; i < block; i++) await f(); const u = process.threadCpuUsage(s)
  ;(cpu[k] ??= []).push((u.user + u.system) / block)
}
for (const k of names) console.log(k.padEnd(8), median(cpu[k]!).toFixed(2), "µs")
const rr = cpu.new!.map((t, i) => t / cpu.base![i]!)
const over = (k: string) => median(cpu[k]!.map((t, i) => t - cpu.byHand![i]!)).toFixed(2)
console.log("new ÷ base", median(rr).toFixed(3), `(${quantile(rr, 0.25).toFixed(2)}–${quantile(rr, 0.75).toFixed(2)})`, "| over by hand: base", over("base"), "new", over("new"))
process.exit(0)
