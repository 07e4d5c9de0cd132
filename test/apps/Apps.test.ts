import { assert, describe, it, layer } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import * as Access from "../../packages/sdk/src/transport/Access.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"

const Tokens = Schema.Struct({ access_token: Schema.String, refresh_token: Schema.String })
const Me = Schema.Struct({ id: Schema.String, primary_email: Schema.NullOr(Schema.String) })

layer(Emulator.layer)("the three apps against the emulator", (it) => {
  it.effect("a client app signs up through its session, then reads the current user", () =>
    Effect.gen(function*() {
      const session = yield* Session.Session
      const tokens = yield* Session.call({
        method: "POST",
        path: "/auth/password/sign-up",
        body: { email: "apps@example.com", password: "a-long-password-1", verification_callback_url: "http://localhost:3000/handler/email-verification" },
        response: Tokens,
        errors: [KnownErrors.UserWithEmailAlreadyExists]
      })
      yield* session.setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token })
      const me = yield* Session.call({ method: "GET", path: "/users/me", response: Me, errors: [] })
      assert.strictEqual(me.primary_email, "apps@example.com")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server app carries the ServerAccess witness and lists users", () =>
    Effect.gen(function*() {
      yield* Access.ServerAccess
      const page = yield* Call.call({
        method: "GET",
        path: "/users",
        response: Schema.Struct({ items: Schema.Array(Me) }),
        errors: []
      })
      assert.isTrue(page.items.some((u) => u.primary_email === "apps@example.com"))
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a client key cannot call a server route (the service says so, typed)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Call.call({ method: "GET", path: "/users", response: Schema.Unknown, errors: [KnownErrors.InsufficientAccessType] }))
      assert.strictEqual(error._tag, "InsufficientAccessType")
      const emulator = yield* Emulator.Emulator
      assert.isAbove((yield* emulator.requests.all).length, 0)
    }).pipe(Effect.provide(TestApps.client())))
})

describe("access witnesses need the key of their level", () => {
  it.effect("a configuration without the secret server key gets no server access, none without the admin key admin access", () =>
    Effect.gen(function*() {
      const clientConfig = StackConfig.make({ projectId: "p", publishableClientKey: "pck" })
      const serverConfig = StackConfig.make({ projectId: "p", secretServerKey: "ssk" })
      const noServer = yield* Effect.flip(Layer.build(Access.layerServer(clientConfig)))
      assert.strictEqual(noServer._tag, "StackConfigError")
      const noAdmin = yield* Effect.flip(Layer.build(Access.layerAdmin({ config: serverConfig })))
      assert.include(noAdmin.message, "admin key")
      const server = yield* Access.ServerAccess.pipe(Effect.provide(Access.layerServer(serverConfig)))
      assert.strictEqual(server.level, "server")
    }))

  it.effect("a server app given no secret key fails to build instead of failing each call", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Layer.build(StackServerApp.layer({ projectId: "p", secretServerKey: undefined as unknown as string })))
      assert.strictEqual(error._tag, "StackConfigError")
    }))
})

describe("access levels in types", () => {
  it("a server-only effect does not type-check under a client app", () => {
    const serverOnly = Access.ServerAccess.use(() => Effect.void)
    // @ts-expect-error ServerAccess is not provided by the client app
    const _check: Effect.Effect<void, never, never> = serverOnly.pipe(Effect.provide(TestApps.client()), Effect.provide(Emulator.layer))
    void _check // the check is the compiler's: `npm run typecheck` fails if this line compiles
  })
})

layer(Emulator.layer)("two apps in one Layer graph", (it) => {
  it.effect("never share a session or a default token store", () =>
    Effect.gen(function*() {
      // One memo map, as when both apps are parts of one Layer graph (e.g. a ManagedRuntime).
      const memoMap = yield* Layer.makeMemoMap
      const scope = yield* Effect.scope
      const first = yield* Layer.buildWithMemoMap(TestApps.client(), memoMap, scope)
      const second = yield* Layer.buildWithMemoMap(TestApps.client(), memoMap, scope)
      assert.notStrictEqual(Context.get(first, Session.Session), Context.get(second, Session.Session))
      assert.notStrictEqual(Context.get(first, TokenStore.TokenStore), Context.get(second, TokenStore.TokenStore))
    }))
})
