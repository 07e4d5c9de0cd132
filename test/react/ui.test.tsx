/**
 * The design system: the messages table covers every failure of every call a component makes
 * (at the type level, and with human sentences), the primitives' states (busy, error, offline,
 * unreachable, retry), the theme (scoped root, one injected style sheet, the app's variables)
 * and the confirmation dialog.
 */
import { assert, describe, it } from "@effect/vitest"
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import { type ReactNode, useState } from "react"
import { renderToString } from "react-dom/server"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { afterEach } from "vitest"
import { defaultMessages, type ErrorTag, errorMessage, mergeMessages } from "../../packages/react/src/messages.ts"
import { ErrorBoundary, ErrorState } from "../../packages/react/src/ui/ErrorBoundary.tsx"
import { Button, ConfirmDialog, ErrorAlert, Field, initials, Tabs } from "../../packages/react/src/ui/primitives.tsx"
import { knownProviders, providerName } from "../../packages/react/src/ui/ProviderIcons.tsx"
import { StackTheme, ThemeRoot, useMessages } from "../../packages/react/src/ui/Theme.tsx"
import {
  ConnectionError,
  HttpError,
  OfflineError,
  StackTransportError,
  TimeoutError
} from "../../packages/sdk/src/transport/TransportErrors.ts"

afterEach(() => cleanup())

// Type level: the table's keys are exactly the failures' tags (a missing or extra key fails `npm run typecheck`).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const tableIsExhaustive: Exact<keyof typeof defaultMessages.errors, ErrorTag> = true

const connectionError = () =>
  new StackTransportError({
    reason: new ConnectionError({ method: "GET", path: "/projects/current", reason: "ECONNREFUSED", attempts: 3, diagnostics: [] })
  })

describe("messages table", () => {
  it("has a human sentence for every failure of every call a component makes", () => {
    assert.isTrue(tableIsExhaustive)
    const entries = Object.entries(defaultMessages.errors)
    assert.isAbove(entries.length, 40)
    for (const [tag, sentence] of entries) {
      assert.match(sentence, /^[A-Z].*[.!]$/, `${tag} has a sentence`)
      assert.notMatch(sentence, /HTTP|[{}[\]]|_/, `${tag} shows no protocol text`)
    }
  })

  it("answers a failure by its tag, and a tagless one with the generic sentence", () => {
    assert.strictEqual(errorMessage(defaultMessages, connectionError()), defaultMessages.errors.ConnectionError)
    assert.strictEqual(errorMessage(defaultMessages, new Error("boom")), defaultMessages.unexpectedError)
    assert.strictEqual(errorMessage(defaultMessages, { _tag: "SomethingNew" }), defaultMessages.unexpectedError)
  })

  it("answers a transport failure by its reason, each with its own sentence", () => {
    const timeout = new StackTransportError({ reason: new TimeoutError({ method: "GET", path: "/users/me", timeoutMillis: 30_000, limit: "attempt" }) })
    const status = new StackTransportError({ reason: new HttpError({ method: "GET", path: "/users/me", status: 500, body: "boom" }) })
    assert.strictEqual(errorMessage(defaultMessages, timeout), defaultMessages.errors.TimeoutError)
    assert.strictEqual(errorMessage(defaultMessages, status), defaultMessages.errors.HttpError)
    assert.notStrictEqual(defaultMessages.errors.TimeoutError, defaultMessages.errors.HttpError)
    assert.notInclude(Object.keys(defaultMessages.errors), "StackTransportError", "keyed by reason, not by the one class")
    // an app's override of one reason's sentence is the one shown
    assert.strictEqual(errorMessage(mergeMessages(defaultMessages, { errors: { TimeoutError: "Too slow." } }), timeout), "Too slow.")
    // a reason this version does not know gets the generic sentence
    assert.strictEqual(errorMessage(defaultMessages, { _tag: "StackTransportError", reason: { _tag: "SomethingNew" } }), defaultMessages.unexpectedError)
  })

  it("takes an app's overrides section by section, keeping the rest", () => {
    const merged = mergeMessages(defaultMessages, { signIn: { title: "Anmelden" }, errors: { EmailPasswordMismatch: "Falsch." } })
    assert.strictEqual(merged.signIn.title, "Anmelden")
    assert.strictEqual(merged.signIn.submit, defaultMessages.signIn.submit)
    assert.strictEqual(merged.errors.EmailPasswordMismatch, "Falsch.")
    assert.strictEqual(merged.errors.InvalidTotpCode, defaultMessages.errors.InvalidTotpCode)
  })

  it("reaches components through StackTheme", () => {
    function Title(): ReactNode {
      return <p data-testid="title">{useMessages().signIn.title}</p>
    }
    render(<StackTheme messages={{ signIn: { title: "Connexion" } }}><Title /></StackTheme>)
    assert.strictEqual(screen.getByTestId("title").textContent, "Connexion")
  })
})

