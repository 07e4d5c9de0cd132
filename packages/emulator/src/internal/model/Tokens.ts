/**
 * Session tokens of the emulator: access tokens are ES256 JWTs signed with the
 * state's key, with `iat`/`exp` taken from Effect's `Clock` (so `TestClock` expires them), and
 * refresh tokens are opaque random strings. How long each lives, and whether a refresh token is
 * replaced on every use, is the emulator's {@link TokenPolicy} (one per emulator).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { decodeJwt, decodeProtectedHeader, errors, importJWK, jwtVerify, SignJWT } from "jose"
import type { JWK } from "jose"
import type { SigningKey } from "../../EmulatorState.ts"

/** Access-token lifetime: 10 minutes. */
export const accessTokenLifetimeSeconds = 600

/** Refresh-token (session) lifetime: one year (31,536,000,000 ms). */
export const refreshTokenLifetimeMillis = 31_536_000_000

/** How long the emulator's tokens live, and whether refreshing replaces the refresh token. */
export interface Policy {
  /** Seconds an access token is valid after it is signed; 600 by default, like the service. */
  readonly accessTokenLifetimeSeconds: number
  /** Milliseconds a new session's refresh token is valid; one year by default, like the service. */
  readonly refreshTokenLifetimeMillis: number
  /**
   * `true`: each refresh answers a new refresh token and the used one stops working (so the SDK's
   * rotation path runs); `false` (the service's behaviour): the refresh token stays the same.
   */
  readonly rotateRefreshTokens: boolean
}

/** The token policy of the emulator answering the current request; the service's values by default. */
export const TokenPolicy: Context.Reference<Policy> = Context.Reference<Policy>("stack-auth-effect/emulator/TokenPolicy", {
  defaultValue: () => ({ accessTokenLifetimeSeconds, refreshTokenLifetimeMillis, rotateRefreshTokens: false })
})

/** The claims of an access token. */
export interface AccessTokenClaims {
  readonly sub: string
  readonly iss: string
  readonly aud: string
  readonly iat: number
  readonly exp: number
  readonly role: "authenticated"
  readonly branchId: string
  readonly refreshTokenId: string
}

/** The issuer of a project's tokens: `<baseUrl>/api/v1/projects/<id>`. */
export const issuer = (baseUrl: string, projectId: string): string => `${baseUrl}/api/v1/projects/${projectId}`

type CryptoKeyLike = Awaited<ReturnType<typeof importJWK>>
const keyCache = new Map<string, CryptoKeyLike>()

const importKey = (jwk: JWK, kid: string, use: "private" | "public"): Effect.Effect<CryptoKeyLike> =>
  Effect.promise(async () => {
    const cacheKey = `${kid}:${use}`
    const cached = keyCache.get(cacheKey)
    if (cached !== undefined) return cached
    const key = await importJWK(jwk, "ES256")
    keyCache.set(cacheKey, key)
    return key
  })

/** Signs an access token for a session; `nowMillis` comes from the caller's `Clock`. */
export const signAccessToken = (
  key: SigningKey,
  input: {
    readonly baseUrl: string
    readonly projectId: string
    readonly userId: string
    readonly refreshTokenId: string
    readonly nowMillis: number
    /** Seconds until it expires; {@link accessTokenLifetimeSeconds} by default. */
    readonly lifetimeSeconds?: number | undefined
  }
): Effect.Effect<string> =>
  Effect.flatMap(importKey(key.privateJwk, key.kid, "private"), (privateKey) =>
    Effect.promise(() => {
      const iat = Math.floor(input.nowMillis / 1000)
      // the service's shape: header `{ alg, kid }` (no `typ`); claims in its order
      // `sub, branchId, refreshTokenId, role, iss, iat, aud, exp`
      return new SignJWT({ sub: input.userId, branchId: "main", refreshTokenId: input.refreshTokenId, role: "authenticated" })
        .setProtectedHeader({ alg: "ES256", kid: key.kid })
        .setIssuer(issuer(input.baseUrl, input.projectId))
        .setIssuedAt(iat)
        .setAudience(input.projectId)
        .setExpirationTime(iat + (input.lifetimeSeconds ?? accessTokenLifetimeSeconds))
        .sign(privateKey)
    }))

/** The outcome of checking an access token. */
export type Verification =
  | { readonly _tag: "Valid"; readonly claims: AccessTokenClaims }
  | { readonly _tag: "Expired"; readonly expiredAtMillis: number | null }
  | { readonly _tag: "Unparsable" }

const isString = (u: unknown): u is string => typeof u === "string"

/** The key among `keys` a token names by `kid` (the only key when it names none), if any. */
const keyFor = (keys: ReadonlyArray<SigningKey>, token: string): SigningKey | undefined => {
  try {
    const kid = decodeProtectedHeader(token).kid
    return kid === undefined ? (keys.length === 1 ? keys[0] : undefined) : keys.find((key) => key.kid === kid)
  } catch {
    return undefined
  }
}

/** Checks an access token's signature (by one of the published `keys`), shape and expiry at `nowMillis`.*/
export const verifyAccessToken = (keys: ReadonlyArray<SigningKey>, token: string, nowMillis: number): Effect.Effect<Verification> => {
  const key = keyFor(keys, token)
  if (key === undefined) return Effect.succeed({ _tag: "Unparsable" })
  return Effect.flatMap(importKey(key.publicJwk, key.kid, "public"), (publicKey) =>
    Effect.promise(async (): Promise<Verification> => {
      try {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: ["ES256"], currentDate: new Date(nowMillis) })
        const { sub, iss, aud, iat, exp, branchId, refreshTokenId } = payload as Record<string, unknown>
        if (!isString(sub) || !isString(iss) || !isString(aud) || !isString(refreshTokenId) || typeof exp !== "number") {
          return { _tag: "Unparsable" }
        }
        return {
          _tag: "Valid",
          claims: {
            sub, iss, aud, exp, refreshTokenId,
            iat: typeof iat === "number" ? iat : 0,
            role: "authenticated",
            branchId: isString(branchId) ? branchId : "main"
          }
        }
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          const exp = decodeJwt(token).exp
          return { _tag: "Expired", expiredAtMillis: typeof exp === "number" ? exp * 1000 : null }
        }
        return { _tag: "Unparsable" }
      }
    }))
}

/** The public JWK set of the published signing keys: members `kty, crv, alg, kid, x, y` in the service's order.*/
export const jwks = (keys: ReadonlyArray<SigningKey>): { readonly keys: ReadonlyArray<JWK> } => ({
  keys: keys.map((key) => ({ kty: key.publicJwk.kty!, crv: key.publicJwk.crv!, alg: "ES256", kid: key.kid, x: key.publicJwk.x!, y: key.publicJwk.y! }))
})

/** A fresh opaque random token (refresh tokens, codes): 32 random bytes, base64url. */
export const randomToken = (bytes = 32): string => {
  const buffer = new Uint8Array(bytes)
  crypto.getRandomValues(buffer)
  let binary = ""
  for (const byte of buffer) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}
