import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as OAuthProviders from "../../packages/sdk/src/api/OAuthProviders.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { signUp } from "./accountSupport.ts"

const asServer = <A, E, R>(effect: Effect.Effect<A, E, R>) => effect.pipe(Effect.provide(TestApps.server()))

const linkGithub = (userId: string, accountId: string, allowSignIn = true) =>
  OAuthProviders.create({
    userId,
    providerConfigId: "github",
    accountId,
    email: "octo@example.com",
    allowSignIn,
    allowConnectedAccounts: true
  }).pipe(asServer)

layer(Emulator.layer)("OAuthProviders", (it) => {
  it.effect("a server links an account; the user lists, reads, updates and unlinks it", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp()
      const created = yield* linkGithub(userId, "gh-100")
      assert.strictEqual(created.accountId, "gh-100")
      assert.strictEqual(created.type, "github")

      const listed = yield* OAuthProviders.list()
      assert.deepStrictEqual(listed.map((p) => [p.id, p.type, p.email, p.accountId]), [[created.id, "github", "octo@example.com", undefined]])
      assert.deepStrictEqual((yield* Users.getCurrent()).oauthProviders.map((p) => [p.id, p.accountId]), [["github", "gh-100"]])
      assert.strictEqual((yield* OAuthProviders.get(created.id)).userId, userId)

      const updated = yield* OAuthProviders.update(created.id, { allowSignIn: false })
      assert.isFalse(updated.allowSignIn)
      assert.isTrue(updated.allowConnectedAccounts)
      yield* OAuthProviders.remove(created.id)
      assert.deepStrictEqual(yield* OAuthProviders.list(), [])
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("an account id that signs in to another user cannot sign in again: OAuthProviderAccountIdAlreadyUsedForSignIn", () =>
    Effect.gen(function*() {
      const first = yield* signUp().pipe(Effect.provide(TestApps.client()))
      const second = yield* signUp()
      yield* linkGithub(first.userId, "gh-shared")
      const created = yield* Effect.flip(linkGithub(second.userId, "gh-shared"))
      assert.strictEqual(created._tag, "OAuthProviderAccountIdAlreadyUsedForSignIn")
      const linked = yield* linkGithub(second.userId, "gh-shared", false)
      const updated = yield* Effect.flip(OAuthProviders.update(linked.id, { allowSignIn: true }))
      assert.strictEqual(updated._tag, "OAuthProviderAccountIdAlreadyUsedForSignIn")
      const updatedByServer = yield* Effect.flip(asServer(OAuthProviders.updateForUser(second.userId, linked.id, { allowSignIn: true })))
      assert.strictEqual(updatedByServer._tag, "OAuthProviderAccountIdAlreadyUsedForSignIn")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server reads, changes, lists and unlinks any user's accounts", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp().pipe(Effect.provide(TestApps.client()))
      const created = yield* linkGithub(userId, "gh-200")
      assert.strictEqual((yield* OAuthProviders.getForUser(userId, created.id)).accountId, "gh-200")
      const changed = yield* OAuthProviders.updateForUser(userId, created.id, { accountId: "gh-201", email: "new@example.com" })
      assert.deepStrictEqual([changed.accountId, changed.email], ["gh-201", "new@example.com"])
      assert.deepStrictEqual((yield* OAuthProviders.listForUser(userId)).map((p) => p.id), [created.id])
      assert.isTrue((yield* OAuthProviders.listForUser()).some((p) => p.id === created.id))
      yield* OAuthProviders.removeForUser(userId, created.id)
      assert.deepStrictEqual(yield* OAuthProviders.listForUser(userId), [])
    }).pipe(asServer))

  it.effect("a server addressing an unknown user fails with UserNotFound", () =>
    Effect.gen(function*() {
      const userId = crypto.randomUUID()
      const id = crypto.randomUUID()
      const errors = yield* Effect.all([
        Effect.flip(OAuthProviders.listForUser(userId)),
        Effect.flip(OAuthProviders.getForUser(userId, id)),
        Effect.flip(OAuthProviders.updateForUser(userId, id, { allowSignIn: false })),
        Effect.flip(OAuthProviders.removeForUser(userId, id)),
        Effect.flip(linkGithub(userId, "gh-300"))
      ])
      assert.deepStrictEqual(errors.map((e) => e._tag), Array(5).fill("UserNotFound"))
    }).pipe(asServer))

  it.effect("signed out, the current user's calls fail with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const id = crypto.randomUUID()
      const errors = yield* Effect.all([
        Effect.flip(OAuthProviders.list()),
        Effect.flip(OAuthProviders.get(id)),
        Effect.flip(OAuthProviders.update(id, { allowSignIn: false })),
        Effect.flip(OAuthProviders.remove(id))
      ])
      assert.deepStrictEqual(errors.map((e) => e._tag), Array(4).fill("CannotGetOwnUserWithoutUser"))
    }).pipe(Effect.provide(TestApps.client())))
})
