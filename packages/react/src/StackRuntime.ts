/**
 * The runtime behind the React provider: the client app's Layer plus the query cache,
 * navigation and handler URLs, and runners over a built context. React-free.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as WebAuthn from "stack-auth-effect/WebAuthn"
import type * as StackClientApp from "stack-auth-effect/StackClientApp"
import * as QueryCache from "stack-auth-effect/QueryCache"
import * as HandlerUrls from "stack-auth-effect/HandlerUrls"
import { Navigation } from "stack-auth-effect/Navigation"

/** What every hook may use: the client app, its cache, navigation. */
export type Services = StackClientApp.Services | QueryCache.QueryCache | Navigation | WebAuthn.WebAuthn

/** A runtime the provider can run hooks on. */
export type StackRuntime<E = unknown> = ManagedRuntime.ManagedRuntime<Services, E>

/** Where to go: the `navigate` of a client-side router (React Router's `useNavigate()` fits). */
export type Navigate = (url: string, options?: { readonly replace?: boolean | undefined }) => void

/** Options of {@link makeLayer}. */
export interface LayerOptions {
  /** Navigation for client-side routers; `window.location` by default. */
  readonly navigate?: (() => Navigate | undefined) | undefined
  /** Handler base path, home path or single URLs. */
  readonly urls?: HandlerUrls.Options | undefined
  /** The passkey ceremonies; the browser's WebAuthn by default. */
  readonly webAuthn?: Layer.Layer<WebAuthn.WebAuthn> | undefined
}

const browserLocation = () => (globalThis as { location?: Pick<Location, "assign" | "replace"> }).location

/**
 * The app's Layer (which holds the query cache, cleared on session changes) plus what the hooks
 * need: navigation, the handler URLs and the passkey ceremonies. For building a runtime by hand.
 */
export const makeLayer = <E, R>(
  app: Layer.Layer<StackClientApp.Services, E, R>,
  options: LayerOptions = {}
): Layer.Layer<Services, E, R> => {
  const go = (url: string, replace: boolean) =>
    Effect.sync(() => {
      const navigate = options.navigate?.()
      if (navigate !== undefined) return navigate(url, { replace })
      const location = browserLocation()
      if (replace) location?.replace(url)
      else location?.assign(url)
    })
  const navigation = Layer.succeed(Navigation, Navigation.of({ navigate: (url) => go(url, false), replaceUrl: (url) => go(url, true) }))
  const urls = Layer.succeed(HandlerUrls.CurrentHandlerUrls, HandlerUrls.make(options.urls))
  return Layer.mergeAll(navigation, urls, options.webAuthn ?? WebAuthn.layerBrowser).pipe(Layer.provideMerge(app))
}

/** A runtime for the provider from the client app's Layer. */
export const makeRuntime = <E>(app: Layer.Layer<StackClientApp.Services, E>, options: LayerOptions = {}): StackRuntime<E> =>
  ManagedRuntime.make(makeLayer(app, options))

/** Runs the app's effects from event handlers: `const app = useStackApp(); await app.run(Auth.signOut())`. */
export interface StackApp {
  readonly runtime: StackRuntime
  readonly cache: QueryCache.Service
  /** Runs an effect to its value; a failure rejects with the typed failure value itself. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, Services>) => Promise<A>
  /** Runs an effect to its `Exit` (never rejects). */
  readonly runExit: <A, E>(effect: Effect.Effect<A, E, Services>) => Promise<Exit.Exit<A, E>>
  /** Starts an effect in the background; interrupt the fiber to stop it. */
  readonly runFork: <A, E>(effect: Effect.Effect<A, E, Services>) => Fiber.Fiber<A, E>
}

/** The runners of {@link StackApp} over a built context. */
export const makeStackApp = (runtime: StackRuntime, cache: QueryCache.Service, context: Context.Context<Services>): StackApp => {
  const runExit = <A, E>(effect: Effect.Effect<A, E, Services>) => Effect.runPromiseExitWith(context)(effect)
  return {
    runtime,
    cache,
    runExit,
    run: (effect) =>
      runExit(effect).then((exit) => (Exit.isSuccess(exit) ? exit.value : Promise.reject(failureOf(exit.cause)))),
    runFork: (effect) => Effect.runForkWith(context)(effect)
  }
}

/** The typed failure of a cause when it has one, else the defect (squashed). */
export const failureOf = <E>(cause: Cause.Cause<E>): E | unknown => {
  const error = Cause.findError(cause)
  return error._tag === "Success" ? error.success : Cause.squash(cause)
}
