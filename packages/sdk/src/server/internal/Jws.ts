/**
 * The check of a compact ES256 JWT against a local key set, rule for rule what jose 6's
 * `jwtVerify` does with a local key set (`createLocalJWKSet`) and the options `algorithms:
 * ["ES256"]`, `issuer` (a list), `audience` (one), `currentDate` and `clockTolerance` (seconds),
 * in jose's order, but with the signature checked by the platform through one small function
 * ({@link Signatures}): Node's synchronous `crypto.verify` when the runtime has `node:crypto`
 * (WebCrypto answering for a key or a check it cannot handle), else WebCrypto's
 * `crypto.subtle.verify`. jose still does the JOSE decoding (`decodeProtectedHeader`, `decodeJwt`,
 * its base64url); no cryptography is written here.
 *
 * The answer is a {@link Verdict}: the payload, an expired token (its `exp`), a key id the set
 * lacks (the caller may fetch the set again), or a refusal. What jose refuses with
 * `JWKSNoMatchingKey` is `NoMatchingKey`, with `JWTExpired` is `Expired`, anything else `Invalid`.
 * It is synchronous when the signature check is (Node), a promise otherwise. Nothing is logged,
 * and nothing of the token goes into an answer but its payload.
 *
 * @since 0.1.0
 */
import { base64url, decodeJwt, decodeProtectedHeader } from "jose"
import type { JWK, JWTPayload } from "jose"
import { type NodeCrypto, nodeCrypto, type PublicKey } from "../../platform/internal/NodeCrypto.ts"

/** What a token check answers. */
export type Verdict =
  | { readonly _tag: "Valid"; readonly payload: JWTPayload }
  | { readonly _tag: "Expired"; readonly exp: number }
  | { readonly _tag: "NoMatchingKey" }
  | { readonly _tag: "Invalid" }

/** The claim rules of a check: the accepted issuers, the one audience, the clock tolerance in seconds. */
export interface Rules {
  readonly issuers: ReadonlyArray<string>
  readonly audience: string
  readonly toleranceSeconds: number
}

/**
 * The signature primitive: whether `signature` (IEEE P1363, 64 bytes) is an ES256 signature of
 * `data` by `key` (a P-256 public JWK already chosen and checked by the rules). Never throws: a key
 * the platform cannot import is `false`. Each key is imported once (by the JWK object).
 */
export type Signatures = (key: JWK, data: Uint8Array, signature: Uint8Array) => boolean | Promise<boolean>

/** The members a platform import is given: the public point and its curve, nothing else. */
const publicPoint = (key: JWK) => ({ kty: key.kty, crv: key.crv, x: key.x, y: key.y })

/**
 * Node's synchronous `crypto.verify`, keys imported once as `KeyObject`s. A key Node cannot import,
 * or a check Node throws on (a runtime whose `node:crypto` is partial), is answered by `fallback`
 * (WebCrypto's, the reference), or refused when there is none.
 */
export const nodeSignatures = (node: NodeCrypto, fallback?: Signatures): Signatures => {
  const imported = new WeakMap<JWK, PublicKey | null>()
  return (key, data, signature) => {
    let keyObject = imported.get(key)
    if (keyObject === undefined) {
      try {
        keyObject = node.createPublicKey({ key: publicPoint(key), format: "jwk" })
        if (keyObject.type !== "public") keyObject = null
      } catch {
        keyObject = null
      }
      imported.set(key, keyObject)
    }
    if (keyObject !== null) {
      try {
        return node.verify("sha256", data, { key: keyObject, dsaEncoding: "ieee-p1363" }, signature)
      } catch {
        // answered below
      }
    }
    return fallback === undefined ? false : fallback(key, data, signature)
  }
}

