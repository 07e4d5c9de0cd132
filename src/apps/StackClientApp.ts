/**
 * The client app: a publishable client key plus the user's session (SPEC §1, §6). Runs in
 * browsers and on servers; it cannot express server-only or admin-only calls (their `ServerAccess`
 * or `AdminAccess` requirement is a compile error here).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Config from "effect/Config"
import * as StackConfig from "../transport/StackConfig.ts"
import type { StackConfigError } from "../transport/TransportErrors.ts"
import * as AppLayer from "./AppLayer.ts"

/** What a client app provides to the calls of `api/*`. */
export type Services = AppLayer.Services

/** Options of the client app. SPEC §6 */
export interface Options<E = never> extends AppLayer.CommonOptions<E> {
  readonly projectId: string
  readonly publishableClientKey: string
  readonly baseUrl?: string | undefined
  readonly extraRequestHeaders?: Readonly<Record<string, string>> | undefined
}

/** The client app from plain options. */
export const layer = <E = never>(options: Options<E>): Layer.Layer<Services, StackConfigError | E> =>
  AppLayer.make(
    StackConfig.make({
      projectId: options.projectId,
      publishableClientKey: options.publishableClientKey,
      baseUrl: options.baseUrl,
      extraRequestHeaders: options.extraRequestHeaders
    }),
    "client",
    options
  )

/** The client app configured through Effect `Config` (environment variables by default). */
export const layerConfig = <E = never>(
  options: AppLayer.CommonOptions<E> & Partial<StackConfig.Options> = {}
): Layer.Layer<Services, StackConfigError | Config.ConfigError | E> =>
  Layer.unwrap(Effect.map(StackConfig.config(options), (config) =>
    AppLayer.make({ ...config, secretServerKey: undefined, superSecretAdminKey: undefined }, "client", options)))
