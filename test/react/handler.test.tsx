import { assert, describe, it } from "@effect/vitest"
import { fireEvent, screen, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import * as OTPAuth from "otpauth"
import type { ReactNode } from "react"
import { afterEach } from "vitest"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as CliAuth from "../../packages/sdk/src/api/CliAuth.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as TeamInvitations from "../../packages/sdk/src/api/TeamInvitations.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import { StackHandler } from "../../packages/react/src/handler/StackHandler.tsx"
import * as Messages from "../../packages/react/src/handler/messages.ts"
import { defaultMessages } from "../../packages/react/src/messages.ts"
import { StackProvider } from "../../packages/react/src/StackProvider.tsx"
import { freshEmail, makeRuntime, renderAsync } from "./support.tsx"

const password = "correct horse battery"
let runtimes: Array<ReturnType<typeof makeRuntime>> = []
afterEach(async () => {
  for (const t of runtimes) await t.dispose()
  runtimes = []
})

const setup = () => {
  const t = makeRuntime()
  runtimes.push(t)
  const alerts: Array<string> = []
  const page = (location: string, extra?: ReactNode) =>
    renderAsync(
      <StackProvider runtime={t.runtime}>
        <StackHandler location={location} alert={(m) => alerts.push(m)} />
        {extra}
      </StackProvider>
    )
  const mailCode = (to: string) =>
    t.run(Effect.flatMap(Emulator, (e) => e.mailbox.latest(to))).then((mail) => (mail === undefined ? undefined : Mail.codeOf(mail)))
  return { t, alerts, page, mailCode }
}

const type = async (testId: string, value: string) => fireEvent.change(await screen.findByTestId(testId), { target: { value } })
const click = async (testId: string) => fireEvent.click(await screen.findByTestId(testId))
const visited = (t: ReturnType<typeof makeRuntime>, url: string) =>
  waitFor(() => assert.include(t.visits.map((v) => v.url), url))

describe("StackHandler", () => {
  it("signs in with a password and goes to after_auth_return_to", async () => {
    const { t, page } = setup()
    const email = freshEmail()
    await t.run(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }).pipe(Effect.andThen(Auth.signOut())))
    await page("/handler/sign-in?after_auth_return_to=%2Fdashboard")
    await type("field-email", email)
    await type("field-password", password)
    await click("password-sign-in-submit")
    await visited(t, "/dashboard")
    assert.isTrue(t.visits.at(-1)!.replace)
  })

  it("shows a wrong password as an alert on the form and stays", async () => {
    const { t, page } = setup()
    const email = freshEmail()
    await t.run(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }).pipe(Effect.andThen(Auth.signOut())))
    await page("/handler/sign-in")
    await type("field-email", email)
    await type("field-password", "wrong password!")
    await click("password-sign-in-submit")
    const alert = await screen.findByTestId("form-error")
    assert.include(alert.textContent, defaultMessages.errors.EmailPasswordMismatch)
    assert.strictEqual(alert.dataset.errorTag, "EmailPasswordMismatch")
    assert.deepStrictEqual(t.visits, [])
  })

  it("signs up and goes home; a too-short password is told on its field", async () => {
    const { t, page } = setup()
    await page("/handler/sign-up")
    await type("field-email", freshEmail())
    await type("field-password", "x")
    await type("field-repeat-password", "x")
    await click("sign-up-submit")
    const error = await screen.findByTestId("error-password")
    const input = screen.getByTestId("field-password")
    assert.strictEqual(input.getAttribute("aria-describedby"), error.id)
    assert.strictEqual(input.getAttribute("aria-invalid"), "true")
    await type("field-password", password)
    await type("field-repeat-password", password)
    await click("sign-up-submit")
    await visited(t, "/")
  })

  it("sends a sign-in needing a second factor to the MFA page, which completes it with the TOTP code", async () => {
    const { t, page } = setup()
    const email = freshEmail()
    const secret = new OTPAuth.Secret({ size: 20 })
    const base64 = Buffer.from(secret.buffer as ArrayBuffer).toString("base64")
    await t.run(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }).pipe(
      Effect.andThen(Users.update({ totpSecretBase64: base64 })),
      Effect.andThen(Auth.signOut())
    ))
    const signIn = await page("/handler/sign-in?after_auth_return_to=%2Fapp")
    await type("field-email", email)
    await type("field-password", password)
    await click("password-sign-in-submit")
    await visited(t, "/handler/mfa?after_auth_return_to=%2Fapp")
    signIn.unmount()
    await page("/handler/mfa?after_auth_return_to=%2Fapp")
    await type("field-totp", "000000")
    await click("mfa-submit")
    assert.strictEqual((await screen.findByTestId("error-totp")).textContent, defaultMessages.errors.InvalidTotpCode)
    await type("field-totp", new OTPAuth.TOTP({ secret }).generate())
    await click("mfa-submit")
    await visited(t, "/app")
  })

  it("the OAuth callback alerts the SPEC texts: invalid TOTP code, and any other failure", async () => {
    const { alerts, page } = setup()
    const first = await page("/handler/oauth-callback?errorCode=INVALID_TOTP_CODE&message=bad")
    await waitFor(() => assert.deepStrictEqual(alerts, [Messages.invalidTotpAlert]))
    assert.include(screen.getByTestId("oauth-callback-error").textContent, "Invalid TOTP code. Please try signing in again.")
    first.unmount()
    await page("/handler/oauth-callback?errorCode=INVALID_AUTHORIZATION_CODE&message=bad")
    await waitFor(() => assert.deepStrictEqual(alerts, [Messages.invalidTotpAlert, Messages.oauthCallbackAlert]))
    assert.strictEqual(alerts[1], "Error signing in during OAuth callback. Please try again.")
  })

  it("the OAuth callback does nothing without code and state", async () => {
    const { t, alerts, page } = setup()
    await page("/handler/oauth-callback")
    await screen.findByTestId("oauth-callback-idle")
    assert.deepStrictEqual([alerts, t.visits], [[], []])
  })

  it("the error page links redirect-URL errors to the project's domains page in the dashboard", async () => {
    const { t, page } = setup()
    const projectId = await t.run(Effect.map(Emulator, (e) => e.demoProject.projectId))
    await page("/handler/error?errorCode=REDIRECT_URL_NOT_WHITELISTED&message=Redirect%20URL%20not%20whitelisted")
    assert.strictEqual((await screen.findByTestId("error-message")).textContent, "Redirect URL not whitelisted")
    assert.strictEqual(screen.getByTestId("link-domains").getAttribute("href"), `https://app.stack-auth.com/projects/${projectId}/domains`)
  })

  it("verifies an e-mail from the mailed link", async () => {
    const { t, page, mailCode } = setup()
    const email = freshEmail()
    await t.run(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
    const code = await mailCode(email)
    assert.isDefined(code)
    await page(`/handler/email-verification?code=${code}`)
    await screen.findByTestId("email-verified")
  })

  it("resets a forgotten password through the mailed link", async () => {
    const { t, page, mailCode } = setup()
    const email = freshEmail()
    await t.run(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }).pipe(Effect.andThen(Auth.signOut())))
    const forgot = await page("/handler/forgot-password")
    await type("field-email", email)
    await click("forgot-password-submit")
    await screen.findByTestId("reset-sent")
    forgot.unmount()
    const code = await mailCode(email)
    await page(`/handler/password-reset?code=${code}`)
    // a password the service would refuse is refused on the page: the form stays, the link is not spent
    const resets = () => t.count("POST", "/api/v1/auth/password/reset")
    await type("field-password", "short")
    await type("field-repeat-password", "short")
    await click("password-reset-submit")
    assert.strictEqual((await screen.findByTestId("error-password")).textContent, defaultMessages.password.tooShort(8))
    assert.strictEqual(await resets(), 0)
    await type("field-password", "a brand new password")
    await type("field-repeat-password", "a brand new password")
    await click("password-reset-submit")
    await screen.findByTestId("password-reset-done")
    await t.run(Auth.signInWithPassword({ email, password: "a brand new password" }))
  })

  it("signs out and goes home", async () => {
    const { t, page } = setup()
    await t.run(Auth.signUpWithPassword({ email: freshEmail(), password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
    await page("/handler/sign-out")
    await visited(t, "/")
    assert.strictEqual((await t.run(Effect.flatMap(Effect.service(
      (await import("../../packages/sdk/src/session/Session.ts")).Session
    ), (s) => s.state)))._tag, "SignedOut")
  })

  it("accepts a team invitation from the mailed link", async () => {
    const { t, page, mailCode } = setup()
    const invitee = freshEmail()
    const team = await t.run(Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: freshEmail(), password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      const created = yield* Teams.create({ displayName: "Rocket" })
      yield* TeamInvitations.send({ teamId: created.id, email: invitee, callbackUrl: "http://localhost:3000/handler/team-invitation" })
      yield* Auth.signOut()
      return created
    }))
    // the invitation's code, read before the invitee's own sign-up mails a verification link
    const code = await mailCode(invitee)
    await t.run(Auth.signUpWithPassword({ email: invitee, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
    await page(`/handler/team-invitation?code=${code}`)
    assert.include((await screen.findByTestId("invitation-team")).textContent, "Rocket")
    await click("invitation-accept")
    await screen.findByTestId("invitation-accepted")
    const mine = await t.run(Teams.list())
    assert.include(mine.map((x) => x.id), team.id)
  })

  it("confirms a CLI login with login_code for the signed-in user", async () => {
    const { t, page } = setup()
    await t.run(Auth.signUpWithPassword({ email: freshEmail(), password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
    let loginUrl: string | undefined
    const cli = t.runtime.runPromise(CliAuth.promptCliLogin({
      appUrl: "http://localhost:3000",
      waitMillis: 20,
      onLoginUrl: (url) => Effect.sync(() => void (loginUrl = url))
    }))
    await waitFor(() => assert.isDefined(loginUrl))
    const url = new URL(loginUrl!)
    assert.strictEqual(url.pathname, "/handler/cli-auth-confirm")
    await page(url.pathname + url.search)
    await click("cli-confirm")
    await screen.findByTestId("cli-confirmed")
    assert.isDefined(await cli)
  })

  it("asks a signed-out visitor to sign in first, carrying the page as after_auth_return_to", async () => {
    const { page } = setup()
    await page("/handler/cli-auth-confirm?login_code=abc")
    const link = (await screen.findByTestId("link-sign-in")).getAttribute("href")
    assert.strictEqual(link, `/handler/sign-in?after_auth_return_to=${encodeURIComponent("/handler/cli-auth-confirm?login_code=abc")}`)
  })

  it("pages can be replaced, and unknown paths say so", async () => {
    const { t } = setup()
    const view = await renderAsync(
      <StackProvider runtime={t.runtime}>
        <StackHandler location="/handler/sign-in" components={{ signIn: () => <p data-testid="mine">my sign-in</p> }} />
      </StackProvider>
    )
    await screen.findByTestId("mine")
    view.unmount()
    await renderAsync(<StackProvider runtime={t.runtime}><StackHandler location="/handler/nope" /></StackProvider>)
    await screen.findByTestId("page-not-found")
  })
})
