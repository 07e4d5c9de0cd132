/**
 * Contact channel routes (`/contact-channels`): list, create, read, update, delete,
 * send a verification code (per channel, or the legacy primary-e-mail call) and verify a code.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  CannotGetOwnUserWithoutUser,
  EmailAlreadyVerified,
  EmailIsNotPrimaryEmail,
  UserIdDoesNotExist
} from "stack-auth-effect/KnownErrors"
import * as Fields from "../http/Fields.ts"
import { plain, requireUser, resolveUser } from "../model/Account.ts"
import * as Channels from "../model/ContactChannelRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Verification from "../model/Verification.ts"
import { primaryEmailChannel } from "../http/Views.ts"

const Email = Schema.String.check(Schema.makeFilter((value: string) => Fields.isEmail(value.trim()) || "must be a valid e-mail address"))
const Type = Schema.Literal("email")

const CreateBody = Schema.Struct({
  user_id: Schema.String,
  type: Type,
  value: Email,
  used_for_auth: Schema.Boolean,
  is_primary: Schema.optional(Schema.Boolean),
  is_verified: Schema.optional(Schema.Boolean)
})
const UpdateBody = Schema.Struct({
  type: Schema.optional(Type),
  value: Schema.optional(Email),
  used_for_auth: Schema.optional(Schema.Boolean),
  is_primary: Schema.optional(Schema.Boolean),
  is_verified: Schema.optional(Schema.Boolean)
})
const CallbackBody = Schema.Struct({ callback_url: Schema.String })
const LegacySendBody = Schema.Struct({ email: Schema.String, callback_url: Schema.String })
const CodeBody = Schema.Struct({ code: Schema.String })

/** A field only a server may send: the client's schema has no such key. */
const serverOnly = (auth: Auth, field: string, value: unknown) =>
  value === undefined || auth.accessType !== "client" ? Effect.void : Effect.fail(Fields.schemaError(Fields.unknownProperties("body", [field])))

const channelOf = (auth: Auth, userId: string, channelId: string) =>
  Effect.gen(function*() {
    const user = yield* resolveUser(auth, userId)
    const channel = user.contactChannels.find((c) => c.id === channelId)
    if (channel === undefined) return yield* plain(404, "The contact channel was not found.")
    return { user, channel }
  })

const verify = (auth: Auth, body: unknown, checkOnly: boolean) =>
  Effect.gen(function*() {
    const input = yield* Router.decode(CodeBody, body)
    const code = yield* Verification.use(auth.project.id, Verification.contactChannelVerification, input.code, { checkOnly })
    if (checkOnly) return Responses.json({ is_code_valid: true })
    yield* Channels.markVerified(code.userId ?? "", code.email ?? "")
    return Responses.success()
  })

/** Contact channel routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/contact-channels", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const userId = query.get("user_id")
      if (userId === null && auth.accessType === "client") return yield* new CannotGetOwnUserWithoutUser({})
      if (userId === null) return Responses.list([])
      const user = yield* resolveUser(auth, userId).pipe(
        Effect.catchTag("UserNotFound", () => Effect.succeed(undefined))
      )
      const channels = user === undefined ? [] : [...user.contactChannels].sort((a, b) => a.createdAtMillis - b.createdAtMillis)
      return Responses.list(channels.map((c) => Channels.view(user!.id, c)))
    })),

  Router.post("/contact-channels", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(CreateBody, body)
      yield* serverOnly(auth, "is_verified", input.is_verified)
      // the service has no check for an unknown user here: its database refuses the row (a plain 500)
      const user = yield* resolveUser(auth, input.user_id, () =>
        plain(500, "Internal Server Error: the contact channel's user does not exist (foreign key constraint violated)"))
      const channel = yield* Channels.create(user.id, {
        value: input.value,
        usedForAuth: input.used_for_auth,
        isPrimary: input.is_primary,
        isVerified: input.is_verified
      })
      return Responses.created(Channels.view(user.id, channel))
    })),

  Router.get("/contact-channels/:userId/:channelId", "client", ({ auth, params }) =>
    Effect.map(channelOf(auth, params.userId!, params.channelId!), ({ channel, user }) =>
      Responses.json(Channels.view(user.id, channel)))),

  Router.patch("/contact-channels/:userId/:channelId", "client", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(UpdateBody, body)
      yield* serverOnly(auth, "is_verified", input.is_verified)
      const user = yield* resolveUser(auth, params.userId!)
      const channel = yield* Channels.update(user.id, params.channelId!, {
        value: input.value,
        usedForAuth: input.used_for_auth,
        isPrimary: input.is_primary,
        isVerified: input.is_verified
      })
      return Responses.json(Channels.view(user.id, channel))
    })),

  Router.del("/contact-channels/:userId/:channelId", "client", ({ auth, params }) =>
    Effect.gen(function*() {
      const user = yield* resolveUser(auth, params.userId!)
      yield* Channels.remove(user.id, params.channelId!)
      return Responses.success()
    })),

  Router.post("/contact-channels/:userId/:channelId/send-verification-code", "client", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(CallbackBody, body)
      const user = yield* resolveUser(auth, params.userId!, (userId) => new UserIdDoesNotExist({ details: { userId } }))
      const channel = user.contactChannels.find((c) => c.id === params.channelId)
      if (channel === undefined) return yield* plain(404, "The contact channel was not found.")
      if (channel.isVerified) return yield* new EmailAlreadyVerified({})
      yield* Channels.sendVerification(auth.project, user, channel, input.callback_url)
      return Responses.success()
    })),

  Router.post("/contact-channels/send-verification-code", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(LegacySendBody, body)
      const user = yield* requireUser(auth)
      const primary = primaryEmailChannel(user)
      if (primary === undefined || Channels.normalize(primary.value) !== Channels.normalize(input.email)) {
        return yield* new EmailIsNotPrimaryEmail(
          primary === undefined ? {} : { details: { email: input.email, primaryEmail: primary.value } }
        )
      }
      if (primary.isVerified) return yield* new EmailAlreadyVerified({})
      yield* Channels.sendVerification(auth.project, user, primary, input.callback_url)
      return Responses.success()
    })),

  Router.post("/contact-channels/verify", "client", ({ auth, body }) => verify(auth, body, false)),
  Router.post("/contact-channels/verify/check-code", "client", ({ auth, body }) => verify(auth, body, true))
]