describe("theme", () => {
  it("scopes everything under a sae-root that carries the app's variables and chosen theme", () => {
    render(
      <StackTheme appearance={{ theme: "dark", variables: { colorPrimary: "#e11d48", borderRadius: "2px" } }}>
        <ThemeRoot testId="root"><Button>Go</Button></ThemeRoot>
      </StackTheme>
    )
    const root = screen.getByTestId("root")
    assert.strictEqual(root.className, "sae-root")
    assert.strictEqual(root.dataset.saeTheme, "dark")
    assert.strictEqual(root.style.getPropertyValue("--sae-primary"), "#e11d48")
    assert.strictEqual(root.style.getPropertyValue("--sae-radius"), "2px")
  })

  it("follows the system's colour scheme unless the app picks one", () => {
    render(<ThemeRoot testId="root" />)
    assert.isUndefined(screen.getByTestId("root").dataset.saeTheme)
  })

  it("injects its style sheet once however many roots render, also on the server", () => {
    render(<><ThemeRoot /><ThemeRoot /></>)
    assert.strictEqual(document.querySelectorAll("style[data-href='stack-auth-effect'], style[href='stack-auth-effect']").length, 1)
    const html = renderToString(<><ThemeRoot /><ThemeRoot /></>)
    assert.strictEqual(html.split(".sae-root {").length - 1, 1)
  })

  it("has no class outside the sae- prefix", async () => {
    const { styles } = await import("../../packages/react/src/ui/styles.ts")
    const classes = [...styles.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]!)
    assert.deepStrictEqual(classes.filter((c) => !c.startsWith("sae-")), [])
  })
})

