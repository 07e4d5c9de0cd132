/**
 * Sessions of the emulator: a session is one refresh token of a user; signing in
 * creates one and answers its tokens, refreshing issues a new access token for it, signing out
 * deletes it.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { Session, State } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Table from "../state/Table.ts"
import * as Tokens from "./Tokens.ts"

/** Default lifetime of a session: one year (31,536,000,000 ms); an emulator's `TokenPolicy` may shorten it. */
export const defaultLifetimeMillis = Tokens.refreshTokenLifetimeMillis

/** Tokens answered by a sign-in. */
export interface SignInTokens {
  readonly accessToken: string
  readonly refreshToken: string
  readonly session: Session
}

/** Signs a new access token for a session. */
export const accessTokenFor = (session: Session, baseUrl: string): Effect.Effect<string, never, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const state = yield* EmulatorState.get
    const nowMillis = yield* Clock.currentTimeMillis
    const policy = yield* Tokens.TokenPolicy
    return yield* Tokens.signAccessToken(state.signingKey, {
      baseUrl,
      projectId: session.projectId,
      userId: session.userId,
      refreshTokenId: session.id,
      nowMillis,
      lifetimeSeconds: policy.accessTokenLifetimeSeconds
    })
  })

/** Creates a session for a user and signs its first access token. */
export const create = (input: {
  readonly projectId: string
  readonly userId: string
  readonly baseUrl: string
  readonly expiresInMillis?: number | undefined
  readonly isImpersonation?: boolean | undefined
}): Effect.Effect<SignInTokens, never, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const policy = yield* Tokens.TokenPolicy
    const session: Session = {
      id: crypto.randomUUID(),
      projectId: input.projectId,
      userId: input.userId,
      refreshToken: Tokens.randomToken(),
      createdAtMillis: now,
      lastUsedAtMillis: now,
      expiresAtMillis: now + (input.expiresInMillis ?? policy.refreshTokenLifetimeMillis),
      isImpersonation: input.isImpersonation ?? false
    }
    yield* EmulatorState.update((state) => ({
      ...state,
      sessions: Table.put(state.sessions, session.id, session),
      users: Table.modify(state.users, input.userId, (user) => ({ ...user, lastActiveAtMillis: now }))
    }))
    const accessToken = yield* accessTokenFor(session, input.baseUrl)
    return { accessToken, refreshToken: session.refreshToken, session }
  })

/** Whether a session is still usable at `nowMillis`. */
export const isActive = (session: Session, nowMillis: number): boolean =>
  session.expiresAtMillis === null || session.expiresAtMillis > nowMillis

/** The active session of a project with this refresh token. */
export const findByRefreshToken = (
  state: State,
  projectId: string,
  refreshToken: string,
  nowMillis: number
): Session | undefined =>
  Table.find(state.sessions, (s) => s.projectId === projectId && s.refreshToken === refreshToken && isActive(s, nowMillis))

/** Marks a session used now (refresh) and its user active. */
export const touch = (session: Session): Effect.Effect<void, never, EmulatorState.EmulatorState> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    EmulatorState.update((state) => ({
      ...state,
      sessions: Table.modify(state.sessions, session.id, (s) => ({ ...s, lastUsedAtMillis: now })),
      users: Table.modify(state.users, session.userId, (user) => ({ ...user, lastActiveAtMillis: now }))
    })))

/** Replaces a session's refresh token with a fresh one (the old one stops working). */
export const rotate = (session: Session): Effect.Effect<Session, never, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const rotated: Session = { ...session, refreshToken: Tokens.randomToken() }
    yield* EmulatorState.update((state) => ({ ...state, sessions: Table.put(state.sessions, session.id, rotated) }))
    return rotated
  })

/** Deletes a session; `false` when it did not exist. */
export const remove = (projectId: string, sessionId: string): Effect.Effect<boolean, never, EmulatorState.EmulatorState> =>
  EmulatorState.modify((state) => {
    const session = Table.get(state.sessions, sessionId)
    if (session === undefined || session.projectId !== projectId) return [false, state] as const
    return [true, { ...state, sessions: Table.remove(state.sessions, sessionId) }] as const
  })