/** WebCrypto's `crypto.subtle.verify`, keys imported once with `crypto.subtle.importKey("jwk", ...)`. */
export const webCryptoSignatures = (subtle: SubtleCrypto): Signatures => {
  const imported = new WeakMap<JWK, Promise<CryptoKey | null>>()
  return (key, data, signature) => {
    let pending = imported.get(key)
    if (pending === undefined) {
      pending = Promise.resolve()
        .then(() =>
          subtle.importKey(
            "jwk",
            { ...publicPoint(key), ext: true } as JsonWebKey,
            { name: "ECDSA", namedCurve: "P-256" },
            true,
            ["verify"]
          )
        )
        .then((k) => (k.type === "public" ? k : null), () => null)
      imported.set(key, pending)
    }
    return pending.then((cryptoKey) =>
      cryptoKey === null
        ? false
        : subtle.verify({ name: "ECDSA", hash: "SHA-256" }, cryptoKey, signature as Uint8Array<ArrayBuffer>, data as Uint8Array<ArrayBuffer>)
          .catch(() => false)
    )
  }
}

/** The runtime's primitive: Node's `crypto.verify` when `node:crypto` is there, else WebCrypto's. */
export const platformSignatures = (): Signatures => {
  const node = nodeCrypto()
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined
  const webCrypto = subtle === undefined ? undefined : webCryptoSignatures(subtle)
  if (node !== undefined) return nodeSignatures(node, webCrypto)
  // neither: every signature is refused (a runtime without WebCrypto cannot check ES256)
  return webCrypto ?? (() => false)
}

const invalid: Verdict = { _tag: "Invalid" }
const noMatchingKey: Verdict = { _tag: "NoMatchingKey" }

const isPromise = <A>(u: A | Promise<A>): u is Promise<A> => typeof (u as { then?: unknown } | null)?.then === "function"

const nonAscii = /[^\x00-\x7f]/

/**
 * The extension rules of the protected header, as jose applies them to a JWS: `crit`, when present,
 * must be a non-empty list of non-empty strings, each one an extension jose knows (only `b64`)
 * and present in the header; `b64` counts only when `crit` names it, and must then be a boolean.
 * The answer is the payload's encoding (`true`: base64url), or `undefined` for a refusal.
 */
const payloadEncoded = (header: Record<string, unknown>): boolean | undefined => {
  const crit = header.crit
  if (crit === undefined) return true
  if (!Array.isArray(crit) || crit.length === 0 || crit.some((p) => typeof p !== "string" || p.length === 0)) return undefined
  for (const parameter of crit as ReadonlyArray<string>) {
    if (parameter !== "b64") return undefined
    if (!Object.hasOwn(header, parameter) || header[parameter] === undefined) return undefined
  }
  return typeof header.b64 === "boolean" ? header.b64 : undefined
}

/**
 * Whether a JWK of the set may check an ES256 token naming `kid` (or none), as jose's local key set
 * decides: `ext` absent or a boolean, `key_ops` absent or a list of distinct strings with `verify`,
 * `kty` EC, the key id equal when the token names one (a key id that is not a string matches no
 * key), `alg` absent or ES256, `use` absent or `sig`, `crv` P-256.
 */
const usable = (key: JWK, kid: unknown): boolean => {
  const { ext, key_ops: ops } = key as { ext?: unknown; key_ops?: unknown }
  return (ext === undefined || typeof ext === "boolean") &&
    (ops === undefined ||
      (Array.isArray(ops) && ops.every((op, i) => typeof op === "string" && ops.indexOf(op) === i) && ops.includes("verify"))) &&
    key.kty === "EC" &&
    (kid === undefined || (typeof kid === "string" && kid === key.kid)) &&
    (key.alg === undefined || key.alg === "ES256") &&
    (key.use === undefined || key.use === "sig") &&
    key.crv === "P-256"
}

/**
 * Whether the chosen key can be imported as a public verification key, as jose imports it for
 * WebCrypto: with the usages of its `key_ops` (only `verify` is allowed for a public EC key), else
 * `verify`, or `sign` when it carries a private part (`priv`); a `d` member makes it a private key,
 * which is never used. A key refused here is a refused token, not an unknown key.
 */
