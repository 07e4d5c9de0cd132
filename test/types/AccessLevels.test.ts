/**
 * Access levels are enforced at compile time (SPEC §6): a server-only call needs `ServerAccess`
 * and an admin-only call `AdminAccess`, which only the server and admin app Layers provide, so a
 * client app cannot even express them. The `@ts-expect-error` lines fail `npm run typecheck` if they
 * ever compile. The listings name the level of every call of every API module. At run time, the
 * right app runs such calls against the emulator, and a call forced past the compiler onto a client
 * app dies before it sends anything.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { expectTypeOf } from "vitest"
import {
  type Access,
  AdminProjects,
  AiChat,
  ApiKeys,
  Auth,
  CliAuth,
  ConnectedAccounts,
  ContactChannels,
  EmailTemplates,
  EmailVerification,
  Emails,
  InternalApiKeys,
  Metrics,
  Mfa,
  Notifications,
  OAuth,
  OAuthProviders,
  OwnedProjects,
  Passkeys,
  Passwords,
  PermissionDefinitions,
  Permissions,
  Projects,
  ServerUsers,
  Sessions,
  SignInOutcome,
  StackAdminApp,
  StackClientApp,
  type StackHttp,
  StackServerApp,
  TeamInvitations,
  TeamMemberProfiles,
  TeamMemberships,
  Teams,
  Users,
  WebAuthn,
  Webhooks
} from "../../packages/sdk/src/index.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { expectNone, type LevelOf, type Misplaced } from "./support.ts"

// The three apps as an application writes them (never built here: only their types matter).
const keys = { projectId: "project", publishableClientKey: "pck_public" }
const clientApp = StackClientApp.layer(keys)
const serverApp = StackServerApp.layer({ ...keys, secretServerKey: "ssk_secret" })
const adminApp = StackAdminApp.layer({ ...keys, secretServerKey: "ssk_secret", superSecretAdminKey: "sak_secret" })

/** Accepts only an effect whose every requirement is met, as `Effect.runPromise` does. */
const runnable = <A, E>(effect: Effect.Effect<A, E, never>): Effect.Effect<A, E, never> => effect

describe("a client app cannot express server-only or admin-only calls", () => {
  it("a server-only call (ServerUsers.list) does not compile with a client app", () => {
    const listUsers = ServerUsers.list().pipe(Effect.provide(clientApp))
    expectTypeOf<Effect.Services<typeof listUsers>>().toEqualTypeOf<Access.ServerAccess>()
    // @ts-expect-error ServerAccess is not provided by the client app
    runnable(listUsers)
  })

  it("an admin-only call (AdminProjects.update) does not compile with a client or a server app", () => {
    const fromClient = AdminProjects.update({ displayName: "Renamed" }).pipe(Effect.provide(clientApp))
    const fromServer = AdminProjects.update({ displayName: "Renamed" }).pipe(Effect.provide(serverApp))
    expectTypeOf<Effect.Services<typeof fromClient>>().toEqualTypeOf<Access.AdminAccess>()
    expectTypeOf<Effect.Services<typeof fromServer>>().toEqualTypeOf<Access.AdminAccess>()
    // @ts-expect-error AdminAccess is not provided by the client app
    runnable(fromClient)
    // @ts-expect-error AdminAccess is not provided by the server app either
    runnable(fromServer)
  })

  it("with the right app the same calls compile, and client calls compile with every app", () => {
    runnable(ServerUsers.list().pipe(Effect.provide(serverApp)))
    runnable(ServerUsers.list().pipe(Effect.provide(adminApp)))
    runnable(AdminProjects.update({ displayName: "Renamed" }).pipe(Effect.provide(adminApp)))
    runnable(Users.update({ displayName: "Ada" }).pipe(Effect.provide(clientApp)))
    runnable(Users.update({ displayName: "Ada" }).pipe(Effect.provide(serverApp)))
    runnable(Users.update({ displayName: "Ada" }).pipe(Effect.provide(adminApp)))
  })
})

