/**
 * Sessions as the service lists them (`GET /auth/sessions`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** Where a session was last used from, as far as the service could tell. */
export const GeoInfo = Schema.Struct({
  ip: Schema.optional(Schema.String),
  countryCode: Schema.optional(Schema.NullOr(Schema.String)),
  regionCode: Schema.optional(Schema.NullOr(Schema.String)),
  cityName: Schema.optional(Schema.NullOr(Schema.String)),
  latitude: Schema.optional(Schema.NullOr(Schema.Number)),
  longitude: Schema.optional(Schema.NullOr(Schema.Number)),
  tzIdentifier: Schema.optional(Schema.NullOr(Schema.String))
})

/** One listed session. */
export const SessionInfo = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  createdAt: Schema.DateFromMillis,
  lastUsedAt: Schema.optional(Schema.DateFromMillis),
  isImpersonation: Schema.Boolean,
  isCurrentSession: Schema.optional(Schema.Boolean),
  geoInfo: Schema.optional(GeoInfo)
}).pipe(Wire.encodeKeys({
  userId: "user_id",
  createdAt: "created_at",
  lastUsedAt: "last_used_at",
  isImpersonation: "is_impersonation",
  isCurrentSession: "is_current_session",
  geoInfo: "last_used_at_end_user_ip_info"
}))

type SessionInfoType = typeof SessionInfo.Type
/** A listed session. */
export interface SessionInfo extends SessionInfoType {}

/** `{ items }` of `GET /auth/sessions`. */
export const SessionList = Schema.Struct({ items: Schema.Array(SessionInfo) })
