/**
 * The project's own key sets (`/internal/api-keys`): each holds up to a publishable, a secret and
 * a super-secret admin key. The full keys are shown once, when created; later reads show only
 * their last four characters.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

const base = {
  id: Schema.String,
  description: Schema.String,
  expiresAt: Schema.DateFromMillis,
  manuallyRevokedAt: Schema.optional(Schema.NullOr(Schema.DateFromMillis)),
  createdAt: Schema.DateFromMillis
}

const keys = {
  publishableClientKey: "publishable_client_key",
  secretServerKey: "secret_server_key",
  superSecretAdminKey: "super_secret_admin_key",
  expiresAt: "expires_at_millis",
  manuallyRevokedAt: "manually_revoked_at_millis",
  createdAt: "created_at_millis"
} as const

/** The last four characters of a key, all a read shows of it. */
export const LastFour = Schema.Struct({ lastFour: Schema.String }).pipe(Wire.encodeKeys({ lastFour: "last_four" }))

/** A key set as listed and read: each key only by its last four characters. */
export const InternalApiKey = Schema.Struct({
  ...base,
  publishableClientKey: Schema.optional(LastFour),
  secretServerKey: Schema.optional(LastFour),
  superSecretAdminKey: Schema.optional(LastFour)
}).pipe(Wire.encodeKeys(keys))

type InternalApiKeyType = typeof InternalApiKey.Type
/** A key set as listed and read. */
export interface InternalApiKey extends InternalApiKeyType {}

/** A key set as created: the full keys, `Redacted`, shown this once. */
export const InternalApiKeyFirstView = Schema.Struct({
  ...base,
  publishableClientKey: Schema.optional(Schema.RedactedFromValue(Schema.String)),
  secretServerKey: Schema.optional(Schema.RedactedFromValue(Schema.String)),
  superSecretAdminKey: Schema.optional(Schema.RedactedFromValue(Schema.String))
}).pipe(Wire.encodeKeys(keys))

type InternalApiKeyFirstViewType = typeof InternalApiKeyFirstView.Type
/** A key set as created. */
export interface InternalApiKeyFirstView extends InternalApiKeyFirstViewType {}

/** `{ items }` of `GET /internal/api-keys`. */
export const InternalApiKeyList = Schema.Struct({ items: Schema.Array(InternalApiKey) })
