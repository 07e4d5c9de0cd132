/**
 * The user's session: tokens, the known-invalid mark, one refresh at a time, and the
 * retry with a fresh access token when the service reports the old one invalid.
 *
 * Signed out (no tokens, or known-invalid), requests are sent without tokens: the service answers
 * what an anonymous caller gets (for example `CANNOT_GET_OWN_USER_WITHOUT_USER`). No refresh is
 * attempted for a known-invalid session; only new tokens (`setTokens`, another tab) revive it.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { KnownError } from "../protocol/KnownError.ts"
import * as Call from "../transport/Call.ts"
import * as Limits from "../transport/Limits.ts"
import * as Failures from "../transport/internal/Failures.ts"
import { StackHttp, type StackRequest, type StackResponse } from "../transport/StackHttp.ts"
import { tokenPath } from "../transport/internal/TokenEndpoint.ts"
import * as Traced from "../transport/internal/Traced.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as AccessToken from "./AccessToken.ts"
import * as Listeners from "./internal/Listeners.ts"
import * as Lock from "./internal/Lock.ts"
import * as Refresh from "./internal/Refresh.ts"
import { make as makeCoordinator, RefreshCoordinator } from "./internal/RefreshCoordinator.ts"
import { sanitize, sameTokens, type StoredTokens, TokenStore } from "./TokenStore.ts"

/** Why a refresh of the access token failed. */
export type { RefreshError } from "./internal/Refresh.ts"

/** Validity an access token must still have to be sent with a request. */
export const minimumValidityMillis = 20_000
/** Asking for this much validity or more is refused: access tokens live shorter. */
export const maximumValidityMillis = 60_000

/** Known-error codes of an invalid access token: mark it expired and retry once. */
export const invalidAccessTokenCodes: ReadonlySet<string> = new Set([
  "INVALID_ACCESS_TOKEN",
  "UNPARSABLE_ACCESS_TOKEN",
  "ACCESS_TOKEN_EXPIRED",
  "INVALID_PROJECT_FOR_ACCESS_TOKEN"
])

/** Known-error codes of an invalid admin access token (the admin app's session). */
export const invalidAdminAccessTokenCodes: ReadonlySet<string> = new Set([
  "INVALID_ADMIN_ACCESS_TOKEN",
  "UNPARSABLE_ADMIN_ACCESS_TOKEN",
  "ADMIN_ACCESS_TOKEN_EXPIRED",
  "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN",
  "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN"
])

/** Span attribute of `Session.signOut` naming a known error the service answered (the sign-out went on locally). */
export const signOutErrorAttribute = "stack.sign_out.ignored_error"

/** Whether an error says the access token is invalid. */
export const isInvalidAccessToken = (error: unknown): error is KnownError =>
  error instanceof KnownError && invalidAccessTokenCodes.has(error.code)

/** A validity of 60 s or more was asked for. */
export class AccessTokenValidityTooLong extends /*#__PURE__*/ Schema.TaggedError<AccessTokenValidityTooLong>()("AccessTokenValidityTooLong", {
  requestedMillis: Schema.Number
}) {
  override get message(): string {
    return `An access token valid for ${this.requestedMillis} ms was asked for; access tokens are too short-lived for ${maximumValidityMillis} ms or more`
  }
}

/** Both tokens of a signed-in session. */
export interface Tokens {
  readonly accessToken: Redacted.Redacted<string>
  readonly refreshToken: Redacted.Redacted<string>
}

/** Tokens to send: an access token, and the refresh token when the session has one. */
export interface ValidTokens {
  readonly accessToken: Redacted.Redacted<string>
  readonly refreshToken: Redacted.Redacted<string> | undefined
}

/** What the session looks like now. */
export type SessionState =
  | { readonly _tag: "SignedOut" }
  | { readonly _tag: "SignedIn"; readonly userId: string | undefined }

/** A transition of the session. */
export type SessionEvent =
  | { readonly _tag: "SignedIn" }
  | { readonly _tag: "SignedOut" }
  | { readonly _tag: "Refreshed" }

