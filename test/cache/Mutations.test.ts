import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as Auth from "../../src/api/Auth.ts"
import type { SessionInfo } from "../../src/protocol/schemas/SessionInfo.ts"
import * as Users from "../../src/api/Users.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import * as Queries from "../../src/cache/Queries.ts"
import * as QueryCache from "../../src/cache/QueryCache.ts"
import { Emulator, layerInProcess } from "../../src/emulator/Emulator.ts"
import * as TestApps from "../../src/testing/TestApps.ts"

const app = () => Layer.provideMerge(QueryCache.layer, TestApps.client())
let n = 0
const signUp = Effect.suspend(() =>
  Auth.signUpWithPassword({ email: `mutations-${++n}-${Date.now()}@example.com`, password: "correct horse battery" })
)

const value = <A, E>(snapshot: QueryCache.Snapshot<A, E>): A | undefined =>
  snapshot.exit !== undefined && Exit.isSuccess(snapshot.exit) ? snapshot.exit.value : undefined

layer(layerInProcess)("Mutations", (it) => {
  it.effect("updateUser gives subscribers the answered user without reading it again", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      yield* cache.retain(Queries.currentUser)
      yield* cache.get(Queries.currentUser) // waits for the subscription's load
      const reads = yield* emulator.requests.count({ method: "GET", path: "/users/me" })
      yield* Mutations.updateUser({ displayName: "Ada" })
      assert.strictEqual(value(cache.snapshotUnsafe<Users.CurrentUser | null, never>(Queries.keys.currentUser))?.displayName, "Ada")
      yield* TestClock.adjust(1_000)
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: "/users/me" }), reads)
    }).pipe(Effect.provide(app())))

  it.effect("createTeam adds the team to the cached list, and leaveTeam takes it out", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      yield* cache.retain(Queries.teams)
      yield* cache.get(Queries.teams) // waits for the subscription's load
      const team = yield* Mutations.createTeam({ displayName: "Rocket" })
      assert.deepStrictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.teams))?.map((t) => t.id), [team.id])
      yield* Mutations.leaveTeam(team.id)
      assert.deepStrictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.teams)), [])
    }).pipe(Effect.provide(app())))

  it.effect("createContactChannel and removeContactChannel keep the cached list right", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      yield* cache.retain(Queries.contactChannels)
      yield* cache.get(Queries.contactChannels) // waits for the subscription's load
      const before = value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.contactChannels))!.length
      const channel = yield* Mutations.createContactChannel({ type: "email", value: "second@example.com", usedForAuth: false })
      assert.strictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.contactChannels))!.length, before + 1)
      yield* Mutations.removeContactChannel(channel.id)
      assert.strictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.contactChannels))!.length, before)
    }).pipe(Effect.provide(app())))

  it.effect("revokeApiKey shows the key revoked in the cached list", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      const created = yield* Mutations.createApiKey({ userId: "me", description: "ci" })
      const keys = Queries.apiKeys()
      yield* cache.retain(keys)
      yield* cache.get(keys) // waits for the subscription's load
      yield* Mutations.revokeApiKey({ userId: "me" }, created.id)
      const listed = value(cache.snapshotUnsafe<ReadonlyArray<{ id: string; manuallyRevokedAt?: Date }>, never>(keys.key))!
      assert.isDefined(listed.find((k) => k.id === created.id)?.manuallyRevokedAt)
    }).pipe(Effect.provide(app())))

  it.effect("without a cache in the context a mutation is just its call", () =>
    Effect.gen(function*() {
      yield* signUp
      const user = yield* Mutations.updateUser({ displayName: "Plain" })
      assert.strictEqual(user.displayName, "Plain")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("revokeSession drops another session from the cached list", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      const emulator = yield* Emulator
      const email = `sessions-${Date.now()}@example.com`
      yield* Auth.signUpWithPassword({ email, password: "correct horse battery" })
      // another device: a second sign-in through its own app
      yield* Auth.signInWithPassword({ email, password: "correct horse battery" }).pipe(
        Effect.provide(TestApps.client().pipe(Layer.provide(Layer.succeed(Emulator, emulator))))
      )
      yield* cache.retain(Queries.sessions)
      yield* cache.get(Queries.sessions) // waits for the subscription's load
      const listed = value(cache.snapshotUnsafe<ReadonlyArray<SessionInfo>, never>(Queries.keys.sessions))!
      const other = listed.find((s) => s.isCurrentSession !== true)!
      assert.strictEqual(listed.length, 2)
      yield* Mutations.revokeSession(other.id)
      const after = value(cache.snapshotUnsafe<ReadonlyArray<SessionInfo>, never>(Queries.keys.sessions))!
      assert.deepStrictEqual(after.map((s) => s.id), listed.filter((s) => s.id !== other.id).map((s) => s.id))
    }).pipe(Effect.provide(app())))
})
