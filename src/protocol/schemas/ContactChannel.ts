/**
 * Contact channels (SPEC §3 "Contact channel", §7 "Contact channels"): the wire read shape and the
 * create/update payloads, which are passed through as given (snake_case).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A contact channel of a user. SPEC §3 */
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

/** A contact channel of a user. */
export type ContactChannel = typeof ContactChannel.Type

/** `{ items }` of the list calls. SPEC §7 */
export const ContactChannelList = Schema.Struct({ items: Schema.Array(ContactChannel) })

/** A new contact channel of the current user (the SDK adds `user_id`). SPEC §3, §7 `POST /contact-channels` */
export interface ContactChannelCreate {
  readonly type: "email"
  readonly value: string
  readonly used_for_auth: boolean
  readonly is_primary?: boolean | undefined
}

/** A new contact channel created by a server, which may mark it verified. SPEC §7 */
export interface ServerContactChannelCreate extends ContactChannelCreate {
  readonly is_verified?: boolean | undefined
}

/** Changes to a contact channel; a changed value is unverified again. SPEC §7 */
export interface ContactChannelUpdate {
  readonly type?: "email" | undefined
  readonly value?: string | undefined
  readonly used_for_auth?: boolean | undefined
  readonly is_primary?: boolean | undefined
}

/** Changes a server may make, verification included. SPEC §7 */
export interface ServerContactChannelUpdate extends ContactChannelUpdate {
  readonly is_verified?: boolean | undefined
}
