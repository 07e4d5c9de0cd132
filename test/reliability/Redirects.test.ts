/**
 * Open redirects (SPEC §5): the corpus of `redirectCorpus.ts` is refused everywhere a redirect or
 * callback URL is accepted — by the SDK where it navigates (`Redirects.redirectTo`, the
 * after-sign-in target carried in `after_auth_return_to`, the OAuth callback's target), and by the
 * service where the SDK sends callback URLs (password reset, sign-in code and magic link, sign-up
 * verification, sign-in invitation, OAuth authorize). Relative and trusted-domain URLs pass.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Emails from "../../packages/sdk/src/api/Emails.ts"
import * as OAuth from "../../packages/sdk/src/api/OAuth.ts"
import * as Passwords from "../../packages/sdk/src/api/Passwords.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as OAuthFlow from "../../packages/emulator/src/internal/model/OAuthFlow.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Redirects from "../../packages/sdk/src/handler/Redirects.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import * as Cookies from "../../packages/sdk/src/session/Cookies.ts"
import * as Navigation from "../../packages/sdk/src/platform/Navigation.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { trusted, trustedDomains, untrusted } from "./redirectCorpus.ts"

const options = { trustedDomains, allowLocalhost: false }
const errorTag = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: { _tag?: string } }).error?._tag : "Success"

describe("open-redirect corpus (SPEC §5): the SDK", () => {
  it("holds at least 30 attempts, each a distinct trick", () => {
    assert.isAtLeast(untrusted.length, 30)
    assert.strictEqual(new Set(untrusted.map((a) => a.url)).size, untrusted.length)
    assert.strictEqual(new Set(untrusted.map((a) => a.trick)).size, untrusted.length)
  })

  it("Redirects.isTrusted refuses every attempt and passes every relative or trusted-domain URL", () => {
    for (const { trick, url } of untrusted) assert.isFalse(Redirects.isTrusted(url, options), `${trick}: ${url}`)
    for (const { trick, url } of trusted) assert.isTrue(Redirects.isTrusted(url, options), `${trick}: ${url}`)
    // without trusted domains only relative URLs pass
    for (const { absolute, url } of trusted) assert.strictEqual(Redirects.isTrusted(url), !absolute, url)
  })

  it.effect("redirectTo refuses every attempt before navigating, with the SPEC §5 message; trusted URLs are navigated to", () =>
    Effect.gen(function*() {
      for (const { url } of untrusted) {
        const error = yield* Effect.flip(Redirects.redirectTo(url, options))
        assert.strictEqual(error._tag, "UntrustedRedirectUrl")
        assert.strictEqual(error.message, "Redirect URL is not trusted; should be relative.")
      }
      assert.deepStrictEqual(yield* Navigation.visits, [], "nothing was navigated to")
      for (const { url } of trusted) {
        const fiber = yield* Effect.forkChild(Redirects.redirectTo(url, options))
        yield* TestClock.adjust(Redirects.redirectWaitMillis)
        yield* Fiber.join(fiber)
      }
      assert.deepStrictEqual((yield* Navigation.visits).map((v) => v.url), trusted.map((t) => t.url))
    }).pipe(Effect.provide(Navigation.layerTest)))

  it.effect("after sign-in, an attempt carried in after_auth_return_to is refused and nothing is navigated to", () =>
    Effect.gen(function*() {
      for (const { url } of untrusted) {
        const currentUrl = `https://app.example.com/handler/sign-in?${Redirects.afterAuthReturnToParam}=${encodeURIComponent(url)}`
        const exit = yield* Effect.exit(Redirects.redirectToHandler("afterSignIn", { ...options, currentUrl }))
        assert.strictEqual(errorTag(exit), "UntrustedRedirectUrl", url)
      }
      assert.deepStrictEqual(yield* Navigation.visits, [])
      const fiber = yield* Effect.forkChild(Redirects.redirectToHandler("afterSignIn", {
        ...options,
        currentUrl: `https://app.example.com/handler/sign-in?${Redirects.afterAuthReturnToParam}=%2Fsettings%3Ftab%3D1`
      }))
      yield* TestClock.adjust(Redirects.redirectWaitMillis)
      yield* Fiber.join(fiber)
      assert.deepStrictEqual((yield* Navigation.visits).map((v) => v.url), ["/settings?tab=1"])
    }).pipe(Effect.provide(Navigation.layerTest)))
})

/** Makes the demo project trust exactly the corpus's domains, without localhost. */
const trustCorpusDomains = Effect.flatMap(Emulator.Emulator, (emulator) =>
  emulator.run(EmulatorState.update((state) => ({
    ...state,
    projects: Table.modify(state.projects, demoProject.projectId, (project) => ({
      ...project,
      config: { ...project.config, allowLocalhost: false, domains: trustedDomains.map((domain) => ({ domain, handlerPath: "/handler" })) }
    }))
  }))))

