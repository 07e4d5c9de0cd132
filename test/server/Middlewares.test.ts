import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Rpc from "effect/rpc/Rpc"
import * as RpcGroup from "effect/rpc/RpcGroup"
import * as RpcTest from "effect/rpc/RpcTest"
import { TestClock } from "effect/testing"
import { Emulator, layer as layerInProcess } from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as CurrentUser from "../../packages/sdk/src/server/CurrentUser.ts"
import * as HttpRouterAuth from "../../packages/sdk/src/server/HttpRouterAuth.ts"
import * as RpcAuth from "../../packages/sdk/src/server/RpcAuth.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"

const serverApp = Layer.provideMerge(AccessTokenVerifier.layer(), TestApps.server())

// ----- HttpRouter -----

const routes = HttpRouter.add(
  "GET",
  "/me",
  CurrentUser.CurrentUser.use((user) => Effect.succeed(HttpServerResponse.jsonUnsafe({ userId: user.userId })))
).pipe(Layer.provide(HttpRouterAuth.layer()))

const serveRouter = Effect.gen(function*() {
  const handler = yield* HttpRouter.toHttpEffect(routes.pipe(Layer.provide(serverApp), Layer.provide(HttpServer.layerServices)))
  return (request: Request) =>
    handler.pipe(
      Effect.provideService(HttpServerRequest.HttpServerRequest, HttpServerRequest.fromWeb(request)),
      Effect.map((response) => HttpServerResponse.toWeb(response)),
      Effect.flatMap((response) => Effect.promise(async () => ({ response, body: await response.text() })))
    )
})

// ----- RPC -----

class Whoami extends Rpc.make("whoami", { success: Schema.String }).middleware(RpcAuth.Authentication) {}
class Api extends RpcGroup.make(Whoami) {}
const handlers = Api.toLayer({ whoami: () => CurrentUser.CurrentUser.use((user) => Effect.succeed(user.userId)) })

/** A client app's session (the given tokens) calling the RPC server in process. */
const rpcClient = (tokens: TokenStore.StoredTokens) =>
  Effect.flatMap(
    Layer.build(Layer.mergeAll(
      handlers,
      RpcAuth.layer().pipe(Layer.provide(serverApp)),
      RpcAuth.layerClient.pipe(Layer.provide(TestApps.client({ tokenStore: TokenStore.layerExplicit(tokens).pipe(Layer.orDie) })))
    )),
    (context) => RpcTest.makeClient(Api).pipe(Effect.provideContext(context))
  )

const browser = (email: string) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email, password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
    return (yield* (yield* Session.Session).getTokens())!
  }).pipe(Effect.provide(TestApps.client()))

layer(layerInProcess)("server middlewares", (it) => {
  it.effect("HttpRouter: a guarded route sees CurrentUser; without a token it never runs and the answer is 401 JSON", () =>
    Effect.gen(function*() {
      const call = yield* serveRouter
      const tokens = yield* browser("router-me@example.com")
      const ok = yield* call(new Request("http://api.test/me", { headers: { authorization: `Bearer ${Redacted.value(tokens.accessToken)}` } }))
      assert.strictEqual(ok.response.status, 200)
      assert.isString(JSON.parse(ok.body).userId)
      const none = yield* call(new Request("http://api.test/me"))
      assert.strictEqual(none.response.status, 401)
      assert.deepStrictEqual(JSON.parse(none.body).code, "MISSING_CREDENTIALS")
    }))

  it.effect("RPC: the client attaches the session's token; the server's handler reads CurrentUser", () =>
    Effect.gen(function*() {
      const tokens = yield* browser("rpc-me@example.com")
      const client = yield* rpcClient(tokens)
      const userId = yield* client.whoami()
      const expected = (yield* Effect.provide(
        CurrentUser.CurrentUser.use((user) => Effect.succeed(user.userId)),
        Layer.succeed(CurrentUser.CurrentUser, (yield* RpcAuthCheck(tokens)))
      ))
      assert.strictEqual(userId, expected)
    }))

  it.effect("RPC: an expired access token is refreshed by the client's session before the call", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const tokens = yield* browser("rpc-refresh@example.com")
      const client = yield* rpcClient(tokens)
      yield* TestClock.adjust(3_600_000)
      const before = yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" })
      assert.isString(yield* client.whoami())
      assert.strictEqual((yield* emulator.requests.count({ method: "POST", path: "/auth/oauth/token" })) - before, 1)
    }))

  it.effect("RPC: signed out, the call fails with Unauthorized", () =>
    Effect.gen(function*() {
      const client = yield* rpcClient({})
      const error = yield* Effect.flip(client.whoami())
      assert.strictEqual(error._tag, "Unauthorized")
    }))
})

/** The caller the verifier sees for `tokens` (what the RPC handler should answer). */
const RpcAuthCheck = (tokens: Session.ValidTokens) =>
  Effect.map(
    AccessTokenVerifier.verify(tokens.accessToken),
    (claims) => CurrentUser.make(claims, "local", Effect.die("unused"))
  ).pipe(Effect.provide(serverApp), Effect.orDie)
