/**
 * Cross-user isolation: a signed-in client tries every client route that takes a user, team,
 * invitation, key, session or channel id with another user's ids. Each attempt is refused, the
 * answer says nothing of the other user, and the other user's data is unchanged afterwards.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { type Answer, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const callbackUrl = "http://localhost:3000/handler/callback"
const victimEmail = "victim-iso@example.com"
const victimChannel = "victim-second@example.com"

const ok = (answer: Answer, label: string) => {
  assert.isBelow(answer.status, 300, `${label}: ${answer.text}`)
  return answer.body
}

/** The victim and its data: a team, a second channel, user and team keys, an invitation, a linked account, a session. */
const victimWithData = Effect.gen(function*() {
  const victim = yield* signUp(victimEmail)
  const as = (method: string, path: string, body?: unknown) =>
    call({ method, path, accessToken: victim.access_token, ...(body === undefined ? {} : { body }) })
  const team = ok(yield* as("POST", "/teams", { display_name: "Victim team", creator_user_id: "me" }), "team")
  const channel = ok(yield* as("POST", "/contact-channels", { user_id: "me", type: "email", value: victimChannel, used_for_auth: false }), "channel")
  const userKey = ok(yield* as("POST", "/user-api-keys", { user_id: "me", description: "victim key", expires_at_millis: null }), "user key")
  const teamKey = ok(yield* as("POST", "/team-api-keys", { team_id: team.id, description: "victim team key", expires_at_millis: null }), "team key")
  const invitation = ok(yield* as("POST", "/team-invitations/send-code", { team_id: team.id, email: "invitee-iso@example.com", callback_url: callbackUrl }), "invitation")
  const provider = ok(
    yield* call({
      method: "POST",
      path: "/oauth-providers",
      access: "server",
      body: { user_id: victim.user_id, provider_config_id: "github", account_id: "victim-gh", allow_sign_in: false, allow_connected_accounts: true }
    }),
    "linked account"
  )
  const sessions = ok(yield* as("GET", "/auth/sessions?user_id=me"), "sessions")
  return { victim, team, channel, userKey, teamKey, invitation, provider, sessionId: sessions.items[0].id as string }
})

/** What the server sees of the victim: everything an attack could have changed. */
const victimSnapshot = (userId: string, teamId: string) =>
  Effect.gen(function*() {
    const server = (path: string) => Effect.map(call({ path, access: "server" }), (a) => ok(a, path))
    return {
      user: yield* server(`/users/${userId}`),
      channels: yield* server(`/contact-channels?user_id=${userId}`),
      providers: yield* server(`/oauth-providers?user_id=${userId}`),
      sessions: (yield* server(`/auth/sessions?user_id=${userId}`)).items.map((s: { id: string }) => s.id),
      userKeys: yield* server(`/user-api-keys?user_id=${userId}`),
      teamKeys: yield* server(`/team-api-keys?team_id=${teamId}`),
      team: yield* server(`/teams/${teamId}`),
      members: yield* server(`/team-member-profiles?team_id=${teamId}`),
      invitations: yield* server(`/team-invitations?team_id=${teamId}`),
      teamPermissions: yield* server(`/team-permissions?team_id=${teamId}&user_id=${userId}`),
      projectPermissions: yield* server(`/project-permissions?user_id=${userId}`)
    }
  })

