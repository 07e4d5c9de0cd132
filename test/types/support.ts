/**
 * Type-level helpers for the type tests of `test/types/`: which exports of an API module are
 * calls, what a call fails with and needs, and a strict type equality.
 */
import type * as Effect from "effect/Effect"
import type { AdminAccess, ServerAccess } from "../../packages/sdk/src/transport/Access.ts"

/** Any function that returns an effect (an API call). */
export type AnyCall = (...args: never) => Effect.Effect<unknown, unknown, unknown>

/**
 * The names of the exports of module `M` that are calls. Classes, constants and Layers are not, nor
 * are functions that build an error (a yieldable error is also an effect).
 */
export type CallKeys<M> = {
  [K in keyof M]: M[K] extends AnyCall ? ReturnType<M[K]> extends globalThis.Error ? never : K : never
}[keyof M]

/** The error channel of a call (for an overloaded call, its last overload). */
export type ErrorOf<F extends AnyCall> = Effect.Error<ReturnType<F>>

/** The requirements of a call. */
export type ServicesOf<F extends AnyCall> = Effect.Services<ReturnType<F>>

/** `true` when `A` and `B` are the same type (unions compared member by member, `any` only equals `any`). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false

/**
 * The calls of module `M` whose error channel is not exactly the union `Declared` lists for them,
 * plus the calls `Declared` leaves out and the names it lists that are not calls: `never` when the
 * listing is complete and exact.
 */
export type Undeclared<M, Declared> =
  | {
    [K in CallKeys<M>]: K extends keyof Declared
      ? M[K] extends AnyCall ? Equals<ErrorOf<M[K]>, Declared[K]> extends true ? never : K : K
      : K
  }[CallKeys<M>]
  | Exclude<keyof Declared, CallKeys<M>>

/** The access level a call needs: `admin` (AdminAccess), `server` (ServerAccess) or `client` (neither). SPEC §6 */
export type LevelOf<F extends AnyCall> = [Extract<ServicesOf<F>, AdminAccess>] extends [never]
  ? [Extract<ServicesOf<F>, ServerAccess>] extends [never] ? "client" : "server"
  : "admin"

/**
 * The calls of module `M` whose access level differs from the listing: those named in `Server`
 * must need exactly `ServerAccess`, those in `Admin` `AdminAccess`, every other call neither.
 * `never` when every call has the listed level (names that are not calls are reported too).
 */
export type Misplaced<M, Server extends PropertyKey = never, Admin extends PropertyKey = never> =
  | {
    [K in CallKeys<M>]: M[K] extends AnyCall
      ? Equals<LevelOf<M[K]>, K extends Admin ? "admin" : K extends Server ? "server" : "client"> extends true ? never : K
      : K
  }[CallKeys<M>]
  | Exclude<Server | Admin, CallKeys<M>>

/** Compiles only when `Offending` is `never`; otherwise tsc names the offending calls in its error. */
export const expectNone = <Offending extends never>(): void => undefined
