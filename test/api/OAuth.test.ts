import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as oauth from "oauth4webapi"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Mfa from "../../packages/sdk/src/api/Mfa.ts"
import * as OAuth from "../../packages/sdk/src/api/OAuth.ts"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorMfa from "../../packages/emulator/src/internal/model/MfaRules.ts"
import * as OAuthFlow from "../../packages/emulator/src/internal/model/OAuthFlow.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as Redirects from "../../packages/sdk/src/handler/Redirects.ts"
import * as Cookies from "../../packages/sdk/src/session/Cookies.ts"
import * as Navigation from "../../packages/sdk/src/platform/Navigation.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import { createPasswordUser, freshClient, newTotpSecret, setConfig, userRow } from "./authSupport.ts"
import { withWireSpy } from "../support/WireSpy.ts"
import { recordingCookies, signInAtProvider, submitProviderPage, visit } from "./oauthSupport.ts"

const app = "http://localhost:3000"
const options: OAuth.AuthorizationOptions = {
  provider: "github",
  redirectUrl: `${app}/handler/oauth-callback`,
  errorRedirectUrl: `${app}/handler/error`
}
const sessionState = Session.Session.use((session) => session.state)

/** A fresh emulator, client app, cookie jar (recorded) and attempt-code store for one test. */
const run = <A, E, R>(f: (cookies: ReturnType<typeof recordingCookies>) => Effect.Effect<A, E, R>) => {
  const cookies = recordingCookies()
  return freshClient(f(cookies).pipe(Effect.provide(Layer.mergeAll(Cookies.layerAdapter(cookies.adapter), Mfa.layerMemory))))
}

/** Starts a flow and signs in at the mock provider's page; answers the callback URL. */
const throughProvider = (fields: Record<string, string>, flow: Partial<OAuth.AuthorizationOptions> = {}) =>
  Effect.gen(function*() {
    const landing = yield* signInAtProvider(yield* OAuth.getAuthorizationUrl({ ...options, ...flow }), fields)
    if (landing._tag !== "App") return yield* Effect.die(new Error(`expected the app, got ${JSON.stringify(landing)}`))
    return landing.url
  })

