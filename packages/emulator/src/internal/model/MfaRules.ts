/**
 * The emulator's TOTP second factor (`POST /auth/mfa/sign-in`): a user with a TOTP
 * secret (`totp_secret_base64`) is asked for a second factor by every sign-in; the attempt code is
 * a 45-character one-time code living 5 minutes; TOTP codes are RFC 6238 (30 s, 6 digits, SHA-1),
 * checked at the emulator's `Clock` (so `TestClock` drives them).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as OTPAuth from "otpauth"
import { MultiFactorAuthenticationRequired } from "stack-auth-effect/KnownErrors"
import * as RandomCodes from "../state/RandomCodes.ts"
import type { User } from "../../EmulatorState.ts"
import type * as EmulatorState from "../../EmulatorState.ts"
import * as Verification from "./Verification.ts"

/** How long an attempt code lives: 5 minutes. */
export const attemptLifetimeMillis = 5 * 60 * 1000

/** A verification code of the service: 224 random bits, 45 lower-case base32 characters. */
export const newCode = (): string => RandomCodes.make()

/** Whether sign-ins of this user need a second factor. */
export const requiresMfa = (user: User): boolean => user.requiresTotpMfa ?? user.totpSecretBase64 !== null

/** What an attempt code remembers. */
export interface AttemptData {
  readonly isNewUser: boolean
}

/** Starts a second-factor sign-in: the error carrying a fresh attempt code. */
export const mfaRequired = (
  user: User,
  isNewUser: boolean
): Effect.Effect<never, MultiFactorAuthenticationRequired, EmulatorState.EmulatorState> =>
  Effect.flatMap(
    Verification.create({
      projectId: user.projectId,
      purpose: Verification.mfaAttempt,
      userId: user.id,
      data: { isNewUser } satisfies AttemptData,
      expiresInMillis: attemptLifetimeMillis,
      code: newCode()
    }),
    (attempt) => Effect.fail(new MultiFactorAuthenticationRequired({ details: { attemptCode: attempt.code } }))
  )

const secretOf = (base64: string): OTPAuth.Secret =>
  new OTPAuth.Secret({ buffer: Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer })

/** The TOTP code of a base64 secret at `nowMillis` (tests compute what an authenticator app shows). */
export const totpAt = (secretBase64: string, nowMillis: number): string =>
  OTPAuth.TOTP.generate({ secret: secretOf(secretBase64), timestamp: nowMillis })

/**
 * Whether `token` is the TOTP code of the current 30-second step: the service allows no clock skew
 * (a code of the step before is refused, measured against 2.8.27).
 */
export const verifyTotp = (secretBase64: string, token: string, nowMillis: number): boolean => {
  try {
    return OTPAuth.TOTP.validate({ token, secret: secretOf(secretBase64), timestamp: nowMillis, window: 0 }) !== null
  } catch {
    return false
  }
}
