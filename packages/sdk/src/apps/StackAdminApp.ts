/**
 * The admin app: works on the project's own settings with the super-secret admin key.
 * Provides `ServerAccess` and `AdminAccess`. Refused in browsers.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Config from "effect/Config"
import type * as Redacted from "effect/Redacted"
import * as OwnerSession from "../session/OwnerSession.ts"
import * as Session from "../session/Session.ts"
import * as Access from "../transport/Access.ts"
import * as StackConfig from "../transport/StackConfig.ts"
import * as StackHttp from "../transport/StackHttp.ts"
import type { StackConfigError } from "../transport/TransportErrors.ts"
import * as AppLayer from "./internal/AppLayer.ts"
import * as ServerDefaults from "./internal/ServerDefaults.ts"
import type * as StackClientApp from "./StackClientApp.ts"

/** The options every app shares (token store, HTTP client, retry and time limits, ...), and those of `layerConfig`. */
export type { CommonOptions, ConfigOptions, ProjectOptions } from "./internal/AppLayer.ts"

/** What an admin app provides. */
export type Services = StackClientApp.Services | Access.ServerAccess | Access.AdminAccess

/** Options of the admin app. */
export interface Options<E = never> extends AppLayer.ProjectOptions<E> {
  readonly publishableClientKey?: string | undefined
  readonly secretServerKey?: string | Redacted.Redacted<string> | undefined
  readonly superSecretAdminKey: string | Redacted.Redacted<string>
}

/** The admin app from plain options; keys are kept `Redacted`. */
export const layer = <E = never>(options: Options<E>): Layer.Layer<Services, StackConfigError | E> =>
  Layer.merge(
    AppLayer.fromOptions(options, "admin", AppLayer.keysOffBrowsers((config) => Access.layerAdmin({ config }), options)),
    ServerDefaults.layer
  )

/** The admin app configured through Effect `Config` (environment variables by default). */
export const layerConfig = <E = never>(
  options: AppLayer.ConfigOptions<E> = {}
): Layer.Layer<Services, StackConfigError | Config.ConfigError | E> =>
  Layer.merge(
    AppLayer.fromConfig(options, "admin", AppLayer.keysOffBrowsers((config) => Access.layerAdmin({ config }), options)),
    ServerDefaults.layer
  )

/** Options of the admin app run by the project owner's session. */
export interface OwnerSessionOptions<E = never> extends AppLayer.ProjectOptions<E> {
  /** The project to administer; the owner must be an admin of it. */
  readonly projectId: string
  /** The owner's session in the `internal` project (e.g. `yield* Session.Session` in its client app). */
  readonly ownerSession: Session.Service
}

/**
 * The admin app of a project, run by its owner's session instead of a super-secret key:
 * each request sends the owner's `internal` access token as the admin access token, refreshed
 * through `ownerSession` and retried once when the service reports it invalid.
 */
export const layerOwnerSession = <E = never>(options: OwnerSessionOptions<E>): Layer.Layer<Services, StackConfigError | E> => {
  const config = StackConfig.make({
    projectId: options.projectId,
    baseUrl: options.baseUrl,
    extraRequestHeaders: options.extraRequestHeaders
  })
  const http = Layer.effect(
    StackHttp.StackHttp,
    Effect.map(
      StackHttp.make({ config, accessType: "admin" }),
      (inner) => OwnerSession.withOwnerSession(inner, options.ownerSession)
    )
  )
  return Layer.mergeAll(AppLayer.assemble(http, options), Access.layerAdmin({ ownerSession: options.ownerSession }), ServerDefaults.layer)
}

/**
 * The admin app of a project the signed-in user owns, run by the current session (the owner's, in
 * the `internal` project's app) instead of a super-secret key.
 */
export const forOwnedProject = (projectId: string): Effect.Effect<Layer.Layer<Services, StackConfigError>, never, Session.Session | StackHttp.StackHttp> =>
  Effect.gen(function*() {
    const ownerSession = yield* Session.Session
    const http = yield* StackHttp.StackHttp
    return layerOwnerSession({
      projectId,
      ownerSession,
      baseUrl: http.config.baseUrl,
      extraRequestHeaders: http.config.extraRequestHeaders
    })
  })
