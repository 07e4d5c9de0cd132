/**
 * The cookies of the current page or request, as a service: what the OAuth flow
 * keeps its PKCE code verifier in. Over the adapters of `CookieStorage.ts`; defaults to the
 * browser's `document.cookie`, or a memory jar where there is no document.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import * as CookieStorage from "./CookieStorage.ts"

/** A cookie jar in memory (servers without a request, tests). */
export const makeMemory = (secure = false): CookieStorage.CookieAdapter => {
  const jar = new Map<string, string>()
  return {
    secure,
    get: (name) => jar.get(name),
    set: (name, value, attributes) => {
      if (attributes.maxAge <= 0) jar.delete(name)
      else jar.set(name, value)
    },
    delete: (name) => void jar.delete(name)
  }
}

const browserAdapter = (): CookieStorage.CookieAdapter | undefined => {
  const global = globalThis as { document?: CookieStorage.CookieDocument; location?: { protocol?: string } }
  return global.document === undefined ? undefined : CookieStorage.documentAdapter(global.document, global.location?.protocol === "https:")
}

/** The cookies in use: `document.cookie` in browsers, else a process-wide memory jar. */
export const Cookies: Context.Reference<CookieStorage.CookieAdapter> = /*#__PURE__*/ Context.Reference<CookieStorage.CookieAdapter>(
  "stack-auth-effect/session/Cookies",
  { defaultValue: () => browserAdapter() ?? makeMemory() }
)

/** Uses these cookies (a server framework's request/response, `CookieStorage.fetchAdapter`). */
export const layerAdapter = (adapter: CookieStorage.CookieAdapter): Layer.Layer<never> => Layer.succeed(Cookies, adapter)

/** A fresh memory jar. */
export const layerMemory: Layer.Layer<never> = /*#__PURE__*/ Layer.sync(Cookies, () => makeMemory())
