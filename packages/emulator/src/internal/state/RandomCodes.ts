/**
 * Random codes the emulator hands out (API key bodies, MFA attempt codes, invitation codes): 224
 * bits from the platform's cryptographic source, written in lower-case Crockford base32, the form
 * the service uses for its own codes.
 */
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"

/** A fresh random code of `bits` bits (a multiple of 8), 45 characters for the default 224. */
export const make = (bits = 224): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(bits / 8))
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  const length = Math.ceil(bits / 5)
  value <<= BigInt(length * 5 - bits)
  let out = ""
  for (let i = 0; i < length; i++) {
    out = alphabet[Number(value & 31n)] + out
    value >>= 5n
  }
  return out
}
