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
 * The token is read and checked by the rules of jose's `jwtVerify` (compact form, protected
 * header, `crit`, key choice in the set, claims), jose doing the decoding; the signature itself is
 * checked by the platform: Node's built-in `crypto.verify` (synchronous) where the runtime has
 * `node:crypto`, else WebCrypto's `crypto.subtle.verify`. Each key is imported once.
 *
 * Refusals are the catalogue's own errors, as the service answers them: `UnparsableAccessToken`,
 * `AccessTokenExpired` (with `expiredAtMillis`) and `InvalidProjectForAccessToken` (a token whose
 * `aud` is another project, said without checking the signature: the other project's keys are not
 * fetched). A key set that cannot be fetched is the transport's typed error, never a refusal.
 *
 * Tokens that passed are remembered (the last {@link defaultVerifiedTokens}, option
 * `verifiedTokens`): a client sends the same access token with every request until it is refreshed,
 * and a remembered token is answered without a second signature check. It still fails at its `exp`
 * (and before its `iat`) on the Clock, with the same tolerance, and is checked in full again once
 * the key set has been fetched anew (a withdrawn key then refuses it). Refused tokens are never
 * remembered. Only the token's text is the key; nothing is logged.
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
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { decodeJwt } from "jose"
import type { JWTPayload } from "jose"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { HttpTransport } from "../transport/HttpTransport.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Jws from "./internal/Jws.ts"
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
  /**
   * How many verified tokens are remembered ({@link defaultVerifiedTokens} by default; 0 turns it
   * off). A client sends the same access token with every request until it is refreshed; a token
   * remembered is answered again without its signature being checked, while it still passes on
   * the Clock (`exp`, `iat`, with the tolerance) and the key set it was checked with is still the
   * current one. Only tokens that passed are remembered; the oldest is dropped when full.
   */
  readonly verifiedTokens?: number | undefined
}

/** How many verified tokens a verifier remembers by default: 1,000 (about 1 MB at most). */
export const defaultVerifiedTokens = 1000

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

/** The checks on the claims once the signature holds; `undefined` when they fail. */
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

/** A token checked before: its claims, the key set it was checked with, and the window it passes in (seconds). */
interface Verified {
  readonly claims: Claims
  readonly set: Jwks.KeySet
  /** The latest of `iat` and `nbf`. */
  readonly notBeforeSeconds: number
  readonly expiresAtSeconds: number
}

/** The outcome of one signature-and-claims check, before a refetch is decided. */
const noMatchingKey: unique symbol = Symbol("noMatchingKey")
type Outcome = Exit.Exit<Claims, AccessTokenError> | typeof noMatchingKey

