import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Sessions from "../../packages/sdk/src/api/Sessions.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { reasonWith } from "../support/Transport.ts"

const sessionsPath = "/api/v1/auth/sessions"

layer(Emulator.layer)("Sessions", (it) => {
  it.effect("a server creates a one-year session for a user, and acting with its tokens reads it as current", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const user = yield* ServerUsers.create({ displayName: "Session user" })
      const tokens = yield* Sessions.create({ userId: user.id })
      const sent = (yield* emulator.requests.filter({ method: "POST", path: sessionsPath })).at(-1)
      assert.deepStrictEqual(sent?.body, { user_id: user.id, expires_in_millis: 31_536_000_000, is_impersonation: false })

      const stored = Table.filter((yield* emulator.state.get).sessions, (s) => s.userId === user.id)
      assert.strictEqual(stored.length, 1)
      assert.strictEqual(stored[0]!.expiresAtMillis! - stored[0]!.createdAtMillis, Sessions.defaultExpiresInMillis)

      const mine = yield* Sessions.listMine().pipe(Effect.provide(StackServerApp.actAs(tokens)))
      assert.strictEqual(mine.length, 1)
      assert.strictEqual(mine[0]!.userId, user.id)
      assert.isTrue(mine[0]!.isCurrentSession)
      const asUser = (yield* emulator.requests.filter({ method: "GET", path: sessionsPath })).at(-1)
      assert.strictEqual(asUser?.headers["x-stack-access-type"], "client")
      assert.isUndefined(asUser?.headers["x-stack-secret-server-key"])
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("creating a session for an unknown user is UserIdDoesNotExist", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Sessions.create({ userId: crypto.randomUUID() }))
      assert.strictEqual(error._tag, "UserIdDoesNotExist")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a server lists a user's sessions without impersonations, an admin with them, and revokes one", () =>
    Effect.gen(function*() {
      const user = yield* ServerUsers.create({ displayName: "Many sessions" })
      const first = yield* Sessions.create({ userId: user.id })
      yield* Sessions.create({ userId: user.id, isImpersonation: true, expiresInMillis: 60_000 })
      const listed = yield* Sessions.list(user.id)
      assert.strictEqual(listed.length, 1)
      assert.isFalse(listed[0]!.isImpersonation)
      const all = yield* Sessions.list(user.id).pipe(Effect.provide(TestApps.admin()))
      assert.deepStrictEqual(all.map((s) => s.isImpersonation).sort(), [false, true])

      yield* Sessions.revoke(user.id, listed[0]!.id)
      assert.strictEqual((yield* Sessions.list(user.id)).length, 0)
      // the revoked session's refresh token no longer works
      const error = yield* Effect.flip(Sessions.listMine().pipe(
        Effect.provide(StackServerApp.actAs({ refreshToken: first.refreshToken }))
      ))
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a server's revoke sends the user's id, which the service requires; an unknown session is its plain 404", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const user = yield* ServerUsers.create({ displayName: "Revoked" })
      yield* Sessions.create({ userId: user.id })
      const [session] = yield* Sessions.list(user.id)
      yield* Sessions.revoke(user.id, session!.id)
      const sent = (yield* emulator.requests.filter({ method: "DELETE", path: `${sessionsPath}/${session!.id}` })).at(-1)
      assert.strictEqual(sent?.query.user_id, user.id)

      const unknown = yield* Effect.flip(Sessions.revoke(user.id, crypto.randomUUID()))
      assert.strictEqual(reasonWith(unknown, "HttpError").status, 404)
      // without `user_id` the emulator refuses, as the service does
      const bare = yield* Effect.flip(Call.call({
        method: "DELETE",
        path: `/auth/sessions/${crypto.randomUUID()}`,
        response: Schema.Unknown,
        errors: [KnownErrors.SchemaError]
      }))
      assert.strictEqual(bare._tag, "SchemaError")
      assert.include(bare.message, "query.user_id must be defined")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("the signed-in user revokes another of their sessions, never the one in use", () =>
    Effect.gen(function*() {
      const user = yield* ServerUsers.create({ displayName: "Two devices" })
      const laptop = yield* Sessions.create({ userId: user.id })
      const phone = yield* Sessions.create({ userId: user.id })
      const error = yield* Effect.gen(function*() {
        const mine = yield* Sessions.listMine()
        assert.strictEqual(mine.length, 2)
        const other = mine.find((s) => !s.isCurrentSession)!
        const current = mine.find((s) => s.isCurrentSession)!
        yield* Sessions.revokeMine(other.id)
        assert.deepStrictEqual((yield* Sessions.listMine()).map((s) => s.id), [current.id])
        return yield* Effect.flip(Sessions.revokeMine(current.id))
      }).pipe(Effect.provide(StackServerApp.actAs(laptop)))
      assert.strictEqual(error._tag, "CannotDeleteCurrentSession")
      // the revoked one was the phone's: its tokens no longer sign in
      const phoneError = yield* Effect.flip(Sessions.listMine().pipe(Effect.provide(StackServerApp.actAs({ refreshToken: phone.refreshToken }))))
      assert.strictEqual(phoneError._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("listing one's sessions while signed out is CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Sessions.listMine())
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))
})
