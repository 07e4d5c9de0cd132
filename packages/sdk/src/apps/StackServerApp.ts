/**
 * The server app: the client app's powers plus the secret server key. Provides
 * `ServerAccess`, so server-only calls of `api/*` compile. Refused in browsers.
 *
 * @since 0.1.0
 * @module
 */
import type * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Redacted from "effect/Redacted"
import type { InvalidTokenValue } from "../session/AccessToken.ts"
import * as TokenStore from "../session/TokenStore.ts"
import * as Access from "../transport/Access.ts"
import { StackHttp } from "../transport/StackHttp.ts"
import type { StackConfigError } from "../transport/TransportErrors.ts"
import * as AppLayer from "./internal/AppLayer.ts"
import * as ServerDefaults from "./internal/ServerDefaults.ts"
import * as RequestCaller from "./internal/RequestCaller.ts"
import type * as StackClientApp from "./StackClientApp.ts"

/** The options every app shares (token store, HTTP client, retry and time limits, ...), and those of `layerConfig`. */
export type { CommonOptions, ConfigOptions, ProjectOptions } from "./internal/AppLayer.ts"

/** The services `StackServerApp.forRequest` replaces with the request's own. */
export type { Replaced } from "./internal/RequestCaller.ts"

/** What a server app provides. */
export type Services = StackClientApp.Services | Access.ServerAccess

/** Options of the server app. */
export interface Options<E = never> extends AppLayer.ProjectOptions<E> {
  readonly publishableClientKey?: string | undefined
  readonly secretServerKey: string | Redacted.Redacted<string>
}

/** The server app from plain options; the key is kept `Redacted`. */
export const layer = <E = never>(options: Options<E>): Layer.Layer<Services, StackConfigError | E> =>
  Layer.merge(AppLayer.fromOptions(options, "server", AppLayer.keysOffBrowsers(Access.layerServer, options)), ServerDefaults.layer)

/** The server app configured through Effect `Config` (environment variables by default). */
export const layerConfig = <E = never>(
  options: AppLayer.ConfigOptions<E> = {}
): Layer.Layer<Services, StackConfigError | Config.ConfigError | E> =>
  Layer.merge(AppLayer.fromConfig(options, "server", AppLayer.keysOffBrowsers(Access.layerServer, options)), ServerDefaults.layer)

/**
 * Runs an effect as the caller of one incoming request, from its `x-stack-auth` header or its
 * cookies: `Users.getUser().pipe(StackServerApp.forRequest(request))`. No Layer per request, and no
 * session while the request's access token is valid; refreshes are shared process-wide. See
 * `RequestCaller.forRequest`.
 */
export const forRequest = RequestCaller.forRequest

/** The tokens {@link actAs} signs in with. */
export interface ActAsTokens {
  readonly accessToken?: string | Redacted.Redacted<string> | undefined
  readonly refreshToken: string | Redacted.Redacted<string>
}

/**
 * A client-app view of one user from a server: the app's project and publishable key
 * with client access, and a session over exactly these tokens (refreshed in memory). Provide it to
 * the calls that should run as the user, e.g. with the tokens of `Sessions.create`.
 */
export const actAs = (
  tokens: ActAsTokens
): Layer.Layer<StackClientApp.Services, InvalidTokenValue | StackConfigError, StackHttp> =>
  Layer.unwrap(Effect.map(StackHttp, (http) =>
    AppLayer.make(
      { ...http.config, secretServerKey: undefined, superSecretAdminKey: undefined },
      "client",
      { tokenStore: TokenStore.layerExplicit(tokens) }
    )))
