import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HandlerUrls from "../../packages/sdk/src/handler/HandlerUrls.ts"

describe("HandlerUrls", () => {
  it("builds every page under /handler and goes home after sign-in, sign-up and sign-out", () => {
    const urls = HandlerUrls.make()
    assert.deepStrictEqual(urls, {
      handler: "/handler",
      home: "/",
      signIn: "/handler/sign-in",
      signUp: "/handler/sign-up",
      signOut: "/handler/sign-out",
      afterSignIn: "/",
      afterSignUp: "/",
      afterSignOut: "/",
      emailVerification: "/handler/email-verification",
      passwordReset: "/handler/password-reset",
      forgotPassword: "/handler/forgot-password",
      oauthCallback: "/handler/oauth-callback",
      magicLinkCallback: "/handler/magic-link-callback",
      accountSettings: "/handler/account-settings",
      error: "/handler/error",
      teamInvitation: "/handler/team-invitation",
      mfa: "/handler/mfa",
      cliAuthConfirm: "/handler/cli-auth-confirm"
    })
  })

  it("follows a custom handler base and home; after sign-up follows after sign-in", () => {
    const urls = HandlerUrls.make({ handler: "/auth/", home: "/app", afterSignIn: "/dashboard", mfa: "/custom-mfa" })
    assert.strictEqual(urls.signIn, "/auth/sign-in")
    assert.strictEqual(urls.afterSignIn, "/dashboard")
    assert.strictEqual(urls.afterSignUp, "/dashboard")
    assert.strictEqual(urls.afterSignOut, "/app")
    assert.strictEqual(urls.mfa, "/custom-mfa")
  })

  it("the command-line confirmation page carries login_code", () => {
    assert.strictEqual(
      HandlerUrls.cliAuthConfirmUrl("https://app.example.com/", "a b&c"),
      "https://app.example.com/handler/cli-auth-confirm?login_code=a%20b%26c"
    )
  })

  it.effect("the app's URLs default to the defaults and can be provided", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* HandlerUrls.CurrentHandlerUrls).signIn, "/handler/sign-in")
      const custom = yield* HandlerUrls.CurrentHandlerUrls.pipe(
        Effect.provideService(HandlerUrls.CurrentHandlerUrls, HandlerUrls.make({ handler: "/x" }))
      )
      assert.strictEqual(custom.signIn, "/x/sign-in")
    }))
})
