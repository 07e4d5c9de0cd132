import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as CliAuth from "../../packages/sdk/src/api/CliAuth.ts"
import * as Mfa from "../../packages/sdk/src/api/Mfa.ts"
import * as OAuth from "../../packages/sdk/src/api/OAuth.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as Cookies from "../../packages/sdk/src/session/Cookies.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import { formView, protocolView, type RecordedRequest, recordingServer } from "../support/RecordingServer.ts"

// The official SDK (devDependency, test oracle only) and ours take the same sign-in steps against a
// recording loopback server that answers like the service; the protocol-relevant parts of the
// requests must be equal.

const keys = { projectId: "proj-1", publishableClientKey: "pck_abc" }

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
/** An unsigned JWT both SDKs can read, valid until 2100 by either clock. */
const accessToken = `${base64Url({ alg: "ES256", typ: "JWT" })}.${base64Url({ sub: "u1", exp: 4_102_444_800, iat: 0 })}.c2ln`
const refreshToken = "refresh-token-1"
const signedIn = { access_token: accessToken, refresh_token: refreshToken, user_id: "u1", is_new_user: false }

const answer = (request: RecordedRequest): { status?: number; body: unknown } => {
  switch (request.path) {
    case "/api/v1/auth/otp/send-sign-in-code":
      return { body: { nonce: "n".repeat(39) } }
    case "/api/v1/auth/sessions/current":
    case "/api/v1/auth/cli/complete":
      return { body: { success: true } }
    case "/api/v1/auth/cli":
      return { body: { polling_code: "polling-1", login_code: "login-1", expires_at: "2100-01-01T00:00:00.000Z" } }
    case "/api/v1/auth/cli/poll":
      return { status: 201, body: { status: "success", refresh_token: "cli-refresh" } }
    case "/api/v1/auth/oauth/token":
      return { body: { ...signedIn, token_type: "Bearer", expires_in: 600, scope: "legacy", is_new_user: true, after_callback_redirect_url: null } }
    default:
      return { body: signedIn }
  }
}

const code = "c".repeat(45)
const callbackUrl = "http://localhost:3000/handler/magic-link-callback"
const verificationCallbackUrl = "http://localhost:3000/handler/email-verification"

describe("sign-in requests equal @stackframe/js's", () => {
  it.effect("password sign-up and sign-in, one-time code, MFA, anonymous sign-up (signed out)", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(answer)
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      const theirsApp = () => new official.StackClientApp({ ...keys, baseUrl: server.url, tokenStore: "memory" })
      yield* Effect.promise(async () => {
        await theirsApp().signUpWithCredential({ email: "a@example.com", password: "pw-123456", verificationCallbackUrl, noRedirect: true })
        await theirsApp().signInWithCredential({ email: "a@example.com", password: "pw-123456", noRedirect: true })
        await theirsApp().sendMagicLinkEmail("a@example.com", { callbackUrl })
        await theirsApp().signInWithMagicLink(code, { noRedirect: true })
        await theirsApp().signInWithMfa("123456", code, { noRedirect: true })
      })
      const theirs = server.requests.splice(0).map(protocolView)

      const ours = StackClientApp.layer({ ...keys, baseUrl: server.url })
      const step = <A, E>(effect: Effect.Effect<A, E, StackClientApp.Services>) => Effect.provide(effect, ours)
      yield* step(Auth.signUpWithPassword({ email: "a@example.com", password: "pw-123456", verificationCallbackUrl }))
      yield* step(Auth.signInWithPassword({ email: "a@example.com", password: "pw-123456" }))
      yield* step(Auth.sendSignInCode({ email: "a@example.com", callbackUrl }))
      yield* step(Auth.signInWithCode(code))
      yield* step(Mfa.signInWithMfa({ totp: "123456", attemptCode: code }))
      const mine = server.requests.splice(0).map(protocolView)

      assert.strictEqual(theirs.length, 5)
      assert.deepStrictEqual(mine, theirs)
    }))

  it.effect("anonymous sign-up sends no body", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(answer)
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      const app = new official.StackClientApp({ ...keys, baseUrl: server.url, tokenStore: "memory" })
      yield* Effect.promise(() => app.getUser({ or: "anonymous" }).catch(() => undefined))
      const theirs = server.requests.splice(0).filter((r) => r.path === "/api/v1/auth/anonymous/sign-up").map(protocolView)

      yield* Effect.provide(Auth.signUpAnonymously(), StackClientApp.layer({ ...keys, baseUrl: server.url }))
      const mine = server.requests.splice(0).map(protocolView)

      assert.strictEqual(theirs.length, 1)
      assert.deepStrictEqual(mine, theirs)
    }))

  it.effect("sign-out of a signed-in session", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(answer)
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      const app = new official.StackClientApp({ ...keys, baseUrl: server.url, tokenStore: { accessToken, refreshToken } })
      // oxlint-disable-next-line no-explicit-any
      const internals = app as any
      yield* Effect.promise(async () => internals._interface.signOut(await internals._getSession()))
      const theirs = server.requests.splice(0).map(protocolView)

      const tokenStore = TokenStore.layerExplicit({ accessToken, refreshToken })
      yield* Effect.provide(Auth.signOut(), StackClientApp.layer({ ...keys, baseUrl: server.url, tokenStore }))
      const mine = server.requests.splice(0).map(protocolView)

      assert.strictEqual(theirs.length, 1)
      assert.deepStrictEqual(mine, theirs)
    }))

  it.effect("CLI login: start, poll, and the confirmation page's complete", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(answer)
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      const signedOutApp = new official.StackClientApp({ ...keys, baseUrl: server.url, tokenStore: "memory" })
      const browserApp = new official.StackClientApp({ ...keys, baseUrl: server.url, tokenStore: { accessToken, refreshToken } })
      // oxlint-disable-next-line no-explicit-any
      const browser = browserApp as any
      const theirToken = yield* Effect.promise(async () => {
        const result = await signedOutApp.promptCliLogin({ appUrl: "http://localhost:3000", expiresInMillis: 60_000 })
        await browser._interface.cliLogin("login-1", refreshToken, await browser._getSession())
        return result
      })
      const theirs = server.requests.splice(0).map(protocolView)

      const myToken = yield* Effect.provide(
        CliAuth.promptCliLogin({ appUrl: "http://localhost:3000", expiresInMillis: 60_000, onLoginUrl: () => Effect.void }),
        StackClientApp.layer({ ...keys, baseUrl: server.url })
      )
      const tokenStore = TokenStore.layerExplicit({ accessToken, refreshToken })
      yield* Effect.provide(CliAuth.completeCliLogin("login-1"), StackClientApp.layer({ ...keys, baseUrl: server.url, tokenStore }))
      const mine = server.requests.splice(0).map(protocolView)

      assert.deepStrictEqual(theirToken, { status: "ok", data: "cli-refresh" })
      assert.strictEqual(Redacted.value(myToken), "cli-refresh")
      assert.strictEqual(theirs.length, 3)
      assert.deepStrictEqual(mine, theirs)
    }))
})

