/**
 * Session and OAuth cookies (SPEC §4, §9): `Secure` exactly on https, `SameSite=Lax` and `Path=/`
 * on every write (deletions included), lifetimes of one year (refresh), 24 hours (access) and
 * 3600 s (OAuth verifier); and the server-side store never writes a cookie for another project —
 * checked over random requests carrying several projects' cookies and random sequences of
 * sign-ins, refreshes and sign-outs, for the Fetch and `node:http` adapters.
 */
import { IncomingMessage, ServerResponse } from "node:http"
import { Socket } from "node:net"
import { TLSSocket } from "node:tls"
import { assert, describe, it, layer } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import * as OAuth from "../../packages/sdk/src/api/OAuth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as Cookies from "../../packages/sdk/src/session/Cookies.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as TokenStoreCookie from "../../packages/sdk/src/platform/TokenStoreCookie.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { signedInUser } from "../session/support.ts"

const ours = "proj-a"
const theirs = "proj-b"

/** A parsed `Set-Cookie` / `document.cookie` write. */
interface Written {
  readonly name: string
  readonly value: string
  readonly attributes: ReadonlyMap<string, string>
  readonly flags: ReadonlySet<string>
}

const parseSetCookie = (text: string): Written => {
  const [pair, ...rest] = text.split(";").map((part) => part.trim())
  const index = pair!.indexOf("=")
  const attributes = new Map<string, string>()
  const flags = new Set<string>()
  for (const part of rest) {
    const eq = part.indexOf("=")
    if (eq < 0) flags.add(part)
    else attributes.set(part.slice(0, eq), part.slice(eq + 1))
  }
  return { name: pair!.slice(0, index), value: decodeURIComponent(pair!.slice(index + 1)), attributes, flags }
}

/** SPEC §9 lifetimes by cookie; 0 for a deletion. */
const expectedMaxAge = (written: Written): number => {
  if (written.value === "") return 0
  if (written.name === CookieStorage.accessCookieName) return CookieStorage.accessCookieMaxAgeSeconds
  if (written.name.startsWith(OAuth.stateCookiePrefix)) return OAuth.stateCookieMaxAgeSeconds
  return CookieStorage.refreshCookieMaxAgeSeconds
}

/** Every write: Lax, Path=/, Secure iff https, the SPEC's lifetime. */
const assertAttributes = (written: Written, https: boolean) => {
  assert.strictEqual(written.attributes.get("SameSite"), "Lax", written.name)
  assert.strictEqual(written.attributes.get("Path"), "/", written.name)
  assert.strictEqual(written.flags.has("Secure"), https, `${written.name}: Secure on https only`)
  assert.strictEqual(Number(written.attributes.get("Max-Age")), expectedMaxAge(written), `${written.name} lifetime`)
}

