/**
 * Passwords in the emulator: the service's length limits, scrypt hashing (asynchronous,
 * `node:crypto`, loaded on first use) and constant-time verification; imported bcrypt hashes
 * (`password_hash` of a server's user body, checked with `bcryptjs`) verify too.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { PasswordTooLong, PasswordTooShort } from "stack-auth-effect/KnownErrors"
import type { State, User } from "../../EmulatorState.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Table from "../state/Table.ts"

/** Shortest accepted password. */
export const minLength = 8
/** Longest accepted password. */
export const maxLength = 70

/**
 * A password field of an auth route's request schema: at most 70 characters, a schema problem
 * (`body.password must be at most 70 characters`); the shorter rule is `check`'s, after it.
 */
export const field = (): RequestSchema.Field<string | undefined> => RequestSchema.string().max(maxLength)

/** Checks the length rules: `PasswordTooShort` (min_length) or `PasswordTooLong` (maxLength). */
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

/** Hashes a password: `scrypt$<salt base64>$<key base64>`. */
export const hash = (password: string): Effect.Effect<string> =>
  Effect.gen(function*() {
    const { randomBytes } = yield* Effect.promise(() => import("node:crypto"))
    const salt = randomBytes(16)
    const key = yield* scrypt(password, salt)
    return `scrypt$${salt.toString("base64")}$${key.toString("base64")}`
  })

/** The most bcrypt rounds an imported hash may have (2^16 iterations). */
export const maxBcryptRounds = 16

const bcryptjs = Effect.promise(() => import("bcryptjs"))

/**
 * Whether a hash may be imported as a user's `password_hash`: bcrypt (`$2a$`, `$2b$` or `$2y$`) in
 * Modular Crypt Format with at most {@link maxBcryptRounds} rounds, the only algorithm the service
 * accepts.
 */
export const isImportableHash = (stored: string): Effect.Effect<boolean> =>
  /^\$2[ayb]\$.{56}$/.test(stored)
    ? Effect.map(bcryptjs, (bcrypt) => {
      try {
        return bcrypt.getRounds(stored) <= maxBcryptRounds
      } catch {
        return false
      }
    })
    : Effect.succeed(false)

/** Whether the password matches the hash (scrypt, compared in constant time, or imported bcrypt). */
export const verify = (password: string, stored: string): Effect.Effect<boolean> =>
  Effect.gen(function*() {
    if (/^\$2[ayb]\$/.test(stored)) {
      const bcrypt = yield* bcryptjs
      return yield* Effect.promise(() => bcrypt.compare(password, stored).catch(() => false))
    }
    const [scheme, saltText, keyText] = stored.split("$")
    if (scheme !== "scrypt" || saltText === undefined || keyText === undefined) return false
    const expected = Buffer.from(keyText, "base64")
    const actual = yield* scrypt(password, Buffer.from(saltText, "base64"))
    const { timingSafeEqual } = yield* Effect.promise(() => import("node:crypto"))
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  })

/**
 * An e-mail as the service stores it for a new user: trimmed and in lower case (its sign-up and
 * user creation normalise it).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/**
 * The user whose auth e-mail is exactly `email`: the service's sign-in, sign-in-code and reset
 * routes look the address up as it is sent, so `Ada@example.com` does not find the user stored as
 * `ada@example.com`.
 */
export const userSigningInWith = (state: State, projectId: string, email: string): User | undefined =>
  Table.find(state.users, (u) =>
    u.projectId === projectId && u.contactChannels.some((c) => c.type === "email" && c.usedForAuth && c.value === email))