describe("OAuth: the authorize URL", () => {
  it.effect("carries every parameter of the protocol and keeps the PKCE verifier in stack-oauth-outer-<state> for 3600 s", () =>
    run((cookies) =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const url = new URL(yield* OAuth.getAuthorizationUrl({ ...options, afterCallbackRedirectUrl: `${app}/after` }))
        assert.strictEqual(url.origin + url.pathname, `${emulator.baseUrl}/api/v1/auth/oauth/authorize/github`)
        const q = Object.fromEntries(url.searchParams)
        const state = q.state!
        assert.deepStrictEqual(q, {
          client_id: emulator.demoProject.projectId,
          client_secret: emulator.demoProject.publishableClientKey,
          redirect_uri: options.redirectUrl,
          scope: "legacy",
          state,
          grant_type: "authorization_code",
          code_challenge: q.code_challenge!,
          code_challenge_method: "S256",
          response_type: "code",
          type: "authenticate",
          error_redirect_url: options.errorRedirectUrl,
          after_callback_redirect_url: `${app}/after`
        })
        const write = cookies.writes.find((w) => w.name === `stack-oauth-outer-${state}`)
        assert.isDefined(write)
        assert.strictEqual(write!.attributes?.maxAge, 3600)
        assert.strictEqual(yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(write!.value)), q.code_challenge)
      })
    ))

  it.effect("removes code and state from the redirect URL", () =>
    run(() =>
      Effect.gen(function*() {
        const url = new URL(yield* OAuth.getAuthorizationUrl({ ...options, redirectUrl: `${app}/handler/oauth-callback?code=old&state=old&keep=1` }))
        assert.strictEqual(url.searchParams.get("redirect_uri"), `${app}/handler/oauth-callback?keep=1`)
      })
    ))

  it.effect("a link URL carries the signed-in user's access token and the provider scope", () =>
    run(() =>
      Effect.gen(function*() {
        yield* Auth.signUpAnonymously()
        const tokens = yield* Session.Session.use((session) => session.getTokens())
        const url = new URL(yield* OAuth.getAuthorizationUrl({ ...options, type: "link", providerScope: "repo" }))
        assert.strictEqual(url.searchParams.get("type"), "link")
        assert.strictEqual(url.searchParams.get("provider_scope"), "repo")
        assert.strictEqual(url.searchParams.get("token"), tokens === undefined ? "" : Redacted.value(tokens.accessToken))
      })
    ))

  it.effect("linking needs a signed-in user: NotSignedIn", () =>
    run(() =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(OAuth.getAuthorizationUrl({ ...options, type: "link" }))
        assert.strictEqual(error._tag, "NotSignedIn")
      })
    ))

  it.effect("signInWithRedirect goes to the authorize URL", () =>
    run(() =>
      Effect.gen(function*() {
        yield* OAuth.signInWithRedirect(options)
        const visits = yield* Navigation.visits
        assert.strictEqual(visits.length, 1)
        assert.include(visits[0]!.url, "/api/v1/auth/oauth/authorize/github?client_id=")
      }).pipe(Effect.provide(Navigation.layerTest))
    ))

  it.effect("the service refuses a provider the project does not offer: OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", () =>
    run(() =>
      Effect.gen(function*() {
        const page = yield* visit(yield* OAuth.getAuthorizationUrl({ ...options, provider: "discord" }))
        assert.strictEqual(page._tag, "Page")
        if (page._tag === "Page") {
          assert.strictEqual(page.status, 400)
          assert.strictEqual(JSON.parse(page.text).code, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED")
        }
      })
    ))
})