describe("every API call needs the access level SPEC §6 gives it", () => {
  it("the checker names a call listed at the wrong level and a name that is not a call", () => {
    expectTypeOf<LevelOf<typeof Teams.create>>().toEqualTypeOf<"client">()
    expectTypeOf<LevelOf<typeof Teams.createAsServer>>().toEqualTypeOf<"server">()
    expectTypeOf<LevelOf<typeof Metrics.get>>().toEqualTypeOf<"admin">()
    expectTypeOf<Misplaced<typeof TeamMemberships, "add" | "leave" | "join">>().toEqualTypeOf<"remove" | "leave" | "join">()
    expectTypeOf<Misplaced<typeof Metrics, "get">>().toEqualTypeOf<"get">()
    expectTypeOf<Misplaced<typeof Metrics>>().toEqualTypeOf<"get">()
  })

  it("admin-only: project settings and deletion, internal keys, permission definitions, templates and themes, metrics, test and sent mail, AI chat, webhook token, sign-in invitation", () => {
    expectNone<Misplaced<typeof AdminProjects, never, "get" | "update" | "remove" | "getProductionModeErrors">>()
    expectNone<Misplaced<typeof InternalApiKeys, never, "create" | "list" | "get" | "update" | "revoke">>()
    expectNone<Misplaced<typeof PermissionDefinitions, never, "list" | "create" | "update" | "remove">>()
    expectNone<
      Misplaced<typeof EmailTemplates, never, "listTemplates" | "createTemplate" | "updateTemplate" | "listThemes" | "createTheme" | "getTheme" | "updateTheme">
    >()
    expectNone<Misplaced<typeof Metrics, never, "get">>()
    // Sending e-mail to users is a server call (the server app of @stackframe/js 2.8.39 has it)
    expectNone<Misplaced<typeof Emails, "send", "listSent" | "sendTestEmail" | "sendSignInInvitation" | "render">>()
    expectNone<Misplaced<typeof AiChat, never, "send" | "save" | "list">>()
    expectNone<Misplaced<typeof Webhooks, never, "createSvixToken">>()
  })

  it("server-only: user and team management, members, grants, sessions, API key checks, other users' data", () => {
    expectNone<Misplaced<typeof ServerUsers, "create" | "get" | "update" | "remove" | "list">>()
    expectNone<Misplaced<typeof Teams, "listAll" | "createAsServer" | "get" | "updateAsServer" | "removeAsServer" | "listUsers">>()
    expectNone<Misplaced<typeof TeamMemberships, "add" | "remove">>()
    expectNone<
      Misplaced<typeof Permissions, "listTeamAsServer" | "listProjectAsServer" | "grantTeam" | "revokeTeam" | "grantProject" | "revokeProject">
    >()
    expectNone<Misplaced<typeof Sessions, "create" | "list" | "revoke">>()
    // The user's own keys are client calls (SPEC §7 "Other client calls"); checking a key is not
    expectNone<Misplaced<typeof ApiKeys, "check" | "userByApiKey" | "teamByApiKey">>()
    expectNone<
      Misplaced<typeof ContactChannels, "listForUser" | "createForUser" | "updateForUser" | "removeForUser" | "sendVerificationCodeForUser">
    >()
    expectNone<Misplaced<typeof Notifications, "listForUser" | "setEnabledForUser">>()
    expectNone<Misplaced<typeof OAuthProviders, "listForUser" | "create" | "getForUser" | "updateForUser" | "removeForUser">>()
    expectNone<Misplaced<typeof ConnectedAccounts, "getAccessTokenForUser">>()
  })

  it("client calls need neither witness", () => {
    expectNone<Misplaced<typeof Auth>>()
    expectNone<Misplaced<typeof CliAuth>>()
    expectNone<Misplaced<typeof EmailVerification>>()
    expectNone<Misplaced<typeof Mfa>>()
    expectNone<Misplaced<typeof OAuth>>()
    expectNone<Misplaced<typeof OwnedProjects>>()
    expectNone<Misplaced<typeof Passkeys>>()
    expectNone<Misplaced<typeof Passwords>>()
    expectNone<Misplaced<typeof Projects>>()
    expectNone<Misplaced<typeof SignInOutcome>>()
    expectNone<Misplaced<typeof TeamInvitations>>()
    expectNone<Misplaced<typeof TeamMemberProfiles>>()
    expectNone<Misplaced<typeof Users>>()
    expectNone<Misplaced<typeof WebAuthn>>()
  })
})

layer(Emulator.layer)("access levels at run time", (it) => {
  it.effect("a server app runs a server-only call and an admin app runs an admin-only one", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const page = yield* ServerUsers.list().pipe(Effect.provide(TestApps.server()))
      assert.isArray(page.items)
      const project = yield* AdminProjects.get().pipe(Effect.provide(TestApps.admin()))
      assert.strictEqual(project.id, emulator.demoProject.projectId)
    }))

  it.effect("a server-only call forced onto a client app dies before sending a request", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.requests.clear
      // what a cast past the compiler would do: the witness is still checked at run time
      const forced = ServerUsers.list() as unknown as Effect.Effect<ServerUsers.Page, ServerUsers.ListError, StackHttp.StackHttp>
      const exit = yield* Effect.exit(forced.pipe(Effect.provide(TestApps.client())))
      assert.isTrue(Exit.isFailure(exit) && Cause.hasDies(exit.cause))
      assert.strictEqual(yield* emulator.requests.count({ path: "/api/v1/users" }), 0)
    }))
})
