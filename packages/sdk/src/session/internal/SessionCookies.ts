/**
 * The session cookies (names, lifetimes, attributes, the `[refresh, access]` access cookie, the
 * legacy refresh cookie), read and written through a `CookieAdapter`, and the adapter over a
 * page's cookie string. No Effect here: plain functions. Public as `CookieStorage`
 * (platform/CookieStorage.ts, which adds the request/response adapters).
 *
 * @since 0.1.0
 */
import * as Redacted from "effect/Redacted"
import type { StoredTokens } from "./StoredTokens.ts"

/** The refresh cookie's name: product prefix, `refresh`, project id. */
export const refreshCookieName = (projectId: string): string => `stack-refresh-${projectId}`
/** The legacy refresh cookie, without a project id; read, then migrated. */
export const legacyRefreshCookieName = "stack-refresh"
/** The access cookie: a JSON array `[refreshToken, accessToken]`. */
export const accessCookieName = "stack-access"
/** Refresh cookie lifetime, one year. */
export const refreshCookieMaxAgeSeconds = 31_536_000
/** Access cookie lifetime, 24 hours. */
export const accessCookieMaxAgeSeconds = 86_400

/** Attributes of every session cookie: `Path=/`, `SameSite=Lax`, `Secure` on https. */
export interface CookieAttributes {
  readonly maxAge: number
  readonly path: "/"
  readonly sameSite: "Lax"
  readonly secure: boolean
}

/** Cookie access for one place (a document, one request/response). */
export interface CookieAdapter {
  /** The value of cookie `name`, if set. */
  readonly get: (name: string) => string | undefined
  /** Sets cookie `name` with its attributes. */
  readonly set: (name: string, value: string, attributes: CookieAttributes) => void
  /** Deletes cookie `name`. */
  readonly delete: (name: string, attributes?: CookieAttributes) => void
  /** Whether the connection is https (adds `Secure`); the store's option wins. */
  readonly secure?: boolean | undefined
}

/** The attributes for a cookie kept `maxAge` seconds. */
export const attributes = (maxAge: number, secure: boolean): CookieAttributes => ({ maxAge, path: "/", sameSite: "Lax", secure })

/** The past date that deletes a cookie where `Max-Age=0` is not honoured. */
export const epochExpires = "Thu, 01 Jan 1970 00:00:00 GMT"

/** A `Set-Cookie` / `document.cookie` string; the value is URI-encoded; `maxAge` 0 deletes. */
export const serialize = (name: string, value: string, attrs: CookieAttributes): string =>
  `${name}=${encodeURIComponent(value)}; Max-Age=${attrs.maxAge}${attrs.maxAge <= 0 ? `; Expires=${epochExpires}` : ""}; Path=${attrs.path}; SameSite=${attrs.sameSite}${attrs.secure ? "; Secure" : ""}`

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Parses a `Cookie` header (or `document.cookie`); the first occurrence of a name wins. */
export const parseCookieHeader = (header: string): Map<string, string> => {
  const cookies = new Map<string, string>()
  for (const part of header.split(";")) {
    const index = part.indexOf("=")
    if (index < 0) continue
    const name = part.slice(0, index).trim()
    if (name.length > 0 && !cookies.has(name)) cookies.set(name, decode(part.slice(index + 1).trim()))
  }
  return cookies
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.length === 0 || value === "undefined" ? undefined : value

/** The refresh token an access cookie is bound to, or `undefined` when it is not ours to read. */
const parseAccessCookie = (value: string | undefined): readonly [string | null, string] | undefined => {
  if (value === undefined || !value.startsWith("[")) return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== "string") return undefined
    return [typeof parsed[0] === "string" ? parsed[0] : null, parsed[1]]
  } catch {
    return undefined
  }
}

/**
 * Reads the session cookies: the project's refresh cookie, else the legacy one; the
 * access token only when the access cookie is bound to that refresh token. `undefined` values are
 * dropped.
 */
export const readTokens = (
  get: (name: string) => string | undefined,
  projectId: string
): { readonly tokens: StoredTokens; readonly fromLegacy: boolean } => {
  const own = nonEmpty(get(refreshCookieName(projectId)))
  const legacy = own === undefined ? nonEmpty(get(legacyRefreshCookieName)) : undefined
  const refresh = own ?? legacy
  const access = parseAccessCookie(get(accessCookieName))
  // an access cookie bound to no refresh token could be any project's: never read (as the official SDK)
  const accessToken = access !== undefined && refresh !== undefined && access[0] === refresh ? nonEmpty(access[1]) : undefined
  return {
    tokens: {
      ...(refresh !== undefined ? { refreshToken: Redacted.make(refresh) } : {}),
      ...(accessToken !== undefined ? { accessToken: Redacted.make(accessToken) } : {})
    },
    fromLegacy: legacy !== undefined
  }
}

/**
 * Writes the session cookies for `tokens`. The shared access cookie is only removed when
 * it is ours: bound to one of this project's refresh tokens (`ownRefreshTokens`), or unbound and
 * holding this store's own access token (`ownAccessToken`); never another project's.
 */
export const writeTokens = (
  adapter: CookieAdapter,
  projectId: string,
  secure: boolean,
  tokens: StoredTokens,
  ownRefreshTokens: ReadonlyArray<string>,
  ownAccessToken?: string | undefined
): void => {
  const refresh = tokens.refreshToken === undefined ? undefined : Redacted.value(tokens.refreshToken)
  const access = tokens.accessToken === undefined ? undefined : Redacted.value(tokens.accessToken)
  const refreshAttrs = attributes(refreshCookieMaxAgeSeconds, secure)
  const accessAttrs = attributes(accessCookieMaxAgeSeconds, secure)
  if (refresh !== undefined) adapter.set(refreshCookieName(projectId), refresh, refreshAttrs)
  else adapter.delete(refreshCookieName(projectId), attributes(0, secure))
  if (access !== undefined) {
    adapter.set(accessCookieName, JSON.stringify([refresh ?? null, access]), accessAttrs)
    return
  }
  const current = parseAccessCookie(adapter.get(accessCookieName))
  const ours = current !== undefined &&
    (current[0] === null ? ownAccessToken !== undefined && current[1] === ownAccessToken : ownRefreshTokens.includes(current[0]))
  if (ours) adapter.delete(accessCookieName, attributes(0, secure))
}

/** Removes the legacy refresh cookie after its token moved to the project's cookie. */
export const deleteLegacy = (adapter: CookieAdapter, secure: boolean): void =>
  adapter.delete(legacyRefreshCookieName, attributes(0, secure))

// ----- adapters -----

/** The part of a browser `Document` the cookie store uses. */
export interface CookieDocument {
  cookie: string
}

/** Cookies of a browser document (`document.cookie`). */
export const documentAdapter = (page: CookieDocument, secure: boolean): CookieAdapter => ({
  secure,
  get: (name) => parseCookieHeader(page.cookie).get(name),
  set: (name, value, attrs) => {
    page.cookie = serialize(name, value, attrs)
  },
  delete: (name, attrs) => {
    page.cookie = serialize(name, "", attrs ?? attributes(0, secure))
  }
})
