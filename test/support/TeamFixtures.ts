/**
 * Test set-up for teams, permissions and API keys: users signed in through state-level set-up
 * (no sign-in call under test), several apps on one emulator, project config changes that are
 * undone after the test, and project permission definitions (their admin CRUD is tested elsewhere).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import type { ProjectConfig, User } from "../../packages/emulator/src/EmulatorState.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import { permissionKey } from "../../packages/emulator/src/EmulatorState.ts"
import * as Sessions from "../../packages/emulator/src/internal/model/SessionRules.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

let counter = 0

/** A fresh e-mail address (each emulator is shared by the tests of a file). */
export const freshEmail = (name: string): string => `${name}-${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`

/** A user of the demo project, created in the emulator's state. */
export const createUser = (name: string, options: { readonly displayName?: string } = {}) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    return yield* emulator.run(Users.create({
      projectId: emulator.demoProject.projectId,
      primaryEmail: freshEmail(name),
      primaryEmailAuthEnabled: true,
      displayName: options.displayName ?? null
    })).pipe(Effect.orDie)
  })

/** Creates a user and signs the current app's session in as them. */
export const signedIn = (name: string, options: { readonly displayName?: string } = {}): Effect.Effect<User, never, Emulator | Session.Session> =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    const user = yield* createUser(name, options)
    const tokens = yield* emulator.run(Sessions.create({ projectId: user.projectId, userId: user.id, baseUrl: emulator.baseUrl }))
    yield* (yield* Session.Session).setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })
    return user
  })

/** Runs effects in one app built once (its own session), e.g. a second user's client app. */
export type App<R> = <A, E>(effect: Effect.Effect<A, E, R | Emulator>) => Effect.Effect<A, E, Emulator>

/** Built with a memo map of its own, so it shares no Layer (token store, session) with other apps. */
const build = <R>(layer: Layer.Layer<R, never, Emulator>): Effect.Effect<App<R>, never, Emulator | Scope.Scope> =>
  Effect.gen(function*() {
    const memoMap = yield* Layer.makeMemoMap
    const context = yield* Layer.buildWithMemoMap(layer, memoMap, yield* Effect.scope)
    return (effect) => Effect.provide(effect, context) as never
  })

/** A client app of its own on the test's emulator. */
export const clientApp = () => build(TestApps.client())

/** A server app of its own on the test's emulator. */
export const serverApp = () => build(TestApps.server())

/** Changes the demo project's config for the rest of the test's scope (restored afterwards). */
export const withConfig = (patch: Partial<ProjectConfig>): Effect.Effect<void, never, Emulator | Scope.Scope> =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    const id = emulator.demoProject.projectId
    const setConfig = (f: (config: ProjectConfig) => ProjectConfig) =>
      emulator.run(EmulatorState.update((state) => ({
        ...state,
        projects: Table.modify(state.projects, id, (p) => ({ ...p, config: f(p.config) }))
      })))
    const before = Table.get((yield* emulator.state.get).projects, id)!.config
    yield* Effect.acquireRelease(setConfig((config) => ({ ...config, ...patch })), () => setConfig(() => before))
  })

/** Defines a permission of the demo project (what an admin does through the dashboard). */
export const definePermission = (scope: "team" | "project", id: string, containedPermissionIds: ReadonlyArray<string> = []) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    const projectId = emulator.demoProject.projectId
    const now = yield* Clock.currentTimeMillis
    yield* emulator.run(EmulatorState.update((state) => ({
      ...state,
      permissionDefinitions: Table.put(state.permissionDefinitions, permissionKey(projectId, scope, id), {
        projectId,
        scope,
        id,
        description: null,
        containedPermissionIds,
        createdAtMillis: now
      })
    })))
  })

/** The emulator's row of a user. */
export const userRow = (userId: string) => Effect.flatMap(Emulator, (emulator) => Effect.map(emulator.state.get, (s) => Table.get(s.users, userId)))