describe("OAuth: the callback", () => {
  it.effect("signs a new user up through the mock provider, then the same account signs the same user in", () =>
    run((cookies) =>
      Effect.gen(function*() {
        const callback = yield* throughProvider({ email: "octo@example.com", name: "Octo" }, { afterCallbackRedirectUrl: `${app}/welcome` })
        const state = new URL(callback).searchParams.get("state")!
        assert.isTrue(cookies.jar.has(`stack-oauth-outer-${state}`))
        const first = yield* OAuth.handleCallback(callback)
        assert.strictEqual(first._tag, "SignedIn")
        if (first._tag !== "SignedIn") return
        assert.isTrue(first.isNewUser)
        assert.strictEqual(first.afterCallbackRedirectUrl, `${app}/welcome`)
        assert.strictEqual(first.cleanUrl, options.redirectUrl)
        assert.isFalse(cookies.jar.has(`stack-oauth-outer-${state}`))
        assert.deepStrictEqual(yield* sessionState, { _tag: "SignedIn", userId: first.userId })
        const row = yield* userRow(first.userId!)
        assert.strictEqual(row?.displayName, "Octo")
        assert.deepStrictEqual(row?.oauthAccounts.map((a) => a.providerId), ["github"])

        yield* Auth.signOut()
        const second = yield* OAuth.handleCallback(yield* throughProvider({ email: "octo@example.com" }))
        assert.deepStrictEqual(second._tag === "SignedIn" ? [second.userId, second.isNewUser] : [], [first.userId, false])
      })
    ))

  it.effect("the code exchange posts the authorization-code grant with PKCE and client_secret_post", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const callback = yield* throughProvider({ email: "wire@example.com" })
        const { sent } = yield* withWireSpy(OAuth.handleCallback(callback))
        const exchanges = sent.filter((r) => r.method === "POST" && r.path === "/api/v1/auth/oauth/token")
        assert.lengthOf(exchanges, 1)
        const body = exchanges[0]!.form
        assert.strictEqual(body.get("grant_type"), "authorization_code")
        assert.strictEqual(body.get("code"), new URL(callback).searchParams.get("code"))
        assert.strictEqual(body.get("redirect_uri"), options.redirectUrl)
        assert.match(body.get("code_verifier") ?? "", /^[A-Za-z0-9\-._~]{43,128}$/)
        assert.strictEqual(body.get("client_id"), emulator.demoProject.projectId)
        assert.strictEqual(body.get("client_secret"), emulator.demoProject.publishableClientKey)
        assert.isNull(exchanges[0]!.headers.get("authorization"))
        // the emulator's log keeps the exchange without its code, verifier and client secret
        const [logged] = yield* emulator.requests.filter({ method: "POST", path: "/api/v1/auth/oauth/token" })
        const loggedBody = logged!.body as Record<string, string>
        for (const field of ["code", "code_verifier", "client_secret"]) assert.strictEqual(loggedBody[field], "<redacted>", field)
        assert.strictEqual(loggedBody.redirect_uri, options.redirectUrl)
      })
    ))

  it.effect("the mock provider approves at once when told to", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        yield* emulator.run(OAuthFlow.autoApprove({ email: "auto@example.com" }))
        const landing = yield* visit(yield* OAuth.getAuthorizationUrl(options))
        assert.strictEqual(landing._tag, "App")
        const result = yield* OAuth.handleCallback(landing.url)
        assert.isTrue(result._tag === "SignedIn" && result.isNewUser)
      })
    ))

  it.effect("without code, state or the verifier cookie the page is not a callback: nothing is sent", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const callback = yield* throughProvider({ email: "none@example.com" })
        const before = yield* emulator.requests.count({ path: "/api/v1/auth/oauth/token" })
        const noCode = new URL(callback)
        noCode.searchParams.delete("code")
        const noState = new URL(callback)
        noState.searchParams.delete("state")
        const otherState = new URL(callback)
        otherState.searchParams.set("state", "not-ours")
        assert.deepStrictEqual(yield* OAuth.handleCallback(noCode), { _tag: "NotACallback", reason: "missing-code" })
        assert.deepStrictEqual(yield* OAuth.handleCallback(noState), { _tag: "NotACallback", reason: "missing-state" })
        assert.deepStrictEqual(yield* OAuth.handleCallback(otherState), { _tag: "NotACallback", reason: "missing-verifier" })
        assert.strictEqual(yield* emulator.requests.count({ path: "/api/v1/auth/oauth/token" }), before)
        yield* OAuth.handleCallback(callback)
        assert.deepStrictEqual(yield* OAuth.handleCallback(callback), { _tag: "NotACallback", reason: "missing-verifier" })
        assert.strictEqual(yield* emulator.requests.count({ path: "/api/v1/auth/oauth/token" }), before + 1)
      })
    ))

  it.effect("a code used twice fails with InvalidAuthorizationCode", () =>
    run((cookies) =>
      Effect.gen(function*() {
        const callback = yield* throughProvider({ email: "twice@example.com" })
        const name = `stack-oauth-outer-${new URL(callback).searchParams.get("state")}`
        const verifier = cookies.jar.get(name)!
        yield* OAuth.handleCallback(callback)
        cookies.jar.set(name, verifier)
        const error = yield* Effect.flip(OAuth.handleCallback(callback))
        assert.strictEqual(error._tag, "InvalidAuthorizationCode")
      })
    ))

  it.effect("a verifier that does not match the challenge fails with InvalidAuthorizationCode", () =>
    run((cookies) =>
      Effect.gen(function*() {
        const callback = yield* throughProvider({ email: "pkce@example.com" })
        cookies.jar.set(`stack-oauth-outer-${new URL(callback).searchParams.get("state")}`, oauth.generateRandomCodeVerifier())
        const error = yield* Effect.flip(OAuth.handleCallback(callback))
        assert.strictEqual(error._tag, "InvalidAuthorizationCode")
        assert.deepStrictEqual(yield* sessionState, { _tag: "SignedOut" })
      })
    ))

  it.effect("a flow left at the provider for more than 10 minutes fails with OuterOAuthTimeout and the spec's message", () =>
    run(() =>
      Effect.gen(function*() {
        const page = yield* visit(yield* OAuth.getAuthorizationUrl(options))
        assert.strictEqual(page._tag, "Page")
        yield* TestClock.adjust("11 minutes")
        const landing = yield* submitProviderPage(page, { email: "slow@example.com" })
        assert.strictEqual(landing._tag, "App")
        const error = yield* Effect.flip(OAuth.handleCallback(landing.url))
        assert.strictEqual(error._tag, "OuterOAuthTimeout")
        assert.strictEqual(error.message, "The OAuth flow has timed out. Please sign in again.")
      })
    ))

  it.effect("a user who refuses at the provider gets OAuthProviderAccessDenied", () =>
    run(() =>
      Effect.gen(function*() {
        const callback = yield* throughProvider({ error: "access_denied" })
        const error = yield* Effect.flip(OAuth.handleCallback(callback))
        assert.strictEqual(error._tag, "OAuthProviderAccessDenied")
      })
    ))

  it.effect("a new account while sign-up is off fails with SignUpNotEnabled", () =>
    run(() =>
      Effect.gen(function*() {
        yield* setConfig({ signUpEnabled: false })
        const error = yield* Effect.flip(OAuth.handleCallback(yield* throughProvider({ email: "closed@example.com" })))
        assert.strictEqual(error._tag, "SignUpNotEnabled")
      })
    ))

  it.effect("a provider switched off before the callback fails with OAuthProviderNotFoundOrNotEnabled", () =>
    run(() =>
      Effect.gen(function*() {
        const page = yield* visit(yield* OAuth.getAuthorizationUrl(options))
        yield* setConfig({ oauthProviders: [] })
        const landing = yield* submitProviderPage(page, { email: "gone@example.com" })
        assert.strictEqual(landing._tag, "App")
        const error = yield* Effect.flip(OAuth.handleCallback(landing.url))
        assert.strictEqual(error._tag, "OAuthProviderNotFoundOrNotEnabled")
      })
    ))

  it.effect("an exchange with a publishable key the project does not have fails with InvalidOAuthClientIdOrSecret", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const callback = yield* throughProvider({ email: "key@example.com" })
        const wrongKey = StackClientApp.layer({
          projectId: emulator.demoProject.projectId,
          publishableClientKey: "pck_not_this_project",
          baseUrl: emulator.baseUrl
        })
        const error = yield* Effect.flip(Effect.provide(OAuth.handleCallback(callback), wrongKey))
        assert.strictEqual(error._tag, "InvalidOAuthClientIdOrSecret")
      })
    ))

  it.effect("an e-mail another user signs in with fails with ContactChannelAlreadyUsedForAuthBySomeoneElse under raise_error", () =>
    run(() =>
      Effect.gen(function*() {
        yield* setConfig({ oauthAccountMergeStrategy: "raise_error" })
        yield* createPasswordUser({ email: "taken@example.com", password: "a-long-password-1" })
        const error = yield* Effect.flip(OAuth.handleCallback(yield* throughProvider({ email: "taken@example.com" })))
        assert.strictEqual(error._tag, "ContactChannelAlreadyUsedForAuthBySomeoneElse")
      })
    ))

  it.effect("an account whose verified e-mail belongs to a user signs that user in (link_method merge)", () =>
    run(() =>
      Effect.gen(function*() {
        const user = yield* createPasswordUser({ email: "merge@example.com", password: "a-long-password-1" })
        const result = yield* OAuth.handleCallback(yield* throughProvider({ email: "merge@example.com" }))
        assert.deepStrictEqual(result._tag === "SignedIn" ? [result.userId, result.isNewUser] : [], [user.id, false])
      })
    ))

  it.effect("an account of a user with a second factor ends in MultiFactorAuthenticationRequired, completed by signInWithMfa", () =>
    run(() =>
      Effect.gen(function*() {
        const secret = newTotpSecret()
        const user = yield* createPasswordUser({ email: "mfa@example.com", password: "a-long-password-1", totpSecretBase64: secret })
        const error = yield* Effect.flip(OAuth.handleCallback(yield* throughProvider({ email: "mfa@example.com" })))
        assert.strictEqual(error._tag, "MultiFactorAuthenticationRequired")
        const totp = EmulatorMfa.totpAt(secret, yield* Clock.currentTimeMillis)
        assert.deepStrictEqual(yield* Mfa.signInWithMfa({ totp }), { userId: user.id, isNewUser: false })
      })
    ))

  it.effect("linking adds the provider account to the signed-in user and returns to the page it started from", () =>
    run(() =>
      Effect.gen(function*() {
        const user = yield* Auth.signUpWithPassword({ email: "linker@example.com", password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        const callback = yield* throughProvider({ email: "other-address@example.com" }, {
          type: "link",
          afterCallbackRedirectUrl: `${app}/settings`
        })
        const result = yield* OAuth.handleCallback(callback)
        assert.deepStrictEqual(
          result._tag === "SignedIn" ? [result.userId, result.isNewUser, result.afterCallbackRedirectUrl] : [],
          [user.userId, false, `${app}/settings`]
        )
        assert.deepStrictEqual((yield* userRow(user.userId!))?.oauthAccounts.map((a) => a.email), ["other-address@example.com"])
      })
    ))

  it.effect("linking an account another user signs in with fails with OAuthConnectionAlreadyConnectedToAnotherUser", () =>
    run(() =>
      Effect.gen(function*() {
        yield* OAuth.handleCallback(yield* throughProvider({ email: "owner@example.com" }))
        yield* Auth.signOut()
        yield* Auth.signUpWithPassword({ email: "second@example.com", password: "a-long-password-1", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        const callback = yield* throughProvider({ email: "owner@example.com" }, { type: "link" })
        const error = yield* Effect.flip(OAuth.handleCallback(callback))
        assert.strictEqual(error._tag, "OAuthConnectionAlreadyConnectedToAnotherUser")
      })
    ))
})

/** Runs `effect` as on a browser page at `href` (`globalThis.location`), restoring the global after. */
const onPage = (href: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) => {
  const global = globalThis as { location?: unknown }
  return Effect.acquireUseRelease(
    Effect.sync(() => {
      const saved = global.location
      global.location = new URL(href)
      return saved
    }),
    () => effect,
    (saved) => Effect.sync(() => void (global.location = saved))
  )
}

describe("OAuth: relative and malformed URLs (SPEC §5)", () => {
  const redirectOptions = ["redirectUrl", "errorRedirectUrl", "afterCallbackRedirectUrl"] as const
  const tokenRequests = Effect.flatMap(Emulator, (emulator) => emulator.requests.count({ path: "/api/v1/auth/oauth/token" }))

  it.effect("outside a browser, a relative redirect option fails with OAuthUrlNotAbsolute naming it: no cookie, no navigation", () =>
    run((cookies) =>
      Effect.gen(function*() {
        for (const option of redirectOptions) {
          const error = yield* Effect.flip(OAuth.getAuthorizationUrl({ ...options, [option]: "/handler/page?keep=1" }))
          assert.strictEqual(error._tag, "OAuthUrlNotAbsolute")
          if (error._tag === "OAuthUrlNotAbsolute") {
            assert.strictEqual(error.option, option)
            assert.strictEqual(error.url, "/handler/page")
            assert.include(error.message, `The OAuth ${option} must be an absolute URL`)
          }
          const viaRedirect = yield* Effect.flip(OAuth.signInWithRedirect({ ...options, [option]: "handler/page" }))
          assert.strictEqual(viaRedirect._tag, "OAuthUrlNotAbsolute")
        }
        assert.lengthOf(cookies.writes, 0, "no verifier was kept for a flow that never started")
        assert.deepStrictEqual(yield* Navigation.visits, [])
      }).pipe(Effect.provide(Navigation.layerTest))
    ))

  it.effect("in a browser, relative options and the callback URL are resolved against the current page, and the flow completes", () =>
    run(() =>
      onPage(`${app}/handler/sign-in?after_auth_return_to=%2Fsettings`)(Effect.gen(function*() {
        const url = new URL(yield* OAuth.getAuthorizationUrl({
          provider: "github",
          redirectUrl: "/handler/oauth-callback",
          errorRedirectUrl: "error",
          afterCallbackRedirectUrl: "/settings"
        }))
        assert.deepStrictEqual(
          ["redirect_uri", "error_redirect_url", "after_callback_redirect_url"].map((key) => url.searchParams.get(key)),
          [`${app}/handler/oauth-callback`, `${app}/handler/error`, `${app}/settings`]
        )
        const landing = yield* signInAtProvider(url.toString(), { email: "relative@example.com" })
        assert.strictEqual(landing._tag, "App")
        const callback = new URL(landing.url)
        const result = yield* OAuth.handleCallback(callback.pathname + callback.search)
        assert.deepStrictEqual(
          result._tag === "SignedIn" ? [result.isNewUser, result.afterCallbackRedirectUrl, result.cleanUrl] : [],
          [true, `${app}/settings`, `${app}/handler/oauth-callback`]
        )
      }))
    ))

  it.effect("a malformed or unsafe absolute redirect option fails with UntrustedRedirectUrl, never a thrown TypeError", () =>
    run((cookies) =>
      Effect.gen(function*() {
        const malformed = ["http://[::1", "https://", "http://exa mple.com/", "javascript:alert(1)", "https://user:pw@localhost:3000/cb", "https://app.example.com\\@evil.example"]
        for (const option of redirectOptions) {
          for (const url of malformed) {
            const exit = yield* Effect.exit(OAuth.getAuthorizationUrl({ ...options, [option]: url }))
            assert.isTrue(Exit.isFailure(exit) && !Cause.hasDies(exit.cause), `${option}: ${url} is a typed failure`)
            assert.strictEqual(Exit.isFailure(exit) ? Cause.squash(exit.cause) instanceof Redirects.UntrustedRedirectUrl : false, true, `${option}: ${url}`)
          }
        }
        assert.lengthOf(cookies.writes, 0)
      })
    ))

  it.effect("a relative callback URL outside a browser fails with OAuthUrlNotAbsolute, keeping the code out of the error and the verifier in place", () =>
    run((cookies) =>
      Effect.gen(function*() {
        const callback = new URL(yield* throughProvider({ email: "relative-callback@example.com" }))
        const code = callback.searchParams.get("code")!
        const verifierCookie = `stack-oauth-outer-${callback.searchParams.get("state")}`
        const before = yield* tokenRequests
        const error = yield* Effect.flip(OAuth.handleCallback(callback.pathname + callback.search))
        assert.strictEqual(error._tag, "OAuthUrlNotAbsolute")
        if (error._tag === "OAuthUrlNotAbsolute") {
          assert.deepStrictEqual([error.option, error.url], ["callbackUrl", callback.pathname])
          assert.notInclude(`${error.message} ${JSON.stringify(error)}`, code)
        }
        const malformed = yield* Effect.flip(OAuth.handleCallback(`http://[bad/handler/oauth-callback?code=${code}&state=x`))
        assert.strictEqual(malformed._tag, "OAuthUrlNotAbsolute")
        assert.notInclude(JSON.stringify(malformed), code)
        assert.strictEqual(yield* tokenRequests, before, "nothing was sent")
        assert.isTrue(cookies.jar.has(verifierCookie), "the verifier is still there")
        assert.strictEqual((yield* OAuth.handleCallback(callback))._tag, "SignedIn")
      })
    ))

  it.effect("a malformed redirectUrl option of handleCallback fails with UntrustedRedirectUrl before the verifier is used", () =>
    run((cookies) =>
      Effect.gen(function*() {
        const callback = yield* throughProvider({ email: "bad-option@example.com" })
        const verifierCookie = `stack-oauth-outer-${new URL(callback).searchParams.get("state")}`
        const before = yield* tokenRequests
        const error = yield* Effect.flip(OAuth.handleCallback(callback, { redirectUrl: "https://" }))
        assert.strictEqual(error._tag, "UntrustedRedirectUrl")
        const relative = yield* Effect.flip(OAuth.handleCallback(callback, { redirectUrl: "/handler/oauth-callback" }))
        assert.strictEqual(relative._tag, "OAuthUrlNotAbsolute")
        assert.strictEqual(yield* tokenRequests, before)
        assert.isTrue(cookies.jar.has(verifierCookie))
        assert.strictEqual((yield* OAuth.handleCallback(callback, { redirectUrl: options.redirectUrl }))._tag, "SignedIn")
      })
    ))
})

describe("OAuth routes of the emulator", () => {
  const authorizeUrl = (patch: Record<string, string | null>) =>
    Effect.gen(function*() {
      const url = new URL(yield* OAuth.getAuthorizationUrl(options))
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) url.searchParams.delete(key)
        else url.searchParams.set(key, value)
      }
      return url.toString()
    })
  const errorCodeOf = (landing: { readonly _tag: string; readonly text?: string }) =>
    landing._tag === "Page" ? JSON.parse(landing.text ?? "{}").code : undefined

  it.effect("authorize checks the client, the redirect targets and the scopes", () =>
    run(() =>
      Effect.gen(function*() {
        assert.strictEqual(errorCodeOf(yield* visit(yield* authorizeUrl({ client_secret: "pck_wrong" }))), "INVALID_PUBLISHABLE_CLIENT_KEY")
        assert.strictEqual(errorCodeOf(yield* visit(yield* authorizeUrl({ client_id: "no-such-project" }))), "INVALID_OAUTH_CLIENT_ID_OR_SECRET")
        assert.strictEqual(errorCodeOf(yield* visit(yield* authorizeUrl({ code_challenge: null }))), "SCHEMA_ERROR")
        for (const param of ["redirect_uri", "error_redirect_url", "after_callback_redirect_url"]) {
          assert.strictEqual(errorCodeOf(yield* visit(yield* authorizeUrl({ [param]: "https://evil.example.org/" }))), "REDIRECT_URL_NOT_WHITELISTED", param)
        }
        const linkWithoutToken = yield* visit(yield* authorizeUrl({ type: "link" }))
        assert.deepStrictEqual(linkWithoutToken._tag === "Page" ? [linkWithoutToken.status, linkWithoutToken.text] : [], [
          400,
          "?token= query parameter is required for link type"
        ])
        assert.strictEqual(
          errorCodeOf(yield* visit(yield* authorizeUrl({ provider_scope: "repo" }))),
          "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"
        )
      })
    ))

  it.effect("the token endpoint wants the redirect_uri of the flow", () =>
    run(() =>
      Effect.gen(function*() {
        const callback = yield* throughProvider({ email: "uri@example.com" })
        const error = yield* Effect.flip(OAuth.handleCallback(callback, { redirectUrl: `${app}/elsewhere` }))
        assert.strictEqual(error._tag, "OAuthCallbackError")
        assert.strictEqual(error.message, "Error signing in during OAuth callback. Please try again.")
      })
    ))

  it.effect("the callback refuses a state it never issued", () =>
    run(() =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const page = yield* visit(`${emulator.baseUrl}/api/v1/auth/oauth/callback/github?state=nope&email=a@example.com`)
        assert.deepStrictEqual(page._tag === "Page" ? [page.status, page.text] : [], [400, "Invalid OAuth state. Please try signing in again."])
      })
    ))
})