const importable = (key: JWK): boolean => {
  const { d, priv, key_ops: ops } = key as { d?: unknown; priv?: unknown; key_ops?: unknown }
  if (d !== undefined) return false
  return ops === undefined ? !priv : (ops as ReadonlyArray<unknown>).every((op) => op === "verify")
}

/** The claim checks once the signature holds, in jose's order (`iss`, `aud`, `iat`, `nbf`, `exp`). */
const claims = (raw: string, rules: Rules, nowMillis: number): Verdict => {
  let payload: JWTPayload
  try {
    payload = decodeJwt(raw)
  } catch {
    return invalid
  }
  if (!Object.hasOwn(payload, "iss") || !Object.hasOwn(payload, "aud")) return invalid
  if (!rules.issuers.includes(payload.iss as string)) return invalid
  const aud = payload.aud
  if (typeof aud === "string" ? aud !== rules.audience : !Array.isArray(aud) || !aud.includes(rules.audience)) return invalid
  const tolerance = rules.toleranceSeconds
  if (!Number.isFinite(tolerance) || tolerance < 0) return invalid
  const nowSeconds = Math.floor(new Date(nowMillis).getTime() / 1000)
  if (!Number.isFinite(nowSeconds)) return invalid
  const { iat, nbf, exp } = payload as Record<string, unknown>
  if (iat !== undefined && typeof iat !== "number") return invalid
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > nowSeconds + tolerance)) return invalid
  if (exp !== undefined && typeof exp !== "number") return invalid
  if (exp !== undefined && (exp as number) <= nowSeconds - tolerance) return { _tag: "Expired", exp: exp as number }
  return { _tag: "Valid", payload }
}

/**
 * Checks the compact JWT `raw` with the keys of a set: its form, protected header (`crit`, `b64`,
 * `alg` ES256), the one key of the set it can name, its signature (by `signatures`), then its
 * payload and claims under `rules` at `nowMillis`.
 */
export const verify = (
  raw: string,
  keys: ReadonlyArray<JWK>,
  rules: Rules,
  nowMillis: number,
  signatures: Signatures
): Verdict | Promise<Verdict> => {
  const parts = raw.split(".")
  if (parts.length !== 3) return invalid
  let header: Record<string, unknown>
  try {
    header = decodeProtectedHeader(raw) as Record<string, unknown>
  } catch {
    return invalid
  }
  const encoded = payloadEncoded(header)
  if (encoded === undefined) return invalid
  const alg = header.alg
  if (typeof alg !== "string" || alg !== "ES256") return invalid
  // an unencoded payload must be ASCII in the compact form (checked before the key, as jose does)
  if (!encoded && nonAscii.test(parts[1]!)) return invalid
  let key: JWK | undefined
  let matching = 0
  for (const candidate of keys) {
    if (usable(candidate, header.kid)) {
      key = candidate
      matching++
    }
  }
  if (matching === 0) return noMatchingKey
  // several keys fit: jose's local key set does not choose, the token is refused
  if (matching > 1 || !importable(key!)) return invalid
  // a JWT never has an unencoded payload: refused whatever its signature
  if (!encoded) return invalid
  if (nonAscii.test(parts[0]!) || nonAscii.test(parts[1]!)) return invalid
  let signature: Uint8Array
  try {
    signature = base64url.decode(parts[2]!)
  } catch {
    return invalid
  }
  // an ES256 signature is 64 bytes (r and s); any other length is a refusal, as WebCrypto answers it
  if (signature.length !== 64) return invalid
  const data = new TextEncoder().encode(raw.slice(0, parts[0]!.length + 1 + parts[1]!.length))
  const signed = signatures(key!, data, signature)
  return isPromise(signed)
    ? signed.then((ok) => (ok ? claims(raw, rules, nowMillis) : invalid))
    : signed
    ? claims(raw, rules, nowMillis)
    : invalid
}
