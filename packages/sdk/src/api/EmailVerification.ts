/**
 * E-mail verification (`/contact-channels/send-verification-code`, `/contact-channels/verify`):
 * send a code to the user's primary e-mail, then verify it. Each outcome is typed: already verified
 * (on send), not found, expired, already used, out of attempts (on verify).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CurrentHandlerUrls } from "../handler/HandlerUrls.ts"
import * as Redirects from "../handler/Redirects.ts"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import {
  SchemaError,
  CannotGetOwnUserWithoutUser,
  EmailAlreadyVerified,
  EmailIsNotPrimaryEmail,
  RedirectUrlNotWhitelisted
} from "../protocol/KnownErrors.ts"
import type { CurrentUser } from "../protocol/internal/schemas/User.ts"
import * as Session from "../session/Session.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import { type CodeError, codeErrors } from "./Passwords.ts"
import * as Users from "./Users.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The user has no primary e-mail to verify; no request was sent. */
export class NoPrimaryEmail extends /*#__PURE__*/ Schema.TaggedError<NoPrimaryEmail>()("NoPrimaryEmail", {}) {
  override get message(): string {
    return "User does not have a primary email"
  }
}

/** What `send` can fail with. */
export type SendError =
  | SchemaError
  | NoPrimaryEmail
  | EmailAlreadyVerified
  | EmailIsNotPrimaryEmail
  | RedirectUrlNotWhitelisted
  | CannotGetOwnUserWithoutUser
  | Redirects.CallbackUrlRequired
  | KnownError
  | UnknownErrorCode
  | TransportError

/** What `send` takes: the user (read when left out) and the page the link opens (the app's verification page by default). */
export interface SendOptions {
  readonly user?: Pick<CurrentUser, "primaryEmail"> | undefined
  readonly callbackUrl?: string | undefined
}

/**
 * Sends a verification code to the current user's primary e-mail, linking to `callbackUrl` (by
 * default the app's e-mail-verification page). Give the `user` you hold to skip reading it again;
 * without a primary e-mail it fails with `NoPrimaryEmail` before sending anything.
 * `POST /contact-channels/send-verification-code`
 */
export const send = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SendOptions = {}): Effect.fn.Return<void, SendError, Session.Session> {
    const user = options.user ?? (yield* Users.getCurrent())
    if (user.primaryEmail === null) return yield* new NoPrimaryEmail()
    const page = (yield* CurrentHandlerUrls).emailVerification
    const callbackUrl = yield* Redirects.callbackUrl(page, { explicit: options.callbackUrl })
    yield* Session.call({
      method: "POST",
      path: "/contact-channels/send-verification-code",
      body: { email: user.primaryEmail, callback_url: callbackUrl },
      response: Schema.Unknown,
      errors: [SchemaError, EmailAlreadyVerified, EmailIsNotPrimaryEmail, RedirectUrlNotWhitelisted]
    })
  },
  /*#__PURE__*/ Traced.span("EmailVerification.send")
)

/** What `verify` can fail with. */
export type VerifyError = SchemaError | CodeError | KnownError | UnknownErrorCode | TransportError

/** Verifies the e-mail a code was sent to. `POST /contact-channels/verify` */
export const verify = /*#__PURE__*/ Effect.fnUntraced(
  function*(code: string): Effect.fn.Return<void, VerifyError, StackHttp> {
    yield* Call.call({ method: "POST", path: "/contact-channels/verify", body: { code }, response: Schema.Unknown, errors: codeErrors })
  },
  /*#__PURE__*/ Traced.span("EmailVerification.verify")
)
