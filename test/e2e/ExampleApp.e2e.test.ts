/**
 * The example app (`examples/react-vite`) in a real Chromium, against the emulator over HTTP, as
 * `npm start` runs it (free ports here): every sign-in method, account settings, teams, two tabs
 * of one browser, a second user, and the CLI login. Each flow is independent (fresh browser
 * contexts, unique e-mails) and leaves a screenshot of its final page(s) in `.artifacts/e2e/`.
 */
import { assert, describe, layer } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as OTPAuth from "otpauth"
import { defaultMessages } from "../../packages/react/src/messages.ts"
import * as CliAuth from "../../packages/sdk/src/api/CliAuth.ts"
import * as CliLogin from "../../examples/cli-login/login.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import { refreshCookieName } from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import { artifactsDir, chromiumAvailable, Harness, layer as harnessLayer } from "./harness.ts"
import {
  axeViolations,
  focused,
  linkFor,
  password,
  see,
  seeSignedIn,
  settled,
  signInCodeFor,
  signOut,
  signUp,
  submitPassword,
  tabTo,
  textOf,
  ui,
  uniqueEmail
} from "./steps.ts"

const flowTimeout = 60_000
/** How long another tab may take to notice a sign-in or sign-out (the cookie store polls every 100 ms). */
const otherTabMillis = 2_000

