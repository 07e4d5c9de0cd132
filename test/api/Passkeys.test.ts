import { WebAuthnError, type WebAuthnErrorCode } from "@simplewebauthn/browser"
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Mfa from "../../packages/sdk/src/api/Mfa.ts"
import * as Passkeys from "../../packages/sdk/src/api/Passkeys.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as WebAuthn from "../../packages/sdk/src/api/WebAuthn.ts"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorMfa from "../../packages/emulator/src/internal/model/MfaRules.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as Software from "../support/SoftwareAuthenticator.ts"
import { freshClient, newTotpSecret, setConfig, userRow } from "./authSupport.ts"

const origin = "http://localhost:3000"
const password = "a-long-password-1"
const sessionState = Session.Session.use((session) => session.state)

/** A fresh emulator and client app, with a software authenticator on a page at `pageOrigin`. */
const run = <A, E, R>(
  f: (authenticator: ReturnType<typeof Software.makeAuthenticator>) => Effect.Effect<A, E, R>,
  pageOrigin = origin
) => {
  const authenticator = Software.makeAuthenticator(pageOrigin)
  return freshClient(f(authenticator).pipe(Effect.provide(Layer.merge(Software.layer(authenticator, pageOrigin), Mfa.layerMemory))))
}

const initiateRegistrationWith = (options: object) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    yield* emulator.faults.inject({
      method: "POST",
      path: "/auth/passkey/initiate-passkey-registration",
      times: 1,
      fault: Faults.status(200, { headers: { "content-type": "application/json" }, body: JSON.stringify({ options_json: options, code: "c".repeat(45) }) })
    })
  })

const b64url = (bytes: number) => btoa("x".repeat(bytes)).replace(/=+$/, "")

