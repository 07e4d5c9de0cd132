/**
 * The emulator against the oracle (@stackframe/stack-shared@2.8.27): its bodies validate against
 * the service's read schemas with exactly their keys, and every known error it sends has the
 * oracle's status, code and details.
 */
import { assert, describe, it } from "@effect/vitest"
import { currentUserCrud } from "@stackframe/stack-shared/dist/interface/crud/current-user"
import { clientProjectsCrud, projectsCrud } from "@stackframe/stack-shared/dist/interface/crud/projects"
import { teamsCrud } from "@stackframe/stack-shared/dist/interface/crud/teams"
import { usersCrud } from "@stackframe/stack-shared/dist/interface/crud/users"
import { KnownError as OracleKnownError, KnownErrors as OracleKnownErrors } from "@stackframe/stack-shared/dist/known-errors"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import { membershipKey } from "../../packages/emulator/src/EmulatorState.ts"
import { demoProject, internalProject } from "../../packages/emulator/src/Seeds.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Views from "../../packages/emulator/src/internal/http/Views.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { type Answer, call, signUp } from "./support.ts"

interface YupObject {
  readonly fields: Record<string, unknown>
  validate(value: unknown): Promise<unknown>
}

const conforms = (schema: unknown, body: unknown, label: string) =>
  Effect.promise(async () => {
    const yup = schema as YupObject
    await yup.validate(body).catch((error: Error) => assert.fail(`${label}: ${error.message}`))
    assert.deepStrictEqual(Object.keys(body as object).sort(), Object.keys(yup.fields).sort(), `${label}: keys`)
  })

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

/** Gives the user a selected team, so nested team views are checked too. */
const selectTeam = (userId: string) =>
  Effect.flatMap(Emulator.Emulator, (emulator) =>
    emulator.run(EmulatorState.update((state) => {
      const teamId = crypto.randomUUID()
      const team = { id: teamId, projectId: demoProject.projectId, displayName: "Team", profileImageUrl: null, clientMetadata: { a: 1 }, clientReadOnlyMetadata: null, serverMetadata: null, createdAtMillis: 5 }
      return {
        ...state,
        teams: Table.put(state.teams, teamId, team),
        memberships: Table.put(state.memberships, membershipKey(teamId, userId), { projectId: demoProject.projectId, teamId, userId, createdAtMillis: 5, displayName: null, profileImageUrl: null }),
        users: Table.modify(state.users, userId, (u) => ({ ...u, selectedTeamId: teamId }))
      }
    })))

describe("contract with the oracle's read schemas", () => {
  it.effect("current user (client and server views), users, lists and the client project", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("contract@example.com")
      yield* conforms(currentUserCrud.client.readSchema, (yield* call({ path: "/users/me", accessToken: tokens.access_token })).body, "current user, no team")
      yield* selectTeam(tokens.user_id)
      const client = yield* call({ path: "/users/me", accessToken: tokens.access_token })
      assert.isNotNull(client.body.selected_team)
      yield* conforms(currentUserCrud.client.readSchema, client.body, "current user (client)")
      yield* conforms(currentUserCrud.server.readSchema, (yield* call({ path: "/users/me", access: "server", accessToken: tokens.access_token })).body, "current user (server)")
      yield* conforms(usersCrud.server.readSchema, (yield* call({ path: `/users/${tokens.user_id}`, access: "server" })).body, "user")
      const created = yield* call({ method: "POST", path: "/users", access: "server", body: { oauth_providers: [{ id: "github", account_id: "42", email: null }] } })
      yield* conforms(usersCrud.server.readSchema, created.body, "created user")
      const list = yield* call({ path: "/users", access: "server" })
      assert.strictEqual(list.body.items.length, 2)
      for (const item of list.body.items) yield* conforms(usersCrud.server.readSchema, item, "listed user")
      yield* conforms(clientProjectsCrud.client.readSchema, (yield* call({ path: "/projects/current" })).body, "client project")
    })))

  it.effect("admin project and team views", () =>
    withEmulator(Effect.gen(function*() {
      const state = yield* Effect.flatMap(Emulator.Emulator, (e) => e.state.get)
      for (const project of Table.values(state.projects)) {
        yield* conforms(projectsCrud.admin.readSchema, Views.adminProject(project), `admin project ${project.id}`)
      }
      const team = { id: crypto.randomUUID(), projectId: "p", displayName: "T", profileImageUrl: null, clientMetadata: null, clientReadOnlyMetadata: null, serverMetadata: null, createdAtMillis: 1 }
      yield* conforms(teamsCrud.client.readSchema, Views.clientTeam(team), "client team")
      yield* conforms(teamsCrud.server.readSchema, Views.serverTeam(team), "server team")
    })))
})

