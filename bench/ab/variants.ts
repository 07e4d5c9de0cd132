/**
 * Which of the transport's choices costs what over loopback: raw `fetch` + `json()` and variants of
 * it that add one of our pipeline's choices each (an abort signal, `redirect: "manual"`, a fresh
 * headers object with a nonce, the capped stream-reader body loop, a timer per call), the floor
 * (raw as one `Effect.tryPromise` under `runPromise`), the fused lower bound (`ideal`: one callback
 * from `fetch` to a user decoded by hand; `idealSchema`: decoded by Schema's interpreter), our
 * `ServerUsers.get` and the same of the base copy (`base`, a commit given to run.sh), in interleaved
 * blocks in one process (order rotated per round). Prints process CPU (all threads, what
 * `bench/runtime.ts` counts) and main-thread CPU per call, median of the rounds, and each
 * variant's CPU ÷ raw of the same round.
 *
 * Run: `bash bench/ab/run.sh variants` (environment: ROUNDS, BLOCK, WIDTH, ONLY=name,name).
 */
import * as http from "node:http"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as SchemaParser from "effect/SchemaParser"
import * as fixtures from "../support/fixtures.ts"
import * as BaseServerUsers from "./base/packages/sdk/src/api/ServerUsers.ts"
import * as BaseStackServerApp from "./base/packages/sdk/src/apps/StackServerApp.ts"
import { ServerUser } from "../../packages/sdk/src/protocol/internal/schemas/ServerUser.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as NodeHttpTransport from "../../packages/sdk/src/platform/NodeHttpTransport.ts"
import * as Nonce from "../../packages/sdk/src/protocol/internal/Nonce.ts"
import { readBody } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import * as clients from "../support/clients.ts"
import { spawnServer } from "../support/server.ts"
import { median, quantile } from "../support/stats.ts"

const server = await spawnServer()
const baseUrl = server.url
const { headers, url } = clients.rawRequest(baseUrl)
const runtime = await clients.serverRuntime(baseUrl)
const cap = 16 * 1024 * 1024

const official = await clients.official(baseUrl)
/** `ServerUser` decoded by hand (what a decoder generated for it could at best do). */
// oxlint-disable-next-line no-explicit-any
const handDecode = (o: any) => {
  if (typeof o !== "object" || o === null || typeof o.id !== "string" || typeof o.has_password !== "boolean") throw new Error("decode")
  return {
    id: o.id, displayName: o.display_name, primaryEmail: o.primary_email, primaryEmailVerified: o.primary_email_verified,
    primaryEmailAuthEnabled: o.primary_email_auth_enabled, profileImageUrl: o.profile_image_url,
    signedUpAt: new Date(o.signed_up_at_millis), lastActiveAt: new Date(o.last_active_at_millis),
    clientMetadata: o.client_metadata, clientReadOnlyMetadata: o.client_read_only_metadata, serverMetadata: o.server_metadata,
    hasPassword: o.has_password, otpAuthEnabled: o.otp_auth_enabled, passkeyAuthEnabled: o.passkey_auth_enabled,
    requiresTotpMfa: o.requires_totp_mfa, isAnonymous: o.is_anonymous, oauthProviders: o.oauth_providers,
    selectedTeamId: o.selected_team_id, selectedTeam: o.selected_team
  }
}
const decodeServerUser = SchemaParser.decodeUnknownSync(ServerUser)
const schemaDecode = (o: unknown) => decodeServerUser(o)
// the base copy (a commit's `packages/sdk/src`, see run.sh) as a contender of its own
const baseRuntime = ManagedRuntime.make(BaseStackServerApp.layer({ ...fixtures.keys, baseUrl }))
await baseRuntime.runPromise(Effect.void)
/**
 * The lower bound of a fused success path: one `Effect.callback` from `fetch` (our headers, a
 * fresh nonce, one abort signal, a timer, the capped body reader) to a decoded user.
 */
const fused = (id: string, decode: (o: unknown) => unknown) =>
  Effect.callback<unknown, Error>((resume) => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 30_000)
    const h = { ...headers, "x-stack-random-nonce": Nonce.make() }
    fetch(url(id), { method: "GET", headers: h, signal: controller.signal, redirect: "manual", credentials: "omit" })
      .then((response) => readBody(response, controller.signal, cap).then((text) => {
        clearTimeout(timer)
        if (response.status >= 300 || response.headers.get("x-stack-known-error") !== null) throw new Error("status")
        resume(Effect.succeed(decode(JSON.parse(text))))
      }), (e) => resume(Effect.fail(e as Error)))
    return Effect.sync(() => controller.abort())
  })
const node = Effect.runSync(NodeHttpTransport.make())
const nodeGet = (target: string) =>
  new Promise<unknown>((resolve, reject) => {
    http.get(target, { headers }, (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))))
      res.on("error", reject)
    }).on("error", reject)
  })
