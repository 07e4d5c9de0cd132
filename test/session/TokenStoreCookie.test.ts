import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import { Window } from "happy-dom"
import { IncomingMessage, ServerResponse } from "node:http"
import { Socket } from "node:net"
import * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as SessionStreams from "../../packages/sdk/src/session/SessionStreams.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as TokenStoreCookie from "../../packages/sdk/src/platform/TokenStoreCookie.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { emulatorConfig, jwt, refreshes, signedInUser } from "./support.ts"

const projectId = "proj-1"
const http = StackHttp.layer({ config: { ...emulatorConfig, projectId }, accessType: "client" })
const now = 1_000_000

/** A small `document.cookie` jar: honours `Max-Age=0`, records every write and counts reads. */
const makeJar = (initial: Record<string, string> = {}) => {
  const cookies = new Map(Object.entries(initial))
  const writes: Array<string> = []
  let reads = 0
  const document: CookieStorage.CookieDocument = {
    get cookie() {
      reads++
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ")
    },
    set cookie(value: string) {
      writes.push(value)
      const [pair, ...attrs] = value.split(";")
      const index = pair!.indexOf("=")
      const name = pair!.slice(0, index)
      const maxAge = attrs.map((a) => a.trim()).find((a) => a.startsWith("Max-Age="))
      if (maxAge !== undefined && Number(maxAge.slice(8)) <= 0) cookies.delete(name)
      else cookies.set(name, pair!.slice(index + 1))
    }
  }
  return { document, writes, cookies, reads: () => reads }
}

const sessionLayer = (store: Layer.Layer<TokenStore.TokenStore>) =>
  Session.layer.pipe(Layer.provideMerge(Layer.mergeAll(http, store)))

/** Builds a layer into the test's scope and returns its context. */
const build = <A, E>(layer: Layer.Layer<A, E>) => Layer.build(layer).pipe(Effect.orDie)

const cookieNames = (setCookies: ReadonlyArray<string>) => setCookies.map((c) => c.slice(0, c.indexOf("=")))

