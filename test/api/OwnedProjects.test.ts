import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as InternalApiKeys from "../../packages/sdk/src/api/InternalApiKeys.ts"
import * as OwnedProjects from "../../packages/sdk/src/api/OwnedProjects.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import type { ProjectCredentials } from "../../packages/emulator/src/Seeds.ts"
import * as Sessions from "../../packages/emulator/src/internal/model/SessionRules.ts"
import * as Users from "../../packages/emulator/src/EmulatorUsers.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"

const currentPath = "/api/v1/internal/projects/current"

/** A signed-in user of a project (state-level setup): its tokens. */
const signedInUser = (project: ProjectCredentials, email: string) =>
  Effect.gen(function*() {
    const emulator = yield* Emulator.Emulator
    return yield* emulator.run(Effect.gen(function*() {
      const user = yield* Users.create({ projectId: project.projectId, primaryEmail: email, primaryEmailAuthEnabled: true })
      const tokens = yield* Sessions.create({ projectId: project.projectId, userId: user.id, baseUrl: emulator.baseUrl })
      return { userId: user.id, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }
    }))
  })

/** A client app of a project, signed in with these tokens (or signed out). */
const clientOf = (project: ProjectCredentials, tokens?: { readonly accessToken: string; readonly refreshToken: string }) =>
  Layer.unwrap(Effect.map(Emulator.Emulator, (emulator) =>
    StackClientApp.layer({
      projectId: project.projectId,
      publishableClientKey: project.publishableClientKey,
      baseUrl: emulator.baseUrl,
      tokenStore: tokens === undefined ? TokenStore.layerMemory : TokenStore.layerExplicit(tokens)
    }).pipe(Layer.orDie)))