const all: Record<string, (id: string) => Promise<unknown>> = {
  raw: async (id) => (await fetch(url(id), { headers })).json(),
  nodeRaw: (id) => nodeGet(url(id)),
  nodeExchange: async (id) => JSON.parse((await node.exchange!(url(id), { method: "GET", headers: { ...headers, "x-stack-random-nonce": Nonce.make() } }, cap, new AbortController().signal)).text),
  signal: async (id) => (await fetch(url(id), { headers, signal: new AbortController().signal })).json(),
  manual: async (id) => (await fetch(url(id), { headers, redirect: "manual", credentials: "omit" })).json(),
  fresh: async (id) => (await fetch(url(id), { headers: { ...headers, "x-stack-random-nonce": Nonce.make() } })).json(),
  text: async (id) => JSON.parse(await (await fetch(url(id), { headers })).text()),
  reader: async (id) => {
    const signal = new AbortController().signal
    const response = await fetch(url(id), { headers })
    return JSON.parse(await readBody(response, signal, cap))
  },
  timer: async (id) => {
    const handle = setTimeout(() => {}, 30_000)
    try {
      return await (await fetch(url(id), { headers })).json()
    } finally {
      clearTimeout(handle)
    }
  },
  floor: (id) => runtime.runPromise(Effect.tryPromise(async () => (await fetch(url(id), { headers })).json())),
  floorSignal: (id) =>
    runtime.runPromise(Effect.tryPromise(async (signal) => (await fetch(url(id), { headers, signal })).json())),
  execute: (id) =>
    runtime.runPromise(StackHttp.StackHttp.use((http) => http.execute({ method: "GET", path: `/users/${encodeURIComponent(id)}` }))),
  executeNoTimer: (id) =>
    runtime.runPromise(StackHttp.StackHttp.use((http) =>
      http.execute({ method: "GET", path: `/users/${encodeURIComponent(id)}`, timeout: Infinity, deadline: Infinity })
    )),
  callUnknown: (id) =>
    runtime.runPromise(Call.call({ method: "GET", path: `/users/${encodeURIComponent(id)}`, response: Schema.Unknown, errors: [] })),
  call: (id) =>
    runtime.runPromise(Call.call({ method: "GET", path: `/users/${encodeURIComponent(id)}`, response: ServerUser, errors: [] })),
  ideal: (id) => runtime.runPromise(fused(id, handDecode)),
  idealSchema: (id) => runtime.runPromise(fused(id, schemaDecode)),
  base: (id) => baseRuntime.runPromise(BaseServerUsers.get(id)),
  official: official.getUser,
  ours: (id) => runtime.runPromise(ServerUsers.get(id))
}
const names = process.env.ONLY?.split(",") ?? Object.keys(all)
const width = Number(process.env.WIDTH ?? 1)
const rounds = Number(process.env.ROUNDS ?? 40), block = Number(process.env.BLOCK ?? 100)
let n = 0
const runBlock = async (f: (id: string) => Promise<unknown>) => {
  if (width === 1) {
    for (let i = 0; i < block; i++) await f(`u${n++}`)
    return
  }
  let left = block
  await Promise.all(Array.from({ length: width }, async () => {
    while (left-- > 0) await f(`u${n++}`)
  }))
}
for (const name of names) for (let i = 0; i < 10; i++) await runBlock(all[name]!)
const sys: Record<string, Array<number>> = {}
const cpu: Record<string, Array<number>> = {}, main: Record<string, Array<number>> = {}, wall: Record<string, Array<number>> = {}
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + r) % names.length]!
    const p = process.cpuUsage(), s = process.threadCpuUsage(), t = performance.now()
    await runBlock(all[name]!)
    const w = performance.now() - t, u = process.threadCpuUsage(s), q = process.cpuUsage(p)
    ;(cpu[name] ??= []).push((q.user + q.system) / block)
    ;(sys[name] ??= []).push(q.system / block)
    ;(main[name] ??= []).push((u.user + u.system) / block)
    ;(wall[name] ??= []).push((w * 1000) / block)
  }
}
const ratio = (of: Record<string, Array<number>>, a: string) => {
  const r = of[a]!.map((x, i) => x / of["raw"]![i]!)
  return `${median(r).toFixed(3)} (${quantile(r, 0.25).toFixed(2)}–${quantile(r, 0.75).toFixed(2)})`
}
console.log(`width ${width}, ${rounds} rounds of ${block}`)
console.log("name".padEnd(12), "cpu µs".padStart(7), "main µs".padStart(8), "wall µs".padStart(8), "sys µs".padStart(7), "  cpu ÷ raw              wall ÷ raw")
for (const k of names) {
  console.log(
    k.padEnd(12),
    median(cpu[k]!).toFixed(1).padStart(7),
    median(main[k]!).toFixed(1).padStart(8),
    median(wall[k]!).toFixed(0).padStart(8),
    median(sys[k]!).toFixed(1).padStart(7),
    " ",
    names.includes("raw") ? ratio(cpu, k).padEnd(22) : "",
    names.includes("raw") ? ratio(wall, k) : ""
  )
}
await runtime.dispose()
await server.close()
process.exit(0)
