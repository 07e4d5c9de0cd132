/**
 * Helpers of the account tests: a signed-up user per test, project config changes that are
 * undone afterwards, and the mailbox's latest code.
 */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import type { ProjectConfig, State } from "../../packages/emulator/src/EmulatorState.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"

/** A trusted callback (the demo project allows localhost). */
export const callbackUrl = "http://localhost:3000/handler/callback"

/** A password the service accepts. */
export const password = "a-long-password-1"

/** A fresh e-mail address. */
export const freshEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`

/** Signs up a fresh user with e-mail and password through the app's session. */
export const signUp = (email: string = freshEmail()) =>
  Effect.map(Auth.signUpWithPassword({ email, password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }), (result) => ({ email, userId: result.userId! }))

/** Runs `effect` with the demo project's config changed, restoring it afterwards. */
export const withConfig = <A, E, R>(patch: Partial<ProjectConfig>, effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    const id = emulator.demoProject.projectId
    const setConfig = (f: (config: ProjectConfig) => ProjectConfig) =>
      emulator.run(EmulatorState.update((state: State) => ({
        ...state,
        projects: Table.modify(state.projects, id, (p) => ({ ...p, config: f(p.config) }))
      })))
    const before = (yield* emulator.run(EmulatorState.get)).projects[id]!.config
    yield* setConfig((config) => ({ ...config, ...patch }))
    return yield* effect.pipe(Effect.ensuring(setConfig(() => before)))
  })

/** The `code` of the newest mail to an address. */
export const latestCode = (address: string) =>
  Effect.gen(function*() {
    const mail = yield* (yield* Emulator).mailbox.latest(address)
    assert.isDefined(mail, `no mail to ${address}`)
    const code = Mail.codeOf(mail!)
    assert.isDefined(code, "the mail has no link with a code")
    return code!
  })

/** How many requests the emulator saw with this method and API path. */
export const countRequests = (method: string, path: string) =>
  Effect.flatMap(Emulator, (emulator) => emulator.requests.count({ method, path }))