/** A verifier over a key-set cache; `serviceUrl` names the issuer. */
export const fromJwks = (
  jwks: Jwks.Service,
  projectId: string,
  serviceUrl: string,
  options: Pick<Options, "clockTolerance" | "verifiedTokens"> = {}
): Service => {
  // the issuers the service accepts: the project's own, and the legacy one
  const issuers = [issuerFor(serviceUrl, projectId), legacyIssuer]
  const toleranceSeconds = options.clockTolerance === undefined
    ? 0
    : Duration.toSeconds(Duration.fromInputUnsafe(options.clockTolerance))
  const rules: Jws.Rules = { issuers, audience: projectId, toleranceSeconds }
  // the platform's signature check, chosen once: Node's `crypto.verify` when there is one, else WebCrypto
  const signatures = Jws.platformSignatures()

  // tokens checked before, by their text, all checked with the key set `rememberedSet` (a new set empties it)
  const capacity = Math.max(0, Math.floor(options.verifiedTokens ?? defaultVerifiedTokens))
  const remembered = new Map<string, Verified>()
  let rememberedSet: Jwks.KeySet | undefined
  const remember = (raw: string, claims: Claims, set: Jwks.KeySet): void => {
    if (capacity === 0) return
    if (rememberedSet !== set) {
      remembered.clear()
      rememberedSet = set
    }
    if (remembered.size >= capacity) remembered.delete(remembered.keys().next().value!)
    // answered to several requests: frozen, so no handler can change what another one sees
    Object.freeze(claims.payload)
    Object.freeze(claims)
    const nbf = claims.payload.nbf
    remembered.set(raw, {
      claims,
      set,
      notBeforeSeconds: typeof nbf === "number" && nbf > claims.issuedAtMillis / 1000 ? nbf : claims.issuedAtMillis / 1000,
      expiresAtSeconds: claims.expiresAtMillis / 1000
    })
  }
  /** A remembered token's claims, when they still pass at `nowMillis` with the same key set; exp and iat as jose checks them. */
  const recall = (raw: string, nowMillis: number): Claims | undefined => {
    const entry = remembered.get(raw)
    if (entry === undefined) return undefined
    const nowSeconds = Math.floor(nowMillis / 1000)
    if (
      entry.set !== jwks.current(nowMillis) ||
      entry.expiresAtSeconds <= nowSeconds - toleranceSeconds ||
      entry.notBeforeSeconds > nowSeconds + toleranceSeconds
    ) {
      remembered.delete(raw)
      return undefined
    }
    return entry.claims
  }

  /**
   * Why `raw` is refused, read from its unverified payload: a token of another project is
   * `InvalidProjectForAccessToken` whatever else is wrong with it (the service says so without
   * checking the signature); a token without a single string `aud` is unparsable.
   */
  const refusalOf = (raw: string): AccessTokenError | undefined => {
    let aud: unknown
    try {
      aud = decodeJwt(raw).aud
    } catch {
      return unparsable()
    }
    if (typeof aud !== "string") return unparsable()
    if (aud !== projectId) {
      return new KnownErrors.InvalidProjectForAccessToken({ details: { expectedProjectId: projectId, actualProjectId: aud } })
    }
    return undefined
  }

  /** What the check of `raw` with `set` comes to, said as the service would: claims, a refusal, or an unknown key id. */
  const outcomeOf = (
    raw: string,
    token: Redacted.Redacted<string>,
    set: Jwks.KeySet,
    nowMillis: number,
    verdict: Jws.Verdict
  ): Outcome => {
    if (verdict._tag === "Valid") {
      const claims = claimsOf(verdict.payload, token, Math.floor(nowMillis / 1000), toleranceSeconds)
      if (claims === undefined) return Exit.fail(refusalOf(raw) ?? unparsable())
      remember(raw, claims, set)
      return Exit.succeed(claims)
    }
    const refusal = refusalOf(raw)
    if (refusal !== undefined) return Exit.fail(refusal)
    if (verdict._tag === "NoMatchingKey") return noMatchingKey
    if (verdict._tag === "Expired") {
      return Exit.fail(new KnownErrors.AccessTokenExpired({ details: { expiredAtMillis: verdict.exp * 1000 } }))
    }
    return Exit.fail(unparsable())
  }

  /** Checks `raw` with `set`; a key id the set lacks is looked up again once (`reason: "unknownKid"`). */
  const checkWith = (
    raw: string,
    token: Redacted.Redacted<string>,
    set: Jwks.KeySet,
    nowMillis: number,
    reason: Jwks.Reason
  ): Effect.Effect<Claims, VerifyError> => {
    const next = (outcome: Outcome): Effect.Effect<Claims, VerifyError> =>
      outcome !== noMatchingKey
        ? outcome
        // a key id the set lacks: the set is fetched again (at most once per cooldown), then the token is refused
        : reason === "normal"
        ? check(raw, token, nowMillis, "unknownKid")
        : Effect.fail(unparsable())
    const verdict = Jws.verify(raw, set.keys, rules, nowMillis, signatures)
    // Node's check is synchronous: no promise, no callback
    if (!(verdict instanceof Promise)) return next(outcomeOf(raw, token, set, nowMillis, verdict))
    return Effect.callback<Claims, VerifyError>((resume) => {
      void verdict.then(
        (v) => resume(next(outcomeOf(raw, token, set, nowMillis, v))),
        (defect: unknown) => resume(Effect.die(defect))
      )
    })
  }

  const check = (
    raw: string,
    token: Redacted.Redacted<string>,
    nowMillis: number,
    reason: Jwks.Reason
  ): Effect.Effect<Claims, VerifyError> => {
    // the usual case: a fresh set is at hand, no effect needed to get it
    const fresh = reason === "normal" ? jwks.current(nowMillis) : undefined
    if (fresh !== undefined) return checkWith(raw, token, fresh, nowMillis, reason)
    return Effect.matchEffect(jwks.get(reason), {
      // keys that cannot be fetched: a token refused whatever the keys stays refused, else the transport's error
      onFailure: (error) => Effect.fail(refusalOf(raw) ?? error),
      onSuccess: (set) => checkWith(raw, token, set, nowMillis, reason)
    })
  }

  const verify = (input: string | Redacted.Redacted<string>): Effect.Effect<Claims, VerifyError> =>
    Effect.clockWith((clock) => {
      const now = clock.currentTimeMillisUnsafe()
      const raw = typeof input === "string" ? input : Redacted.value(input)
      const known = capacity === 0 ? undefined : recall(raw, now)
      if (known !== undefined) return Effect.succeed(known)
      return check(raw, typeof input === "string" ? Redacted.make(input) : input, now, "normal")
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
