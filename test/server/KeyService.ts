/**
 * A stand-in for the service's key-set endpoint in tests of the verifier: keys made in the test,
 * published or withdrawn at will, an endpoint that can be slow, down, redirecting, huge or
 * malformed, and a count of the key-set requests. Tokens are signed here as the 2.8.27 service
 * signs them (header `{ alg, kid }`, claims `sub, branchId, refreshTokenId, role, iss, iat, aud, exp`).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import type { CryptoKey, JWK, JWTHeaderParameters, JWTPayload } from "jose"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"

export const projectId = "proj-verifier"
export const baseUrl = "https://api.stack.test"
export const issuer = `${baseUrl}/api/v1/projects/${projectId}`

export interface Key {
  readonly kid: string
  readonly privateKey: CryptoKey
  readonly publicJwk: JWK
}

export const makeKey = (kid: string): Effect.Effect<Key> =>
  Effect.promise(async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true })
    const jwk = await exportJWK(publicKey)
    return { kid, privateKey, publicJwk: { kty: "EC", crv: "P-256", alg: "ES256", kid, x: jwk.x!, y: jwk.y! } }
  })

export type Mode = "ok" | "down" | "slow" | "redirect" | "huge" | "malformed" | "notJson" | "notFound"

export interface KeyService {
  readonly published: Array<Key>
  mode: Mode
  jwksRequests: number
  readonly transport: HttpTransport.HttpTransport
}

export const make = (keys: ReadonlyArray<Key>): KeyService => {
  const service: KeyService = {
    published: [...keys],
    mode: "ok",
    jwksRequests: 0,
    transport: {
      send: (request) =>
        Effect.suspend(() => {
          const url = new URL(request.url)
          if (url.pathname !== `/api/v1/projects/${projectId}/.well-known/jwks.json`) {
            return Effect.fail(new HttpTransport.TransportFailure({ reason: "no such host in the test" }))
          }
          service.jwksRequests++
          const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } })
          switch (service.mode) {
            case "ok":
              return Effect.succeed(json({ keys: service.published.map((k) => k.publicJwk) }))
            case "down":
              return Effect.fail(new HttpTransport.TransportFailure({ reason: "connection refused" }))
            case "slow":
              return Effect.as(Effect.sleep("1 hour"), json({ keys: [] }))
            case "redirect":
              return Effect.succeed(new Response(null, { status: 302, headers: { location: "https://evil.test/jwks.json" } }))
            case "huge":
              return Effect.succeed(json({ keys: service.published.map((k) => k.publicJwk), padding: "x".repeat(1024 * 1024) }))
            case "malformed":
              return Effect.succeed(json({ keys: "none" }))
            case "notJson":
              return Effect.succeed(new Response("<html>", { headers: { "content-type": "text/html" } }))
            case "notFound":
              return Effect.succeed(new Response("Project not found", { status: 404 }))
          }
        })
    }
  }
  return service
}

/** A server pipeline of the test project over the key service's transport. */
export const http = (service: KeyService) =>
  StackHttp.make({
    accessType: "server",
    config: StackConfig.make({ projectId, publishableClientKey: "pck", secretServerKey: "ssk", baseUrl })
  }).pipe(Effect.orDie, Effect.provideService(HttpTransport.HttpTransport, service.transport))

/** The verifier of the test project, with `options`. */
export const verifier = (service: KeyService, options: AccessTokenVerifier.Options = {}) =>
  Effect.flatMap(http(service), (pipeline) =>
    AccessTokenVerifier.make(options).pipe(
      Effect.provideService(StackHttp.StackHttp, pipeline),
      Effect.provideService(HttpTransport.HttpTransport, service.transport)
    ))

/** The verifier as a Layer (for the middleware tests). */
export const layer = (service: KeyService, options: AccessTokenVerifier.Options = {}) =>
  Layer.effect(AccessTokenVerifier.AccessTokenVerifier, verifier(service, options))

export interface SignOptions {
  readonly claims?: JWTPayload
  readonly header?: Partial<JWTHeaderParameters>
  readonly lifetimeSeconds?: number
  readonly omit?: ReadonlyArray<string>
}

/** Signs a token as the service does, `iat` from the `Clock`. */
export const sign = (key: Key, options: SignOptions = {}): Effect.Effect<string> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    Effect.promise(() => {
      const iat = Math.floor(now / 1000)
      const claims: Record<string, unknown> = {
        sub: "user-1",
        branchId: "main",
        refreshTokenId: "session-1",
        role: "authenticated",
        iss: issuer,
        iat,
        aud: projectId,
        exp: iat + (options.lifetimeSeconds ?? 600),
        ...options.claims
      }
      for (const name of options.omit ?? []) delete claims[name]
      return new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: key.kid, ...options.header }).sign(key.privateKey)
    }))

export const redacted = (token: string) => Redacted.make(token)
