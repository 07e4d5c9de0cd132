import { assert, layer } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as ApiKeys from "../../packages/sdk/src/api/ApiKeys.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { clientApp, serverApp, signedIn, withConfig } from "../support/TeamFixtures.ts"
import { reasonWith } from "../support/Transport.ts"

/** The service's key format: prefix, 45 random characters, the id, the type, scanner flag and marker, CRC-32. */
const keyFormat = (prefix: "sk" | "pk", type: "user" | "team") =>
  new RegExp(`^${prefix}_[0-9a-z]{45}[0-9a-f]{32}${type}[0-9a-z]574ck4u7h[0-9a-f]{8}$`)

layer(Emulator.layer)("ApiKeys", (it) => {
  it.effect("a user's key shows its whole value once (Redacted), then only its last four characters", () =>
    Effect.gen(function*() {
      const user = yield* signedIn("keys")
      const created = yield* ApiKeys.create({ userId: "me", description: "CI" })
      const value = Redacted.value(created.value)
      assert.match(value, keyFormat("sk", "user"))
      assert.include(value, created.id.replace(/-/g, ""))
      const oracle = yield* Effect.promise(() => import("@stackframe/stack-shared/dist/utils/api-keys"))
      const parsed = oracle.parseProjectApiKey(value) // checks the CRC-32 checksum too
      assert.deepStrictEqual([parsed.id, parsed.type, parsed.isPublic, parsed.isCloudVersion], [created.id, "user", false, false])
      assert.notInclude(String(created.value), value)
      assert.deepStrictEqual([created.type, created.type === "user" ? created.userId : ""], ["user", user.id])
      const listed = yield* ApiKeys.list({ userId: "me" })
      assert.deepStrictEqual(listed.map((k) => [k.id, k.value.lastFour]), [[created.id, value.slice(-4)]])
      const read = yield* ApiKeys.get({ userId: user.id }, created.id)
      assert.strictEqual(read.description, "CI")
      assert.isUndefined(read.expiresAt)
      assert.strictEqual(yield* ApiKeys.validity(read), "valid")
      const renamed = yield* ApiKeys.update({ userId: user.id }, created.id, { description: "Deploys" })
      assert.strictEqual(renamed.description, "Deploys")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a public key starts with pk_; keys are listed newest first", () =>
    Effect.gen(function*() {
      yield* signedIn("public")
      const first = yield* ApiKeys.create({ userId: "me", description: "first" })
      yield* TestClock.adjust("1 second")
      const second = yield* ApiKeys.create({ userId: "me", description: "second", isPublic: true })
      assert.match(Redacted.value(second.value), keyFormat("pk", "user"))
      assert.isTrue(second.isPublic)
      assert.deepStrictEqual((yield* ApiKeys.list({ userId: "me" })).map((k) => k.id), [second.id, first.id])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a revoked key is manually-revoked for good, and the server's check says ApiKeyRevoked", () =>
    Effect.gen(function*() {
      yield* signedIn("revoke")
      const created = yield* ApiKeys.create({ userId: "me", description: "temp" })
      const revoked = yield* ApiKeys.revoke({ userId: "me" }, created.id)
      assert.instanceOf(revoked.manuallyRevokedAt, Date)
      assert.strictEqual(yield* ApiKeys.validity(revoked), "manually-revoked")
      yield* TestClock.adjust("1 minute")
      const again = yield* ApiKeys.revoke({ userId: "me" }, created.id)
      assert.strictEqual(again.manuallyRevokedAt?.getTime(), revoked.manuallyRevokedAt?.getTime())
      const server = yield* serverApp()
      assert.strictEqual((yield* server(Effect.flip(ApiKeys.check("user", created.value))))._tag, "ApiKeyRevoked")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a key past its expiry is expired (Clock), and the server's check says ApiKeyExpired", () =>
    Effect.gen(function*() {
      yield* signedIn("expiry")
      const now = yield* Clock.currentTimeMillis
      const created = yield* ApiKeys.create({ userId: "me", description: "short", expiresAt: new Date(now + 3_600_000) })
      assert.strictEqual(created.expiresAt?.getTime(), now + 3_600_000)
      assert.isTrue(yield* ApiKeys.isValid(created))
      const server = yield* serverApp()
      assert.strictEqual((yield* server(ApiKeys.check("user", created.value))).id, created.id)
      yield* TestClock.adjust("2 hours")
      assert.strictEqual(yield* ApiKeys.validity(created), "expired")
      assert.strictEqual((yield* server(Effect.flip(ApiKeys.check("user", created.value))))._tag, "ApiKeyExpired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("naming both a user and a team (or neither) is ApiKeyOwnerConflict, before any request", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const before = yield* emulator.requests.count({})
      const both = { userId: "me", teamId: "t", description: "x" } as unknown as ApiKeys.CreateOptions
      const error = yield* Effect.flip(ApiKeys.create(both))
      assert.strictEqual(error._tag, "ApiKeyOwnerConflict")
      assert.strictEqual(error._tag === "ApiKeyOwnerConflict" ? error.reason : "", "both")
      const neither = yield* Effect.flip(ApiKeys.list({} as unknown as ApiKeys.Owner))
      assert.strictEqual(neither._tag === "ApiKeyOwnerConflict" ? neither.reason : "", "neither")
      assert.strictEqual(yield* emulator.requests.count({}), before)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a team admin manages the team's keys; a member without $manage_api_keys finds none (ApiKeyNotFound)", () =>
    Effect.gen(function*() {
      yield* signedIn("team-admin")
      const team = yield* Teams.create({ displayName: "Keyed" })
      const created = yield* ApiKeys.create({ teamId: team.id, description: "bot" })
      assert.match(Redacted.value(created.value), keyFormat("sk", "team"))
      assert.deepStrictEqual((yield* ApiKeys.list({ teamId: team.id })).map((k) => k.id), [created.id])
      const member = yield* clientApp()
      const memberUser = yield* member(signedIn("team-member"))
      const server = yield* serverApp()
      yield* server(TeamMemberships.add(team.id, memberUser.id))
      assert.strictEqual((yield* member(Effect.flip(ApiKeys.list({ teamId: team.id }))))._tag, "ApiKeyNotFound")
      assert.strictEqual((yield* member(Effect.flip(ApiKeys.get({ teamId: team.id }, created.id))))._tag, "ApiKeyNotFound")
      assert.strictEqual((yield* member(Effect.flip(ApiKeys.revoke({ teamId: team.id }, created.id))))._tag, "ApiKeyNotFound")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out: a user key is CannotGetOwnUserWithoutUser, a team key UserAuthenticationRequired", () =>
    Effect.gen(function*() {
      const server = yield* serverApp()
      const team = yield* server(Teams.createAsServer({ displayName: "Nobody" }))
      assert.strictEqual((yield* Effect.flip(ApiKeys.create({ userId: "me", description: "x" })))._tag, "CannotGetOwnUserWithoutUser")
      assert.strictEqual((yield* Effect.flip(ApiKeys.create({ teamId: team.id, description: "x" })))._tag, "UserAuthenticationRequired")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("the server checks keys: an unknown one is ApiKeyNotFound, a key of the other type WrongApiKeyType", () =>
    Effect.gen(function*() {
      const client = yield* clientApp()
      yield* client(signedIn("checked"))
      const key = yield* client(ApiKeys.create({ userId: "me", description: "wrong type" }))
      assert.strictEqual((yield* Effect.flip(ApiKeys.check("user", "sk_not-a-key")))._tag, "ApiKeyNotFound")
      const wrong = yield* Effect.flip(ApiKeys.check("team", key.value))
      assert.strictEqual(wrong._tag, "WrongApiKeyType")
      assert.deepStrictEqual(wrong._tag === "WrongApiKeyType" ? wrong.details : undefined, { expectedType: "team", actualType: "user" })
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("the server finds the user or the team of a valid key", () =>
    Effect.gen(function*() {
      const client = yield* clientApp()
      const user = yield* client(signedIn("owner"))
      const team = yield* client(Teams.create({ displayName: "Owned" }))
      const userKey = yield* client(ApiKeys.create({ userId: "me", description: "u" }))
      const teamKey = yield* ApiKeys.create({ teamId: team.id, description: "t" })
      assert.strictEqual((yield* ApiKeys.userByApiKey(userKey.value)).id, user.id)
      assert.strictEqual((yield* ApiKeys.teamByApiKey(Redacted.value(teamKey.value))).displayName, "Owned")
      assert.strictEqual((yield* Effect.flip(ApiKeys.teamByApiKey(userKey.value)))._tag, "WrongApiKeyType")
    }).pipe(Effect.provide(TestApps.server())))

  it.effect("a project that does not allow user or team keys refuses them with HTTP 400", () =>
    Effect.gen(function*() {
      yield* withConfig({ allowUserApiKeys: false, allowTeamApiKeys: false })
      yield* signedIn("disabled")
      const team = yield* Teams.create({ displayName: "No keys" })
      for (const owner of [{ userId: "me" }, { teamId: team.id }] as const) {
        const error = yield* Effect.flip(ApiKeys.list(owner))
        assert.strictEqual(reasonWith(error, "HttpError").status, 400)
      }
    }).pipe(Effect.provide(TestApps.client())))
})
