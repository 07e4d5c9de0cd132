/**
 * `GET /internal/metrics` (admin only): real counts from the
 * emulator's state. Days are UTC; the series cover the last 30 days and today. Activity is a
 * user's last activity (the emulator keeps no event history); countries are unknown.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Views from "../http/Views.ts"

const dayMillis = 24 * 60 * 60 * 1000
/** Days before today the series start. */
export const windowDays = 30

const day = (millis: number) => new Date(millis).toISOString().slice(0, 10)

const series = (todayStart: number, users: ReadonlyArray<User>, at: (user: User) => number) => {
  const counts = new Map<string, number>()
  for (const user of users) counts.set(day(at(user)), (counts.get(day(at(user))) ?? 0) + 1)
  return Array.from({ length: windowDays + 1 }, (_, i) => {
    const date = day(todayStart - (windowDays - i) * dayMillis)
    return { date, activity: counts.get(date) ?? 0 }
  })
}

/** The sign-in methods of a user, as the metrics name them. */
export const loginMethodsOf = (user: User): ReadonlyArray<string> => [
  ...user.oauthAccounts.map((a) => a.providerId.toLowerCase()),
  ...(user.passwordHash !== null ? ["password"] : []),
  ...(user.passkeyAuthEnabled ? ["passkey"] : []),
  ...(user.otpAuthEnabled ? ["otp"] : [])
]

/** Metrics routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/internal/metrics", "admin", ({ auth, query }) =>
    Effect.gen(function*() {
      const includeAnonymous = query.get("include_anonymous") === "true"
      const state = yield* EmulatorState.get
      const now = yield* Clock.currentTimeMillis
      const todayStart = Math.floor(now / dayMillis) * dayMillis
      const users = Table.filter(state.users, (u) => u.projectId === auth.project.id && (includeAnonymous || !u.isAnonymous))
      const newest = (at: (user: User) => number) =>
        [...users].sort((a, b) => at(b) - at(a) || a.id.localeCompare(b.id)).slice(0, 5).map((u) => Views.serverUser(state, u))
      const methods = new Map<string, number>()
      for (const user of users) for (const method of loginMethodsOf(user)) methods.set(method, (methods.get(method) ?? 0) + 1)
      return Responses.json({
        total_users: users.length,
        daily_users: series(todayStart, users, (u) => u.signedUpAtMillis),
        daily_active_users: series(todayStart, users, (u) => u.lastActiveAtMillis),
        users_by_country: {},
        recently_registered: newest((u) => u.signedUpAtMillis),
        recently_active: newest((u) => u.lastActiveAtMillis),
        login_methods: [...methods].sort(([a], [b]) => a.localeCompare(b)).map(([method, count]) => ({ method, count }))
      })
    }))
]
