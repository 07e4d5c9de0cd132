import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import { membershipKey } from "../../packages/emulator/src/EmulatorState.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import { assertKnownError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const createUser = (body: Record<string, unknown>) => call({ method: "POST", path: "/users", access: "server", body })

describe("server user management", () => {
  it.effect("creates (201), reads, updates and deletes a user", () =>
    withEmulator(Effect.gen(function*() {
      const created = yield* createUser({
        primary_email: "server@example.com",
        primary_email_auth_enabled: true,
        primary_email_verified: true,
        display_name: "Server Made",
        server_metadata: { plan: "pro" },
        password: "from the server"
      })
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual(created.body.primary_email_auth_enabled, true)
      assert.deepStrictEqual(created.body.server_metadata, { plan: "pro" })
      assert.strictEqual(created.body.has_password, true)
      const id = created.body.id as string

      const read = yield* call({ path: `/users/${id}`, access: "server" })
      assert.deepStrictEqual(read.body, created.body)

      const signIn = yield* call({ method: "POST", path: "/auth/password/sign-in", body: { email: "server@example.com", password: "from the server" } })
      assert.strictEqual(signIn.status, 200)

      const patched = yield* call({ method: "PATCH", path: `/users/${id}`, access: "server", body: { client_read_only_metadata: { level: 3 }, password: "a new password" } })
      assert.strictEqual(patched.status, 200, patched.text)
      assert.deepStrictEqual(patched.body.client_read_only_metadata, { level: 3 })
      // A new password revokes the user's sessions.
      assertKnownError(
        yield* call({
          method: "POST",
          path: "/auth/oauth/token",
          access: "none",
          form: { grant_type: "refresh_token", refresh_token: signIn.body.refresh_token, client_id: demoProject.projectId, client_secret: demoProject.publishableClientKey }
        }),
        "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
        401
      )

      assert.strictEqual((yield* call({ method: "DELETE", path: `/users/${id}`, access: "server" })).status, 200)
      assertKnownError(yield* call({ path: `/users/${id}`, access: "server" }), "USER_NOT_FOUND", 404)
    })))

  it.effect("creating a user with an e-mail used for auth by another is UserWithEmailAlreadyExists", () =>
    withEmulator(Effect.gen(function*() {
      yield* signUp("taken@example.com")
      assertKnownError(yield* createUser({ primary_email: "taken@example.com", primary_email_auth_enabled: true }), "USER_EMAIL_ALREADY_EXISTS", 409)
      assert.strictEqual((yield* createUser({ primary_email: "taken@example.com" })).status, 201)
    })))

  it.effect("lists users in sign-up order with cursor pagination, desc, query and team filter", () =>
    withEmulator(Effect.gen(function*() {
      const ids: Array<string> = []
      for (const name of ["ann", "ben", "cat", "dan", "eve"]) {
        const created = yield* createUser({ primary_email: `${name}@example.com`, display_name: name.toUpperCase() })
        ids.push(created.body.id)
        yield* TestClock.adjust("1 second")
      }
      yield* TestClock.adjust("1 second")
      // anonymous users are listed like any other, as by the service
      const anonymous = yield* call({ method: "POST", path: "/auth/anonymous/sign-up" })
      ids.push(anonymous.body.user_id)

      const first = yield* call({ path: "/users?limit=2&order_by=signed_up_at", access: "server" })
      assert.deepStrictEqual(first.body.items.map((u: { id: string }) => u.id), ids.slice(0, 2))
      assert.strictEqual(first.body.is_paginated, true)
      assert.strictEqual(first.body.pagination.next_cursor, ids[2])
      const second = yield* call({ path: `/users?limit=2&cursor=${first.body.pagination.next_cursor}`, access: "server" })
      assert.deepStrictEqual(second.body.items.map((u: { id: string }) => u.id), ids.slice(2, 4))
      const last = yield* call({ path: `/users?limit=2&cursor=${second.body.pagination.next_cursor}`, access: "server" })
      assert.deepStrictEqual(last.body.items.map((u: { id: string }) => u.id), ids.slice(4))
      assert.isTrue(last.body.items[1].is_anonymous)
      assert.isNull(last.body.pagination.next_cursor)

      const desc = yield* call({ path: "/users?desc=true", access: "server" })
      assert.deepStrictEqual(desc.body.items.map((u: { id: string }) => u.id), [...ids].reverse())
      // the service knows no `include_anonymous`
      const refused = yield* call({ path: "/users?include_anonymous=true", access: "server" })
      assertKnownError(refused, "SCHEMA_ERROR", 400)
      assert.include(refused.body.details.message, "query contains unknown properties: include_anonymous")

      const search = yield* call({ path: "/users?query=CAT", access: "server" })
      assert.deepStrictEqual(search.body.items.map((u: { id: string }) => u.id), [ids[2]])

      const emulator = yield* Emulator.Emulator
      const teamId = crypto.randomUUID()
      yield* emulator.run(EmulatorState.update((state) => ({
        ...state,
        memberships: Table.put(state.memberships, membershipKey(teamId, ids[1]!), {
          projectId: emulator.demoProject.projectId, teamId, userId: ids[1]!, createdAtMillis: 0, displayName: null, profileImageUrl: null
        })
      })))
      const team = yield* call({ path: `/users?team_id=${teamId}`, access: "server" })
      assert.deepStrictEqual(team.body.items.map((u: { id: string }) => u.id), [ids[1]])

      assertKnownError(yield* call({ path: "/users?order_by=display_name", access: "server" }), "SCHEMA_ERROR", 400)
    })))

  it.effect("a server reads 'me' with the server view", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("me@example.com")
      const me = yield* call({ path: "/users/me", access: "server", accessToken: tokens.access_token })
      assert.strictEqual(me.body.id, tokens.user_id)
      assert.property(me.body, "server_metadata")
      assert.property(me.body, "last_active_at_millis")
    })))
})
