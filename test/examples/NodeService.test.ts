import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as PermissionDefinitions from "../../packages/sdk/src/api/PermissionDefinitions.ts"
import * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as AuthHeaders from "../../packages/sdk/src/session/AuthHeaders.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { handle } from "../../examples/node-service/service.ts"

/** A browser signed up as `email`: the headers it forwards to the service. */
const signUp = (email: string) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email, password: "correct-horse-battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
    return yield* AuthHeaders.getAuthHeaders()
  }).pipe(Effect.provide(TestApps.client()))

const json = (response: Response) => Effect.promise(() => response.json() as Promise<Record<string, unknown>>)

layer(Emulator.layer)("examples/node-service", (it) => {
  it.effect("authenticates each request by its x-stack-auth header on one app, lists users, refuses an unknown permission", () =>
    Effect.gen(function*() {
      const headers = { ...(yield* signUp("node-service@example.com")) }
      const other = { ...(yield* signUp("node-service-other@example.com")) }

      const anonymous = yield* handle(new Request("http://svc.test/me"))
      assert.strictEqual(anonymous.status, 401)

      const me = yield* handle(new Request("http://svc.test/me", { headers }))
      assert.strictEqual(me.status, 200)
      assert.strictEqual((yield* json(me)).email, "node-service@example.com")
      const them = yield* handle(new Request("http://svc.test/me", { headers: other }))
      assert.strictEqual((yield* json(them)).email, "node-service-other@example.com")

      const users = (yield* json(yield* handle(new Request("http://svc.test/users", { headers })))) as { users: Array<{ email: string }> }
      assert.isTrue(users.users.some((u) => u.email === "node-service@example.com"))

      const missing = yield* handle(new Request("http://svc.test/grant?permission=no_such_permission", { method: "POST", headers }))
      assert.strictEqual(missing.status, 400)
      assert.strictEqual(((yield* json(missing)) as { error: string }).error, "Permission not found.")
      // an id the service's schema refuses (a hyphen) is a 400 too, never a 500
      const malformed = yield* handle(new Request("http://svc.test/grant?permission=no-such-permission", { method: "POST", headers }))
      assert.strictEqual(malformed.status, 400)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("the grant route's default permission, defined as main.ts does, is granted and visible to the server app", () =>
    Effect.gen(function*() {
      yield* PermissionDefinitions.create("project", { id: "reports:read", description: "Read reports", containedPermissionIds: [] })
        .pipe(Effect.provide(TestApps.admin()))
      const headers = { ...(yield* signUp("granted@example.com")) }
      const granted = yield* handle(new Request("http://svc.test/grant", { method: "POST", headers }))
      const body = (yield* json(granted)) as { to: string; granted: string }
      assert.strictEqual(granted.status, 200, JSON.stringify(body))
      assert.strictEqual(body.granted, "reports:read")
      const permissions = yield* Permissions.listProjectAsServer({ userId: body.to })
      assert.isTrue(permissions.some((p) => p.id === "reports:read"))
    }).pipe(Effect.provide(TestApps.server())))
})
