import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as ContactChannels from "../../packages/sdk/src/api/ContactChannels.ts"
import * as EmailVerification from "../../packages/sdk/src/api/EmailVerification.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { callbackUrl, freshEmail, latestCode, signUp } from "./accountSupport.ts"
import { reasonWith } from "../support/Transport.ts"

const asServer = <A, E, R>(effect: Effect.Effect<A, E, R>) => effect.pipe(Effect.provide(TestApps.server()))

layer(Emulator.layer)("ContactChannels: the current user's", (it) => {
  it.effect("create, list, update and remove the current user's channels", () =>
    Effect.gen(function*() {
      const { email, userId } = yield* signUp()
      const extra = freshEmail("Extra").toUpperCase()
      const created = yield* ContactChannels.create({ type: "email", value: extra, usedForAuth: false })
      assert.strictEqual(created.value, extra.toLowerCase())
      assert.strictEqual(created.userId, userId)
      assert.isFalse(created.isPrimary)
      assert.isFalse(created.isVerified)
      assert.deepStrictEqual((yield* ContactChannels.list()).map((c) => c.value), [email, extra.toLowerCase()])

      const primary = yield* ContactChannels.update(created.id, { isPrimary: true })
      assert.isTrue(primary.isPrimary)
      assert.strictEqual((yield* Users.getCurrent()).primaryEmail, extra.toLowerCase())
      assert.isFalse((yield* ContactChannels.list()).find((c) => c.value === email)!.isPrimary)

      const renamed = freshEmail("renamed")
      assert.strictEqual((yield* ContactChannels.update(created.id, { value: renamed })).value, renamed)
      yield* ContactChannels.remove(created.id)
      assert.deepStrictEqual((yield* ContactChannels.list()).map((c) => c.value), [email])
      assert.strictEqual((yield* Users.getCurrent()).primaryEmail, null)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a value another user signs in with cannot be used for auth: ContactChannelAlreadyUsedForAuthBySomeoneElse", () =>
    Effect.gen(function*() {
      const other = yield* signUp().pipe(Effect.provide(TestApps.client()))
      yield* signUp()
      const created = yield* Effect.flip(ContactChannels.create({ type: "email", value: other.email, usedForAuth: true }))
      assert.strictEqual(created._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
      const channel = yield* ContactChannels.create({ type: "email", value: other.email, usedForAuth: false })
      const updated = yield* Effect.flip(ContactChannels.update(channel.id, { usedForAuth: true }))
      assert.strictEqual(updated._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a channel's verification code verifies that channel", () =>
    Effect.gen(function*() {
      yield* signUp()
      const value = freshEmail("verify-me")
      const channel = yield* ContactChannels.create({ type: "email", value, usedForAuth: false })
      yield* ContactChannels.sendVerificationCode(channel.id, { callbackUrl })
      yield* EmailVerification.verify(yield* latestCode(value))
      assert.isTrue((yield* ContactChannels.list()).find((c) => c.id === channel.id)!.isVerified)
      const again = yield* Effect.flip(ContactChannels.sendVerificationCode(channel.id, { callbackUrl }))
      assert.strictEqual(again._tag, "EmailAlreadyVerified")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("sendVerificationCode with an untrusted callback fails with RedirectUrlNotWhitelisted", () =>
    Effect.gen(function*() {
      yield* signUp()
      const [channel] = yield* ContactChannels.list()
      const error = yield* Effect.flip(ContactChannels.sendVerificationCode(channel!.id, { callbackUrl: "https://evil.example/v" }))
      assert.strictEqual(error._tag, "RedirectUrlNotWhitelisted")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out, every call fails with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const id = crypto.randomUUID()
      const errors = yield* Effect.all([
        Effect.flip(ContactChannels.list()),
        Effect.flip(ContactChannels.create({ type: "email", value: freshEmail(), usedForAuth: false })),
        Effect.flip(ContactChannels.update(id, { isPrimary: true })),
        Effect.flip(ContactChannels.remove(id)),
        Effect.flip(ContactChannels.sendVerificationCode(id, { callbackUrl }))
      ])
      assert.deepStrictEqual(errors.map((e) => e._tag), Array(5).fill("CannotGetOwnUserWithoutUser"))
    }).pipe(Effect.provide(TestApps.client())))
})

layer(Emulator.layer)("ContactChannels: any user's, with server access", (it) => {
  it.effect("a server lists, creates (verified), updates and removes a user's channels", () =>
    Effect.gen(function*() {
      const { email, userId } = yield* signUp().pipe(Effect.provide(TestApps.client()))
      const value = freshEmail("server")
      const created = yield* ContactChannels.createForUser(userId, { type: "email", value, usedForAuth: false, isVerified: true })
      assert.isTrue(created.isVerified)
      assert.deepStrictEqual((yield* ContactChannels.listForUser(userId)).map((c) => c.value), [email, value])
      const unverified = yield* ContactChannels.updateForUser(userId, created.id, { isVerified: false })
      assert.isFalse(unverified.isVerified)
      yield* ContactChannels.sendVerificationCodeForUser(userId, created.id, { callbackUrl })
      assert.isDefined(yield* latestCode(value))
      yield* ContactChannels.removeForUser(userId, created.id)
      assert.deepStrictEqual((yield* ContactChannels.listForUser(userId)).map((c) => c.value), [email])
    }).pipe(asServer))

  it.effect("a server's writes for an unknown user: create is the service's plain 500, update and remove its plain 400 (no such channel), UserIdDoesNotExist when sending a code", () =>
    Effect.gen(function*() {
      const userId = crypto.randomUUID()
      const id = crypto.randomUUID()
      const created = yield* Effect.flip(ContactChannels.createForUser(userId, { type: "email", value: freshEmail(), usedForAuth: false }))
      assert.strictEqual(reasonWith(created, "HttpError").status, 500)
      const errors = yield* Effect.all([
        Effect.flip(ContactChannels.updateForUser(userId, id, { isVerified: true })),
        Effect.flip(ContactChannels.removeForUser(userId, id))
      ])
      // the service looks the channel up by user and id: an unknown user has no such channel
      assert.deepStrictEqual(errors.map((e) => reasonWith(e, "HttpError").status), [400, 400])
      const send = yield* Effect.flip(ContactChannels.sendVerificationCodeForUser(userId, id, { callbackUrl }))
      assert.strictEqual(send._tag, "UserIdDoesNotExist")
      assert.deepStrictEqual(yield* ContactChannels.listForUser(userId), [])
    }).pipe(asServer))

  it.effect("a server cannot give a user a value another user signs in with", () =>
    Effect.gen(function*() {
      const other = yield* signUp().pipe(Effect.provide(TestApps.client()))
      const { userId } = yield* signUp().pipe(Effect.provide(TestApps.client()))
      const error = yield* Effect.flip(ContactChannels.createForUser(userId, { type: "email", value: other.email, usedForAuth: true }))
      assert.strictEqual(error._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
    }).pipe(asServer))
})

describe("ContactChannels: access levels in types", () => {
  it("server variants do not type-check under a client app", () => {
    // @ts-expect-error ServerAccess is not provided by the client app
    const _check: Effect.Effect<unknown, unknown, never> = ContactChannels.listForUser("u").pipe(Effect.provide(TestApps.client()), Effect.provide(Emulator.layer))
    void _check // the check is the compiler's: `npm run typecheck` fails if this line compiles
  })
})
