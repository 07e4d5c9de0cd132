/**
 * More sequences of the project-level and admin routes and of the answers every route shares:
 * request authentication (each header fault, several at once), body parsing, the current project
 * (read by each access type, admin updates with faults), owned projects, internal API keys, e-mail
 * themes and templates, metrics, feature support, AI chat, the webhook token, JWKS, health,
 * CORS, `/api/latest`, 404 and 405.
 */
import type { Context, Project } from "../Context.ts"
import { sequence, type Sequence } from "../Sequence.ts"
import type { As } from "../Wire.ts"

const unknownUuid = "00000000-0000-4000-8000-000000000000"

/** The owner's session in `internal`, as the dashboard sends it. */
const ownerAs = async (ctx: Context): Promise<As> => ({
  access: "client",
  keys: ctx.target.internal,
  accessToken: await ctx.projects.ownerAccessToken()
})

/** The owner's admin access token for a project. */
const ownerAdmin = async (ctx: Context, p: Project): Promise<As> => ({
  access: "admin",
  keys: { projectId: p.keys.projectId },
  adminAccessToken: await ctx.projects.ownerAccessToken()
})

const internalProject = (ctx: Context): Project => ({
  keys: { ...ctx.target.internal, secretServerKey: "", superSecretAdminKey: "" } as Project["keys"],
  ownerEmail: ""
})

