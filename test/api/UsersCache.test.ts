import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as QueryCache from "../../packages/sdk/src/query/QueryCache.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

const countMe = Emulator.Emulator.use((e) => e.requests.count({ method: "GET", path: "/api/v1/users/me" }))

layer(Emulator.layer)("Users.getUser through the app's cache", (it) => {
  it.effect("1,000 calls within the freshness window cost one request; the next window one more", () =>
    Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: "cache@example.com", password: "correct-horse-battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      const before = yield* countMe
      for (let i = 0; i < 1000; i++) yield* Users.getUser()
      assert.strictEqual((yield* countMe) - before, 1)
      yield* TestClock.adjust(Users.freshnessWindowMillis + 1)
      const user = yield* Users.getUser()
      assert.strictEqual(user?.primaryEmail, "cache@example.com")
      assert.strictEqual((yield* countMe) - before, 2)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a sign-in right after a signed-out read is never served the cached null", () =>
    Effect.gen(function*() {
      assert.isNull(yield* Users.getUser())
      yield* Auth.signUpWithPassword({ email: "fresh-session@example.com", password: "correct-horse-battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      const user = yield* Users.getUser()
      assert.strictEqual(user?.primaryEmail, "fresh-session@example.com")
      yield* Auth.signOut()
      // The signed-out entry was loaded at this same virtual instant: its reload obeys the 300 ms throttle (SPEC §9).
      yield* TestClock.adjust(QueryCache.throttleMillis)
      assert.isNull(yield* Users.getUser())
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("an update is seen at once, without waiting for the window", () =>
    Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: "rename@example.com", password: "correct-horse-battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      yield* Users.getUser()
      yield* Users.update({ displayName: "Ada" })
      assert.strictEqual((yield* Users.getUser())?.displayName, "Ada")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("the new user comes from the app's write observer: a PATCH of /users/me sent by any function is seen at once", () =>
    Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: "rename-raw@example.com", password: "correct-horse-battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      yield* Users.getUser()
      const before = yield* countMe
      yield* Session.call({ method: "PATCH", path: "/users/me", body: { display_name: "Grace" }, response: Users.CurrentUser, errors: [] })
      assert.strictEqual((yield* Users.getUser())?.displayName, "Grace")
      assert.strictEqual((yield* countMe) - before, 0) // served from the cache, not reloaded
    }).pipe(Effect.provide(TestApps.client())))
})
