/**
 * The per-request random nonce (SPEC §7, §9: 224 bits, base32).
 *
 * @since 0.1.0
 */

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz" // Crockford base32, lower case

/** Bits of randomness in a nonce. SPEC §9 */
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

/** A fresh nonce: 224 random bits as 45 base32 characters. SPEC §9 */
export const make = (): string => {
  const bytes = new Uint8Array(nonceBits / 8)
  globalThis.crypto.getRandomValues(bytes)
  return toCrockfordBase32(bytes)
}
