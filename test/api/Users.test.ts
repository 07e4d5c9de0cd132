import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as HandlerUrls from "../../packages/sdk/src/handler/HandlerUrls.ts"
import * as Navigation from "../../packages/sdk/src/platform/Navigation.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { countRequests, signUp, withConfig } from "./accountSupport.ts"

const signedOut = Effect.gen(function*() {
  assert.deepStrictEqual(yield* (yield* Session.Session).state, { _tag: "SignedOut" })
})

layer(Emulator.layer)("Users: the current user", (it) => {
  it.effect("getCurrent reads the signed-in user's client view", () =>
    Effect.gen(function*() {
      const { email, userId } = yield* signUp()
      const user = yield* Users.getCurrent()
      assert.strictEqual(user.id, userId)
      assert.strictEqual(user.primaryEmail, email)
      assert.isFalse(user.primaryEmailVerified)
      assert.instanceOf(user.signedUpAt, Date)
      assert.isTrue(user.hasPassword)
      assert.isTrue(user.emailAuthEnabled)
      assert.isFalse(user.isAnonymous)
      assert.isFalse(user.isMultiFactorRequired)
      assert.deepStrictEqual(user.oauthProviders, [])
      assert.strictEqual(user.selectedTeam, null)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("getCurrent without a signed-in user fails with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Users.getCurrent())
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("getUser returns null when signed out, without asking the service", () =>
    Effect.gen(function*() {
      const before = yield* countRequests("GET", "/users/me")
      assert.strictEqual(yield* Users.getUser(), null)
      assert.strictEqual(yield* Users.getUser({ or: "return-null" }), null)
      assert.strictEqual(yield* countRequests("GET", "/users/me"), before)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("getUser returns the signed-in user", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp()
      const user = yield* Users.getUser()
      assert.strictEqual(user?.id, userId)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("an anonymous user counts as signed out unless or: anonymous", () =>
    Effect.gen(function*() {
      const anonymous = yield* Auth.signUpAnonymously()
      assert.strictEqual(yield* Users.getUser(), null)
      const error = yield* Effect.flip(Users.getUser({ or: "throw" }))
      assert.strictEqual(error._tag, "UserNotSignedIn")
      const signUps = yield* countRequests("POST", "/auth/anonymous/sign-up")
      const user = yield* Users.getUser({ or: "anonymous" })
      assert.strictEqual(user.id, anonymous.userId)
      assert.isTrue(user.isAnonymous)
      assert.strictEqual(yield* countRequests("POST", "/auth/anonymous/sign-up"), signUps)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("getUser({ or: anonymous }) signs up an anonymous user when signed out", () =>
    Effect.gen(function*() {
      const signUps = yield* countRequests("POST", "/auth/anonymous/sign-up")
      const user = yield* Users.getUser({ or: "anonymous" })
      assert.isTrue(user.isAnonymous)
      assert.strictEqual(yield* countRequests("POST", "/auth/anonymous/sign-up"), signUps + 1)
      assert.strictEqual((yield* Users.getCurrent()).id, user.id)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("getUser({ or: throw }) fails with the exact message when signed out, and returns the user otherwise", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Users.getUser({ or: "throw" }))
      assert.strictEqual(error._tag, "UserNotSignedIn")
      assert.strictEqual(error.message, "User is not signed in but getUser was called with { or: 'throw' }")
      const { userId } = yield* signUp()
      assert.strictEqual((yield* Users.getUser({ or: "throw" })).id, userId)
    }).pipe(Effect.provide(TestApps.client())))
})

layer(Emulator.layer)("Users: getUser({ or: redirect })", (it) => {
  it.effect("navigates to the sign-in page with after_auth_return_to, waits 2000 ms, and never yields a user", () =>
    Effect.gen(function*() {
      const fiber = yield* Users.getUser({ or: "redirect", currentUrl: "https://app.example.com/dashboard?tab=1" }).pipe(
        Effect.flip,
        Effect.forkChild({ startImmediately: true })
      )
      yield* TestClock.adjust(1999)
      assert.isUndefined(fiber.pollUnsafe())
      assert.deepStrictEqual(yield* Navigation.visits, [
        { kind: "replace", url: "/handler/sign-in?after_auth_return_to=%2Fdashboard%3Ftab%3D1" }
      ])
      yield* TestClock.adjust(1)
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "RedirectedToSignIn")
    }).pipe(Effect.provide([TestApps.client(), Navigation.layerTest])))

  it.effect("uses the app's handler URLs", () =>
    Effect.gen(function*() {
      const fiber = yield* Users.getUser({ or: "redirect", currentUrl: "https://app.example.com/" }).pipe(
        Effect.flip,
        Effect.provideService(HandlerUrls.CurrentHandlerUrls, HandlerUrls.make({ handler: "/auth" })),
        Effect.forkChild({ startImmediately: true })
      )
      yield* TestClock.adjust(2000)
      yield* Fiber.join(fiber)
      assert.deepStrictEqual((yield* Navigation.visits).map((v) => v.url), ["/auth/sign-in?after_auth_return_to=%2F"])
    }).pipe(Effect.provide([TestApps.client(), Navigation.layerTest])))

  it.effect("refuses an untrusted sign-in URL without navigating", () =>
    Effect.gen(function*() {
      const error = yield* Users.getUser({ or: "redirect" }).pipe(
        Effect.flip,
        Effect.provideService(HandlerUrls.CurrentHandlerUrls, HandlerUrls.make({ signIn: "https://evil.example/sign-in" }))
      )
      assert.strictEqual(error._tag, "UntrustedRedirectUrl")
      assert.strictEqual(error.message, "Redirect URL is not trusted; should be relative.")
      assert.deepStrictEqual(yield* Navigation.visits, [])
    }).pipe(Effect.provide([TestApps.client(), Navigation.layerTest])))

  it.effect("returns the signed-in user without navigating", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp()
      assert.strictEqual((yield* Users.getUser({ or: "redirect" })).id, userId)
      assert.deepStrictEqual(yield* Navigation.visits, [])
    }).pipe(Effect.provide([TestApps.client(), Navigation.layerTest])))
})

layer(Emulator.layer)("Users: update and delete", (it) => {
  it.effect("update passes the payload through and answers the updated user", () =>
    Effect.gen(function*() {
      yield* signUp()
      const user = yield* Users.update({ displayName: "Ada", clientMetadata: { theme: "dark" }, otpAuthEnabled: true })
      assert.strictEqual(user.displayName, "Ada")
      assert.deepStrictEqual(user.clientMetadata, { theme: "dark" })
      assert.isTrue(user.otpAuthEnabled)
      assert.strictEqual((yield* Users.getCurrent()).displayName, "Ada")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("update to a team the user is not a member of fails with TeamMembershipNotFound", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(Users.update({ selectedTeamId: crypto.randomUUID() }))
      assert.strictEqual(error._tag, "TeamMembershipNotFound")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("update when signed out fails with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Users.update({ displayName: "Nobody" }))
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("deleteCurrent deletes the user, then signs out locally without another request", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const { userId } = yield* signUp()
      const sessionDeletes = yield* countRequests("DELETE", "/auth/sessions/current")
      const before = (yield* emulator.requests.all).length
      yield* Users.deleteCurrent()
      assert.strictEqual((yield* emulator.requests.all).length, before + 1)
      assert.strictEqual(yield* countRequests("DELETE", "/auth/sessions/current"), sessionDeletes)
      yield* signedOut
      assert.isUndefined(Table.get((yield* emulator.run(EmulatorState.get)).users, userId))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("deleteCurrent fails with ClientUserDeletionNotEnabled when the project does not allow it", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp()
      const error = yield* withConfig({ clientUserDeletionEnabled: false }, Effect.flip(Users.deleteCurrent()))
      assert.strictEqual(error._tag, "ClientUserDeletionNotEnabled")
      assert.strictEqual((yield* Users.getCurrent()).id, userId)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("deleteCurrent when signed out fails with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Users.deleteCurrent())
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))
})
