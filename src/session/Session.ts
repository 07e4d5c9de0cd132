/**
 * The user's session (SPEC §4): tokens, the known-invalid mark, one refresh at a time, and the
 * retry with a fresh access token when the service reports the old one invalid.
 *
 * CONTRACT (implementation pending): the `Service` interface below is what API modules use.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type * as Stream from "effect/Stream"
import type { KnownError } from "../protocol/KnownError.ts"
import type { StackRequest, StackResponse } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"

/** Both tokens of a signed-in session. SPEC §3 */
export interface Tokens {
  readonly accessToken: Redacted.Redacted<string>
  readonly refreshToken: Redacted.Redacted<string>
}

/** What the session looks like now. */
export type SessionState =
  | { readonly _tag: "SignedOut" }
  | { readonly _tag: "SignedIn"; readonly userId: string | undefined }

/** The session service. */
export interface Service {
  /**
   * Sends a request with the session's tokens (SPEC §4): an access token valid for at least 20 s
   * (refreshed once at a time when needed); when the service reports it invalid, it is marked
   * expired and the request is sent once more with a fresh one. Signed out: sent without tokens.
   */
  readonly execute: (request: StackRequest) => Effect.Effect<StackResponse, KnownError | TransportError>
  /** Stores the tokens a sign-in returned. */
  readonly setTokens: (tokens: { readonly accessToken: string; readonly refreshToken: string }) => Effect.Effect<void>
  /** Signs out (SPEC §4): deletes the session at the service when there are tokens, then clears them. */
  readonly signOut: Effect.Effect<void, TransportError>
  /** Clears the tokens and marks the session invalid without a request (account deletion). */
  readonly invalidate: Effect.Effect<void>
  /** The current state, then every change. */
  readonly changes: Stream.Stream<SessionState>
}

/** The session service key. */
export class Session extends Context.Service<Session, Service>()("stack-auth-effect/session/Session") {}
