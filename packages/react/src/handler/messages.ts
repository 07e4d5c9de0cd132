/**
 * The exact texts the OAuth callback page alerts.
 *
 * @since 0.1.0
 * @module
 */
import { OAuthCallbackError } from "stack-auth-effect/OAuth"
import { KnownError } from "stack-auth-effect/KnownError"

/** The OAuth callback's alert for an invalid TOTP code. */
export const invalidTotpAlert = "Invalid TOTP code. Please try signing in again."

/** The OAuth callback's alert for any other failure. */
export const oauthCallbackAlert: string = new OAuthCallbackError({ reason: "" }).message

const isInvalidTotp = (error: unknown): boolean =>
  typeof error === "object" && error !== null &&
  ((error as { _tag?: unknown })._tag === "InvalidTotpCode" || (error instanceof KnownError && error.code === "INVALID_TOTP_CODE"))

/** What the OAuth callback alerts for a failure. */
export const oauthCallbackAlertFor = (error: unknown): string => (isInvalidTotp(error) ? invalidTotpAlert : oauthCallbackAlert)
