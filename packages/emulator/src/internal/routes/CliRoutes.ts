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
import { InvalidPollingCodeError } from "stack-auth-effect/KnownErrors"
import type { CliLogin } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"

/** Default lifetime of a CLI login: 2 hours. */
export const defaultLifetimeMillis = 2 * 60 * 60 * 1000
/** Longest lifetime the service accepts: 24 hours. */
export const maxLifetimeMillis = 24 * 60 * 60 * 1000

// The service's request schemas, field for field (see RequestSchema for the rules): the start
// body may be left out; the expiry is a number (numeric text reads as one) of at most 24 hours.
const StartBody = RequestSchema.object({
  expires_in_millis: RequestSchema.number().maxValue(maxLifetimeMillis).withDefault(defaultLifetimeMillis)
}).withDefault({})
const PollBody = RequestSchema.object({ polling_code: RequestSchema.string().defined() }).defined()
const CompleteBody = RequestSchema.object({ login_code: RequestSchema.string().defined(), refresh_token: RequestSchema.string().defined() }).defined()

const invalidLoginCode = () => new Responses.StatusFailure({ status: 400, message: "Invalid login code or the code has expired" })

const pollAnswer = (status: "waiting" | "success" | "expired" | "used", refreshToken?: string) =>
  Responses.json({ status, ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }) }, status === "success" ? 201 : 200)

/** CLI login routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/cli", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", StartBody, body]], auth.user?.id)
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
      const { body: input } = yield* RequestSchema.check([["body", PollBody, body]], auth.user?.id)
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
      const { body: input } = yield* RequestSchema.check([["body", CompleteBody, body]], auth.user?.id)
      const now = yield* Clock.currentTimeMillis
      return yield* EmulatorState.transact((state): Effect.Effect<readonly [Response, EmulatorState.State], Responses.StatusFailure> => {
        // as the service: any unexpired, not yet completed login code of any project; the refresh
        // token is stored as it is (the CLI finds out whether it works when it uses it)
        const login = Table.find(state.cliLogins, (l) => l.loginCode === input.login_code)
        if (login === undefined || login.refreshToken !== null || login.expiresAtMillis <= now) {
          return Effect.fail(invalidLoginCode())
        }
        if (login.projectId !== auth.project.id) {
          return Effect.fail(new Responses.StatusFailure({ status: 400, message: "Project ID mismatch; please ensure that you are using the correct app url." }))
        }
        const completed = { ...login, refreshToken: input.refresh_token }
        return Effect.succeed([Responses.success(), { ...state, cliLogins: Table.put(state.cliLogins, login.id, completed) }] as const)
      })
    }))
]
