/**
 * Leaving the page (redirects to sign-in, to the MFA page, to an OAuth provider): the navigation
 * service the API and the redirects use, and its Layers for servers (nowhere to go) and tests (the
 * URLs recorded). Public as `Navigation` (platform/Navigation.ts, which adds the browser's Layer).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"

/** A navigation service. */
export interface Service {
  /** Goes to `url`, adding a history entry. */
  readonly navigate: (url: string) => Effect.Effect<void>
  /** Goes to `url`, replacing the current history entry (e.g. after an OAuth callback). */
  readonly replaceUrl: (url: string) => Effect.Effect<void>
}

/** The navigation service key. */
export class Navigation extends /*#__PURE__*/ Context.Service<Navigation, Service>()("stack-auth-effect/session/Navigation") {}

/** Node and other servers: navigation does nothing. */
export const layerNoop: Layer.Layer<Navigation> = /*#__PURE__*/ Layer.succeed(Navigation, /*#__PURE__*/ Navigation.of({
  navigate: () => Effect.void,
  replaceUrl: () => Effect.void
}))

/** One recorded navigation. */
export interface Visit {
  readonly kind: "navigate" | "replace"
  readonly url: string
}

/** Tests: records every navigation; read them with {@link visits}. */
export class NavigationLog extends /*#__PURE__*/ Context.Service<NavigationLog, Ref.Ref<ReadonlyArray<Visit>>>()(
  "stack-auth-effect/session/NavigationLog"
) {}

/** Tests: records navigations in `NavigationLog` instead of leaving the page. */
export const layerTest: Layer.Layer<Navigation | NavigationLog> = /*#__PURE__*/ Layer.effectContext(/*#__PURE__*/ Effect.gen(function*() {
  const log = yield* Ref.make<ReadonlyArray<Visit>>([])
  const record = (kind: Visit["kind"]) => (url: string) => Ref.update(log, (visits) => [...visits, { kind, url }])
  return Context.make(Navigation, Navigation.of({ navigate: record("navigate"), replaceUrl: record("replace") })).pipe(
    Context.add(NavigationLog, log)
  )
}))

/** The navigations recorded by {@link layerTest}. */
export const visits: Effect.Effect<ReadonlyArray<Visit>, never, NavigationLog> = /*#__PURE__*/ Effect.flatMap(NavigationLog, Ref.get)
