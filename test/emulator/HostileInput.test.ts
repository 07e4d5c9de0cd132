/**
 * Hostile input to the emulator (issue #16 "Attacks it must refuse"): a JSON body nested 5,000
 * levels deep is a 400 known error, in process and over HTTP, never a stack overflow; the request
 * log is a bounded ring buffer, stores no oversized or unparsable body, and redacts secrets in
 * every entry it keeps.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Schema from "effect/Schema"
import { BodyParsingError } from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as RequestLog from "../../packages/emulator/src/RequestLog.ts"
import * as EmulatorServer from "../../packages/emulator/src/EmulatorServer.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { accessHeaders, call, read } from "./support.ts"

const deepJson = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`
const deepObject = (levels: number): unknown => {
  let value: unknown = "bottom"
  for (let i = 0; i < levels; i++) value = { nested: value }
  return value
}

describe("a JSON body nested 5,000 levels deep", () => {
  it.effect("is BODY_PARSING_ERROR (400) in process, without credentials, and the emulator keeps answering", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const request = new Request(`${emulator.baseUrl}/api/v1/users/me`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: deepJson(5_000)
      })
      assert.isBelow(new TextEncoder().encode(deepJson(5_000)).length, 10_001)
      const answer = yield* read(yield* Effect.orDie(emulator.handle(request)))
      assert.strictEqual(answer.status, 400, answer.text)
      assert.strictEqual(answer.body.code, "BODY_PARSING_ERROR")
      assert.strictEqual(answer.headers.get("x-stack-known-error"), "BODY_PARSING_ERROR")
      const health = yield* call({ path: "/health", root: true, access: "none" })
      assert.strictEqual(health.status, 200)
      const logged = (yield* emulator.requests.filter({ method: "PATCH", path: "/users/me" })).at(-1)
      assert.strictEqual(logged?.body, RequestLog.oversizedBody(10_000), "a 10 KB body is above the stored size")
      // what is stored is cut at maxDepth, without recursion past it
      assert.strictEqual(JSON.stringify(RequestLog.redactFields(JSON.parse(deepJson(5_000)))).split("[").length - 1, RequestLog.maxDepth)
    }).pipe(Effect.provide(Emulator.layer)))

  // 1,000 levels: the SDK's own JSON.stringify (transport/StackHttp.ts) cannot encode 5,000 inside a fiber
  it.effect("sent through the SDK's session (metadata 1,000 levels deep) fails as the known error BodyParsingError, not a defect", () =>
    Effect.gen(function*() {
      const error = yield* Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "deep@example.com", password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        return yield* Effect.flip(Session.call({
          method: "PATCH",
          path: "/users/me",
          body: { client_metadata: deepObject(1_000) },
          response: Schema.Unknown,
          errors: [BodyParsingError]
        }))
      }).pipe(Effect.provide(TestApps.client()))
      assert.strictEqual(error._tag, "BodyParsingError")
    }).pipe(Effect.provide(Emulator.layer)))

  it.live("over HTTP is a 400 answer (the connection is not dropped)", () =>
    Effect.gen(function*() {
      const server = yield* EmulatorServer.serve({ port: 0, mailboxPort: false })
      const answer = yield* Effect.promise(async () => {
        const response = await fetch(`${server.url}/api/v1/users/me`, {
          method: "PATCH",
          headers: { "content-type": "application/json", ...accessHeaders("client") },
          body: deepJson(5_000)
        })
        return { status: response.status, body: (await response.json()) as { code: string } }
      })
      assert.deepStrictEqual([answer.status, answer.body.code], [400, "BODY_PARSING_ERROR"])
    }).pipe(Effect.scoped, Effect.provide(Emulator.layerAlone)))
})

describe("the request log is bounded and keeps no secret", () => {
  it.effect("keeps the newest maxEntries requests (a ring buffer), oldest dropped first", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      for (let i = 0; i < 12; i++) yield* call({ path: `/health?i=${i}`, root: true, access: "none" })
      const kept = yield* emulator.requests.all
      assert.deepStrictEqual(kept.map((r) => r.query.i), ["7", "8", "9", "10", "11"])
      yield* emulator.requests.clear
      assert.strictEqual(yield* emulator.requests.count(), 0)
      yield* call({ path: "/health?i=after", root: true, access: "none" })
      assert.deepStrictEqual((yield* emulator.requests.all).map((r) => r.query.i), ["after"])
    }).pipe(Effect.provide(Layer.orDie(Emulator.layerWith({ requestLog: { maxEntries: 5 } })))))

  it.effect("300 requests of 100 KB leave at most maxEntries entries and no stored body", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const big = JSON.stringify({ password: "p".repeat(100 * 1024) })
      for (let i = 0; i < 300; i++) {
        yield* Effect.orDie(emulator.handle(new Request(`${emulator.baseUrl}/api/v1/users`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: big
        })))
      }
      const kept = yield* emulator.requests.all
      assert.strictEqual(kept.length, 100)
      const stored = JSON.stringify(kept)
      assert.notInclude(stored, "ppppp")
      assert.isBelow(stored.length, 100_000)
      assert.strictEqual(kept[0]!.body, RequestLog.oversizedBody(new TextEncoder().encode(big).length))
    }).pipe(Effect.provide(Layer.orDie(Emulator.layerWith({ requestLog: { maxEntries: 100 } })))))

  it.effect("a malformed body is never stored verbatim (it may hold a password in any shape)", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const secret = "hunter2-secret-password"
      const text = `{"password": "${secret}", oops`
      const answer = yield* read(yield* Effect.orDie(emulator.handle(new Request(`${emulator.baseUrl}/api/v1/auth/password/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", ...accessHeaders("client") },
        body: text
      }))))
      assert.strictEqual(answer.body.code, "BODY_PARSING_ERROR", answer.text)
      const logged = (yield* emulator.requests.all).at(-1)!
      assert.strictEqual(logged.body, RequestLog.unparsableBody(text.length))
      assert.notInclude(JSON.stringify(yield* emulator.requests.all), secret)
    }).pipe(Effect.provide(Emulator.layer)))
})
