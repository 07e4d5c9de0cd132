import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Auth from "../../src/api/Auth.ts"
import * as Users from "../../src/api/Users.ts"
import * as StackClientApp from "../../src/apps/StackClientApp.ts"
import * as fixtures from "../support/fixtures.ts"
import { spawnServer } from "../support/server.ts"
const server = await spawnServer()
const runtime = ManagedRuntime.make(StackClientApp.layer({ projectId: fixtures.keys.projectId, publishableClientKey: fixtures.keys.publishableClientKey, baseUrl: server.url }))
await runtime.runPromise(Auth.signInWithPassword({ email: "a@b.c", password: "x" }))
const t = performance.now(); const N = Number(process.argv[2] ?? 3000)
for (let i = 0; i < N; i++) await runtime.runPromise(Users.getUser())
console.log(((performance.now() - t) / N * 1000).toFixed(0), "µs/call")
console.log(await server.counts()); await runtime.dispose(); await server.close()
