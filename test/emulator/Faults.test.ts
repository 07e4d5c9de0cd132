import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import { HttpTransport, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { accessHeaders, call } from "./support.ts"
import { reasonOf } from "../support/Transport.ts"

const clientPipeline = Effect.flatMap(Emulator.Emulator, (emulator) =>
  StackHttp.make({
    accessType: "client",
    config: StackConfig.make({ projectId: demoProject.projectId, publishableClientKey: demoProject.publishableClientKey, baseUrl: emulator.baseUrl })
  }))

describe("faults on demand", () => {
  it.effect("a 429 with Retry-After is waited out by the SDK on TestClock", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.faults.inject({ method: "GET", path: "/projects/current", times: 1, fault: Faults.rateLimited(3) })
      const http = yield* clientPipeline
      const fiber = yield* Effect.forkChild(http.execute({ method: "GET", path: "/projects/current" }))
      yield* TestClock.adjust("2 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 second")
      const response = yield* Fiber.join(fiber)
      assert.strictEqual(response.status, 200)
      assert.strictEqual(yield* emulator.requests.count({ path: "/projects/current" }), 2)
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("statuses apply the given number of times, then the route answers normally", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.faults.inject({ path: "/projects/current", times: 2, fault: Faults.serverError(503) })
      assert.strictEqual((yield* call({ path: "/projects/current" })).status, 503)
      assert.strictEqual((yield* call({ path: "/users/me" })).status, 400)
      assert.strictEqual((yield* call({ path: "/projects/current" })).status, 503)
      assert.strictEqual((yield* call({ path: "/projects/current" })).status, 200)
      yield* emulator.faults.inject({ path: "/users/:userId", fault: Faults.infiniteLoop() })
      const loop = yield* call({ path: `/users/${crypto.randomUUID()}`, access: "server" })
      assert.strictEqual(loop.status, 508)
      assert.include(loop.text, "INFINITE_LOOP_DETECTED")
      const bare = yield* Effect.gen(function*() {
        yield* emulator.faults.clear
        yield* emulator.faults.inject({ fault: Faults.rateLimited() })
        return yield* call({ path: "/projects/current" })
      })
      assert.strictEqual(bare.status, 429)
      assert.isNull(bare.headers.get("retry-after"))
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("a delay is an Effect.sleep that TestClock controls", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.faults.inject({ path: "/projects/current", fault: Faults.delay("5 seconds") })
      const fiber = yield* Effect.forkChild(call({ path: "/projects/current" }))
      yield* TestClock.adjust("4 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* Fiber.join(fiber)).status, 200)
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("a dropped connection makes the in-process transport fail with TransportFailure", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.faults.inject({ method: "POST", path: "/auth/password/sign-in", fault: Faults.drop() })
      const transport = yield* HttpTransport
      const failure = yield* Effect.flip(transport.send(new Request(`${emulator.baseUrl}/api/v1/auth/password/sign-in`, {
        method: "POST",
        headers: { ...accessHeaders("client"), "content-type": "application/json" },
        body: JSON.stringify({ email: "a@example.com", password: "password123" })
      })))
      assert.instanceOf(failure, TransportFailure)
      const http = yield* clientPipeline
      const error = yield* Effect.flip(http.execute({ method: "POST", path: "/auth/password/sign-in", body: { email: "a@example.com", password: "x" } }))
      assert.strictEqual(reasonOf(error)._tag, "ConnectionError")
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("faults are injected and cleared over the admin-only control route", () =>
    Effect.gen(function*() {
      const injected = yield* call({
        method: "POST",
        path: "/emulator/faults",
        access: "admin",
        body: { path: "/projects/current", times: 1, fault: { _tag: "Status", status: 502 } }
      })
      assert.strictEqual(injected.status, 201, injected.text)
      assert.isString(injected.body.id)
      const listed = yield* call({ path: "/emulator/faults", access: "admin" })
      assert.strictEqual(listed.body.items.length, 1)
      assert.strictEqual((yield* call({ path: "/projects/current" })).status, 502)
      assert.strictEqual((yield* call({ path: "/projects/current" })).status, 200)
      yield* call({ method: "POST", path: "/emulator/faults", access: "admin", body: { fault: { _tag: "Status", status: 500 }, path: "/users/me" } })
      assert.strictEqual((yield* call({ method: "DELETE", path: "/emulator/faults", access: "admin" })).status, 200)
      assert.strictEqual((yield* call({ path: "/users/me" })).status, 400)
      const invalid = yield* call({ method: "POST", path: "/emulator/faults", access: "admin", body: { fault: { _tag: "Explode" } } })
      assert.strictEqual(invalid.body.code, "SCHEMA_ERROR")
      assert.strictEqual((yield* call({ method: "POST", path: "/emulator/faults", access: "server", body: {} })).body.code, "INSUFFICIENT_ACCESS_TYPE")
      const log = yield* call({ path: "/emulator/requests", access: "admin" })
      assert.isAtLeast(log.body.items.length, 8)
    }).pipe(Effect.provide(Emulator.layer)))
})
