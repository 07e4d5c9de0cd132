/**
 * Bytes allocated per call (in process, an instant `fetch`), a measure the machine's load does not
 * move: heap growth over a block of calls with no GC in between (a semi-space large enough for the
 * block; a block during which a GC ran is dropped). Run: `bash bench/ab/run.sh alloc` with
 * NODE_OPTIONS="--max-semi-space-size=256".
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Schema from "effect/Schema"
import * as Redacted from "effect/Redacted"
import { PerformanceObserver } from "node:perf_hooks"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import { ServerUser } from "../../packages/sdk/src/protocol/internal/schemas/ServerUser.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as Nonce from "../../packages/sdk/src/protocol/internal/Nonce.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import * as BaseUsers from "./base/packages/sdk/src/api/ServerUsers.ts"
import * as BaseApp from "./base/packages/sdk/src/apps/StackServerApp.ts"
import * as BaseT from "./base/packages/sdk/src/transport/HttpTransport.ts"
import * as fixtures from "../support/fixtures.ts"
import { median } from "../support/stats.ts"

const text = JSON.stringify(fixtures.serverUser("abc"))
const instant: typeof fetch = async () => new Response(text, { status: 200, headers: { "content-type": "application/json" } })
const config = { projectId: "p", secretServerKey: Redacted.make("k"), baseUrl: "http://x", extraRequestHeaders: {} } as any
const runtime = ManagedRuntime.make(Layer.provideMerge(StackServerApp.layer({ ...fixtures.keys, baseUrl: "http://x" }), HttpTransport.layerFetch(instant)))
await runtime.runPromise(Effect.void)
const baseRuntime = ManagedRuntime.make(Layer.provideMerge(BaseApp.layer({ ...fixtures.keys, baseUrl: "http://x" }), BaseT.layerFetch(instant)))
await baseRuntime.runPromise(Effect.void)
const all: Record<string, () => Promise<unknown>> = {
  empty: () => Promise.resolve(1),
  nonce: () => Promise.resolve(Nonce.make()),
  headers: () => Promise.resolve(StackHttp.buildHeaders(config, "server", { method: "GET", path: "/users/abc" })),
  readBody: () => instant("http://x").then((r) => HttpTransport.readBody(r, new AbortController().signal, 1e7)).then(JSON.parse),
  fetchInit: () => instant("http://x", { method: "GET", headers: {}, credentials: "omit", redirect: "manual", signal: new AbortController().signal }).then((r) => r.text()).then(JSON.parse),
  noTimer: () => runtime.runPromise(StackHttp.StackHttp.use((http) => http.execute({ method: "GET", path: "/users/abc", timeout: Infinity, deadline: Infinity }))),
  byHand: () => instant("http://x").then((r) => r.text()).then(JSON.parse),
  floor: () => runtime.runPromise(Effect.tryPromise((signal) => instant("http://x", { signal }).then((r) => r.text()).then(JSON.parse))),
  execute: () => runtime.runPromise(StackHttp.StackHttp.use((http) => http.execute({ method: "GET", path: "/users/abc" }))),
  callUnknown: () => runtime.runPromise(Call.call({ method: "GET", path: "/users/abc", response: Schema.Unknown, errors: [] })),
  call: () => runtime.runPromise(Call.call({ method: "GET", path: "/users/abc", response: ServerUser, errors: [] })),
  ours: () => runtime.runPromise(ServerUsers.get("abc")),
  base: () => baseRuntime.runPromise(BaseUsers.get("abc"))
}
let gcs = 0
new PerformanceObserver((list) => { gcs += list.getEntries().length }).observe({ entryTypes: ["gc"] })
const block = 500
for (const k in all) for (let i = 0; i < 3000; i++) await all[k]!()
const out: Record<string, Array<number>> = {}
for (let r = 0; r < 15; r++) {
  for (const k in all) {
    ;(globalThis as any).gc?.()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const before = gcs
    const h0 = process.memoryUsage().heapUsed
    for (let i = 0; i < block; i++) await all[k]!()
    const h1 = process.memoryUsage().heapUsed
    await new Promise((resolve) => setTimeout(resolve, 5))
    if (gcs === before) (out[k] ??= []).push((h1 - h0) / block)
  }
}
for (const k in out) console.log(k.padEnd(12), median(out[k]!).toFixed(0).padStart(6), "bytes/call", `(${out[k]!.length} blocks)`)
await runtime.dispose()
process.exit(0)
