/**
 * The tokens a session keeps, as stores and cookies hold them: public as `TokenStore.StoredTokens`.
 *
 * @since 0.1.0
 */
import type * as Redacted from "effect/Redacted"

/** The tokens a store holds; either may be missing. */
export interface StoredTokens {
  readonly accessToken?: Redacted.Redacted<string> | undefined
  readonly refreshToken?: Redacted.Redacted<string> | undefined
}
