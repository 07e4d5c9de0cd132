/**
 * How every app is assembled: a pipeline for one access level, a token store, a session over both,
 * and the access witnesses. One implementation shared by the three apps (SPEC §1, §6).
 *
 * @since 0.1.0
 */
import * as Layer from "effect/Layer"
import type { AccessType } from "../protocol/AccessType.ts"
import * as Session from "../session/Session.ts"
import * as TokenStore from "../session/TokenStore.ts"
import type { StackConfig } from "../transport/StackConfig.ts"
import * as StackHttp from "../transport/StackHttp.ts"
import type { StackConfigError } from "../transport/TransportErrors.ts"

/** What every app provides. */
export type Services = StackHttp.StackHttp | Session.Session | TokenStore.TokenStore

/** Options every app accepts besides its configuration. */
export interface CommonOptions<E = never> {
  /** Where the user's tokens live (SPEC §4); an empty memory store by default. */
  readonly tokenStore?: Layer.Layer<TokenStore.TokenStore, E> | undefined
  /** See `StackHttp.Options.allowSecretKeysInBrowser`. */
  readonly allowSecretKeysInBrowser?: boolean | undefined
}

/** Assembles pipeline, token store and session for one access level. */
export const make = <E>(
  config: StackConfig,
  accessType: AccessType,
  options: CommonOptions<E>
): Layer.Layer<Services, StackConfigError | E> =>
  // `fresh`: Layer values are memoised by identity, and two apps in one Layer graph must never
  // share a session or a default token store.
  Layer.fresh(Session.layer).pipe(
    Layer.provideMerge(Layer.mergeAll(
      StackHttp.layer({ config, accessType, allowSecretKeysInBrowser: options.allowSecretKeysInBrowser }),
      options.tokenStore ?? Layer.fresh(TokenStore.layerMemory)
    ))
  )
