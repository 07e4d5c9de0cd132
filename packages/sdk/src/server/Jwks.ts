/**
 * A project's signing keys (its JWK set, `GET /projects/{projectId}/.well-known/jwks.json`), fetched
 * through the app's own pipeline and kept for a while: server-side only.
 *
 * The set is fetched through `StackHttp` (the app's transport, with its own bounds here: a short
 * timeout, a small body cap, no redirect followed), kept for `cacheTtl` (10 minutes by default),
 * and fetched again early only when a token names a key the set does not hold, and then at most once
 * per `refetchCooldown` (30 s by default): a flood of tokens with made-up key ids costs at most one
 * request per cooldown. Concurrent callers share one fetch. When a refresh of an expired set fails,
 * the previous keys stay in use; when there is no set at all, the failure is the transport's
 * typed error (never "signed out").
 *
 * @since 0.1.0
 * @module
 */
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type { JWK } from "jose"
import { KnownError } from "../protocol/KnownError.ts"
import * as HttpTransport from "../transport/HttpTransport.ts"
import * as Limits from "../transport/Limits.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Failures from "../transport/internal/Failures.ts"
import { DecodeError, HttpError, type TransportError } from "../transport/TransportErrors.ts"

/** How long a fetched key set is used before it is fetched again: 10 minutes. */
export const defaultCacheTtlMillis = 600_000

/** The shortest time between two fetches caused by unknown key ids (or failures): 30 s. */
export const defaultRefetchCooldownMillis = 30_000

/**
 * The bounds of one key-set fetch, over the app's: 5 s per attempt, 10 s in all, 64 KiB of body,
 * 2 attempts. The service's set is one key of about 200 bytes.
 */
export const defaultLimits: Limits.Options = {
  timeout: "5 seconds",
  deadline: "10 seconds",
  maxResponseBytes: 64 * 1024,
  retry: { attempts: 2 }
}

/** The path of a project's key set under `/api/v1`. */
export const path = (projectId: string): string => `/projects/${encodeURIComponent(projectId)}/.well-known/jwks.json`

/** A usable key set: the ES256 (P-256) public keys of the answer; other keys are left out. */
export interface KeySet {
  readonly keys: ReadonlyArray<JWK>
  /** When it was fetched (Effect's `Clock`). */
  readonly fetchedAtMillis: number
}

/** Options of {@link make}. */
export interface Options {
  /** How long a fetched set is used; 10 minutes by default. */
  readonly cacheTtl?: Duration.Input | undefined
  /** At most one early fetch (unknown key id, or after a failure) per this long; 30 s by default. */
  readonly refetchCooldown?: Duration.Input | undefined
  /** Bounds of one fetch, over the app's; {@link defaultLimits} by default. */
  readonly limits?: Limits.Options | undefined
  /** The transport fetches go through; the caller's by default. */
  readonly transport?: HttpTransport.HttpTransport | undefined
}

/** Why keys are asked for: a normal check, or a token whose key id the set lacks. */
export type Reason = "normal" | "unknownKid"

