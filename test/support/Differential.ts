import * as Effect from "effect/Effect"
import * as StackClientApp from "../../src/apps/StackClientApp.ts"
import * as StackServerApp from "../../src/apps/StackServerApp.ts"
import * as TokenStore from "../../src/session/TokenStore.ts"

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
