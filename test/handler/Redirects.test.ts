import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as HandlerUrls from "../../packages/sdk/src/handler/HandlerUrls.ts"
import * as Redirects from "../../packages/sdk/src/handler/Redirects.ts"
import * as Navigation from "../../packages/sdk/src/platform/Navigation.ts"

const trust: Redirects.TrustOptions = { trustedDomains: ["https://app.example.com", "https://*.example.org", "http://intranet:8080"] }

describe("Redirects: which URLs are trusted", () => {
  it("relative URLs are trusted", () => {
    for (const url of ["/", "/dashboard", "/a/b?x=1#top", "?tab=2", "#section", "settings", "/files/a%2Fb", "/search?q=https://x.y"]) {
      assert.isTrue(Redirects.isTrusted(url), url)
    }
  })

  it("open-redirect tricks are refused", () => {
    const attacks = [
      "//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example", "/\t/evil.example", " //evil.example",
      "/%2F%2Fevil.example", "/%2f/evil.example", "/%5Cevil.example", "/%252F%252Fevil.example", "%2F%2Fevil.example",
      "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\nscript:alert(1)", "data:text/html,<script>",
      "vbscript:x", "https://evil.example", "HTTPS://EVIL.EXAMPLE/", "https:evil.example", "https://app.example.com@evil.example",
      "https://evil.example@app.example.com", "https://app.example.com.", "https://app.example.com.evil.example",
      "https://app.example.com:444", "http://app.example.com", "https://example.org", "https://a.b.example.org",
      "https://app.example.com\\@evil.example", "", "/\u0000/evil", "http://intranet", "ftp://app.example.com"
    ]
    for (const url of attacks) assert.isFalse(Redirects.isTrusted(url, trust), JSON.stringify(url))
  })

  it("absolute URLs on trusted domains are trusted, in any letter case and with the default port", () => {
    for (const url of [
      "https://app.example.com", "https://app.example.com/after?x=1", "HTTPS://APP.EXAMPLE.COM/x", "https://app.example.com:443/x",
      "https://team.example.org/", "http://intranet:8080/page"
    ]) {
      assert.isTrue(Redirects.isTrusted(url, trust), url)
    }
    assert.isFalse(Redirects.isTrusted("https://app.example.com"), "without trusted domains only relative URLs pass")
  })

  it("localhost is trusted only when allowed", () => {
    assert.isFalse(Redirects.isTrusted("http://localhost:3000/x"))
    assert.isTrue(Redirects.isTrusted("http://localhost:3000/x", { allowLocalhost: true }))
    assert.isTrue(Redirects.isTrusted("http://127.0.0.1/x", { allowLocalhost: true }))
    assert.isFalse(Redirects.isTrusted("http://localhost.evil.example/x", { allowLocalhost: true }))
  })

  it.effect("validate fails with the exact message", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Redirects.validate("//evil.example"))
      assert.strictEqual(error._tag, "UntrustedRedirectUrl")
      assert.strictEqual(error.message, "Redirect URL is not trusted; should be relative.")
      assert.strictEqual(yield* Redirects.validate("/ok"), "/ok")
    }))
})

describe("Redirects: after_auth_return_to", () => {
  it("sign-in and sign-up carry the current page, or the return target the current page carries", () => {
    assert.strictEqual(
      Redirects.withReturnTo("/handler/sign-in", "https://app.example.com/dashboard?tab=1"),
      "/handler/sign-in?after_auth_return_to=%2Fdashboard%3Ftab%3D1"
    )
    assert.strictEqual(
      Redirects.withReturnTo("/handler/sign-up", "https://app.example.com/handler/sign-in?after_auth_return_to=%2Forders"),
      "/handler/sign-up?after_auth_return_to=%2Forders"
    )
    assert.strictEqual(Redirects.withReturnTo("/handler/sign-in", undefined), "/handler/sign-in")
  })

  it.effect("after sign-in goes to the return target when trusted, else home by default", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* Redirects.afterAuthTarget("/", "https://app.example.com/handler/sign-in?after_auth_return_to=%2Forders"), "/orders")
      assert.strictEqual(yield* Redirects.afterAuthTarget("/", "https://app.example.com/handler/sign-in"), "/")
      const error = yield* Effect.flip(
        Redirects.afterAuthTarget("/", "https://app.example.com/handler/sign-in?after_auth_return_to=https%3A%2F%2Fevil.example")
      )
      assert.strictEqual(error._tag, "UntrustedRedirectUrl")
    }))

  it.effect("callback URLs resolve against the current page, keep the return target and drop the fragment", () =>
    Effect.gen(function*() {
      const url = yield* Redirects.callbackUrl("/handler/email-verification", {
        currentUrl: "https://app.example.com/x?after_auth_return_to=%2Fy#frag"
      })
      assert.strictEqual(url, "https://app.example.com/handler/email-verification?after_auth_return_to=%2Fy")
      assert.strictEqual(yield* Redirects.callbackUrl("/p", { explicit: "https://cb.example/v" }), "https://cb.example/v")
      const error = yield* Effect.flip(Redirects.callbackUrl("/handler/email-verification"))
      assert.strictEqual(error._tag, "CallbackUrlRequired")
    }))
})

describe("Redirects: navigating", () => {
  it.effect("redirectTo navigates, then waits the 2000 ms redirect wait", () =>
    Effect.gen(function*() {
      assert.strictEqual(Redirects.redirectWaitMillis, 2000)
      const fiber = yield* Redirects.redirectTo("/dashboard").pipe(Effect.forkChild({ startImmediately: true }))
      assert.deepStrictEqual(yield* Navigation.visits, [{ kind: "navigate", url: "/dashboard" }])
      yield* TestClock.adjust(1999)
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(1)
      yield* Fiber.join(fiber)
    }).pipe(Effect.provide(Navigation.layerTest)))

  it.effect("redirectTo refuses an untrusted URL without navigating", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Redirects.redirectTo("https://evil.example", { replace: true }))
      assert.strictEqual(error._tag, "UntrustedRedirectUrl")
      assert.deepStrictEqual(yield* Navigation.visits, [])
    }).pipe(Effect.provide(Navigation.layerTest)))

  it.effect("redirectToHandler goes to the app's handler pages", () =>
    Effect.gen(function*() {
      const go = (name: HandlerUrls.HandlerName, currentUrl: string) =>
        Redirects.redirectToHandler(name, { currentUrl }).pipe(Effect.forkChild({ startImmediately: true }))
      yield* go("afterSignIn", "https://app.example.com/handler/sign-in?after_auth_return_to=%2Forders")
      yield* go("signUp", "https://app.example.com/pricing")
      yield* go("afterSignOut", "https://app.example.com/handler/sign-out")
      yield* go("mfa", "https://app.example.com/handler/sign-in")
      assert.deepStrictEqual((yield* Navigation.visits).map((v) => v.url), [
        "/orders",
        "/handler/sign-up?after_auth_return_to=%2Fpricing",
        "/",
        "/handler/mfa"
      ])
    }).pipe(Effect.provide(Navigation.layerTest)))
})