describe("cross-user isolation", () => {
  it.effect("a client addressing another user's ids is refused on every route and changes nothing", () =>
    withEmulator(Effect.gen(function*() {
      const v = yield* victimWithData
      const attacker = yield* signUp("attacker-iso@example.com")
      const ownTeam = ok(
        yield* call({ method: "POST", path: "/teams", accessToken: attacker.access_token, body: { display_name: "Attacker team", creator_user_id: "me" } }),
        "attacker team"
      )
      const before = yield* victimSnapshot(v.victim.user_id, v.team.id)
      const user = v.victim.user_id
      const team = v.team.id
      const attempts: ReadonlyArray<readonly [string, string, unknown?]> = [
        ["GET", `/contact-channels?user_id=${user}`],
        ["POST", "/contact-channels", { user_id: user, type: "email", value: "planted@example.com", used_for_auth: false }],
        ["GET", `/contact-channels/${user}/${v.channel.id}`],
        ["PATCH", `/contact-channels/${user}/${v.channel.id}`, { value: "hijacked@example.com" }],
        ["DELETE", `/contact-channels/${user}/${v.channel.id}`],
        ["POST", `/contact-channels/${user}/${v.channel.id}/send-verification-code`, { callback_url: callbackUrl }],
        ["GET", `/oauth-providers?user_id=${user}`],
        ["GET", `/oauth-providers/${user}/${v.provider.id}`],
        ["PATCH", `/oauth-providers/${user}/${v.provider.id}`, { allow_sign_in: true }],
        ["DELETE", `/oauth-providers/${user}/${v.provider.id}`],
        ["POST", `/connected-accounts/${user}/github/access-token`, { scope: "repo" }],
        ["GET", `/emails/notification-preference/${user}`],
        ["PATCH", `/emails/notification-preference/${user}/${crypto.randomUUID()}`, { enabled: false }],
        ["GET", `/team-permissions?team_id=${team}&user_id=${user}`],
        ["GET", `/team-permissions?user_id=${user}`],
        ["GET", `/project-permissions?user_id=${user}`],
        ["GET", `/auth/sessions?user_id=${user}`],
        ["DELETE", `/auth/sessions/${v.sessionId}`],
        ["DELETE", `/auth/sessions/${v.sessionId}?user_id=${user}`],
        ["GET", `/user-api-keys?user_id=${user}`],
        ["POST", "/user-api-keys", { user_id: user, description: "planted", expires_at_millis: null }],
        ["GET", `/user-api-keys/${v.userKey.id}`],
        ["PATCH", `/user-api-keys/${v.userKey.id}`, { revoked: true }],
        ["GET", `/team-api-keys?team_id=${team}`],
        ["POST", "/team-api-keys", { team_id: team, description: "planted", expires_at_millis: null }],
        ["GET", `/team-api-keys/${v.teamKey.id}`],
        ["PATCH", `/team-api-keys/${v.teamKey.id}`, { revoked: true }],
        ["GET", `/teams?user_id=${user}`],
        ["GET", `/teams/${team}`],
        ["PATCH", `/teams/${team}`, { display_name: "Taken over" }],
        ["DELETE", `/teams/${team}`],
        ["GET", `/team-member-profiles?team_id=${team}`],
        ["GET", `/team-member-profiles/${team}/${user}`],
        ["PATCH", `/team-member-profiles/${team}/${user}`, { display_name: "Taken over" }],
        ["DELETE", `/team-memberships/${team}/${user}`],
        ["GET", `/team-invitations?team_id=${team}`],
        ["POST", "/team-invitations/send-code", { team_id: team, email: "planted@example.com", callback_url: callbackUrl }],
        ["DELETE", `/team-invitations/${v.invitation.id}?team_id=${team}`],
        // The attacker's own team, where it may revoke invitations: not someone else's invitation.
        ["DELETE", `/team-invitations/${v.invitation.id}?team_id=${ownTeam.id}`],
        ["PATCH", "/users/me", { selected_team_id: team }]
      ]
      for (const [method, path, body] of attempts) {
        const answer = yield* call({ method, path, accessToken: attacker.access_token, ...(body === undefined ? {} : { body }) })
        const label = `${method} ${path}`
        assert.isAtLeast(answer.status, 400, `${label} was answered ${answer.status}: ${answer.text}`)
        assert.isAtMost(answer.status, 404, `${label}: ${answer.text}`)
        for (const secret of [victimEmail, victimChannel, v.userKey.value, "victim-gh"].filter((s) => typeof s === "string")) {
          assert.notInclude(answer.text, secret, `${label} leaks the victim's data`)
        }
      }
      assert.deepStrictEqual(yield* victimSnapshot(v.victim.user_id, v.team.id), before)
      const me = yield* call({ path: "/users/me", accessToken: v.victim.access_token })
      assert.strictEqual(me.status, 200, "the victim's session still works")
    })))
})
