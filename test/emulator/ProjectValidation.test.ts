/**
 * Project and internal API key bodies checked with the emulator's one request validator
 * (`RequestSchema`), as the real 2.8.27 service answers them (measured on the service):
 * a field that reads a sibling is checked after it, and a number field converts a value the way
 * the service's does.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { call, refusedFields as refused } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

describe("project and API key bodies", () => {
  it.effect("an OAuth provider's type is checked before the client fields that read it", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({
        method: "PATCH",
        path: "/internal/projects/current",
        access: "admin",
        body: {
          config: {
            oauth_providers: [{ id: "nope", type: 5, client_id: {}, facebook_config_id: {} }],
            email_config: { type: 7, host: {}, port: "x" }
          }
        }
      })
      assert.deepStrictEqual(refused(answer), [
        "body.config.oauth_providers[0].facebook_config_id",
        "body.config.oauth_providers[0].type",
        "body.config.oauth_providers[0].client_id",
        "body.config.oauth_providers[0].id",
        "body.config.email_config.type",
        "body.config.email_config.host",
        "body.config.email_config.port"
      ])
    })))

  it.effect("a number field takes a one-element array of a number as that number", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ method: "POST", path: "/internal/api-keys", access: "admin", body: { expires_at_millis: [5] } })
      assert.deepStrictEqual(refused(answer), [
        "body.description",
        "body.has_publishable_client_key",
        "body.has_secret_server_key",
        "body.has_super_secret_admin_key"
      ])
    })))
})
