import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as Projects from "../../packages/sdk/src/api/Projects.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

const darkThemeId = "a0172b5d-cff0-463b-83bb-85124697373a"

layer(Emulator.layer)("AdminProjects", (it) => {
  it.effect("reads the project with its whole configuration", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const project = yield* AdminProjects.get()
      assert.strictEqual(project.id, emulator.demoProject.projectId)
      assert.strictEqual(project.displayName, emulator.demoProject.displayName)
      assert.isFalse(project.isProductionMode)
      assert.deepStrictEqual(project.config.oauthProviders.map((p) => [p.id, p.type]), [["github", "shared"], ["google", "shared"]])
      assert.deepStrictEqual(project.config.emailConfig, { type: "shared" })
      assert.strictEqual(project.config.emailTheme, "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac")
      assert.deepStrictEqual(project.config.teamCreatorDefaultPermissions, [{ id: "team_admin" }])
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("updates every configuration field, and clients see the change", () =>
    Effect.gen(function*() {
      const updated = yield* AdminProjects.update({
        displayName: "Renamed",
        description: "Now described",
        isProductionMode: true,
        config: {
          signUpEnabled: false,
          credentialEnabled: false,
          magicLinkEnabled: false,
          passkeyEnabled: false,
          clientTeamCreationEnabled: false,
          clientUserDeletionEnabled: false,
          allowLocalhost: false,
          oauthAccountMergeStrategy: "raise_error",
          allowUserApiKeys: false,
          allowTeamApiKeys: false,
          oauthProviders: [
            { id: "github", type: "shared" },
            { id: "microsoft", type: "standard", clientId: "ms-client", clientSecret: Redacted.make("ms-secret"), microsoftTenantId: "tenant-1" },
            { id: "facebook", type: "standard", clientId: "fb-client", clientSecret: "fb-secret", facebookConfigId: "fb-config" }
          ],
          emailConfig: {
            type: "standard",
            host: "smtp.example.com",
            port: 587,
            username: "mailer",
            password: Redacted.make("smtp-password"),
            senderName: "Example",
            senderEmail: "noreply@example.com"
          },
          emailTheme: darkThemeId,
          domains: [{ domain: "https://app.example.com", handlerPath: "/auth" }],
          createTeamOnSignUp: true,
          teamCreatorDefaultPermissions: [{ id: "team_admin" }, { id: "team_member" }],
          teamMemberDefaultPermissions: [],
          userDefaultPermissions: []
        }
      })
      const read = yield* AdminProjects.get()
      for (const project of [updated, read]) {
        assert.strictEqual(project.displayName, "Renamed")
        assert.strictEqual(project.description, "Now described")
        assert.isTrue(project.isProductionMode)
        const { config } = project
        assert.deepStrictEqual(
          [config.signUpEnabled, config.credentialEnabled, config.magicLinkEnabled, config.passkeyEnabled, config.clientTeamCreationEnabled, config.clientUserDeletionEnabled, config.allowLocalhost, config.allowUserApiKeys, config.allowTeamApiKeys],
          [false, false, false, false, false, false, false, false, false]
        )
        assert.strictEqual(config.oauthAccountMergeStrategy, "raise_error")
        const microsoft = config.oauthProviders.find((p) => p.id === "microsoft")!
        assert.strictEqual(microsoft.clientId, "ms-client")
        assert.strictEqual(Redacted.value(microsoft.clientSecret!), "ms-secret")
        assert.strictEqual(microsoft.microsoftTenantId, "tenant-1")
        assert.strictEqual(config.oauthProviders.find((p) => p.id === "facebook")!.facebookConfigId, "fb-config")
        assert.strictEqual(config.emailConfig.type, "standard")
        if (config.emailConfig.type === "standard") {
          assert.strictEqual(config.emailConfig.senderEmail, "noreply@example.com")
          assert.strictEqual(Redacted.value(config.emailConfig.password), "smtp-password")
          assert.notInclude(String(config.emailConfig.password), "smtp-password")
        }
        assert.strictEqual(config.emailTheme, darkThemeId)
        assert.deepStrictEqual(config.domains, [{ domain: "https://app.example.com", handlerPath: "/auth" }])
        assert.isTrue(config.createTeamOnSignUp)
        assert.deepStrictEqual(config.teamCreatorDefaultPermissions.map((p) => p.id), ["team_admin", "team_member"])
        assert.deepStrictEqual(config.teamMemberDefaultPermissions, [])
      }
      const client = yield* Projects.getCurrent().pipe(Effect.provide(TestApps.client()))
      assert.isFalse(client.config.signUpEnabled)
      // the service stores providers by id: they come back ordered by id (measured on the service)
      assert.deepStrictEqual(client.config.enabledOAuthProviders.map((p) => p.id), ["facebook", "github", "microsoft"])
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("a domain without a scheme is the service's SchemaError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(AdminProjects.update({ config: { domains: [{ domain: "example.com", handlerPath: "/handler" }] } }))
      assert.strictEqual(error._tag, "SchemaError")
    }).pipe(Effect.provide(TestApps.admin())))

  it.effect("the production-mode check reads the project and reports its problems", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* AdminProjects.update({ config: { allowLocalhost: true, domains: [{ domain: "http://127.0.0.1:3000", handlerPath: "/handler" }] } })
      const errors = yield* AdminProjects.getProductionModeErrors()
      const link = `/projects/${emulator.demoProject.projectId}/domains`
      assert.deepStrictEqual(errors, [
        { message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl: link },
        { message: "Localhost domains are not allowed to be trusted in production mode: http://127.0.0.1:3000", relativeFixUrl: link }
      ])
      yield* AdminProjects.update({ config: { allowLocalhost: false, domains: [{ domain: "https://example.com", handlerPath: "/handler" }] } })
      assert.deepStrictEqual(yield* AdminProjects.getProductionModeErrors(), [])
    }).pipe(Effect.provide(TestApps.admin())))
})

