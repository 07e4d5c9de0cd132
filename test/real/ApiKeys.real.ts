/**
 * User and team API keys against the real service, as an app uses them: a signed-in user creates,
 * lists, reads, renames and revokes keys; a server checks a presented key and finds its owner. In a
 * project the suite made for itself (user and team keys allowed, client team creation on).
 */
import { assert, describe, it } from "@effect/vitest"
import { beforeAll } from "vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as ApiKeys from "../../packages/sdk/src/api/ApiKeys.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Real from "./RealService.ts"

const project = Real.sharedOwnedProject({ clientTeamCreationEnabled: true, allowUserApiKeys: true, allowTeamApiKeys: true })
const { asServer, asClient } = Real.appsOf(project)


describe.skipIf(Real.env === undefined)("real service: API keys", () => {
  // the suite\'s project is made first (a minute or more on a busy development server)
  beforeAll(() => Effect.runPromise(project), 300_000)

  it.live("a user's key: created (whole value once), listed, read, renamed, checked by a server", () =>
    Effect.gen(function*() {
      const { created, userId } = yield* asClient(Effect.gen(function*() {
        const me = yield* Real.signUp("keys")
        const created = yield* ApiKeys.create({ userId: "me", description: "CI" })
        assert.match(Redacted.value(created.value), /^sk_/)
        assert.strictEqual(created.description, "CI")
        assert.isFalse(created.isPublic)
        const listed = yield* ApiKeys.list({ userId: "me" })
        assert.deepStrictEqual(listed.map((k) => [k.id, k.value.lastFour]), [[created.id, Redacted.value(created.value).slice(-4)]])
        const read = yield* ApiKeys.get({ userId: me.id }, created.id)
        assert.strictEqual(read.description, "CI")
        assert.strictEqual(yield* ApiKeys.validity(read), "valid")
        const renamed = yield* ApiKeys.update({ userId: "me" }, created.id, { description: "Deploys" })
        assert.strictEqual(renamed.description, "Deploys")
        const publicKey = yield* ApiKeys.create({ userId: "me", description: "public", isPublic: true })
        assert.match(Redacted.value(publicKey.value), /^pk_/)
        assert.isTrue(publicKey.isPublic)
        return { created, userId: me.id }
      }))
      const checked = yield* asServer(ApiKeys.check("user", created.value))
      assert.strictEqual(checked.id, created.id)
      assert.strictEqual((yield* asServer(ApiKeys.userByApiKey(created.value))).id, userId)
      const wrongType = yield* Effect.flip(asServer(ApiKeys.check("team", created.value)))
      assert.strictEqual(wrongType._tag, "WrongApiKeyType")
    }), 300_000)

  it.live("a user revokes their own key: the server's check says ApiKeyRevoked", () =>
    Effect.gen(function*() {
      const created = yield* asClient(Effect.gen(function*() {
        yield* Real.signUp("revoke")
        const created = yield* ApiKeys.create({ userId: "me", description: "temp" })
        const revoked = yield* ApiKeys.revoke({ userId: "me" }, created.id)
        assert.instanceOf(revoked.manuallyRevokedAt, Date)
        assert.strictEqual(yield* ApiKeys.validity(revoked), "manually-revoked")
        return created
      }))
      const error = yield* Effect.flip(asServer(ApiKeys.check("user", created.value)))
      assert.strictEqual(error._tag, "ApiKeyRevoked")
    }), 300_000)

  it.live("an expired key: ApiKeyExpired at the server's check", () =>
    Effect.gen(function*() {
      const created = yield* asClient(Effect.gen(function*() {
        yield* Real.signUp("expiring")
        return yield* ApiKeys.create({ userId: "me", description: "short", expiresAt: new Date(Date.now() + 2_000) })
      }))
      assert.instanceOf(created.expiresAt, Date)
      yield* Effect.sleep(Math.max(0, created.expiresAt!.getTime() - Date.now()) + 1_000)
      const error = yield* Effect.flip(asServer(ApiKeys.check("user", created.value)))
      assert.strictEqual(error._tag, "ApiKeyExpired")
      assert.strictEqual(yield* ApiKeys.validity(created), "expired")
    }), 300_000)

  it.live("an unknown key: ApiKeyNotFound", () =>
    Effect.gen(function*() {
      const unknown = yield* Effect.flip(asServer(ApiKeys.check("user", "sk_" + "0".repeat(90))))
      assert.strictEqual(unknown._tag, "ApiKeyNotFound")
      const owner = yield* Effect.flip(asServer(ApiKeys.userByApiKey("sk_" + "0".repeat(90))))
      assert.strictEqual(owner._tag, "ApiKeyNotFound")
    }), 300_000)

  it.live("a team's key: created by a member, listed by team, its team found by a server", () =>
    Effect.gen(function*() {
      const { created, teamId } = yield* asClient(Effect.gen(function*() {
        yield* Real.signUp("team-keys")
        const team = yield* Teams.create({ displayName: "Keyed" })
        const created = yield* ApiKeys.create({ teamId: team.id, description: "team CI" })
        assert.match(Redacted.value(created.value), /^sk_/)
        assert.deepStrictEqual((yield* ApiKeys.list({ teamId: team.id })).map((k) => k.id), [created.id])
        return { created, teamId: team.id }
      }))
      assert.strictEqual((yield* asServer(ApiKeys.teamByApiKey(created.value))).id, teamId)
      assert.strictEqual((yield* asServer(ApiKeys.check("team", created.value))).id, created.id)
      const wrongType = yield* Effect.flip(asServer(ApiKeys.userByApiKey(created.value)))
      assert.strictEqual(wrongType._tag, "WrongApiKeyType")
    }), 300_000)
})
