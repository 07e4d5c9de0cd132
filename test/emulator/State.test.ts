import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import { assertKnownError, call, signUp } from "./support.ts"

describe("export and import of the state", () => {
  it.effect("a state exported from one emulator and imported into another keeps users, sessions, mails and keys", () =>
    Effect.gen(function*() {
      const exported = yield* Effect.gen(function*() {
        const tokens = yield* signUp("kept@example.com", "kept password", {
          body: { email: "kept@example.com", password: "kept password", verification_callback_url: "http://localhost:3000/verify" }
        })
        const emulator = yield* Emulator.Emulator
        return { tokens, json: yield* emulator.exportState }
      }).pipe(Effect.provide(Emulator.layer))

      const fresh = yield* Effect.gen(function*() {
        assertKnownError(yield* call({ path: "/users/me", accessToken: exported.tokens.access_token }), "UNPARSABLE_ACCESS_TOKEN", 401)
      }).pipe(Effect.provide(Emulator.layer))
      assert.isUndefined(fresh)

      yield* Effect.gen(function*() {
        const emulator = yield* Emulator.Emulator
        yield* emulator.importState(exported.json)
        assert.strictEqual(yield* emulator.exportState, exported.json)
        const me = yield* call({ path: "/users/me", accessToken: exported.tokens.access_token })
        assert.strictEqual(me.body.id, exported.tokens.user_id)
        const signIn = yield* call({ method: "POST", path: "/auth/password/sign-in", body: { email: "kept@example.com", password: "kept password" } })
        assert.strictEqual(signIn.status, 200)
        const mail = yield* emulator.mailbox.latest("kept")
        assert.isString(mail === undefined ? undefined : Mail.codeOf(mail))
      }).pipe(Effect.provide(Emulator.layer))

      yield* Effect.gen(function*() {
        const me = yield* call({ path: "/users/me", accessToken: exported.tokens.access_token })
        assert.strictEqual(me.status, 200)
      }).pipe(Effect.provide(Layer.orDie(Emulator.layerWith({ state: exported.json }))))
    }))

  it.effect("an invalid state is refused and leaves the state as it was", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const before = yield* emulator.exportState
      for (const bad of ["not json", "{}", JSON.stringify({ version: 1 }), JSON.stringify({ version: 2 })]) {
        const error = yield* Effect.flip(emulator.importState(bad))
        assert.strictEqual(error._tag, "InvalidEmulatorState")
      }
      assert.strictEqual(yield* emulator.exportState, before)
    }).pipe(Effect.provide(Emulator.layer)))

  it.effect("test setup can create users directly with Emulator.run", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const user = yield* emulator.run(Users.create({ projectId: emulator.demoProject.projectId, displayName: "Seeded", primaryEmail: "seeded@example.com" }))
      const read = yield* call({ path: `/users/${user.id}`, access: "server" })
      assert.strictEqual(read.body.display_name, "Seeded")
      assert.strictEqual(read.body.primary_email_auth_enabled, false)
    }).pipe(Effect.provide(Emulator.layer)))
})
