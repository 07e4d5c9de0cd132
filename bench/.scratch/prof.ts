import * as ManagedRuntime from "effect/ManagedRuntime"
import * as ServerUsers from "../../src/api/ServerUsers.ts"
import * as StackServerApp from "../../src/apps/StackServerApp.ts"
import * as fixtures from "../support/fixtures.ts"
import { spawnServer } from "../support/server.ts"
const server = await spawnServer()
const runtime = ManagedRuntime.make(StackServerApp.layer({ ...fixtures.keys, baseUrl: server.url }))
let n = 0
const mode = process.argv[2] ?? "ours"
const headers = { "x-a": "b" }
const f = mode === "ours" ? () => runtime.runPromise(ServerUsers.get(`user-${n++}`)) : async () => (await fetch(`${server.url}/api/v1/users/u${n++}`, { headers })).json()
for (let i = 0; i < 20000; i++) await f()
await runtime.dispose(); await server.close()
