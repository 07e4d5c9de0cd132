/**
 * Tokens as the 2.8.27 service issues them (recorded from the local real service, see
 * /work/notes/tokens-facts.md): our verifier accepts them, and the emulator's have the same shape.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import { Emulator, layer as layerInProcess } from "../../packages/emulator/src/Emulator.ts"
import * as Seeds from "../../packages/emulator/src/Seeds.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as Jwks from "../../packages/sdk/src/server/Jwks.ts"
import * as ServerAuth from "../../packages/sdk/src/server/ServerAuth.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"

/** `GET /api/v1/projects/internal/.well-known/jwks.json` of the real service (dev secret), as answered. */
const recordedJwks = `{"keys":[{"kty":"EC","crv":"P-256","alg":"ES256","kid":"M5zZLA6iQw2n","x":"1nTfAlWSPsAvLhYQkp_fGz7RckPtP6ZEZjVj6jZd70k","y":"vePcQBEJl4Mv2f2KA3MM4AIQvNWTCgo2fiKL-f_Pkb4"}]}`
/** An access token the real service issued at sign-up on `internal` (lived 30 s; iat 1795757659). */
const recordedToken =
  "eyJhbGciOiJFUzI1NiIsImtpZCI6Ik01elpMQTZpUXcybiJ9.eyJzdWIiOiJiNjVmMmYwNy04OGYxLTRkOWItOTdjYy0zNTliNjAwNmRmYTAiLCJicmFuY2hJZCI6Im1haW4iLCJyZWZyZXNoVG9rZW5JZCI6ImM0ZjlmMmIwLTM1MmQtNGEyZi1iMGUyLTlhNDI5ZTYyNDc1OSIsInJvbGUiOiJhdXRoZW50aWNhdGVkIiwiaXNzIjoiaHR0cDovL2xvY2FsaG9zdDo4MTQwL2FwaS92MS9wcm9qZWN0cy9pbnRlcm5hbCIsImlhdCI6MTc5NTc1NzY1OSwiYXVkIjoiaW50ZXJuYWwiLCJleHAiOjE3OTU3NTc2ODl9.FAq2bkGb-FKeMcRTCvefknflv6bdA46vY3w9vt4jMOHy28W9HYsZhmRLiF7S9HknhuL9Pwq7j6IXdw4J3TNozQ"

const part = (token: string, index: 0 | 1) => JSON.parse(Buffer.from(token.split(".")[index]!, "base64url").toString())

const realVerifier = Effect.gen(function*() {
  const transport: HttpTransport.HttpTransport = {
    send: () => Effect.succeed(new Response(recordedJwks, { headers: { "content-type": "application/json; charset=utf-8" } }))
  }
  const http = yield* StackHttp.make({
    accessType: "server",
    config: StackConfig.make({ projectId: "internal", publishableClientKey: "pck", secretServerKey: "ssk", baseUrl: "http://127.0.0.1:8140" })
  }).pipe(Effect.orDie)
  const jwks = Jwks.make(http, "internal", { transport })
  // the service names itself http://localhost:8140 although it is reached on 127.0.0.1
  return AccessTokenVerifier.fromJwks(jwks, "internal", "http://localhost:8140")
})

describe("tokens of the 2.8.27 service", () => {
  it.effect("a recorded real token verifies with the recorded key set while it lives, and expires at its exp", () =>
    Effect.gen(function*() {
      const verifier = yield* realVerifier
      yield* TestClock.setTime(1_795_757_670_000)
      const claims = yield* verifier.verify(recordedToken)
      assert.strictEqual(claims.userId, "b65f2f07-88f1-4d9b-97cc-359b6006dfa0")
      assert.strictEqual(claims.refreshTokenId, "c4f9f2b0-352d-4a2f-b0e2-9a429e624759")
      assert.strictEqual(claims.expiresAtMillis, 1_795_757_689_000)
      yield* TestClock.setTime(1_795_757_689_000)
      const expired = yield* Effect.flip(verifier.verify(recordedToken))
      assert.instanceOf(expired, KnownErrors.AccessTokenExpired)
    }))
})

