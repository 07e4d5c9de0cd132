import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "../../src/api/Auth.ts"
import * as Users from "../../src/api/Users.ts"
import * as StackClientApp from "../../src/apps/StackClientApp.ts"
import * as fixtures from "../support/fixtures.ts"
import { spawnServer } from "../support/server.ts"
import { quantile } from "../support/stats.ts"
const server = await spawnServer()
const runtime = ManagedRuntime.make(StackClientApp.layer({ projectId: fixtures.keys.projectId, publishableClientKey: fixtures.keys.publishableClientKey, baseUrl: server.url }))
await runtime.runPromise(Auth.signInWithPassword({ email: "a@b.c", password: "x" }))
const fs = { getUser: () => runtime.runPromise(Users.getUser()), getCurrent: () => runtime.runPromise(Users.getCurrent()) }
const lat: Record<string, number[]> = { getUser: [], getCurrent: [] }
for (let r = 0; r < 20; r++) for (const k of (r % 2 ? ["getUser", "getCurrent"] : ["getCurrent", "getUser"]) as const) for (let i = 0; i < 100; i++) { const t = performance.now(); await fs[k](); lat[k]!.push((performance.now() - t) * 1000) }
for (const k of Object.keys(lat)) console.log(k, [0.1, 0.5, 0.9, 0.99].map((q) => quantile(lat[k]!, q).toFixed(0)).join(" / "))
await runtime.dispose(); await server.close()
