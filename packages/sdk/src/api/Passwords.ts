/**
 * Password reset and change (`/auth/password/...`): send a reset code by e-mail, check it, reset
 * the password with it; change the signed-in user's password (the old one must match) or give a
 * password to a user without one. Password rules are the service's (too short, too long).
 *
 * Passwords may be given as plain strings or `Redacted`; they only leave `Redacted` in the body.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { CurrentHandlerUrls } from "../handler/HandlerUrls.ts"
import * as Redirects from "../handler/Redirects.ts"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import {
  SchemaError,
  PasswordAuthenticationNotEnabled,
  PasswordConfirmationMismatch,
  PasswordTooLong,
  PasswordTooShort,
  RedirectUrlNotWhitelisted,
  UserDoesNotHavePassword,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../protocol/KnownErrors.ts"
import * as Session from "../session/Session.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A password, plain or `Redacted`. */
export type Password = string | Redacted.Redacted<string>

const reveal = (password: Password): string => (Redacted.isRedacted(password) ? Redacted.value(password) : password)

/** The errors of a verification code that cannot be used. */
export const codeErrors = [
  SchemaError,
  VerificationCodeNotFound,
  VerificationCodeExpired,
  VerificationCodeAlreadyUsed,
  VerificationCodeMaxAttemptsReached
] as const

/** A verification code that cannot be used. */
export type CodeError =
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached

type Common = KnownError | UnknownErrorCode | TransportError

/** What `sendResetCode` can fail with. */
export type SendResetCodeError =
  | SchemaError
  | PasswordAuthenticationNotEnabled
  | RedirectUrlNotWhitelisted
  | Redirects.CallbackUrlRequired
  | Common

/** What `sendResetCode` takes: the e-mail of the account, and the page the link opens (the app's reset page by default). */
export interface SendResetCodeOptions {
  readonly email: string
  readonly callbackUrl?: string | undefined
}

/**
 * Mails a reset code to the user who signs in with `email`, linking to `callbackUrl` (by default
 * the app's password-reset page). The service answers alike whether or not such a user exists.
 * `POST /auth/password/send-reset-code`
 */
export const sendResetCode = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SendResetCodeOptions): Effect.fn.Return<void, SendResetCodeError, StackHttp> {
    const page = (yield* CurrentHandlerUrls).passwordReset
    const callbackUrl = yield* Redirects.callbackUrl(page, { explicit: options.callbackUrl })
    yield* Call.call({
      method: "POST",
      path: "/auth/password/send-reset-code",
      body: { email: options.email, callback_url: callbackUrl },
      response: Schema.Unknown,
      errors: [SchemaError, PasswordAuthenticationNotEnabled, RedirectUrlNotWhitelisted]
    })
  },
  /*#__PURE__*/ Traced.span("Passwords.sendResetCode")
)

/** What `checkResetCode` can fail with. */
export type CheckResetCodeError = SchemaError | CodeError | Common

/** Checks a reset code without using it. `POST /auth/password/reset/check-code` */
export const checkResetCode = /*#__PURE__*/ Effect.fnUntraced(
  function*(code: string): Effect.fn.Return<void, CheckResetCodeError, StackHttp> {
    yield* Call.call({ method: "POST", path: "/auth/password/reset/check-code", body: { code }, response: Schema.Unknown, errors: codeErrors })
  },
  /*#__PURE__*/ Traced.span("Passwords.checkResetCode")
)

/** What `reset` can fail with. */
export type ResetError = SchemaError | CodeError | PasswordAuthenticationNotEnabled | PasswordTooShort | PasswordTooLong | Common

/** What `reset` takes: the code from the reset mail and the new password. */
export interface ResetOptions {
  readonly code: string
  readonly password: Password
}

/**
 * Sets a new password with a reset code. The service spends the code before it checks the
 * password. `POST /auth/password/reset`
 */
export const reset = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: ResetOptions): Effect.fn.Return<void, ResetError, StackHttp> {
    yield* Call.call({
      method: "POST",
      path: "/auth/password/reset",
      body: { code: options.code, password: reveal(options.password) },
      response: Schema.Unknown,
      errors: [...codeErrors, PasswordAuthenticationNotEnabled, PasswordTooShort, PasswordTooLong]
    })
  },
  /*#__PURE__*/ Traced.span("Passwords.reset")
)

/** What `update` can fail with: a wrong old password is `PasswordConfirmationMismatch`. */
export type UpdateError =
  | SchemaError
  | PasswordConfirmationMismatch
  | UserDoesNotHavePassword
  | PasswordAuthenticationNotEnabled
  | PasswordTooShort
  | PasswordTooLong
  | Common

/** What `update` takes: the current password and the new one. */
export interface UpdateOptions {
  readonly oldPassword: Password
  readonly newPassword: Password
}

/**
 * Changes the signed-in user's password; the old one must match. The user's other sessions end.
 * `POST /auth/password/update`
 */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: UpdateOptions): Effect.fn.Return<void, UpdateError, Session.Session> {
    yield* Session.call({
      method: "POST",
      path: "/auth/password/update",
      body: { old_password: reveal(options.oldPassword), new_password: reveal(options.newPassword) },
      response: Schema.Unknown,
      errors: [SchemaError, PasswordConfirmationMismatch, UserDoesNotHavePassword, PasswordAuthenticationNotEnabled, PasswordTooShort, PasswordTooLong]
    })
  },
  /*#__PURE__*/ Traced.span("Passwords.update")
)

/** What `set` can fail with (a user who has a password already: a plain 400, reason `HttpError` of `StackTransportError`). */
export type SetError = SchemaError | PasswordAuthenticationNotEnabled | PasswordTooShort | PasswordTooLong | Common

/** What `set` takes: the password to give a user who has none. */
export interface SetOptions {
  readonly password: Password
}

/** Gives a password to the signed-in user, who has none; the payload is passed through. `POST /auth/password/set` */
export const set = /*#__PURE__*/ Effect.fnUntraced(
  function*(payload: SetOptions): Effect.fn.Return<void, SetError, Session.Session> {
    yield* Session.call({
      method: "POST",
      path: "/auth/password/set",
      body: { ...payload, password: reveal(payload.password) },
      response: Schema.Unknown,
      errors: [SchemaError, PasswordAuthenticationNotEnabled, PasswordTooShort, PasswordTooLong]
    })
  },
  /*#__PURE__*/ Traced.span("Passwords.set")
)
