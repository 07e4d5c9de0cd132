/**
 * Contact channel routes (`/contact-channels`): list, create, read, update, delete,
 * send a verification code (per channel, or the legacy primary-e-mail call) and verify a code.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  CannotGetOwnUserWithoutUser,
  EmailAlreadyVerified,
  EmailIsNotPrimaryEmail,
  UserIdDoesNotExist
} from "stack-auth-effect/KnownErrors"
import type { User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Users from "../../EmulatorUsers.ts"
import { plain } from "../model/Account.ts"
import * as S from "../http/RequestSchema.ts"
import * as Table from "../state/Table.ts"
import * as Channels from "../model/ContactChannelRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Verification from "../model/Verification.ts"
import { primaryEmailChannel } from "../http/Views.ts"

/** A channel's value: an e-mail address when its type is `email`. */
const channelValue = S.string().when("type", (type) => type === "email", (field) => field.email())
const channelType = S.string().oneOf(["email"])
const clientCreateBody = S.object({
  user_id: S.string().userIdOrMe().defined(),
  value: channelValue.defined(),
  type: channelType.defined(),
  used_for_auth: S.boolean().defined(),
  is_primary: S.boolean().optional()
}).defined().checkedInOrder(["is_primary", "used_for_auth", "type", "value", "user_id"])
const serverCreateBody = clientCreateBody.concat(S.object({ is_verified: S.boolean().optional() }))
  .checkedInOrder(["is_primary", "used_for_auth", "type", "value", "user_id", "is_verified"])
const clientUpdateBody = S.object({
  value: channelValue.optional(),
  type: channelType.optional(),
  used_for_auth: S.boolean().optional(),
  is_primary: S.boolean().optional()
}).defined().checkedInOrder(["is_primary", "used_for_auth", "type", "value"])
const serverUpdateBody = clientUpdateBody.concat(S.object({ is_verified: S.boolean().optional() }))
  .checkedInOrder(["is_primary", "used_for_auth", "type", "value", "is_verified"])
const channelParams = S.object({
  user_id: S.string().userIdOrMe().defined(),
  contact_channel_id: S.string().uuid().defined()
})
const channelQuery = S.object({
  user_id: S.string().userIdOrMe().optional(),
  contact_channel_id: S.string().uuid().optional()
})

interface ChannelBody {
  readonly user_id?: string
  readonly value?: string
  readonly type?: "email"
  readonly used_for_auth?: boolean
  readonly is_primary?: boolean
  readonly is_verified?: boolean
}

/** Checks a CRUD request of this resource: body (create/update), the path's ids (or none), the query. */
const checkCrud = (
  auth: Auth,
  request: {
    readonly body?: readonly [client: S.Field, server: S.Field, value: unknown] | undefined
    readonly params?: Readonly<Record<string, string>> | undefined
    readonly query: URLSearchParams
  }
) =>
  Effect.map(
    S.check(S.crud({
      body: request.body === undefined ? undefined : [auth.accessType === "client" ? request.body[0] : request.body[1], request.body[2]],
      params: request.params === undefined ? [channelParams.partial(), {}] : [channelParams, request.params],
      query: [channelQuery, S.queryObject(request.query)]
    }), auth.user?.id),
    (parts) => ({
      body: parts.body as ChannelBody,
      params: parts.params as { user_id: string; contact_channel_id: string },
      query: parts.query as { user_id?: string; contact_channel_id?: string }
    })
  )

/** A client may only address its own user (403 with the route's sentence). */
const ownOnly = (auth: Auth, userId: string | undefined, action: string) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return
    if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
    if (auth.user.id !== userId) return yield* plain(403, `Client can only ${action} contact channels for their own user.`)
  })

/** The user of a checked id (server routes: an id of no user). */
const userOf = (auth: Auth, userId: string) =>
  Effect.map(EmulatorState.get, (state) => Users.findInProject(state, auth.project.id, userId))

const CodeBody = Verification.codeBody({})
const CallbackBody = S.object({ callback_url: S.url().defined() }).defined()
const LegacySendBody = S.object({
  email: S.string().email().rule((v) => typeof v === "string" && !/^[^.]+(\.[^.]+)*@.*\.[^.][^.]+$/.test(v) ? 'must match the following: "/^[^.]+(\\.[^.]+)*@.*\\.[^.][^.]+$/"' : undefined).defined(),
  callback_url: S.url().defined()
}).defined()

const verify = (auth: Auth, body: unknown, checkOnly: boolean) =>
  Effect.gen(function*() {
    const parts = yield* S.check([["auth", S.mixed(), undefined], ["body", CodeBody, body]], auth.user?.id)
    // codes are lower-case; the service reads one typed in capitals as the same code
    const input = parts.body as { code: string }
    const code = yield* Verification.use(auth.project.id, Verification.contactChannelVerification, input.code.toLowerCase(), { checkOnly })
    if (checkOnly) return Responses.json({ is_code_valid: true })
    yield* Channels.markVerified(code.userId ?? "", code.email ?? "")
    return Responses.success()
  })

/** A channel of a (checked) user: 404 when the user or the channel is not there. */
const channelOf = (auth: Auth, userId: string, channelId: string) =>
  Effect.gen(function*() {
    const user = yield* userOf(auth, userId)
    const channel = user?.contactChannels.find((c) => c.id === channelId)
    if (user === undefined || channel === undefined) return yield* plain(404, "Contact channel not found.")
    return { user, channel }
  })

/** The user of a channel write: a missing user has no such channel (400). */
const writableUser = (auth: Auth, userId: string) =>
  Effect.flatMap(userOf(auth, userId), (user) => user === undefined ? Effect.fail(plain(400, "Contact channel not found")) : Effect.succeed(user))

