/**
 * The shared OAuth client (SPEC §7 `/auth/oauth/token`, §9): the project as a `client_secret_post`
 * client with a 30 s clock tolerance, requests sent through the `HttpTransport` in context with the
 * fiber's AbortSignal, answers buffered, known errors read from the answer.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as oauth from "oauth4webapi"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { fromFetch, HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as OAuthClient from "../../packages/sdk/src/transport/internal/OAuthClient.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import { loopbackServer } from "../support/LoopbackServer.ts"

const config = StackConfig.make({ projectId: "p1", publishableClientKey: "pck_1", baseUrl: "http://localhost:8102/" })

/** A transport answering `answer` and keeping what it was sent. */
const answering = (answer: () => Response) => {
  const sent: Array<{ readonly url: string; readonly form: URLSearchParams; readonly signal: AbortSignal }> = []
  const transport: HttpTransport = {
    send: (request) =>
      Effect.map(Effect.promise(() => request.clone().text()), (body) => {
        sent.push({ url: request.url, form: new URLSearchParams(body), signal: request.signal })
        return answer()
      })
  }
  return { sent, transport }
}

const refreshWith = (oauthClient: OAuthClient.OAuthClient) =>
  OAuthClient.send(oauthClient, (options) =>
    oauth.refreshTokenGrantRequest(oauthClient.authorizationServer, oauthClient.client, oauthClient.clientAuth, "rt", options))

describe("OAuthClient (SPEC §7, §9)", () => {
  it.effect("is the project as a client_secret_post client of the configured token endpoint, with a 30 s clock tolerance", () => Effect.gen(function*() {
    const { authorizationServer, client, tokenEndpoint } = yield* OAuthClient.make(config)
    assert.strictEqual(tokenEndpoint, "http://localhost:8102/api/v1/auth/oauth/token")
    assert.deepStrictEqual(authorizationServer, { issuer: "http://localhost:8102", token_endpoint: tokenEndpoint })
    assert.strictEqual(client.client_id, "p1")
    assert.strictEqual(client.token_endpoint_auth_method, "client_secret_post")
    assert.strictEqual(client[oauth.clockTolerance], OAuthClient.clockToleranceSeconds)
    assert.strictEqual(OAuthClient.clockToleranceSeconds, 30)
  }))

  it.effect("sends through the HttpTransport in context, the publishable key as client_secret, and buffers the answer", () =>
    Effect.gen(function*() {
      const wire = answering(() => new Response(JSON.stringify({ access_token: "at", token_type: "bearer" }), { headers: { "content-type": "application/json" } }))
      const oauthClient = yield* OAuthClient.make(config)
      const response = yield* refreshWith(oauthClient).pipe(Effect.provideService(HttpTransport, wire.transport))
      assert.lengthOf(wire.sent, 1)
      assert.strictEqual(wire.sent[0]!.url, oauthClient.tokenEndpoint)
      assert.deepStrictEqual(Object.fromEntries(wire.sent[0]!.form), { grant_type: "refresh_token", refresh_token: "rt", client_id: "p1", client_secret: "pck_1" })
      assert.isFalse(response.bodyUsed)
      const processed = yield* Effect.promise(() => oauth.processRefreshTokenResponse(oauthClient.authorizationServer, oauthClient.client, response))
      assert.strictEqual(processed.access_token, "at")
      assert.isUndefined(yield* OAuthClient.knownError(response))
    }))

  it.effect("without a publishable key no client_secret is sent", () =>
    Effect.gen(function*() {
      const wire = answering(() => new Response("{}"))
      yield* refreshWith(yield* OAuthClient.make({ ...config, publishableClientKey: undefined })).pipe(Effect.provideService(HttpTransport, wire.transport))
      assert.isFalse(wire.sent[0]!.form.has("client_secret"))
    }))

  it.effect("reads a known error from the answer, message and details included", () =>
    Effect.gen(function*() {
      const wire = answering(() =>
        new Response(JSON.stringify({ code: "INVALID_AUTHORIZATION_CODE", error: "The code is invalid", details: { a: 1 } }), {
          status: 400,
          headers: { "content-type": "application/json", [Headers.knownError]: "INVALID_AUTHORIZATION_CODE" }
        })
      )
      const response = yield* refreshWith(yield* OAuthClient.make(config)).pipe(Effect.provideService(HttpTransport, wire.transport))
      const error = yield* OAuthClient.knownError(response)
      assert.deepStrictEqual([error?.code, error?.status, error?.message, error?.details], ["INVALID_AUTHORIZATION_CODE", 400, "The code is invalid", { a: 1 }])
    }))

  it.effect("a transport failure fails the send with it; a failure thrown by the request builder becomes a TransportFailure", () =>
    Effect.gen(function*() {
      const failing: HttpTransport = { send: () => Effect.die("unused") }
      const thrown = yield* Effect.flip(
        OAuthClient.send(yield* OAuthClient.make(config), () => Promise.reject(new TypeError("fetch failed"))).pipe(Effect.provideService(HttpTransport, failing))
      )
      assert.strictEqual(thrown._tag, "TransportFailure")
      assert.strictEqual(thrown.reason, "TypeError: fetch failed")
    }))

  it.effect("an answer over the body cap fails with the cap's own failure: its status and cap kept, not rewrapped", () =>
    Effect.gen(function*() {
      const oauthClient = yield* OAuthClient.make(config)
      const { transport } = answering(() =>
        new Response("x".repeat(Limits.defaults.maxResponseBytes + 1), { status: 200, headers: { "content-type": "application/json" } })
      )
      const failure = yield* Effect.flip(Effect.provideService(refreshWith(oauthClient), HttpTransport, transport))
      assert.strictEqual(failure.status, 200)
      assert.strictEqual(failure.maxBytes, Limits.defaults.maxResponseBytes)
      assert.strictEqual(failure.reason, `the body is larger than ${Limits.defaults.maxResponseBytes} bytes`)
    }))

  it.effect("never follows a redirect: the code or token goes nowhere but the configured service", () =>
    Effect.gen(function*() {
      const elsewhere = yield* loopbackServer(() => ({ _tag: "Respond", status: 200, body: "{}" }))
      const server = yield* loopbackServer(() => ({ _tag: "Respond", status: 307, headers: { location: `${elsewhere.url}/token` }, body: "" }))
      const oauthClient = yield* OAuthClient.make(StackConfig.make({ projectId: "p1", publishableClientKey: "pck_1", baseUrl: server.url }))
      const response = yield* refreshWith(oauthClient).pipe(Effect.provideService(HttpTransport, fromFetch(globalThis.fetch)))
      assert.strictEqual(response.status, 307, "the redirect arrives as it is, for the caller to refuse")
      assert.strictEqual(server.count(), 1)
      assert.strictEqual(elsewhere.count(), 0)
    }))
})