export const sequences: ReadonlyArray<Sequence> = [
  // ---- request authentication, on routes of every access level
  sequence("GET /projects/current", "auth", "pm: header faults one at a time on the current project", async (ctx) => {
    const p = await ctx.project()
    const path = "/projects/current"
    await ctx.send("key without access type", { method: "GET", path }, { keys: p.keys, sendKeys: ["publishableClientKey"] })
    await ctx.send("nothing", { method: "GET", path }, {})
    await ctx.send("project id only", { method: "GET", path }, { keys: p.keys, sendKeys: [] })
    await ctx.send("access type only", { method: "GET", path }, { access: "client" })
    await ctx.send("capitalised access type", { method: "GET", path }, { keys: p.keys, headers: { "x-stack-access-type": "Client" } })
    await ctx.send("client without its key", { method: "GET", path }, { access: "client", keys: p.keys, sendKeys: ["secretServerKey"] })
    await ctx.send("server without its key", { method: "GET", path }, { access: "server", keys: p.keys, sendKeys: ["publishableClientKey"] })
    await ctx.send("admin without its key", { method: "GET", path }, { access: "admin", keys: p.keys, sendKeys: ["secretServerKey"] })
    await ctx.send("wrong server key", { method: "GET", path }, { access: "server", keys: { ...p.keys, secretServerKey: "ssk_wrong" } })
    await ctx.send("wrong admin key", { method: "GET", path }, { access: "admin", keys: { ...p.keys, superSecretAdminKey: "sak_wrong" } })
  }),
  sequence("GET /projects/current", "auth", "pm: several header faults at once (which one wins)", async (ctx) => {
    const p = await ctx.project()
    const path = "/projects/current"
    await ctx.send("bad token + wrong key", { method: "GET", path }, { access: "client", keys: { ...p.keys, publishableClientKey: "pck_wrong" }, accessToken: "garbage" })
    await ctx.send("bad token + unknown project", { method: "GET", path }, { access: "client", keys: { projectId: unknownUuid, publishableClientKey: "x" }, accessToken: "garbage" })
    await ctx.send("unknown project + no key", { method: "GET", path }, { access: "server", keys: { projectId: unknownUuid } })
    await ctx.send("bad access type + no project", { method: "GET", path }, { headers: { "x-stack-access-type": "root" } })
    await ctx.send("key of another kind + wrong key", { method: "GET", path }, { access: "server", keys: { ...p.keys, secretServerKey: "ssk_wrong" }, sendKeys: ["publishableClientKey", "secretServerKey"] })
    await ctx.send("non-uuid project id", { method: "GET", path }, { access: "client", keys: { projectId: "no such project", publishableClientKey: "x" } })
  }),
  sequence("GET /projects/current", "auth", "pm: branches, and the override of error statuses", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("main branch", { method: "GET", path: "/projects/current" }, { ...ctx.client(p), headers: { "x-stack-branch-id": "main" } })
    await ctx.send("other branch", { method: "GET", path: "/projects/current" }, { ...ctx.client(p), headers: { "x-stack-branch-id": "dev" } })
    await ctx.send("other branch + wrong key", { method: "GET", path: "/projects/current" }, { access: "client", keys: { ...p.keys, publishableClientKey: "x" }, headers: { "x-stack-branch-id": "dev" } })
    await ctx.send("override on schema error", { method: "PATCH", path: "/internal/projects/current", body: { config: { x: 1 } } }, { ...ctx.admin(p), headers: { "x-stack-override-error-status": "true" } })
    await ctx.send("override on 404", { method: "GET", path: "/nothing/here" }, { ...ctx.client(p), headers: { "x-stack-override-error-status": "true" } })
    await ctx.send("override on 405", { method: "PUT", path: "/projects/current" }, { ...ctx.client(p), headers: { "x-stack-override-error-status": "true" } })
    await ctx.send("override on auth error", { method: "GET", path: "/projects/current" }, { access: "client", keys: { ...p.keys, publishableClientKey: "x" }, headers: { "x-stack-override-error-status": "true" } })
  }),
  sequence("GET /internal/projects", "happy", "pm: an owned project deleted leaves the owner's list", async (ctx) => {
    const created = await ctx.send("create", { method: "POST", path: "/internal/projects", body: { display_name: "Short-lived" } }, await ownerAs(ctx))
    const id = ctx.field(created, "id")
    ctx.alias(id, "project:short")
    const admin = { access: "admin" as const, keys: { projectId: id }, adminAccessToken: await ctx.projects.ownerAccessToken() }
    await ctx.send("keys of the new project", { method: "GET", path: "/internal/api-keys" }, admin)
    await ctx.send("themes of the new project", { method: "GET", path: "/internal/email-themes" }, admin)
    await ctx.send("delete", { method: "DELETE", path: "/internal/projects/current" }, admin)
    await ctx.send("read after", { method: "GET", path: "/internal/projects/current" }, { ...admin, adminAccessToken: await ctx.projects.ownerAccessToken() })
  }),
  sequence("GET /users/me", "auth", "pm: tokens of the wrong project or kind", async (ctx) => {
    const p = await ctx.project()
    const other = await ctx.project("otp")
    const t = await ctx.signUp(p, ctx.email("tok"))
    await ctx.send("token of another project", { method: "GET", path: "/users/me" }, ctx.client(other, t))
    await ctx.send("user token as admin token", { method: "GET", path: "/internal/projects/current" }, { access: "admin", keys: { projectId: p.keys.projectId }, adminAccessToken: t.accessToken })
    await ctx.send("refresh token as access token", { method: "GET", path: "/users/me" }, ctx.client(p, { accessToken: t.refreshToken }))
    await ctx.send("token + admin key", { method: "GET", path: "/users/me" }, { ...ctx.admin(p), accessToken: t.accessToken })
  }),
  sequence("GET /internal/projects/current", "auth", "pm: admin access tokens of owners and of others", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("owner token", { method: "GET", path: "/internal/projects/current" }, await ownerAdmin(ctx, p))
    const stranger = await ctx.signUp(internalProject(ctx), ctx.email("stranger"))
    await ctx.send("stranger token", { method: "GET", path: "/internal/projects/current" }, { access: "admin", keys: { projectId: p.keys.projectId }, adminAccessToken: stranger.accessToken })
    await ctx.send("owner token, client type", { method: "GET", path: "/projects/current" }, { ...(await ownerAdmin(ctx, p)), access: "client" })
    await ctx.send("owner token, unknown project", { method: "GET", path: "/internal/projects/current" }, { ...(await ownerAdmin(ctx, p)), keys: { projectId: unknownUuid } })
    await ctx.send("owner token + wrong admin key", { method: "GET", path: "/internal/projects/current" }, { ...(await ownerAdmin(ctx, p)), keys: { ...p.keys, superSecretAdminKey: "wrong" }, sendKeys: ["superSecretAdminKey"] })
  }),
  sequence("GET /projects/{id}/.well-known/jwks.json", "auth", "pm: public routes with broken credentials", async (ctx) => {
    const p = await ctx.project()
    const jwks = `/projects/${p.keys.projectId}/.well-known/jwks.json`
    await ctx.send("jwks wrong key", { method: "GET", path: jwks }, { access: "client", keys: { ...p.keys, publishableClientKey: "pck_wrong" } })
    await ctx.send("jwks key without type", { method: "GET", path: jwks }, { keys: p.keys, sendKeys: ["publishableClientKey"] })
    await ctx.send("jwks with client key", { method: "GET", path: jwks }, ctx.client(p))
    await ctx.send("feature support wrong key", { method: "POST", path: "/check-feature-support", body: { feature_name: "x" } }, { access: "server", keys: { ...p.keys, secretServerKey: "wrong" } })
    await ctx.send("root with bad token", { method: "GET", path: "" }, { ...ctx.client(p), accessToken: "garbage" })
  }),
  sequence("GET /api/v1", "auth", "pm: API root with each access type and a user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("rootu"))
    await ctx.send("server + user", { method: "GET", path: "" }, ctx.server(p, t))
    await ctx.send("admin + user", { method: "GET", path: "" }, { ...ctx.admin(p), accessToken: t.accessToken })
    await ctx.send("owner admin token", { method: "GET", path: "" }, await ownerAdmin(ctx, p))
    await ctx.send("access type without key", { method: "GET", path: "" }, { access: "admin", keys: p.keys, sendKeys: [] })
    await ctx.send("query with keys", { method: "GET", path: "", query: { x: "1" } }, ctx.client(p))
    await ctx.send("query with wrong key", { method: "GET", path: "", query: { x: "1" } }, { access: "client", keys: { ...p.keys, publishableClientKey: "wrong" } })
  }),
  sequence("GET /api/v1", "known-error", "pm: API root with other methods and under /api/latest", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("delete", { method: "DELETE", path: "" }, {})
    await ctx.send("patch", { method: "PATCH", path: "", body: {} }, ctx.client(p))
    await ctx.send("latest with keys", { method: "GET", path: "!/api/latest" }, ctx.server(p))
    await ctx.send("latest trailing slash", { method: "GET", path: "!/api/latest/" }, {})
    await ctx.send("v1 trailing slash", { method: "GET", path: "/" }, {})
  }),
  sequence("GET /api/v2", "known-error", "pm: 404 and 405 answers", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("unknown route no auth", { method: "GET", path: "/nothing/here" }, {})
    await ctx.send("unknown route admin", { method: "POST", path: "/internal/nothing", body: {} }, ctx.admin(p))
    await ctx.send("unknown route latest", { method: "GET", path: "!/api/latest/nothing" }, ctx.client(p))
    await ctx.send("405 on projects/current", { method: "POST", path: "/projects/current", body: {} }, ctx.client(p))
    await ctx.send("405 on internal projects current", { method: "PUT", path: "/internal/projects/current", body: {} }, ctx.admin(p))
    await ctx.send("405 on jwks", { method: "POST", path: `/projects/${p.keys.projectId}/.well-known/jwks.json` }, {})
    await ctx.send("405 on metrics", { method: "DELETE", path: "/internal/metrics" }, ctx.admin(p))
    await ctx.send("trailing slash route", { method: "GET", path: "/projects/current/" }, ctx.client(p))
  }),
  // ---- body parsing
  sequence("PATCH /internal/projects/current", "malformed", "pm: bodies that do not parse", async (ctx) => {
    const p = await ctx.project("fresh")
    const path = "/internal/projects/current"
    await ctx.send("bad json", { method: "PATCH", path, raw: { text: "{\"display_name\":", contentType: "application/json" } }, ctx.admin(p))
    await ctx.send("bad json, no auth", { method: "PATCH", path, raw: { text: "{nope", contentType: "application/json" } }, {})
    await ctx.send("bad json, wrong key", { method: "PATCH", path, raw: { text: "{nope", contentType: "application/json" } }, { access: "admin", keys: { ...p.keys, superSecretAdminKey: "x" } })
    await ctx.send("xml", { method: "PATCH", path, raw: { text: "<a/>", contentType: "application/xml" } }, ctx.admin(p))
    await ctx.send("text", { method: "PATCH", path, raw: { text: "display_name=x", contentType: "text/plain" } }, ctx.admin(p))
    await ctx.send("array", { method: "PATCH", path, body: [1, 2] }, ctx.admin(p))
    await ctx.send("null", { method: "PATCH", path, raw: { text: "null", contentType: "application/json" } }, ctx.admin(p))
    await ctx.send("string", { method: "PATCH", path, raw: { text: "\"x\"", contentType: "application/json" } }, ctx.admin(p))
    await ctx.send("json with charset", { method: "PATCH", path, raw: { text: "{\"description\":\"d\"}", contentType: "application/json; charset=utf-8" } }, ctx.admin(p))
    await ctx.send("form", { method: "PATCH", path, raw: { text: "description=formed", contentType: "application/x-www-form-urlencoded" } }, ctx.admin(p))
    await ctx.send("no content type", { method: "PATCH", path, raw: { text: "{\"description\":\"x\"}", contentType: "" } }, ctx.admin(p))
  }),
  sequence("POST /check-feature-support", "malformed", "pm: feature support with other bodies and callers", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("no auth", { method: "POST", path: "/check-feature-support", body: { feature_name: "passkeys" } }, {})
    await ctx.send("empty body", { method: "POST", path: "/check-feature-support", body: {} }, ctx.client(p))
    await ctx.send("no body", { method: "POST", path: "/check-feature-support" }, ctx.client(p))
    await ctx.send("other fields", { method: "POST", path: "/check-feature-support", body: { feature_name: "x", extra: 1, version: "2" } }, ctx.server(p))
    await ctx.send("bad json", { method: "POST", path: "/check-feature-support", raw: { text: "{", contentType: "application/json" } }, ctx.client(p))
    await ctx.send("get", { method: "GET", path: "/check-feature-support" }, ctx.client(p))
  }),
  // ---- the current project
  sequence("GET /projects/current", "happy", "pm: the current project as server and admin, with a query", async (ctx) => {
    const p = await ctx.project("oauth")
    await ctx.send("server", { method: "GET", path: "/projects/current" }, ctx.server(p))
    await ctx.send("admin", { method: "GET", path: "/projects/current" }, ctx.admin(p))
    await ctx.send("query", { method: "GET", path: "/projects/current", query: { include: "all" } }, ctx.client(p))
    await ctx.send("user", { method: "GET", path: "/projects/current" }, ctx.client(p, await ctx.signUp(p, ctx.email("pcur"))))
  }),
  sequence("GET /internal/projects/current", "auth", "pm: admin project routes with client and server keys", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("patch as server", { method: "PATCH", path: "/internal/projects/current", body: { description: "x" } }, ctx.server(p))
    await ctx.send("patch as client, bad body", { method: "PATCH", path: "/internal/projects/current", body: { description: 5, x: 1 } }, ctx.client(p))
    await ctx.send("delete as client", { method: "DELETE", path: "/internal/projects/current" }, ctx.client(p))
    await ctx.send("read with query", { method: "GET", path: "/internal/projects/current", query: { a: "b" } }, ctx.admin(p))
  }),
  sequence("PATCH /internal/projects/current", "happy", "pm: admin updates each config field and reads it back", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("flags", { method: "PATCH", path, body: { is_production_mode: true, config: { credential_enabled: false, magic_link_enabled: true, passkey_enabled: true, allow_localhost: false, client_team_creation_enabled: true, client_user_deletion_enabled: true, allow_user_api_keys: true, allow_team_api_keys: true, create_team_on_sign_up: true, oauth_account_merge_strategy: "raise_error" } } }, as)
    await ctx.send("domains", { method: "PATCH", path, body: { config: { domains: [{ domain: "https://a.example.com", handler_path: "/auth/handler" }, { domain: "http://b.example.com:8080", handler_path: "/" }] } } }, as)
    await ctx.send("providers", { method: "PATCH", path, body: { config: { oauth_providers: [{ id: "github", type: "standard", client_id: "cid", client_secret: "csecret" }, { id: "google", type: "shared" }, { id: "microsoft", type: "standard", client_id: "m", client_secret: "s", microsoft_tenant_id: "tenant" }] } } }, as)
    await ctx.send("email standard", { method: "PATCH", path, body: { config: { email_config: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "Sender", sender_email: "sender@example.com" } } } }, as)
    await ctx.send("permissions", { method: "PATCH", path, body: { config: { team_creator_default_permissions: [{ id: "team_admin" }], team_member_default_permissions: [{ id: "team_member" }], user_default_permissions: [] } } }, as)
    await ctx.send("read", { method: "GET", path }, as)
    await ctx.send("client read", { method: "GET", path: "/projects/current" }, ctx.client(p))
    await ctx.send("email shared again", { method: "PATCH", path, body: { config: { email_config: { type: "shared" }, oauth_providers: [], domains: [] } } }, as)
  }),
  sequence("PATCH /internal/projects/current", "malformed", "pm: admin update, wrong types everywhere", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("top level", { method: "PATCH", path, body: { display_name: null, description: ["x"], is_production_mode: "maybe", id: "x", created_at_millis: 1 } }, as)
    await ctx.send("config flags", { method: "PATCH", path, body: { config: { credential_enabled: "nope", magic_link_enabled: 3, allow_localhost: null, create_team_on_sign_up: {}, oauth_account_merge_strategy: "merge" } } }, as)
    await ctx.send("config not an object", { method: "PATCH", path, body: { config: "all" } }, as)
    await ctx.send("config null", { method: "PATCH", path, body: { config: null } }, as)
    await ctx.send("string booleans", { method: "PATCH", path, body: { config: { sign_up_enabled: "false", passkey_enabled: "true" }, is_production_mode: 1 } }, as)
    await ctx.send("numbers for strings", { method: "PATCH", path, body: { display_name: 42, description: 7 } }, as)
    await ctx.send("read after", { method: "GET", path }, as)
  }),
  sequence("PATCH /internal/projects/current", "malformed", "pm: admin update, domains and providers faults", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("domain without scheme", { method: "PATCH", path, body: { config: { domains: [{ domain: "example.com", handler_path: "/handler" }] } } }, as)
    await ctx.send("handler path relative", { method: "PATCH", path, body: { config: { domains: [{ domain: "https://example.com", handler_path: "handler" }] } } }, as)
    await ctx.send("domain fields missing", { method: "PATCH", path, body: { config: { domains: [{}] } } }, as)
    await ctx.send("domain extra field", { method: "PATCH", path, body: { config: { domains: [{ domain: "https://example.com", handler_path: "/h", x: 1 }] } } }, as)
    await ctx.send("domains not array", { method: "PATCH", path, body: { config: { domains: "https://example.com" } } }, as)
    await ctx.send("provider unknown id", { method: "PATCH", path, body: { config: { oauth_providers: [{ id: "myspace", type: "shared" }] } } }, as)
    await ctx.send("provider bad type", { method: "PATCH", path, body: { config: { oauth_providers: [{ id: "github", type: "custom" }] } } }, as)
    await ctx.send("provider missing all", { method: "PATCH", path, body: { config: { oauth_providers: [{}] } } }, as)
    await ctx.send("provider empty secret", { method: "PATCH", path, body: { config: { oauth_providers: [{ id: "google", type: "standard", client_id: "", client_secret: "" }] } } }, as)
    await ctx.send("provider duplicate", { method: "PATCH", path, body: { config: { oauth_providers: [{ id: "github", type: "shared" }, { id: "github", type: "shared" }] } } }, as)
    await ctx.send("provider extra", { method: "PATCH", path, body: { config: { oauth_providers: [{ id: "github", type: "shared", enabled: true }] } } }, as)
  }),
  sequence("PATCH /internal/projects/current", "malformed", "pm: admin update, e-mail config and theme faults", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("standard empty", { method: "PATCH", path, body: { config: { email_config: { type: "standard" } } } }, as)
    await ctx.send("standard bad port", { method: "PATCH", path, body: { config: { email_config: { type: "standard", host: "h", port: "smtp", username: "u", password: "p", sender_name: "n", sender_email: "not-an-email" } } } }, as)
    await ctx.send("unknown type", { method: "PATCH", path, body: { config: { email_config: { type: "resend" } } } }, as)
    await ctx.send("no type", { method: "PATCH", path, body: { config: { email_config: {} } } }, as)
    await ctx.send("shared with extras", { method: "PATCH", path, body: { config: { email_config: { type: "shared", host: "h" } } } }, as)
    await ctx.send("unknown theme", { method: "PATCH", path, body: { config: { email_theme: unknownUuid } } }, as)
    await ctx.send("theme not uuid", { method: "PATCH", path, body: { config: { email_theme: "dark" } } }, as)
    await ctx.send("permissions unknown", { method: "PATCH", path, body: { config: { team_member_default_permissions: [{ id: "no_such_permission" }] } } }, as)
    await ctx.send("permissions bad shape", { method: "PATCH", path, body: { config: { user_default_permissions: ["x"] } } }, as)
  }),
  sequence("PATCH /internal/projects/current", "malformed", "pm: admin update, many faults at once", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.send("all", {
      method: "PATCH",
      path: "/internal/projects/current",
      body: {
        display_name: {},
        is_production_mode: "x",
        extra: true,
        config: {
          sign_up_enabled: "x",
          allow_user_api_keys: "x",
          email_config: { type: "standard", port: "x" },
          domains: [{ domain: 1 }],
          oauth_providers: [{ id: "github", type: "standard" }],
          team_creator_default_permissions: [{}],
          oauth_account_merge_strategy: 1,
          unknown_flag: true
        }
      }
    }, as)
    await ctx.send("providers and flags", {
      method: "PATCH",
      path: "/internal/projects/current",
      body: { description: 1, config: { oauth_providers: [{ id: "google", type: "standard", client_id: "x" }], credential_enabled: "x", domains: [{ domain: "https://x.example.com" }] } }
    }, as)
  }),
  sequence("PATCH /internal/projects/current", "happy", "pm: stored order of providers and permissions, localhost and description resets", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("providers out of order", { method: "PATCH", path, body: { config: { oauth_providers: [{ id: "microsoft", type: "shared" }, { id: "x", type: "standard", client_id: "a", client_secret: "b" }, { id: "google", type: "shared" }, { id: "github", type: "shared" }, { id: "apple", type: "standard", client_id: "c", client_secret: "d" }] } } }, as)
    await ctx.send("permissions out of order", { method: "PATCH", path, body: { config: { team_member_default_permissions: [{ id: "team_member" }, { id: "team_admin" }, { id: "team_member" }] } } }, as)
    await ctx.send("no localhost", { method: "PATCH", path, body: { config: { allow_localhost: false } } }, as)
    await ctx.send("rename only", { method: "PATCH", path, body: { display_name: "Renamed" } }, as)
    await ctx.send("description null", { method: "PATCH", path, body: { description: null, config: { allow_localhost: false, sign_up_enabled: false } } }, as)
    await ctx.send("empty config", { method: "PATCH", path, body: { config: {} } }, as)
    await ctx.send("client view", { method: "GET", path: "/projects/current" }, ctx.client(p))
  }),
  sequence("DELETE /internal/projects/current", "happy", "pm: deleting a project, then using its keys", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("delete with body", { method: "DELETE", path: "/internal/projects/current", body: {} }, ctx.admin(p))
    await ctx.send("delete", { method: "DELETE", path: "/internal/projects/current" }, ctx.admin(p))
    await ctx.send("read after", { method: "GET", path: "/projects/current" }, ctx.client(p))
    await ctx.send("admin after", { method: "GET", path: "/internal/projects/current" }, ctx.admin(p))
  }),
  // ---- owned projects
  sequence("GET /internal/projects", "happy", "pm: the owner lists projects, creates with a config", async (ctx) => {
    const as = await ownerAs(ctx)
    const created = await ctx.send("create", {
      method: "POST",
      path: "/internal/projects",
      body: {
        display_name: "Configured",
        description: "with config",
        is_production_mode: false,
        config: { sign_up_enabled: false, domains: [{ domain: "https://c.example.com", handler_path: "/handler" }], oauth_providers: [{ id: "github", type: "shared" }], allow_localhost: false, email_config: { type: "shared" } }
      }
    }, as)
    ctx.alias(ctx.field(created, "id"), "project:configured")
    await ctx.send("read with owner token", { method: "GET", path: "/internal/projects/current" }, { access: "admin", keys: { projectId: ctx.field(created, "id") }, adminAccessToken: await ctx.projects.ownerAccessToken() })
    await ctx.send("client view", { method: "GET", path: "/projects/current" }, { access: "admin", keys: { projectId: ctx.field(created, "id") }, adminAccessToken: await ctx.projects.ownerAccessToken() })
  }),
  sequence("POST /internal/projects", "malformed", "pm: creating projects with faults", async (ctx) => {
    const as = await ownerAs(ctx)
    await ctx.send("no body", { method: "POST", path: "/internal/projects" }, as)
    await ctx.send("empty name", { method: "POST", path: "/internal/projects", body: { display_name: "" } }, as)
    await ctx.send("bad types", { method: "POST", path: "/internal/projects", body: { display_name: true, description: 1, config: { sign_up_enabled: "x" }, id: "mine" } }, as)
    await ctx.send("bad provider", { method: "POST", path: "/internal/projects", body: { display_name: "x", config: { oauth_providers: [{ id: "github", type: "standard" }] } } }, as)
    await ctx.send("no user, bad body", { method: "POST", path: "/internal/projects", body: { config: 1 } }, { access: "client", keys: ctx.target.internal })
    await ctx.send("list no user", { method: "GET", path: "/internal/projects" }, { access: "client", keys: ctx.target.internal })
    await ctx.send("list with query", { method: "GET", path: "/internal/projects", query: { limit: "1" } }, as)
  }),
  sequence("GET /internal/projects", "auth", "pm: owned projects from another project or access type", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("notint"))
    await ctx.send("list in another project", { method: "GET", path: "/internal/projects" }, ctx.client(p, t))
    await ctx.send("create in another project", { method: "POST", path: "/internal/projects", body: { display_name: "x" } }, ctx.client(p, t))
    await ctx.send("list with server key, no user", { method: "GET", path: "/internal/projects" }, ctx.server(p))
    await ctx.send("list with admin key, no user", { method: "GET", path: "/internal/projects" }, ctx.admin(p))
  }),
  // ---- internal API keys
  sequence("POST /internal/api-keys", "happy", "pm: internal API keys, every kind and field", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const a = await ctx.send("server only", { method: "POST", path: "/internal/api-keys", body: { description: "server", expires_at_millis: 4_102_444_800_000, has_publishable_client_key: false, has_secret_server_key: true, has_super_secret_admin_key: false } }, as)
    const b = await ctx.send("all kinds", { method: "POST", path: "/internal/api-keys", body: { description: "", expires_at_millis: 4_102_444_800_000, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: true } }, as)
    const id = ctx.field(a, "id")
    await ctx.send("update description", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { description: "renamed" } }, as)
    await ctx.send("update nothing", { method: "PATCH", path: `/internal/api-keys/${id}`, body: {} }, as)
    await ctx.send("revoke", { method: "PATCH", path: `/internal/api-keys/${ctx.field(b, "id")}`, body: { revoked: true } }, as)
    await ctx.send("list", { method: "GET", path: "/internal/api-keys" }, as)
    await ctx.send("use revoked", { method: "GET", path: "/projects/current" }, { access: "client", keys: { projectId: p.keys.projectId, publishableClientKey: ctx.field(b, "publishable_client_key") } })
    await ctx.send("delete", { method: "DELETE", path: `/internal/api-keys/${id}` }, as)
  }),
  sequence("POST /internal/api-keys", "malformed", "pm: internal API keys with faults", async (ctx) => {
    const p = await ctx.project()
    const as = ctx.admin(p)
    await ctx.send("empty", { method: "POST", path: "/internal/api-keys", body: {} }, as)
    await ctx.send("no kind", { method: "POST", path: "/internal/api-keys", body: { description: "d", expires_at_millis: 4_102_444_800_000, has_publishable_client_key: false, has_secret_server_key: false, has_super_secret_admin_key: false } }, as)
    await ctx.send("wrong types", { method: "POST", path: "/internal/api-keys", body: { description: 1, expires_at_millis: "soon", has_publishable_client_key: "yes", has_secret_server_key: null, has_super_secret_admin_key: 2 } }, as)
    await ctx.send("past expiry", { method: "POST", path: "/internal/api-keys", body: { description: "d", expires_at_millis: 1000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, as)
    await ctx.send("extra field", { method: "POST", path: "/internal/api-keys", body: { description: "d", expires_at_millis: 4_102_444_800_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false, project_id: "x" } }, as)
    await ctx.send("read unknown", { method: "GET", path: `/internal/api-keys/${unknownUuid}` }, as)
    await ctx.send("read not uuid", { method: "GET", path: "/internal/api-keys/abc" }, as)
    await ctx.send("patch unknown", { method: "PATCH", path: `/internal/api-keys/${unknownUuid}`, body: { revoked: true } }, as)
    await ctx.send("patch bad", { method: "PATCH", path: `/internal/api-keys/${unknownUuid}`, body: { revoked: "yes", expires_at_millis: 1 } }, as)
    await ctx.send("unrevoke", { method: "PATCH", path: `/internal/api-keys/${unknownUuid}`, body: { revoked: false } }, as)
  }),
  sequence("GET /internal/api-keys", "auth", "pm: internal API keys with lower access and the owner's token", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("server list", { method: "GET", path: "/internal/api-keys" }, ctx.server(p))
    await ctx.send("client create", { method: "POST", path: "/internal/api-keys", body: {} }, ctx.client(p))
    await ctx.send("owner token list", { method: "GET", path: "/internal/api-keys" }, await ownerAdmin(ctx, p))
  }),
  // ---- e-mail themes
  sequence("GET /internal/email-themes", "happy", "pm: e-mail themes, list ids and names, create two, select one", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const a = await ctx.send("create a", { method: "POST", path: "/internal/email-themes", body: { display_name: "Alpha" } }, as)
    ctx.alias(ctx.field(a, "id"), "theme:alpha")
    const b = await ctx.send("create b", { method: "POST", path: "/internal/email-themes", body: { display_name: "Alpha" } }, as)
    ctx.alias(ctx.field(b, "id"), "theme:alpha2")
    await ctx.send("list", { method: "GET", path: "/internal/email-themes" }, as)
    await ctx.send("select", { method: "PATCH", path: "/internal/projects/current", body: { config: { email_theme: ctx.field(a, "id") } } }, as)
    await ctx.send("project", { method: "GET", path: "/internal/projects/current" }, as)
  }),
  sequence("GET /internal/email-themes", "malformed", "pm: e-mail themes with faults", async (ctx) => {
    const p = await ctx.project()
    const as = ctx.admin(p)
    await ctx.send("create no body", { method: "POST", path: "/internal/email-themes" }, as)
    await ctx.send("create wrong type", { method: "POST", path: "/internal/email-themes", body: { display_name: 5 } }, as)
    await ctx.send("create extra", { method: "POST", path: "/internal/email-themes", body: { display_name: "x", tsx_source: "y" } }, as)
    await ctx.send("read not uuid", { method: "GET", path: "/internal/email-themes/dark" }, as)
    await ctx.send("patch unknown", { method: "PATCH", path: `/internal/email-themes/${unknownUuid}`, body: { tsx_source: "x" } }, as)
    await ctx.send("patch no body", { method: "PATCH", path: `/internal/email-themes/${unknownUuid}` }, as)
    await ctx.send("patch extra", { method: "PATCH", path: `/internal/email-themes/${unknownUuid}`, body: { tsx_source: "x", display_name: "y" } }, as)
    await ctx.send("delete", { method: "DELETE", path: `/internal/email-themes/${unknownUuid}` }, as)
    await ctx.send("list as server", { method: "GET", path: "/internal/email-themes" }, ctx.server(p))
    await ctx.send("list as client", { method: "GET", path: "/internal/email-themes" }, ctx.client(p))
  }),
  sequence("GET /internal/email-themes", "known-error", "pm: e-mail theme sources that do not render", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const a = await ctx.send("create", { method: "POST", path: "/internal/email-themes", body: { display_name: "Broken" } }, as)
    const id = ctx.field(a, "id")
    await ctx.send("not tsx", { method: "PATCH", path: `/internal/email-themes/${id}`, body: { tsx_source: "this is not code {" } }, as)
    await ctx.send("no export", { method: "PATCH", path: `/internal/email-themes/${id}`, body: { tsx_source: "export const x = 1" } }, as)
    await ctx.send("read", { method: "GET", path: `/internal/email-themes/${id}` }, as)
  }),
  // ---- e-mail templates
  sequence("GET /internal/email-templates", "malformed", "pm: e-mail templates with faults", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.send("create no name", { method: "POST", path: "/internal/email-templates", body: {} }, as)
    await ctx.send("create extra", { method: "POST", path: "/internal/email-templates", body: { display_name: "x", tsx_source: "y" } }, as)
    await ctx.send("patch shared server", { method: "PATCH", path: `/internal/email-templates/${unknownUuid}`, body: { tsx_source: "x" } }, as)
    await ctx.send("patch no body", { method: "PATCH", path: `/internal/email-templates/${unknownUuid}`, body: {} }, as)
    await ctx.send("patch bad theme", { method: "PATCH", path: `/internal/email-templates/${unknownUuid}`, body: { tsx_source: "x", theme_id: 5 } }, as)
    await ctx.send("read one", { method: "GET", path: `/internal/email-templates/${unknownUuid}` }, as)
    await ctx.send("list as server", { method: "GET", path: "/internal/email-templates" }, ctx.server(p))
  }),
  sequence("GET /internal/email-templates", "happy", "pm: e-mail templates with a custom e-mail server", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.quiet({ method: "PATCH", path: "/internal/projects/current", body: { config: { email_config: { type: "standard", host: "127.0.0.1", port: 2525, username: "u", password: "p", sender_name: "S", sender_email: "s@example.com" } } } }, as)
    const created = await ctx.send("create", { method: "POST", path: "/internal/email-templates", body: { display_name: "Custom" } }, as)
    ctx.alias(ctx.field(created, "id"), "template:custom")
    await ctx.send("patch unknown", { method: "PATCH", path: `/internal/email-templates/${unknownUuid}`, body: { tsx_source: "x" } }, as)
    await ctx.send("patch broken", { method: "PATCH", path: `/internal/email-templates/${ctx.field(created, "id")}`, body: { tsx_source: "not code {" } }, as)
    await ctx.send("list names", { method: "GET", path: "/internal/email-templates" }, as)
  }),
  // ---- metrics, AI chat, webhooks
  sequence("GET /internal/metrics", "auth", "pm: metrics with lower access, a query and a user", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("server", { method: "GET", path: "/internal/metrics" }, ctx.server(p))
    await ctx.send("client", { method: "GET", path: "/internal/metrics" }, ctx.client(p))
    await ctx.send("unknown query", { method: "GET", path: "/internal/metrics", query: { range: "7d" } }, ctx.admin(p))
    await ctx.send("include anonymous bad", { method: "GET", path: "/internal/metrics", query: { include_anonymous: "maybe" } }, ctx.admin(p))
  }),
  sequence("GET /internal/metrics", "happy", "pm: metrics after sign-ups", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.signUp(p, ctx.email("m1"))
    await ctx.signUp(p, ctx.email("m2"))
    await ctx.send("metrics", { method: "GET", path: "/internal/metrics" }, ctx.admin(p))
    await ctx.send("metrics anonymous", { method: "GET", path: "/internal/metrics", query: { include_anonymous: "true" } }, ctx.admin(p))
  }),
  sequence("POST /internal/ai-chat/{threadId}", "malformed", "pm: AI chat requests with faults", async (ctx) => {
    const p = await ctx.project()
    const path = `/internal/ai-chat/${unknownUuid}`
    await ctx.send("empty", { method: "POST", path, body: {} }, ctx.admin(p))
    await ctx.send("bad role", { method: "POST", path, body: { context_type: "email-template", messages: [{ role: "system", content: "x" }] } }, ctx.admin(p))
    await ctx.send("no messages", { method: "POST", path, body: { context_type: "email-theme", messages: [] } }, ctx.admin(p))
    await ctx.send("client", { method: "POST", path, body: { context_type: "email-theme", messages: [{ role: "user", content: "x" }] } }, ctx.client(p))
    await ctx.send("history", { method: "GET", path }, ctx.admin(p))
  }),
  sequence("POST /webhooks/svix-token", "auth", "pm: the webhook portal token with lower access", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("server", { method: "POST", path: "/webhooks/svix-token", body: {} }, ctx.server(p))
    await ctx.send("client", { method: "POST", path: "/webhooks/svix-token", body: {} }, ctx.client(p))
    await ctx.send("get", { method: "GET", path: "/webhooks/svix-token" }, ctx.admin(p))
  }),
  // ---- JWKS, health, CORS
  sequence("GET /projects/{id}/.well-known/jwks.json", "happy", "pm: JWKS of internal, with a query, under /api/latest", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("internal", { method: "GET", path: "/projects/internal/.well-known/jwks.json" }, {})
    await ctx.send("query", { method: "GET", path: `/projects/${p.keys.projectId}/.well-known/jwks.json`, query: { include_anonymous: "true" } }, {})
    await ctx.send("latest", { method: "GET", path: `!/api/latest/projects/${p.keys.projectId}/.well-known/jwks.json` }, {})
    await ctx.send("bad query", { method: "GET", path: `/projects/${p.keys.projectId}/.well-known/jwks.json`, query: { x: "1" } }, {})
    await ctx.send("not uuid", { method: "GET", path: "/projects/not-a-project/.well-known/jwks.json" }, {})
  }),
  sequence("GET /health", "headers", "pm: health with other methods and a query", async (ctx) => {
    await ctx.send("query", { method: "GET", path: "!/health", query: { db: "1" } }, {})
    await ctx.send("post", { method: "POST", path: "!/health", body: {} }, {})
    await ctx.send("with keys", { method: "GET", path: "!/health" }, { access: "client", keys: ctx.target.internal })
    await ctx.send("preflight", { method: "OPTIONS", path: "!/health" }, { headers: { origin: "https://x.example.com", "access-control-request-method": "GET" } })
  }),
  sequence("OPTIONS /api/v1/*", "headers", "pm: CORS preflights of other routes and answers with an origin", async (ctx) => {
    const p = await ctx.project()
    const pre = { origin: "https://app.example.com", "access-control-request-method": "PATCH", "access-control-request-headers": "content-type,x-stack-super-secret-admin-key" }
    await ctx.send("preflight admin", { method: "OPTIONS", path: "/internal/projects/current" }, { headers: pre })
    await ctx.send("preflight unknown route", { method: "OPTIONS", path: "/no/such/route" }, { headers: pre })
    await ctx.send("preflight latest", { method: "OPTIONS", path: "!/api/latest/projects/current" }, { headers: pre })
    await ctx.send("preflight root", { method: "OPTIONS", path: "" }, { headers: { origin: "null" } })
    await ctx.send("404 with origin", { method: "GET", path: "/no/such/route" }, { headers: { origin: "https://app.example.com" } })
    await ctx.send("405 with origin", { method: "PUT", path: "/projects/current" }, { ...ctx.client(p), headers: { origin: "https://app.example.com" } })
    await ctx.send("known error with origin", { method: "GET", path: "/internal/projects/current" }, { ...ctx.client(p), headers: { origin: "https://app.example.com" } })
    await ctx.send("override status", { method: "GET", path: "/internal/projects/current" }, { ...ctx.client(p), headers: { "x-stack-override-error-status": "true" } })
  }),
  sequence("GET /api/latest", "happy", "pm: admin and server routes under /api/latest", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("admin read", { method: "GET", path: "!/api/latest/internal/projects/current" }, ctx.admin(p))
    await ctx.send("admin update", { method: "PATCH", path: "!/api/latest/internal/projects/current", body: { description: "latest" } }, ctx.admin(p))
    await ctx.send("keys list", { method: "GET", path: "!/api/latest/internal/api-keys" }, ctx.admin(p))
    await ctx.send("themes", { method: "GET", path: "!/api/latest/internal/email-themes" }, ctx.admin(p))
    await ctx.send("bad", { method: "PATCH", path: "!/api/latest/internal/projects/current", body: { config: { x: 1 } } }, ctx.admin(p))
    await ctx.send("insufficient", { method: "GET", path: "!/api/latest/internal/metrics" }, ctx.client(p))
  })
]
