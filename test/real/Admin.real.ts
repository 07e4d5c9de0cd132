/**
 * Admin and owner calls against the real service: projects owned by a dashboard user, permission
 * definitions, the AI chat's context types, and passkey registration signed out.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as AiChat from "../../packages/sdk/src/api/AiChat.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as InternalApiKeys from "../../packages/sdk/src/api/InternalApiKeys.ts"
import * as OwnedProjects from "../../packages/sdk/src/api/OwnedProjects.ts"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as Passkeys from "../../packages/sdk/src/api/Passkeys.ts"
import * as PermissionDefinitions from "../../packages/sdk/src/api/PermissionDefinitions.ts"
import * as Software from "../support/SoftwareAuthenticator.ts"
import * as Real from "./RealService.ts"

const project = Real.sharedOwnedProject({ clientTeamCreationEnabled: true })
const { asAdmin, asClient } = Real.appsOf(project)
const suffix = () => Math.random().toString(36).slice(2, 8)

describe.skipIf(Real.env === undefined)("real service: admin and owner calls", () => {
  it.live("a dashboard user creates a project (owned by the user, no owner team), lists it, and administers it", () =>
    Effect.gen(function*() {
      const email = Real.uniqueEmail("dash")
      const created = yield* Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email, password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
        const made = yield* OwnedProjects.create({ displayName: "Owned", config: { magicLinkEnabled: true } })
        assert.deepStrictEqual((yield* OwnedProjects.list()).map((p) => p.id), [made.id])
        const admin = yield* StackAdminApp.forOwnedProject(made.id)
        const renamed = yield* AdminProjects.update({ displayName: "Owned and renamed" }).pipe(Effect.provide(admin))
        assert.strictEqual(renamed.displayName, "Owned and renamed")
        assert.isTrue(renamed.config.magicLinkEnabled)
        return made
      }).pipe(Effect.provide(Real.client()))
      assert.strictEqual(created.displayName, "Owned")
    }))

  it.live("the project's key sets are listed by their last four characters", () =>
    asAdmin(Effect.gen(function*() {
      const p = yield* project
      const keys = yield* InternalApiKeys.list()
      assert.isTrue(keys.some((k) => k.publishableClientKey?.lastFour === p.publishableClientKey.slice(-4)))
    })))

  it.live("permission definitions: an update keeps what it leaves out, a rename keeps both fields", () =>
    asAdmin(Effect.gen(function*() {
      const id = `real_${suffix()}`
      yield* PermissionDefinitions.create("team", { id, description: "Reads", containedPermissionIds: ["$read_members"] })
      const described = yield* PermissionDefinitions.update("team", id, { description: "Still reads" })
      assert.deepStrictEqual(described, { id, description: "Still reads", containedPermissionIds: ["$read_members"] })
      const renamed = yield* PermissionDefinitions.update("team", id, { id: `${id}_2` })
      assert.deepStrictEqual(renamed, { id: `${id}_2`, description: "Still reads", containedPermissionIds: ["$read_members"] })
      const listed = (yield* PermissionDefinitions.list("team")).find((d) => d.id === `${id}_2`)
      assert.deepStrictEqual(listed?.containedPermissionIds, ["$read_members"])
      const unknown = yield* Effect.flip(PermissionDefinitions.update("team", `${id}_none`, { description: "x" }))
      assert.strictEqual(unknown._tag, "PermissionNotFound")
      yield* PermissionDefinitions.remove("team", `${id}_2`)
    })))

  it.live("the AI chat accepts the service's two context types only: another is its SchemaError", () =>
    asAdmin(Effect.gen(function*() {
      const error = yield* Effect.flip(AiChat.send(crypto.randomUUID(), {
        contextType: "email-draft" as AiChat.ChatContextType,
        messages: [{ role: "user", content: "hi" }]
      }))
      assert.strictEqual(error._tag, "SchemaError")
      assert.include(error.message, "email-theme, email-template")
    })))

  it.live("signed out, registering a passkey is UserAuthenticationRequired", () =>
    Effect.gen(function*() {
      const authenticator = Software.makeAuthenticator("http://localhost:3000")
      const error = yield* Effect.flip(asClient(Passkeys.register()).pipe(
        Effect.provide(Software.layer(authenticator, "http://localhost:3000"))
      ))
      assert.strictEqual(error._tag, "UserAuthenticationRequired")
    }))
})
