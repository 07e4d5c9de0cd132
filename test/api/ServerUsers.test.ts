import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

const usersPath = "/api/v1/users"

layer(Emulator.layer)("ServerUsers", (it) => {
  it.effect("creates, reads, updates and deletes a user", () =>
    Effect.gen(function*() {
      const created = yield* ServerUsers.create({
        primaryEmail: "crud@example.com",
        primaryEmailAuthEnabled: true,
        password: Redacted.make("a-long-password-1"),
        displayName: "Crud",
        serverMetadata: { plan: "free" }
      })
      assert.strictEqual(created.primaryEmail, "crud@example.com")
      assert.isTrue(created.hasPassword)
      assert.deepStrictEqual(created.serverMetadata, { plan: "free" })
      assert.instanceOf(created.signedUpAt, Date)

      const read = yield* ServerUsers.get(created.id)
      assert.strictEqual(read.displayName, "Crud")

      const updated = yield* ServerUsers.update(created.id, {
        serverMetadata: { plan: "pro" },
        primaryEmail: "crud2@example.com",
        totpSecretBase64: "JBSWY3DPEHPK3PXP",
        password: "another-long-password"
      })
      assert.deepStrictEqual(updated.serverMetadata, { plan: "pro" })
      assert.strictEqual(updated.primaryEmail, "crud2@example.com")
      assert.isTrue(updated.requiresTotpMfa)

      yield* ServerUsers.remove(created.id)
      const gone = yield* Effect.flip(ServerUsers.get(created.id))
      assert.strictEqual(gone._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("refuses a second user with an e-mail used for sign-in", () =>
    Effect.gen(function*() {
      yield* ServerUsers.create({ primaryEmail: "taken@example.com", primaryEmailAuthEnabled: true })
      const error = yield* Effect.flip(ServerUsers.create({ primaryEmail: "taken@example.com", primaryEmailAuthEnabled: true }))
      assert.strictEqual(error._tag, "UserWithEmailAlreadyExists")
      if (error._tag === "UserWithEmailAlreadyExists") assert.strictEqual(error.details?.email, "taken@example.com")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a server sets any password up to 70 characters (no minimum); a longer one is a SchemaError", () =>
    Effect.gen(function*() {
      // as the service: its user routes have no password length rule beyond the schema's maximum
      assert.isTrue((yield* ServerUsers.create({ password: "a" })).hasPassword)
      assert.strictEqual((yield* Effect.flip(ServerUsers.create({ password: "x".repeat(500) })))._tag, "SchemaError")
      const user = yield* ServerUsers.create({ displayName: "pw" })
      assert.isTrue((yield* ServerUsers.update(user.id, { password: "a" })).hasPassword)
      assert.strictEqual((yield* Effect.flip(ServerUsers.update(user.id, { password: "x".repeat(71) })))._tag, "SchemaError")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("update reports an unknown user, a taken e-mail and a team the user is not in", () =>
    Effect.gen(function*() {
      const missing = yield* Effect.flip(ServerUsers.update(crypto.randomUUID(), { displayName: "x" }))
      assert.strictEqual(missing._tag, "UserNotFound")
      yield* ServerUsers.create({ primaryEmail: "first@example.com", primaryEmailAuthEnabled: true })
      const second = yield* ServerUsers.create({ primaryEmail: "second@example.com", primaryEmailAuthEnabled: true })
      const taken = yield* Effect.flip(ServerUsers.update(second.id, { primaryEmail: "first@example.com" }))
      assert.strictEqual(taken._tag, "UserWithEmailAlreadyExists")
      const notMember = yield* Effect.flip(ServerUsers.update(second.id, { selectedTeamId: crypto.randomUUID() }))
      assert.strictEqual(notMember._tag, "TeamMembershipNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("deleting an unknown user is UserNotFound", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ServerUsers.remove(crypto.randomUUID()))
      assert.strictEqual(error._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("lists by page, by search query and by team", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const a = yield* ServerUsers.create({ displayName: "Findme Alpha" })
      const b = yield* ServerUsers.create({ displayName: "Findme Beta" })
      const found = yield* ServerUsers.list({ query: "findme" })
      assert.deepStrictEqual(found.items.map((u) => u.id).sort(), [a.id, b.id].sort())
      assert.isUndefined(found.nextCursor)

      const first = yield* ServerUsers.list({ query: "findme", limit: 1 })
      assert.strictEqual(first.items.length, 1)
      assert.isDefined(first.nextCursor)
      const second = yield* ServerUsers.list({ query: "findme", limit: 1, cursor: first.nextCursor })
      assert.strictEqual(second.items.length, 1)
      assert.notStrictEqual(second.items[0]!.id, first.items[0]!.id)
      assert.isUndefined(second.nextCursor)

      const teamId = yield* emulator.run(Effect.gen(function*() {
        const team = { id: crypto.randomUUID(), projectId: emulator.demoProject.projectId, displayName: "T", profileImageUrl: null, clientMetadata: null, clientReadOnlyMetadata: null, serverMetadata: null, createdAtMillis: 0 }
        yield* EmulatorState.update((state) => Users.addMembership({ ...state, teams: Table.put(state.teams, team.id, team) }, team, b.id, false, 0))
        return team.id
      }))
      const members = yield* ServerUsers.list({ teamId })
      assert.deepStrictEqual(members.items.map((u) => u.id), [b.id])
      const recorded = yield* emulator.requests.filter({ method: "GET", path: usersPath })
      assert.strictEqual(recorded.at(-1)?.query.team_id, teamId)
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("lists anonymous users like any other, as the service does (it knows no include_anonymous)", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const anonymous = yield* emulator.run(Users.create({ projectId: emulator.demoProject.projectId, isAnonymous: true }))
      const page = yield* ServerUsers.list({ query: anonymous.id })
      assert.deepStrictEqual(page.items.map((u) => [u.id, u.isAnonymous]), [[anonymous.id, true]])
      const sent = (yield* emulator.requests.filter({ method: "GET", path: usersPath })).at(-1)
      assert.notProperty(sent?.query ?? {}, "include_anonymous")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("an order other than signedUpAt is refused before any request", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const before = yield* emulator.requests.count({ method: "GET", path: usersPath })
      const error = yield* Effect.flip(ServerUsers.list({ orderBy: "displayName" as ServerUsers.OrderBy }))
      assert.strictEqual(error._tag, "InvalidOrderBy")
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: usersPath }), before)
      const sorted = yield* ServerUsers.list({ orderBy: "signedUpAt", limit: 1 })
      assert.strictEqual(sorted.items.length, 1)
      const last = (yield* emulator.requests.filter({ method: "GET", path: usersPath })).at(-1)
      assert.strictEqual(last?.query.order_by, "signed_up_at")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a malformed cursor is the service's SchemaError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ServerUsers.list({ cursor: "not-a-user-id", limit: 5 }))
      assert.strictEqual(error._tag, "SchemaError")
    }).pipe(Effect.provide(TestApps.server())))
})

layer(Emulator.layer)("ServerUsers.stream", (it) => {
  const count = 1_050

  it.effect("walks 1,050 users page by page, each exactly once, in signed-up order both ways", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      for (let i = 0; i < count; i++) {
        if (i % 3 === 0) yield* TestClock.adjust(1) // some users share a sign-up millisecond: ties go by id
        yield* emulator.run(Users.create({ projectId: emulator.demoProject.projectId, displayName: `user ${i}` }))
      }
      const state = yield* emulator.state.get
      const expected = Table.filter(state.users, (u) => u.projectId === emulator.demoProject.projectId)
        .slice()
        .sort((a, b) => a.signedUpAtMillis - b.signedUpAtMillis || a.id.localeCompare(b.id))
        .map((u) => u.id)
      assert.strictEqual(expected.length, count)

      yield* emulator.requests.clear
      const ascending = yield* Stream.runCollect(ServerUsers.stream())
      assert.deepStrictEqual(ascending.map((u) => u.id), expected)
      assert.strictEqual(new Set(ascending.map((u) => u.id)).size, count)
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: usersPath }), Math.ceil(count / ServerUsers.defaultStreamPageSize))

      const descending = yield* Stream.runCollect(ServerUsers.stream({ desc: true, limit: 250 }))
      assert.deepStrictEqual(descending.map((u) => u.id), [...expected].reverse())
      for (let i = 1; i < descending.length; i++) {
        assert.isAtMost(descending[i]!.signedUpAt.getTime(), descending[i - 1]!.signedUpAt.getTime())
      }
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("fetches a page only when the previous one is consumed", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.requests.clear
      const firstFive = yield* Stream.runCollect(ServerUsers.stream({ limit: 10 }).pipe(Stream.take(5)))
      assert.strictEqual(firstFive.length, 5)
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: usersPath }), 1)
    }).pipe(Effect.provide(TestApps.server())))
})

describe("ServerUsers in types", () => {
  it("a client app cannot express server user management", () => {
    // @ts-expect-error ServerAccess is not provided by the client app
    const _check: Effect.Effect<unknown, unknown, never> = ServerUsers.get("u").pipe(Effect.provide(TestApps.client()), Effect.provide(Emulator.layer))
    void _check
  })
})