/**
 * Codes the oracle cannot read back from its own wire form: its InvalidAccessType sends no details
 * but its `fromJson` requires `details.accessType`. Built from the constructor instead.
 */
const oracleQuirks: Record<string, () => unknown> = {
  INVALID_ACCESS_TYPE: () => new OracleKnownErrors.InvalidAccessType("root")
}

describe("contract with the oracle's known errors", () => {
  const assertOracleAgrees = (answer: Answer) => {
    const code = answer.headers.get(Headers.knownError)
    assert.isNotNull(code, `expected a known error, got ${answer.status} ${answer.text}`)
    const quirk = oracleQuirks[code!]
    const oracle = (quirk === undefined ? OracleKnownError.fromJson({ ...answer.body, message: answer.body.error }) : quirk()) as unknown as {
      statusCode: number
      errorCode: string
      details?: unknown
    }
    assert.strictEqual(oracle.errorCode, code)
    assert.strictEqual(answer.status, oracle.statusCode, `status of ${code}`)
    assert.deepStrictEqual(answer.body.details, oracle.details, `details of ${code}`)
  }

  it.effect("every known error the emulator sends has the oracle's status, code and details", () =>
    withEmulator(Effect.gen(function*() {
      const tokens = yield* signUp("errors@example.com")
      const internal = yield* signUp("staff@example.com", "password123", { project: internalProject })
      const noHeaders = (path: string, headers: Record<string, string>) => call({ path, access: "none", headers })
      const answers: ReadonlyArray<Answer> = [
        yield* call({ path: "/users", access: "client" }),
        yield* call({ path: "/projects/current", headers: { [Headers.publishableClientKey]: "x" } }),
        yield* call({ path: "/projects/current", access: "server", headers: { [Headers.secretServerKey]: "x" } }),
        yield* call({ path: "/projects/current", access: "admin", headers: { [Headers.superSecretAdminKey]: "x" } }),
        yield* noHeaders("/projects/current", {}),
        yield* noHeaders("/projects/current", { [Headers.publishableClientKey]: "x" }),
        yield* noHeaders("/projects/current", { [Headers.accessType]: "client" }),
        yield* call({ path: "/projects/current", headers: { [Headers.accessType]: "root" } }),
        yield* noHeaders("/projects/current", { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "client" }),
        yield* noHeaders("/users", { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "server" }),
        yield* noHeaders("/users", { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "admin" }),
        yield* noHeaders("/users", { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "admin", [Headers.adminAccessToken]: "x" }),
        yield* noHeaders("/users", { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "admin", [Headers.adminAccessToken]: tokens.access_token }),
        yield* noHeaders("/users", { [Headers.projectId]: demoProject.projectId, [Headers.accessType]: "admin", [Headers.adminAccessToken]: internal.access_token }),
        yield* call({ path: "/users/me", accessToken: "x" }),
        yield* call({ path: "/users/me", accessToken: internal.access_token }),
        yield* call({ path: "/users/me" }),
        yield* call({ path: `/users/${crypto.randomUUID()}`, access: "server" }),
        yield* call({ method: "POST", path: "/auth/password/sign-up", body: { email: "errors@example.com", password: "password123", verification_callback_url: "http://localhost:3000/handler/email-verification" } }),
        yield* call({ method: "POST", path: "/auth/password/sign-up", body: { email: "new@example.com", password: "short", verification_callback_url: "http://localhost:3000/handler/email-verification" } }),
        yield* call({ method: "POST", path: "/auth/password/sign-up", body: { email: "new@example.com", password: "x".repeat(71), verification_callback_url: "http://localhost:3000/handler/email-verification" } }),
        yield* call({ method: "POST", path: "/auth/password/sign-up", body: { email: "new@example.com", password: "password123", verification_callback_url: "https://evil.example" } }),
        yield* call({ method: "POST", path: "/auth/password/sign-in", body: { email: "errors@example.com", password: "wrong password" } }),
        yield* call({ method: "POST", path: "/auth/password/sign-in", body: { email: 42 } }),
        yield* call({ method: "DELETE", path: "/auth/sessions/current" }),
        yield* call({ method: "POST", path: "/auth/oauth/token", access: "none", form: { grant_type: "refresh_token", refresh_token: "x", client_id: demoProject.projectId, client_secret: demoProject.publishableClientKey } }),
        yield* call({ method: "POST", path: "/auth/oauth/token", access: "none", form: { grant_type: "refresh_token", refresh_token: "x", client_id: demoProject.projectId, client_secret: "x" } })
      ]
      const codes = new Set<string>()
      for (const answer of answers) {
        assertOracleAgrees(answer)
        codes.add(answer.body.code)
      }
      assert.isAtLeast(codes.size, 24)
    })))
})
