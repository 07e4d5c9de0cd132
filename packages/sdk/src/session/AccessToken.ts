/**
 * Access-token claims: the token is a JWT read on the client without a signature
 * check (the service checks it); its expiry comes from `exp` and is read against Effect's `Clock`.
 *
 * @since 0.1.0
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"

/** A token value equal to the text `undefined` (a caller stringified a missing value). */
export class InvalidTokenValue extends /*#__PURE__*/ Schema.TaggedError<InvalidTokenValue>()("InvalidTokenValue", {
  kind: Schema.Literals(["access", "refresh"])
}) {
  override get message(): string {
    return `The ${this.kind} token is the text 'undefined'; a real token is never that value`
  }
}

/** The claims the SDK reads from an access token. */
export interface Claims {
  /** The user id. */
  readonly userId: string | undefined
  /** Expiry in epoch milliseconds; `Infinity` when the token has no `exp`. */
  readonly expiresAtMillis: number
}

/** An access token with its decoded claims. */
export interface AccessToken extends Claims {
  readonly token: Redacted.Redacted<string>
}

/** Whether a raw token value is the rejected text `undefined`. */
export const isRejectedValue = (value: string): boolean => value === "undefined"

/** Checks a token value and wraps it in `Redacted`. */
export const validateValue = (
  kind: "access" | "refresh",
  value: string | Redacted.Redacted<string>
): Effect.Effect<Redacted.Redacted<string>, InvalidTokenValue> => {
  const redacted = Redacted.isRedacted(value) ? value : Redacted.make(value)
  return isRejectedValue(Redacted.value(redacted)) ? Effect.fail(new InvalidTokenValue({ kind })) : Effect.succeed(redacted)
}

/**
 * Reads the claims without verifying the signature. An unparsable token counts as already expired
 * (so it is refreshed, never sent as if valid).
 */
export const decodeClaims = (token: Redacted.Redacted<string>): Claims => {
  const payload = payloadOf(Redacted.value(token))
  return payload === undefined
    ? { userId: undefined, expiresAtMillis: 0 }
    : {
      userId: typeof payload.sub === "string" ? payload.sub : undefined,
      expiresAtMillis: typeof payload.exp === "number" ? payload.exp * 1000 : Number.POSITIVE_INFINITY
    }
}

const utf8 = /*#__PURE__*/ new TextDecoder()

/**
 * The text of a base64url segment (RFC 4648 §5, padding optional), read with the platform's `atob`
 * (browsers, Node ≥ 16) and `TextDecoder`; throws on anything that is not base64url.
 */
const base64UrlText = (segment: string): string => {
  if (segment.includes("+") || segment.includes("/")) throw new TypeError("not base64url")
  const binary = atob(segment.replace(/-/g, "+").replace(/_/g, "/"))
  return utf8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
}

/** The JSON object in a compact JWS's middle segment, or `undefined` when the token is not one. */
const payloadOf = (jwt: string): { readonly sub?: unknown; readonly exp?: unknown } | undefined => {
  const parts = jwt.split(".")
  if (parts.length !== 3 || parts[1] === "") return undefined
  try {
    const payload: unknown = JSON.parse(base64UrlText(parts[1]!))
    return typeof payload === "object" && payload !== null && !Array.isArray(payload) ? payload : undefined
  } catch {
    return undefined
  }
}

/** Decodes an access token; fails for the value `undefined`. */
export const make = (token: string | Redacted.Redacted<string>): Effect.Effect<AccessToken, InvalidTokenValue> =>
  Effect.map(validateValue("access", token), fromRedacted)

/** Decodes an already validated access token. */
export const fromRedacted = (token: Redacted.Redacted<string>): AccessToken => ({ token, ...decodeClaims(token) })

/** Milliseconds until the token expires by `Clock`, 0 when it already has. */
export const expiresInMillis = (token: Claims): Effect.Effect<number> =>
  Effect.map(Clock.currentTimeMillis, (now) => Math.max(0, token.expiresAtMillis - now))

/** Whether the token stays valid for at least `millis` more milliseconds by `Clock`. */
export const isValidFor = (token: Claims, millis: number): Effect.Effect<boolean> =>
  Effect.map(Clock.currentTimeMillis, (now) => token.expiresAtMillis - now >= millis && token.expiresAtMillis > now)

/** Whether the token has expired by `Clock`. */
export const isExpired = (token: Claims): Effect.Effect<boolean> => Effect.map(expiresInMillis(token), (left) => left <= 0)
