import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as Emails from "../../packages/sdk/src/api/Emails.ts"
import * as EmailTemplates from "../../packages/sdk/src/api/EmailTemplates.ts"
import * as InternalApiKeys from "../../packages/sdk/src/api/InternalApiKeys.ts"
import * as Metrics from "../../packages/sdk/src/api/Metrics.ts"
import * as PermissionDefinitions from "../../packages/sdk/src/api/PermissionDefinitions.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Sessions from "../../packages/sdk/src/api/Sessions.ts"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import { protocolView, type RecordedRequest, recordingServer } from "../support/RecordingServer.ts"

// For each step, the official SDK (@stackframe/js, test oracle only) and ours send the same call to a
// recording loopback server that answers like the service; the protocol-relevant parts of the two
// requests of that step (method and path as given) must be equal. Requests the official SDK makes
// besides (cache refreshes) are ignored.

const keys = { projectId: "proj-1", publishableClientKey: "pck_abc", secretServerKey: "ssk_def", superSecretAdminKey: "sak_ghi" }
const userId = "3f1c2a4e-9d0b-4c6e-8a7f-1b2c3d4e5f60"

const serverUser = {
  id: userId,
  primary_email: "a@example.com",
  primary_email_verified: false,
  primary_email_auth_enabled: true,
  display_name: "A",
  selected_team: null,
  selected_team_id: null,
  profile_image_url: null,
  signed_up_at_millis: 1,
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  client_metadata: null,
  client_read_only_metadata: null,
  server_metadata: null,
  last_active_at_millis: 1,
  is_anonymous: false,
  oauth_providers: [],
  auth_with_email: true,
  requires_totp_mfa: false
}

const project = {
  id: keys.projectId,
  display_name: "P",
  description: "",
  created_at_millis: 1,
  is_production_mode: false,
  config: {
    allow_localhost: true, sign_up_enabled: true, credential_enabled: true, magic_link_enabled: true, passkey_enabled: true,
    client_team_creation_enabled: true, client_user_deletion_enabled: true, allow_user_api_keys: true, allow_team_api_keys: true,
    oauth_providers: [], enabled_oauth_providers: [], domains: [], email_config: { type: "shared" }, email_theme: "t",
    create_team_on_sign_up: false, team_creator_default_permissions: [], team_member_default_permissions: [],
    user_default_permissions: [], oauth_account_merge_strategy: "link_method"
  }
}

const apiKey = { id: "k1", description: "d", created_at_millis: 1, expires_at_millis: 2, secret_server_key: { last_four: "abcd" } }

/** Answers like the service, enough for both SDKs to go on. */
const answer = (request: RecordedRequest): { status?: number; body: unknown } => {
  const { method, path } = request
  if (path === "/api/v1/users" && method === "GET") return { body: { items: [serverUser], is_paginated: true, pagination: { next_cursor: null } } }
  if (path.startsWith("/api/v1/users")) return method === "DELETE" ? { body: { success: true } } : { status: method === "POST" ? 201 : 200, body: serverUser }
  if (path === "/api/v1/auth/sessions") return method === "POST" ? { body: { access_token: "a", refresh_token: "r" } } : { body: { items: [] } }
  if (path === "/api/v1/internal/projects/current") return { body: project }
  if (path === "/api/v1/internal/api-keys") return method === "POST" ? { body: { ...apiKey, secret_server_key: "ssk_full" } } : { body: { items: [apiKey] } }
  if (path.startsWith("/api/v1/internal/api-keys/")) return { body: apiKey }
  if (path.endsWith("-permission-definitions")) return method === "GET" ? { body: { items: [] } } : { status: 201, body: { id: "p", contained_permission_ids: [] } }
  if (path.includes("-permission-definitions/")) return { body: { id: "p", contained_permission_ids: [] } }
  if (path === "/api/v1/internal/email-templates") return method === "GET" ? { body: { templates: [] } } : { body: { id: "t1" } }
  if (path.startsWith("/api/v1/internal/email-templates/")) return { body: { rendered_html: "<p></p>" } }
  if (path === "/api/v1/internal/email-themes") return method === "GET" ? { body: { themes: [] } } : { body: { id: "th1" } }
  if (path.startsWith("/api/v1/internal/email-themes/")) return { body: { display_name: "T", tsx_source: "x" } }
  if (path === "/api/v1/internal/metrics") {
    return { body: { total_users: 0, daily_users: [], daily_active_users: [], users_by_country: {}, recently_registered: [], recently_active: [], login_methods: [] } }
  }
  if (path === "/api/v1/internal/send-test-email") return { body: { success: true } }
  if (path === "/api/v1/emails/render-email") return { body: { html: "<p></p>" } }
  if (path === "/api/v1/internal/emails") return { body: { items: [] } }
  if (path === "/api/v1/emails/send-email") return { body: { results: [] } }
  return { body: { success: true } }
}