/** Runs `effect` with the admin app of `projectId` built from the current (owner's) session. */
const asOwnerAdmin = <A, E, R>(projectId: string, effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(StackAdminApp.forOwnedProject(projectId), (app) => effect.pipe(Effect.provide(Layer.orDie(app))))

const knownCode = (error: { readonly _tag: string; readonly code?: string }) => (error._tag === "KnownError" ? error.code : error._tag)

layer(Emulator.layer)("OwnedProjects and admin by the owner's session", (it) => {
  it.effect("the owner creates and lists projects, then administers one with the session instead of a key", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const owner = yield* signedInUser(emulator.internalProject, "owner@example.com")
      const result = yield* Effect.gen(function*() {
        const created = yield* OwnedProjects.create({ displayName: "My App", description: "mine", config: { signUpEnabled: false } })
        assert.strictEqual(created.displayName, "My App")
        assert.isTrue(created.config.allowLocalhost)
        assert.isFalse(created.config.signUpEnabled)
        const listed = yield* OwnedProjects.list()
        assert.deepStrictEqual(listed.map((p) => p.id), [created.id])

        const read = yield* asOwnerAdmin(created.id, AdminProjects.get())
        assert.strictEqual(read.id, created.id)
        yield* asOwnerAdmin(created.id, AdminProjects.update({ description: "administered by session" }))
        const keys = yield* asOwnerAdmin(created.id, InternalApiKeys.create({
          description: "first keys",
          expiresAt: new Date(Date.UTC(2100, 0, 1)),
          hasPublishableClientKey: true,
          hasSecretServerKey: true,
          hasSuperSecretAdminKey: false
        }))
        assert.match(Redacted.value(keys.secretServerKey!), /^ssk_/)
        return created.id
      }).pipe(Effect.provide(clientOf(emulator.internalProject, owner)))

      const state = yield* emulator.state.get
      assert.strictEqual(state.projects[result]?.description, "administered by session")
      const sent = (yield* emulator.requests.filter({ method: "GET", path: currentPath })).at(-1)!
      assert.strictEqual(sent.headers["x-stack-admin-access-token"], "<redacted>")
      assert.strictEqual(sent.headers["x-stack-access-type"], "admin")
      assert.strictEqual(sent.headers["x-stack-project-id"], result)
      assert.isUndefined(sent.headers["x-stack-super-secret-admin-key"])
    }))

  it.effect("a user who is not an admin of the project is refused (after one retry)", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const stranger = yield* signedInUser(emulator.internalProject, "stranger@example.com")
      yield* emulator.requests.clear
      const error = yield* Effect.flip(asOwnerAdmin(emulator.demoProject.projectId, AdminProjects.get()).pipe(
        Effect.provide(clientOf(emulator.internalProject, stranger))
      ))
      assert.strictEqual(knownCode(error), "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: currentPath }), 2)
    }))

  it.effect("a session of another project than internal is AdminAccessTokenIsNotAdmin (as on the service)", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const demoUser = yield* signedInUser(emulator.demoProject, "demo-user@example.com")
      const error = yield* Effect.flip(asOwnerAdmin(emulator.demoProject.projectId, AdminProjects.get()).pipe(
        Effect.provide(clientOf(emulator.demoProject, demoUser))
      ))
      assert.strictEqual(knownCode(error), "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")
    }))

  it.effect("an admin token the service calls invalid is marked expired, refreshed and the request retried once", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const owner = yield* signedInUser(emulator.internalProject, "retry-owner@example.com")
      const projectId = yield* OwnedProjects.create({ displayName: "Retry" }).pipe(
        Effect.map((p) => p.id),
        Effect.provide(clientOf(emulator.internalProject, owner))
      )
      yield* emulator.requests.clear
      yield* emulator.faults.inject({
        method: "GET",
        path: currentPath,
        times: 1,
        fault: Faults.status(401, {
          headers: { "x-stack-known-error": "ADMIN_ACCESS_TOKEN_EXPIRED", "content-type": "application/json" },
          body: JSON.stringify({ code: "ADMIN_ACCESS_TOKEN_EXPIRED", error: "expired", details: {} })
        })
      })
      const project = yield* asOwnerAdmin(projectId, AdminProjects.get()).pipe(Effect.provide(clientOf(emulator.internalProject, owner)))
      assert.strictEqual(project.id, projectId)
      assert.strictEqual(yield* emulator.requests.count({ method: "GET", path: currentPath }), 2)
      assert.strictEqual(yield* emulator.requests.count({ method: "POST", path: "/api/v1/auth/oauth/token" }), 1)
    }))

  it.effect("an unparsable or expired admin token surfaces as the protocol's error after one retry", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const owner = yield* signedInUser(emulator.internalProject, "stale-owner@example.com")
      const projectId = yield* OwnedProjects.create({ displayName: "Stale" }).pipe(
        Effect.map((p) => p.id),
        Effect.provide(clientOf(emulator.internalProject, owner))
      )
      const realSession = yield* Session.Session.pipe(Effect.provide(clientOf(emulator.internalProject, owner)))
      let marked = 0
      const fixedToken = (token: string): Session.Service => ({
        ...realSession,
        getTokens: () => Effect.succeed({ accessToken: Redacted.make(token), refreshToken: undefined }),
        markAccessTokenExpired: () => Effect.sync(() => void marked++)
      })
      const adminWith = (token: string) =>
        StackAdminApp.layerOwnerSession({ projectId, ownerSession: fixedToken(token), baseUrl: emulator.baseUrl }).pipe(Layer.orDie)

      const unparsable = yield* Effect.flip(AdminProjects.get().pipe(Effect.provide(adminWith("not-a-jwt"))))
      assert.strictEqual(knownCode(unparsable), "UNPARSABLE_ADMIN_ACCESS_TOKEN")
      assert.strictEqual(marked, 1)

      yield* TestClock.adjust("11 minutes") // the owner's access token (10 minutes) is now expired
      const expired = yield* Effect.flip(AdminProjects.get().pipe(Effect.provide(adminWith(owner.accessToken))))
      assert.strictEqual(knownCode(expired), "ADMIN_ACCESS_TOKEN_EXPIRED")
      assert.strictEqual(marked, 2)
    }))

  it.effect("owned projects exist only in the internal project, for a signed-in user", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const demoUser = yield* signedInUser(emulator.demoProject, "not-internal@example.com")
      const wrongProject = yield* Effect.flip(OwnedProjects.list().pipe(Effect.provide(clientOf(emulator.demoProject, demoUser))))
      assert.strictEqual(wrongProject._tag, "ExpectedInternalProject")
      const created = yield* Effect.flip(OwnedProjects.create({ displayName: "x" }).pipe(Effect.provide(clientOf(emulator.demoProject, demoUser))))
      assert.strictEqual(created._tag, "ExpectedInternalProject")
      const signedOut = yield* Effect.flip(OwnedProjects.list().pipe(Effect.provide(clientOf(emulator.internalProject))))
      assert.strictEqual(signedOut._tag, "UserAuthenticationRequired")
    }))

  it.effect("a new project sends no owner team, and the emulator refuses one as the service does", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const owner = yield* signedInUser(emulator.internalProject, "teamless@example.com")
      yield* OwnedProjects.create({ displayName: "mine" }).pipe(Effect.provide(clientOf(emulator.internalProject, owner)))
      const sent = (yield* emulator.requests.filter({ method: "POST", path: "/api/v1/internal/projects" })).at(-1)
      assert.notProperty(sent?.body as object, "owner_team_id")
      const refused = yield* Effect.flip(Session.call({
        method: "POST",
        path: "/internal/projects",
        body: { display_name: "x", owner_team_id: crypto.randomUUID() },
        response: Schema.Unknown,
        errors: [KnownErrors.SchemaError]
      }).pipe(Effect.provide(clientOf(emulator.internalProject, owner))))
      assert.strictEqual(refused._tag, "SchemaError")
      assert.include(refused.message, "body contains unknown properties: owner_team_id")
    }))
})