const authorizationCodes = Effect.flatMap(Emulator.Emulator, (emulator) =>
  Effect.map(emulator.state.get, (state) => Table.values(OAuthFlow.authorizationCodes.get(state)).length))

const mails = Effect.flatMap(Emulator.Emulator, (emulator) => Effect.map(emulator.mailbox.all, (all) => all.length))

/** Opens an authorize URL at the emulator the way a browser would, approving as `email`. */
const openAuthorize = (authorizeUrl: string, email: string) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    const url = new URL(authorizeUrl)
    url.searchParams.set("emulator_login_email", email)
    const response = yield* Effect.orDie(emulator.handle(new Request(url)))
    return { status: response.status, code: response.headers.get(Headers.knownError), location: response.headers.get("location") }
  })

layer(Emulator.layer)("open-redirect corpus (SPEC §5): the service, for the callback URLs the SDK sends", (it) => {
  const absoluteAttempts = untrusted.filter(({ url }) => URL.canParse(url))

  it.effect("password reset, sign-in code, sign-up verification and sign-in invitation refuse every attempt: RedirectUrlNotWhitelisted, nothing mailed, nobody created", () =>
    Effect.gen(function*() {
      yield* trustCorpusDomains
      yield* Auth.signUpWithPassword({ email: "redirects@example.com", password: "a-long-password-1", verificationCallbackUrl: "https://app.example.com/handler/email-verification" }).pipe(Effect.provide(TestApps.client()))
      const before = yield* mails
      for (const [i, { trick, url }] of untrusted.entries()) {
        const calls = {
          reset: Passwords.sendResetCode({ email: "redirects@example.com", callbackUrl: url }).pipe(Effect.provide(TestApps.client())),
          signInCode: Auth.sendSignInCode({ email: `otp-${i}@example.com`, callbackUrl: url }).pipe(Effect.provide(TestApps.client())),
          signUp: Auth.signUpWithPassword({ email: `signup-${i}@example.com`, password: "a-long-password-1", verificationCallbackUrl: url }).pipe(
            Effect.provide(TestApps.client())
          ),
          invitation: Emails.sendSignInInvitation({ email: `invite-${i}@example.com`, callbackUrl: url }).pipe(Effect.provide(TestApps.admin()))
        }
        // as the service: a callback that is no URL at all (or has spaces) breaks the request
        // schema of these routes (SchemaError) before any domain is compared
        const malformed = !URL.canParse(url) || url.includes(" ")
        for (const [name, call] of Object.entries(calls)) {
          const expected = malformed ? "SchemaError" : "RedirectUrlNotWhitelisted"
          assert.strictEqual(errorTag(yield* Effect.exit(call as Effect.Effect<unknown, unknown>)), expected, `${name} · ${trick}: ${url}`)
        }
      }
      assert.strictEqual(yield* mails, before, "no mail carries an attempt")
      const state = yield* Effect.flatMap(Emulator.Emulator, (e) => e.state.get)
      const emails = Table.values(state.users).flatMap((u) => u.contactChannels.map((c) => c.value))
      assert.isFalse(emails.some((email) => email.startsWith("signup-") || email.startsWith("otp-")), "nobody signed up through a refused link")
      // trusted callback URLs work
      for (const { url } of trusted.filter((t) => t.absolute)) {
        yield* Passwords.sendResetCode({ email: "redirects@example.com", callbackUrl: url }).pipe(Effect.provide(TestApps.client()))
        yield* Emails.sendSignInInvitation({ email: "invited@example.com", callbackUrl: url }).pipe(Effect.provide(TestApps.admin()))
      }
      assert.strictEqual(yield* mails, before + 2 * trusted.filter((t) => t.absolute).length)
    }), { timeout: 30_000 })

  const trustedFlow = {
    provider: "github",
    redirectUrl: "https://app.example.com/handler/oauth-callback",
    errorRedirectUrl: "https://app.example.com/handler/error"
  } as const
  const authorizeParam = {
    redirectUrl: "redirect_uri",
    errorRedirectUrl: "error_redirect_url",
    afterCallbackRedirectUrl: "after_callback_redirect_url"
  } as const

  it.effect("OAuth: the service refuses an attempt as redirect_uri, error_redirect_url or after_callback_redirect_url at authorize, before any code exists", () =>
    Effect.gen(function*() {
      yield* trustCorpusDomains
      const codesBefore = yield* authorizationCodes
      for (const [option, param] of Object.entries(authorizeParam)) {
        for (const { trick, url } of absoluteAttempts) {
          // the SDK refuses many of these itself (see below): put each one in a valid authorize URL
          const authorizeUrl = new URL(yield* OAuth.getAuthorizationUrl(trustedFlow))
          authorizeUrl.searchParams.set(param, url)
          const answer = yield* openAuthorize(authorizeUrl.toString(), "oauth-redirects@example.com")
          // like the service: redirect_uri and error_redirect_url are URL fields (no spaces, parseable), refused
          // by validation before the whitelist; after_callback_redirect_url is a plain string
          const malformed = param !== "after_callback_redirect_url" && (url.includes(" ") || !URL.canParse(url))
          assert.strictEqual(answer.code, malformed ? "SCHEMA_ERROR" : "REDIRECT_URL_NOT_WHITELISTED", `${option} · ${trick}: ${url}`)
          assert.isNull(answer.location, `${option} · ${trick}: nowhere to go`)
        }
      }
      assert.strictEqual(yield* authorizationCodes, codesBefore, "no authorization code was issued")
      const authorizeUrl = yield* OAuth.getAuthorizationUrl({ ...trustedFlow, afterCallbackRedirectUrl: "https://app.example.com/welcome" })
      const answer = yield* openAuthorize(authorizeUrl, "oauth-redirects@example.com")
      assert.strictEqual(answer.status, 307)
      assert.isTrue(answer.location!.startsWith(`${trustedFlow.redirectUrl}?code=`), "a trusted callback page gets its code")
      const result = yield* OAuth.handleCallback(answer.location!)
      assert.strictEqual(result._tag, "SignedIn")
      if (result._tag === "SignedIn") {
        assert.strictEqual(result.afterCallbackRedirectUrl, "https://app.example.com/welcome")
        assert.isTrue(Redirects.isTrusted(result.afterCallbackRedirectUrl!, options), "the callback page's redirect passes the SDK's check too")
      }
    }).pipe(Effect.provide(Layer.merge(TestApps.client(), Cookies.layerMemory))), { timeout: 30_000 })

  it.effect("OAuth: through the SDK, every attempt as any redirect option is refused, by the SDK (typed, before any cookie) or by the service", () =>
    Effect.gen(function*() {
      yield* trustCorpusDomains
      const refusedBy = { sdk: 0, service: 0 }
      for (const option of Object.keys(authorizeParam)) {
        for (const { trick, url } of untrusted) {
          const exit = yield* Effect.exit(OAuth.getAuthorizationUrl({ ...trustedFlow, [option]: url }))
          if (Exit.isFailure(exit)) {
            assert.include(["UntrustedRedirectUrl", "OAuthUrlNotAbsolute"], errorTag(exit), `${option} · ${trick}: ${url}`)
            refusedBy.sdk++
            continue
          }
          const answer = yield* openAuthorize(exit.value, "oauth-redirects@example.com")
          assert.strictEqual(answer.code, "REDIRECT_URL_NOT_WHITELISTED", `${option} · ${trick}: ${url}`)
          refusedBy.service++
        }
      }
      assert.isAbove(refusedBy.sdk, 0)
      assert.isAbove(refusedBy.service, 0)
    }).pipe(Effect.provide(Layer.merge(TestApps.client(), Cookies.layerMemory))), { timeout: 30_000 })

  it.effect("OAuth: a callback page the project stopped trusting after authorize gets no code", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* trustCorpusDomains
      const codesBefore = yield* authorizationCodes
      const authorizeUrl = new URL(yield* OAuth.getAuthorizationUrl(trustedFlow))
      const started = yield* Effect.orDie(emulator.handle(new Request(authorizeUrl)))
      assert.strictEqual(started.status, 307, "the mock provider's page")
      yield* emulator.run(EmulatorState.update((state) => ({
        ...state,
        projects: Table.modify(state.projects, demoProject.projectId, (project) => ({ ...project, config: { ...project.config, domains: [] } }))
      })))
      const providerPage = new URL(started.headers.get("location")!, emulator.baseUrl)
      const approve = new URL(`${emulator.baseUrl}/api/v1/auth/oauth/callback/github`)
      approve.searchParams.set("state", providerPage.searchParams.get("state")!)
      approve.searchParams.set("email", "no-longer-trusted@example.com")
      const answer = yield* Effect.orDie(emulator.handle(new Request(approve)))
      assert.strictEqual(answer.headers.get(Headers.knownError), "REDIRECT_URL_NOT_WHITELISTED")
      assert.isNull(answer.headers.get("location"))
      assert.strictEqual(yield* authorizationCodes, codesBefore, "no authorization code was issued")
    }).pipe(Effect.provide(Layer.merge(TestApps.client(), Cookies.layerMemory))))
})
