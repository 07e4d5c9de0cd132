import { assert, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Auth, Users } from "stack-auth-effect"
import { Emulator, TestApps } from "@stack-auth-effect/emulator/testing"

it.effect("a new user is signed in, and stays so across a token refresh", () =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({
      email: "ada@example.com",
      password: "correct horse battery",
      // outside a browser there is no page to send the verification link back to: name it
      verificationCallbackUrl: "http://localhost:3000/handler/email-verification"
    })
    yield* TestClock.adjust("6 seconds") // the 5-second access token expires: the SDK refreshes
    const user = yield* Users.getCurrent()
    assert.strictEqual(user.primaryEmail, "ada@example.com")
  }).pipe(
    Effect.provide(TestApps.client()),
    Effect.provide(Layer.orDie(Emulator.layerWith({ accessTokenLifetimeSeconds: 5 })))
  ))
