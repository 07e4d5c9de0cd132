/**
 * Checks Stack Auth access tokens on your server without asking the service: server-side only.
 *
 * A token passes when it is exactly what the service's own check accepts: an ES256 signature by a
 * key of the project's published key set (`GET /projects/{projectId}/.well-known/jwks.json`), its
 * `aud` the project id, its `iss` `<service URL>/api/v1/projects/<projectId>` (or the service's
 * legacy issuer `access-token.jwt-signature.stack-auth.com`), not expired (`exp`, with an optional
 * clock tolerance), and carrying `sub` and `branchId`. `alg: none`, `HS256` (even keyed with the
 * public key) and `RS256` are refused. Two checks are stricter than the service's: `iat` must be
 * present and not in the future (beyond the tolerance), and `exp` must be present.
 *
 * Refusals are the catalogue's own errors, as the service answers them: `UnparsableAccessToken`,
 * `AccessTokenExpired` (with `expiredAtMillis`) and `InvalidProjectForAccessToken` (a token whose
 * `aud` is another project, said without checking the signature: the other project's keys are not
 * fetched). A key set that cannot be fetched is the transport's typed error, never a refusal.
 *
 * Revocation lag: a local check does not see sign-outs. A signed-out session's access token keeps
 * passing until its `exp` (10 minutes at most on the hosted service); use the remote mode of
 * `ServerAuth` on routes that must see a sign-out at once.
 *
 * The service is `AccessTokenVerifier.AccessTokenVerifier`; `AccessTokenVerifier.layer()` builds it
 * over the app's pipeline (`StackServerApp.layer(...)` or any Layer giving `StackHttp`).
 *
 * @since 0.1.0
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { createLocalJWKSet, decodeJwt, errors, jwtVerify } from "jose"
import type { JWTPayload } from "jose"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { HttpTransport } from "../transport/HttpTransport.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Jwks from "./Jwks.ts"

/** The issuer the service still accepts from before per-project issuers. */
export const legacyIssuer = "access-token.jwt-signature.stack-auth.com"

/**
 * The issuer of a project's tokens, as the service builds it: the path `/api/v1/projects/<id>`
 * resolved against the service's public URL (a path in that URL is replaced, not extended).
 */
export const issuerFor = (serviceUrl: string, projectId: string): string =>
  new URL(`/api/v1/projects/${projectId}`, serviceUrl).toString()

/** The verified claims of an access token. */
export interface Claims {
  /** `sub`: the user's id. */
  readonly userId: string
  /** `aud`: the project's id. */
  readonly projectId: string
  /** `branchId`: the project's branch (`main`). */
  readonly branchId: string
  /** `refreshTokenId`: the session (refresh token) the token was issued for; absent on old tokens. */
  readonly refreshTokenId: string | undefined
  /** `iss`. */
  readonly issuer: string
  /** `role` (`authenticated`), when present. */
  readonly role: string | undefined
  /** `iat` in milliseconds. */
  readonly issuedAtMillis: number
  /** `exp` in milliseconds. */
  readonly expiresAtMillis: number
  /** The token itself. */
  readonly token: Redacted.Redacted<string>
  /** Every claim of the payload, as signed. */
  readonly payload: Readonly<Record<string, unknown>>
}

/** A token the service would refuse too. */
export type AccessTokenError =
  | KnownErrors.UnparsableAccessToken
  | KnownErrors.AccessTokenExpired
  | KnownErrors.InvalidProjectForAccessToken

/** Why a check failed: a refused token, or keys that could not be fetched. */
export type VerifyError = AccessTokenError | TransportError

/** Options of {@link make} and {@link layer}. */
export interface Options extends Jwks.Options {
  /**
   * The service's public URL, as it names itself in `iss` (the hosted service: the app's base URL).
   * Set it when the app reaches the service by another address than the one it publishes (a
   * self-hosted service behind an internal hostname). Defaults to the app's base URL.
   */
  readonly issuerUrl?: string | undefined
  /** Accepts an `exp` this much in the past (clock skew); 0 by default, as the service. */
  readonly clockTolerance?: Duration.Input | undefined
}

/** The verifier of one project. */
export interface Service {
  /** The project whose tokens pass. */
  readonly projectId: string
  /** Checks a token; the claims, a refusal, or the key set's transport error. */
  readonly verify: (token: string | Redacted.Redacted<string>) => Effect.Effect<Claims, VerifyError>
  /** The key-set cache (for its fetch count). */
  readonly jwks: Jwks.Service
}

/** The verifier service key. */
export class AccessTokenVerifier extends /*#__PURE__*/ Context.Service<AccessTokenVerifier, Service>()(
  "stack-auth-effect/server/AccessTokenVerifier"
) {}

const unparsable = () => new KnownErrors.UnparsableAccessToken({})

type KeyLookup = ReturnType<typeof createLocalJWKSet>

