import { assert, describe, it } from "@effect/vitest"
import { fireEvent, screen, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import * as OTPAuth from "otpauth"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import { afterEach } from "vitest"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import { ConnectionError, OfflineError, StackTransportError } from "../../packages/sdk/src/transport/TransportErrors.ts"
import { PasswordConfirmationMismatch, PasswordTooShort } from "../../packages/sdk/src/protocol/KnownErrors.ts"
import { AccountSettings, routeOf } from "../../packages/react/src/account/AccountSettings.tsx"
import { defaultMessages, errorMessage, mergeMessages } from "../../packages/react/src/messages.ts"
import { describeUserAgent, Loaded, relativeTime } from "../../packages/react/src/account/internal/parts.tsx"
import { ErrorAlert } from "../../packages/react/src/ui/primitives.tsx"
import { locksOut, type SignInState, signInMethods } from "../../packages/react/src/account/internal/signInMethods.ts"
import { groupKey, isValidFirstCode } from "../../packages/react/src/account/internal/TwoFactorSection.tsx"
import { StackProvider } from "../../packages/react/src/StackProvider.tsx"
import type { QueryResult } from "../../packages/react/src/useQuery.ts"
import { freshEmail, makeRuntime, renderAsync } from "./support.tsx"

const password = "correct horse battery"
let runtimes: Array<ReturnType<typeof makeRuntime>> = []
afterEach(async () => {
  for (const t of runtimes) await t.dispose()
  runtimes = []
})

const result = <A,>(over: Partial<QueryResult<A, unknown>>): QueryResult<A, unknown> => ({
  data: undefined,
  error: undefined,
  isLoading: false,
  isFetching: false,
  refresh: () => {},
  ...over
})

const state = (over: Partial<SignInState> = {}): SignInState => ({
  user: { hasPassword: true, otpAuthEnabled: false, passkeyAuthEnabled: false },
  config: { credentialEnabled: true, magicLinkEnabled: false, passkeyEnabled: true },
  channels: [{ id: "a", value: "a@example.com", usedForAuth: true }],
  oauthAccounts: [],
  ...over
})

describe("self lock-out rules", () => {
  it("the only address used for sign-in cannot be removed", () => {
    assert.isTrue(locksOut(state(), { _tag: "Email", channelId: "a" }))
  })

  it("an address can go once another address signs in (the issue's flow: a second verified primary address)", () => {
    const s = state({ channels: [{ id: "a", value: "a@example.com", usedForAuth: true }, { id: "b", value: "b@example.com", usedForAuth: true }] })
    assert.isFalse(locksOut(s, { _tag: "Email", channelId: "a" }))
  })

  it("a second address that does not sign in does not count: removing the original would lock out", () => {
    const s = state({ channels: [{ id: "a", value: "a@example.com", usedForAuth: true }, { id: "b", value: "b@example.com", usedForAuth: false }] })
    assert.isTrue(locksOut(s, { _tag: "Email", channelId: "a" }))
  })

  it("a passkey or a linked account that signs in keeps the user able to sign in", () => {
    assert.isFalse(locksOut(state({ user: { hasPassword: true, otpAuthEnabled: false, passkeyAuthEnabled: true } }), { _tag: "Email", channelId: "a" }))
    assert.isFalse(locksOut(state({ oauthAccounts: [{ id: "g", type: "github", allowSignIn: true }] }), { _tag: "Email", channelId: "a" }))
    assert.isTrue(locksOut(state({ oauthAccounts: [{ id: "g", type: "github", allowSignIn: false }] }), { _tag: "Email", channelId: "a" }))
  })

  it("the last passkey or linked account cannot be removed either", () => {
    const onlyPasskey = state({ channels: [], user: { hasPassword: false, otpAuthEnabled: false, passkeyAuthEnabled: true } })
    assert.isTrue(locksOut(onlyPasskey, { _tag: "Passkey" }))
    const onlyGithub = state({ channels: [], oauthAccounts: [{ id: "g", type: "github", allowSignIn: true }] })
    assert.isTrue(locksOut(onlyGithub, { _tag: "OAuth", accountId: "g" }))
  })

  it("addresses sign in with a password only when the user has one, or with a code when the project sends codes", () => {
    assert.deepStrictEqual(signInMethods(state({ user: { hasPassword: false, otpAuthEnabled: false, passkeyAuthEnabled: false } })), [])
    const codes = state({ user: { hasPassword: false, otpAuthEnabled: true, passkeyAuthEnabled: false }, config: { credentialEnabled: true, magicLinkEnabled: true, passkeyEnabled: false } })
    assert.deepStrictEqual(signInMethods(codes), [{ _tag: "Email", channelId: "a", address: "a@example.com" }])
  })
})

const messageFor = (error: unknown) => errorMessage(defaultMessages, error)

describe("account texts", () => {
  it("says a wrong current password as such, not as a mismatch of two new passwords", () => {
    assert.strictEqual(messageFor(new PasswordConfirmationMismatch({})), "Your current password is not right.")
    assert.notInclude(messageFor(new PasswordConfirmationMismatch({})), "two passwords")
  })

  it("gives human sentences for transport failures, never the protocol text", () => {
    const down = new StackTransportError({ reason: new ConnectionError({ method: "POST", path: "/contact-channels", reason: "ECONNREFUSED", attempts: 1, diagnostics: [] }) })
    assert.include(messageFor(down), "can't reach")
    assert.notInclude(messageFor(down), "POST")
    assert.include(messageFor(new StackTransportError({ reason: new OfflineError({ method: "GET", path: "/users/me" }) })), "offline")
    assert.include(messageFor(new PasswordTooShort({})), "at least 8")
  })

  it("an override replaces a sentence; an unknown failure gets the generic one", () => {
    const french = mergeMessages(defaultMessages, { errors: { PasswordTooShort: "Trop court." } })
    assert.strictEqual(errorMessage(french, new PasswordTooShort({})), "Trop court.")
    assert.strictEqual(errorMessage(french, new PasswordConfirmationMismatch({})), "Your current password is not right.")
    assert.strictEqual(messageFor(new Error("boom")), "Something went wrong. Please try again.")
  })

  it("every sentence is a sentence (no protocol codes, no empty texts)", () => {
    for (const [tag, text] of Object.entries(defaultMessages.errors)) {
      assert.match(text, /^[A-Z].*[.!]$/, tag)
      assert.notMatch(text, /[A-Z]{3,}_[A-Z]/, tag)
    }
  })

  it("times read as people say them", () => {
    const now = Date.UTC(2026, 0, 10, 12)
    assert.strictEqual(relativeTime(new Date(now - 10_000), now, "en"), "just now")
    assert.strictEqual(relativeTime(new Date(now - 3 * 3_600_000), now, "en"), "3 hours ago")
    assert.strictEqual(relativeTime(new Date(now - 86_400_000), now, "en"), "yesterday")
    assert.strictEqual(relativeTime(new Date(now + 2 * 86_400_000), now, "en"), "in 2 days")
  })

  it("names the browser and system of a user agent", () => {
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    assert.strictEqual(describeUserAgent(chrome), "Chrome on Linux")
    assert.strictEqual(describeUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605 Version/17.0 Mobile Safari/604.1"), "Safari on iOS")
    assert.isUndefined(describeUserAgent("curl/8.0"))
  })

  it("routes: each section by its fragment, a team's settings under #teams/<id>, the profile otherwise", () => {
    assert.deepStrictEqual(routeOf("#sessions"), { section: "sessions", teamId: undefined })
    assert.deepStrictEqual(routeOf("#teams/t-1"), { section: "teams", teamId: "t-1" })
    assert.deepStrictEqual(routeOf(""), { section: "profile", teamId: undefined })
    assert.deepStrictEqual(routeOf("#nonsense"), { section: "profile", teamId: undefined })
  })
})

describe("two-factor first code", () => {
  it("accepts the code of now and of one 30-second step either side, and nothing else", () => {
    const secret = new OTPAuth.Secret({ size: 20 })
    const now = Date.now()
    const at = (t: number) => OTPAuth.TOTP.generate({ secret, timestamp: t })
    assert.isTrue(isValidFirstCode(secret, at(now)))
    assert.isTrue(isValidFirstCode(secret, at(now - 30_000)))
    const far = at(now - 120_000)
    if (![at(now - 30_000), at(now), at(now + 30_000)].includes(far)) assert.isFalse(isValidFirstCode(secret, far))
    assert.isFalse(isValidFirstCode(secret, "12345"))
    assert.isFalse(isValidFirstCode(secret, "abcdef"))
  })

  it("groups the key by four for typing", () => {
    assert.strictEqual(groupKey("ABCDEFGHIJ"), "ABCD EFGH IJ")
  })
})

describe("account component states", () => {
  it("loading: a busy status with a spinner", async () => {
    await renderAsync(<Loaded result={result<ReadonlyArray<number>>({ isLoading: true })} testId="things">{() => "data"}</Loaded>)
    const status = screen.getByTestId("things-loading")
    assert.strictEqual(status.getAttribute("role"), "status")
    assert.strictEqual(status.getAttribute("aria-busy"), "true")
    assert.isNull(screen.queryByText("data"))
  })

  it("error: the human sentence, a retry that reloads, and the details folded away", async () => {
    let retried = 0
    const error = new StackTransportError({ reason: new ConnectionError({ method: "GET", path: "/auth/sessions", reason: "ECONNREFUSED", attempts: 3, diagnostics: [] }) })
    await renderAsync(<Loaded result={result<ReadonlyArray<number>>({ error, refresh: () => retried++ })} testId="things">{() => "data"}</Loaded>)
    const alert = screen.getByTestId("things-error")
    assert.strictEqual(alert.getAttribute("role"), "alert")
    assert.include(alert.textContent ?? "", defaultMessages.errors.ConnectionError)
    assert.notInclude(alert.querySelector("span:not(.sae-alert-title)")?.textContent ?? "", "/auth/sessions")
    assert.strictEqual(alert.querySelector("details")?.hasAttribute("open"), false)
    fireEvent.click(screen.getByTestId("retry"))
    assert.strictEqual(retried, 1)
  })

  it("offline: says so", async () => {
    await renderAsync(<ErrorAlert error={new StackTransportError({ reason: new OfflineError({ method: "GET", path: "/teams" }) })} />)
    assert.include(screen.getByTestId("form-error").textContent ?? "", "You are offline")
  })

  it("empty: a line saying there is nothing, not an empty table", async () => {
    await renderAsync(<Loaded result={result<ReadonlyArray<number>>({ data: [] })} testId="things" empty={(l) => l.length === 0} emptyText="No things yet.">{() => <table />}</Loaded>)
    assert.strictEqual(screen.getByTestId("things-empty").textContent, "No things yet.")
  })
})

describe("AccountSettings over the emulator", () => {
  const signedIn = async () => {
    const t = makeRuntime()
    runtimes.push(t)
    const email = freshEmail()
    await t.run(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
    return { t, email }
  }

  it("shows the section the fragment names, with a navigation list marking it", async () => {
    const { t } = await signedIn()
    await renderAsync(<StackProvider runtime={t.runtime}><AccountSettings section="sessions" /></StackProvider>)
    await screen.findByTestId("section-sessions")
    assert.strictEqual(screen.getByTestId("account-nav-sessions").getAttribute("aria-current"), "page")
    await waitFor(() => assert.strictEqual(screen.getAllByTestId("session").length, 1))
    assert.notMatch(screen.getByTestId("sessions").textContent ?? "", /\d{4}-\d{2}-\d{2}T/)
  })

  it("refuses to remove the last address used for sign-in and says why, without a request", async () => {
    const { t, email } = await signedIn()
    await renderAsync(<StackProvider runtime={t.runtime}><AccountSettings section="emails" /></StackProvider>)
    const row = await screen.findByTestId(`channel-${email}`)
    await waitFor(() => assert.isTrue((row.querySelector("[data-testid='channel-sign-in']") as HTMLInputElement).checked))
    const writes = () => t.run(Effect.flatMap(Emulator, (e) => e.requests.count({ method: "PATCH" })))
    const before = await writes()
    fireEvent.click(row.querySelector("[data-testid='channel-sign-in']")!)
    const refusal = await screen.findByTestId("lockout-refused")
    assert.include(refusal.textContent ?? "", "last way to sign in")
    assert.strictEqual(await writes(), before)
    assert.isTrue((row.querySelector("[data-testid='channel-sign-in']") as HTMLInputElement).checked)
  })

  it("an empty team name is refused before any request", async () => {
    const { t } = await signedIn()
    await renderAsync(<StackProvider runtime={t.runtime}><AccountSettings section="teams" /></StackProvider>)
    await screen.findByTestId("teams-empty")
    const before = await t.count("POST", "/api/v1/teams")
    fireEvent.submit(screen.getByTestId("create-team"))
    assert.strictEqual((await screen.findByTestId("error-team-name")).textContent, "Enter a team name.")
    assert.strictEqual(await t.count("POST", "/api/v1/teams"), before)
    // the counter does see a real creation
    fireEvent.change(screen.getByTestId("field-team-name"), { target: { value: "Real" } })
    fireEvent.submit(screen.getByTestId("create-team"))
    await screen.findByTestId("team-Real")
    assert.strictEqual(await t.count("POST", "/api/v1/teams"), before + 1)
  })

  it("two-factor stays off until a valid first code; a wrong one is refused", async () => {
    const { t } = await signedIn()
    await renderAsync(<StackProvider runtime={t.runtime}><AccountSettings section="two-factor" /></StackProvider>)
    fireEvent.click(await screen.findByTestId("mfa-enable"))
    const key = screen.getByTestId("totp-secret").getAttribute("data-secret")!
    assert.isNotNull(screen.getByTestId("totp-qr").getAttribute("src"))
    const secret = OTPAuth.Secret.fromBase32(key)
    const right = new OTPAuth.TOTP({ secret }).generate()
    fireEvent.change(screen.getByTestId("field-totp-setup-code"), { target: { value: right === "000000" ? "111111" : "000000" } })
    fireEvent.submit(screen.getByTestId("mfa-confirm"))
    await screen.findByTestId("error-totp-setup-code")
    const user = await t.run(Users.update({}))
    assert.isFalse(user.isMultiFactorRequired)
    fireEvent.change(screen.getByTestId("field-totp-setup-code"), { target: { value: right } })
    fireEvent.submit(screen.getByTestId("mfa-confirm"))
    await screen.findByTestId("mfa-enabled")
    assert.include(screen.getByTestId("mfa-state").textContent ?? "", "On")
  })
})
