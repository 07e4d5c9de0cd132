/**
 * How every app is assembled: a pipeline for one access level, a token store, a session over both,
 * and the access witnesses. One implementation shared by the three apps (SPEC §1, §6).
 *
 * @since 0.1.0
 */
import * as Layer from "effect/Layer"
import * as QueryCache from "../cache/QueryCache.ts"
import type { AccessType } from "../protocol/AccessType.ts"
import * as Session from "../session/Session.ts"
import * as TokenStore from "../session/TokenStore.ts"
import type { StackConfig } from "../transport/StackConfig.ts"
import * as StackHttp from "../transport/StackHttp.ts"
import type { StackConfigError } from "../transport/TransportErrors.ts"

/** What every app provides. */
export type Services = StackHttp.StackHttp | Session.Session | TokenStore.TokenStore | QueryCache.QueryCache

/** Options every app accepts besides its configuration. */
export interface CommonOptions<E = never> {
  /** Where the user's tokens live (SPEC §4); an empty memory store by default. */
  readonly tokenStore?: Layer.Layer<TokenStore.TokenStore, E> | undefined
  /** See `StackHttp.Options.allowSecretKeysInBrowser`. */
  readonly allowSecretKeysInBrowser?: boolean | undefined
}

/** Assembles a pipeline Layer with a token store, a session and the query cache into an app. */
export const assemble = <E, E2>(
  http: Layer.Layer<StackHttp.StackHttp, E2>,
  options: CommonOptions<E>
): Layer.Layer<Services, E | E2> =>
  // `fresh`: Layer values are memoised by identity, and two apps in one Layer graph must never
  // share a session, a default token store or a cache.
  // The query cache (SPEC §9) follows the session: `Users.getUser` and the React hooks read through it.
  QueryCache.layer.pipe(
    Layer.provideMerge(Layer.fresh(Session.layer)),
    Layer.provideMerge(Layer.mergeAll(http, options.tokenStore ?? Layer.fresh(TokenStore.layerMemory)))
  )

/** Assembles pipeline, token store, session and query cache for one access level. */
export const make = <E>(
  config: StackConfig,
  accessType: AccessType,
  options: CommonOptions<E>
): Layer.Layer<Services, StackConfigError | E> =>
  assemble(StackHttp.layer({ config, accessType, allowSecretKeysInBrowser: options.allowSecretKeysInBrowser }), options)
