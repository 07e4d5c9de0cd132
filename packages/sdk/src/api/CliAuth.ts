/**
 * Command-line login, both halves (`/auth/cli`, `/auth/cli/poll`, `/auth/cli/complete`):
 * the CLI starts a login, shows the confirmation URL and polls until the browser side confirms
 * ({@link promptCliLogin}); the confirmation page completes it with the browser session's refresh
 * token ({@link completeCliLogin}).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { KnownError, type UnknownErrorCode } from "../protocol/KnownError.ts"
import { SchemaError, CliAuthExpiredError, CliAuthUsedError, InvalidPollingCodeError } from "../protocol/KnownErrors.ts"
import { Navigation } from "../session/internal/NavigationService.ts"
import * as Session from "../session/Session.ts"
import * as Call from "../transport/Call.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import { NotSignedIn } from "./SignInOutcome.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** Wait between two polls: 2000 ms. */
export const pollWaitMillis = 2000
/** Polls before giving up: unlimited. */
export const defaultMaxAttempts = Number.POSITIVE_INFINITY
/** The confirmation page's path under the app's URL. */
export const confirmationPath = "/handler/cli-auth-confirm"

/** The URL the user opens to confirm a CLI login. */
export const loginUrl = (appUrl: string, loginCode: string): string =>
  `${appUrl}${confirmationPath}?login_code=${encodeURIComponent(loginCode)}`

/** The service refused to start the login. */
export class CliAuthInitiationFailed extends /*#__PURE__*/ Schema.TaggedError<CliAuthInitiationFailed>()("CliAuthInitiationFailed", {
  status: Schema.Number,
  text: Schema.String
}) {
  override get message(): string {
    return `Failed to initiate CLI auth: ${this.status} ${this.text}`
  }
}

/** Every poll answered `waiting`. */
export class CliAuthTimeout extends /*#__PURE__*/ Schema.TaggedError<CliAuthTimeout>()("CliAuthTimeout", {
  attempts: Schema.Number
}) {
  override get message(): string {
    return "Timed out waiting for CLI authentication."
  }
}

/** A poll answered a status the protocol does not define. */
export class CliAuthUnexpectedStatus extends /*#__PURE__*/ Schema.TaggedError<CliAuthUnexpectedStatus>()("CliAuthUnexpectedStatus", {
  status: Schema.String
}) {
  override get message(): string {
    return `Unexpected status from CLI auth polling: ${this.status}`
  }
}

const Started = Schema.Struct({ pollingCode: Schema.String, loginCode: Schema.String }).pipe(
  Wire.encodeKeys({ pollingCode: "polling_code", loginCode: "login_code" })
)
const Polled = Schema.Struct({ status: Schema.String, refreshToken: Schema.optional(Schema.String) }).pipe(
  Wire.encodeKeys({ refreshToken: "refresh_token" })
)

/** Options of {@link promptCliLogin}. */
export interface PromptOptions {
  /** The app whose confirmation page (`/handler/cli-auth-confirm`) completes the login. */
  readonly appUrl: string
  /** How long the login may take; the service's default (2 hours) when absent. */
  readonly expiresInMillis?: number | undefined
  /** Polls before {@link CliAuthTimeout}; unlimited by default. */
  readonly maxAttempts?: number | undefined
  /** Wait between polls; 2000 ms by default. */
  readonly waitMillis?: number | undefined
  /** Shows the confirmation URL; by default it is opened with `Navigation` when provided, else logged. */
  readonly onLoginUrl?: ((url: string) => Effect.Effect<void>) | undefined
}

/** What `promptCliLogin` can fail with. */
export type PromptCliLoginError =
  | CliAuthInitiationFailed
  | CliAuthExpiredError
  | CliAuthUsedError
  | CliAuthTimeout
  | CliAuthUnexpectedStatus
  | InvalidPollingCodeError
  | KnownError
  | UnknownErrorCode
  | TransportError

