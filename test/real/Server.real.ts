/**
 * Server calls against the real service: users, sessions, teams and contact channels of a
 * project the suite made for itself (client team creation on).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as ContactChannels from "../../packages/sdk/src/api/ContactChannels.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Sessions from "../../packages/sdk/src/api/Sessions.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as TeamMemberships from "../../packages/sdk/src/api/TeamMemberships.ts"
import * as Teams from "../../packages/sdk/src/api/Teams.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Real from "./RealService.ts"
import { reasonWith } from "../support/Transport.ts"

const project = Real.sharedOwnedProject({ clientTeamCreationEnabled: true })
const { asServer, asClient } = Real.appsOf(project)

describe.skipIf(Real.env === undefined)("real service: server calls", () => {
  it.live("creates, reads, updates, finds and deletes a user", () =>
    asServer(Effect.gen(function*() {
      const email = Real.uniqueEmail("server-user")
      const created = yield* ServerUsers.create({ primaryEmail: email, primaryEmailAuthEnabled: true, password: Redacted.make(Real.password), displayName: "Server made" })
      assert.strictEqual(created.primaryEmail, email)
      assert.isTrue(created.hasPassword)
      const updated = yield* ServerUsers.update(created.id, { displayName: "Renamed", serverMetadata: { plan: "pro" } })
      assert.strictEqual(updated.displayName, "Renamed")
      assert.deepStrictEqual((yield* ServerUsers.get(created.id)).serverMetadata, { plan: "pro" })
      const found = yield* ServerUsers.list({ query: email })
      assert.deepStrictEqual(found.items.map((u) => u.id), [created.id])
      yield* ServerUsers.remove(created.id)
      const gone = yield* Effect.flip(ServerUsers.get(created.id))
      assert.strictEqual(gone._tag, "UserNotFound")
    })))

  it.live("lists anonymous users like any other (the service has no include_anonymous)", () =>
    Effect.gen(function*() {
      // anonymous sign-up is open in the `internal` project only (the service's fixed list)
      const anonymous = yield* Auth.signUpAnonymously().pipe(Effect.provide(Real.client()))
      const page = yield* ServerUsers.list({ query: anonymous.userId! }).pipe(Effect.provide(Real.server()))
      assert.deepStrictEqual(page.items.map((u) => [u.id, u.isAnonymous]), [[anonymous.userId, true]])
    }))

  it.live("a server keeps an anonymous user's id by giving it an e-mail and a password", () =>
    Effect.gen(function*() {
      const anonymous = yield* Auth.signUpAnonymously().pipe(Effect.provide(Real.client()))
      const email = Real.uniqueEmail("upgraded")
      const upgraded = yield* ServerUsers.update(anonymous.userId!, {
        primaryEmail: email,
        primaryEmailAuthEnabled: true,
        password: Redacted.make(Real.password),
        isAnonymous: false
      }).pipe(Effect.provide(Real.server()))
      assert.isFalse(upgraded.isAnonymous)
      const signedIn = yield* Effect.andThen(Auth.signInWithPassword({ email, password: Real.password }), Users.getCurrent())
        .pipe(Effect.provide(Real.client()))
      assert.strictEqual(signedIn.id, anonymous.userId)
    }))

  it.live("creates a session for a user, lists it, and revokes it: its refresh token stops working", () =>
    asServer(Effect.gen(function*() {
      const user = yield* ServerUsers.create({ displayName: "Sessions" })
      const tokens = yield* Sessions.create({ userId: user.id, expiresInMillis: 3_600_000 })
      const me = yield* Users.getCurrent().pipe(Effect.provide(StackServerApp.actAs(tokens)))
      assert.strictEqual(me.id, user.id)
      const listed = yield* Sessions.list(user.id)
      assert.strictEqual(listed.length, 1)
      yield* Sessions.revoke(user.id, listed[0]!.id)
      assert.deepStrictEqual(yield* Sessions.list(user.id), [])
      const after = yield* Effect.flip(Users.getCurrent().pipe(Effect.provide(StackServerApp.actAs({ refreshToken: tokens.refreshToken }))))
      assert.strictEqual(after._tag, "CannotGetOwnUserWithoutUser")
      const unknown = yield* Effect.flip(Sessions.revoke(user.id, crypto.randomUUID()))
      assert.strictEqual(reasonWith(unknown, "HttpError").status, 404)
    })))

  it.live("teams: a server creates one with a creator, adds a member, and lists its users", () =>
    asServer(Effect.gen(function*() {
      const creator = yield* ServerUsers.create({ displayName: "Creator" })
      const member = yield* ServerUsers.create({ displayName: "Member" })
      const team = yield* Teams.createAsServer({ displayName: "Real team", creatorUserId: creator.id })
      yield* TeamMemberships.add(team.id, member.id)
      const users = yield* Teams.listUsers(team.id)
      assert.sameMembers(users.map((u) => u.id), [creator.id, member.id])
      yield* Teams.removeAsServer(team.id)
      const gone = yield* Effect.flip(Teams.get(team.id))
      assert.strictEqual(gone._tag, "TeamNotFound")
    })))

  it.live("anonymous sign-up outside the service's few projects is AnonymousAccountsNotEnabled", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(asClient(Auth.signUpAnonymously()))
      assert.strictEqual(error._tag, "AnonymousAccountsNotEnabled")
    }))

  it.live("teams: signed out, creating one is CannotGetOwnUserWithoutUser; signed in, it is created and selected", () =>
    Effect.gen(function*() {
      const signedOut = yield* Effect.flip(asClient(Teams.create({ displayName: "Nobody's" })))
      assert.strictEqual(signedOut._tag, "CannotGetOwnUserWithoutUser")
      const email = Real.uniqueEmail("team-maker")
      const selected = yield* asClient(Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
        const team = yield* Teams.create({ displayName: "Mine" })
        const me = yield* Users.getCurrent()
        assert.strictEqual(me.selectedTeamId, team.id)
        return (yield* Teams.list()).map((t) => t.id)
      }))
      assert.strictEqual(selected.length, 1)
    }))

  it.live("contact channels: a server adds a verified one; for an unknown user the service fails with a plain 500", () =>
    asServer(Effect.gen(function*() {
      const user = yield* ServerUsers.create({ displayName: "Channels" })
      const value = Real.uniqueEmail("channel")
      const channel = yield* ContactChannels.createForUser(user.id, { type: "email", value, usedForAuth: false, isVerified: true })
      assert.isTrue(channel.isVerified)
      assert.deepStrictEqual((yield* ContactChannels.listForUser(user.id)).map((c) => c.value), [value])
      const unknown = yield* Effect.flip(ContactChannels.createForUser(crypto.randomUUID(), { type: "email", value: Real.uniqueEmail("orphan"), usedForAuth: false }))
      assert.strictEqual(reasonWith(unknown, "HttpError").status, 500)
    })))
})
