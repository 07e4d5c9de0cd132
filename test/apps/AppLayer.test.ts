import { assert, describe, it } from "@effect/vitest"
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import { StackHttp } from "../../packages/sdk/src/transport/StackHttp.ts"

/** An environment holding every key, so each app must drop the ones above its level itself. */
const everyKey = ConfigProvider.layer(ConfigProvider.fromUnknown({
  [StackConfig.env.projectId]: "p1",
  [StackConfig.env.publishableClientKey]: "pck",
  [StackConfig.env.secretServerKey]: "ssk",
  [StackConfig.env.superSecretAdminKey]: "ssak"
}))

/** The keys the app's pipeline sends, unwrapped. */
const keysSent = <E>(app: Layer.Layer<StackHttp, E>) =>
  Effect.gen(function*() {
    const { accessType, config } = yield* StackHttp
    return {
      accessType,
      projectId: config.projectId,
      publishableClientKey: config.publishableClientKey,
      secretServerKey: config.secretServerKey === undefined ? undefined : Redacted.value(config.secretServerKey),
      superSecretAdminKey: config.superSecretAdminKey === undefined ? undefined : Redacted.value(config.superSecretAdminKey)
    }
  }).pipe(Effect.provide(app))

const fromEnv = <E>(app: Layer.Layer<StackHttp, E>) => keysSent(app.pipe(Layer.provide(everyKey)))

describe("apps send only the keys of their access level", () => {
  it.effect("layerConfig: a client app drops both secrets, a server app the admin key, an admin app none", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* fromEnv(StackClientApp.layerConfig()), {
        accessType: "client", projectId: "p1", publishableClientKey: "pck", secretServerKey: undefined, superSecretAdminKey: undefined
      })
      assert.deepStrictEqual(yield* fromEnv(StackServerApp.layerConfig()), {
        accessType: "server", projectId: "p1", publishableClientKey: "pck", secretServerKey: "ssk", superSecretAdminKey: undefined
      })
      assert.deepStrictEqual(yield* fromEnv(StackAdminApp.layerConfig()), {
        accessType: "admin", projectId: "p1", publishableClientKey: "pck", secretServerKey: "ssk", superSecretAdminKey: "ssak"
      })
    }))

  it.effect("layerConfig: given options win over the environment", () =>
    Effect.gen(function*() {
      const sent = yield* fromEnv(StackServerApp.layerConfig({ projectId: "p2", secretServerKey: "other" }))
      assert.strictEqual(sent.projectId, "p2")
      assert.strictEqual(sent.secretServerKey, "other")
    }))

  it.effect("layerConfig: every option may be a Config read from a variable of the app's choosing", () =>
    Effect.gen(function*() {
      const env = ConfigProvider.layer(ConfigProvider.fromUnknown({
        MY_PROJECT: "p3",
        MY_CLIENT_KEY: "pck3",
        MY_SERVER_KEY: "ssk3",
        MY_URL: "http://localhost:9999/"
      }))
      const app = StackServerApp.layerConfig({
        projectId: Config.String("MY_PROJECT"),
        publishableClientKey: Config.String("MY_CLIENT_KEY"),
        secretServerKey: Config.Redacted("MY_SERVER_KEY"),
        baseUrl: Config.String("MY_URL")
      })
      const sent = yield* keysSent(app.pipe(Layer.provide(env)))
      assert.deepStrictEqual(sent, {
        accessType: "server", projectId: "p3", publishableClientKey: "pck3", secretServerKey: "ssk3", superSecretAdminKey: undefined
      })
      const baseUrl = yield* StackHttp.use((http) => Effect.succeed(http.config.baseUrl)).pipe(Effect.provide(app.pipe(Layer.provide(env))))
      assert.strictEqual(baseUrl, "http://localhost:9999")
    }))

  it.effect("layerConfig: a missing variable is a ConfigError naming it", () =>
    Effect.gen(function*() {
      const empty = ConfigProvider.layer(ConfigProvider.fromUnknown({}))
      const error = yield* Effect.flip(keysSent(StackClientApp.layerConfig({ projectId: Config.String("MY_PROJECT") }).pipe(Layer.provide(empty))))
      assert.include(String(error), "MY_PROJECT")
    }))

  it.effect("layer: plain options become the level's configuration, keys Redacted", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* keysSent(StackClientApp.layer({ projectId: "p1", publishableClientKey: "pck" })), {
        accessType: "client", projectId: "p1", publishableClientKey: "pck", secretServerKey: undefined, superSecretAdminKey: undefined
      })
      assert.deepStrictEqual(yield* keysSent(StackServerApp.layer({ projectId: "p1", secretServerKey: Redacted.make("ssk") })), {
        accessType: "server", projectId: "p1", publishableClientKey: undefined, secretServerKey: "ssk", superSecretAdminKey: undefined
      })
      assert.deepStrictEqual(yield* keysSent(StackAdminApp.layer({ projectId: "p1", superSecretAdminKey: "ssak" })), {
        accessType: "admin", projectId: "p1", publishableClientKey: undefined, secretServerKey: undefined, superSecretAdminKey: "ssak"
      })
    }))

  it.effect("layer: a server app given an object that also holds the admin key does not send it", () =>
    Effect.gen(function*() {
      const adminOptions = { projectId: "p1", secretServerKey: "ssk", superSecretAdminKey: "ssak" }
      const sent = yield* keysSent(StackServerApp.layer(adminOptions))
      assert.strictEqual(sent.secretServerKey, "ssk")
      assert.isUndefined(sent.superSecretAdminKey)
    }))
})
