/**
 * Sign-in and sign-out of the client app (`/auth/...`).
 *
 * Every sign-in stores the answered tokens in the session and reports the user id and whether the
 * user is new, so callers can go to the after-sign-up or the after-sign-in page.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import {
  AnonymousAccountsNotEnabled,
  SchemaError,
  EmailPasswordMismatch,
  MultiFactorAuthenticationRequired,
  PasswordAuthenticationNotEnabled,
  PasswordTooLong,
  PasswordTooShort,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  UserWithEmailAlreadyExists,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../protocol/KnownErrors.ts"
import { SendSignInCodeResponse, SignInTokens } from "../protocol/internal/schemas/Auth.ts"
import { CurrentHandlerUrls } from "../handler/HandlerUrls.ts"
import * as Redirects from "../handler/Redirects.ts"
import * as Session from "../session/Session.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Mfa from "./Mfa.ts"
import * as SignInOutcome from "./SignInOutcome.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** What a successful sign-in reports. */
export type SignInResult = SignInOutcome.SignInResult

/** What `sendSignInCode` answers: the nonce that completes a code the user types. */
export type { SendSignInCodeResponse } from "../protocol/internal/schemas/Auth.ts"

/**
 * What `signUpAnonymously` can fail with: `AnonymousAccountsNotEnabled` in a project that does not
 * allow anonymous users (the 2.8.27 service allows them in a fixed few, `internal` among them).
 */
export type SignUpAnonymouslyError = AnonymousAccountsNotEnabled | KnownError | UnknownErrorCode | TransportError

/** Creates an anonymous user and signs it in. `POST /auth/anonymous/sign-up` */
export const signUpAnonymously = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<SignInResult, SignUpAnonymouslyError, Session.Session> {
    const tokens = yield* Session.call({
      method: "POST",
      path: "/auth/anonymous/sign-up",
      response: SignInTokens,
      errors: [AnonymousAccountsNotEnabled]
    })
    return yield* SignInOutcome.storeTokens(tokens, true)
  },
  /*#__PURE__*/ Traced.span("Auth.signUpAnonymously")
)

/** What `signOut` can fail with. */
export type SignOutError = TransportError

/** Signs out: deletes the session at the service, then clears the tokens. `DELETE /auth/sessions/current` */
export const signOut = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<void, SignOutError, Session.Session> {
    yield* (yield* Session.Session).signOut
  },
  /*#__PURE__*/ Traced.span("Auth.signOut")
)

// ----- password -----

/** What `signUpWithPassword` takes: the new user's e-mail and password, and the page the verification link opens. */
export interface SignUpWithPasswordOptions {
  readonly email: string
  readonly password: string
  /**
   * The page the mailed verification link opens (the service requires one). By default the app's
   * e-mail-verification page (`CurrentHandlerUrls`) on the current page's origin, keeping its
   * `after_auth_return_to`; outside a browser give it, or the call fails with `CallbackUrlRequired`.
   */
  readonly verificationCallbackUrl?: string | undefined
}

/** What `signUpWithPassword` can fail with. */
export type SignUpWithPasswordError =
  | SchemaError
  | SignUpNotEnabled
  | PasswordAuthenticationNotEnabled
  | UserWithEmailAlreadyExists
  | PasswordTooShort
  | PasswordTooLong
  | RedirectUrlNotWhitelisted
  | MultiFactorAuthenticationRequired
  | Redirects.CallbackUrlRequired
  | KnownError
  | UnknownErrorCode
  | TransportError

/**
 * Signs up with e-mail and password and signs the new user in (`POST /auth/password/sign-up`); the
 * service mails a verification link to `verificationCallbackUrl` (see its default). Signed in
 * anonymously, the service creates a new user and leaves the anonymous one as it is (another id): to
 * keep an anonymous user's id, a server sets its e-mail and password with `ServerUsers.update`
 * (`isAnonymous: false`).
 */
export const signUpWithPassword = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SignUpWithPasswordOptions): Effect.fn.Return<SignInResult, SignUpWithPasswordError, Session.Session> {
    const page = (yield* CurrentHandlerUrls).emailVerification
    const verificationCallbackUrl = yield* Redirects.callbackUrl(page, { explicit: options.verificationCallbackUrl })
    const tokens = yield* Session.call({
      method: "POST",
      path: "/auth/password/sign-up",
      body: { email: options.email, password: options.password, verification_callback_url: verificationCallbackUrl },
      response: SignInTokens,
      errors: [
        SchemaError,
        SignUpNotEnabled,
        PasswordAuthenticationNotEnabled,
        UserWithEmailAlreadyExists,
        PasswordTooShort,
        PasswordTooLong,
        RedirectUrlNotWhitelisted,
        MultiFactorAuthenticationRequired
      ]
    }).pipe(Mfa.keepAttemptCode)
    return yield* SignInOutcome.storeTokens(tokens, true)
  },
  /*#__PURE__*/ Traced.span("Auth.signUpWithPassword")
)

/** What `signInWithPassword` takes: the user's e-mail and password. */
export interface SignInWithPasswordOptions {
  readonly email: string
  readonly password: string
}

/** What `signInWithPassword` can fail with. */
export type SignInWithPasswordError =
  | SchemaError
  | EmailPasswordMismatch
  | PasswordAuthenticationNotEnabled
  | MultiFactorAuthenticationRequired
  | KnownError
  | UnknownErrorCode
  | TransportError