describe("primitives", () => {
  it("a busy button spins, says what it does, is aria-busy and cannot be clicked again", () => {
    let clicks = 0
    render(<Button busy busyText="Signing in…" onClick={() => clicks++} testId="b">Sign in</Button>)
    const button = screen.getByTestId("b")
    assert.strictEqual(button.getAttribute("aria-busy"), "true")
    assert.isTrue((button as HTMLButtonElement).disabled)
    assert.strictEqual(button.textContent, "Signing in…")
    assert.isNotNull(button.querySelector(".sae-spinner"))
    fireEvent.click(button)
    assert.strictEqual(clicks, 0)
  })

  it("a field ties its error to the input and hides the hint while it shows", () => {
    render(<Field label="Password" name="password" value="" onChange={() => undefined} hint="At least 8." error="Too short." />)
    const input = screen.getByTestId("field-password")
    assert.strictEqual(input.getAttribute("aria-invalid"), "true")
    assert.strictEqual(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent, "Too short.")
    assert.isNull(screen.queryByText("At least 8."))
  })

  it("an error alert shows the human sentence, the details for developers, and a retry", () => {
    let retried = 0
    render(<ErrorAlert error={connectionError()} onRetry={() => retried++} />)
    const alert = screen.getByTestId("form-error")
    assert.include(alert.textContent, defaultMessages.common.unreachableTitle)
    assert.include(alert.textContent, defaultMessages.errors.ConnectionError)
    assert.include(alert.querySelector("details")!.textContent, "ECONNREFUSED")
    assert.include(alert.querySelector("details")!.textContent, "StackTransportError (ConnectionError)")
    assert.strictEqual(alert.dataset.errorTag, "ConnectionError")
    fireEvent.click(screen.getByTestId("retry"))
    assert.strictEqual(retried, 1)
  })

  it("tells offline apart from an unreachable service", () => {
    render(<ErrorState error={new StackTransportError({ reason: new OfflineError({ method: "GET", path: "/x" }) })} />)
    assert.include(screen.getByTestId("error-state").textContent, defaultMessages.common.offlineTitle)
    cleanup()
    render(<ErrorState error={connectionError()} />)
    assert.include(screen.getByTestId("error-state").textContent, defaultMessages.common.unreachableTitle)
  })

  it("the error boundary shows a thrown failure with retry, and retry renders the children again", () => {
    let fail = true
    function Flaky(): ReactNode {
      if (fail) throw connectionError()
      return <p data-testid="content">Loaded</p>
    }
    const error = console.error
    console.error = () => undefined
    try {
      render(<ErrorBoundary><Flaky /></ErrorBoundary>)
    } finally {
      console.error = error
    }
    assert.include(screen.getByTestId("error-state").textContent, defaultMessages.common.unreachableTitle)
    fail = false
    fireEvent.click(screen.getByTestId("retry"))
    assert.strictEqual(screen.getByTestId("content").textContent, "Loaded")
  })

  it("tabs move with the arrow keys and mark the selected one", () => {
    function Both(): ReactNode {
      const [tab, setTab] = useState<"password" | "code">("password")
      return <Tabs label="Method" idPrefix="t" tabs={[{ id: "password", label: "Password" }, { id: "code", label: "Code" }]} selected={tab} onSelect={setTab} />
    }
    render(<Both />)
    fireEvent.keyDown(screen.getByTestId("tab-password"), { key: "ArrowRight" })
    assert.strictEqual(screen.getByTestId("tab-code").getAttribute("aria-selected"), "true")
    assert.strictEqual(screen.getByTestId("tab-code").tabIndex, 0)
    assert.strictEqual(screen.getByTestId("tab-password").tabIndex, -1)
  })

  it("the confirmation dialog confirms or cancels", async () => {
    const calls: Array<string> = []
    function Ask(): ReactNode {
      const [open, setOpen] = useState(true)
      return (
        <ConfirmDialog open={open} title="Remove e-mail?" confirmLabel="Remove" danger onConfirm={() => calls.push("ok")} onCancel={() => {
          calls.push("cancel")
          setOpen(false)
        }} />
      )
    }
    render(<Ask />)
    await act(async () => undefined)
    fireEvent.click(screen.getByTestId("confirm-confirm"))
    fireEvent.click(screen.getByTestId("confirm-cancel"))
    assert.deepStrictEqual(calls, ["ok", "cancel"])
    assert.isNull(screen.queryByTestId("confirm-confirm"))
  })

  it("names the protocol's providers properly and makes initials", () => {
    assert.strictEqual(providerName("github"), "GitHub")
    assert.strictEqual(providerName("linkedin"), "LinkedIn")
    assert.strictEqual(providerName("acme"), "Acme")
    assert.includeMembers([...knownProviders], ["google", "github", "microsoft", "apple", "discord", "gitlab", "bitbucket", "x"])
    assert.strictEqual(initials("Ada Lovelace"), "AL")
    assert.strictEqual(initials("ada@example.com"), "A")
  })
})

