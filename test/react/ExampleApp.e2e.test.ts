/**
 * The example app in a real Chromium (playwright-core), against the emulator over HTTP, as
 * `npm start` runs it (free ports here). Skipped where no Chromium is installed
 * (`CHROMIUM_PATH`, else /usr/bin/chromium).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { existsSync } from "node:fs"
import * as OTPAuth from "otpauth"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll } from "vitest"
import * as Emulator from "../../src/emulator/Emulator.ts"
import { serve, type Served } from "../../examples/react-vite/serve.ts"

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const available = existsSync(executablePath)
const password = "correct horse battery"
const timeout = 15_000

let runtime: ManagedRuntime.ManagedRuntime<never, unknown> | undefined
let served: Served
let browser: Browser

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** The newest mail to an address, through the emulator's Inbucket-compatible mailbox. */
const latestMail = async (address: string): Promise<string> => {
  for (let i = 0; i < 50; i++) {
    const list = await (await fetch(`${served.mailboxUrl}/api/v1/mailbox/${encodeURIComponent(address)}`)).json() as Array<{ id: string }>
    const last = list.at(-1)
    if (last !== undefined) {
      const mail = await (await fetch(`${served.mailboxUrl}/api/v1/mailbox/${encodeURIComponent(address)}/${last.id}`)).json() as {
        body: { text: string }
      }
      return mail.body.text
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail to ${address}`)
}
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0]

const fresh = async (): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(served.appUrl)
  return { context, page }
}

const signUp = async (page: Page, email: string) => {
  await page.getByTestId("home-sign-up").click()
  await page.getByTestId("field-email").fill(email)
  await page.getByTestId("field-password").fill(password)
  await page.getByTestId("field-repeat-password").fill(password)
  await page.getByTestId("sign-up-submit").click()
  await page.getByTestId("home-user").waitFor({ timeout })
}

const signOut = async (page: Page) => {
  await page.getByTestId("nav-home").click()
  await page.getByTestId("home-sign-out").click()
  await page.getByTestId("home-signed-out").waitFor({ timeout })
}

describe.skipIf(!available)("the example app in Chromium", () => {
  beforeAll(async () => {
    const layer = Layer.effectDiscard(Effect.map(serve({ api: 0, mailbox: 0, app: 0 }), (s) => void (served = s))).pipe(
      Layer.provide(Emulator.layer)
    )
    runtime = ManagedRuntime.make(layer)
    await runtime.context()
    browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] })
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await runtime?.dispose()
  })

  it("signs up, renames the user in account settings, creates a team, and signs out", async () => {
    const { context, page } = await fresh()
    const email = unique("e2e")
    await signUp(page, email)
    assert.include(await page.getByTestId("home-user").textContent(), email)
    await page.getByTestId("home-account-settings").click()
    await page.getByTestId("field-display-name").fill("Ada")
    await page.getByTestId("profile-submit").click()
    await page.getByTestId("profile-saved").waitFor({ timeout })
    await page.getByTestId("field-team-name").fill("Rocket")
    await page.getByTestId("create-team-submit").click()
    await page.getByTestId("team-Rocket").waitFor({ timeout })
    await page.getByTestId("nav-home").click()
    assert.strictEqual(await page.getByTestId("home-user-name").textContent(), "Ada")
    assert.include(await page.getByTestId("home-teams").textContent(), "Rocket")
    await signOut(page)
    await context.close()
  }, 60_000)

  it("signs in with a one-time code from the mail", async () => {
    const { context, page } = await fresh()
    const email = unique("otp")
    await page.getByTestId("home-sign-in").click()
    await page.getByTestId("field-otp-email").fill(email)
    await page.getByTestId("otp-send-submit").click()
    await page.getByTestId("otp-sent").waitFor({ timeout })
    const code = /code is ([A-Z0-9]+)/i.exec(await latestMail(email))![1]!
    await page.getByTestId("field-otp-code").fill(code)
    await page.getByTestId("otp-sign-in-submit").click()
    await page.getByTestId("home-user").waitFor({ timeout })
    assert.include(await page.getByTestId("home-user").textContent(), email)
    await context.close()
  }, 60_000)

  it("signs in through the emulator's mock OAuth provider", async () => {
    const { context, page } = await fresh()
    const email = unique("github")
    await page.getByTestId("home-sign-in").click()
    await page.getByTestId("oauth-github").click()
    await page.getByLabel("E-mail").fill(email)
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByTestId("home-user").waitFor({ timeout })
    assert.include(await page.getByTestId("home-user").textContent(), email)
    await context.close()
  }, 60_000)

  it("turns on two-factor authentication, then signs in with password and TOTP code", async () => {
    const { context, page } = await fresh()
    const email = unique("mfa")
    await signUp(page, email)
    await page.getByTestId("home-account-settings").click()
    await page.getByTestId("mfa-enable").click()
    const secret = OTPAuth.Secret.fromBase32((await page.getByTestId("totp-secret").textContent({ timeout }))!)
    await signOut(page)
    await page.getByTestId("home-sign-in").click()
    await page.getByTestId("field-email").fill(email)
    await page.getByTestId("field-password").fill(password)
    await page.getByTestId("password-sign-in-submit").click()
    await page.getByTestId("page-mfa").waitFor({ timeout })
    await page.getByTestId("field-totp").fill(new OTPAuth.TOTP({ secret }).generate())
    await page.getByTestId("mfa-submit").click()
    await page.getByTestId("home-user").waitFor({ timeout })
    await context.close()
  }, 60_000)

  it("invites a teammate by e-mail, who accepts and then leaves the team", async () => {
    const owner = await fresh()
    await signUp(owner.page, unique("owner"))
    await owner.page.getByTestId("home-account-settings").click()
    await owner.page.getByTestId("field-team-name").fill("Crew")
    await owner.page.getByTestId("create-team-submit").click()
    await owner.page.getByTestId("team-Crew").waitFor({ timeout })
    const invitee = unique("invitee")
    await owner.page.getByTestId("field-invite-email").fill(invitee)
    await owner.page.getByTestId("team-invite-submit").click()
    await owner.page.getByTestId("team-invite-sent").waitFor({ timeout })
    const link = linkIn(await latestMail(invitee))
    await owner.context.close()

    const guest = await fresh()
    await signUp(guest.page, invitee)
    await guest.page.goto(link)
    await guest.page.getByTestId("invitation-accept").click()
    await guest.page.getByTestId("invitation-accepted").waitFor({ timeout })
    await guest.page.goto(`${served.appUrl}handler/account-settings`)
    await guest.page.getByTestId("team-Crew").getByTestId("team-leave").click()
    await guest.page.getByTestId("no-teams").waitFor({ timeout })
    await guest.context.close()
  }, 60_000)

  it("adds a passkey in account settings and signs in with it (virtual authenticator)", async () => {
    const { context, page } = await fresh()
    const cdp = await context.newCDPSession(page)
    await cdp.send("WebAuthn.enable")
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true }
    })
    await signUp(page, unique("passkey"))
    await page.getByTestId("home-account-settings").click()
    await page.getByTestId("passkey-register").click()
    await page.getByTestId("passkey-registered").waitFor({ timeout })
    await signOut(page)
    await page.getByTestId("home-sign-in").click()
    await page.getByTestId("passkey-sign-in-button").click()
    await page.getByTestId("home-user").waitFor({ timeout })
    await context.close()
  }, 60_000)
})
