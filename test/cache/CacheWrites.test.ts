import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import type { SessionInfo } from "../../packages/sdk/src/protocol/internal/schemas/SessionInfo.ts"
import * as ApiKeys from "../../packages/sdk/src/api/ApiKeys.ts"
import * as ContactChannels from "../../packages/sdk/src/api/ContactChannels.ts"
import * as Sessions from "../../packages/sdk/src/api/Sessions.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Queries from "../../packages/sdk/src/cache/Queries.ts"
import * as QueryCache from "../../packages/sdk/src/query/QueryCache.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

const app = () => TestApps.client()
let n = 0
const signUp = Effect.suspend(() =>
  Auth.signUpWithPassword({ email: `mutations-${++n}-${Date.now()}@example.com`, password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
)

const value = <A, E>(snapshot: QueryCache.Snapshot<A, E>): A | undefined =>
  snapshot.exit !== undefined && Exit.isSuccess(snapshot.exit) ? snapshot.exit.value : undefined

layer(Emulator.layer)("every write through the app keeps its cache right", (it) => {
  it.effect("Users.update gives subscribers the answered user without reading it again", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      yield* cache.retain(Queries.currentUser)
      yield* cache.get(Queries.currentUser) // waits for the subscription's load
      const reads = yield* emulator.requests.count({ method: "GET", path: "/users/me" })
      yield* Users.update({ displayName: "Ada" })
      assert.strictEqual(value(cache.snapshotUnsafe<Users.CurrentUser | null, never>(Queries.keys.currentUser))?.displayName, "Ada")
      yield* TestClock.adjust(1_000)
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: "/users/me" }), reads)
    }).pipe(Effect.provide(app())))

  it.effect("Teams.create adds the team to the cached list, and TeamMemberships.leave takes it out", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      yield* cache.retain(Queries.teams)
      yield* cache.get(Queries.teams) // waits for the subscription's load
      const team = yield* Teams.create({ displayName: "Rocket" })
      assert.deepStrictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.teams))?.map((t) => t.id), [team.id])
      yield* TeamMemberships.leave(team.id)
      assert.deepStrictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.teams)), [])
    }).pipe(Effect.provide(app())))

  it.effect("ContactChannels.create and ContactChannels.remove keep the cached list right", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      yield* cache.retain(Queries.contactChannels)
      yield* cache.get(Queries.contactChannels) // waits for the subscription's load
      const before = value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.contactChannels))!.length
      const channel = yield* ContactChannels.create({ type: "email", value: "second@example.com", usedForAuth: false })
      assert.strictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.contactChannels))!.length, before + 1)
      yield* ContactChannels.remove(channel.id)
      assert.strictEqual(value(cache.snapshotUnsafe<ReadonlyArray<{ id: string }>, never>(Queries.keys.contactChannels))!.length, before)
    }).pipe(Effect.provide(app())))

  it.effect("ApiKeys.revoke shows the key revoked in the cached list", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      const created = yield* ApiKeys.create({ userId: "me", description: "ci" })
      const keys = Queries.apiKeys()
      yield* cache.retain(keys)
      yield* cache.get(keys) // waits for the subscription's load
      yield* ApiKeys.revoke({ userId: "me" }, created.id)
      const listed = value(cache.snapshotUnsafe<ReadonlyArray<{ id: string; manuallyRevokedAt?: Date }>, never>(keys.key))!
      assert.isDefined(listed.find((k) => k.id === created.id)?.manuallyRevokedAt)
    }).pipe(Effect.provide(app())))

  it.effect("a write answered without a decoded value (Teams.select) reloads the subscribed user instead of setting it", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      const team = yield* Teams.create({ displayName: "Selected" })
      yield* cache.retain(Queries.currentUser)
      yield* cache.get(Queries.currentUser)
      const reads = yield* emulator.requests.count({ method: "GET", path: "/users/me" })
      yield* Teams.select(team.id)
      yield* TestClock.adjust(1_000)
      yield* cache.get(Queries.currentUser)
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: "/users/me" }), reads + 1)
      assert.strictEqual(value(cache.snapshotUnsafe<Users.CurrentUser | null, never>(Queries.keys.currentUser))?.selectedTeamId, team.id)
    }).pipe(Effect.provide(app())))

  it.effect("a write no cached read depends on changes nothing, and an unsubscribed entry is not reloaded", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const cache = yield* QueryCache.QueryCache
      yield* signUp
      yield* cache.get(Queries.teams) // a one-off read: no subscriber
      const before = (yield* emulator.requests.all).length
      yield* Teams.create({ displayName: "Quiet" })
      yield* TestClock.adjust(1_000)
      const after = (yield* emulator.requests.all).map((r) => `${r.method} ${r.path}`).slice(before)
      assert.deepStrictEqual(after, ["POST /api/v1/teams", "PATCH /api/v1/users/me"]) // creating selects it; no read
    }).pipe(Effect.provide(app())))

  it.effect("Sessions.revokeMine drops another session from the cached list", () =>
    Effect.gen(function*() {
      const cache = yield* QueryCache.QueryCache
      const emulator = yield* Emulator.Emulator
      const email = `sessions-${Date.now()}@example.com`
      yield* Auth.signUpWithPassword({ email, password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      // another device: a second sign-in through its own app
      yield* Auth.signInWithPassword({ email, password: "correct horse battery" }).pipe(
        Effect.provide(TestApps.client().pipe(Layer.provide(Layer.succeed(Emulator.Emulator, emulator))))
      )
      yield* cache.retain(Queries.sessions)
      yield* cache.get(Queries.sessions) // waits for the subscription's load
      const listed = value(cache.snapshotUnsafe<ReadonlyArray<SessionInfo>, never>(Queries.keys.sessions))!
      const other = listed.find((s) => s.isCurrentSession !== true)!
      assert.strictEqual(listed.length, 2)
      yield* Sessions.revokeMine(other.id)
      const after = value(cache.snapshotUnsafe<ReadonlyArray<SessionInfo>, never>(Queries.keys.sessions))!
      assert.deepStrictEqual(after.map((s) => s.id), listed.filter((s) => s.id !== other.id).map((s) => s.id))
    }).pipe(Effect.provide(app())))
})