describe("cookie attributes (SPEC §4, §9)", () => {
  /** An adapter over one request and the `Set-Cookie` values it produced. */
  type Exchange = { readonly adapter: CookieStorage.CookieAdapter; readonly output: () => ReadonlyArray<string> }

  const fetchExchange = (url: string, forwarded: string | undefined): Exchange => {
    const adapter = CookieStorage.fetchAdapter(new Request(url, { headers: forwarded ? { "x-forwarded-proto": forwarded } : {} }))
    return { adapter, output: adapter.setCookies }
  }
  const nodeExchange = (tls: boolean, forwarded: string | undefined): Exchange => {
    const request = new IncomingMessage(tls ? new TLSSocket(new Socket()) : new Socket())
    request.headers = forwarded ? { "x-forwarded-proto": forwarded } : {}
    const response = new ServerResponse(request)
    const output = () => {
      const header = response.getHeader("set-cookie")
      return Array.isArray(header) ? header : []
    }
    return { adapter: CookieStorage.nodeAdapter(request, response), output }
  }

  /** Signs in on one request and out on another: the writes of both (one per cookie and request). */
  const signInThenOut = (exchange: () => Exchange) =>
    Effect.gen(function*() {
      const tokens = { refreshToken: Redacted.make("rt-1"), accessToken: Redacted.make("at-1") }
      const written: Array<string> = []
      for (const signOut of [false, true]) {
        const { adapter, output } = exchange()
        const store = Context.get(yield* Layer.build(TokenStoreCookie.layerServerCookie(adapter, { projectId: ours })), TokenStore.TokenStore)
        yield* store.set(tokens)
        if (signOut) yield* store.clear
        written.push(...output())
      }
      return written
    })

  it.effect("server stores: Secure follows the request URL, x-forwarded-proto or a TLS socket; Lax, Path=/ and the SPEC's lifetimes always", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [string, boolean, () => Exchange]> = [
        ["fetch https", true, () => fetchExchange("https://app.example/", undefined)],
        ["fetch http", false, () => fetchExchange("http://app.example/", undefined)],
        ["fetch http behind an https proxy", true, () => fetchExchange("http://app.example/", "https")],
        ["fetch http, proxy says http", false, () => fetchExchange("http://app.example/", "http")],
        ["node TLS socket", true, () => nodeExchange(true, undefined)],
        ["node behind an https proxy", true, () => nodeExchange(false, "https")],
        ["node plain", false, () => nodeExchange(false, undefined)]
      ]
      for (const [name, https, exchange] of cases) {
        const written = (yield* signInThenOut(exchange)).map(parseSetCookie)
        assert.deepStrictEqual(
          written.map((w) => `${w.name}:${w.value === "" ? "delete" : "set"}`),
          ["stack-refresh-proj-a:set", "stack-access:set", "stack-refresh-proj-a:delete", "stack-access:delete"],
          name
        )
        for (const w of written) assertAttributes(w, https)
      }
    }))

  it.effect("browser store: Secure exactly when the page is https", () =>
    Effect.gen(function*() {
      for (const [protocol, https] of [["https:", true], ["http:", false]] as const) {
        const writes: Array<string> = []
        const document = {
          get cookie() {
            return ""
          },
          set cookie(value: string) {
            writes.push(value)
          }
        }
        const g = globalThis as { location?: unknown }
        const saved = g.location
        g.location = { protocol }
        yield* Effect.scoped(Effect.gen(function*() {
          const store = Context.get(yield* Layer.build(TokenStoreCookie.layerBrowserCookie({ projectId: ours, document })), TokenStore.TokenStore)
          yield* store.set({ refreshToken: Redacted.make("rt-1"), accessToken: Redacted.make("at-1") })
          yield* store.clear
        })).pipe(Effect.ensuring(Effect.sync(() => (g.location = saved))))
        assert.isAtLeast(writes.length, 3, protocol)
        for (const written of writes.map(parseSetCookie)) assertAttributes(written, https)
      }
    }))

  it.effect("the OAuth verifier cookie: 3600 s, Lax, Path=/, Secure on an https request, and deleted the same way", () =>
    Effect.gen(function*() {
      for (const https of [true, false]) {
        const adapter = CookieStorage.fetchAdapter(new Request(`${https ? "https" : "http"}://app.example/handler/sign-in`))
        const url = new URL(yield* OAuth.getAuthorizationUrl({
          provider: "github",
          redirectUrl: "http://localhost:3000/handler/oauth-callback",
          errorRedirectUrl: "http://localhost:3000/handler/error"
        }).pipe(Effect.provide(Layer.merge(TestApps.client(), Cookies.layerAdapter(adapter)))))
        const [written] = adapter.setCookies().map(parseSetCookie)
        assert.strictEqual(written!.name, OAuth.stateCookieName(url.searchParams.get("state")!))
        assertAttributes(written!, https)
        assert.strictEqual(Number(written!.attributes.get("Max-Age")), 3600)
      }
    }).pipe(Effect.provide(Layer.fresh(Emulator.layer))))
})

// ----- the server store never writes another project's cookies -----

