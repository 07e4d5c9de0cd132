/**
 * Passwords in the emulator (SPEC §5): the service's length limits, scrypt hashing (asynchronous,
 * `node:crypto`, loaded on first use) and constant-time verification.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { PasswordTooLong, PasswordTooShort } from "../protocol/KnownErrors.ts"

/** Shortest accepted password. SPEC §5 */
export const minLength = 8
/** Longest accepted password. SPEC §5 */
export const maxLength = 70

/** Checks the length rules: `PasswordTooShort` (min_length) or `PasswordTooLong` (maxLength). SPEC §5 */
export const check = (password: string): Effect.Effect<void, PasswordTooShort | PasswordTooLong> => {
  if (password.length < minLength) return Effect.fail(new PasswordTooShort({ details: { minLength } }))
  if (password.length > maxLength) return Effect.fail(new PasswordTooLong({ details: { maxLength } }))
  return Effect.void
}

const keyLength = 32
const cost = { N: 16384, r: 8, p: 1 } as const

const scrypt = (password: string, salt: Buffer): Effect.Effect<Buffer> =>
  Effect.promise(async () => {
    const nodeCrypto = await import("node:crypto")
    return new Promise<Buffer>((resolve, reject) =>
      nodeCrypto.scrypt(password, salt, keyLength, cost, (error, key) => (error ? reject(error) : resolve(key)))
    )
  })

/** Hashes a password: `scrypt$<salt base64>$<key base64>`. SPEC §5 */
export const hash = (password: string): Effect.Effect<string> =>
  Effect.gen(function*() {
    const { randomBytes } = yield* Effect.promise(() => import("node:crypto"))
    const salt = randomBytes(16)
    const key = yield* scrypt(password, salt)
    return `scrypt$${salt.toString("base64")}$${key.toString("base64")}`
  })

/** Whether the password matches the hash, compared in constant time. SPEC §5 */
export const verify = (password: string, stored: string): Effect.Effect<boolean> =>
  Effect.gen(function*() {
    const [scheme, saltText, keyText] = stored.split("$")
    if (scheme !== "scrypt" || saltText === undefined || keyText === undefined) return false
    const expected = Buffer.from(keyText, "base64")
    const actual = yield* scrypt(password, Buffer.from(saltText, "base64"))
    const { timingSafeEqual } = yield* Effect.promise(() => import("node:crypto"))
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  })
