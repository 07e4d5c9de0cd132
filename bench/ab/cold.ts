/**
 * The cache-coldness hypothesis: ours over the work by hand in process (instant `fetch`), with and
 * without a cache-thrashing pass (reading `THRASH` MiB) between calls, as a socket wait and the
 * other processes of a loaded machine do. Main-thread CPU per call, the thrash itself excluded.
 * Run: `bash bench/ab/run.sh cold`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as Schema from "effect/Schema"
import { SchemaJITCompiler } from "effect/schema"
import { ServerUser } from "../../packages/sdk/src/protocol/internal/schemas/ServerUser.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import * as BaseUsers from "./base/packages/sdk/src/api/ServerUsers.ts"
import * as BaseApp from "./base/packages/sdk/src/apps/StackServerApp.ts"
import * as BaseT from "./base/packages/sdk/src/transport/HttpTransport.ts"
import * as fixtures from "../support/fixtures.ts"
import { median, quantile } from "../support/stats.ts"

// JIT=1: the working tree's `ServerUser` decodes with Effect's JIT-compiled parser (the base copy's stays interpreted)
if (process.env.JIT === "1") SchemaJITCompiler.enable(ServerUser.ast)
const text = JSON.stringify(fixtures.serverUser("abc"))
const instant: typeof fetch = async () => new Response(text, { status: 200, headers: { "content-type": "application/json" } })
const runtime = ManagedRuntime.make(Layer.provideMerge(StackServerApp.layer({ ...fixtures.keys, baseUrl: "http://x" }), HttpTransport.layerFetch(instant)))
await runtime.runPromise(Effect.void)
// the same from a base copy of the sources (`bench/ab/base`, made by `bench/ab/run.sh`): A/B
const baseRuntime = ManagedRuntime.make(Layer.provideMerge(BaseApp.layer({ ...fixtures.keys, baseUrl: "http://x" }), BaseT.layerFetch(instant)))
await baseRuntime.runPromise(Effect.void)
const all: Record<string, () => Promise<unknown>> = {
  byHand: () => instant("http://x").then((r) => r.text()).then(JSON.parse),
  floor: () => runtime.runPromise(Effect.tryPromise((signal) => instant("http://x", { signal }).then((r) => r.text()).then(JSON.parse))),
  execute: () => runtime.runPromise(StackHttp.StackHttp.use((http) => http.execute({ method: "GET", path: "/users/abc" }))),
  callUnknown: () => runtime.runPromise(Call.call({ method: "GET", path: "/users/abc", response: Schema.Unknown, errors: [] })),
  call: () => runtime.runPromise(Call.call({ method: "GET", path: "/users/abc", response: ServerUser, errors: [] })),
  decode: () => decode(JSON.parse(text)),
  ours: () => runtime.runPromise(ServerUsers.get("abc")),
  base: () => baseRuntime.runPromise(BaseUsers.get("abc"))
}
const decoder = Schema.decodeUnknownEffect(ServerUser)
const decode = (body: unknown) => Promise.resolve(Effect.runSync(decoder(body)))
const only = process.env.ONLY?.split(",")
if (only) for (const k of Object.keys(all)) if (!only.includes(k)) delete all[k]
const big = new Float64Array((Number(process.env.THRASH ?? 16) * 1024 * 1024) / 8)
let sink = 0
const thrash = () => {
  for (let i = 0; i < big.length; i += 8) sink += big[i]!
}
const rounds = Number(process.env.ROUNDS ?? 30), block = 200
for (const k in all) for (let i = 0; i < 3000; i++) await all[k]!()
const out: Record<string, Array<number>> = {}
for (let r = 0; r < rounds; r++) {
  const keys = Object.keys(all)
  const order = keys.map((_, i) => keys[(i + r) % keys.length]!)
  for (const cold of [false, true]) {
    for (const k of order) {
      let used = 0
      for (let i = 0; i < block; i++) {
        if (cold) thrash()
        const s = process.threadCpuUsage()
        await all[k]!()
        const u = process.threadCpuUsage(s)
        used += u.user + u.system
      }
      ;(out[`${k}${cold ? " cold" : ""}`] ??= []).push(used / block)
    }
  }
}
for (const k in out) console.log(k.padEnd(16), median(out[k]!).toFixed(1), "µs")
const ratio = (a: string, b: string) => {
  if (out[a] === undefined || out[b] === undefined) return
  const r = out[a]!.map((x, i) => x / out[b]![i]!)
  console.log(`${a} ÷ ${b}`.padEnd(28), median(r).toFixed(3), `(${quantile(r, 0.25).toFixed(2)}–${quantile(r, 0.75).toFixed(2)})`)
}
ratio("ours", "base")
ratio("ours cold", "base cold")
console.log(sink === -1 ? "" : "")
await runtime.dispose()
process.exit(0)
