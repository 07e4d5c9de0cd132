/**
 * Contact channels in the emulator: a user's channels live on the user row; one
 * e-mail channel may be primary, a value is unique per user, and a value used for auth is unique
 * per project. Verification codes are sent by e-mail with a link to the callback URL.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ContactChannelAlreadyUsedForAuthBySomeoneElse, RedirectUrlNotWhitelisted } from "stack-auth-effect/KnownErrors"
import { plain } from "./Account.ts"
import { isTrustedUrl } from "./Domains.ts"
import type { ContactChannel, Project, State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mail from "../../Mail.ts"
import type * as Responses from "../http/Responses.ts"
import * as RandomCodes from "../state/RandomCodes.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Verification from "./Verification.ts"

/** A contact channel as the service answers it. */
export const view = (userId: string, channel: ContactChannel) => ({
  user_id: userId,
  id: channel.id,
  type: channel.type,
  value: channel.value,
  is_primary: channel.isPrimary,
  is_verified: channel.isVerified,
  used_for_auth: channel.usedForAuth
})

/** E-mail values compare trimmed and lower-cased (and are stored so). */
export const normalize = (value: string): string => value.trim().toLowerCase()

const same = (a: string, b: string) => normalize(a) === normalize(b)

/** Fields of a new channel. */
export interface NewChannel {
  readonly value: string
  readonly usedForAuth: boolean
  readonly isPrimary?: boolean | undefined
  readonly isVerified?: boolean | undefined
}

/** Changes to a channel; `undefined` leaves a field as it is. */
export interface ChannelPatch {
  readonly value?: string | undefined
  readonly usedForAuth?: boolean | undefined
  readonly isPrimary?: boolean | undefined
  readonly isVerified?: boolean | undefined
}

/** Failures of channel writes. */
export type WriteError = ContactChannelAlreadyUsedForAuthBySomeoneElse | Responses.StatusFailure

const usedByAnother = (state: State, user: User, value: string) =>
  Users.findByAuthEmail(state, user.projectId, value, user.id) !== undefined

const conflict = (value: string | null) =>
  new ContactChannelAlreadyUsedForAuthBySomeoneElse({
    details: { type: "email", contactChannelValue: value, wouldWorkIfEmailWasVerified: false }
  })

/** Stores a user's channels; a primary one demotes the others. */
const withChannels = (state: State, user: User, channels: ReadonlyArray<ContactChannel>, primaryId?: string): State => {
  const next = primaryId === undefined ? channels : channels.map((c) => ({ ...c, isPrimary: c.id === primaryId }))
  return { ...state, users: Table.put(state.users, user.id, { ...user, contactChannels: next }) }
}

const current = (state: State, userId: string): User => Table.get(state.users, userId)!

/** Adds a channel to a user. `POST /contact-channels` */
export const create = (userId: string, input: NewChannel): Effect.Effect<ContactChannel, WriteError, EmulatorState.EmulatorState> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    EmulatorState.transact((state): Effect.Effect<readonly [ContactChannel, State], WriteError> => {
      const user = current(state, userId)
      const value = normalize(input.value)
      if (user.contactChannels.some((c) => same(c.value, value))) return Effect.fail(plain(400, "This user already has this contact channel."))
      if (input.usedForAuth && usedByAnother(state, user, value)) return Effect.fail(conflict(value))
      const channel: ContactChannel = {
        id: crypto.randomUUID(),
        type: "email",
        value,
        isVerified: input.isVerified ?? false,
        isPrimary: false,
        usedForAuth: input.usedForAuth,
        createdAtMillis: now
      }
      const next = withChannels(state, user, [...user.contactChannels, channel], input.isPrimary === true ? channel.id : undefined)
      const stored = current(next, userId).contactChannels.find((c) => c.id === channel.id)!
      return Effect.succeed([stored, next] as const)
    }))

const findChannel = (user: User, channelId: string) => {
  const channel = user.contactChannels.find((c) => c.id === channelId)
  return channel === undefined ? Effect.fail(plain(400, "The contact channel was not found.")) : Effect.succeed(channel)
}

