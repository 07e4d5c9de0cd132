/**
 * How every app is assembled: a pipeline for one access level, a token store, a session over both,
 * and the access witnesses. One implementation shared by the three apps.
 *
 * @since 0.1.0
 */
import type * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as CacheWrites from "../../cache/internal/CacheWrites.ts"
import * as GlobalHost from "../../platform/internal/GlobalHost.ts"
import * as QueryCache from "../../query/QueryCache.ts"
import type { AccessType } from "../../protocol/AccessType.ts"
import * as Session from "../../session/Session.ts"
import * as TokenStore from "../../session/TokenStore.ts"
import type * as Limits from "../../transport/Limits.ts"
import * as StackConfig from "../../transport/StackConfig.ts"
import * as StackHttp from "../../transport/StackHttp.ts"
import { StackConfigError } from "../../transport/TransportErrors.ts"

/** What every app provides. */
export type Services = StackHttp.StackHttp | Session.Session | TokenStore.TokenStore | QueryCache.QueryCache

/** Options every app accepts besides its configuration. */
export interface CommonOptions<E = never> {
  /** Where the user's tokens live; an empty memory store by default. */
  readonly tokenStore?: Layer.Layer<TokenStore.TokenStore, E> | undefined
  /**
   * Lets a server or admin app use a secret key where `window` and `document` exist. Only for
   * trusted environments that look like browsers (jsdom tests, Electron main processes); never
   * for a real page.
   */
  readonly allowSecretKeysInBrowser?: boolean | undefined
}

/**
 * Which project and service an app talks to, besides its keys, and the bounds of its calls:
 * `timeout`, `deadline`, `maxResponseBytes`, `maxRetryAfter` and the `retry` schedule
 * (`{ retry: { baseDelay: 0 } }` lets tests of failures run instantly).
 */
export interface ProjectOptions<E = never> extends CommonOptions<E>, Limits.Options {
  /** The project's id, as shown on the dashboard. */
  readonly projectId: string
  /** Where the service lives; the hosted service by default. */
  readonly baseUrl?: string | undefined
  /** Headers added to every request (a proxy's, for example); they never replace the SDK's own. */
  readonly extraRequestHeaders?: Readonly<Record<string, string>> | undefined
}

/**
 * Options of an app's `layerConfig`: each configuration option a plain value (it wins over the
 * environment) or a `Config` to read it from; the rest are read from `StackConfig.env`.
 */
export type ConfigOptions<E = never> = CommonOptions<E> & StackConfig.ConfigOptions

/** The configuration with only the keys an access level sends: a client no secret, a server no admin key. */
export const keysOf = (config: StackConfig.StackConfig, accessType: AccessType): StackConfig.StackConfig => ({
  ...config,
  secretServerKey: accessType === "client" ? undefined : config.secretServerKey,
  superSecretAdminKey: accessType === "admin" ? config.superSecretAdminKey : undefined
})

/** Assembles a pipeline Layer with a token store, a session and the query cache into an app. */
export const assemble = <E, E2>(
  http: Layer.Layer<StackHttp.StackHttp, E2>,
  options: CommonOptions<E>
): Layer.Layer<Services, E | E2> =>
  // `fresh`: Layer values are memoised by identity, and two apps in one Layer graph must never
  // share a session, a default token store or a cache.
  // The query cache follows the session: `Users.getUser` and the React hooks read through it.
  // Every write through the app keeps that cache right (`CacheWrites`, the app's `WriteObserver`).
  // The host (a browser page or none) comes from platform/: the pipeline checks it when it is built,
  // and every call under the app reads it (offline, the page's URL, storage and cookies).
  CacheWrites.layer.pipe(
    Layer.provideMerge(QueryCache.layer),
    Layer.provideMerge(Layer.fresh(Session.layer)),
    Layer.provideMerge(Layer.mergeAll(http, options.tokenStore ?? Layer.fresh(TokenStore.layerMemory))),
    Layer.provideMerge(GlobalHost.layer)
  )

/**
 * The access witnesses an app level is granted from its configuration's keys: given by
 * the server and admin apps, so a client app's bundle never holds the server and admin checks.
 */
export type Witnesses<W> = (config: StackConfig.StackConfig) => Layer.Layer<W, StackConfigError>

/**
 * The witnesses of a server or admin app, refused with a secret key where a page's globals exist
 * unless `allowSecretKeysInBrowser`: checked when the app is built. Given by those two apps, so a
 * client app's bundle never holds the check.
 */
export const keysOffBrowsers = <W>(witnesses: Witnesses<W>, options: CommonOptions<unknown>): Witnesses<W> => (config) =>
  Layer.unwrap(Effect.suspend(() =>
    !options.allowSecretKeysInBrowser && GlobalHost.looksLikeBrowser() &&
      (config.secretServerKey !== undefined || config.superSecretAdminKey !== undefined)
      ? Effect.fail(new StackConfigError({ reason: "A secret server key or admin key must never be used in a browser: use the client app there" }))
      : Effect.succeed(witnesses(config))
  ))

/** Assembles pipeline, token store, session, query cache and the level's access witnesses. */
export const make = <E, W = never>(
  config: StackConfig.StackConfig,
  accessType: AccessType,
  options: CommonOptions<E>,
  witnesses?: Witnesses<W>
): Layer.Layer<Services | W, StackConfigError | E> => {
  const app = assemble(StackHttp.layer({ config, accessType }), options)
  // no witnesses: W is `never` (the client app)
  return witnesses === undefined ? app as Layer.Layer<Services | W, StackConfigError | E> : Layer.merge(app, witnesses(config))
}

/** An app of one access level from plain options (keys above that level are dropped). */
export const fromOptions = <E, W = never>(
  options: CommonOptions<E> & StackConfig.Options,
  accessType: AccessType,
  witnesses?: Witnesses<W>
): Layer.Layer<Services | W, StackConfigError | E> =>
  make(keysOf(StackConfig.make(options), accessType), accessType, options, witnesses)

/** An app of one access level configured through Effect `Config` (keys above that level are dropped). */
export const fromConfig = <E, W = never>(
  options: ConfigOptions<E>,
  accessType: AccessType,
  witnesses?: Witnesses<W>
): Layer.Layer<Services | W, StackConfigError | Config.ConfigError | E> =>
  Layer.unwrap(Effect.map(StackConfig.config(options), (config) => make(keysOf(config, accessType), accessType, options, witnesses)))
