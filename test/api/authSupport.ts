/**
 * Helpers for the sign-in tests: project config switches, the newest mail of an address, users
 * created at the state level, and a fresh emulator per test.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import type { Mail, ProjectConfig, User } from "../../packages/emulator/src/EmulatorState.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import * as MailModule from "../../packages/emulator/src/Mail.ts"
import * as Passwords from "../../packages/emulator/src/internal/model/PasswordRules.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

/** A fresh emulator and a client app of its demo project, for one test. */
export const freshClient = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.provide(TestApps.client().pipe(Layer.provideMerge(Emulator.layer))))

/** Changes the demo project's config. */
export const setConfig = (patch: Partial<ProjectConfig>) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    yield* emulator.run(EmulatorState.update((state) => ({
      ...state,
      projects: Table.modify(state.projects, emulator.demoProject.projectId, (project) => ({
        ...project,
        config: { ...project.config, ...patch }
      }))
    })))
  })

/** The newest mail to an address; fails the test when there is none. */
export const latestMail = (address: string) =>
  Effect.gen(function*() {
    const mail = yield* (yield* Emulator.Emulator).mailbox.latest(address)
    if (mail === undefined) return yield* Effect.die(new Error(`no mail to ${address}`))
    return mail
  })

/** The code of the newest mail's link. */
export const latestCode = (address: string) =>
  Effect.map(latestMail(address), (mail: Mail) => MailModule.codeOf(mail) ?? "")

/** Creates a demo-project user with a verified auth e-mail and a password (state level). */
export const createPasswordUser = (options: {
  readonly email: string
  readonly password: string
  readonly verified?: boolean
  readonly totpSecretBase64?: string
}): Effect.Effect<User, never, Emulator.Emulator> =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    return yield* emulator.run(Effect.gen(function*() {
      return yield* Users.create({
        projectId: emulator.demoProject.projectId,
        primaryEmail: options.email,
        primaryEmailVerified: options.verified ?? true,
        primaryEmailAuthEnabled: true,
        passwordHash: yield* Passwords.hash(options.password),
        totpSecretBase64: options.totpSecretBase64 ?? null
      })
    }).pipe(Effect.orDie))
  })

/** A user's row in the emulator. */
export const userRow = (userId: string) =>
  Effect.gen(function*() {
    const state = yield* (yield* Emulator.Emulator).run(EmulatorState.get)
    return Table.get(state.users, userId)
  })

/** A random TOTP secret, base64 (what `totp_secret_base64` carries). */
export const newTotpSecret = (): string => {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}