const bodyText = (error: KnownError): string =>
  JSON.stringify({ code: error.code, error: error.message, details: error.details })

/**
 * Logs a command-line app in (`POST /auth/cli`, `/auth/cli/poll`): starts the login,
 * hands out the confirmation URL, polls every 2 s until the browser side confirms, and answers the
 * refresh token (success is only HTTP 201 with status `success`).
 */
export const promptCliLogin = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: PromptOptions): Effect.fn.Return<Redacted.Redacted<string>, PromptCliLoginError, StackHttp> {
    const http = yield* StackHttp
    const startRequest = { method: "POST", path: "/auth/cli", body: { expires_in_millis: options.expiresInMillis } } as const
    const started = yield* http.execute(startRequest).pipe(
      Effect.catch((error: KnownError | TransportError) =>
        Effect.fail(
          error instanceof KnownError
            ? new CliAuthInitiationFailed({ status: error.status, text: bodyText(error) })
            : error.reason._tag === "HttpError"
            ? new CliAuthInitiationFailed({ status: error.reason.status, text: error.reason.body })
            : error
        )
      ),
      Effect.flatMap((response) => Call.decodeBody(Started, startRequest, response.body))
    )
    const url = loginUrl(options.appUrl, started.loginCode)
    if (options.onLoginUrl !== undefined) yield* options.onLoginUrl(url)
    else {
      const navigation = yield* Effect.serviceOption(Navigation)
      yield* Option.isSome(navigation)
        ? navigation.value.navigate(url)
        : Effect.log(`Please visit the following URL to authenticate:\n${url}`)
    }
    const maxAttempts = options.maxAttempts ?? defaultMaxAttempts
    const pollRequest = { method: "POST", path: "/auth/cli/poll", body: { polling_code: started.pollingCode } } as const
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const response = yield* http.execute(pollRequest).pipe(
        Effect.mapError((error) => (error instanceof KnownError ? Call.refineKnownError([InvalidPollingCodeError], error) : error))
      )
      const polled = yield* Call.decodeBody(Polled, pollRequest, response.body)
      if (response.status === 201 && polled.status === "success" && polled.refreshToken !== undefined) {
        return Redacted.make(polled.refreshToken)
      }
      switch (polled.status) {
        case "waiting":
          yield* Effect.sleep(options.waitMillis ?? pollWaitMillis)
          continue
        case "expired":
          return yield* new CliAuthExpiredError({})
        case "used":
          return yield* new CliAuthUsedError({})
        default:
          return yield* new CliAuthUnexpectedStatus({ status: polled.status })
      }
    }
    return yield* new CliAuthTimeout({ attempts: maxAttempts })
  },
  /*#__PURE__*/ Traced.span("CliAuth.promptCliLogin")
)

/** What `completeCliLogin` can fail with. */
export type CompleteCliLoginError = SchemaError | NotSignedIn | KnownError | UnknownErrorCode | TransportError

/**
 * Confirms a CLI login from the confirmation page (`POST /auth/cli/complete`): hands
 * the signed-in user's refresh token to the waiting CLI.
 */
export const completeCliLogin = /*#__PURE__*/ Effect.fnUntraced(
  function*(loginCode: string): Effect.fn.Return<void, CompleteCliLoginError, Session.Session> {
    const session = yield* Session.Session
    const tokens = yield* session.getTokens().pipe(Effect.catchTag("AccessTokenValidityTooLong", (error) => Effect.die(error)))
    if (tokens?.refreshToken === undefined) return yield* new NotSignedIn({ operation: "Completing a CLI login" })
    yield* Session.call({
      method: "POST",
      path: "/auth/cli/complete",
      body: { login_code: loginCode, refresh_token: Redacted.value(tokens.refreshToken) },
      response: Schema.Unknown,
      errors: [SchemaError]
    })
  },
  /*#__PURE__*/ Traced.span("CliAuth.completeCliLogin")
)
