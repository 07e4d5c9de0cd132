/**
 * Permission definitions at team or project scope (`/team-permission-definitions`,
 * `/project-permission-definitions`); a definition may contain other permissions.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A permission definition and the permissions it contains. */
export const PermissionDefinition = Schema.Struct({
  id: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  containedPermissionIds: Schema.Array(Schema.String)
}).pipe(Wire.encodeKeys({ containedPermissionIds: "contained_permission_ids" }))

type PermissionDefinitionType = typeof PermissionDefinition.Type
/** A permission definition. */
export interface PermissionDefinition extends PermissionDefinitionType {}

/** `{ items }` of the definition lists. */
export const PermissionDefinitionList = Schema.Struct({ items: Schema.Array(PermissionDefinition) })
