/**
 * Project metrics (`GET /internal/metrics`, admin only).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { ServerUser } from "./ServerUser.ts"
import * as Wire from "./Wire.ts"

/** One day of a series: the date (`YYYY-MM-DD`) and a count. */
export const DataPoint = Schema.Struct({ date: Schema.String, activity: Schema.Number })

/** How many users sign in with a method. */
export const LoginMethodCount = Schema.Struct({ method: Schema.String, count: Schema.Number })

/** The project's metrics. */
export const Metrics = Schema.Struct({
  totalUsers: Schema.Number,
  dailyUsers: Schema.Array(DataPoint),
  dailyActiveUsers: Schema.Array(DataPoint),
  usersByCountry: Schema.Record(Schema.String, Schema.Number),
  recentlyRegistered: Schema.Array(ServerUser),
  recentlyActive: Schema.Array(ServerUser),
  loginMethods: Schema.Array(LoginMethodCount)
}).pipe(Wire.encodeKeys({
  totalUsers: "total_users",
  dailyUsers: "daily_users",
  dailyActiveUsers: "daily_active_users",
  usersByCountry: "users_by_country",
  recentlyRegistered: "recently_registered",
  recentlyActive: "recently_active",
  loginMethods: "login_methods"
}))

type MetricsType = typeof Metrics.Type
/** The project's metrics. */
export interface Metrics extends MetricsType {}
