import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import { SchemaError } from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { withWireSpy } from "../support/WireSpy.ts"

layer(Emulator.layer)("camelCase inputs", (it) => {
  it.effect("a camelCase input goes over the wire in snake_case, nested values and a Redacted password included", () =>
    Effect.gen(function*() {
      const { result, sent } = yield* withWireSpy(ServerUsers.create({
        primaryEmail: "wire@example.com",
        primaryEmailAuthEnabled: true,
        password: Redacted.make("a-long-password-1"),
        clientMetadata: { keptAs_is: 1 },
        oauthProviders: [{ id: "github", accountId: "gh-1", email: null }]
      })) // the spy wraps the test app's transport (its route to the emulator)
      assert.strictEqual(result.primaryEmail, "wire@example.com")
      assert.deepStrictEqual(JSON.parse(sent[0]!.body), {
        primary_email: "wire@example.com",
        primary_email_auth_enabled: true,
        password: "a-long-password-1",
        client_metadata: { keptAs_is: 1 },
        oauth_providers: [{ id: "github", account_id: "gh-1", email: null }]
      })
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("an unknown key (a snake_case name from untyped code) is SchemaError, and nothing is sent", () =>
    Effect.gen(function*() {
      const { result, sent } = yield* withWireSpy(Effect.flip(ServerUsers.create({ primary_email: "old@example.com" } as never)))
      assert.strictEqual(result._tag, "SchemaError")
      assert.include(result.message, "primary_email")
      assert.strictEqual(sent.length, 0)
      const team = yield* withWireSpy(Effect.flip(Teams.createAsServer({ displayName: 7 } as never)))
      assert.strictEqual(team.result._tag, "SchemaError")
      assert.strictEqual(team.sent.length, 0)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("the input error never carries the values given", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ServerUsers.create({ password: 12345678, extra: "s3cr3t-value" } as never))
      assert.strictEqual(error._tag, "SchemaError")
      assert.notInclude(JSON.stringify(error), "s3cr3t-value")
      assert.notInclude(JSON.stringify(error), "12345678")
      assert.notInclude(String(error), "12345678")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("the service refusing an input (a malformed e-mail) is the declared SchemaError, not the generic KnownError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ServerUsers.create({ primaryEmail: "not-an-e-mail" }))
      assert.instanceOf(error, SchemaError)
      assert.strictEqual(error.status, 400)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a malformed e-mail on sign-up arrives as the declared SchemaError, with the service's reason", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Auth.signUpWithPassword({ email: "not-an-e-mail", password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
      assert.instanceOf(error, SchemaError)
      assert.strictEqual(error._tag, "SchemaError")
      assert.include(error.message, "email")
    }).pipe(Effect.provide(TestApps.client())))
})
