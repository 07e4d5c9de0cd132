/**
 * Contact channels (`/contact-channels`): the wire read shape and the
 * create/update payloads (camelCase, encoded to the wire's snake_case).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A contact channel of a user. */
export const ContactChannel = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  type: Schema.Literal("email"),
  value: Schema.String,
  isVerified: Schema.Boolean,
  isPrimary: Schema.Boolean,
  usedForAuth: Schema.Boolean
}).pipe(Wire.encodeKeys({
  userId: "user_id",
  isVerified: "is_verified",
  isPrimary: "is_primary",
  usedForAuth: "used_for_auth"
}))

type ContactChannelType = typeof ContactChannel.Type
/** A contact channel of a user. */
export interface ContactChannel extends ContactChannelType {}

/** `{ items }` of the list calls. */
export const ContactChannelList = Schema.Struct({ items: Schema.Array(ContactChannel) })

const channelKeys = { usedForAuth: "used_for_auth", isPrimary: "is_primary", isVerified: "is_verified" } as const
const createFields = {
  type: Schema.Literal("email"),
  value: Schema.String,
  usedForAuth: Schema.Boolean,
  isPrimary: Schema.optional(Schema.Boolean)
}
const updateFields = {
  type: Schema.optional(Schema.Literal("email")),
  value: Schema.optional(Schema.String),
  usedForAuth: Schema.optional(Schema.Boolean),
  isPrimary: Schema.optional(Schema.Boolean)
}

/** A new e-mail channel of the signed-in user: unverified, and not primary unless asked. */
export const ContactChannelCreate = Schema.Struct(createFields).pipe(Wire.encodeKeys(channelKeys))
type ContactChannelCreateType = typeof ContactChannelCreate.Type
/** A new e-mail channel of the signed-in user: unverified, and not primary unless asked. */
export interface ContactChannelCreate extends ContactChannelCreateType {}

/** A new contact channel created by a server, which may mark it verified. */
export const ServerContactChannelCreate = Schema.Struct({ ...createFields, isVerified: Schema.optional(Schema.Boolean) }).pipe(
  Wire.encodeKeys(channelKeys)
)
type ServerContactChannelCreateType = typeof ServerContactChannelCreate.Type
/** A new contact channel created by a server, which may mark it verified. */
export interface ServerContactChannelCreate extends ServerContactChannelCreateType {}

/** Changes to a contact channel; a changed value is unverified again. */
export const ContactChannelUpdate = Schema.Struct(updateFields).pipe(Wire.encodeKeys(channelKeys))
type ContactChannelUpdateType = typeof ContactChannelUpdate.Type
/** Changes to a contact channel; a changed value is unverified again. */
export interface ContactChannelUpdate extends ContactChannelUpdateType {}

/** Changes a server may make to a contact channel, its verification included. */
export const ServerContactChannelUpdate = Schema.Struct({ ...updateFields, isVerified: Schema.optional(Schema.Boolean) }).pipe(
  Wire.encodeKeys(channelKeys)
)
type ServerContactChannelUpdateType = typeof ServerContactChannelUpdate.Type
/** Changes a server may make to a contact channel, its verification included. */
export interface ServerContactChannelUpdate extends ServerContactChannelUpdateType {}
