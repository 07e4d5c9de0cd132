/**
 * OAuth hygiene (SPEC §2 oauth-callback, §4 "OAuth", §9 PKCE S256, state cookie 3600 s): the
 * state names the only verifier a callback may use, the verifier is used once and removed, PKCE is
 * S256 and nothing else, and a callback with a foreign or missing state, code or verifier does
 * nothing at all: no request, no tokens, no cookie touched. Interrupting the code exchange aborts
 * its request (real loopback server).
 */
import { createHash } from "node:crypto"
import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as OAuth from "../../packages/sdk/src/api/OAuth.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import type * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as Cookies from "../../packages/sdk/src/session/Cookies.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { fromFetch, HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"
import { type Behaviour, eventually, loopbackServer } from "../support/LoopbackServer.ts"
import { withWireSpy } from "../support/WireSpy.ts"
import { flush, loopbackOnlyFetch } from "./support.ts"

/** A cookie jar that records every write with its attributes. */
const recordingJar = (secure: boolean) => {
  const jar = new Map<string, string>()
  const writes: Array<{ readonly name: string; readonly value: string; readonly attributes: CookieStorage.CookieAttributes | undefined }> = []
  const adapter: CookieStorage.CookieAdapter = {
    secure,
    get: (name) => jar.get(name),
    set: (name, value, attributes) => {
      writes.push({ name, value, attributes })
      if (attributes.maxAge <= 0) jar.delete(name)
      else jar.set(name, value)
    },
    delete: (name, attributes) => {
      writes.push({ name, value: "", attributes })
      jar.delete(name)
    }
  }
  return { jar, writes, adapter }
}

const callbackPage = "http://localhost:3000/handler/oauth-callback"
const base64url = (bytes: Buffer) => bytes.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
const s256 = (verifier: string) => base64url(createHash("sha256").update(verifier).digest())

/** Starts a flow and lets the emulator's mock provider approve `email`; answers the callback URL. */
const startFlow = (email: string) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    const authorizeUrl = new URL(yield* OAuth.getAuthorizationUrl({
      provider: "github",
      redirectUrl: callbackPage,
      errorRedirectUrl: "http://localhost:3000/handler/error"
    }))
    const state = authorizeUrl.searchParams.get("state")!
    authorizeUrl.searchParams.set("emulator_login_email", email)
    const response = yield* Effect.orDie(emulator.handle(new Request(authorizeUrl)))
    assert.strictEqual(response.status, 307)
    return { authorizeUrl, state, callbackUrl: response.headers.get("location")! }
  })

const requestCount = Effect.flatMap(Emulator.Emulator, (e) => e.requests.count())
const tokenRequests = Effect.flatMap(Emulator.Emulator, (e) => e.requests.count({ method: "POST", path: "/auth/oauth/token" }))

const tokenEndpointPath = "/api/v1/auth/oauth/token"

const withJar = (jar: ReturnType<typeof recordingJar>) => Layer.merge(TestApps.client(), Cookies.layerAdapter(jar.adapter))

