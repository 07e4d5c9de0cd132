/**
 * Admin access by the project owner's session: instead of a super-secret admin key,
 * every request carries the owner's access token of the `internal` project in
 * `x-stack-admin-access-token`, taken from (and refreshed through) the owner's session there.
 * When the service reports that token invalid, it is marked expired and the request is sent once
 * more with a fresh one, as for a user's access token.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import type { KnownError } from "../protocol/KnownError.ts"
import type { StackRequest, StackResponse } from "../transport/StackHttp.ts"
import type * as StackHttp from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import { invalidAdminAccessTokenCodes, type Service as Session, type ValidTokens } from "./Session.ts"

/** Whether an error says the admin access token is invalid. */
export const isInvalidAdminAccessToken = (error: unknown): error is KnownError =>
  typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "KnownError" &&
  invalidAdminAccessTokenCodes.has((error as KnownError).code)

/**
 * The pipeline `http` sending the owner's access token (from `owner`, a session of the `internal`
 * project) as the admin access token of every request.
 */
export const withOwnerSession = (http: StackHttp.Service, owner: Session): StackHttp.Service => {
  const ownerTokens: Effect.Effect<ValidTokens | undefined, KnownError | TransportError> = owner.getTokens().pipe(
    Effect.catchTag("AccessTokenValidityTooLong", (error) => Effect.die(error))
  )
  const send = (request: StackRequest, tokens: ValidTokens | undefined) =>
    http.execute(tokens === undefined ? request : { ...request, adminAccessToken: tokens.accessToken })
  const execute = (request: StackRequest): Effect.Effect<StackResponse, KnownError | TransportError> =>
    Effect.flatMap(ownerTokens, (tokens) =>
      send(request, tokens).pipe(Effect.catch((error: KnownError | TransportError) =>
        tokens !== undefined && isInvalidAdminAccessToken(error)
          ? owner.markAccessTokenExpired(tokens.accessToken).pipe(
            Effect.andThen(ownerTokens),
            Effect.flatMap((fresh) => send(request, fresh))
          )
          : Effect.fail(error)
      )))
  return { ...http, execute }
}
