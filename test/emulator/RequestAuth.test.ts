import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import { membershipKey } from "../../packages/emulator/src/EmulatorState.ts"
import { demoProject, internalProject } from "../../packages/emulator/src/Seeds.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { assertKnownError, call, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

/** Signs up a dashboard user and, when `owner`, makes them an owner of the demo project. */
const dashboardUser = (owner: boolean) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    const tokens = yield* signUp("owner@example.com", "dashboard password", { project: internalProject })
    if (owner) {
      yield* emulator.run(EmulatorState.update((state) => {
        const teamId = crypto.randomUUID()
        const team = { id: teamId, projectId: "internal", displayName: "Owners", profileImageUrl: null, clientMetadata: null, clientReadOnlyMetadata: null, serverMetadata: null, createdAtMillis: 0 }
        const membership = { projectId: "internal", teamId, userId: tokens.user_id, createdAtMillis: 0, displayName: null, profileImageUrl: null }
        return {
          ...state,
          teams: Table.put(state.teams, teamId, team),
          memberships: Table.put(state.memberships, membershipKey(teamId, tokens.user_id), membership),
          projects: Table.modify(state.projects, demoProject.projectId, (p) => ({ ...p, ownerTeamId: teamId }))
        }
      }))
    }
    return tokens.access_token
  })

const adminCall = (adminToken: string) =>
  call({
    path: "/users",
    access: "none",
    headers: { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "admin", [Headers.adminAccessToken]: adminToken }
  })

describe("RequestAuth", () => {
  it.effect("a publishable key on a server route is InsufficientAccessType naming the allowed types", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({ path: "/users", access: "client" })
      assertKnownError(answer, "INSUFFICIENT_ACCESS_TYPE", 401)
      assert.deepStrictEqual(answer.body.details, { actual_access_type: "client", allowed_access_types: ["server", "admin"] })
    })))

  it.effect("wrong keys are rejected naming the project", () =>
    withEmulator(Effect.gen(function*() {
      const cases = [
        ["client", Headers.publishableClientKey, "INVALID_PUBLISHABLE_CLIENT_KEY"],
        ["server", Headers.secretServerKey, "INVALID_SECRET_SERVER_KEY"],
        ["admin", Headers.superSecretAdminKey, "INVALID_SUPER_SECRET_ADMIN_KEY"]
      ] as const
      for (const [access, header, code] of cases) {
        const answer = yield* call({ path: "/projects/current", access, headers: { [header]: "wrong-key" } })
        assertKnownError(answer, code, 401)
        assert.deepStrictEqual(answer.body.details, { project_id: demoProject.projectId })
      }
      const unknownProject = yield* call({ path: "/projects/current", headers: { [Headers.projectId]: "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b" } })
      // the project is looked up before the key is checked
      assertKnownError(unknownProject, "CURRENT_PROJECT_NOT_FOUND", 400)
      assert.deepStrictEqual(unknownProject.body.details, { project_id: "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b" })
    })))

  it.effect("missing or malformed x-stack headers are the protocol's errors", () =>
    withEmulator(Effect.gen(function*() {
      assertKnownError(yield* call({ path: "/projects/current", access: "none" }), "ACCESS_TYPE_REQUIRED", 400)
      assertKnownError(
        yield* call({ path: "/projects/current", access: "none", headers: { [Headers.publishableClientKey]: demoProject.publishableClientKey } }),
        "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
        400
      )
      assertKnownError(yield* call({ path: "/projects/current", headers: { [Headers.accessType]: "root" } }), "INVALID_ACCESS_TYPE", 400)
      const noProject = yield* call({ path: "/projects/current", access: "none", headers: { [Headers.accessType]: "client" } })
      assertKnownError(noProject, "ACCESS_TYPE_WITHOUT_PROJECT_ID", 400)
      assert.deepStrictEqual(noProject.body.details, { request_type: "client" })
      assertKnownError(
        yield* call({ path: "/users", access: "none", headers: { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "server" } }),
        "SERVER_AUTHENTICATION_REQUIRED",
        401
      )
    })))

  it.effect("server and admin keys may call client routes, and only admin keys admin routes", () =>
    withEmulator(Effect.gen(function*() {
      assert.strictEqual((yield* call({ path: "/projects/current", access: "server" })).status, 200)
      assert.strictEqual((yield* call({ path: "/users", access: "admin" })).status, 200)
      assertKnownError(yield* call({ path: "/emulator/faults", access: "server" }), "INSUFFICIENT_ACCESS_TYPE", 401)
    })))

  it.effect("user access tokens: unparsable, for another project", () =>
    withEmulator(Effect.gen(function*() {
      assertKnownError(yield* call({ path: "/users/me", accessToken: "not-a-jwt" }), "UNPARSABLE_ACCESS_TOKEN", 401)
      const internal = yield* signUp("someone@example.com", "password123", { project: internalProject })
      const answer = yield* call({ path: "/users/me", accessToken: internal.access_token })
      assertKnownError(answer, "INVALID_PROJECT_FOR_ACCESS_TOKEN", 401)
      assert.deepStrictEqual(answer.body.details, { expected_project_id: demoProject.projectId, actual_project_id: "internal" })
    })))

  it.effect("the project owner's access token is admin access to the projects they own", () =>
    withEmulator(Effect.gen(function*() {
      const token = yield* dashboardUser(true)
      const answer = yield* adminCall(token)
      assert.strictEqual(answer.status, 200, answer.text)
      assert.deepStrictEqual(answer.body.items, [])
    })))

  it.effect("an admin access token of a non-owner, of another project or expired is refused", () =>
    withEmulator(Effect.gen(function*() {
      const notOwner = yield* dashboardUser(false)
      assertKnownError(yield* adminCall(notOwner), "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN", 401)
      const demoUser = yield* signUp("user@example.com")
      // a token of another project than `internal` is no dashboard user's (measured on the service)
      assertKnownError(yield* adminCall(demoUser.access_token), "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN", 401)
      assertKnownError(yield* adminCall("garbage"), "UNPARSABLE_ADMIN_ACCESS_TOKEN", 401)
      const signedAt = Math.floor((yield* Clock.currentTimeMillis) / 1000) * 1000
      yield* TestClock.adjust("11 minutes")
      const expired = yield* adminCall(notOwner)
      assertKnownError(expired, "ADMIN_ACCESS_TOKEN_EXPIRED", 401)
      assert.strictEqual(expired.body.details.expired_at_millis, signedAt + 600_000)
    })))
})