/** The key-set cache of one project. */
export interface Service {
  /**
   * The keys to check a token with. `"unknownKid"` asks for a fresh set, which is fetched only when
   * the last fetch is older than the cooldown; otherwise the current set is answered.
   */
  readonly get: (reason: Reason) => Effect.Effect<KeySet, TransportError>
  /**
   * The cached set while it is fresh at `nowMillis` (younger than `cacheTtl`), without fetching;
   * `undefined` otherwise. A verifier compares it with the set a remembered token was checked with.
   */
  readonly current: (nowMillis: number) => KeySet | undefined
  /** How many fetches were started (for tests and benchmarks). */
  readonly fetches: () => number
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * The usable keys of a key-set answer: an object with a `keys` array; each EC P-256 key with string
 * `x` and `y` (and `alg` absent or ES256) is kept. Anything else is a malformed answer.
 */
export const parse = (body: unknown): ReadonlyArray<JWK> | undefined => {
  if (!isRecord(body) || !Array.isArray(body.keys)) return undefined
  const keys: Array<JWK> = []
  for (const key of body.keys) {
    if (!isRecord(key)) return undefined
    if (key.kty !== "EC" || key.crv !== "P-256" || typeof key.x !== "string" || typeof key.y !== "string") continue
    if (key.alg !== undefined && key.alg !== "ES256") continue
    if (key.kid !== undefined && typeof key.kid !== "string") continue
    if (key.d !== undefined) continue // a private key is never published; refuse to use one
    keys.push({
      kty: "EC",
      crv: "P-256",
      alg: "ES256",
      x: key.x,
      y: key.y,
      ...(typeof key.kid === "string" ? { kid: key.kid } : {})
    })
  }
  return keys
}

/** Fetches a project's key set once through the pipeline, with `limits` over the app's. */
export const fetchKeys = (
  http: StackHttp["Service"],
  projectId: string,
  limits: Limits.Options
): Effect.Effect<ReadonlyArray<JWK>, TransportError> => {
  const keysPath = path(projectId)
  return http.execute({ method: "GET", path: keysPath }).pipe(
    Limits.withLimits(limits),
    Effect.catchIf(
      (error): error is KnownError => error instanceof KnownError,
      (error) => Failures.fail(new HttpError({ method: "GET", path: keysPath, status: error.status, body: error.code }))
    ),
    Effect.flatMap((response) => {
      const keys = parse(response.body)
      return keys === undefined
        ? Failures.fail(new DecodeError({ method: "GET", path: keysPath, issue: "the body is not a JWK set" }))
        : Effect.succeed(keys)
    })
  )
}

const millis = (input: Duration.Input | undefined, fallback: number): number =>
  input === undefined ? fallback : Duration.toMillis(Duration.fromInputUnsafe(input))

/** The key-set cache of `projectId`, fetched through `http`. */
export const make = (
  http: StackHttp["Service"],
  projectId: string,
  options: Options = {}
): Service => {
  const ttl = millis(options.cacheTtl, defaultCacheTtlMillis)
  const cooldown = millis(options.refetchCooldown, defaultRefetchCooldownMillis)
  const limits = options.limits ?? defaultLimits
  let current: KeySet | undefined
  let lastFailure: { readonly error: TransportError; readonly atMillis: number } | undefined
  let lastRefetchMillis = Number.NEGATIVE_INFINITY
  let inflight: Deferred.Deferred<KeySet, TransportError> | undefined
  let started = 0

  const start = (reason: Reason): Effect.Effect<KeySet, TransportError> => {
    const deferred = Deferred.makeUnsafe<KeySet, TransportError>()
    inflight = deferred
    started++
    const previous = current
    const fetch = fetchKeys(http, projectId, limits)
    const run = (options.transport === undefined ? fetch : Effect.provideService(fetch, HttpTransport.HttpTransport, options.transport)).pipe(
      Effect.exit,
      Effect.flatMap((exit) =>
        Effect.map(Clock.currentTimeMillis, (now) => {
          inflight = undefined
          if (Exit.isSuccess(exit)) {
            current = { keys: exit.value, fetchedAtMillis: now }
            lastFailure = undefined
            return Exit.succeed(current)
          }
          const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
          if (failure !== undefined && failure._tag === "Fail") lastFailure = { error: failure.error, atMillis: now }
          // an expired set whose refresh failed stays in use (keys are rarely replaced); a key id it
          // lacks is the transport's failure, never a refused token
          return previous !== undefined && reason === "normal" ? Exit.succeed(previous) : Exit.failCause(exit.cause)
        })
      ),
      Effect.flatMap((exit: Exit.Exit<KeySet, TransportError>) => Deferred.done(deferred, exit)),
      Effect.onInterrupt(() => Effect.andThen(Effect.sync(() => void (inflight = undefined)), Deferred.interrupt(deferred)))
    )
    // detached: a caller that is interrupted does not cancel the fetch the others wait for (it is bounded by its limits)
    return Effect.andThen(Effect.forkDetach(run), Deferred.await(deferred))
  }

  const get = (reason: Reason): Effect.Effect<KeySet, TransportError> =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const fresh = current !== undefined && now - current.fetchedAtMillis < ttl
      if (fresh && reason === "normal") return Effect.succeed(current!)
      if (inflight !== undefined) return Deferred.await(inflight)
      // after a failure, nothing is fetched again within the cooldown
      if (lastFailure !== undefined && now - lastFailure.atMillis < cooldown) {
        return current !== undefined && reason === "normal" ? Effect.succeed(current) : Effect.fail(lastFailure.error)
      }
      if (reason === "unknownKid") {
        if (fresh && now - lastRefetchMillis < cooldown) return Effect.succeed(current!)
        lastRefetchMillis = now
      }
      return start(reason)
    })

  const currentAt = (now: number): KeySet | undefined =>
    current !== undefined && now - current.fetchedAtMillis < ttl ? current : undefined

  return { get, current: currentAt, fetches: () => started }
}