describe("Passkeys", () => {
  it.effect("registers a passkey for the signed-in user, who then signs in with it", () =>
    run(() =>
      Effect.gen(function*() {
        const user = yield* Auth.signUpWithPassword({ email: "pk@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        const registered = yield* Passkeys.register()
        assert.isString(registered.userHandle)
        assert.isTrue((yield* userRow(user.userId!))?.passkeyAuthEnabled)
        yield* Auth.signOut()
        const result = yield* Passkeys.signIn()
        assert.deepStrictEqual(result, { userId: user.userId, isNewUser: false })
        assert.deepStrictEqual(yield* sessionState, { _tag: "SignedIn", userId: user.userId })
      })
    ))

  it.effect("the relying-party id sentinel is replaced with the page's hostname", () =>
    run((authenticator) =>
      Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "rp@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* Passkeys.register()
        assert.deepStrictEqual(authenticator.credentials.map((c) => c.rpId), ["localhost"])
      })
    ))

  it.effect("registering needs a signed-in user: UserAuthenticationRequired, before any request", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const error = yield* Effect.flip(Passkeys.register())
        assert.strictEqual(error._tag, "UserAuthenticationRequired")
        assert.strictEqual(yield* emulator.requests.count({ path: "/api/v1/auth/passkey/initiate-passkey-registration" }), 0)
      })
    ))

  it.effect("signed out, the service refuses to initiate a registration with SCHEMA_ERROR (auth.user), and so does the emulator", () =>
    run(() =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(Session.call({
          method: "POST",
          path: "/auth/passkey/initiate-passkey-registration",
          body: {},
          response: Schema.Unknown,
          errors: [KnownErrors.SchemaError]
        }))
        assert.strictEqual(error._tag, "SchemaError")
        assert.include(error.message, "auth.user must be defined")
      })
    ))

  it.effect("a session the service no longer knows is UserAuthenticationRequired, its SCHEMA_ERROR read as signed out", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const user = yield* Auth.signUpWithPassword({ email: "revoked-pk@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        // every session of the user ends at the service, and the access token runs out
        yield* emulator.run(EmulatorState.update((state) => ({
          ...state,
          sessions: Table.removeWhere(state.sessions, (s) => s.userId === user.userId)
        })))
        yield* TestClock.adjust("1 hour")
        const error = yield* Effect.flip(Passkeys.register())
        assert.strictEqual(error._tag, "UserAuthenticationRequired")
        assert.strictEqual(yield* emulator.requests.count({ path: "/api/v1/auth/passkey/initiate-passkey-registration" }), 1)
      })
    ))

  it.effect("any other refusal of the registration's request stays SchemaError", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        yield* Auth.signUpWithPassword({ email: "schema-pk@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* emulator.faults.inject({
          method: "POST",
          path: "/auth/passkey/initiate-passkey-registration",
          times: 1,
          fault: Faults.status(400, {
            headers: { "content-type": "application/json", "x-stack-known-error": "SCHEMA_ERROR" },
            body: JSON.stringify({ code: "SCHEMA_ERROR", error: "Request validation failed", details: { message: "Request validation failed" } })
          })
        })
        const error = yield* Effect.flip(Passkeys.register())
        assert.strictEqual(error._tag, "SchemaError")
      })
    ))

  it.effect("both ceremonies fail with PasskeyAuthenticationNotEnabled when passkeys are off", () =>
    run(() =>
      Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "off@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* setConfig({ passkeyEnabled: false })
        assert.strictEqual((yield* Effect.flip(Passkeys.register()))._tag, "PasskeyAuthenticationNotEnabled")
        assert.strictEqual((yield* Effect.flip(Passkeys.signIn()))._tag, "PasskeyAuthenticationNotEnabled")
      })
    ))

  it.effect("a page origin off the trusted domains fails with PasskeyRegistrationFailed", () =>
    run(() =>
      Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "evil@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        const error = yield* Effect.flip(Passkeys.register())
        assert.strictEqual(error._tag, "PasskeyRegistrationFailed")
      }), "https://evil.example.org"))

  it.effect("a page on an IP address is not a valid WebAuthn domain: WebAuthnInvalidDomain", () =>
    run(() =>
      Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "ip@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        const error = yield* Effect.flip(Passkeys.register())
        assert.strictEqual(error._tag, "WebAuthnInvalidDomain")
        const signIn = yield* Effect.flip(Passkeys.signIn())
        assert.strictEqual(signIn._tag, "WebAuthnInvalidDomain")
      }), "http://127.0.0.1:3000"))

  it.effect("options without the sentinel relying-party id fail with WebAuthnInvalidRelyingPartyId", () =>
    run((authenticator) =>
      Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "sentinel@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* initiateRegistrationWith({ rp: { id: "example.com", name: "x" }, user: { id: b64url(16), name: "u", displayName: "u" }, challenge: "abc", pubKeyCredParams: [] })
        const error = yield* Effect.flip(Passkeys.register())
        assert.strictEqual(error._tag, "WebAuthnInvalidRelyingPartyId")
        assert.strictEqual(authenticator.credentials.length, 0)
      })
    ))

  it.effect("a WebAuthn user id outside 1 to 64 bytes fails with WebAuthnInvalidUserIdLength", () =>
    run(() =>
      Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "uid@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        for (const bytes of [65, 0]) {
          yield* initiateRegistrationWith({
            rp: { id: Passkeys.relyingPartyIdSentinel, name: "x" },
            user: { id: b64url(bytes), name: "u", displayName: "u" },
            challenge: "abc",
            pubKeyCredParams: []
          })
          const error = yield* Effect.flip(Passkeys.register())
          assert.strictEqual(error._tag, "WebAuthnInvalidUserIdLength")
          assert.strictEqual(error._tag === "WebAuthnInvalidUserIdLength" ? error.length : -1, bytes)
        }
      })
    ))

  it.effect("an assertion the stored public key does not verify fails with PasskeyAuthenticationFailed", () =>
    run((authenticator) =>
      Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "forged@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* Passkeys.register()
        yield* Auth.signOut()
        authenticator.credentials[0]!.keys = yield* Effect.promise(() =>
          crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])
        )
        const error = yield* Effect.flip(Passkeys.signIn())
        assert.strictEqual(error._tag, "PasskeyAuthenticationFailed")
        assert.deepStrictEqual(yield* sessionState, { _tag: "SignedOut" })
      })
    ))

  it.effect("a passkey the service does not know fails with PasskeyAuthenticationFailed", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        yield* Auth.signUpWithPassword({ email: "gone@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* Passkeys.register()
        yield* Auth.signOut()
        yield* emulator.run(EmulatorState.update((state) => ({ ...state, extra: { ...state.extra, passkeys: Table.empty } })))
        const error = yield* Effect.flip(Passkeys.signIn())
        assert.strictEqual(error._tag, "PasskeyAuthenticationFailed")
      })
    ))

  it.effect("ceremonies longer than the challenge's life fail with VerificationCodeExpired", () =>
    Effect.gen(function*() {
      const authenticator = Software.makeAuthenticator(origin)
      const software = Software.layer(authenticator, origin)
      /** Runs `effect` with a ceremony that waits 66 s; moves the clock once the ceremony is waiting. */
      const slowly = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.gen(function*() {
          const waiting = yield* Deferred.make<void>()
          const slow = Layer.effect(WebAuthn.WebAuthn, Effect.gen(function*() {
            const fast = yield* WebAuthn.WebAuthn
            const wait = Effect.andThen(Deferred.succeed(waiting, undefined), Effect.sleep("66 seconds"))
            return WebAuthn.WebAuthn.of({
              ...fast,
              startRegistration: (options) => Effect.andThen(wait, fast.startRegistration(options)),
              startAuthentication: (options) => Effect.andThen(wait, fast.startAuthentication(options))
            })
          })).pipe(Layer.provide(software))
          const fiber = yield* Effect.forkChild(Effect.provide(effect, slow))
          yield* Deferred.await(waiting)
          yield* Effect.yieldNow
          yield* TestClock.adjust("66 seconds")
          return yield* Effect.flip(Fiber.join(fiber))
        })
      yield* freshClient(Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "slow@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        assert.strictEqual((yield* slowly(Passkeys.register()))._tag, "VerificationCodeExpired")
        yield* Effect.provide(Passkeys.register(), software)
        yield* Auth.signOut()
        assert.strictEqual((yield* slowly(Passkeys.signIn()))._tag, "VerificationCodeExpired")
      }))
    }))

  it.effect("a passkey sign-in of a user with a second factor ends in MultiFactorAuthenticationRequired", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const secret = newTotpSecret()
        const user = yield* Auth.signUpWithPassword({ email: "pk-mfa@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* Passkeys.register()
        yield* Auth.signOut()
        yield* emulator.run(EmulatorState.update((state) => ({
          ...state,
          users: Table.modify(state.users, user.userId!, (u) => ({ ...u, totpSecretBase64: secret }))
        })))
        const error = yield* Effect.flip(Passkeys.signIn())
        assert.strictEqual(error._tag, "MultiFactorAuthenticationRequired")
        const totp = EmulatorMfa.totpAt(secret, yield* Clock.currentTimeMillis)
        assert.deepStrictEqual(yield* Mfa.signInWithMfa({ totp }), { userId: user.userId, isNewUser: false })
      })
    ))
})

