/**
 * Sequences of the API root, `/api/latest` routing, CORS, the current project, admin project
 * reads and updates, internal API keys, e-mail themes and templates, e-mails, metrics, feature
 * support and unknown routes.
 */
import { sequence, type Sequence } from "../Sequence.ts"

export const sequences: ReadonlyArray<Sequence> = [
  sequence("GET /api/v1", "happy", "API root without credentials", async (ctx) => {
    await ctx.send("root", { method: "GET", path: "" }, {})
  }),
  sequence("GET /api/v1", "happy", "API root with client, server and admin keys", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("client", { method: "GET", path: "" }, ctx.client(p))
    await ctx.send("server", { method: "GET", path: "" }, ctx.server(p))
    await ctx.send("admin", { method: "GET", path: "" }, ctx.admin(p))
  }),
  sequence("GET /api/v1", "happy", "API root with a signed-in user", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("root"))
    await ctx.send("client", { method: "GET", path: "" }, ctx.client(p, t))
  }),
  sequence("GET /api/v1", "auth", "API root with wrong or missing access headers", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("wrong key", { method: "GET", path: "" }, { access: "client", keys: { ...p.keys, publishableClientKey: "pck_wrong" } })
    await ctx.send("no access type", { method: "GET", path: "" }, { keys: p.keys, sendKeys: ["publishableClientKey"] })
    await ctx.send("no project", { method: "GET", path: "" }, { access: "client" })
    await ctx.send("bad access type", { method: "GET", path: "" }, { keys: p.keys, headers: { "x-stack-access-type": "root" } })
    await ctx.send("unknown project", { method: "GET", path: "" }, { access: "client", keys: { projectId: "00000000-0000-4000-8000-000000000000", publishableClientKey: "x" } })
    await ctx.send("bad access token", { method: "GET", path: "" }, ctx.client(p, { accessToken: "garbage" }))
  }),
  sequence("GET /api/v1", "malformed", "API root with a query parameter and a POST", async (ctx) => {
    await ctx.send("query", { method: "GET", path: "", query: { a: "1" } }, {})
    await ctx.send("post", { method: "POST", path: "", body: {} }, {})
  }),
  sequence("GET /api/latest", "happy", "the API under /api/latest", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("latest"))
    await ctx.send("root", { method: "GET", path: "!/api/latest" }, {})
    await ctx.send("me", { method: "GET", path: "!/api/latest/users/me" }, ctx.client(p, t))
    await ctx.send("project", { method: "GET", path: "!/api/latest/projects/current" }, ctx.client(p))
    await ctx.send("cli", { method: "POST", path: "!/api/latest/auth/cli", body: {} }, ctx.client(p))
  }),
  sequence("GET /api/v2", "known-error", "unknown API versions and routes", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("unknown route", { method: "GET", path: "/no-such-route" }, ctx.client(p))
    await ctx.send("wrong method", { method: "PUT", path: "/users/me", body: {} }, ctx.client(p))
    await ctx.send("unknown version", { method: "GET", path: "!/api/v0/users/me" }, ctx.client(p))
  }),
  sequence("OPTIONS /api/v1/*", "headers", "CORS preflight and a cross-origin read", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("cors"))
    await ctx.send("preflight", { method: "OPTIONS", path: "/users/me" }, {
      headers: { origin: "http://localhost:5173", "access-control-request-method": "GET", "access-control-request-headers": "x-stack-project-id,x-stack-access-type" }
    })
    await ctx.send("cross-origin read", { method: "GET", path: "/users/me" }, { ...ctx.client(p, t), headers: { origin: "http://localhost:5173" } })
    await ctx.send("cross-origin error", { method: "GET", path: "/users/me" }, { ...ctx.client(p), headers: { origin: "https://app.example.com" } })
  }),
  sequence("GET /health", "happy", "health endpoints", async (ctx) => {
    await ctx.send("health", { method: "GET", path: "!/health" }, {})
  }),
  sequence("GET /projects/current", "happy", "client reads the current project", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("read", { method: "GET", path: "/projects/current" }, ctx.client(p))
    await ctx.send("read as server", { method: "GET", path: "/projects/current" }, ctx.server(p))
  }),
  sequence("GET /internal/projects/current", "happy", "admin reads and updates the project", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("read", { method: "GET", path: "/internal/projects/current" }, ctx.admin(p))
    await ctx.send("update", {
      method: "PATCH",
      path: "/internal/projects/current",
      body: { display_name: "Renamed", description: "A project", config: { sign_up_enabled: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }], oauth_providers: [{ id: "google", type: "shared" }] } }
    }, ctx.admin(p))
    await ctx.send("client view", { method: "GET", path: "/projects/current" }, ctx.client(p))
  }),
  sequence("PATCH /internal/projects/current", "malformed", "admin updates with bad fields", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("update", { method: "PATCH", path: "/internal/projects/current", body: { display_name: 5, config: { sign_up_enabled: "yes", unknown: 1 } } }, ctx.admin(p))
    await ctx.send("bad provider", { method: "PATCH", path: "/internal/projects/current", body: { config: { oauth_providers: [{ id: "github", type: "standard" }] } } }, ctx.admin(p))
  }),
  sequence("GET /internal/projects/current", "auth", "project admin routes with lower keys", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("server", { method: "GET", path: "/internal/projects/current" }, ctx.server(p))
    await ctx.send("client", { method: "GET", path: "/internal/projects/current" }, ctx.client(p))
    await ctx.send("wrong admin key", { method: "GET", path: "/internal/projects/current" }, { access: "admin", keys: { ...p.keys, superSecretAdminKey: "sak_wrong" } })
    await ctx.send("bad admin token", { method: "GET", path: "/internal/projects/current" }, { access: "admin", keys: { projectId: p.keys.projectId }, adminAccessToken: "garbage" })
  }),
  sequence("GET /internal/projects", "happy", "the owner lists and creates projects", async (ctx) => {
    const token = await ctx.projects.ownerAccessToken()
    const internal = { access: "client" as const, keys: ctx.target.internal, accessToken: token }
    const created = await ctx.send("create", { method: "POST", path: "/internal/projects", body: { display_name: "Listed", config: { magic_link_enabled: true } } }, internal)
    ctx.alias(ctx.field(created, "id"), "project:listed")
    await ctx.send("create malformed", { method: "POST", path: "/internal/projects", body: { config: {} } }, internal)
    await ctx.send("create without user", { method: "POST", path: "/internal/projects", body: { display_name: "x" } }, { access: "client", keys: ctx.target.internal })
  }),
  sequence("POST /internal/api-keys", "happy", "internal API keys: create, list, revoke", async (ctx) => {
    const p = await ctx.project("fresh")
    const created = await ctx.send("create", { method: "POST", path: "/internal/api-keys", body: { description: "d", expires_at_millis: 4_102_444_800_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false } }, ctx.admin(p))
    const id = ctx.field(created, "id")
    await ctx.send("list", { method: "GET", path: "/internal/api-keys" }, ctx.admin(p))
    await ctx.send("revoke", { method: "PATCH", path: `/internal/api-keys/${id}`, body: { revoked: true } }, ctx.admin(p))
    await ctx.send("read", { method: "GET", path: `/internal/api-keys/${id}` }, ctx.admin(p))
    await ctx.send("create malformed", { method: "POST", path: "/internal/api-keys", body: { description: "d" } }, ctx.admin(p))
  }),
  sequence("GET /internal/email-themes", "happy", "e-mail themes: list, create, read, update", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("list", { method: "GET", path: "/internal/email-themes" }, ctx.admin(p))
    const created = await ctx.send("create", { method: "POST", path: "/internal/email-themes", body: { display_name: "Mine" } }, ctx.admin(p))
    const id = ctx.field(created, "id")
    await ctx.send("read", { method: "GET", path: `/internal/email-themes/${id}` }, ctx.admin(p))
    await ctx.send("update", { method: "PATCH", path: `/internal/email-themes/${id}`, body: { tsx_source: "export function EmailTheme({ children }) { return children }" } }, ctx.admin(p))
    await ctx.send("read unknown", { method: "GET", path: "/internal/email-themes/00000000-0000-4000-8000-000000000000" }, ctx.admin(p))
    await ctx.send("create malformed", { method: "POST", path: "/internal/email-themes", body: {} }, ctx.admin(p))
  }),
  sequence("GET /internal/email-templates", "happy", "e-mail templates: list and create", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("list", { method: "GET", path: "/internal/email-templates" }, ctx.admin(p))
    await ctx.send("create", { method: "POST", path: "/internal/email-templates", body: { display_name: "Welcome" } }, ctx.admin(p))
    await ctx.send("update unknown", { method: "PATCH", path: "/internal/email-templates/00000000-0000-4000-8000-000000000000", body: { tsx_source: "x" } }, ctx.admin(p))
  }),
  sequence("GET /internal/emails", "happy", "sent e-mails and a test e-mail", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.signUp(p, ctx.email("mailed"))
    await ctx.send("list", { method: "GET", path: "/internal/emails" }, ctx.admin(p))
    await ctx.send("send test malformed", { method: "POST", path: "/internal/send-test-email", body: { recipient_email: "nope" } }, ctx.admin(p))
  }),
  sequence("POST /emails/send-email", "happy", "server sends an e-mail to a user", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("notify")
    const t = await ctx.signUp(p, email)
    await ctx.send("send", { method: "POST", path: "/emails/send-email", body: { user_ids: [t.userId], subject: "Hello", html: "<p>Hi</p>" } }, ctx.server(p))
    await ctx.mails("mails", email, 2)
  }),
  sequence("GET /internal/metrics", "happy", "admin metrics", async (ctx) => {
    const p = await ctx.project("fresh")
    await ctx.send("metrics", { method: "GET", path: "/internal/metrics" }, ctx.admin(p))
  }),
  sequence("POST /check-feature-support", "happy", "feature support check", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("check", { method: "POST", path: "/check-feature-support", body: { feature_name: "x" } }, ctx.client(p))
  }),
  sequence("GET /projects/{id}/.well-known/jwks.json", "happy", "the project's JWKS", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("jwks", { method: "GET", path: `/projects/${p.keys.projectId}/.well-known/jwks.json` }, {})
    await ctx.send("jwks unknown", { method: "GET", path: "/projects/00000000-0000-4000-8000-000000000000/.well-known/jwks.json" }, {})
  }),
  sequence("POST /internal/send-sign-in-invitation", "happy", "admin sends a sign-in invitation", async (ctx) => {
    const p = await ctx.project()
    const email = ctx.email("invitee")
    await ctx.send("send", { method: "POST", path: "/internal/send-sign-in-invitation", body: { email, callback_url: "http://localhost:3000/handler/sign-in" } }, ctx.admin(p))
    await ctx.mails("mail", email)
  })
]
