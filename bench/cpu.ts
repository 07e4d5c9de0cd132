/**
 * The CPU our SDK adds to one server read, without the network: `ServerUsers.get(id)` and the
 * layers under it over an in-process transport that answers at once, next to the same work done
 * by hand (`fetch`'s `Response` and `JSON.parse`). Unlike the loopback ratios of `calls`, which
 * the shared machine's load moves by ±0.15, these figures are stable to a few tenths of a µs: they
 * show what a change to the pipeline really saves.
 *
 * Run: `npm run bench -- cpu` (options: `--rounds 30 --block 2000`).
 */
import { loadavg } from "node:os"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as ServerUsers from "../packages/sdk/src/api/ServerUsers.ts"
import * as StackServerApp from "../packages/sdk/src/apps/StackServerApp.ts"
import { ServerUser } from "../packages/sdk/src/protocol/internal/schemas/ServerUser.ts"
import * as Call from "../packages/sdk/src/transport/Call.ts"
import * as HttpTransport from "../packages/sdk/src/transport/HttpTransport.ts"
import * as StackHttp from "../packages/sdk/src/transport/StackHttp.ts"
import * as fixtures from "./support/fixtures.ts"
import { option, report } from "./support/report.ts"
import { cpuPerCall, median, spread, table } from "./support/stats.ts"

const rounds = option("rounds", 30)
const block = option("block", 2000)

const body = JSON.stringify(fixtures.serverUser("user-1"))
const answer = () => new Response(body, { status: 200, headers: { "content-type": "application/json" } })
// answers at once, like the loopback server would, minus the socket
const instant: HttpTransport.HttpTransport = {
  send: () => Effect.succeed(answer()),
  exchange: async () => ({ response: answer(), text: body })
}
const runtime = ManagedRuntime.make(
  StackServerApp.layer({ ...fixtures.keys, baseUrl: "http://bench.invalid" }).pipe(
    Layer.provideMerge(Layer.succeed(HttpTransport.HttpTransport, instant))
  )
)
await runtime.runPromise(Effect.void)

const handFetch = async (_url: string) => answer()
const contenders: ReadonlyArray<readonly [string, (id: string) => Promise<unknown>]> = [
  ["by hand: `Response` + `JSON.parse`", async (id) => {
    await handFetch(`http://bench.invalid/api/v1/users/${id}`)
    return JSON.parse(body)
  }],
  ["`runtime.runPromise` of one promise", () => runtime.runPromise(Effect.promise(() => handFetch("x")))],
  ["pipeline: `StackHttp.execute` (headers, nonce, envelope, known errors)", (id) =>
    runtime.runPromise(StackHttp.StackHttp.use((http) => http.execute({ method: "GET", path: `/users/${id}` })))],
  ["+ typed call: `Call.call` (Schema decode, error refinement)", (id) =>
    runtime.runPromise(Call.call({ method: "GET", path: `/users/${id}`, response: ServerUser, errors: [] }))],
  ["+ API function: `ServerUsers.get` (span, access witness)", (id) => runtime.runPromise(ServerUsers.get(id))]
]

const loadAtStart = loadavg()
const samples = await cpuPerCall(contenders, {
  rounds,
  block,
  inputs: (round, size) => Array.from({ length: size }, (_, i) => round < 0 ? `warm-${i}` : `user-${round}-${i}`)
})
const loadAtEnd = loadavg()
await runtime.dispose()
const load = (l: ReadonlyArray<number>) => l.map((x) => x.toFixed(1)).join(" / ")

const floor = median(samples.get(contenders[0]![0])!)
const rows = contenders.map(([name]) => {
  const xs = samples.get(name)!
  const m = median(xs)
  return [name, spread(xs), `${(m - floor).toFixed(2)}`]
})
const markdown = [
  "### CPU per server read, in process (no network)",
  "",
  `${rounds} rounds × ${contenders.length} blocks of ${block} sequential calls (order rotated per round); the process's CPU time per call, median (p25–p75) in µs. The transport answers at once with the user of \`GET /users/{id}\`. Load average (1, 5, 15 min) at the start ${load(loadAtStart)}, at the end ${load(loadAtEnd)}.`,
  "",
  table(["contender", "CPU µs/call", "added over by hand"], rows)
].join("\n")
report("cpu", markdown, { rounds, block, load: { start: loadAtStart, end: loadAtEnd }, samples: Object.fromEntries(samples) })