describe("handler pages when the service cannot be reached", () => {
  it("show a human unreachable state with retry instead of a blank page, and retry loads the page", async () => {
    const { StackProvider } = await import("../../packages/react/src/StackProvider.tsx")
    const { StackHandler } = await import("../../packages/react/src/handler/StackHandler.tsx")
    const StackRuntime = await import("../../packages/react/src/StackRuntime.ts")
    const Emulator = await import("../../packages/emulator/src/Emulator.ts")
    const { HttpTransport, TransportFailure } = await import("../../packages/sdk/src/transport/HttpTransport.ts")
    const StackClientApp = await import("../../packages/sdk/src/apps/StackClientApp.ts")
    const { TestClock } = await import("effect/testing")
    const { renderAsync } = await import("./support.tsx")
    let reachable = false
    // the emulator behind a cable we can pull
    const cable = Layer.effect(HttpTransport, Effect.map(Emulator.Emulator, (emulator) => {
      const through = Emulator.transport(emulator)
      return HttpTransport.of({
        send: (request) => reachable ? through.send(request) : Effect.fail(new TransportFailure({ reason: "ECONNREFUSED" }))
      })
    }))
    // the demo project's client app on the transport above (test apps would route around the cable)
    const app = Layer.unwrap(Effect.map(Emulator.Emulator, (emulator) =>
      StackClientApp.layer({
        projectId: emulator.demoProject.projectId,
        publishableClientKey: emulator.demoProject.publishableClientKey,
        baseUrl: emulator.baseUrl
      }).pipe(Layer.orDie)))
    const runtime = ManagedRuntime.make(
      StackRuntime.makeLayer(app, { navigate: () => () => undefined }).pipe(
        Layer.provideMerge(cable),
        Layer.provideMerge(Emulator.layer),
        Layer.provideMerge(TestClock.layer())
      )
    )
    const error = console.error
    console.error = () => undefined
    try {
      await renderAsync(<StackProvider runtime={runtime}><StackHandler location="/handler/sign-in" /></StackProvider>)
      for (let i = 0; i < 40 && screen.queryByTestId("error-state") === null; i++) {
        await act(async () => {
          await runtime.runPromise(TestClock.adjust(5_000))
          await new Promise((resolve) => setTimeout(resolve, 25))
        })
      }
      const state = await screen.findByTestId("error-state")
      assert.include(state.textContent, defaultMessages.common.unreachableTitle)
      assert.strictEqual(state.dataset.errorTag, "ConnectionError")
      reachable = true
      await act(async () => fireEvent.click(screen.getByTestId("retry")))
      await screen.findByTestId("page-sign-in", {}, { timeout: 5000 })
    } finally {
      console.error = error
      cleanup()
      await runtime.dispose()
    }
  })
})

describe("new password fields", () => {
  it("forget a field's problem once the user edits that field, and keep the other's", async () => {
    const { NewPasswordFields, useNewPassword } = await import("../../packages/react/src/components/internal/NewPasswordFields.tsx")
    function Harness(): ReactNode {
      const state = useNewPassword()
      return (
        <StackTheme>
          <NewPasswordFields state={state} label="Choose one" repeatLabel="Repeat" />
          <button type="button" onClick={() => state.check(defaultMessages)}>check</button>
        </StackTheme>
      )
    }
    render(<Harness />)
    fireEvent.change(screen.getByLabelText("Choose one"), { target: { value: "short" } })
    fireEvent.change(screen.getByLabelText("Repeat"), { target: { value: "other" } })
    fireEvent.click(screen.getByText("check"))
    assert.isNotNull(screen.queryByText(defaultMessages.password.tooShort(8)))
    assert.isNotNull(screen.queryByText(defaultMessages.signUp.passwordsDiffer))
    fireEvent.change(screen.getByLabelText("Choose one"), { target: { value: "abc" } })
    assert.isNull(screen.queryByText(defaultMessages.password.tooShort(8)))
    assert.isNotNull(screen.queryByText(defaultMessages.signUp.passwordsDiffer))
    fireEvent.change(screen.getByLabelText("Repeat"), { target: { value: "abc" } })
    assert.isNull(screen.queryByText(defaultMessages.signUp.passwordsDiffer))
  })
})
