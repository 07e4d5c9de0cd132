/**
 * Steps the browser flows share: what a person does in the example app (sign up, sign in with a
 * password, sign out) and what they read (the newest mail, an element's text), as Effects.
 */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"
import type { Mail } from "../../packages/emulator/src/EmulatorState.ts"
import * as MailModule from "../../packages/emulator/src/Mail.ts"
import { Harness } from "./harness.ts"

/** The password every flow's users sign up with. */
export const password = "correct horse battery"

/** One browser action; a failure fails the flow with Playwright's message. */
export const ui = <A>(action: () => Promise<A>): Effect.Effect<A> => Effect.promise(action)

/** An address no other flow (or earlier run against the same emulator) uses. */
export const uniqueEmail = (name: string): string =>
  `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Waits until the element with `testId` shows (within the context's action timeout, or `timeout` ms). */
export const see = (page: Page, testId: string, timeout?: number): Effect.Effect<void> =>
  ui(() => page.getByTestId(testId).waitFor(timeout === undefined ? {} : { timeout }))

/** The text of the element with `testId`, once it shows. */
export const textOf = (page: Page, testId: string): Effect.Effect<string> =>
  ui(async () => (await page.getByTestId(testId).textContent()) ?? "")

/** The home page shows `email` signed in, with their teams loaded (a settled page). */
export const seeSignedIn = (page: Page, email: string): Effect.Effect<void> =>
  Effect.gen(function*() {
    assert.include(yield* textOf(page, "home-user"), email)
    yield* ui(() => page.getByTestId("home-teams").or(page.getByTestId("home-no-teams")).waitFor())
  })

/** Signs up from the home page with e-mail and password; ends on the signed-in home page. */
export const signUp = (page: Page, email: string): Effect.Effect<void> =>
  ui(async () => {
    await page.getByTestId("home-sign-up").click()
    await page.getByTestId("field-email").fill(email)
    await page.getByTestId("field-password").fill(password)
    await page.getByTestId("field-repeat-password").fill(password)
    await page.getByTestId("sign-up-submit").click()
    await page.getByTestId("home-user").waitFor()
  })

/** Fills and submits the sign-in page's password form (the page must be showing). */
export const submitPassword = (page: Page, email: string, secret = password): Effect.Effect<void> =>
  ui(async () => {
    await page.getByTestId("field-email").fill(email)
    await page.getByTestId("field-password").fill(secret)
    await page.getByTestId("password-sign-in-submit").click()
  })

/** Signs out through the home page's link; ends on the signed-out home page. */
export const signOut = (page: Page): Effect.Effect<void> =>
  ui(async () => {
    await page.getByTestId("nav-home").click()
    await page.getByTestId("home-sign-out").click()
    await page.getByTestId("home-signed-out").waitFor()
  })

/** The newest mail to an address (the emulator sends it before it answers the request). */
export const latestMail = (address: string): Effect.Effect<Mail, never, Harness> =>
  Effect.flatMap(Harness, (h) => h.emulator.mailbox.latest(address)).pipe(
    Effect.flatMap((mail) => mail === undefined ? Effect.die(new Error(`no mail to ${address}`)) : Effect.succeed(mail))
  )

/** The one-time code a person types, from the newest sign-in mail to an address. */
export const signInCodeFor = (address: string): Effect.Effect<string, never, Harness> =>
  Effect.flatMap(latestMail(address), (mail) => {
    const code = MailModule.otpOf(mail) // either form: the development form's variables, or a rendered mail
    return code === undefined ? Effect.die(new Error(`no code in the mail to ${address}`)) : Effect.succeed(code)
  })

/** The first link of the newest mail to an address. */
export const linkFor = (address: string): Effect.Effect<string, never, Harness> =>
  Effect.flatMap(latestMail(address), (mail) => {
    const link = MailModule.linkOf(mail)
    return link === undefined ? Effect.die(new Error(`no link in the mail to ${address}`)) : Effect.succeed(link)
  })

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/** axe-core's serious and critical violations on the page, one line each. */
export const axeViolations = (page: Page): Effect.Effect<ReadonlyArray<string>> =>
  ui(async () => {
    await page.addScriptTag({ content: axeSource })
    return page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run: (o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }> } }).axe
      const result = await axe.run({ resultTypes: ["violations"] })
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`)
    })
  })

/** The `data-testid` of the focused element (else its tag name). */
export const focused = (page: Page): Effect.Effect<string> =>
  ui(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName ?? ""))

/** Presses Tab until the element with `testId` has the focus (at most 60 times). */
export const tabTo = (page: Page, testId: string): Effect.Effect<void> =>
  Effect.gen(function*() {
    for (let i = 0; i < 60; i++) {
      yield* ui(() => page.keyboard.press("Tab"))
      if ((yield* focused(page)) === testId) return
    }
    return yield* Effect.die(new Error(`Tab never reached ${testId}`))
  })

/** Waits until nothing on the page says it is still loading (spinners with `aria-busy`). */
export const settled = (page: Page): Effect.Effect<void> =>
  ui(() => page.locator("[role='status'][aria-busy='true']").first().waitFor({ state: "detached" }).catch(() => undefined))
