/**
 * The per-request random nonce (`x-stack-random-nonce`: 224 bits, base32).
 *
 * @since 0.1.0
 */

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz" // Crockford base32, lower case

/** Bits of randomness in a nonce. */
export const nonceBits = 224

const codes = /*#__PURE__*/ Array.from(alphabet, (c) => c.charCodeAt(0))
// the character codes of the string being built, reused by every call (JavaScript runs one call at a time)
const scratch: Array<number> = []

/**
 * Encodes `bytes[from, to)` as lower-case Crockford base32, most significant bits first, no padding.
 * The characters are collected as codes in a reused array and made into one string (not one
 * string per character: this runs on every request).
 */
export const toCrockfordBase32 = (bytes: Uint8Array, from = 0, to = bytes.length): string => {
  let n = 0
  let buffer = 0
  let bits = 0
  for (let i = from; i < to; i++) {
    buffer = (buffer << 8) | bytes[i]!
    bits += 8
    while (bits >= 5) {
      scratch[n++] = codes[(buffer >>> (bits - 5)) & 31]!
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) scratch[n++] = codes[(buffer << (5 - bits)) & 31]!
  scratch.length = n
  return String.fromCharCode.apply(null, scratch)
}

const nonceBytes = nonceBits / 8
const poolNonces = 256
let pool = new Uint8Array(0)
let next = 0

/** A fresh nonce: 224 random bits as 45 base32 characters, drawn from a pool of random bytes refilled as it empties. */
export const make = (): string => {
  if (next + nonceBytes > pool.length) {
    // a new buffer each time: a nonce's bytes are never reused
    pool = globalThis.crypto.getRandomValues(new Uint8Array(nonceBytes * poolNonces))
    next = 0
  }
  const from = next
  next += nonceBytes
  return toCrockfordBase32(pool, from, next)
}
