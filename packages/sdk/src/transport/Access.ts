/**
 * Access-level witnesses. Server-only calls require `ServerAccess` and admin-only calls
 * require `AdminAccess` in their context. A witness is granted only from a configuration holding
 * the key of its level (or, for admin access, the project owner's session), so only the server
 * and admin app Layers provide them: a client app cannot express such a call, and the compile
 * error names the missing level first (`ServerAccessRequired_UseStackServerApp`).
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { StackConfig } from "./StackConfig.ts"
import { StackConfigError } from "./TransportErrors.ts"

/** Held only by witnesses this module grants: no other code can build one without a cast. */
const granted: unique symbol = Symbol("stack-auth-effect/transport/Access/granted")

/**
 * The requirement of a server-only call: provide a server or admin app (`StackServerApp.layer`,
 * holding the secret server key). Seen in a compile error, it means a client app ran a server call.
 */
export interface ServerAccessRequired_UseStackServerApp {
  readonly [granted]: "ServerAccess"
}

/**
 * The requirement of an admin-only call: provide an admin app (`StackAdminApp.layer`, holding the
 * super-secret admin key, or `StackAdminApp.layerOwnerSession`).
 */
export interface AdminAccessRequired_UseStackAdminApp {
  readonly [granted]: "AdminAccess"
}

/** What a witness holds: the level it was granted for. */
export interface Witness<Level extends "server" | "admin"> {
  readonly level: Level
  readonly [granted]: true
}

/** The server-access requirement, as written in signatures. */
export type ServerAccess = ServerAccessRequired_UseStackServerApp
/** The admin-access requirement, as written in signatures. */
export type AdminAccess = AdminAccessRequired_UseStackAdminApp

/** The key of the server-access witness: present only in server and admin apps. */
export const ServerAccess: Context.Service<ServerAccessRequired_UseStackServerApp, Witness<"server" | "admin">> =
  /*#__PURE__*/ Context.Service<ServerAccessRequired_UseStackServerApp, Witness<"server" | "admin">>(
    "stack-auth-effect/transport/ServerAccess"
  )

/** The key of the admin-access witness: present only in admin apps. */
export const AdminAccess: Context.Service<AdminAccessRequired_UseStackAdminApp, Witness<"admin">> =
  /*#__PURE__*/ Context.Service<AdminAccessRequired_UseStackAdminApp, Witness<"admin">>("stack-auth-effect/transport/AdminAccess")

const missing = (key: string) =>
  new StackConfigError({ reason: `This app needs ${key} for its access level; it is not in the configuration` })

/**
 * Server access, granted only when `config` holds the secret server key (or the admin key):
 * fails with `StackConfigError` otherwise. The server and admin apps provide it.
 */
export const layerServer = (config: StackConfig): Layer.Layer<ServerAccess, StackConfigError> =>
  config.secretServerKey === undefined && config.superSecretAdminKey === undefined
    ? Layer.effectContext(Effect.fail(missing("the secret server key")))
    : Layer.succeed(ServerAccess, { level: "server", [granted]: true })

const adminWitnesses = /*#__PURE__*/ Layer.mergeAll(
  Layer.succeed(ServerAccess, { level: "admin", [granted]: true }),
  Layer.succeed(AdminAccess, { level: "admin", [granted]: true })
)

/**
 * Admin access (which includes server access), granted only when `config` holds the super-secret
 * admin key, or for an admin app run by the project owner's session (`ownerSession` given): fails
 * with `StackConfigError` otherwise.
 */
export const layerAdmin = (
  proof: { readonly config: StackConfig } | { readonly ownerSession: { readonly getTokens: unknown } }
): Layer.Layer<ServerAccess | AdminAccess, StackConfigError> =>
  "ownerSession" in proof || proof.config.superSecretAdminKey !== undefined
    ? adminWitnesses
    : Layer.effectContext(Effect.fail(missing("the super-secret admin key")))