describe("layerBrowserCookie", () => {
  it.effect("writes the refresh cookie for a year and the [refresh, access] cookie for a day, Lax, Path=/, Secure on https", () =>
    Effect.gen(function*() {
      const jar = makeJar()
      const context = yield* build(sessionLayer(TokenStoreCookie.layerBrowserCookie({ projectId, document: jar.document, secure: true })))
      const access = jwt("user-1", now + 300_000)
      yield* Context.get(context, Session.Session).setTokens({ accessToken: access, refreshToken: "rt-1" })
      assert.deepStrictEqual(jar.writes, [
        "stack-refresh-proj-1=rt-1; Max-Age=31536000; Path=/; SameSite=Lax; Secure",
        `stack-access=${encodeURIComponent(JSON.stringify(["rt-1", access]))}; Max-Age=86400; Path=/; SameSite=Lax; Secure`
      ])
    }))

  it.effect("leaves Secure off on http pages", () =>
    Effect.gen(function*() {
      const jar = makeJar()
      const context = yield* build(TokenStoreCookie.layerBrowserCookie({ projectId, document: jar.document, secure: false }))
      yield* Context.get(context, TokenStore.TokenStore).set({ refreshToken: Redacted.make("rt-1") })
      assert.strictEqual(jar.writes[0], "stack-refresh-proj-1=rt-1; Max-Age=31536000; Path=/; SameSite=Lax")
    }))

  it.effect("two clients sharing one cookie jar see each other's sign-out within one poll", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(now)
      const access = jwt("user-1", now + 300_000)
      const jar = makeJar({
        [CookieStorage.refreshCookieName(projectId)]: "rt-1",
        [CookieStorage.accessCookieName]: encodeURIComponent(JSON.stringify(["rt-1", access]))
      })
      const store = () => TokenStoreCookie.layerBrowserCookie({ projectId, document: jar.document })
      const a = Context.get(yield* build(Layer.fresh(sessionLayer(store()))), Session.Session)
      const b = Context.get(yield* build(Layer.fresh(sessionLayer(store()))), Session.Session)
      assert.deepStrictEqual(yield* b.state, { _tag: "SignedIn", userId: "user-1" })
      const seen = yield* Effect.forkChild(Stream.runHead(Stream.filter(SessionStreams.changes(b), (s) => s._tag === "SignedOut")))
      yield* a.invalidate
      assert.strictEqual(jar.cookies.size, 0)
      yield* TestClock.adjust(TokenStoreCookie.pollIntervalMillis - 1)
      assert.deepStrictEqual(yield* b.state, { _tag: "SignedIn", userId: "user-1" })
      yield* TestClock.adjust(1)
      yield* Fiber.join(seen)
      assert.deepStrictEqual(yield* b.state, { _tag: "SignedOut" })
      // and a sign-in in A reaches B too
      const next = jwt("user-2", now + 300_000)
      yield* a.setTokens({ accessToken: next, refreshToken: "rt-2" })
      yield* TestClock.adjust(TokenStoreCookie.pollIntervalMillis)
      yield* Effect.yieldNow
      assert.deepStrictEqual(yield* b.state, { _tag: "SignedIn", userId: "user-2" })
    }))

  it.effect("stops polling when the Layer's scope closes", () =>
    Effect.gen(function*() {
      const jar = makeJar()
      yield* Effect.scoped(Effect.gen(function*() {
        yield* build(TokenStoreCookie.layerBrowserCookie({ projectId, document: jar.document }))
        yield* TestClock.adjust(TokenStoreCookie.pollIntervalMillis * 3)
      }))
      const readsAtClose = jar.reads()
      assert.isAtLeast(readsAtClose, 3)
      yield* TestClock.adjust("10 seconds")
      assert.strictEqual(jar.reads(), readsAtClose)
    }))

  it.live("leaves no timer behind on the real clock once the scope closes", () =>
    Effect.gen(function*() {
      const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length
      const before = timers()
      const during = yield* Effect.scoped(Effect.gen(function*() {
        yield* build(TokenStoreCookie.layerBrowserCookie({ projectId, document: makeJar().document }))
        yield* Effect.yieldNow
        return timers()
      }))
      assert.strictEqual(during, before + 1)
      assert.strictEqual(timers(), before)
    }))

  it.effect("migrates the legacy stack-refresh cookie to the project's cookie", () =>
    Effect.gen(function*() {
      const jar = makeJar({ "stack-refresh": "legacy-rt" })
      const context = yield* build(TokenStoreCookie.layerBrowserCookie({ projectId, document: jar.document }))
      assert.strictEqual(Redacted.value((yield* Context.get(context, TokenStore.TokenStore).get).refreshToken!), "legacy-rt")
      assert.deepStrictEqual([...jar.cookies], [["stack-refresh-proj-1", "legacy-rt"]])
    }))

  it.effect("works against a real DOM cookie jar (happy-dom)", () =>
    Effect.gen(function*() {
      const window = new Window({ url: "https://app.example/" })
      window.document.cookie = "stack-refresh=legacy-rt; Path=/"
      const document = window.document as unknown as CookieStorage.CookieDocument
      const context = yield* build(TokenStoreCookie.layerBrowserCookie({ projectId, document }))
      const store = Context.get(context, TokenStore.TokenStore)
      assert.strictEqual(document.cookie, "stack-refresh-proj-1=legacy-rt")
      yield* store.set({ refreshToken: Redacted.make("rt-2"), accessToken: Redacted.make("at-2") })
      const tokens = yield* store.get
      assert.deepStrictEqual([Redacted.value(tokens.refreshToken!), Redacted.value(tokens.accessToken!)], ["rt-2", "at-2"])
      yield* store.clear
      assert.strictEqual(document.cookie, "")
      yield* Effect.promise(() => window.happyDOM.close())
    }))

  it.effect("drops token values equal to 'undefined' (SPEC §5)", () =>
    Effect.gen(function*() {
      const jar = makeJar({ "stack-refresh-proj-1": "undefined" })
      const context = yield* build(TokenStoreCookie.layerBrowserCookie({ projectId, document: jar.document }))
      assert.deepStrictEqual(yield* Context.get(context, TokenStore.TokenStore).get, {})
    }))
})