layer(Emulator.layer)("AdminProjects.remove", (it) => {
  it.effect("deletes the project: its keys stop working", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* AdminProjects.remove()
      const error = yield* Effect.flip(AdminProjects.get())
      assert.strictEqual(error._tag, "KnownError")
      // the service looks the project up before the key: a deleted project is not found
      if (error._tag === "KnownError") assert.strictEqual(error.code, "CURRENT_PROJECT_NOT_FOUND")
      const state = yield* emulator.state.get
      assert.isUndefined(state.projects[emulator.demoProject.projectId])
    }).pipe(Effect.provide(TestApps.admin())))
})

describe("AdminProjects.productionModeErrors", () => {
  const check = (config: { readonly allowLocalhost: boolean; readonly domains: ReadonlyArray<{ readonly domain: string }> }) =>
    AdminProjects.productionModeErrors({ id: "p1", config })
  const only = (domain: string) => check({ allowLocalhost: false, domains: [{ domain }] })

  it("allowing localhost is an error linking to the domains page", () => {
    assert.deepStrictEqual(check({ allowLocalhost: true, domains: [] }), [{
      message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
      relativeFixUrl: "/projects/p1/domains"
    }])
  })
  it("a trusted domain that is not a URL", () => {
    assert.deepStrictEqual(only("not a url"), [{ message: "Trusted domain is not a valid URL: not a url", relativeFixUrl: "/projects/p1/domains" }])
  })
  it("a localhost trusted domain", () => {
    assert.deepStrictEqual(only("https://app.localhost"), [{ message: "Localhost domains are not allowed to be trusted in production mode: https://app.localhost", relativeFixUrl: "/projects/p1/domains" }])
  })
  it("a bare IP as trusted domain", () => {
    assert.deepStrictEqual(only("https://10.0.0.7"), [{ message: "Direct IPs are not valid for trusted domains in production mode: https://10.0.0.7", relativeFixUrl: "/projects/p1/domains" }])
  })
  it("a trusted domain without HTTPS", () => {
    assert.deepStrictEqual(only("http://example.com"), [{ message: "Trusted domains should be HTTPS: http://example.com", relativeFixUrl: "/projects/p1/domains" }])
  })
  it("a project ready for production has no errors", () => {
    assert.deepStrictEqual(check({ allowLocalhost: false, domains: [{ domain: "https://example.com" }, { domain: "https://*.example.com" }] }), [])
  })
})