describe("server and admin calls send the same requests as @stackframe/js", () => {
  it.effect("user management, sessions, project settings, keys, permissions, e-mail, metrics", () =>
    Effect.gen(function*() {
      const server = yield* recordingServer(answer)
      const official = yield* Effect.promise(() => import("@stackframe/js"))
      const options = { ...keys, baseUrl: server.url, tokenStore: "memory" as const }
      const theirServer = new official.StackServerApp(options)
      const theirAdmin = new official.StackAdminApp(options)
      // oxlint-disable-next-line no-explicit-any
      const theirAdminInterface = (theirAdmin as any)._interface

      const ourServer = StackServerApp.layer({ ...keys, baseUrl: server.url })
      const ourAdmin = StackAdminApp.layer({ ...keys, baseUrl: server.url })

      const steps: Array<readonly [string, string, string, () => Promise<unknown>, Effect.Effect<unknown, unknown>]> = []
      const step = <E, R>(name: string, method: string, path: string, theirs: () => Promise<unknown>, ours: Effect.Effect<unknown, E, R>, layer: Layer.Layer<R, unknown>) =>
        steps.push([name, method, path, theirs, Effect.provide(ours, layer) as Effect.Effect<unknown, unknown>])

      const smtp = { host: "smtp.example.com", port: 587, username: "u", password: "pw", senderName: "S", senderEmail: "s@example.com" }

      step("create user", "POST", "/api/v1/users",
        () => theirServer.createUser({ primaryEmail: "a@example.com", primaryEmailAuthEnabled: true, password: "a-long-password", displayName: "A" }),
        ServerUsers.create({ primaryEmail: "a@example.com", primaryEmailAuthEnabled: true, password: Redacted.make("a-long-password"), displayName: "A" }), ourServer)
      step("read user", "GET", `/api/v1/users/${userId}`, () => theirServer.getUser(userId), ServerUsers.get(userId), ourServer)
      step("update user", "PATCH", `/api/v1/users/${userId}`,
        async () => (await theirServer.getUser(userId))!.update({ serverMetadata: { plan: "pro" }, primaryEmail: "b@example.com", displayName: "B" }),
        ServerUsers.update(userId, { serverMetadata: { plan: "pro" }, primaryEmail: "b@example.com", displayName: "B" }), ourServer)
      step("delete user", "DELETE", `/api/v1/users/${userId}`, async () => (await theirServer.getUser(userId))!.delete(), ServerUsers.remove(userId), ourServer)
      step("list users", "GET", "/api/v1/users",
        () => theirServer.listUsers({ limit: 10, orderBy: "signedUpAt", desc: true, query: "abc" }),
        ServerUsers.list({ limit: 10, orderBy: "signedUpAt", desc: true, query: "abc" }), ourServer)
      step("create session", "POST", "/api/v1/auth/sessions",
        async () => (await theirServer.getUser(userId))!.createSession({}),
        Sessions.create({ userId }), ourServer)
      step("list a user's sessions", "GET", "/api/v1/auth/sessions",
        async () => (await theirServer.getUser(userId))!.getActiveSessions(), Sessions.list(userId), ourServer)
      // revoking a session is left out on purpose: the official SDK sends no `user_id`, which the
      // 2.8.27 service refuses (SCHEMA_ERROR); ours sends it (test/api/Sessions.test.ts)
      step("send e-mail", "POST", "/api/v1/emails/send-email",
        () => theirServer.sendEmail({ userIds: [userId], subject: "Hi", html: "<p>Hi</p>", notificationCategoryName: "Marketing" }),
        Emails.send({ userIds: [userId], subject: "Hi", html: "<p>Hi</p>", notificationCategoryName: "Marketing" }), ourServer)

      step("read project", "GET", "/api/v1/internal/projects/current", () => theirAdmin.getProject(), AdminProjects.get(), ourAdmin)
      const projectUpdate = {
        displayName: "Renamed",
        description: "D",
        isProductionMode: true,
        config: {
          signUpEnabled: false,
          allowLocalhost: false,
          oauthAccountMergeStrategy: "raise_error" as const,
          allowTeamApiKeys: true,
          domains: [{ domain: "https://example.com", handlerPath: "/handler" }],
          oauthProviders: [
            { id: "github", type: "shared" as const },
            { id: "google", type: "standard" as const, clientId: "cid", clientSecret: "csecret" }
          ],
          emailConfig: { type: "standard" as const, ...smtp },
          createTeamOnSignUp: true,
          teamCreatorDefaultPermissions: [{ id: "team_admin" }]
        }
      }
      step("update project", "PATCH", "/api/v1/internal/projects/current",
        async () => (await theirAdmin.getProject()).update(projectUpdate),
        AdminProjects.update({ ...projectUpdate, config: { ...projectUpdate.config, emailConfig: { ...projectUpdate.config.emailConfig, password: Redacted.make("pw") } } }), ourAdmin)

      const expiresAt = new Date(Date.UTC(2030, 0, 1))
      const keyOptions = { description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false }
      step("create internal key", "POST", "/api/v1/internal/api-keys", () => theirAdmin.createInternalApiKey(keyOptions), InternalApiKeys.create(keyOptions), ourAdmin)
      step("list internal keys", "GET", "/api/v1/internal/api-keys", () => theirAdmin.listInternalApiKeys(), InternalApiKeys.list(), ourAdmin)
      step("read internal key", "GET", "/api/v1/internal/api-keys/k1", () => theirAdminInterface.getInternalApiKey("k1", null), InternalApiKeys.get("k1"), ourAdmin)
      step("revoke internal key", "PATCH", "/api/v1/internal/api-keys/k1",
        async () => (await theirAdmin.listInternalApiKeys())[0]!.revoke(), InternalApiKeys.revoke("k1"), ourAdmin)

      for (const scope of ["team", "project"] as const) {
        const upper = scope === "team" ? "Team" : "Project"
        const base = `/api/v1/${scope}-permission-definitions`
        // oxlint-disable-next-line no-explicit-any
        const admin = theirAdmin as any
        step(`list ${scope} definitions`, "GET", base, () => admin[`list${upper}PermissionDefinitions`](), PermissionDefinitions.list(scope), ourAdmin)
        step(`create ${scope} definition`, "POST", base,
          () => admin[`create${upper}PermissionDefinition`]({ id: "editor", description: "Edits", containedPermissionIds: [] }),
          PermissionDefinitions.create(scope, { id: "editor", description: "Edits", containedPermissionIds: [] }), ourAdmin)
        step(`update ${scope} definition`, "PATCH", `${base}/editor`,
          () => admin[`update${upper}PermissionDefinition`]("editor", { description: "Edits more", containedPermissionIds: ["viewer"] }),
          PermissionDefinitions.update(scope, "editor", { description: "Edits more", containedPermissionIds: ["viewer"] }), ourAdmin)
        step(`delete ${scope} definition`, "DELETE", `${base}/editor`,
          () => admin[`delete${upper}PermissionDefinition`]("editor"), PermissionDefinitions.remove(scope, "editor"), ourAdmin)
      }

      step("list templates", "GET", "/api/v1/internal/email-templates", () => theirAdmin.listEmailTemplates(), EmailTemplates.listTemplates(), ourAdmin)
      step("create template", "POST", "/api/v1/internal/email-templates", () => theirAdmin.createEmailTemplate("Welcome"), EmailTemplates.createTemplate("Welcome"), ourAdmin)
      step("update template", "PATCH", "/api/v1/internal/email-templates/t1",
        () => theirAdmin.updateEmailTemplate("t1", "<source/>", "th1"), EmailTemplates.updateTemplate("t1", { tsxSource: "<source/>", themeId: "th1" }), ourAdmin)
      step("list themes", "GET", "/api/v1/internal/email-themes", () => theirAdmin.listEmailThemes(), EmailTemplates.listThemes(), ourAdmin)
      step("create theme", "POST", "/api/v1/internal/email-themes", () => theirAdmin.createEmailTheme("Brand"), EmailTemplates.createTheme("Brand"), ourAdmin)
      step("read theme", "GET", "/api/v1/internal/email-themes/th1", () => theirAdminInterface.getEmailTheme("th1"), EmailTemplates.getTheme("th1"), ourAdmin)
      step("update theme", "PATCH", "/api/v1/internal/email-themes/th1", () => theirAdmin.updateEmailTheme("th1", "<theme/>"), EmailTemplates.updateTheme("th1", "<theme/>"), ourAdmin)
      step("render preview", "POST", "/api/v1/emails/render-email",
        () => theirAdmin.getEmailPreview({ themeId: "th1", templateTsxSource: "<source/>" }), Emails.render({ themeId: "th1", templateTsxSource: "<source/>" }), ourAdmin)

      step("metrics", "GET", "/api/v1/internal/metrics", () => theirAdminInterface.getMetrics(), Metrics.get(), ourAdmin)
      step("test e-mail", "POST", "/api/v1/internal/send-test-email",
        () => theirAdmin.sendTestEmail({ recipientEmail: "to@example.com", emailConfig: smtp }),
        Emails.sendTestEmail({ recipientEmail: "to@example.com", emailConfig: smtp }), ourAdmin)
      step("sent e-mails", "GET", "/api/v1/internal/emails", () => theirAdmin.listSentEmails(), Emails.listSent(), ourAdmin)
      step("sign-in invitation", "POST", "/api/v1/internal/send-sign-in-invitation",
        () => theirAdmin.sendSignInInvitationEmail("x@example.com", "https://example.com/handler/sign-in"),
        Emails.sendSignInInvitation({ email: "x@example.com", callbackUrl: "https://example.com/handler/sign-in" }), ourAdmin)

      const matching = (method: string, path: string) =>
        server.requests.splice(0).filter((r) => r.method === method && r.path === path).map(protocolView)

      for (const [name, method, path, theirs, ours] of steps) {
        server.requests.splice(0)
        yield* Effect.promise(() => theirs().catch((e) => { if (process.env.DIFF_DEBUG) console.log(name, e) }))
        const official = matching(method, path)
        yield* Effect.ignore(ours)
        const mine = matching(method, path)
        assert.isAtLeast(official.length, 1, `${name}: the official SDK sent no ${method} ${path}`)
        assert.strictEqual(mine.length, 1, `${name}: we sent ${mine.length} ${method} ${path}`)
        assert.deepStrictEqual(mine[0], official.at(-1), name)
      }
    }))
})