/** The session service. */
export interface Service {
  /**
   * Sends a request with the session's tokens: an access token valid for at least 20 s
   * (refreshed once at a time when needed); when the service reports it invalid, it is marked
   * expired and the request is sent once more with a fresh one. Signed out: sent without tokens.
   */
  readonly execute: (request: StackRequest) => Effect.Effect<StackResponse, KnownError | TransportError>
  /** Stores the tokens a sign-in returned. A value equal to `undefined` is a defect. */
  readonly setTokens: (tokens: { readonly accessToken: string; readonly refreshToken: string }) => Effect.Effect<void>
  /**
   * Signs out: deletes the session at the service when there are tokens (a refresh-token
   * error is ignored), then clears them. The local sign-out happens even when the request fails.
   */
  readonly signOut: Effect.Effect<void, TransportError>
  /** Clears the tokens and marks the session invalid without a request (account deletion). */
  readonly invalidate: Effect.Effect<void>
  /**
   * Calls `listener` with the new state after every change (synchronously; `SessionStreams.changes`
   * is the `Stream` of it); `onClose` runs when the session's scope closes. Returns the unlisten.
   */
  readonly listenUnsafe: (listener: (state: SessionState) => void, onClose?: () => void) => () => void
  /**
   * Tokens whose access token stays valid for `minValidityMillis` (default 20 s), refreshing when
   * needed; `undefined` when signed out. 60 s or more is refused.
   */
  readonly getTokens: (
    minValidityMillis?: number
  ) => Effect.Effect<ValidTokens | undefined, AccessTokenValidityTooLong | Refresh.RefreshError>
  /** Forgets `accessToken` if it is still the cached one (the service rejected it). */
  readonly markAccessTokenExpired: (accessToken: Redacted.Redacted<string>) => Effect.Effect<void>
  /** The current state. */
  readonly state: Effect.Effect<SessionState>
  /** Whether the session is known to be invalid. */
  readonly isKnownInvalid: Effect.Effect<boolean>
  /** The current state, synchronously (for adapters). */
  readonly stateUnsafe: () => SessionState
  /**
   * Calls `listener` with every transition from now on: sign-in, sign-out, refresh
   * (`SessionStreams.events` is the `Stream` of them). Returns the unlisten.
   */
  readonly listenEventsUnsafe: (listener: (event: SessionEvent) => void, onClose?: () => void) => () => void
}

/** The session service key. */
export class Session extends /*#__PURE__*/ Context.Service<Session, Service>()("stack-auth-effect/session/Session") {}

interface Internal {
  readonly access: AccessToken.AccessToken | undefined
  readonly refreshToken: Redacted.Redacted<string> | undefined
  readonly knownInvalid: boolean
}

const signedOut: Internal = { access: undefined, refreshToken: undefined, knownInvalid: true }

const fromStored = (tokens: StoredTokens): Internal => ({
  access: tokens.accessToken === undefined ? undefined : AccessToken.fromRedacted(tokens.accessToken),
  refreshToken: tokens.refreshToken,
  knownInvalid: tokens.accessToken === undefined && tokens.refreshToken === undefined
})

const toStored = (state: Internal): StoredTokens => ({
  ...(state.access ? { accessToken: state.access.token } : {}),
  ...(state.refreshToken ? { refreshToken: state.refreshToken } : {})
})

const publicState = (state: Internal): SessionState =>
  state.knownInvalid || (state.access === undefined && state.refreshToken === undefined)
    ? { _tag: "SignedOut" }
    : { _tag: "SignedIn", userId: state.access?.userId }

const same = (a: Redacted.Redacted<string> | undefined, b: Redacted.Redacted<string> | undefined) =>
  a === undefined || b === undefined ? a === b : Redacted.value(a) === Redacted.value(b)

