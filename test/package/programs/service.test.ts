// Tests of the service, swapping Layers: the in-process emulator instead of the network.
import { assert, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Auth from "stack-auth-effect/Auth"
import * as AuthHeaders from "stack-auth-effect/AuthHeaders"
import * as Permissions from "stack-auth-effect/Permissions"
import * as ServerUsers from "stack-auth-effect/ServerUsers"
import * as StackServerApp from "stack-auth-effect/StackServerApp"
import * as Teams from "stack-auth-effect/Teams"
import * as Users from "stack-auth-effect/Users"
import { Emulator, Faults, TestApps } from "@stack-auth-effect/emulator/testing"

it.layer(Emulator.layer)("the service", (it) => {
  it.effect("a signed-up browser's headers make the service's request run as that user", () =>
    Effect.gen(function*() {
      const headers = yield* Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "ada@example.com", password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* Teams.create({ displayName: "Analytical Engines" })
        return yield* AuthHeaders.getAuthHeaders()
      }).pipe(Effect.provide(TestApps.client()))
      const request = new Request("http://service.test/me", { headers })
      const user = yield* Users.getCurrent().pipe(StackServerApp.forRequest(request), Effect.provide(TestApps.server()))
      assert.strictEqual(user.primaryEmail, "ada@example.com")
      const team = user.selectedTeam!
      assert.isTrue(yield* Permissions.hasTeamPermission(team.id, "team_admin").pipe(StackServerApp.forRequest(request), Effect.provide(TestApps.server())))
    }))

  it.effect("a malformed e-mail is the typed SchemaError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ServerUsers.create({ primaryEmail: "not-an-e-mail" }))
      assert.strictEqual(error._tag, "SchemaError")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("an unreachable service fails at once with the test's retry schedule", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.faults.inject({ path: "/users", fault: Faults.drop() })
      const error = yield* Effect.flip(ServerUsers.list())
      assert.strictEqual(error._tag === "StackTransportError" ? error.reason._tag : error._tag, "ConnectionError")
    }).pipe(Effect.provide(TestApps.server({ app: { retry: { attempts: 1 } } }))))
})