describe("WebAuthn ceremonies", () => {
  it.effect("without WebAuthn the browser layer fails with the spec's message and sends nothing", () =>
    freshClient(Effect.gen(function*() {
      const emulator = yield* Emulator
      yield* Auth.signUpWithPassword({ email: "nowebauthn@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      const before = (yield* emulator.requests.all).length
      const error = yield* Effect.flip(Passkeys.register())
      assert.strictEqual(error._tag, "WebAuthnNotSupported")
      assert.strictEqual(error.message, "WebAuthn is not supported in this browser")
      assert.strictEqual((yield* Effect.flip(Passkeys.signIn()))._tag, "WebAuthnNotSupported")
      assert.strictEqual((yield* emulator.requests.all).length, before)
    }).pipe(Effect.provide(WebAuthn.layerBrowser))))

  it.effect("each ceremony failure of @simplewebauthn/browser becomes its own error", () =>
    Effect.sync(() => {
      const cases: ReadonlyArray<readonly [WebAuthnErrorCode, string]> = [
        ["ERROR_CEREMONY_ABORTED", "WebAuthnAborted"],
        ["ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT", "WebAuthnMissingDiscoverableCredentialSupport"],
        ["ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT", "WebAuthnUserVerificationUnsupported"],
        ["ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED", "WebAuthnAuthenticatorPreviouslyRegistered"],
        ["ERROR_INVALID_DOMAIN", "WebAuthnInvalidDomain"],
        ["ERROR_INVALID_RP_ID", "WebAuthnInvalidRelyingPartyId"],
        ["ERROR_INVALID_USER_ID_LENGTH", "WebAuthnInvalidUserIdLength"],
        ["ERROR_AUTHENTICATOR_GENERAL_ERROR", "WebAuthnAuthenticatorError"],
        ["ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", "WebAuthnCeremonyFailed"]
      ]
      for (const [code, tag] of cases) {
        const failure = new WebAuthnError({ message: `failed: ${code}`, code, cause: new Error("cause") })
        assert.strictEqual(WebAuthn.fromCeremonyFailure(failure, { hostname: "localhost", rpId: "localhost" })._tag, tag, code)
      }
    }))

  it.effect("the browser layer maps a failure of navigator.credentials through @simplewebauthn/browser", () =>
    Effect.gen(function*() {
      const global = globalThis as Record<string, unknown>
      const navigator = globalThis.navigator as unknown as Record<string, unknown>
      const had = "PublicKeyCredential" in global
      global.PublicKeyCredential = function PublicKeyCredential() {}
      Object.defineProperty(navigator, "credentials", {
        configurable: true,
        value: { create: () => Promise.reject(new DOMException("already registered", "InvalidStateError")) }
      })
      const webAuthn = yield* WebAuthn.WebAuthn
      const outcome = yield* Effect.flip(webAuthn.startRegistration({
        rp: { id: "localhost", name: "x" },
        user: { id: b64url(16), name: "u", displayName: "u" },
        challenge: b64url(32),
        pubKeyCredParams: [{ type: "public-key", alg: -7 }]
      })).pipe(Effect.ensuring(Effect.sync(() => {
        if (!had) delete global.PublicKeyCredential
        delete navigator.credentials
      })))
      assert.strictEqual(outcome._tag, "WebAuthnAuthenticatorPreviouslyRegistered")
    }).pipe(Effect.provide(WebAuthn.layerBrowser)))

  it("accepts localhost and dotted hostnames as WebAuthn domains, nothing else", () => {
    assert.isTrue(WebAuthn.isValidDomain("localhost"))
    assert.isTrue(WebAuthn.isValidDomain("app.example.com"))
    assert.isFalse(WebAuthn.isValidDomain("127.0.0.1"))
    assert.isFalse(WebAuthn.isValidDomain("intranet"))
  })
})