/** Contact channel routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/contact-channels", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const q = (yield* checkCrud(auth, { query })).query
      yield* ownOnly(auth, q.user_id, "list")
      const state = yield* EmulatorState.get
      // the server may leave the user out: every channel of the project
      const channels = [...Table.filter(state.users, (u) => u.projectId === auth.project.id && (q.user_id === undefined || u.id === q.user_id))]
        .flatMap((u) => u.contactChannels.filter((c) => q.contact_channel_id === undefined || c.id === q.contact_channel_id).map((c) => ({ userId: u.id, c })))
        .sort((a, b) => a.c.createdAtMillis - b.c.createdAtMillis)
      return Responses.list(channels.map(({ c, userId }) => Channels.view(userId, c)))
    })),

  Router.post("/contact-channels", "client", ({ auth, body, query }) =>
    Effect.gen(function*() {
      const input = (yield* checkCrud(auth, { body: [clientCreateBody, serverCreateBody, body], query })).body
      yield* ownOnly(auth, input.user_id, "create")
      const user = yield* userOf(auth, input.user_id!)
      // the service has no check for an unknown user here: its database refuses the row (a plain 500)
      if (user === undefined) {
        return yield* plain(500, "Internal Server Error: the contact channel's user does not exist (foreign key constraint violated)")
      }
      const channel = yield* Channels.create(user.id, {
        value: input.value!,
        usedForAuth: input.used_for_auth!,
        isPrimary: input.is_primary,
        isVerified: input.is_verified
      })
      return Responses.created(Channels.view(user.id, channel))
    })),

  Router.get("/contact-channels/:userId/:channelId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const p = (yield* checkCrud(auth, { params: { user_id: params.userId!, contact_channel_id: params.channelId! }, query })).params
      yield* ownOnly(auth, p.user_id, "read")
      const { channel, user } = yield* channelOf(auth, p.user_id, p.contact_channel_id)
      return Responses.json(Channels.view(user.id, channel))
    })),

  Router.patch("/contact-channels/:userId/:channelId", "client", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const request = yield* checkCrud(auth, {
        body: [clientUpdateBody, serverUpdateBody, body],
        params: { user_id: params.userId!, contact_channel_id: params.channelId! },
        query
      })
      yield* ownOnly(auth, request.params.user_id, "update")
      const user = yield* writableUser(auth, request.params.user_id)
      const input = request.body
      const channel = yield* Channels.update(user.id, request.params.contact_channel_id, {
        value: input.value,
        usedForAuth: input.used_for_auth,
        isPrimary: input.is_primary,
        isVerified: input.is_verified
      })
      return Responses.json(Channels.view(user.id, channel))
    })),

  Router.del("/contact-channels/:userId/:channelId", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const p = (yield* checkCrud(auth, { params: { user_id: params.userId!, contact_channel_id: params.channelId! }, query })).params
      yield* ownOnly(auth, p.user_id, "delete")
      const user = yield* writableUser(auth, p.user_id)
      yield* Channels.remove(user.id, p.contact_channel_id)
      return Responses.success()
    })),

  Router.post("/contact-channels/:userId/:channelId/send-verification-code", "client", ({ auth, body, params }) =>
    Effect.gen(function*() {
      const parts = yield* S.check([
        ["params", S.object({ user_id: S.string().userIdOrMe().defined(), contact_channel_id: S.string().uuid().defined() }).defined(), { user_id: params.userId!, contact_channel_id: params.channelId! }],
        ["auth", S.mixed(), undefined],
        ["body", CallbackBody, body]
      ], auth.user?.id)
      const p = parts.params as { user_id: string; contact_channel_id: string }
      const callbackUrl = (parts.body as { callback_url: string }).callback_url
      let user: User
      if (auth.accessType === "client") {
        if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
        if (auth.user.id !== p.user_id) return yield* plain(400, "Can only send verification code for your own user")
        user = auth.user
      } else {
        const found = yield* userOf(auth, p.user_id)
        if (found === undefined) return yield* new UserIdDoesNotExist({ details: { userId: p.user_id } })
        user = found
      }
      const channel = user.contactChannels.find((c) => c.id === p.contact_channel_id)
      if (channel === undefined) return yield* plain(404, "Contact channel not found")
      if (channel.isVerified) return yield* new EmailAlreadyVerified({})
      yield* Channels.sendVerification(auth.project, user, channel, callbackUrl)
      return Responses.success()
    })),

  Router.post("/contact-channels/send-verification-code", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      // the older call: the signed-in user's primary e-mail, named exactly
      const parts = yield* S.check([
        ["auth", S.object({ user: S.mixed().defined() }), { user: auth.user }],
        ["body", LegacySendBody, body]
      ], auth.user?.id)
      const input = parts.body as { email: string; callback_url: string }
      const user = auth.user!
      const primary = primaryEmailChannel(user)
      if (primary === undefined || primary.value !== input.email) {
        return yield* new EmailIsNotPrimaryEmail(primary === undefined ? {} : { details: { email: input.email, primaryEmail: primary.value } })
      }
      if (primary.isVerified) return yield* new EmailAlreadyVerified({})
      yield* Channels.sendVerification(auth.project, user, primary, input.callback_url)
      return Responses.success()
    })),

  Router.post("/contact-channels/verify", "client", ({ auth, body }) => verify(auth, body, false)),
  Router.post("/contact-channels/verify/check-code", "client", ({ auth, body }) => verify(auth, body, true))
]
