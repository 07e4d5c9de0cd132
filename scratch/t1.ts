import * as Schema from "effect/Schema"
import * as Effect from "effect/Effect"
class UserNotFound extends Schema.TaggedError<UserNotFound>()("UserNotFound", {
  code: Schema.tag("USER_NOT_FOUND"), status: Schema.tag(404), message: Schema.String,
  details: Schema.optional(Schema.Struct({ userId: Schema.String }).pipe(Schema.encodeKeys({ userId: "user_id" })))
}) { static readonly code = "USER_NOT_FOUND" as const }
const e = new UserNotFound({ message: "nope", details: { userId: "u" } })
console.log(e._tag, e.code, e.status, e.message, String(e), JSON.stringify(e), e instanceof Error)
console.log(Schema.encodeSync(UserNotFound)(e))
const d = Schema.decodeUnknownSync(UserNotFound)({ _tag: "UserNotFound", code: "USER_NOT_FOUND", status: 404, message: "x", details: { user_id: "a" } })
console.log(d, d instanceof UserNotFound)
const r = await Effect.runPromise(Effect.flip(Effect.fail(e)))
console.log(r === e)
