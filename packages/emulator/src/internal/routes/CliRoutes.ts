/**
 * Command-line login: `POST /auth/cli` starts a login (answers
 * `polling_code`, `login_code`, `expires_at`); the CLI polls `POST /auth/cli/poll` (`waiting`,
 * `expired`, `used`, or `success` with HTTP 201 and the refresh token, once); the confirmation page
 * completes it with `POST /auth/cli/complete` (`login_code`, the browser session's `refresh_token`).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidPollingCodeError } from "stack-auth-effect/KnownErrors"
import type { CliLogin } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Sessions from "../model/SessionRules.ts"
import * as Table from "../state/Table.ts"

/** Default lifetime of a CLI login: 2 hours. */
export const defaultLifetimeMillis = 2 * 60 * 60 * 1000
/** Longest lifetime the service accepts: 24 hours. */
export const maxLifetimeMillis = 24 * 60 * 60 * 1000

const StartBody = Schema.Struct({
  expires_in_millis: Schema.optional(Schema.Number.check(Schema.isLessThanOrEqualTo(maxLifetimeMillis)))
})
const PollBody = Schema.Struct({ polling_code: Schema.String })
const CompleteBody = Schema.Struct({
  login_code: Schema.String,
  mode: Schema.optional(Schema.Literals(["check", "claim-anon-session", "complete"])),
  refresh_token: Schema.optional(Schema.String)
})

const invalidLoginCode = () => new Responses.StatusFailure({ status: 400, message: "Invalid login code or the code has expired" })

const pollAnswer = (status: "waiting" | "success" | "expired" | "used", refreshToken?: string) =>
  Responses.json({ status, ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }) }, status === "success" ? 201 : 200)

/** CLI login routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/cli", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(StartBody, body)
      const now = yield* Clock.currentTimeMillis
      const login: CliLogin = {
        id: crypto.randomUUID(),
        projectId: auth.project.id,
        pollingCode: Mfa.newCode(),
        loginCode: Mfa.newCode(),
        refreshToken: null,
        createdAtMillis: now,
        expiresAtMillis: now + (input.expires_in_millis ?? defaultLifetimeMillis),
        usedAtMillis: null
      }
      yield* EmulatorState.update((state) => ({ ...state, cliLogins: Table.put(state.cliLogins, login.id, login) }))
      return Responses.json({
        polling_code: login.pollingCode,
        login_code: login.loginCode,
        expires_at: new Date(login.expiresAtMillis).toISOString()
      })
    })),

  Router.post("/auth/cli/poll", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(PollBody, body)
      const now = yield* Clock.currentTimeMillis
      return yield* EmulatorState.transact((state) => {
        const login = Table.find(state.cliLogins, (l) => l.projectId === auth.project.id && l.pollingCode === input.polling_code)
        // the service sends this error without details
        if (login === undefined) return Effect.fail(new InvalidPollingCodeError({}))
        if (login.expiresAtMillis < now) return Effect.succeed([pollAnswer("expired"), state] as const)
        if (login.usedAtMillis !== null) return Effect.succeed([pollAnswer("used"), state] as const)
        if (login.refreshToken === null) return Effect.succeed([pollAnswer("waiting"), state] as const)
        const used = { ...login, usedAtMillis: now }
        return Effect.succeed([
          pollAnswer("success", login.refreshToken),
          { ...state, cliLogins: Table.put(state.cliLogins, login.id, used) }
        ] as const)
      })
    })),

  Router.post("/auth/cli/complete", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(CompleteBody, body)
      const now = yield* Clock.currentTimeMillis
      return yield* EmulatorState.transact((state): Effect.Effect<readonly [Response, EmulatorState.State], Responses.StatusFailure> => {
        const login = Table.find(state.cliLogins, (l) => l.projectId === auth.project.id && l.loginCode === input.login_code)
        if (login === undefined || login.refreshToken !== null || login.usedAtMillis !== null || login.expiresAtMillis < now) {
          return Effect.fail(invalidLoginCode())
        }
        const mode = input.mode ?? "complete"
        if (mode === "check") return Effect.succeed([Responses.json({ cli_session_state: "none" }), state] as const)
        if (mode === "claim-anon-session") {
          return Effect.fail(new Responses.StatusFailure({ status: 400, message: "No anonymous session associated with this code" }))
        }
        if (input.refresh_token === undefined) {
          return Effect.fail(new Responses.StatusFailure({ status: 400, message: "refresh_token is required when mode is 'complete'" }))
        }
        if (Sessions.findByRefreshToken(state, auth.project.id, input.refresh_token, now) === undefined) {
          return Effect.fail(new Responses.StatusFailure({ status: 400, message: "Invalid refresh token" }))
        }
        const completed = { ...login, refreshToken: input.refresh_token }
        return Effect.succeed([Responses.success(), { ...state, cliLogins: Table.put(state.cliLogins, login.id, completed) }] as const)
      })
    }))
]