/**
 * Signs in with e-mail and password (`POST /auth/password/sign-in`). A user with a
 * second factor fails with `MultiFactorAuthenticationRequired`; its attempt code is kept for
 * `Mfa.signInWithMfa`.
 */
export const signInWithPassword = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SignInWithPasswordOptions): Effect.fn.Return<SignInResult, SignInWithPasswordError, Session.Session> {
    const tokens = yield* Session.call({
      method: "POST",
      path: "/auth/password/sign-in",
      body: { email: options.email, password: options.password },
      response: SignInTokens,
      errors: [SchemaError, EmailPasswordMismatch, PasswordAuthenticationNotEnabled, MultiFactorAuthenticationRequired]
    }).pipe(Mfa.keepAttemptCode)
    return yield* SignInOutcome.storeTokens(tokens, false)
  },
  /*#__PURE__*/ Traced.span("Auth.signInWithPassword")
)

// ----- one-time code and magic link -----

/** What `sendSignInCode` takes: where to mail the code, and the page its magic link opens. */
export interface SendSignInCodeOptions {
  readonly email: string
  readonly callbackUrl: string
}

/** What `sendSignInCode` can fail with. */
export type SendSignInCodeError =
  | SchemaError
  | RedirectUrlNotWhitelisted
  | SignUpNotEnabled
  | UserWithEmailAlreadyExists
  | KnownError
  | UnknownErrorCode
  | TransportError

/**
 * Mails a one-time sign-in code and a magic link `callbackUrl?code=...`
 * (`POST /auth/otp/send-sign-in-code`). Answers the nonce that completes the 6-character code typed
 * by the user ({@link signInWithOtp}).
 */
export const sendSignInCode = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SendSignInCodeOptions): Effect.fn.Return<SendSignInCodeResponse, SendSignInCodeError, Session.Session> {
    return yield* Session.call({
      method: "POST",
      path: "/auth/otp/send-sign-in-code",
      body: { email: options.email, callback_url: options.callbackUrl },
      response: SendSignInCodeResponse,
      errors: [SchemaError, RedirectUrlNotWhitelisted, SignUpNotEnabled, UserWithEmailAlreadyExists]
    })
  },
  /*#__PURE__*/ Traced.span("Auth.sendSignInCode")
)

/** What `signInWithCode` can fail with. */
export type SignInWithCodeError =
  | SchemaError
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached
  | MultiFactorAuthenticationRequired
  | KnownError
  | UnknownErrorCode
  | TransportError

/**
 * Signs in with the full code of a sign-in mail (`POST /auth/otp/sign-in`): the magic
 * link's `code`, or the typed code followed by the nonce. A new user signs up this way.
 */
export const signInWithCode = /*#__PURE__*/ Effect.fnUntraced(
  function*(code: string): Effect.fn.Return<SignInResult, SignInWithCodeError, Session.Session> {
    const tokens = yield* Session.call({
      method: "POST",
      path: "/auth/otp/sign-in",
      body: { code },
      response: SignInTokens,
      errors: [
        SchemaError,
        VerificationCodeNotFound,
        VerificationCodeExpired,
        VerificationCodeAlreadyUsed,
        VerificationCodeMaxAttemptsReached,
        MultiFactorAuthenticationRequired
      ]
    }).pipe(Mfa.keepAttemptCode)
    return yield* SignInOutcome.storeTokens(tokens, false)
  },
  /*#__PURE__*/ Traced.span("Auth.signInWithCode")
)

/** What `signInWithOtp` takes: the code the user typed and the nonce `sendSignInCode` answered. */
export interface SignInWithOtpOptions {
  readonly otp: string
  readonly nonce: string
}

/** Signs in with the code the user typed from the mail and the nonce `sendSignInCode` answered. */
export const signInWithOtp = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SignInWithOtpOptions): Effect.fn.Return<
    SignInResult,
    SignInWithCodeError,
    Session.Session
  > {
    return yield* signInWithCode(options.otp.trim() + options.nonce)
  },
  /*#__PURE__*/ Traced.span("Auth.signInWithOtp")
)

/** The magic-link URL has no `code` query parameter. */
export class MissingMagicLinkCode extends /*#__PURE__*/ Schema.TaggedError<MissingMagicLinkCode>()("MissingMagicLinkCode", {}) {
  override get message(): string {
    return "The magic link has no code: open the link from the sign-in mail again"
  }
}

/** The `code` of a magic-link callback URL (`/handler/magic-link-callback?code=...`). */
export const magicLinkCode = (url: string | URL): string | undefined => {
  try {
    return new URL(url).searchParams.get("code") ?? undefined
  } catch {
    return undefined
  }
}

/** Signs in with the `code` of the magic-link callback page's URL. */
export const signInWithMagicLinkCallback = /*#__PURE__*/ Effect.fnUntraced(
  function*(url: string | URL): Effect.fn.Return<SignInResult, SignInWithCodeError | MissingMagicLinkCode, Session.Session> {
    const code = magicLinkCode(url)
    if (code === undefined) return yield* new MissingMagicLinkCode()
    return yield* signInWithCode(code)
  },
  /*#__PURE__*/ Traced.span("Auth.signInWithMagicLinkCallback")
)