/** Changes a channel; a new value is unverified unless told otherwise. `PATCH /contact-channels/{userId}/{id}` */
export const update = (
  userId: string,
  channelId: string,
  patch: ChannelPatch
): Effect.Effect<ContactChannel, WriteError, EmulatorState.EmulatorState> =>
  EmulatorState.transact((state): Effect.Effect<readonly [ContactChannel, State], WriteError> =>
    Effect.gen(function*() {
      const user = current(state, userId)
      const channel = yield* findChannel(user, channelId)
      const value = patch.value === undefined ? channel.value : normalize(patch.value)
      const usedForAuth = patch.usedForAuth ?? channel.usedForAuth
      if (patch.usedForAuth === true && usedByAnother(state, user, value)) return yield* conflict(null)
      if (patch.value !== undefined && user.contactChannels.some((c) => c.id !== channelId && same(c.value, value))) {
        return yield* plain(400, "This user already has this contact channel.")
      }
      const changed: ContactChannel = {
        ...channel,
        value,
        usedForAuth,
        isVerified: patch.isVerified ?? (patch.value !== undefined ? false : channel.isVerified),
        isPrimary: patch.isPrimary ?? channel.isPrimary
      }
      const channels = user.contactChannels.map((c) => (c.id === channelId ? changed : c))
      const next = withChannels(state, user, channels, patch.isPrimary === true ? channelId : undefined)
      return [current(next, userId).contactChannels.find((c) => c.id === channelId)!, next] as const
    }))

/** Deletes a channel (a deleted primary leaves the user without a primary e-mail). */
export const remove = (userId: string, channelId: string): Effect.Effect<void, Responses.StatusFailure, EmulatorState.EmulatorState> =>
  EmulatorState.transact((state) =>
    Effect.map(findChannel(current(state, userId), channelId), (channel) => {
      const user = current(state, userId)
      return [undefined, withChannels(state, user, user.contactChannels.filter((c) => c.id !== channel.id))] as const
    }))

/** Marks the user's channel with this value verified (a verification code was used). */
export const markVerified = (userId: string, value: string): Effect.Effect<void, Responses.StatusFailure, EmulatorState.EmulatorState> =>
  EmulatorState.transact((state) => {
    const user = Table.get(state.users, userId)
    const channel = user?.contactChannels.find((c) => same(c.value, value))
    if (user === undefined || channel === undefined) {
      return Effect.fail(plain(400, "The contact channel of this code no longer exists."))
    }
    const channels = user.contactChannels.map((c) => (c.id === channel.id ? { ...c, isVerified: true } : c))
    return Effect.succeed([undefined, withChannels(state, user, channels)] as const)
  })

/**
 * Sends a verification code for a channel to its address, linking to the callback URL, which
 * must be trusted (`RedirectUrlNotWhitelisted`).
 */
export const sendVerification = (
  project: Project,
  user: User,
  channel: ContactChannel,
  callbackUrl: string
): Effect.Effect<void, RedirectUrlNotWhitelisted, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    if (!isTrustedUrl(project, callbackUrl)) return yield* new RedirectUrlNotWhitelisted({})
    const code = yield* Verification.create({
      projectId: project.id,
      purpose: Verification.contactChannelVerification,
      email: channel.value,
      userId: user.id,
      data: { contactChannelId: channel.id },
      // the service's codes: 45 lower-case characters (its verify route checks the length)
      code: RandomCodes.make()
    })
    const link = Verification.linkWithCode(callbackUrl, code.code)
    yield* Mail.send({
      projectId: project.id,
      to: channel.value,
      subject: "Verify your e-mail address",
      text: `Open this link to verify your e-mail address: ${link}`,
      html: `<p>Open this link to verify your e-mail address: <a href="${link}">${link}</a></p>`,
      template: { kind: "emailVerification", variables: { emailVerificationLink: link }, userDisplayName: user.displayName }
    })
  })
