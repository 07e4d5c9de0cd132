import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Auth from "../../src/api/Auth.ts"
import * as PermissionDefinitions from "../../src/api/PermissionDefinitions.ts"
import * as Permissions from "../../src/api/Permissions.ts"
import { Emulator, layerInProcess } from "../../src/emulator/Emulator.ts"
import * as Session from "../../src/session/Session.ts"
import * as TestApps from "../../src/testing/TestApps.ts"
import { handle } from "../../examples/node-service/service.ts"

const signUp = (email: string) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email, password: "correct-horse-battery" })
    const tokens = (yield* (yield* Session.Session).getTokens())!
    return JSON.stringify({ accessToken: Redacted.value(tokens.accessToken), refreshToken: Redacted.value(tokens.refreshToken!) })
  }).pipe(Effect.provide(TestApps.client()))

layer(layerInProcess)("examples/node-service", (it) => {
  it.effect("authenticates a request by its x-stack-auth header, lists users, grants a permission", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const service = handle({ ...emulator.demoProject, baseUrl: emulator.baseUrl })
      const auth = yield* signUp("node-service@example.com")

      const anonymous = yield* service(new Request("http://svc.test/me"))
      assert.strictEqual(anonymous.status, 401)

      const me = yield* service(new Request("http://svc.test/me", { headers: { "x-stack-auth": auth } }))
      assert.strictEqual(me.status, 200)
      const body = (yield* Effect.promise(() => me.json())) as { id: string; email: string }
      assert.strictEqual(body.email, "node-service@example.com")

      const users = yield* service(new Request("http://svc.test/users", { headers: { "x-stack-auth": auth } }))
      const list = (yield* Effect.promise(() => users.json())) as { users: Array<{ email: string }> }
      assert.isTrue(list.users.some((u) => u.email === "node-service@example.com"))

      const missing = yield* service(new Request("http://svc.test/grant?permission=no-such-permission", { method: "POST", headers: { "x-stack-auth": auth } }))
      assert.strictEqual(missing.status, 400)
    }))

  it.effect("the granted permission is visible to the server app", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      yield* PermissionDefinitions.create("project", { id: "reports:read", description: "Read reports", containedPermissionIds: [] })
        .pipe(Effect.provide(TestApps.admin()))
      const service = handle({ ...emulator.demoProject, baseUrl: emulator.baseUrl })
      const auth = yield* signUp("granted@example.com")
      const granted = yield* service(new Request("http://svc.test/grant?permission=reports:read", { method: "POST", headers: { "x-stack-auth": auth } }))
      const body = (yield* Effect.promise(() => granted.json())) as { to: string; granted: string }
      assert.strictEqual(granted.status, 200, JSON.stringify(body))
      const permissions = yield* Permissions.listProjectAsServer({ userId: body.to }).pipe(Effect.provide(TestApps.server()))
      assert.isTrue(permissions.some((p) => p.id === "reports:read"))
    }))
})
