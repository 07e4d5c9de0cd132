/**
 * One-time codes of the emulator: e-mail verification, password reset, magic links,
 * MFA attempts. A code is created with a purpose and an expiry, sent in a link with `?code=`, and
 * checked once: not found, expired, already used or out of attempts are the protocol's errors.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "stack-auth-effect/KnownErrors"
import type { State, VerificationCode } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Table from "../state/Table.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as RandomCodes from "../state/RandomCodes.ts"

/** Purpose of the code sent on sign-up and by `send-verification-code`. */
export const contactChannelVerification = "contact_channel_verification"
/** Purpose of the attempt code of a sign-in that needs a second factor. */
export const mfaAttempt = "mfa_attempt"

/** Default lifetime of a code: 7 days. */
export const defaultLifetimeMillis = 7 * 24 * 60 * 60 * 1000

/** Creates and stores a code. */
export const create = (input: {
  readonly projectId: string
  readonly purpose: string
  readonly email?: string | null | undefined
  readonly userId?: string | null | undefined
  readonly data?: unknown
  readonly expiresInMillis?: number | undefined
  readonly maxAttempts?: number | undefined
  readonly code?: string | undefined
}): Effect.Effect<VerificationCode, never, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const code: VerificationCode = {
      id: crypto.randomUUID(),
      projectId: input.projectId,
      purpose: input.purpose,
      // 45 characters of lower-case base32, as the service's codes (its code routes accept no other length)
      code: input.code ?? RandomCodes.make(),
      email: input.email ?? null,
      userId: input.userId ?? null,
      data: input.data ?? null,
      createdAtMillis: now,
      expiresAtMillis: now + (input.expiresInMillis ?? defaultLifetimeMillis),
      usedAtMillis: null,
      attemptCount: 0,
      maxAttempts: input.maxAttempts ?? 20
    }
    yield* EmulatorState.update((state) => ({ ...state, verificationCodes: Table.put(state.verificationCodes, code.id, code) }))
    return code
  })

/** Errors of {@link use}. */
export type UseError =
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached

/** How many leading characters of a code a user may type (OTP); the rest is the nonce its flow shares. */
export const typedLength = 6

/** Whether `row` shares the nonce of the attempted code (all but its first {@link typedLength} characters). */
const sharesNonce = (row: VerificationCode, projectId: string, code: string): boolean =>
  row.projectId === projectId && (row.code === code || (code.length > typedLength && row.code.endsWith(code.slice(typedLength))))

/** The state with one attempt counted against every code of the project sharing the attempted code's nonce. */
const countAttempt = (state: State, projectId: string, code: string): State => {
  let verificationCodes = state.verificationCodes
  for (const row of Table.values(state.verificationCodes)) {
    if (sharesNonce(row, projectId, code)) verificationCodes = Table.put(verificationCodes, row.id, { ...row, attemptCount: row.attemptCount + 1 })
  }
  return { ...state, verificationCodes }
}

/** Why a found code (as it was before this attempt) is refused, in the service's order: the limit last. */
const refusal = (row: VerificationCode, now: number): UseError | undefined =>
  row.expiresAtMillis <= now
    ? new VerificationCodeExpired({})
    : row.usedAtMillis !== null
    ? new VerificationCodeAlreadyUsed({})
    : row.attemptCount >= row.maxAttempts
    ? new VerificationCodeMaxAttemptsReached({})
    : undefined

/**
 * Checks a code and, unless `checkOnly`, marks it used. Every attempt counts, found or not and
 * whatever its outcome, against each code sharing its nonce; the limit is checked last, against
 * the count before this attempt.
 */
export const use = (
  projectId: string,
  purpose: string,
  code: string,
  options: { readonly checkOnly?: boolean } = {}
): Effect.Effect<VerificationCode, UseError, EmulatorState.EmulatorState> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    EmulatorState.transact((state): Effect.Effect<readonly [Effect.Effect<VerificationCode, UseError>, State]> => {
      const row = Table.find(state.verificationCodes, (c) => c.projectId === projectId && c.purpose === purpose && c.code === code)
      const counted = countAttempt(state, projectId, code)
      const refuse = (error: UseError) => Effect.succeed([Effect.fail(error), counted] as const)
      if (row === undefined) return refuse(new VerificationCodeNotFound({}))
      const refused = refusal(row, now)
      if (refused !== undefined) return refuse(refused)
      const next = { ...Table.get(counted.verificationCodes, row.id)!, usedAtMillis: options.checkOnly ? null : now }
      return Effect.succeed([Effect.succeed(next), { ...counted, verificationCodes: Table.put(counted.verificationCodes, row.id, next) }])
    })).pipe(Effect.flatten)

/** A callback URL with `code` added to its query. */
export const linkWithCode = (callbackUrl: string, code: string): string => {
  const url = new URL(callbackUrl)
  url.searchParams.set("code", code)
  return url.toString()
}

/** The length of the codes the service's code routes accept (`body.code must be exactly 45 characters`). */
export const codeLength = 45

/**
 * The body schema of a route that spends or checks a code: the route's own fields first, then
 * `code` (45 characters) unless the route declares its own `code`, as the service merges them (so
 * unknown properties are reported twice, once per merged part).
 */
export const codeBody = <S extends Readonly<Record<string, RequestSchema.Field>>>(fields: S) =>
  RequestSchema.object({ code: RequestSchema.string().length(codeLength).defined() }).concat(RequestSchema.object(fields)).defined()
