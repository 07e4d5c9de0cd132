/**
 * The TOTP second factor (`POST /auth/mfa/sign-in`).
 *
 * A sign-in that needs a second factor fails with `MultiFactorAuthenticationRequired`; its attempt
 * code is kept in session storage ({@link AttemptCodeStore}) while the user goes to the MFA page,
 * where {@link signInWithMfa} completes the sign-in with the TOTP code.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import {
  SchemaError,
  InvalidTotpCode,
  MultiFactorAuthenticationRequired,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../protocol/KnownErrors.ts"
import { SignInTokens } from "../protocol/internal/schemas/Auth.ts"
import * as Session from "../session/Session.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as SignInOutcome from "./SignInOutcome.ts"
import * as Host from "../transport/internal/Host.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The session-storage key of the attempt code. */
export const attemptCodeStorageKey = "stack_mfa_attempt_code"

/** Where the attempt code of a pending second factor is kept. */
export interface AttemptCodeStoreService {
  readonly get: Effect.Effect<string | undefined>
  /** Remembers the attempt code of a sign-in waiting for its second factor. */
  readonly set: (code: string) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
}

/** The part of the Web Storage API the store uses. */
export interface WebStorage {
  /** The stored value of `key`, or `null`. */
  getItem(key: string): string | null
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void
  /** Forgets `key`. */
  removeItem(key: string): void
}

/** A store over a Web Storage object (the browser's `sessionStorage`). */
export const makeStorage = (storage: WebStorage): AttemptCodeStoreService => ({
  get: Effect.sync(() => storage.getItem(attemptCodeStorageKey) ?? undefined),
  set: (code) => Effect.sync(() => storage.setItem(attemptCodeStorageKey, code)),
  clear: Effect.sync(() => storage.removeItem(attemptCodeStorageKey))
})

/** A store in memory (servers, tests). */
export const makeMemory = (): AttemptCodeStoreService => {
  let code: string | undefined
  return {
    get: Effect.sync(() => code),
    set: (next) => Effect.sync(() => void (code = next)),
    clear: Effect.sync(() => void (code = undefined))
  }
}

/**
 * The page's `sessionStorage` when the host has one (a browser, under an app), else a memory
 * store: looked up on every use, from the host of the fiber that uses it.
 */
const pageStorageOr = (): AttemptCodeStoreService => {
  const items = new Map<string, string>()
  const memory: WebStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key)
  }
  const use = <A>(f: (storage: WebStorage) => A) =>
    Effect.withFiber((fiber) => Effect.succeed(f(fiber.getRef(Host.Host)?.storage() ?? memory)))
  return {
    get: use((storage) => storage.getItem(attemptCodeStorageKey) ?? undefined),
    set: (code) => use((storage) => storage.setItem(attemptCodeStorageKey, code)),
    clear: use((storage) => storage.removeItem(attemptCodeStorageKey))
  }
}

/**
 * The attempt-code store: the browser's `sessionStorage` where there is one, else memory.
 * Override with `Layer`s {@link layerSessionStorage} / {@link layerMemory}.
 */
export const AttemptCodeStore: Context.Reference<AttemptCodeStoreService> = /*#__PURE__*/ Context.Reference<AttemptCodeStoreService>(
  "stack-auth-effect/api/Mfa/AttemptCodeStore",
  { defaultValue: pageStorageOr }
)

/** The browser's `sessionStorage`; memory where there is none. */
export const layerSessionStorage: Layer.Layer<never> = /*#__PURE__*/ Layer.sync(AttemptCodeStore, pageStorageOr)

/** A fresh memory store. */
export const layerMemory: Layer.Layer<never> = /*#__PURE__*/ Layer.sync(AttemptCodeStore, makeMemory)

/**
 * Keeps the attempt code when `effect` fails with `MultiFactorAuthenticationRequired`, then fails
 * the same way (the caller goes to the MFA page).
 */
export const keepAttemptCode = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  effect.pipe(Effect.catch((error) => // `catch` + re-fail rather than `tapError`: one combinator less in a browser bundle
    error instanceof MultiFactorAuthenticationRequired && error.details !== undefined
      ? Effect.andThen(AttemptCodeStore.use((store) => store.set(error.details!.attemptCode)), Effect.fail(error))
      : Effect.fail(error)
  ))

/** No attempt code was given or kept: the sign-in did not ask for a second factor. */
export class MissingAttemptCode extends /*#__PURE__*/ Schema.TaggedError<MissingAttemptCode>()("MissingAttemptCode", {}) {
  override get message(): string {
    return "There is no pending multi-factor sign-in: sign in again"
  }
}

/** What `signInWithMfa` can fail with. */
export type SignInWithMfaError =
  | SchemaError
  | InvalidTotpCode
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached
  | MissingAttemptCode
  | KnownError
  | UnknownErrorCode
  | TransportError

/** What `signInWithMfa` takes: the TOTP code, and the attempt code when not the kept one. */
export interface SignInWithMfaOptions {
  readonly totp: string
  readonly attemptCode?: string | undefined
}

/**
 * Completes a sign-in with a TOTP code (`POST /auth/mfa/sign-in`); the attempt code is
 * the kept one unless given. An invalid code fails with `InvalidTotpCode` and keeps the attempt.
 */
export const signInWithMfa = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SignInWithMfaOptions): Effect.fn.Return<
    SignInOutcome.SignInResult,
    SignInWithMfaError,
    Session.Session
  > {
    const store = yield* AttemptCodeStore
    const code = options.attemptCode ?? (yield* store.get)
    if (code === undefined) return yield* new MissingAttemptCode()
    const tokens = yield* Session.call({
      method: "POST",
      path: "/auth/mfa/sign-in",
      body: { type: "totp", totp: options.totp, code },
      response: SignInTokens,
      errors: [
        SchemaError,
        InvalidTotpCode,
        VerificationCodeNotFound,
        VerificationCodeExpired,
        VerificationCodeAlreadyUsed,
        VerificationCodeMaxAttemptsReached
      ]
    })
    yield* store.clear
    return yield* SignInOutcome.storeTokens(tokens, false)
  },
  /*#__PURE__*/ Traced.span("Mfa.signInWithMfa")
)