const token = (prefix: string) => fc.stringMatching(/^[A-Za-z0-9_-]{4,12}$/).map((s) => `${prefix}-${s}`)
const requestJar = fc.record({
  https: fc.boolean(),
  own: fc.option(token("rtA"), { nil: undefined }),
  other: fc.option(token("rtB"), { nil: undefined }),
  legacy: fc.option(token("legacy"), { nil: undefined }),
  access: fc.constantFrom("none", "own", "other", "legacy", "unbound", "garbage"),
  adapter: fc.constantFrom("fetch", "node")
})
const operation = fc.oneof(
  fc.record({ _tag: fc.constant("SignIn" as const), refresh: token("rtA"), access: token("atA") }),
  fc.record({ _tag: fc.constant("Refresh" as const), access: token("atA") }),
  fc.record({ _tag: fc.constant("ForgetAccess" as const) }),
  fc.record({ _tag: fc.constant("SignOut" as const) })
)

layer(Emulator.layer)("the server-side store and other projects' cookies", (it) => {
  it.effect("over 500 random requests × random sign-ins, refreshes and sign-outs: only this project's cookies are ever written, and a sign-out sticks", () =>
    Effect.gen(function*() {
      let runs = 0
      yield* Effect.promise(() =>
        fc.assert(fc.asyncProperty(requestJar, fc.array(operation, { minLength: 1, maxLength: 8 }), async (jar, operations) => {
          runs++
          const accessFor = { own: jar.own, other: jar.other, legacy: jar.legacy, unbound: null } as Record<string, string | null | undefined>
          const cookies: Array<string> = []
          if (jar.own) cookies.push(`${CookieStorage.refreshCookieName(ours)}=${jar.own}`)
          if (jar.other) cookies.push(`${CookieStorage.refreshCookieName(theirs)}=${jar.other}`)
          if (jar.legacy) cookies.push(`${CookieStorage.legacyRefreshCookieName}=${jar.legacy}`)
          if (jar.access === "garbage") cookies.push(`${CookieStorage.accessCookieName}=not-json`)
          else if (jar.access !== "none" && accessFor[jar.access] !== undefined) {
            cookies.push(`${CookieStorage.accessCookieName}=${encodeURIComponent(JSON.stringify([accessFor[jar.access], "at-x"]))}`)
          }
          const cookieHeader = cookies.join("; ")
          let adapter: CookieStorage.CookieAdapter
          let setCookies: () => ReadonlyArray<string>
          if (jar.adapter === "fetch") {
            const fetchCookies = CookieStorage.fetchAdapter(new Request(`${jar.https ? "https" : "http"}://app.example/`, { headers: { cookie: cookieHeader } }))
            adapter = fetchCookies
            setCookies = fetchCookies.setCookies
          } else {
            const request = new IncomingMessage(new Socket())
            request.headers = { cookie: cookieHeader, ...(jar.https ? { "x-forwarded-proto": "https" } : {}) }
            const response = new ServerResponse(request)
            adapter = CookieStorage.nodeAdapter(request, response)
            setCookies = () => {
              const header = response.getHeader("set-cookie")
              return Array.isArray(header) ? header : []
            }
          }
          // every write in order, and what stack-access held before it
          const ourRefreshTokens = new Set([jar.own ?? (jar.legacy ?? "")].filter((t) => t.length > 0))
          // the access cookie this store takes as its own: bound to the refresh token it reads (an unbound one is nobody's)
          const readsAccess = (jar.access === "own" && jar.own !== undefined) ||
            (jar.access === "legacy" && jar.own === undefined && jar.legacy !== undefined)
          const ourAccessTokens = new Set(readsAccess ? ["at-x"] : [])
          let accessCookie: string | undefined = cookies.find((c) => c.startsWith(`${CookieStorage.accessCookieName}=`))?.split("=")[1]
          const writes: Array<{ readonly name: string; readonly value: string; readonly before: string | undefined }> = []
          const logged: CookieStorage.CookieAdapter = {
            ...adapter,
            set: (name, value, attributes) => {
              writes.push({ name, value, before: name === CookieStorage.accessCookieName ? accessCookie : undefined })
              if (name === CookieStorage.accessCookieName) accessCookie = encodeURIComponent(value)
              adapter.set(name, value, attributes)
            },
            delete: (name, attributes) => {
              writes.push({ name, value: "", before: name === CookieStorage.accessCookieName ? accessCookie : undefined })
              if (name === CookieStorage.accessCookieName) accessCookie = undefined
              adapter.delete(name, attributes)
            }
          }
          await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
            const store = Context.get(yield* Layer.build(TokenStoreCookie.layerServerCookie(logged, { projectId: ours })), TokenStore.TokenStore)
            for (const op of operations) {
              const current = yield* store.get
              switch (op._tag) {
                case "SignIn":
                  ourRefreshTokens.add(op.refresh)
                  ourAccessTokens.add(op.access)
                  yield* store.set({ refreshToken: Redacted.make(op.refresh), accessToken: Redacted.make(op.access) })
                  break
                case "Refresh":
                  ourAccessTokens.add(op.access)
                  if (current.refreshToken !== undefined) yield* store.set({ ...current, accessToken: Redacted.make(op.access) })
                  break
                case "ForgetAccess":
                  yield* store.set({ refreshToken: current.refreshToken })
                  break
                case "SignOut":
                  yield* store.clear
                  assert.deepStrictEqual(yield* store.get, {}, "signed out stays signed out (no cookie read back)")
              }
            }
          })))
          for (const write of writes) {
            assert.notStrictEqual(write.name, CookieStorage.refreshCookieName(theirs), "another project's refresh cookie was written")
            assert.include([CookieStorage.refreshCookieName(ours), CookieStorage.accessCookieName, CookieStorage.legacyRefreshCookieName], write.name)
            if (write.name === CookieStorage.legacyRefreshCookieName) {
              assert.strictEqual(write.value, "", "the legacy cookie is only ever removed")
              assert.isDefined(jar.legacy, "and only when the request carried it")
            }
            if (write.name === CookieStorage.accessCookieName) {
              if (write.value === "") {
                const [boundTo, access] = JSON.parse(decodeURIComponent(write.before!)) as [string | null, string]
                assert.isTrue(boundTo === null ? ourAccessTokens.has(access) : ourRefreshTokens.has(boundTo), "only our own access cookie is deleted")
              } else {
                const [boundTo] = JSON.parse(write.value) as [string | null]
                assert.isTrue(boundTo === null || ourRefreshTokens.has(boundTo), "the access cookie is bound to our refresh token")
              }
            }
            if (write.name === CookieStorage.refreshCookieName(ours) && write.value !== "") {
              assert.isTrue(ourRefreshTokens.has(write.value))
            }
          }
          for (const text of setCookies()) {
            const written = parseSetCookie(text)
            assert.notStrictEqual(written.name, CookieStorage.refreshCookieName(theirs))
            assertAttributes(written, jar.https)
          }
        }), { numRuns: 500 })
      )
      assert.strictEqual(runs, 500)
    }))

  it.effect("a refresh during a request writes back only this project's cookies, with the SPEC's attributes", () =>
    Effect.gen(function*() {
      const user = yield* signedInUser
      yield* TestClock.adjust("601 seconds")
      const others = `${CookieStorage.refreshCookieName("some-other-project")}=rt-other`
      const request = new Request("https://app.example/page", {
        headers: {
          cookie: [
            others,
            `${CookieStorage.refreshCookieName(demoProject.projectId)}=${user.refreshToken}`,
            `${CookieStorage.accessCookieName}=${encodeURIComponent(JSON.stringify([user.refreshToken, user.accessToken]))}`
          ].join("; ")
        }
      })
      const cookies = CookieStorage.fetchAdapter(request)
      const me = yield* Users.getCurrent().pipe(Effect.provide(TestApps.client({
        tokenStore: TokenStoreCookie.layerServerCookie(cookies, { projectId: demoProject.projectId })
      })))
      assert.strictEqual(me.id, user.session.userId)
      const written = cookies.setCookies().map(parseSetCookie)
      assert.deepStrictEqual(written.map((w) => w.name).sort(), [CookieStorage.accessCookieName, CookieStorage.refreshCookieName(demoProject.projectId)].sort())
      for (const w of written) assertAttributes(w, true)
      const [boundTo, access] = JSON.parse(written.find((w) => w.name === CookieStorage.accessCookieName)!.value) as [string, string]
      assert.strictEqual(boundTo, user.refreshToken)
      assert.notStrictEqual(access, user.accessToken, "the refreshed access token")
    }))
})
