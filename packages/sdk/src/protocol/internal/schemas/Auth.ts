/**
 * Wire shapes of the sign-in calls (`/auth/...`): the tokens they answer, and whether the user is new.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** Tokens a sign-in answers: `{ access_token, refresh_token, user_id?, is_new_user? }`. */
export const SignInTokens = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String,
  userId: Schema.optional(Schema.String),
  isNewUser: Schema.optional(Schema.Boolean)
}).pipe(Wire.encodeKeys({
  accessToken: "access_token",
  refreshToken: "refresh_token",
  userId: "user_id",
  isNewUser: "is_new_user"
}))

type SignInTokensType = typeof SignInTokens.Type
/** Tokens a sign-in answers. */
export interface SignInTokens extends SignInTokensType {}

/** The answer of `POST /auth/otp/send-sign-in-code`: the nonce completing the typed code. */
export const SendSignInCodeResponse = Schema.Struct({ nonce: Schema.String })

type SendSignInCodeResponseType = typeof SendSignInCodeResponse.Type
/** The answer of `POST /auth/otp/send-sign-in-code`. */
export interface SendSignInCodeResponse extends SendSignInCodeResponseType {}
