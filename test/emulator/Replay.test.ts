/**
 * Replays and expiry: a captured passkey assertion does not sign in again (its challenge, its
 * relying-party id and its signature counter are each checked), and a session past its expiry no
 * longer refreshes.
 */
import { assert, describe, it } from "@effect/vitest"
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Sessions from "../../packages/emulator/src/internal/model/SessionRules.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import * as Software from "../support/SoftwareAuthenticator.ts"
import { assertKnownError, call, signUp } from "./support.ts"

// random challenges (production's): the development default's fixed challenge would let a captured assertion replay
const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) =>
  Effect.provide(effect, Emulator.layerWith({ passkeyChallenges: "random" }))

const origin = "http://localhost:3000"

/** A user with a passkey registered on a software authenticator at `origin`. */
const userWithPasskey = Effect.gen(function*() {
  const authenticator = Software.makeAuthenticator(origin)
  const tokens = yield* signUp("replay@example.com")
  const started = yield* call({ method: "POST", path: "/auth/passkey/initiate-passkey-registration", accessToken: tokens.access_token, body: {} })
  const options = started.body.options_json as PublicKeyCredentialCreationOptionsJSON
  const credential = yield* Effect.promise(() => authenticator.create({ ...options, rp: { ...options.rp, id: "localhost" } }))
  const registered = yield* call({
    method: "POST",
    path: "/auth/passkey/register",
    accessToken: tokens.access_token,
    body: { credential, code: started.body.code }
  })
  assert.strictEqual(registered.status, 200, registered.text)
  return { authenticator, tokens }
})

/** Starts a passkey sign-in: the challenge's options (relying-party id as the page sets it) and code. */
const startSignIn = (rpId = "localhost") =>
  Effect.map(call({ method: "POST", path: "/auth/passkey/initiate-passkey-authentication", body: {} }), (answer) => ({
    options: { ...(answer.body.options_json as PublicKeyCredentialRequestOptionsJSON), rpId },
    code: answer.body.code as string
  }))

const signIn = (authentication_response: unknown, code: string) =>
  call({ method: "POST", path: "/auth/passkey/sign-in", body: { authentication_response, code } })

describe("passkey replay", () => {
  it.effect("a captured assertion does not sign in again, for another challenge, another relying party or an old counter", () =>
    withEmulator(Effect.gen(function*() {
      const { authenticator, tokens } = yield* userWithPasskey
      const first = yield* startSignIn()
      const assertion = yield* Effect.promise(() => authenticator.get(first.options))
      const signedIn = yield* signIn(assertion, first.code)
      assert.strictEqual(signedIn.status, 200, signedIn.text)
      assert.strictEqual(signedIn.body.user_id, tokens.user_id)

      // The same assertion with its used code.
      assert.isAtLeast((yield* signIn(assertion, first.code)).status, 400)
      // An assertion captured before it reached the service (its counter is new), sent for another challenge.
      const intercepted = yield* startSignIn()
      const captured = yield* Effect.promise(() => authenticator.get(intercepted.options))
      const second = yield* startSignIn()
      assertKnownError(yield* signIn(captured, second.code), "PASSKEY_AUTHENTICATION_FAILED", 400)

      // A fresh challenge signed with the counter rolled back (a cloned authenticator).
      const credential = authenticator.credentials[0]!
      credential.counter = 0
      const third = yield* startSignIn()
      assertKnownError(yield* signIn(yield* Effect.promise(() => authenticator.get(third.options)), third.code), "PASSKEY_AUTHENTICATION_FAILED", 400)

      // A fresh challenge signed for another relying party, sent from the trusted origin.
      credential.counter = 100
      Object.assign(credential, { rpId: "evil.example.com" })
      const fourth = yield* startSignIn("evil.example.com")
      assertKnownError(yield* signIn(yield* Effect.promise(() => authenticator.get(fourth.options)), fourth.code), "PASSKEY_AUTHENTICATION_FAILED", 400)

      // The same authenticator, back on its relying party with a newer counter, still signs in.
      Object.assign(credential, { rpId: "localhost" })
      const fifth = yield* startSignIn()
      const again = yield* signIn(yield* Effect.promise(() => authenticator.get(fifth.options)), fifth.code)
      assert.strictEqual(again.status, 200, again.text)
    })))
})

describe("session expiry", () => {
  it.effect("a session refreshes until its expiry, then neither refresh route knows its token", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("expiry@example.com")
      const refreshGrant = call({
        method: "POST",
        path: "/auth/oauth/token",
        access: "none",
        form: {
          grant_type: "refresh_token",
          refresh_token: tokens.refresh_token,
          client_id: demoProject.projectId,
          client_secret: demoProject.publishableClientKey
        }
      })
      const currentRefresh = call({ method: "POST", path: "/auth/sessions/current/refresh", headers: { [Headers.refreshToken]: tokens.refresh_token } })
      yield* TestClock.adjust(Sessions.defaultLifetimeMillis - 1)
      assert.strictEqual((yield* refreshGrant).status, 200)
      assert.strictEqual((yield* currentRefresh).status, 200)
      yield* TestClock.adjust(1)
      assertKnownError(yield* refreshGrant, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401)
      assertKnownError(yield* currentRefresh, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401)
    })))
})
