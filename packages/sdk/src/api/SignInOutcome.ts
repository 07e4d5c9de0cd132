/**
 * What every sign-in method shares: storing the answered tokens in
 * the session and reporting who signed in and whether the user is new.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type { SignInTokens } from "../protocol/internal/schemas/Auth.ts"
import * as AccessToken from "../session/AccessToken.ts"
import * as Session from "../session/Session.ts"

/** The tokens a sign-in answers with. */
export type { SignInTokens } from "../protocol/internal/schemas/Auth.ts"

/** What a successful sign-in reports. */
export interface SignInResult {
  /** The signed-in user's id. */
  readonly userId: string | undefined
  /** Whether the sign-in created the user: go to the after-sign-up page, else to after-sign-in. */
  readonly isNewUser: boolean
}

/**
 * Stores a sign-in's tokens in the session and reports its outcome; `is_new_user` from
 * the service wins over `isNewUser` (what the call implies when the service does not say).
 */
export const storeTokens = (tokens: SignInTokens, isNewUser: boolean): Effect.Effect<SignInResult, never, Session.Session> =>
  Effect.gen(function*() {
    yield* (yield* Session.Session).setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })
    const userId = tokens.userId ?? AccessToken.decodeClaims(Redacted.make(tokens.accessToken)).userId
    return { userId, isNewUser: tokens.isNewUser ?? isNewUser }
  })

/** A call needs a signed-in user and the session has none. */
export class NotSignedIn extends /*#__PURE__*/ Schema.TaggedError<NotSignedIn>()("NotSignedIn", {
  operation: Schema.String
}) {
  override get message(): string {
    return `${this.operation} needs a signed-in user`
  }
}
