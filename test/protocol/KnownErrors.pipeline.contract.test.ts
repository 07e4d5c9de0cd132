/**
 * Contract test through the whole pipeline: every known error of the oracle
 * (@stackframe/stack-shared@2.8.27), sent exactly as the service sends it — its status,
 * `getHeaders()`, `getBody()` — plain and in the override envelope (HTTP 200 +
 * x-stack-actual-status), must come out of a typed call as our class with the same tag, code,
 * status and details. 109 of 109.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import * as KE from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import { HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { makeOracleError, OracleKnownErrors } from "./oracleSamples.ts"

const config = StackConfig.make({ projectId: "p", publishableClientKey: "pck", baseUrl: "http://svc.test" })

const asService = (key: string, envelope: boolean): Response => {
  const oracle = makeOracleError(key) as ReturnType<typeof makeOracleError> & { getBody(): Uint8Array }
  const headers = new globalThis.Headers()
  for (const [name, values] of Object.entries(oracle.getHeaders())) for (const value of values) headers.append(name, value)
  if (envelope) headers.set(Headers.actualStatus, String(oracle.statusCode))
  return new Response(oracle.getBody() as BodyInit, { status: envelope ? 200 : oracle.statusCode, headers })
}

const callWith = (response: Response) =>
  Effect.flatMap(StackHttp.make({ config, accessType: "client" }), (http) =>
    Call.run(http.execute, { method: "GET", path: "/x", response: Schema.Unknown, errors: KE.all })
  ).pipe(Effect.provideService(HttpTransport, { send: () => Effect.succeed(response) }), Effect.flip)

describe("every known error through the pipeline", () => {
  const keys = Object.keys(OracleKnownErrors)

  it("covers 109 of 109", () => {
    assert.strictEqual(keys.length, 109)
  })

  for (const key of keys) {
    for (const envelope of [false, true]) {
      it.effect(`${key}${envelope ? " (override envelope)" : ""}`, () =>
        Effect.gen(function*() {
          const oracle = makeOracleError(key)
          const error = yield* callWith(asService(key, envelope))
          assert.strictEqual(error._tag, key)
          const known = error as KE.KnownErrors
          assert.strictEqual(known.code, oracle.errorCode)
          assert.strictEqual(known.status, oracle.statusCode)
          assert.strictEqual(known.message, oracle.humanReadableMessage)
          assert.deepStrictEqual(KE.toWire(known).body.details, oracle.toDescriptiveJson().details)
        }))
    }
  }

  it.effect("a known code the call did not declare arrives as the generic KnownError", () =>
    Effect.gen(function*() {
      const response = asService("TeamNotFound", true)
      const error = yield* Effect.flatMap(StackHttp.make({ config, accessType: "client" }), (http) =>
        Call.run(http.execute, { method: "GET", path: "/x", response: Schema.Unknown, errors: [KE.UserNotFound] })
      ).pipe(Effect.provideService(HttpTransport, { send: () => Effect.succeed(response) }), Effect.flip)
      assert.strictEqual(error._tag, "KnownError")
      assert.strictEqual((error as { code: string }).code, "TEAM_NOT_FOUND")
    }))

  it.effect("a code the SDK does not know arrives as UnknownErrorCode advising an update", () =>
    Effect.gen(function*() {
      const response = new Response(JSON.stringify({ code: "BRAND_NEW_ERROR", error: "new", details: { a: 1 } }), {
        status: 418,
        headers: { [Headers.knownError]: "BRAND_NEW_ERROR" }
      })
      const error = yield* callWith(response)
      assert.strictEqual(error._tag, "UnknownErrorCode")
      const unknown = error as { code: string; status: number; details: unknown; hint: string }
      assert.strictEqual(unknown.code, "BRAND_NEW_ERROR")
      assert.strictEqual(unknown.status, 418)
      assert.deepStrictEqual(unknown.details, { a: 1 })
      assert.include(unknown.hint, "Update stack-auth-effect")
    }))
})