layer(Emulator.layer)("OAuth hygiene (SPEC §4, §9)", (it) => {
  it.effect("PKCE is S256 only: the challenge is the SHA-256 of the verifier kept under the state's cookie, for 3600 s, Lax, Secure on https", () => {
    const jar = recordingJar(true)
    return Effect.gen(function*() {
      const states = new Set<string>()
      for (let i = 0; i < 50; i++) {
        const url = new URL(yield* OAuth.getAuthorizationUrl({ provider: "github", redirectUrl: callbackPage, errorRedirectUrl: callbackPage }))
        const state = url.searchParams.get("state")!
        states.add(state)
        assert.strictEqual(url.searchParams.get("code_challenge_method"), "S256")
        const verifier = jar.jar.get(OAuth.stateCookieName(state))!
        assert.match(verifier, /^[A-Za-z0-9\-._~]{43,128}$/, "an RFC 7636 verifier")
        assert.strictEqual(url.searchParams.get("code_challenge"), s256(verifier))
        assert.notStrictEqual(url.searchParams.get("code_challenge"), verifier, "never the plain method")
        assert.isFalse(url.toString().includes(verifier), "the verifier never leaves the browser before the exchange")
        assert.isAtLeast(state.length, 22, "at least 128 bits of state")
      }
      assert.strictEqual(states.size, 50, "a fresh state per flow")
      assert.lengthOf(jar.writes, 50)
      for (const write of jar.writes) {
        assert.isTrue(write.name.startsWith("stack-oauth-outer-"))
        assert.deepStrictEqual(write.attributes, { maxAge: 3600, path: "/", sameSite: "Lax", secure: true })
      }
    }).pipe(Effect.provide(withJar(jar)))
  })

  it.effect("the service refuses a code exchanged with the wrong verifier or with the challenge itself (plain)", () => {
    const jar = recordingJar(false)
    return Effect.gen(function*() {
      for (const forge of [(v: string) => `${v.slice(0, -1)}${v.endsWith("A") ? "B" : "A"}`, (v: string) => s256(v)]) {
        const { callbackUrl, state } = yield* startFlow("pkce@example.com")
        const name = OAuth.stateCookieName(state)
        jar.jar.set(name, forge(jar.jar.get(name)!))
        const error = yield* Effect.flip(OAuth.handleCallback(callbackUrl))
        assert.strictEqual(error._tag, "InvalidAuthorizationCode")
        assert.isUndefined(jar.jar.get(name), "the verifier is consumed even when the exchange fails")
      }
      assert.deepStrictEqual(yield* (yield* Session.Session).state, { _tag: "SignedOut" })
    }).pipe(Effect.provide(withJar(jar)))
  })

  it.effect("the verifier is single-use: it is removed before the exchange, and replaying the callback does nothing", () => {
    const jar = recordingJar(false)
    return Effect.gen(function*() {
      const { callbackUrl, state } = yield* startFlow("single-use@example.com")
      const name = OAuth.stateCookieName(state)
      const verifier = jar.jar.get(name)!
      const exchangesBefore = yield* tokenRequests
      const first = yield* OAuth.handleCallback(callbackUrl)
      assert.strictEqual(first._tag, "SignedIn")
      assert.isUndefined(jar.jar.get(name))
      const removal = jar.writes.filter((w) => w.name === name).at(-1)!
      assert.strictEqual(removal.attributes?.maxAge, 0, "deleted, not left to expire")
      assert.strictEqual((yield* tokenRequests) - exchangesBefore, 1)
      const session = yield* Session.Session
      const signedIn = yield* session.state
      const sent = yield* requestCount
      const replay = yield* OAuth.handleCallback(callbackUrl)
      assert.deepStrictEqual(replay, { _tag: "NotACallback", reason: "missing-verifier" })
      assert.strictEqual(yield* requestCount, sent, "the replay sent nothing")
      assert.deepStrictEqual(yield* session.state, signedIn)
      // the code itself is one-use at the service too, even with the right verifier put back
      jar.jar.set(name, verifier)
      const again = yield* Effect.flip(OAuth.handleCallback(callbackUrl))
      assert.strictEqual(again._tag, "InvalidAuthorizationCode")
    }).pipe(Effect.provide(withJar(jar)))
  })

  it.effect("a callback with a foreign state, or without code or state, does nothing: no request, no tokens, no cookie touched", () => {
    const jar = recordingJar(false)
    return Effect.gen(function*() {
      const ours = yield* startFlow("foreign@example.com")
      const ourCookie = OAuth.stateCookieName(ours.state)
      const ourVerifier = jar.jar.get(ourCookie)
      const code = new URL(ours.callbackUrl).searchParams.get("code")!
      const session = yield* Session.Session
      const sent = yield* requestCount
      const writes = jar.writes.length
      const attempts = [
        [`${callbackPage}?code=${code}&state=attacker-chosen-state`, "missing-verifier"],
        [`${callbackPage}?code=attacker-code&state=${encodeURIComponent("x".repeat(43))}`, "missing-verifier"],
        [`${callbackPage}?code=${code}`, "missing-state"],
        [`${callbackPage}?state=${ours.state}`, "missing-code"],
        [callbackPage, "missing-code"]
      ] as const
      for (const [url, reason] of attempts) {
        assert.deepStrictEqual(yield* OAuth.handleCallback(url), { _tag: "NotACallback", reason }, url)
      }
      assert.strictEqual(yield* requestCount, sent, "no request was sent")
      assert.strictEqual(jar.writes.length, writes, "no cookie was written or deleted")
      assert.strictEqual(jar.jar.get(ourCookie), ourVerifier, "our own flow's verifier is intact")
      assert.deepStrictEqual(yield* session.state, { _tag: "SignedOut" })
      assert.isUndefined(yield* session.getTokens())
      // and our own flow still completes afterwards
      assert.strictEqual((yield* OAuth.handleCallback(ours.callbackUrl))._tag, "SignedIn")
    }).pipe(Effect.provide(withJar(jar)))
  })

  it.effect("the code exchange is an authorization-code grant with PKCE and client_secret_post, and no x-stack headers", () => {
    const jar = recordingJar(false)
    return Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const { callbackUrl, state } = yield* startFlow("exchange@example.com")
      const verifier = jar.jar.get(OAuth.stateCookieName(state))!
      const { sent } = yield* withWireSpy(OAuth.handleCallback(callbackUrl))
      assert.deepStrictEqual(sent.map((r) => `${r.method} ${r.path}`), ["POST /api/v1/auth/oauth/token"])
      const exchange = sent[0]!
      assert.deepStrictEqual(Object.fromEntries(exchange.form), {
        grant_type: "authorization_code",
        code_verifier: verifier,
        code: new URL(callbackUrl).searchParams.get("code")!,
        redirect_uri: callbackPage,
        client_id: emulator.demoProject.projectId,
        client_secret: emulator.demoProject.publishableClientKey
      })
      assert.deepStrictEqual([...exchange.headers.keys()].filter((h) => h.startsWith("x-stack") && h !== Headers.randomNonce), [])
    }).pipe(Effect.provide(withJar(jar)))
  })

  const stalls: ReadonlyArray<readonly [string, Behaviour]> = [
    ["before the answer's head", { _tag: "Stall" }],
    ["in the middle of the token response's body", { _tag: "StallMidBody", body: JSON.stringify({ access_token: "x".repeat(400), token_type: "Bearer" }) }]
  ]
  for (const [where, behaviour] of stalls) {
    it.effect(`interrupting handleCallback while the code exchange stalls ${where} aborts the request (real loopback server); nobody is signed in`, () => {
      const jar = recordingJar(false)
      return Effect.gen(function*() {
        const emulator = yield* Emulator.Emulator
        const context = yield* Effect.context<never>()
        const { callbackUrl } = yield* startFlow("interrupted@example.com")
        const server = yield* loopbackServer(
          ({ path }) => (path === tokenEndpointPath ? behaviour : { _tag: "Forward" }),
          (request) => Effect.runPromiseWith(context)(Effect.orDie(emulator.handle(request)))
        )
        const signals: Array<AbortSignal> = []
        let heads = 0
        const transport = fromFetch((input, init) => {
          if (init?.signal) signals.push(init.signal)
          return loopbackOnlyFetch(input, init).then((response) => (heads++, response))
        })
        const app = StackClientApp.layer({
          projectId: emulator.demoProject.projectId,
          publishableClientKey: emulator.demoProject.publishableClientKey,
          baseUrl: server.url
        }).pipe(Layer.orDie)
        yield* Effect.gen(function*() {
          const fiber = yield* Effect.forkChild(OAuth.handleCallback(callbackUrl))
          yield* eventually(Effect.sync(() => server.count({ path: tokenEndpointPath }) === 1 && signals.length === 1))
          if (behaviour._tag === "StallMidBody") yield* eventually(Effect.sync(() => heads === 1)) // the head arrived
          yield* flush(20)
          assert.isFalse(signals[0]!.aborted)
          yield* Fiber.interrupt(fiber)
          const exit = yield* Fiber.await(fiber)
          assert.isTrue(Exit.isFailure(exit) && Exit.hasInterrupts(exit))
          // before the head the fetch itself is aborted; after it, the body's stream is cancelled
          if (behaviour._tag === "Stall") assert.isTrue(signals[0]!.aborted, "the exchange's AbortSignal fired")
          const exchange = server.seen.find((seen) => seen.path === tokenEndpointPath)!
          yield* eventually(Effect.sync(() => exchange.closedByClient))
          assert.isFalse(exchange.finished)
          assert.strictEqual(server.count({ path: tokenEndpointPath }), 1, "nothing was sent again")
          assert.deepStrictEqual(yield* (yield* Session.Session).state, { _tag: "SignedOut" })
        }).pipe(Effect.provide(Layer.merge(app, Cookies.layerAdapter(jar.adapter))), Effect.provideService(HttpTransport, transport))
      }).pipe(Effect.provide(withJar(jar)))
    })
  }
})