describe("OAuth requests equal @stackframe/js's", () => {
  const redirectUrl = "http://localhost:3000/handler/oauth-callback"
  const errorRedirectUrl = "http://localhost:3000/handler/error"
  const afterCallbackRedirectUrl = "http://localhost:3000/after"

  it.effect("the authorize URL, up to its random state and code challenge", () =>
    Effect.gen(function*() {
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      const baseUrl = "http://127.0.0.1:1"
      // oxlint-disable-next-line no-explicit-any
      const app = new official.StackClientApp({ ...keys, baseUrl, tokenStore: "memory" }) as any
      const theirs = new URL(yield* Effect.promise(async () =>
        app._interface.getOAuthUrl({
          provider: "github",
          redirectUrl,
          errorRedirectUrl,
          afterCallbackRedirectUrl,
          codeChallenge: "challenge",
          state: "state",
          type: "authenticate",
          session: await app._getSession()
        })
      ))
      const mine = new URL(yield* Effect.provide(
        OAuth.getAuthorizationUrl({ provider: "github", redirectUrl, errorRedirectUrl, afterCallbackRedirectUrl }),
        StackClientApp.layer({ ...keys, baseUrl })
      ).pipe(Effect.provide(Cookies.layerMemory)))
      mine.searchParams.set("code_challenge", "challenge")
      mine.searchParams.set("state", "state")
      assert.strictEqual(mine.origin + mine.pathname, theirs.origin + theirs.pathname)
      assert.deepStrictEqual([...mine.searchParams], [...theirs.searchParams])
    }))

  it.effect("the code exchange at the token endpoint", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(answer)
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      // oxlint-disable-next-line no-explicit-any
      const app = new official.StackClientApp({ ...keys, baseUrl: server.url, tokenStore: "memory" }) as any
      const verifier = "v".repeat(43)
      yield* Effect.promise(() =>
        app._interface.callOAuthCallback({
          oauthParams: new URLSearchParams({ code: "the-code", state: "the-state" }),
          redirectUri: redirectUrl,
          codeVerifier: verifier,
          state: "the-state"
        })
      )
      const theirs = server.requests.splice(0).map(formView)

      const cookies = Cookies.makeMemory()
      cookies.set(OAuth.stateCookieName("the-state"), verifier, { maxAge: 3600, path: "/", sameSite: "Lax", secure: false })
      const result = yield* Effect.provide(
        OAuth.handleCallback(`${redirectUrl}?code=the-code&state=the-state`),
        StackClientApp.layer({ ...keys, baseUrl: server.url })
      ).pipe(Effect.provide(Cookies.layerAdapter(cookies)))
      const mine = server.requests.splice(0).map(formView)

      assert.strictEqual(result._tag, "SignedIn")
      assert.strictEqual(theirs.length, 1)
      assert.deepStrictEqual(mine, theirs)
    }))
})
