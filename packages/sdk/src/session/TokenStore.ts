/**
 * Where a session's tokens live: one service, many Layers. Pick the Layer by where the
 * tokens come from; cookie Layers live in `TokenStoreCookie.ts`.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import * as Headers from "../protocol/Headers.ts"
import { type InvalidTokenValue, isRejectedValue, validateValue } from "./AccessToken.ts"
import * as CookieStorage from "./internal/SessionCookies.ts"
import type { StoredTokens } from "./internal/StoredTokens.ts"

/** The tokens a store holds; either may be missing. */
export type { StoredTokens } from "./internal/StoredTokens.ts"

/** A token store. */
export interface Service {
  /** The tokens held now. */
  readonly get: Effect.Effect<StoredTokens>
  /** Replaces both tokens. */
  readonly set: (tokens: StoredTokens) => Effect.Effect<void>
  /** Removes both tokens. */
  readonly clear: Effect.Effect<void>
  /**
   * Follows changes made outside this process's session (another tab's sign-in or sign-out), if
   * observable: `onChange` runs for each, one at a time, until the scope closes.
   */
  readonly subscribe?: ((onChange: (tokens: StoredTokens) => Effect.Effect<void>) => Effect.Effect<void, never, Scope.Scope>) | undefined
}

/** The token store service key. */
export class TokenStore extends /*#__PURE__*/ Context.Service<TokenStore, Service>()("stack-auth-effect/session/TokenStore") {}

/** No tokens. */
export const empty: StoredTokens = {}

/** Drops values equal to the text `undefined`: untrusted input counts as missing. */
export const sanitize = (tokens: {
  readonly accessToken?: string | Redacted.Redacted<string> | null | undefined
  readonly refreshToken?: string | Redacted.Redacted<string> | null | undefined
}): StoredTokens => {
  const keep = (value: string | Redacted.Redacted<string> | null | undefined) => {
    if (value === null || value === undefined) return undefined
    const redacted = Redacted.isRedacted(value) ? value : Redacted.make(value)
    const raw = Redacted.value(redacted)
    return raw.length === 0 || isRejectedValue(raw) ? undefined : redacted
  }
  const accessToken = keep(tokens.accessToken)
  const refreshToken = keep(tokens.refreshToken)
  return { ...(accessToken ? { accessToken } : {}), ...(refreshToken ? { refreshToken } : {}) }
}

/** Whether two token pairs hold the same values. */
export const sameTokens = (a: StoredTokens, b: StoredTokens): boolean => {
  const value = (r: Redacted.Redacted<string> | undefined) => (r === undefined ? undefined : Redacted.value(r))
  return value(a.accessToken) === value(b.accessToken) && value(a.refreshToken) === value(b.refreshToken)
}

/** A store in memory (a plain cell: no `Ref` module in a browser bundle), starting from `initial`. */
export const memory = (initial: StoredTokens = empty): Service => {
  let tokens = initial
  return {
    get: Effect.sync(() => tokens),
    set: (next) => Effect.sync(() => void (tokens = next)),
    clear: Effect.sync(() => void (tokens = empty))
  }
}

/** {@link memory} as an effect: a new store each time it runs. */
export const makeMemory = (initial: StoredTokens = empty): Effect.Effect<Service> => Effect.sync(() => memory(initial))

/** In memory, starting signed out: tests, scripts, CLIs, and apps that persist tokens themselves. */
export const layerMemory: Layer.Layer<TokenStore> = /*#__PURE__*/ Layer.effect(TokenStore, /*#__PURE__*/ makeMemory())

/**
 * Tokens handed over explicitly (a mobile app's secure storage, a header the server already
 * parsed); later changes stay in memory. Fails for a value equal to `undefined`.
 */
export const layerExplicit = (tokens: {
  readonly accessToken?: string | Redacted.Redacted<string> | undefined
  readonly refreshToken?: string | Redacted.Redacted<string> | undefined
}): Layer.Layer<TokenStore, InvalidTokenValue> =>
  Layer.effect(
    TokenStore,
    Effect.gen(function*() {
      const accessToken = tokens.accessToken === undefined ? undefined : yield* validateValue("access", tokens.accessToken)
      const refreshToken = tokens.refreshToken === undefined ? undefined : yield* validateValue("refresh", tokens.refreshToken)
      return yield* makeMemory({ ...(accessToken ? { accessToken } : {}), ...(refreshToken ? { refreshToken } : {}) })
    })
  )

/** An incoming request: a Fetch `Request` or anything with a `headers` object (e.g. `node:http`). */
export type IncomingRequest =
  | {
    readonly headers: {
      /** The value of header `name`, or `null`. */
      get(name: string): string | null
    }
  }
  | { readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>> }

/** The value of header `name` (lower case) of an incoming request; repeated values joined by `, `. */
export const requestHeader = (request: IncomingRequest, name: string): string | undefined => {
  const headers = request.headers
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined
  }
  const value = (headers as Readonly<Record<string, string | ReadonlyArray<string> | undefined>>)[name]
  return typeof value === "string" ? value : value?.join(", ")
}

/**
 * The tokens of a request's `x-stack-auth` header (JSON `{ accessToken, refreshToken }`), or
 * `undefined` when it has none. A malformed header counts as no tokens.
 */
export const tokensFromAuthHeader = (request: IncomingRequest): StoredTokens | undefined => {
  const auth = requestHeader(request, Headers.authJson)
  if (auth === undefined || auth.length === 0) return undefined
  try {
    const parsed: unknown = JSON.parse(auth)
    if (typeof parsed !== "object" || parsed === null) return empty
    const { accessToken, refreshToken } = parsed as { accessToken?: unknown; refreshToken?: unknown }
    return sanitize({
      accessToken: typeof accessToken === "string" ? accessToken : undefined,
      refreshToken: typeof refreshToken === "string" ? refreshToken : undefined
    })
  } catch {
    return empty
  }
}

/** The session cookies of a request (`stack-refresh-<projectId>`, `stack-access`).*/
export const tokensFromCookies = (request: IncomingRequest, options: { readonly projectId: string }): StoredTokens => {
  const cookies = CookieStorage.parseCookieHeader(requestHeader(request, "cookie") ?? "")
  return CookieStorage.readTokens((name) => cookies.get(name), options.projectId).tokens
}

/**
 * The tokens an incoming request carries: the `x-stack-auth` header (JSON
 * `{ accessToken, refreshToken }`), else the request's cookies. Malformed input counts as no tokens.
 */
export const tokensFromRequest = (request: IncomingRequest, options: { readonly projectId: string }): StoredTokens =>
  tokensFromAuthHeader(request) ?? tokensFromCookies(request, options)

/**
 * Server code acting as the signed-in user of one incoming request: reads the
 * `x-stack-auth` header or the request's cookies; refreshed tokens stay in memory for the request.
 * To write refreshed tokens back as cookies, use `TokenStoreCookie.layerServerCookie` instead.
 */
export const layerRequest = (request: IncomingRequest, options: { readonly projectId: string }): Layer.Layer<TokenStore> =>
  Layer.effect(TokenStore, Effect.suspend(() => makeMemory(tokensFromRequest(request, options))))
