/**
 * A browser may send only the request headers the service's CORS preflight allows: any other
 * header makes the browser refuse every call (the 2.8.27 service lists its allowed headers; the
 * emulator answers any preflight, so only this test can tell).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"

/** `Access-Control-Allow-Headers` of the 2.8.27 service (its middleware), lower case. */
const serviceAllowedHeaders = new Set([
  "content-type", "authorization", "x-stack-project-id", "x-stack-branch-id", "x-stack-override-error-status",
  "x-stack-random-nonce", "x-stack-client-version", "x-stack-disable-artificial-development-delay",
  "x-stack-access-type", "x-stack-publishable-client-key", "x-stack-secret-server-key",
  "x-stack-super-secret-admin-key", "x-stack-admin-access-token", "x-stack-refresh-token", "x-stack-access-token",
  "baggage", "sentry-trace", "x-vercel-protection-bypass", "ngrok-skip-browser-warning"
])

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "")
const accessToken = `${b64({ alg: "none" })}.${b64({ sub: "u", exp: 4_102_444_800 })}.sig`

const sentHeaders = (app: (fetch: typeof globalThis.fetch) => Layer.Layer<Session.Session>) =>
  Effect.gen(function*() {
    const names: Array<string> = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      new Request(input, init).headers.forEach((_value, name) => names.push(name.toLowerCase()))
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } })
    }
    yield* Session.call({ method: "POST", path: "/users/me", body: { x: 1 }, response: Schema.Unknown, errors: [] }).pipe(
      Effect.provide(app(fetch))
    )
    return [...new Set(names)]
  })

const tokenStore = Layer.orDie(TokenStore.layerExplicit({ accessToken, refreshToken: "refresh-token-value-0123456789" }))

describe("CORS: the headers a request carries", () => {
  it.effect("a client app with tokens sends only headers the service's preflight allows", () =>
    Effect.gen(function*() {
      const names = yield* sentHeaders((fetch) =>
        StackClientApp.layer({ projectId: "p", publishableClientKey: "k", baseUrl: "http://stack.test", tokenStore })
          .pipe(Layer.provideMerge(HttpTransport.layerFetch(fetch)), Layer.orDie))
      assert.includeMembers(names, ["x-stack-access-token", "x-stack-project-id", "content-type"])
      assert.deepStrictEqual(names.filter((name) => !serviceAllowedHeaders.has(name)), [])
    }))

  it.effect("so does an admin app", () =>
    Effect.gen(function*() {
      const names = yield* sentHeaders((fetch) =>
        StackAdminApp.layer({ projectId: "p", publishableClientKey: "k", superSecretAdminKey: "a", baseUrl: "http://stack.test", tokenStore })
          .pipe(Layer.provideMerge(HttpTransport.layerFetch(fetch)), Layer.orDie))
      assert.deepStrictEqual(names.filter((name) => !serviceAllowedHeaders.has(name)), [])
    }))
})
