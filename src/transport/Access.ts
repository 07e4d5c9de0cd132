/**
 * Access-level witnesses (SPEC §6). Server-only calls require `ServerAccess` and admin-only calls
 * require `AdminAccess` in their context; only the server and admin app Layers provide them, so a
 * client app cannot even express such a call: it is a compile error, not a runtime 401.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"

/** Present only in server and admin apps. SPEC §6 */
export class ServerAccess extends /*#__PURE__*/ Context.Service<ServerAccess, { readonly level: "server" | "admin" }>()(
  "stack-auth-effect/transport/ServerAccess"
) {}

/** Present only in admin apps. SPEC §6 */
export class AdminAccess extends /*#__PURE__*/ Context.Service<AdminAccess, { readonly level: "admin" }>()(
  "stack-auth-effect/transport/AdminAccess"
) {}

/** Witnesses for a server app. */
export const layerServer: Layer.Layer<ServerAccess> = /*#__PURE__*/ Layer.succeed(ServerAccess, { level: "server" })

/** Witnesses for an admin app (admin access includes server access). */
export const layerAdmin: Layer.Layer<ServerAccess | AdminAccess> = /*#__PURE__*/ Layer.mergeAll(
  Layer.succeed(ServerAccess, { level: "admin" }),
  Layer.succeed(AdminAccess, { level: "admin" })
)
