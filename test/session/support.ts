/**
 * Helpers for the session tests: unsigned JWTs (the client never checks signatures), a user
 * signed in at the in-process emulator, and a wait for work that crosses promises.
 */
import * as Effect from "effect/Effect"
import { UnsecuredJWT } from "jose"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import * as Seeds from "../../packages/emulator/src/Seeds.ts"
import * as Sessions from "../../packages/emulator/src/internal/model/SessionRules.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"

/** An unsigned JWT for `sub` expiring at `expMillis`. */
export const jwt = (sub: string, expMillis: number, jti = "t0"): string =>
  new UnsecuredJWT({ sub, jti }).setIssuedAt(0).setExpirationTime(Math.floor(expMillis / 1000)).encode()

/** The SDK configured for the emulator's demo project. */
export const emulatorConfig = StackConfig.make({
  projectId: Seeds.demoProject.projectId,
  publishableClientKey: Seeds.demoProject.publishableClientKey,
  baseUrl: "http://localhost:8102"
})

/** Creates a user with a session at the emulator; its access token lives 10 minutes. */
export const signedInUser = Effect.gen(function*() {
  const emulator = yield* Emulator
  return yield* emulator.run(Effect.gen(function*() {
    const user = yield* Users.create({ projectId: Seeds.demoProject.projectId, displayName: "Ada" })
    return yield* Sessions.create({ projectId: user.projectId, userId: user.id, baseUrl: emulator.baseUrl })
  })).pipe(Effect.orDie)
})

/** Ends the emulator's session (as another device's sign-out would): its refresh token stops working. */
export const endSession = (sessionId: string) =>
  Effect.flatMap(Emulator, (emulator) => emulator.run(Sessions.remove(Seeds.demoProject.projectId, sessionId)))

/** How many requests the emulator received for this method and path (under /api/v1). */
export const count = (method: string, path: string) => Effect.flatMap(Emulator, (e) => e.requests.count({ method, path }))

/** Refresh requests received by the emulator. */
export const refreshes = count("POST", "/auth/oauth/token")

/**
 * Waits (macrotask turns, no timers) until `check` holds: the refresh crosses promises
 * (oauth4webapi), so fibers alone cannot tell when it reached the emulator.
 */
export const eventually = <R>(check: Effect.Effect<boolean, never, R>): Effect.Effect<void, never, R> =>
  Effect.gen(function*() {
    for (let turn = 0; turn < 10_000; turn++) {
      if (yield* check) return
      yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
    }
    return yield* Effect.die(new Error("condition never held"))
  })