layer(layerInProcess)("the emulator issues tokens and keys of the service's shape", (it) => {
  it.effect("header { alg, kid } (12-character kid, no typ); claims in the service's order; key set members in its order", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      yield* Auth.signUpWithPassword({ email: "shape@example.com", password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      const tokens = (yield* (yield* Session.Session).getTokens())!
      const token = Redacted.value(tokens.accessToken)
      const real = { header: part(recordedToken, 0), payload: part(recordedToken, 1) }
      const ours = { header: part(token, 0), payload: part(token, 1) }
      assert.deepStrictEqual(Object.keys(ours.header), Object.keys(real.header))
      assert.match(ours.header.kid, /^[A-Za-z0-9_-]{12}$/)
      assert.deepStrictEqual(Object.keys(ours.payload), Object.keys(real.payload))
      assert.strictEqual(ours.payload.iss, `${emulator.baseUrl}/api/v1/projects/${emulator.demoProject.projectId}`)
      assert.strictEqual(ours.payload.aud, emulator.demoProject.projectId)
      assert.strictEqual(ours.payload.role, "authenticated")
      assert.strictEqual(ours.payload.branchId, "main")
      const response = yield* HttpTransport.HttpTransport.use((transport) =>
        transport.send(new Request(`${emulator.baseUrl}/api/v1/projects/${emulator.demoProject.projectId}/.well-known/jwks.json`))
      )
      const keys = (yield* Effect.promise(() => response.json())).keys
      assert.deepStrictEqual(Object.keys(keys[0]), Object.keys(JSON.parse(recordedJwks).keys[0]))
      assert.strictEqual(keys[0].kid, ours.header.kid)
    }).pipe(Effect.provide(TestApps.client())))
})

layer(layerInProcess)("the emulator's signing key rotation, seen by the verifier", (it) => {
  it.effect("old tokens verify while the old key is published, and are refused once it is withdrawn", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const signIn = (email: string) =>
        Effect.gen(function*() {
          yield* Auth.signUpWithPassword({ email, password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
          return Redacted.value((yield* (yield* Session.Session).getTokens())!.accessToken)
        }).pipe(Effect.provide(TestApps.client()))
      const verifier = yield* AccessTokenVerifier.AccessTokenVerifier
      const old = yield* signIn("rotation-old@example.com")
      assert.isString((yield* verifier.verify(old)).userId)
      yield* emulator.run(Seeds.rotateSigningKey)
      const fresh = yield* signIn("rotation-new@example.com")
      assert.notStrictEqual(part(fresh, 0).kid, part(old, 0).kid)
      assert.isString((yield* verifier.verify(fresh)).userId) // unknown kid: one refetch finds it
      assert.isString((yield* verifier.verify(old)).userId)
      yield* emulator.run(Seeds.withdrawRetiredSigningKeys)
      yield* TestClock.adjust("10 minutes") // the cached key set expires (tokens live 10 minutes too: sign a new one)
      const refreshed = yield* signIn("rotation-later@example.com")
      assert.isString((yield* verifier.verify(refreshed)).userId)
      // a token of the withdrawn key: its signature cannot be checked any more (refused before its expiry is looked at)
      const stale = yield* Effect.flip(verifier.verify(old))
      assert.instanceOf(stale, KnownErrors.UnparsableAccessToken)
      // the emulator itself answers the same for it
      const remote = yield* Effect.flip(ServerAuth.authenticate(new Request("http://api.test/", { headers: { authorization: `Bearer ${old}` } }), { mode: "remote" }))
      assert.instanceOf(remote, KnownErrors.UnparsableAccessToken)
    }).pipe(Effect.provide(Layer.provideMerge(AccessTokenVerifier.layer(), TestApps.server()))))
})
