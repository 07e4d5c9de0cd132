/**
 * The client app: a publishable client key plus the user's session. Runs in
 * browsers and on servers; it cannot express server-only or admin-only calls (their `ServerAccess`
 * or `AdminAccess` requirement is a compile error here).
 *
 * @since 0.1.0
 * @module
 */
import * as Layer from "effect/Layer"
import type * as Config from "effect/Config"
import type { StackConfigError } from "../transport/TransportErrors.ts"
import type * as QueryCache from "../query/QueryCache.ts"
import type * as Session from "../session/Session.ts"
import type * as TokenStore from "../session/TokenStore.ts"
import type * as StackHttp from "../transport/StackHttp.ts"
import * as AppLayer from "./internal/AppLayer.ts"

/** The options every app shares (token store, HTTP client, retry and time limits, ...), and those of `layerConfig`. */
export type { CommonOptions, ConfigOptions, ProjectOptions } from "./internal/AppLayer.ts"

/**
 * What a client app provides to the calls of `api/*` (`AppLayer.Services`, written out so that
 * a user's inferred types can name it: `StackClientApp.Services`).
 */
export type Services = StackHttp.StackHttp | Session.Session | TokenStore.TokenStore | QueryCache.QueryCache

/** Options of the client app. */
export interface Options<E = never> extends AppLayer.ProjectOptions<E> {
  readonly publishableClientKey: string
}

/** The client app from plain options. */
export const layer = <E = never>(options: Options<E>): Layer.Layer<Services, StackConfigError | E> =>
  AppLayer.fromOptions(options, "client")

/** The client app configured through Effect `Config` (environment variables by default). */
export const layerConfig = <E = never>(
  options: AppLayer.ConfigOptions<E> = {}
): Layer.Layer<Services, StackConfigError | Config.ConfigError | E> => AppLayer.fromConfig(options, "client")
