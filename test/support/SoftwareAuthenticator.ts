/**
 * A tiny software WebAuthn authenticator for tests: ES256 keys from WebCrypto, attestation `none`,
 * discoverable credentials, signed assertions. Enough for a relying party (the emulator's
 * `@simplewebauthn/server`) to verify registration and sign-in ceremonies end to end.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON
} from "@simplewebauthn/browser"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as WebAuthn from "../../packages/sdk/src/api/WebAuthn.ts"

// ----- encodings -----

const base64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
const fromBase64Url = (value: string): Uint8Array =>
  Uint8Array.from(atob(value.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0))
const concat = (...parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255])
const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", data as BufferSource))
const utf8 = (text: string) => new TextEncoder().encode(text)

/** Minimal CBOR (RFC 8949) for attestation objects and COSE keys: ints, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | ReadonlyArray<readonly [Cbor, Cbor]>
const head = (major: number, length: number): Uint8Array =>
  length < 24
    ? new Uint8Array([(major << 5) | length])
    : length < 256
    ? new Uint8Array([(major << 5) | 24, length])
    : new Uint8Array([(major << 5) | 25, length >> 8, length & 255])
const cbor = (value: Cbor): Uint8Array => {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === "string") return concat(head(3, utf8(value).length), utf8(value))
  if (value instanceof Uint8Array) return concat(head(2, value.length), value)
  return concat(head(5, value.length), ...value.flatMap(([k, v]) => [cbor(k), cbor(v)]))
}

/** An ECDSA signature as WebAuthn wants it: DER, from WebCrypto's raw r || s. */
const derSignature = (raw: Uint8Array): Uint8Array => {
  const integer = (bytes: Uint8Array) => {
    let i = 0
    while (i < bytes.length - 1 && bytes[i] === 0) i++
    const trimmed = bytes.slice(i)
    const body = (trimmed[0]! & 0x80) !== 0 ? concat(new Uint8Array([0]), trimmed) : trimmed
    return concat(new Uint8Array([0x02, body.length]), body)
  }
  const sequence = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)))
  return concat(new Uint8Array([0x30, sequence.length]), sequence)
}

// ----- the authenticator -----

interface StoredCredential {
  readonly id: Uint8Array
  readonly rpId: string
  readonly userHandle: string
  keys: CryptoKeyPair
  counter: number
}

/** A software authenticator used from `origin` (what the browser would put in client data). */
export const makeAuthenticator = (origin: string) => {
  const credentials: Array<StoredCredential> = []

  const clientData = (type: "webauthn.create" | "webauthn.get", challenge: string) =>
    utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

  const create = async (options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> => {
    const rpId = options.rp.id ?? new URL(origin).hostname
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])
    const jwk = await crypto.subtle.exportKey("jwk", keys.publicKey)
    const id = crypto.getRandomValues(new Uint8Array(16))
    const coseKey = cbor([[1, 2], [3, -7], [-1, 1], [-2, fromBase64Url(jwk.x!)], [-3, fromBase64Url(jwk.y!)]])
    const authData = concat(
      await sha256(utf8(rpId)),
      new Uint8Array([0x45]), // user present, user verified, attested credential data
      uint32(0),
      new Uint8Array(16), // AAGUID
      new Uint8Array([id.length >> 8, id.length & 255]),
      id,
      coseKey
    )
    credentials.push({ id, rpId, userHandle: options.user.id, keys, counter: 0 })
    return {
      id: base64Url(id),
      rawId: base64Url(id),
      type: "public-key",
      response: {
        clientDataJSON: base64Url(clientData("webauthn.create", options.challenge)),
        attestationObject: base64Url(cbor([["fmt", "none"], ["attStmt", []], ["authData", authData]])),
        transports: ["internal"]
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform"
    }
  }

  const get = async (options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> => {
    const rpId = options.rpId ?? new URL(origin).hostname
    const allowed = (options.allowCredentials ?? []).map((c) => c.id)
    const credential = credentials.find((c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(base64Url(c.id))))
    if (credential === undefined) throw Object.assign(new Error("No credential for this relying party"), { code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY" })
    credential.counter += 1
    const authData = concat(await sha256(utf8(rpId)), new Uint8Array([0x05]), uint32(credential.counter))
    const data = clientData("webauthn.get", options.challenge)
    const signed = concat(authData, await sha256(data))
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, credential.keys.privateKey, signed as BufferSource))
    return {
      id: base64Url(credential.id),
      rawId: base64Url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: base64Url(data),
        authenticatorData: base64Url(authData),
        signature: base64Url(derSignature(raw)),
        userHandle: credential.userHandle
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform"
    }
  }

  return { create, get, credentials }
}

/** The `WebAuthn` service over a software authenticator, on a page at `origin`. */
export const layer = (authenticator: ReturnType<typeof makeAuthenticator>, origin: string): Layer.Layer<WebAuthn.WebAuthn> =>
  Layer.succeed(WebAuthn.WebAuthn, WebAuthn.WebAuthn.of({
    isSupported: Effect.succeed(true),
    hostname: Effect.succeed(new URL(origin).hostname),
    startRegistration: (options) =>
      Effect.tryPromise({ try: () => authenticator.create(options), catch: (e) => WebAuthn.fromCeremonyFailure(e, { hostname: new URL(origin).hostname, rpId: options.rp.id ?? "" }) }),
    startAuthentication: (options) =>
      Effect.tryPromise({ try: () => authenticator.get(options), catch: (e) => WebAuthn.fromCeremonyFailure(e, { hostname: new URL(origin).hostname, rpId: options.rpId ?? "" }) })
  }))
