/**
 * The emulator as the SDK's pipeline sees it: the override-status envelope, known errors, and the
 * in-process transport of `Emulator.layer`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { KnownError } from "../../packages/sdk/src/protocol/KnownError.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { call } from "./support.ts"

const pipeline = (accessType: "client" | "server") =>
  Effect.flatMap(Emulator.Emulator, (emulator) =>
    StackHttp.make({
      accessType,
      config: StackConfig.make({
        projectId: demoProject.projectId,
        publishableClientKey: demoProject.publishableClientKey,
        secretServerKey: demoProject.secretServerKey,
        baseUrl: emulator.baseUrl
      })
    }))

describe("override-status envelope", () => {
  it.effect("an error asked to be overridden is HTTP 200 with the real status in x-stack-actual-status", () =>
    Effect.gen(function*() {
      const answer = yield* call({ path: "/users", access: "client", headers: { [Headers.overrideErrorStatus]: "true" } })
      assert.strictEqual(answer.status, 200)
      assert.strictEqual(answer.headers.get(Headers.actualStatus), "401")
      assert.strictEqual(answer.headers.get(Headers.knownError), "INSUFFICIENT_ACCESS_TYPE")
      assert.strictEqual(answer.body.code, "INSUFFICIENT_ACCESS_TYPE")
      const plain = yield* call({ path: "/users", access: "client" })
      assert.strictEqual(plain.status, 401)
      assert.isNull(plain.headers.get(Headers.actualStatus))
      const ok = yield* call({ path: "/projects/current", headers: { [Headers.overrideErrorStatus]: "true" } })
      assert.strictEqual(ok.status, 200)
      assert.isNull(ok.headers.get(Headers.actualStatus))
    }).pipe(Effect.provide(Emulator.layer)))
})

describe("the SDK pipeline over Emulator.layer", () => {
  it.effect("signs up, reads the project and gets typed known errors with the real status", () =>
    Effect.gen(function*() {
      const client = yield* pipeline("client")
      const signUp = yield* client.execute({ method: "POST", path: "/auth/password/sign-up", body: { email: "sdk@example.com", password: "password123", verification_callback_url: "http://localhost:3000/handler/email-verification" } })
      assert.strictEqual(signUp.status, 200)
      const project = yield* client.execute({ method: "GET", path: "/projects/current" })
      assert.strictEqual((project.body as { id: string }).id, demoProject.projectId)

      const again = yield* Effect.flip(client.execute({ method: "POST", path: "/auth/password/sign-up", body: { email: "sdk@example.com", password: "password123", verification_callback_url: "http://localhost:3000/handler/email-verification" } }))
      assert.instanceOf(again, KnownError)
      assert.strictEqual((again as KnownError).code, "USER_EMAIL_ALREADY_EXISTS")
      assert.strictEqual((again as KnownError).status, 409)

      const server = yield* pipeline("server")
      const created = yield* server.execute({ method: "POST", path: "/users", body: { display_name: "Via SDK" } })
      assert.strictEqual(created.status, 201)
      const emulator = yield* Emulator.Emulator
      assert.strictEqual(yield* emulator.requests.count({ method: "POST", path: "/users" }), 1)
      const recorded = (yield* emulator.requests.filter({ path: "/users" }))[0]!
      assert.strictEqual(recorded.headers[Headers.secretServerKey], "<redacted>")
      assert.strictEqual(recorded.headers[Headers.projectId], demoProject.projectId)
      assert.deepStrictEqual(recorded.body, { display_name: "Via SDK" })
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("each Emulator.layer is a fresh emulator", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      assert.strictEqual(yield* emulator.requests.count(), 0)
      const state = yield* emulator.state.get
      assert.deepStrictEqual(Object.keys(state.users), [])
      assert.deepStrictEqual(Object.keys(state.projects).sort(), [demoProject.projectId, "internal"].sort())
      assert.strictEqual(state.projects.internal?.displayName, "Stack Dashboard")
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("unknown paths are 404 and wrong methods 405, without a known-error code", () =>
    Effect.gen(function*() {
      const missing = yield* call({ path: "/no-such-route" })
      assert.strictEqual(missing.status, 404)
      assert.isNull(missing.headers.get(Headers.knownError))
      assert.strictEqual((yield* call({ method: "PUT", path: "/projects/current" })).status, 405)
      const health = yield* call({ path: "/health", root: true, access: "none" })
      assert.strictEqual(health.status, 200)
    }).pipe(Effect.provide(Emulator.layer)))
})