// Skipped only where no Chromium is installed (`CHROMIUM_PATH`, else /usr/bin/chromium): .ci/run
// installs Debian's, so CI always runs this suite.
describe.skipIf(!chromiumAvailable)("browser end-to-end", () => {
  // `excludeTestServices`: a real browser runs on real time, so the servers and flows use the live
  // clock; the CLI flow puts its own half on a TestClock.
  layer(harnessLayer, { timeout: 120_000, excludeTestServices: true })("the example app in Chromium", (it) => {
    it.effect("shows the project read from the emulator over HTTP to a signed-out visitor", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("home-signed-out")
        yield* ui(() => page.getByRole("heading", { name: h.demoProject.displayName }).waitFor())
        assert.strictEqual(yield* textOf(page, "home-signed-out"), "You are not signed in.")
      }), flowTimeout)

    it.effect("signs up, renames the user in account settings, creates a team, and signs out", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("sign-up-settings-team")
        const email = uniqueEmail("e2e")
        yield* signUp(page, email)
        assert.include(yield* textOf(page, "home-user"), email)
        yield* ui(async () => {
          await page.getByTestId("home-account-settings").click()
          await page.getByTestId("field-display-name").fill("Ada")
          await page.getByTestId("profile-submit").click()
          await page.getByTestId("profile-saved").waitFor()
          await page.getByTestId("account-nav-teams").click()
          await page.getByTestId("field-team-name").fill("Rocket")
          await page.getByTestId("create-team-submit").click()
          await page.getByTestId("team-Rocket").waitFor()
          await page.getByTestId("nav-home").click()
        })
        assert.strictEqual(yield* textOf(page, "home-user-name"), "Ada")
        assert.include(yield* textOf(page, "home-teams"), "Rocket")
        yield* signOut(page)
      }), flowTimeout)

    it.effect("signs in with a password after signing out; a wrong password shows the mismatch and keeps the visitor out", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("password-sign-in")
        const email = uniqueEmail("password")
        yield* signUp(page, email)
        yield* signOut(page)
        yield* ui(() => page.getByTestId("home-sign-in").click())
        yield* submitPassword(page, email, "not the password")
        yield* see(page, "form-error")
        assert.strictEqual(yield* ui(() => page.getByTestId("form-error").getAttribute("data-error-tag")), "EmailPasswordMismatch")
        assert.include(yield* textOf(page, "form-error"), defaultMessages.errors.EmailPasswordMismatch)
        // still on the sign-in page, and no session cookie was set
        yield* see(page, "page-sign-in")
        const cookies = yield* ui(() => page.context().cookies())
        assert.isUndefined(cookies.find((c) => c.name === refreshCookieName(h.demoProject.projectId)))
        yield* submitPassword(page, email)
        yield* seeSignedIn(page, email)
      }), flowTimeout)

    it.effect("signs in with a one-time code from the mail", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("one-time-code")
        const email = uniqueEmail("otp")
        yield* ui(async () => {
          await page.getByTestId("home-sign-in").click()
          await page.getByTestId("tab-code").click()
          await page.getByTestId("field-otp-email").fill(email)
          await page.getByTestId("otp-send-submit").click()
          await page.getByTestId("otp-sent").waitFor()
        })
        const code = yield* signInCodeFor(email)
        yield* ui(async () => {
          await page.getByTestId("field-otp-code").fill(code)
          await page.getByTestId("otp-sign-in-submit").click()
        })
        yield* seeSignedIn(page, email)
      }), flowTimeout)

    it.effect("signs in through the emulator's mock OAuth provider; account settings show the linked account", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("oauth")
        const email = uniqueEmail("github")
        yield* ui(async () => {
          await page.getByTestId("home-sign-in").click()
          await page.getByTestId("oauth-github").click()
          // the provider's own page first (the app's sign-in page has an "E-mail" field too)
          await page.getByRole("heading", { name: "Sign in with github" }).waitFor()
          await page.getByLabel("E-mail").fill(email)
          await page.getByRole("button", { name: "Sign in" }).click()
        })
        yield* seeSignedIn(page, email)
        // the account settings list the linked GitHub account by its proper name, signing in
        yield* ui(() => page.goto(h.url("/handler/account-settings#linked-accounts")))
        yield* see(page, "linked-github")
        assert.include(yield* textOf(page, "linked-github"), "GitHub")
        assert.isTrue(yield* ui(() => page.getByTestId("linked-github").getByTestId("linked-sign-in").isChecked()))
      }), flowTimeout)

    it.effect("turns on two-factor authentication, then signs in with password and TOTP code", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("mfa-totp")
        const email = uniqueEmail("mfa")
        yield* signUp(page, email)
        yield* ui(() => page.getByTestId("home-account-settings").click())
        yield* ui(() => page.getByTestId("account-nav-two-factor").click())
        yield* ui(() => page.getByTestId("mfa-enable").click())
        const secret = OTPAuth.Secret.fromBase32((yield* ui(() => page.getByTestId("totp-secret").getAttribute("data-secret"))) ?? "")
        yield* ui(async () => {
          await page.getByTestId("field-totp-setup-code").fill(new OTPAuth.TOTP({ secret }).generate())
          await page.getByTestId("mfa-confirm-submit").click()
          await page.getByTestId("mfa-enabled").waitFor()
        })
        yield* signOut(page)
        yield* ui(() => page.getByTestId("home-sign-in").click())
        yield* submitPassword(page, email)
        yield* see(page, "page-mfa")
        yield* ui(async () => {
          await page.getByTestId("field-totp").fill(new OTPAuth.TOTP({ secret }).generate())
          await page.getByTestId("mfa-submit").click()
        })
        yield* seeSignedIn(page, email)
      }), flowTimeout)

    it.effect("adds a passkey in account settings and signs in with it (virtual authenticator)", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("passkey")
        const email = uniqueEmail("passkey")
        yield* ui(async () => {
          const cdp = await page.context().newCDPSession(page)
          await cdp.send("WebAuthn.enable")
          await cdp.send("WebAuthn.addVirtualAuthenticator", {
            options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true }
          })
        })
        yield* signUp(page, email)
        yield* ui(async () => {
          await page.getByTestId("home-account-settings").click()
          await page.getByTestId("account-nav-passkeys").click()
          await page.getByTestId("passkey-register").click()
          await page.getByTestId("passkey-registered").waitFor()
        })
        yield* signOut(page)
        yield* ui(async () => {
          await page.getByTestId("home-sign-in").click()
          await page.getByTestId("passkey-sign-in-button").click()
        })
        yield* seeSignedIn(page, email)
      }), flowTimeout)

    it.effect("a teammate invited by e-mail signs up from the link in their own browser, joins (no longer pending for the owner), and leaves", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const owner = yield* h.visitor("invitation-owner")
        const invitee = uniqueEmail("invitee")
        yield* signUp(owner, uniqueEmail("owner"))
        yield* ui(async () => {
          await owner.getByTestId("home-account-settings").click()
          await owner.getByTestId("account-nav-teams").click()
          await owner.getByTestId("field-team-name").fill("Crew")
          await owner.getByTestId("create-team-submit").click()
          await owner.getByTestId("team-Crew").getByTestId("team-manage").click()
          await owner.getByTestId("field-invite-email").fill(invitee)
          await owner.getByTestId("team-invite-submit").click()
          await owner.getByTestId("team-invite-sent").waitFor()
        })
        assert.include(yield* textOf(owner, "team-invitations"), invitee)
        const link = yield* linkFor(invitee)

        // the second user, in a second browser context (own cookies), opens the link signed out
        const guest = yield* h.visitor("invitation-guest")
        yield* ui(() => guest.goto(link))
        yield* see(guest, "sign-in-first")
        yield* ui(async () => {
          await guest.getByTestId("link-sign-in").click()
          await guest.getByTestId("link-sign-up").click()
          await guest.getByTestId("field-email").fill(invitee)
          await guest.getByTestId("field-password").fill(password)
          await guest.getByTestId("field-repeat-password").fill(password)
          await guest.getByTestId("sign-up-submit").click()
        })
        // after signing up, back on the invitation page (after_auth_return_to)
        assert.include(yield* textOf(guest, "invitation-team"), "Crew")
        yield* ui(() => guest.getByTestId("invitation-accept").click())
        yield* see(guest, "invitation-accepted")
        yield* ui(() => guest.getByTestId("nav-home").click())
        assert.include(yield* textOf(guest, "home-teams"), "Crew")

        // the owner's page, reloaded, no longer lists the invitation as pending
        yield* ui(() => owner.reload())
        yield* see(owner, "team-invitations-empty")
        assert.strictEqual(yield* ui(() => owner.getByTestId("team-invitations").count()), 0)

        // the teammate leaves again
        yield* ui(async () => {
          await guest.goto(h.url("/handler/account-settings#teams"))
          await guest.getByTestId("team-Crew").getByTestId("team-manage").click()
          await guest.getByTestId("team-leave").click()
          await guest.getByTestId("team-leave-confirm").click()
        })
        yield* see(guest, "teams-empty")
      }), flowTimeout)

    it.effect("a sign-in and a sign-out in one tab reach another tab of the same browser without a reload", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const context = yield* h.newContext
        const first = yield* h.openPage(context, "two-tabs-first")
        const second = yield* h.openPage(context, "two-tabs-second")
        yield* see(second, "home-signed-out")
        // a reload would drop this mark
        yield* ui(() => second.evaluate(() => Object.assign(globalThis, { e2eMark: "same document" })))
        const email = uniqueEmail("tabs")

        // the first tab acts in front (a background tab gets no animation frames, which every
        // Playwright click waits for); the second stays in the background, as a real one would
        yield* ui(() => first.bringToFront())
        yield* signUp(first, email)
        yield* see(second, "home-user", otherTabMillis)
        assert.include(yield* textOf(second, "home-user"), email)

        yield* signOut(first)
        yield* see(second, "home-signed-out", otherTabMillis)
        assert.strictEqual(yield* ui(() => second.evaluate(() => (globalThis as { e2eMark?: string }).e2eMark)), "same document")
      }), flowTimeout)

    it.effect("every handler page: screenshots light and dark, desktop and 375 px, axe-core finds no serious or critical violation, each page has its own title, the icon is served", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("handler-pages")
        const submit = (testId: string) => () => page.getByTestId(testId).click()
        const pages: ReadonlyArray<readonly [string, string, (() => Promise<unknown>)?]> = [
          ["sign-in", "/handler/sign-in"],
          ["sign-in-errors", "/handler/sign-in", submit("password-sign-in-submit")],
          ["sign-in-code", "/handler/sign-in", submit("tab-code")],
          ["sign-up", "/handler/sign-up"],
          ["sign-up-errors", "/handler/sign-up", submit("sign-up-submit")],
          ["forgot-password", "/handler/forgot-password"],
          ["password-reset-bad-link", "/handler/password-reset?code=not-a-code"],
          ["mfa-without-sign-in", "/handler/mfa"],
          ["magic-link-bad", "/handler/magic-link-callback?code=not-a-code"],
          ["email-verification-bad", "/handler/email-verification?code=not-a-code"],
          ["team-invitation-signed-out", "/handler/team-invitation?code=not-a-code"],
          ["cli-signed-out", "/handler/cli-auth-confirm?login_code=not-a-code"],
          ["oauth-callback-idle", "/handler/oauth-callback"],
          ["error", "/handler/error?errorCode=REDIRECT_URL_NOT_WHITELISTED&message=Redirect%20URL%20not%20whitelisted"],
          ["not-found", "/handler/no-such-page"]
        ]
        const problems: Array<string> = []
        const titles = new Map<string, string>()
        for (const scheme of ["light", "dark"] as const) {
          for (const width of [1280, 375]) {
            yield* ui(async () => {
              await page.emulateMedia({ colorScheme: scheme })
              await page.setViewportSize({ width, height: 900 })
            })
            for (const [name, path, prepare] of pages) {
              yield* ui(() => page.goto(h.url(path)))
              yield* ui(() => page.locator("main[data-testid^='page-']").waitFor())
              yield* settled(page)
              if (prepare !== undefined) {
                yield* ui(prepare)
                yield* settled(page)
              }
              titles.set(name, yield* ui(() => page.title()))
              yield* ui(() => page.screenshot({ path: `${artifactsDir}page-${name}-${scheme}-${width}.png`, fullPage: true }))
              if (width === 1280) problems.push(...(yield* axeViolations(page)).map((v) => `${name}/${scheme}: ${v}`))
            }
          }
        }
        assert.deepStrictEqual(problems, [])
        // a title per page, with the project's name
        assert.notStrictEqual(titles.get("sign-in"), titles.get("sign-up"))
        assert.notStrictEqual(titles.get("sign-in"), titles.get("forgot-password"))
        assert.include(titles.get("sign-in") ?? "", h.demoProject.displayName)
        // the MFA page without a pending sign-in says so instead of showing the code form
        yield* ui(() => page.goto(h.url("/handler/mfa")))
        yield* see(page, "mfa-no-pending")
        assert.strictEqual(yield* ui(() => page.getByTestId("field-totp").count()), 0)
        // the page's icon is served (no 404 in the console)
        const icon = (yield* ui(() => page.locator("link[rel='icon']").getAttribute("href"))) ?? "/favicon.ico"
        assert.strictEqual(yield* ui(async () => (await page.request.get(h.url(icon))).status()), 200)
      }), 240_000)

    it.effect("keyboard only: signs up, signs out and signs in again; a failed submit puts the focus on the first error", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("keyboard-auth")
        const email = uniqueEmail("keys")
        yield* ui(() => page.goto(h.url("/handler/sign-up")))
        yield* see(page, "page-sign-up")
        // Enter on the empty form: the focus lands on the first invalid field
        yield* tabTo(page, "field-email")
        yield* ui(() => page.keyboard.press("Enter"))
        yield* see(page, "error-email")
        yield* ui(() => page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "field-email"))
        yield* ui(() => page.keyboard.type(email))
        yield* tabTo(page, "field-password")
        yield* ui(() => page.keyboard.type(password))
        yield* tabTo(page, "field-repeat-password")
        yield* ui(async () => {
          await page.keyboard.type(password)
          await page.keyboard.press("Enter")
        })
        yield* seeSignedIn(page, email)
        yield* signOut(page)
        yield* ui(() => page.goto(h.url("/handler/sign-in")))
        yield* see(page, "page-sign-in")
        yield* tabTo(page, "field-email")
        yield* ui(() => page.keyboard.type(email))
        yield* tabTo(page, "field-password")
        assert.strictEqual(yield* focused(page), "field-password")
        yield* ui(async () => {
          await page.keyboard.type("not the password")
          await page.keyboard.press("Enter")
        })
        yield* see(page, "form-error")
        yield* ui(() => page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "form-error"))
        // typing again takes the stale error away
        yield* tabTo(page, "field-password")
        yield* ui(async () => {
          await page.keyboard.press("Control+A")
          await page.keyboard.type(password)
        })
        assert.strictEqual(yield* ui(() => page.getByTestId("form-error").count()), 0)
        yield* ui(() => page.keyboard.press("Enter"))
        yield* seeSignedIn(page, email)
      }), flowTimeout)

    it.effect("a CLI login started by the CLI example is confirmed in a signed-in browser while the CLI polls, and the CLI gets the browser's session", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const page = yield* h.visitor("cli-login")
        const email = uniqueEmail("cli")
        yield* signUp(page, email)
        const project = { projectId: h.demoProject.projectId, publishableClientKey: h.demoProject.publishableClientKey, baseUrl: h.apiUrl }
        const polls = h.emulator.requests.count({ path: "/api/v1/auth/cli/poll" })
        const pollsBefore = yield* polls
        const liveWait = TestClock.withLive(Effect.sleep(25))
        const origin = new URL(h.appUrl).origin

        // the CLI half: the CLI example's program (examples/cli-login) in this process, over HTTP,
        // on a TestClock (a poll every 2 s of it)
        const loginUrl = yield* Deferred.make<string>()
        const cli = yield* CliLogin.login({
          ...project,
          appUrl: origin,
          onLoginUrl: (url) => Deferred.succeed(loginUrl, url).pipe(Effect.asVoid)
        }).pipe(Effect.forkChild)
        const url = yield* Deferred.await(loginUrl)
        assert.isTrue(url.startsWith(origin))
        assert.match(url.slice(origin.length), /^\/handler\/cli-auth-confirm\?login_code=[0-9a-z]+$/)
        // its first poll answers "waiting" (the page is not confirmed yet)
        for (let i = 0; (yield* polls) === pollsBefore; i++) {
          if (i > 400) return yield* Effect.die(new Error("the CLI never polled"))
          yield* liveWait
        }

        // the browser half: the signed-in user opens the printed URL and confirms
        yield* ui(() => page.goto(url))
        yield* ui(() => page.getByTestId("cli-confirm").click())
        yield* see(page, "cli-confirmed")
        // one poll so far ("waiting"): the CLI sleeps until its clock moves
        assert.strictEqual((yield* polls) - pollsBefore, 1)
        assert.isUndefined(cli.pollUnsafe())

        // 2 s of the CLI's clock at a time until it returns (a tick before its sleep began moves nothing)
        const ticks = Effect.gen(function*() {
          for (let i = 0; i < 40; i++) {
            yield* TestClock.adjust(CliAuth.pollWaitMillis)
            yield* liveWait
          }
          return yield* Effect.die(new Error("the CLI never received its token"))
        })
        const { refreshToken, user } = yield* Effect.raceFirst(Fiber.join(cli), ticks)
        assert.strictEqual(user.primaryEmail, email)
        assert.strictEqual((yield* polls) - pollsBefore, 2)

        // it is the browser session's refresh token, and it signs the CLI in as that user
        const cookies = yield* ui(() => page.context().cookies())
        const browserRefresh = cookies.find((c) => c.name === refreshCookieName(h.demoProject.projectId))?.value
        assert.strictEqual(Redacted.value(refreshToken), browserRefresh)
        const me = yield* Users.getCurrent().pipe(
          Effect.provide(StackClientApp.layer({ ...project, tokenStore: TokenStore.layerExplicit({ refreshToken }) }))
        )
        assert.strictEqual(me.primaryEmail, email)
      }).pipe(Effect.provide(TestClock.layer({ warningDelay: "1 minute" }))), flowTimeout)
  })
})
