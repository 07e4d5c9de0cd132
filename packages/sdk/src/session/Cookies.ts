/**
 * The cookies of the current page or request, as a service: what the OAuth flow
 * keeps its PKCE code verifier in. Over the adapters of `CookieStorage`; by default the page's
 * cookies (`document.cookie`, from the host the apps provide), or a process-wide memory jar where
 * there is no page.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Host from "../transport/internal/Host.ts"
import * as SessionCookies from "./internal/SessionCookies.ts"

/** A cookie jar in memory (servers without a request, tests). */
export const makeMemory = (secure = false): SessionCookies.CookieAdapter => {
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

let processJar: SessionCookies.CookieAdapter | undefined

/** The cookies in use: `document.cookie` in browsers, else a process-wide memory jar. */
export const Cookies: Context.Reference<SessionCookies.CookieAdapter> = /*#__PURE__*/ Context.Reference<SessionCookies.CookieAdapter>(
  "stack-auth-effect/session/Cookies",
  { defaultValue: () => (processJar ??= makeMemory()) }
)

/** The cookies a call uses: those provided, else the page's (`Secure` on https), else the process-wide jar. */
export const current: Effect.Effect<SessionCookies.CookieAdapter> = /*#__PURE__*/ Effect.withFiber((fiber) => {
  const cookies = fiber.getRef(Cookies)
  const host = fiber.getRef(Host.Host)
  const page = cookies === processJar ? host?.cookies() : undefined
  return Effect.succeed(page === undefined ? cookies : SessionCookies.documentAdapter(page, Host.isHttps(host?.url())))
})

/** Uses these cookies (a server framework's request/response, `CookieStorage.fetchAdapter`). */
export const layerAdapter = (adapter: SessionCookies.CookieAdapter): Layer.Layer<never> => Layer.succeed(Cookies, adapter)

/** A fresh memory jar. */
export const layerMemory: Layer.Layer<never> = /*#__PURE__*/ Layer.sync(Cookies, () => makeMemory())