/** The checks on the claims once the signature holds; `undefined` when they pass. */
const claimsOf = (
  payload: JWTPayload,
  token: Redacted.Redacted<string>,
  nowSeconds: number,
  toleranceSeconds: number
): Claims | undefined => {
  const { sub, aud, iss, iat, exp, branchId, refreshTokenId, role } = payload as Record<string, unknown>
  if (typeof sub !== "string" || typeof aud !== "string" || typeof iss !== "string") return undefined
  if (typeof iat !== "number" || typeof exp !== "number" || typeof branchId !== "string") return undefined
  if (refreshTokenId !== undefined && typeof refreshTokenId !== "string") return undefined
  if (iat > nowSeconds + toleranceSeconds) return undefined
  return {
    userId: sub,
    projectId: aud,
    branchId,
    refreshTokenId,
    issuer: iss,
    role: typeof role === "string" ? role : undefined,
    issuedAtMillis: iat * 1000,
    expiresAtMillis: exp * 1000,
    token,
    payload
  }
}

/** A verifier over a key-set cache; `serviceUrl` names the issuer. */
export const fromJwks = (
  jwks: Jwks.Service,
  projectId: string,
  serviceUrl: string,
  options: Pick<Options, "clockTolerance"> = {}
): Service => {
  const expectedIssuer = issuerFor(serviceUrl, projectId)
  const toleranceSeconds = options.clockTolerance === undefined
    ? 0
    : Duration.toSeconds(Duration.fromInputUnsafe(options.clockTolerance))
  const lookups = new WeakMap<Jwks.KeySet, KeyLookup>()
  const lookupOf = (set: Jwks.KeySet): KeyLookup => {
    let lookup = lookups.get(set)
    if (lookup === undefined) {
      lookup = createLocalJWKSet({ keys: set.keys.slice() })
      lookups.set(set, lookup)
    }
    return lookup
  }

  const check = (
    raw: string,
    token: Redacted.Redacted<string>,
    issuer: string,
    nowMillis: number,
    reason: Jwks.Reason
  ): Effect.Effect<Claims, VerifyError> =>
    Effect.flatMap(jwks.get(reason), (set) =>
      Effect.flatMap(
        Effect.tryPromise({
          try: () =>
            jwtVerify(raw, lookupOf(set), {
              algorithms: ["ES256"],
              issuer,
              currentDate: new Date(nowMillis),
              clockTolerance: toleranceSeconds
            }),
          catch: (error) => error
        }).pipe(Effect.map((result) => result.payload)),
        (payload) => {
          const claims = claimsOf(payload, token, Math.floor(nowMillis / 1000), toleranceSeconds)
          return claims === undefined ? Effect.fail(unparsable()) : Effect.succeed(claims)
        }
      ).pipe(Effect.catch((error: unknown): Effect.Effect<Claims, VerifyError> => {
        if (error instanceof errors.JWKSNoMatchingKey && reason === "normal") {
          return check(raw, token, issuer, nowMillis, "unknownKid")
        }
        if (error instanceof errors.JWTExpired) {
          const exp = (error.payload as { exp?: unknown }).exp
          return Effect.fail(
            new KnownErrors.AccessTokenExpired({ details: { expiredAtMillis: typeof exp === "number" ? exp * 1000 : null } })
          )
        }
        return Effect.fail(unparsable())
      })))

  const verify = (input: string | Redacted.Redacted<string>): Effect.Effect<Claims, VerifyError> =>
    Effect.suspend(() => {
      const token = Redacted.isRedacted(input) ? input : Redacted.make(input)
      const raw = Redacted.value(token)
      let payload: JWTPayload
      try {
        payload = decodeJwt(raw)
      } catch {
        return Effect.fail(unparsable())
      }
      const aud = payload.aud
      if (typeof aud !== "string") return Effect.fail(unparsable())
      if (aud !== projectId) {
        return Effect.fail(
          new KnownErrors.InvalidProjectForAccessToken({ details: { expectedProjectId: projectId, actualProjectId: aud } })
        )
      }
      const issuer = payload.iss === legacyIssuer ? legacyIssuer : expectedIssuer
      return Effect.flatMap(Clock.currentTimeMillis, (now) => check(raw, token, issuer, now, "normal"))
    })

  return { projectId, verify, jwks }
}

/** Builds the verifier of the app's project over its pipeline. */
export const make = (options: Options = {}): Effect.Effect<Service, never, StackHttp> =>
  Effect.gen(function*() {
    const http = yield* StackHttp
    // the key set is fetched with the transport in use where the verifier is built (the app's), not the caller's
    const transport = yield* HttpTransport
    const jwks = Jwks.make(http, http.config.projectId, { ...options, transport })
    return fromJwks(jwks, http.config.projectId, options.issuerUrl ?? http.config.baseUrl, options)
  })

/** The verifier as a Layer over the app's pipeline (`StackServerApp.layer(...)`). */
export const layer = (options: Options = {}): Layer.Layer<AccessTokenVerifier, never, StackHttp> =>
  Layer.effect(AccessTokenVerifier, make(options))

/** Checks a token with the verifier in the context. */
export const verify = (token: string | Redacted.Redacted<string>): Effect.Effect<Claims, VerifyError, AccessTokenVerifier> =>
  AccessTokenVerifier.use((verifier) => verifier.verify(token))