describe("layerServerCookie", () => {
  it.effect("fetch adapter: refreshing an expired access cookie writes it back as Set-Cookie", () =>
    Effect.gen(function*() {
      const user = yield* signedInUser
      yield* TestClock.adjust("11 minutes") // the access token in the cookie has expired
      const pid = emulatorConfig.projectId
      const request = new Request("https://app.example/dashboard", {
        headers: {
          cookie: `stack-refresh-${pid}=${user.refreshToken}; stack-access=${encodeURIComponent(JSON.stringify([user.refreshToken, user.accessToken]))}`
        }
      })
      const cookies = CookieStorage.fetchAdapter(request)
      const layer = Session.layer.pipe(Layer.provideMerge(Layer.mergeAll(
        StackHttp.layer({ config: emulatorConfig, accessType: "client" }),
        TokenStoreCookie.layerServerCookie(cookies, { projectId: pid })
      )))
      const session = Context.get(yield* build(layer), Session.Session)
      yield* session.execute({ method: "GET", path: "/users/me" }).pipe(Effect.orDie)
      assert.strictEqual(yield* refreshes, 1)
      const written = cookies.setCookies()
      assert.deepStrictEqual(cookieNames(written), [`stack-refresh-${pid}`, "stack-access"])
      assert.include(written[0]!, "Max-Age=31536000; Path=/; SameSite=Lax; Secure")
      assert.include(written[1]!, "Max-Age=86400; Path=/; SameSite=Lax; Secure")
      const [refresh, access] = JSON.parse(decodeURIComponent(written[1]!.split(";")[0]!.slice("stack-access=".length)))
      assert.strictEqual(refresh, user.refreshToken)
      assert.strictEqual(access, Redacted.value((yield* session.getTokens())!.accessToken))
      assert.notStrictEqual(access, user.accessToken)
      const response = cookies.applyTo(new Response("ok"))
      assert.deepStrictEqual(response.headers.getSetCookie(), written)
    }).pipe(Effect.provide(Layer.fresh(Emulator.layer))))

  it.effect("never writes or deletes another project's cookies", () =>
    Effect.gen(function*() {
      const other = encodeURIComponent(JSON.stringify(["rt-other", "at-other"]))
      const cookies = CookieStorage.fetchAdapter(new Request("http://app.example/", {
        headers: { cookie: `stack-refresh-proj-2=rt-other; stack-access=${other}` }
      }))
      const store = Context.get(yield* build(TokenStoreCookie.layerServerCookie(cookies, { projectId })), TokenStore.TokenStore)
      assert.deepStrictEqual(yield* store.get, {})
      yield* store.clear
      assert.deepStrictEqual(cookieNames(cookies.setCookies()), ["stack-refresh-proj-1"])
      assert.include(cookies.setCookies()[0]!, "Max-Age=0")
      assert.notInclude(cookies.setCookies()[0]!, "Secure")
    }))

  it.effect("deletes the access cookie on sign-out when it is this project's", () =>
    Effect.gen(function*() {
      const mine = encodeURIComponent(JSON.stringify(["rt-1", "at-1"]))
      const cookies = CookieStorage.fetchAdapter(new Request("https://app.example/", {
        headers: { cookie: `stack-refresh-proj-1=rt-1; stack-access=${mine}` }
      }))
      const store = Context.get(yield* build(TokenStoreCookie.layerServerCookie(cookies, { projectId })), TokenStore.TokenStore)
      yield* store.clear
      assert.deepStrictEqual(cookies.setCookies(), [
        "stack-refresh-proj-1=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax; Secure",
        "stack-access=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax; Secure"
      ])
    }))

  it.effect("node:http adapter: reads Cookie, appends Set-Cookie after headers other code set, migrates the legacy cookie", () =>
    Effect.gen(function*() {
      const request = new IncomingMessage(new Socket())
      request.headers = { cookie: "stack-refresh=legacy-rt", "x-forwarded-proto": "https" }
      const response = new ServerResponse(request)
      response.setHeader("set-cookie", ["theme=dark"])
      const store = Context.get(
        yield* build(TokenStoreCookie.layerServerCookie(CookieStorage.nodeAdapter(request, response), { projectId })),
        TokenStore.TokenStore
      )
      assert.strictEqual(Redacted.value((yield* store.get).refreshToken!), "legacy-rt")
      assert.deepStrictEqual(response.getHeader("set-cookie"), [
        "theme=dark",
        "stack-refresh-proj-1=legacy-rt; Max-Age=31536000; Path=/; SameSite=Lax; Secure",
        "stack-refresh=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax; Secure"
      ])
    }))
})

describe("layerRequest", () => {
  it.effect("reads the x-stack-auth header", () =>
    Effect.gen(function*() {
      const request = new Request("https://app.example/", {
        headers: { "x-stack-auth": JSON.stringify({ accessToken: "at-1", refreshToken: "rt-1" }), cookie: "stack-refresh-proj-1=rt-cookie" }
      })
      const tokens = yield* Effect.flatMap(TokenStore.TokenStore, (s) => s.get).pipe(
        Effect.provide(TokenStore.layerRequest(request, { projectId }))
      )
      assert.deepStrictEqual([Redacted.value(tokens.accessToken!), Redacted.value(tokens.refreshToken!)], ["at-1", "rt-1"])
    }))

  it("falls back to the cookies, binding the access cookie to its refresh token", () => {
    const bound = encodeURIComponent(JSON.stringify(["rt-1", "at-1"]))
    const tokens = TokenStore.tokensFromRequest({ headers: { cookie: `stack-refresh-proj-1=rt-1; stack-access=${bound}` } }, { projectId })
    assert.deepStrictEqual([Redacted.value(tokens.accessToken!), Redacted.value(tokens.refreshToken!)], ["at-1", "rt-1"])
    const stale = encodeURIComponent(JSON.stringify(["rt-old", "at-old"]))
    const unbound = TokenStore.tokensFromRequest({ headers: { cookie: `stack-refresh-proj-1=rt-1; stack-access=${stale}` } }, { projectId })
    assert.isUndefined(unbound.accessToken)
  })

  it("treats malformed headers and 'undefined' values as no tokens", () => {
    assert.deepStrictEqual(TokenStore.tokensFromRequest({ headers: { "x-stack-auth": "{not json" } }, { projectId }), {})
    assert.deepStrictEqual(
      TokenStore.tokensFromRequest({ headers: { "x-stack-auth": JSON.stringify({ accessToken: "undefined", refreshToken: "undefined" }) } }, { projectId }),
      {}
    )
  })

  it.effect("layerExplicit rejects the text 'undefined' with a typed error", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Layer.build(TokenStore.layerExplicit({ refreshToken: "undefined" })))
      assert.strictEqual(error._tag, "InvalidTokenValue")
    }))
})
