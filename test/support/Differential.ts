import * as Effect from "effect/Effect"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/**
 * Tokens of a signed-in `userId`: an unsigned access token valid for an hour (neither SDK checks
 * the signature on the client) and a fixed refresh token.
 */
export const signedInTokens = (userId: string, projectId: string) => {
  const now = Math.floor(Date.now() / 1000)
  const accessToken = [
    base64url({ alg: "ES256", typ: "JWT" }),
    base64url({ sub: userId, aud: projectId, iat: now, exp: now + 3600 }),
    "c2lnbmF0dXJl"
  ].join(".")
  return { accessToken, refreshToken: "refresh-token-1" }
}

/**
 * Both SDKs' apps on one recording server: a client app signed in with `tokens` and a server app,
 * the official SDK's (devDependency, test oracle only) and ours.
 */
export const differentialApps = (
  baseUrl: string,
  keys: { readonly projectId: string; readonly publishableClientKey: string; readonly secretServerKey: string },
  tokens: { readonly accessToken: string; readonly refreshToken: string }
) =>
  Effect.map(Effect.promise(() => import("@stackframe/js")), (official) => {
    const common = { ...keys, baseUrl }
    return {
      theirClient: new official.StackClientApp({ ...common, tokenStore: tokens }),
      theirServer: new official.StackServerApp({ ...common, tokenStore: "memory" }),
      ourClient: StackClientApp.layer({ ...common, tokenStore: TokenStore.layerExplicit(tokens) }),
      ourServer: StackServerApp.layer(common)
    }
  })
