import { chromium } from "playwright-core"
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] })
const page = await browser.newPage()
const logs: string[] = []
page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`))
page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`))
const otpEmail = `otp-${Date.now()}@example.com`
try {
  await page.goto("http://localhost:5173/")
  await page.getByTestId("home-signed-out").waitFor({ timeout: 15000 })
  await page.getByTestId("home-sign-up").click()
  await page.getByTestId("field-email").fill(`e2e-${Date.now()}@example.com`)
  await page.getByTestId("field-password").fill("correct horse battery")
  await page.getByTestId("field-repeat-password").fill("correct horse battery")
  await page.getByTestId("sign-up-submit").click()
  await page.getByTestId("home-user").waitFor({ timeout: 15000 })
  console.log("HOME:", await page.getByTestId("home-user").textContent())
  await page.getByTestId("home-account-settings").click()
  await page.getByTestId("field-display-name").fill("Ada")
  await page.getByTestId("profile-submit").click()
  await page.getByTestId("profile-saved").waitFor({ timeout: 15000 })
  await page.getByTestId("create-team-submit").waitFor()
  await page.getByTestId("field-team-name").fill("Rocket")
  await page.getByTestId("create-team-submit").click()
  await page.getByTestId("team-Rocket").waitFor({ timeout: 15000 })
  await page.getByTestId("nav-home").click()
  await page.getByTestId("home-teams").waitFor({ timeout: 15000 })
  console.log("HOME2:", await page.getByTestId("home").textContent())
  await page.getByTestId("home-sign-out").click()
  await page.getByTestId("home-signed-out").waitFor({ timeout: 15000 })
  console.log("signed out OK")
  // OAuth
  await page.getByTestId("home-sign-in").click()
  await page.getByTestId("oauth-github").click()
  await page.waitForTimeout(2000)
  console.log("URL after oauth click:", page.url())
  await page.getByLabel("E-mail").fill(`gh-${Date.now()}@example.com`)
  await page.getByRole("button", { name: "Sign in" }).click()
  await page.getByTestId("home-user").waitFor({ timeout: 15000 })
  console.log("OAUTH HOME:", await page.getByTestId("home-user").textContent(), page.url())
  // MFA: enable TOTP, sign out, sign in with password? (oauth user has no password) -> use OTP
  await page.getByTestId("home-sign-out").click()
  await page.getByTestId("home-signed-out").waitFor({ timeout: 15000 })
  await page.getByTestId("home-sign-in").click()
  await page.getByTestId("field-otp-email").fill(otpEmail)
  await page.getByTestId("otp-send-submit").click()
  await page.getByTestId("otp-sent").waitFor({ timeout: 15000 })
  const box = await (await fetch(`http://127.0.0.1:8105/api/v1/mailbox/${otpEmail}`)).json() as Array<{ id: string }>
  const msg = await (await fetch(`http://127.0.0.1:8105/api/v1/mailbox/${otpEmail}/${box.at(-1)!.id}`)).json() as { body: { text: string } }
  const code = /\b([A-Z0-9]{6})\b/.exec(msg.body.text)?.[1]
  console.log("OTP mail:", msg.body.text.slice(0, 300), "code:", code)
  await page.getByTestId("field-otp-code").fill(code!)
  await page.getByTestId("otp-sign-in-submit").click()
  await page.getByTestId("home-user").waitFor({ timeout: 15000 })
  console.log("OTP HOME:", await page.getByTestId("home-user").textContent())
} catch (e) {
  console.log("FAILED", e)
  console.log(page.url())
  console.log((await page.innerText("body")).slice(0, 1500))
} finally {
  console.log(logs.join("\n"))
  await browser.close()
}
