/**
 * Leaving the page: redirects to sign-in, to the MFA page, to an OAuth provider.
 * Browsers change `window.location`; servers have nowhere to go; tests record the URLs.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Navigation } from "../session/internal/NavigationService.ts"

export * from "../session/internal/NavigationService.ts"

/** Browsers: `window.location.assign` / `replace`. */
export const layerBrowser: Layer.Layer<Navigation> = /*#__PURE__*/ Layer.sync(Navigation, () => {
  const location = () => (globalThis as { location?: Pick<Location, "assign" | "replace"> }).location
  return Navigation.of({
    navigate: (url) => Effect.sync(() => location()?.assign(url)),
    replaceUrl: (url) => Effect.sync(() => location()?.replace(url))
  })
})
