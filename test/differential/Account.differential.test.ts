import { describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as ContactChannels from "../../packages/sdk/src/api/ContactChannels.ts"
import * as EmailVerification from "../../packages/sdk/src/api/EmailVerification.ts"
import * as Notifications from "../../packages/sdk/src/api/Notifications.ts"
import * as Sessions from "../../packages/sdk/src/api/Sessions.ts"
import * as Passwords from "../../packages/sdk/src/api/Passwords.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import { differentialApps, signedInTokens } from "../support/Differential.ts"
import { is, type RecordedRequest, recordingServer, sameRequests } from "../support/RecordingServer.ts"

// The official SDK (devDependency, test oracle only) and ours take the same account steps against
// a recording loopback server answering like the service; the protocol-relevant parts of the
// requests each step sends must be equal. The official SDK also reads through caches (GET
// /users/me, list refreshes): each step compares only the requests of the call under test.

const keys = { projectId: "proj-1", publishableClientKey: "pck_abc", secretServerKey: "ssk_def" }
const USER = "11111111-1111-4111-8111-111111111111"
const CHANNEL = "44444444-4444-4444-8444-444444444444"
const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c"
const CODE = "c".repeat(45)
const callbackUrl = "http://localhost:3000/handler/callback"

const tokens = signedInTokens(USER, keys.projectId)

const user = {
  id: USER, primary_email: "u@example.com", primary_email_verified: false, primary_email_auth_enabled: true, display_name: "U",
  client_metadata: null, client_read_only_metadata: null, server_metadata: null, profile_image_url: null, signed_up_at_millis: 0,
  last_active_at_millis: 0, has_password: true, auth_with_email: true, oauth_providers: [], selected_team_id: null,
  selected_team: null, requires_totp_mfa: false, otp_auth_enabled: false, passkey_auth_enabled: false, is_anonymous: false
}
const channel = { user_id: USER, id: CHANNEL, type: "email", value: "c@example.com", is_verified: false, is_primary: false, used_for_auth: false }
const session = { id: "sess-2", user_id: USER, created_at: 0, last_used_at: 0, is_impersonation: false, is_current_session: false }
const category = { notification_category_id: MARKETING, notification_category_name: "Marketing", enabled: true, can_disable: true }

/** Answers like the service, enough for both SDKs to go on. */
const respond = (request: RecordedRequest): { status?: number; body: unknown } => {
  const path = request.path.replace(/^\/api\/v1/, "")
  if (request.method === "DELETE") return { body: { success: true } }
  if (path === "/auth/sessions") return { body: { items: [session], is_paginated: false } }
  if (path.startsWith("/users")) return { body: user }
  if (path === "/auth/password/reset/check-code") return { body: { is_code_valid: true } }
  if (path === "/contact-channels") return request.method === "GET" ? { body: { items: [channel], is_paginated: false } } : { status: 201, body: channel }
  if (/^\/contact-channels\/[^/]+\/[^/]+$/.test(path)) return { body: channel }
  if (/^\/emails\/notification-preference\/[^/]+$/.test(path)) return { body: { items: [category], is_paginated: false } }
  if (path.startsWith("/emails/notification-preference/")) return { body: { ...category, enabled: false } }
  return { body: { success: true } }
}

describe("account calls send the same requests as @stackframe/js", () => {
  it.effect("current user, passwords, e-mail verification, contact channels and notification categories", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(respond)
      const { theirClient, theirServer, ourClient, ourServer } = yield* differentialApps(server.url, keys, tokens)

      const same = sameRequests(server)

      const me = () => theirClient.getUser({ or: "throw" })
      const theirChannel = async () => (await (await me()).listContactChannels())[0]!
      const theirCategory = async () => (await (await me()).listNotificationCategories())[0]!

      // current user
      yield* same("current user", () => theirClient.getUser(), Users.getUser(), ourClient, is("GET", "/users/me"))
      yield* same(
        "update user",
        async () => (await me()).update({ displayName: "Ada", clientMetadata: { theme: "dark" }, otpAuthEnabled: true }),
        Users.update({ displayName: "Ada", clientMetadata: { theme: "dark" }, otpAuthEnabled: true }),
        ourClient,
        is("PATCH", "/users/me")
      )

      // passwords
      yield* same(
        "send reset code",
        () => theirClient.sendForgotPasswordEmail("u@example.com", { callbackUrl }),
        Passwords.sendResetCode({ email: "u@example.com", callbackUrl }),
        ourClient,
        is("POST", "/auth/password/send-reset-code")
      )
      yield* same("check reset code", () => theirClient.verifyPasswordResetCode(CODE), Passwords.checkResetCode(CODE), ourClient, is("POST", "/auth/password/reset/check-code"))
      yield* same(
        "reset password",
        () => theirClient.resetPassword({ code: CODE, password: "new-password-1" }),
        Passwords.reset({ code: CODE, password: "new-password-1" }),
        ourClient,
        is("POST", "/auth/password/reset")
      )
      yield* same(
        "update password",
        async () => (await me()).updatePassword({ oldPassword: "old-password-1", newPassword: "new-password-1" }),
        Passwords.update({ oldPassword: "old-password-1", newPassword: "new-password-1" }),
        ourClient,
        is("POST", "/auth/password/update")
      )
      yield* same(
        "set password",
        async () => (await me()).setPassword({ password: "new-password-1" }),
        Passwords.set({ password: "new-password-1" }),
        ourClient,
        is("POST", "/auth/password/set")
      )

      // e-mail verification
      yield* same(
        "send verification e-mail",
        // its type takes no options, its implementation reads `callbackUrl` (required outside a browser)
        async () => {
          const theirUser = await me()
          return (theirUser.sendVerificationEmail as (options: { callbackUrl: string }) => Promise<unknown>).call(theirUser, { callbackUrl })
        },
        EmailVerification.send({ callbackUrl }),
        ourClient,
        is("POST", "/contact-channels/send-verification-code")
      )
      yield* same("verify e-mail", () => theirClient.verifyEmail(CODE), EmailVerification.verify(CODE), ourClient, is("POST", "/contact-channels/verify"))

      // contact channels
      yield* same("list contact channels", async () => (await me()).listContactChannels(), ContactChannels.list(), ourClient, is("GET", "/contact-channels"))
      yield* same(
        "create contact channel",
        async () => (await me()).createContactChannel({ type: "email", value: "c@example.com", usedForAuth: false }),
        ContactChannels.create({ type: "email", value: "c@example.com", usedForAuth: false }),
        ourClient,
        is("POST", "/contact-channels")
      )
      yield* same(
        "update contact channel",
        async () => (await theirChannel()).update({ value: "d@example.com", isPrimary: true }),
        ContactChannels.update(CHANNEL, { value: "d@example.com", isPrimary: true }),
        ourClient,
        is("PATCH", `/contact-channels/me/${CHANNEL}`)
      )
      yield* same(
        "send contact channel verification",
        async () => (await theirChannel()).sendVerificationEmail({ callbackUrl }),
        ContactChannels.sendVerificationCode(CHANNEL, { callbackUrl }),
        ourClient,
        is("POST", `/contact-channels/me/${CHANNEL}/send-verification-code`)
      )
      yield* same("delete contact channel", async () => (await theirChannel()).delete(), ContactChannels.remove(CHANNEL), ourClient, is("DELETE", `/contact-channels/me/${CHANNEL}`))

      // notification categories
      yield* same(
        "list notification categories",
        async () => (await me()).listNotificationCategories(),
        Notifications.list(),
        ourClient,
        is("GET", "/emails/notification-preference/me")
      )
      yield* same(
        "disable a notification category",
        async () => (await theirCategory()).setEnabled(false),
        Notifications.setEnabled(MARKETING, false),
        ourClient,
        is("PATCH", `/emails/notification-preference/me/${MARKETING}`)
      )

      // server variants by user id
      const theirUser = async () => (await theirServer.getUser(USER))!
      const theirServerChannel = async () => (await (await theirUser()).listContactChannels())[0]!
      yield* same("list a user's contact channels", async () => (await theirUser()).listContactChannels(), ContactChannels.listForUser(USER), ourServer, is("GET", "/contact-channels"))
      yield* same(
        "create a user's contact channel",
        async () => (await theirUser()).createContactChannel({ type: "email", value: "c@example.com", usedForAuth: false, isVerified: true }),
        ContactChannels.createForUser(USER, { type: "email", value: "c@example.com", usedForAuth: false, isVerified: true }),
        ourServer,
        is("POST", "/contact-channels")
      )
      yield* same(
        "update a user's contact channel",
        async () => (await theirServerChannel()).update({ isVerified: true }),
        ContactChannels.updateForUser(USER, CHANNEL, { isVerified: true }),
        ourServer,
        is("PATCH", `/contact-channels/${USER}/${CHANNEL}`)
      )
      yield* same(
        "send a user's contact channel verification",
        async () => (await theirServerChannel()).sendVerificationEmail({ callbackUrl }),
        ContactChannels.sendVerificationCodeForUser(USER, CHANNEL, { callbackUrl }),
        ourServer,
        is("POST", `/contact-channels/${USER}/${CHANNEL}/send-verification-code`)
      )
      yield* same(
        "delete a user's contact channel",
        async () => (await theirServerChannel()).delete(),
        ContactChannels.removeForUser(USER, CHANNEL),
        ourServer,
        is("DELETE", `/contact-channels/${USER}/${CHANNEL}`)
      )
      yield* same(
        "list my sessions",
        async () => (await me()).getActiveSessions(),
        Sessions.listMine(),
        ourClient,
        is("GET", "/auth/sessions")
      )
      yield* same(
        "revoke one of my sessions",
        async () => (await me()).revokeSession("sess-2"),
        Sessions.revokeMine("sess-2"),
        ourClient,
        is("DELETE", "/auth/sessions/sess-2")
      )
      yield* same(
        "list a user's notification categories",
        async () => (await theirUser()).listNotificationCategories(),
        Notifications.listForUser(USER),
        ourServer,
        is("GET", `/emails/notification-preference/${USER}`)
      )
      yield* same(
        "disable a user's notification category",
        async () => (await (await (await theirUser()).listNotificationCategories())[0]!).setEnabled(false),
        Notifications.setEnabledForUser(USER, MARKETING, false),
        ourServer,
        is("PATCH", `/emails/notification-preference/${USER}/${MARKETING}`)
      )
    }))
})
