/**
 * The per-request random nonce (`x-stack-random-nonce`: 224 bits, base32).
 *
 * @since 0.1.0
 */

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz" // Crockford base32, lower case

/** Bits of randomness in a nonce. */
export const nonceBits = 224

/** Encodes bytes as lower-case Crockford base32, most significant bits first, no padding. */
export const toCrockfordBase32 = (bytes: Uint8Array): string => {
  let out = ""
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += alphabet[(buffer << (5 - bits)) & 31]
  return out
}

const nonceBytes = nonceBits / 8
/** Nonces drawn per call to the platform's random source (one call instead of one per request). */
const poolNonces = 256
let pool = new Uint8Array(0)
let next = 0

/** A fresh nonce: 224 random bits (from the platform's cryptographic source) as 45 base32 characters. */
export const make = (): string => {
  if (next + nonceBytes > pool.length) {
    // a new buffer each time: a nonce's bytes are never reused
    pool = globalThis.crypto.getRandomValues(new Uint8Array(nonceBytes * poolNonces))
    next = 0
  }
  const bytes = pool.subarray(next, next + nonceBytes)
  next += nonceBytes
  return toCrockfordBase32(bytes)
}