/** Builds the session from the `TokenStore`'s tokens; follows the store's external changes while the scope lasts. */
export const make: Effect.Effect<Service, never, StackHttp | TokenStore | Scope.Scope> = /*#__PURE__*/ Effect.gen(function*() {
  const http = yield* StackHttp
  const store = yield* TokenStore
  // a plain cell (no `Ref` module in a browser bundle): written only under the state lock
  let internal = fromStored(sanitize(yield* store.get))
  const read = Effect.sync(() => internal)
  let current = publicState(internal)
  const states = Listeners.make<SessionState>()
  const events = Listeners.make<SessionEvent>()
  yield* Effect.addFinalizer(() => Effect.sync(() => (states.close(), events.close())))
  const withStateLock = Lock.make()
  const flights = makeCoordinator() // this session's single flight

  const commit = (next: Internal, event: SessionEvent | undefined, persist: boolean) =>
    Effect.gen(function*() {
      internal = next
      current = publicState(next)
      states.emit(current)
      if (persist) yield* next.access === undefined && next.refreshToken === undefined ? store.clear : store.set(toStored(next))
      if (event !== undefined) events.emit(event)
    })
  const update = <A>(f: (state: Internal) => readonly [A, Effect.Effect<void>]) =>
    withStateLock(Effect.flatMap(read, (state) => {
      const [result, effect] = f(state)
      return Effect.as(effect, result)
    }))

  const usable = (state: Internal, min: number): Effect.Effect<ValidTokens | undefined> =>
    Effect.gen(function*() {
      if (state.knownInvalid || state.access === undefined) return undefined
      const enough = state.refreshToken === undefined
        ? !(yield* AccessToken.isExpired(state.access)) // nothing to refresh with: use it while it lasts
        : yield* AccessToken.isValidFor(state.access, min)
      return enough ? { accessToken: state.access.token, refreshToken: state.refreshToken } : undefined
    })

  const applyOutcome = (used: Redacted.Redacted<string>, outcome: Refresh.Outcome) =>
    update((state) => {
      if (!same(state.refreshToken, used) || state.knownInvalid) return [undefined, Effect.void] as const // signed in or out meanwhile
      if (outcome._tag === "Invalid") return [undefined, commit(signedOut, { _tag: "SignedOut" }, true)] as const
      const next: Internal = {
        access: AccessToken.fromRedacted(outcome.accessToken),
        refreshToken: outcome.refreshToken ?? used,
        knownInvalid: false
      }
      return [{ accessToken: next.access!.token, refreshToken: next.refreshToken }, commit(next, { _tag: "Refreshed" }, true)] as const
    })

  /** One flight per session: re-checks the state, then refreshes through the process-wide coordinator. */
  const flight = (min: number) =>
    Effect.gen(function*() {
      const state = internal
      const cached = yield* usable(state, min)
      if (cached !== undefined || state.knownInvalid || state.refreshToken === undefined) {
        return { tokens: cached, refreshed: false }
      }
      const used = state.refreshToken
      const coordinator = yield* RefreshCoordinator
      const key = `${http.config.baseUrl}\n${http.config.projectId}\n${Redacted.value(used)}`
      // the shared refresh has no deadline of its own (each caller bounds its own wait, see `obtain`;
      // it is interrupted when no caller waits any more): the first caller's deadline never cuts
      // short a later caller's. Its attempts keep their timeout and the retry schedule.
      const options = yield* Limits.CallLimits
      const task = Refresh.refreshAccessToken(http.config, used).pipe(Limits.withLimits({ ...options, deadline: Duration.infinity }))
      const outcome = yield* coordinator.run(key, task)
      return { tokens: yield* applyOutcome(used, outcome), refreshed: true }
    })

  /** Waits for the shared refresh at most until this caller's own deadline (its `Limits`), then fails typed. */
  const withinDeadline = <A, E>(wait: Effect.Effect<A, E>): Effect.Effect<A, E | TransportError> =>
    Effect.withFiber((fiber) => {
      const { deadlineMillis } = Limits.make(fiber.getRef(Limits.CallLimits), http.config.limits ?? Limits.defaults)
      return Number.isFinite(deadlineMillis)
        ? Effect.timeoutOrElse(wait, {
          duration: deadlineMillis,
          orElse: () => Effect.fail(Failures.timeout("POST", tokenPath, deadlineMillis, "call"))
        })
        : wait
    })

  const refreshFor = (min: number): Effect.Effect<ValidTokens | undefined, Refresh.RefreshError> =>
    Effect.gen(function*() {
      const first = yield* flights.run("refresh", flight(min))
      if (first.refreshed || first.tokens === undefined) return first.tokens
      // joined a flight started for a shorter validity: ask again for ours
      if ((yield* usable(internal, min)) !== undefined) return first.tokens
      return (yield* flights.run("refresh", flight(min))).tokens
    })

  const obtain = (min: number): Effect.Effect<ValidTokens | undefined, Refresh.RefreshError> =>
    Effect.gen(function*() {
      const state = internal
      const cached = yield* usable(state, min)
      if (cached !== undefined || state.knownInvalid || state.refreshToken === undefined) return cached
      return yield* withinDeadline(refreshFor(min))
    })

  const getTokens = (minValidityMillis: number = minimumValidityMillis) =>
    minValidityMillis >= maximumValidityMillis
      ? Effect.fail(new AccessTokenValidityTooLong({ requestedMillis: minValidityMillis }))
      : obtain(minValidityMillis)

  const markAccessTokenExpired = (accessToken: Redacted.Redacted<string>) =>
    update((state) =>
      state.access !== undefined && same(state.access.token, accessToken)
        ? [undefined, commit({ ...state, access: undefined }, undefined, true)] as const
        : [undefined, Effect.void] as const
    )

  const send = (request: StackRequest, tokens: ValidTokens | undefined) =>
    http.execute({ ...request, tokens })

  const executeWith = (request: StackRequest, tokens: ValidTokens | undefined) =>
    send(request, tokens).pipe(Effect.catch((error: KnownError | TransportError) =>
      tokens !== undefined && isInvalidAccessToken(error)
        ? markAccessTokenExpired(tokens.accessToken).pipe(
          Effect.andThen(obtain(minimumValidityMillis)),
          Effect.flatMap((fresh) => send(request, fresh))
        )
        : Effect.fail(error)
    ))

  const execute = (request: StackRequest) =>
    Effect.flatMap(obtain(minimumValidityMillis), (tokens) => executeWith(request, tokens))

  const invalidate = update((state) =>
    [undefined, commit(signedOut, publicState(state)._tag === "SignedOut" ? undefined : { _tag: "SignedOut" }, true)] as const
  )

  const signOut = Effect.gen(function*() {
    const tokens = yield* obtain(minimumValidityMillis).pipe(
      Effect.catch((error) => error._tag === "KnownError" ? Effect.succeed(undefined) : Effect.fail(error))
    )
    if (tokens === undefined) return
    yield* executeWith({ method: "DELETE", path: "/auth/sessions/current", body: {} }, tokens).pipe(
      Effect.catch((error) =>
        error._tag !== "KnownError"
          ? Effect.fail(error)
          : Refresh.refreshTokenErrorCodes.has(error.code)
          ? Effect.void
          : Effect.annotateCurrentSpan(signOutErrorAttribute, error.code) // signs out locally; no logger on the browser path
      )
    )
  }).pipe(Effect.ensuring(invalidate), Traced.span("Session.signOut")) // a span only when a tracer that records is installed

  const setTokens = (tokens: { readonly accessToken: string; readonly refreshToken: string }) =>
    Effect.gen(function*() {
      const accessToken = yield* AccessToken.validateValue("access", tokens.accessToken)
      const refreshToken = yield* AccessToken.validateValue("refresh", tokens.refreshToken)
      const next: Internal = { access: AccessToken.fromRedacted(accessToken), refreshToken, knownInvalid: false }
      yield* update(() => [undefined, commit(next, { _tag: "SignedIn" }, true)] as const)
    }).pipe(Effect.orDie)

  /** Another tab or process changed the stored tokens. */
  const applyExternal = (incoming: StoredTokens) =>
    update((state) => {
      const tokens = sanitize(incoming)
      if (tokens.refreshToken !== undefined && same(tokens.refreshToken, state.refreshToken) && !state.knownInvalid) {
        // same session: adopt another tab's newer access token, keep ours when the store has none
        return tokens.accessToken === undefined || same(tokens.accessToken, state.access?.token)
          ? [undefined, Effect.void] as const
          : [undefined, commit({ ...state, access: AccessToken.fromRedacted(tokens.accessToken) }, undefined, false)] as const
      }
      if (sameTokens(tokens, toStored(state))) return [undefined, Effect.void] as const
      const next = fromStored(tokens)
      const event: SessionEvent = { _tag: publicState(next)._tag === "SignedIn" ? "SignedIn" : "SignedOut" }
      return [undefined, commit(next, event, false)] as const
    })

  if (store.subscribe !== undefined) yield* store.subscribe(applyExternal)

  return Session.of({
    execute,
    setTokens,
    signOut,
    invalidate,
    listenUnsafe: states.listen,
    getTokens,
    markAccessTokenExpired,
    state: Effect.sync(() => current),
    isKnownInvalid: Effect.sync(() => internal.knownInvalid),
    stateUnsafe: () => current,
    listenEventsUnsafe: events.listen
  })
})

/** The session as a Layer over the app's `StackHttp` and a `TokenStore` Layer. */
export const layer: Layer.Layer<Session, never, StackHttp | TokenStore> = /*#__PURE__*/ Layer.effect(Session, make)

/** A typed call with the session's tokens: `Call.run(session.execute, options)`. */
export const call = <A, I, Errors extends ReadonlyArray<Call.AnyKnownErrorConstructor>>(
  options: Call.CallOptions<A, I, Errors>
) => Session.use((session) => Call.run(session.execute, options))
