/**
 * More sequences of the admin routes (helper `admin`): e-mail themes and templates through their
 * whole life, the sent-mail list, test mails and rendering; owned projects created with configs;
 * the current project read and updated by each access type; the item order of the project-wide
 * lists (member profiles, team permissions, users, teams); CORS with unusual request headers and
 * origins; access-token claims and the JWKS; passkey option shapes.
 */
import type { Context, Tokens } from "../Context.ts"
import { sequence, type Sequence } from "../Sequence.ts"
import type { As, Exchange } from "../Wire.ts"

const unknownUuid = "00000000-0000-4000-8000-000000000000"

/** A theme source that renders: it exports the component the service expects. */
const goodTheme = `import { Html, Body } from "@react-email/components"
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return <Html><Body><div className="frame">{children}</div></Body></Html>
}`

/** A template source that renders with its subject and category. */
const goodTemplate = `import { Subject, NotificationCategory } from "@stackframe/emails"
export function EmailTemplate() {
  return <><Subject value="Hello from the harness" /><NotificationCategory value="Transactional" /><div>Hi</div></>
}`

const ownerAs = async (ctx: Context): Promise<As> => ({
  access: "client",
  keys: ctx.target.internal,
  accessToken: await ctx.projects.ownerAccessToken()
})

const get = (path: string, query?: Record<string, string>) => ({ method: "GET" as const, path, ...(query === undefined ? {} : { query }) })
const post = (path: string, body?: unknown) => ({ method: "POST" as const, path, ...(body === undefined ? {} : { body }) })
const patch = (path: string, body?: unknown) => ({ method: "PATCH" as const, path, ...(body === undefined ? {} : { body }) })
const del = (path: string) => ({ method: "DELETE" as const, path })

const record = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? value as Record<string, unknown> : {})

/** Records the decoded header and claims of an access token as an exchange (`CLAIMS`). */
const claims = (ctx: Context, label: string, token: string) => {
  const [header, payload] = token.split(".")
  const decode = (part: string | undefined) => {
    try {
      return JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8")) as unknown
    } catch {
      return "<not json>"
    }
  }
  // the issuer starts with the side's own public URL (the service's is its configured one, not
  // the address the harness calls): compare what follows it
  const text = JSON.stringify({ header: decode(header), payload: decode(payload) }).replace(/"iss":"https?:\/\/[^/"]+/, "\"iss\":\"<origin>")
  const body = JSON.parse(text) as unknown
  ctx.exchanges.push({ label, method: "CLAIMS", path: "access token", status: 0, headers: {}, body, isJson: true })
}

const tokenOf = (exchange: Exchange, key = "access_token"): string => String(record(exchange.body)[key] ?? "")

/** Names the ids in a list answer by their position (`theme:0`, ...), so orders compare. */
const aliasItems = (ctx: Context, exchange: Exchange, listKey: string, prefix: string) => {
  const items = record(exchange.body)[listKey]
  if (Array.isArray(items)) items.forEach((item, index) => ctx.alias(record(item).id, `${prefix}:${index}`))
}

export const sequences: ReadonlyArray<Sequence> = [
  // ---- e-mail themes
  sequence("GET /internal/email-themes", "happy", "am: a theme's life: create, read, update with a good source, list", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const before = await ctx.send("list before", get("/internal/email-themes"), as)
    aliasItems(ctx, before, "themes", "default-theme")
    const created = await ctx.send("create", post("/internal/email-themes", { display_name: "Harness theme" }), as)
    const id = ctx.field(created, "id")
    ctx.alias(id, "theme:harness")
    await ctx.send("update good", patch(`/internal/email-themes/${id}`, { tsx_source: goodTheme }), as)
    const read = await ctx.send("read", get(`/internal/email-themes/${id}`), as)
    void read
    await ctx.send("list after", get("/internal/email-themes"), as)
    await ctx.send("update empty source", patch(`/internal/email-themes/${id}`, { tsx_source: "" }), as)
    await ctx.send("update null source", patch(`/internal/email-themes/${id}`, { tsx_source: null }), as)
  }),
  sequence("GET /internal/email-themes/{id}", "happy", "am: the default themes: read each, update one, delete", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const list = await ctx.send("list", get("/internal/email-themes"), as)
    aliasItems(ctx, list, "themes", "default-theme")
    const first = ctx.field(list, "themes.0.id")
    const second = ctx.field(list, "themes.1.id")
    await ctx.send("read first (name only compared)", get(`/internal/email-themes/${first}`), as)
    await ctx.send("update second", patch(`/internal/email-themes/${second}`, { tsx_source: goodTheme }), as)
    await ctx.send("read second", get(`/internal/email-themes/${second}`), as)
    await ctx.send("delete first", del(`/internal/email-themes/${first}`), as)
    await ctx.send("select second", patch("/internal/projects/current", { config: { email_theme: second } }), as)
    await ctx.send("project theme", get("/internal/projects/current"), as)
  }),
  sequence("GET /internal/email-themes/{id}", "known-error", "am: unknown and odd theme ids on each method", async (ctx) => {
    const p = await ctx.project()
    const as = ctx.admin(p)
    await ctx.send("read unknown", get(`/internal/email-themes/${unknownUuid}`), as)
    await ctx.send("read upper-case", get(`/internal/email-themes/${unknownUuid.toUpperCase()}`), as)
    await ctx.send("read dashed word", get("/internal/email-themes/default-light"), as)
    await ctx.send("patch not uuid", patch("/internal/email-themes/light", { tsx_source: goodTheme }), as)
    await ctx.send("patch unknown good source", patch(`/internal/email-themes/${unknownUuid}`, { tsx_source: goodTheme }), as)
    await ctx.send("patch unknown bad body", patch(`/internal/email-themes/${unknownUuid}`, { tsx_source: 1 }), as)
    await ctx.send("put", { method: "PUT", path: `/internal/email-themes/${unknownUuid}`, body: {} }, as)
    await ctx.send("delete list", del("/internal/email-themes"), as)
  }),
  sequence("POST /internal/email-themes", "malformed", "am: theme creation with odd names and bodies", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.send("empty name", post("/internal/email-themes", { display_name: "" }), as)
    await ctx.send("null name", post("/internal/email-themes", { display_name: null }), as)
    await ctx.send("array body", post("/internal/email-themes", [{ display_name: "x" }]), as)
    await ctx.send("bad json", { method: "POST", path: "/internal/email-themes", raw: { text: "{", contentType: "application/json" } }, as)
    // one theme of the project's own in the list: two or more come in the order of their random ids
    await ctx.send("list", get("/internal/email-themes"), as)
    const long = await ctx.send("long name", post("/internal/email-themes", { display_name: "T".repeat(300) }), as)
    ctx.alias(ctx.field(long, "id"), "theme:long")
    await ctx.send("server create", post("/internal/email-themes", { display_name: "x" }), ctx.server(p))
    await ctx.send("client create", post("/internal/email-themes", { display_name: "x" }), ctx.client(p))
    await ctx.send("no auth", post("/internal/email-themes", { display_name: "x" }), {})
  }),
  sequence("PATCH /internal/email-themes/{id}", "known-error", "am: theme sources that fail in different ways", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const created = await ctx.send("create", post("/internal/email-themes", { display_name: "Faulty" }), as)
    const id = ctx.field(created, "id")
    ctx.alias(id, "theme:faulty")
    await ctx.send("throws", patch(`/internal/email-themes/${id}`, { tsx_source: "export function EmailTheme() { throw new Error('boom') }" }), as)
    await ctx.send("wrong export name", patch(`/internal/email-themes/${id}`, { tsx_source: "export function Theme({ children }: any) { return <div>{children}</div> }" }), as)
    await ctx.send("unknown import", patch(`/internal/email-themes/${id}`, { tsx_source: "import { x } from 'no-such-package'\nexport function EmailTheme({ children }: any) { return <div>{children}{x}</div> }" }), as)
    await ctx.send("read keeps old", get(`/internal/email-themes/${id}`), as)
    await ctx.send("extra field with good source", patch(`/internal/email-themes/${id}`, { tsx_source: goodTheme, extra: 1 }), as)
  }),
  // ---- e-mail templates
  sequence("GET /internal/email-templates", "happy", "am: default templates listed; each read by id", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const list = await ctx.send("list", get("/internal/email-templates"), as)
    const items = record(list.body).templates
    const ids = Array.isArray(items) ? items.map((t) => String(record(t).id)) : []
    ids.forEach((id, i) => ctx.alias(id, `template:${i}`))
    if (ids[0] !== undefined) await ctx.send("get one", get(`/internal/email-templates/${ids[0]}`), as)
    await ctx.send("get unknown", get(`/internal/email-templates/${unknownUuid}`), as)
    await ctx.send("get not uuid", get("/internal/email-templates/password-reset"), as)
    await ctx.send("list as client", get("/internal/email-templates"), ctx.client(p))
  }),
  sequence("PATCH /internal/email-templates/{id}", "happy", "am: a template updated on a custom server, then bad sources and ids", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.quiet(patch("/internal/projects/current", { config: { email_config: { type: "standard", host: "127.0.0.1", port: 2525, username: "u", password: "p", sender_name: "S", sender_email: "s@example.com" } } }), as)
    const created = await ctx.send("create", post("/internal/email-templates", { display_name: "Harness template" }), as)
    const id = ctx.field(created, "id")
    ctx.alias(id, "template:harness")
    await ctx.send("update good", patch(`/internal/email-templates/${id}`, { tsx_source: goodTemplate }), as)
    await ctx.send("update with theme null", patch(`/internal/email-templates/${id}`, { tsx_source: goodTemplate, theme_id: null }), as)
    await ctx.send("update with unknown theme", patch(`/internal/email-templates/${id}`, { tsx_source: goodTemplate, theme_id: unknownUuid }), as)
    await ctx.send("update with theme false", patch(`/internal/email-templates/${id}`, { tsx_source: goodTemplate, theme_id: false }), as)
    await ctx.send("update no category", patch(`/internal/email-templates/${id}`, { tsx_source: "import { Subject } from \"@stackframe/emails\"\nexport function EmailTemplate() { return <><Subject value=\"S\" /><p>x</p></> }" }), as)
    await ctx.send("update not uuid", patch("/internal/email-templates/welcome", { tsx_source: goodTemplate }), as)
    await ctx.send("update unknown", patch(`/internal/email-templates/${unknownUuid}`, { tsx_source: goodTemplate }), as)
    await ctx.send("update no source", patch(`/internal/email-templates/${id}`, { theme_id: null }), as)
  }),
  sequence("POST /internal/email-templates", "malformed", "am: template creation with odd bodies and lower access", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.send("number name", post("/internal/email-templates", { display_name: 3 }), as)
    await ctx.send("no body", post("/internal/email-templates"), as)
    const created = await ctx.send("shared server create", post("/internal/email-templates", { display_name: "On shared" }), as)
    ctx.alias(record(created.body).id, "template:shared")
    await ctx.send("server create", post("/internal/email-templates", { display_name: "x" }), ctx.server(p))
    await ctx.send("delete one", del(`/internal/email-templates/${unknownUuid}`), as)
  }),
  // ---- sent mails, test mails, rendering
  sequence("GET /internal/emails", "happy", "am: the sent-mail list of a fresh project, with a query, read one", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.send("empty list", get("/internal/emails"), as)
    await ctx.send("list with query", get("/internal/emails", { limit: "1" }), as)
    await ctx.send("read unknown", get(`/internal/emails/${unknownUuid}`), as)
    await ctx.send("as server", get("/internal/emails"), ctx.server(p))
    await ctx.send("as client", get("/internal/emails"), ctx.client(p))
    await ctx.send("post", post("/internal/emails", {}), as)
  }),
  sequence("POST /internal/send-test-email", "malformed", "am: test mails with missing fields, one at a time", async (ctx) => {
    const p = await ctx.project()
    const as = ctx.admin(p)
    const config = { host: "127.0.0.1", port: 1, username: "u", password: "p", sender_name: "S", sender_email: "s@example.com" }
    await ctx.send("empty", post("/internal/send-test-email", {}), as)
    await ctx.send("no recipient", post("/internal/send-test-email", { email_config: config }), as)
    await ctx.send("bad recipient", post("/internal/send-test-email", { recipient_email: "nobody", email_config: config }), as)
    await ctx.send("config without host", post("/internal/send-test-email", { recipient_email: "a@example.com", email_config: { ...config, host: undefined } }), as)
    await ctx.send("config port zero", post("/internal/send-test-email", { recipient_email: "a@example.com", email_config: { ...config, port: 0 } }), as)
    await ctx.send("config not object", post("/internal/send-test-email", { recipient_email: "a@example.com", email_config: "smtp://x" }), as)
    await ctx.send("extra field", post("/internal/send-test-email", { recipient_email: "a@example.com", email_config: { ...config, secure: true } }), as)
    await ctx.send("client", post("/internal/send-test-email", { recipient_email: "a@example.com", email_config: config }), ctx.client(p))
  }),
  sequence("POST /emails/render-email", "happy", "am: render with sources, a default theme id, and faults", async (ctx) => {
    const p = await ctx.project()
    const as = ctx.admin(p)
    const themes = await ctx.send("themes", get("/internal/email-themes"), as)
    aliasItems(ctx, themes, "themes", "default-theme")
    const theme = ctx.field(themes, "themes.0.id")
    await ctx.send("sources only", post("/emails/render-email", { theme_tsx_source: goodTheme, template_tsx_source: goodTemplate }), as)
    await ctx.send("theme id + template source", post("/emails/render-email", { theme_id: theme, template_tsx_source: goodTemplate }), as)
    await ctx.send("both theme fields", post("/emails/render-email", { theme_id: theme, theme_tsx_source: goodTheme, template_tsx_source: goodTemplate }), as)
    await ctx.send("both template fields", post("/emails/render-email", { theme_id: theme, template_id: unknownUuid, template_tsx_source: goodTemplate }), as)
    await ctx.send("unknown template id", post("/emails/render-email", { theme_id: theme, template_id: unknownUuid }), as)
    await ctx.send("no theme at all", post("/emails/render-email", { template_tsx_source: goodTemplate }), as)
    await ctx.send("broken template", post("/emails/render-email", { theme_id: theme, template_tsx_source: "nope {" }), as)
    await ctx.send("client", post("/emails/render-email", { theme_id: theme, template_tsx_source: goodTemplate }), ctx.client(p))
  }),
  // ---- owned projects
  sequence("POST /internal/projects", "happy", "am: projects created with config variations, read back by their admins", async (ctx) => {
    const owner = await ownerAs(ctx)
    const a = await ctx.send("create with flags", post("/internal/projects", { display_name: "Config A", description: "flags", config: { sign_up_enabled: false, credential_enabled: true, magic_link_enabled: true, passkey_enabled: true, client_team_creation_enabled: true, allow_localhost: false } }), owner)
    ctx.alias(record(a.body).id, "project:a")
    const b = await ctx.send("create with providers and domains", post("/internal/projects", { display_name: "Config B", config: { oauth_providers: [{ id: "google", type: "shared" }, { id: "github", type: "standard", client_id: "i", client_secret: "s" }], domains: [{ domain: "https://b.example.com", handler_path: "/handler" }] } }), owner)
    ctx.alias(record(b.body).id, "project:b")
    const c = await ctx.send("create production", post("/internal/projects", { display_name: "Config C", is_production_mode: true, config: { email_config: { type: "standard", host: "smtp.example.com", port: 465, username: "u", password: "p", sender_name: "C", sender_email: "c@example.com" } } }), owner)
    ctx.alias(record(c.body).id, "project:c")
    const d = await ctx.send("create with teams", post("/internal/projects", { display_name: "Config D", config: { create_team_on_sign_up: true, team_creator_default_permissions: [{ id: "team_admin" }], team_member_default_permissions: [{ id: "team_member" }], allow_team_api_keys: true, allow_user_api_keys: true } }), owner)
    ctx.alias(record(d.body).id, "project:d")
    const id = record(a.body).id
    if (typeof id === "string") {
      await ctx.send("read a as admin", get("/internal/projects/current"), { access: "admin", keys: { projectId: id }, adminAccessToken: await ctx.projects.ownerAccessToken() })
    }
  }),
  sequence("POST /internal/projects", "malformed", "am: project creation with faulty configs", async (ctx) => {
    const owner = await ownerAs(ctx)
    await ctx.send("no name", post("/internal/projects", { description: "x" }), owner)
    await ctx.send("empty name", post("/internal/projects", { display_name: "" }), owner)
    await ctx.send("bad provider", post("/internal/projects", { display_name: "X", config: { oauth_providers: [{ id: "nope", type: "shared" }] } }), owner)
    await ctx.send("bad domain", post("/internal/projects", { display_name: "X", config: { domains: [{ domain: "ftp://x.example.com", handler_path: "/h" }] } }), owner)
    await ctx.send("bad flags", post("/internal/projects", { display_name: "X", config: { sign_up_enabled: "no", allow_localhost: 1 } }), owner)
    await ctx.send("unknown config key", post("/internal/projects", { display_name: "X", config: { theme: "dark" } }), owner)
    await ctx.send("id given", post("/internal/projects", { display_name: "X", id: unknownUuid }), owner)
    await ctx.send("signed out", post("/internal/projects", { display_name: "X" }), { access: "client", keys: ctx.target.internal })
    await ctx.send("server key of internal", post("/internal/projects", { display_name: "X" }), { ...owner, access: "server", headers: { "x-stack-secret-server-key": "wrong" } })
  }),
  sequence("GET /internal/projects", "auth", "am: the owner's list with a query, as server, from another project", async (ctx) => {
    const owner = await ownerAs(ctx)
    const p = await ctx.project()
    await ctx.send("with query", get("/internal/projects", { limit: "1" }), owner)
    await ctx.send("with a user of another project", get("/internal/projects"), ctx.client(p, await ctx.signUp(p, ctx.email("elsewhere"))))
    await ctx.send("admin key of a project", get("/internal/projects"), ctx.admin(p))
    await ctx.send("delete the list", del("/internal/projects"), owner)
    await ctx.send("patch the list", patch("/internal/projects", {}), owner)
  }),
  sequence("PATCH /internal/projects/current", "happy", "am: admin update of sign-up, teams and merge strategy, then the client view", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("sign-up off", patch(path, { config: { sign_up_enabled: false } }), as)
    await ctx.send("sign-up attempt", post("/auth/password/sign-up", { email: ctx.email("blocked"), password: "password-123456", verification_callback_url: "http://localhost:3000/handler/email-verification" }), ctx.client(p))
    await ctx.send("teams on", patch(path, { config: { client_team_creation_enabled: true, create_team_on_sign_up: true, sign_up_enabled: true } }), as)
    await ctx.send("merge link", patch(path, { config: { oauth_account_merge_strategy: "link_method" } }), as)
    await ctx.send("merge allow", patch(path, { config: { oauth_account_merge_strategy: "allow_duplicates" } }), as)
    await ctx.send("client view", get("/projects/current"), ctx.client(p))
    await ctx.send("server view", get("/projects/current"), ctx.server(p))
    await ctx.send("admin view", get("/projects/current"), as)
  }),
  sequence("PATCH /projects/current", "auth", "am: the public project route refuses updates at every access level", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("client patch", patch("/projects/current", { display_name: "x" }), ctx.client(p))
    await ctx.send("server patch", patch("/projects/current", { display_name: "x" }), ctx.server(p))
    await ctx.send("admin patch", patch("/projects/current", { display_name: "x" }), ctx.admin(p))
    await ctx.send("admin delete", del("/projects/current"), ctx.admin(p))
    await ctx.send("no auth read", get("/projects/current"), {})
  }),
  sequence("PATCH /internal/projects/current", "malformed", "am: admin update with odd values of valid fields", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("empty display name", patch(path, { display_name: "" }), as)
    await ctx.send("long display name", patch(path, { display_name: "N".repeat(500) }), as)
    await ctx.send("domain with path", patch(path, { config: { domains: [{ domain: "https://x.example.com/path", handler_path: "/handler" }] } }), as)
    await ctx.send("domain with trailing slash", patch(path, { config: { domains: [{ domain: "https://y.example.com/", handler_path: "/handler" }] } }), as)
    await ctx.send("wildcard domain", patch(path, { config: { domains: [{ domain: "https://*.example.com", handler_path: "/handler" }] } }), as)
    await ctx.send("duplicate domains", patch(path, { config: { domains: [{ domain: "https://z.example.com", handler_path: "/a" }, { domain: "https://z.example.com", handler_path: "/b" }] } }), as)
    await ctx.send("email port negative", patch(path, { config: { email_config: { type: "standard", host: "h", port: -1, username: "u", password: "p", sender_name: "n", sender_email: "s@example.com" } } }), as)
    await ctx.send("email host empty", patch(path, { config: { email_config: { type: "standard", host: "", port: 25, username: "u", password: "p", sender_name: "n", sender_email: "s@example.com" } } }), as)
    await ctx.send("provider facebook standard with tenant", patch(path, { config: { oauth_providers: [{ id: "facebook", type: "standard", client_id: "c", client_secret: "s", facebook_config_id: "fc" }] } }), as)
    await ctx.send("read", get(path), as)
  }),
  // ---- the order of project-wide lists
  sequence("GET /team-member-profiles", "happy", "am: the project's member profiles, server, in their order", async (ctx) => {
    const p = await ctx.project("fresh")
    const s = ctx.server(p)
    const u1 = await ctx.createUser(p, { primary_email: ctx.email("pa"), display_name: "A" })
    const u2 = await ctx.createUser(p, { primary_email: ctx.email("pb"), display_name: "B" })
    ctx.alias(u1, "user:pa")
    ctx.alias(u2, "user:pb")
    const t1 = await ctx.send("team one", post("/teams", { display_name: "One", creator_user_id: u2 }), s)
    const t2 = await ctx.send("team two", post("/teams", { display_name: "Two", creator_user_id: u1 }), s)
    const team1 = ctx.field(t1, "id")
    const team2 = ctx.field(t2, "id")
    ctx.alias(team1, "team:one")
    ctx.alias(team2, "team:two")
    await ctx.send("add u1 to one", post(`/team-memberships/${team1}/${u1}`, {}), s)
    await ctx.send("add u2 to two", post(`/team-memberships/${team2}/${u2}`, {}), s)
    await ctx.send("all profiles", get("/team-member-profiles"), s)
    await ctx.send("profiles of u1", get("/team-member-profiles", { user_id: u1 }), s)
    await ctx.send("profiles of team two", get("/team-member-profiles", { team_id: team2 }), s)
    await ctx.send("admin all", get("/team-member-profiles"), ctx.admin(p))
    await ctx.send("client without team", get("/team-member-profiles"), ctx.client(p))
  }),
  sequence("GET /team-permissions", "happy", "am: project-wide team permissions in their order", async (ctx) => {
    // one team and one user per answer where the order is compared: the service sorts by team
    // id, user id, permission id, and ids are random on each side
    const p = await ctx.project("fresh")
    const s = ctx.server(p)
    const u1 = await ctx.createUser(p, { primary_email: ctx.email("qa") })
    const u2 = await ctx.createUser(p, { primary_email: ctx.email("qb") })
    ctx.alias(u1, "user:qa")
    ctx.alias(u2, "user:qb")
    const t1 = await ctx.send("team x", post("/teams", { display_name: "X", creator_user_id: u1 }), s)
    const team1 = ctx.field(t1, "id")
    ctx.alias(team1, "team:x")
    await ctx.send("all", get("/team-permissions"), s)
    await ctx.send("all recursive", get("/team-permissions", { recursive: "true" }), s)
    await ctx.send("u2 joins x", post(`/team-memberships/${team1}/${u2}`, {}), s)
    await ctx.send("u2 recursive", get("/team-permissions", { user_id: u2, recursive: "true" }), s)
    await ctx.send("by permission", get("/team-permissions", { permission_id: "team_member" }), s)
    await ctx.send("by permission recursive", get("/team-permissions", { permission_id: "$update_team", recursive: "true" }), s)
    await ctx.send("admin by team and user", get("/team-permissions", { team_id: team1, user_id: u1, recursive: "true" }), ctx.admin(p))
    await ctx.send("unknown team", get("/team-permissions", { team_id: unknownUuid }), s)
    await ctx.send("unknown permission", get("/team-permissions", { permission_id: "nope" }), s)
    await ctx.send("recursive odd", get("/team-permissions", { recursive: "yes" }), s)
  }),
  sequence("GET /users", "happy", "am: users in both orders, pages of one, a search over both", async (ctx) => {
    const p = await ctx.project("fresh")
    const s = ctx.server(p)
    const ids: Array<string> = []
    for (const tag of ["ua", "ub", "uc", "ud"]) {
      const id = await ctx.createUser(p, { primary_email: ctx.email(tag), display_name: `Name ${tag}` })
      ctx.alias(id, `user:${tag}`)
      ids.push(id)
    }
    await ctx.send("ascending", get("/users"), s)
    await ctx.send("descending", get("/users", { desc: "true" }), s)
    await ctx.send("order_by signed_up_at desc", get("/users", { order_by: "signed_up_at", desc: "true", limit: "2" }), s)
    const page = await ctx.send("desc page one", get("/users", { desc: "true", limit: "1" }), s)
    const next = record(record(page.body).pagination).next_cursor
    if (typeof next === "string") await ctx.send("desc page two", get("/users", { desc: "true", limit: "1", cursor: next }), s)
    await ctx.send("cursor of the last", get("/users", { cursor: ids[3]!, limit: "2" }), s)
    await ctx.send("cursor without limit", get("/users", { cursor: ids[1]! }), s)
    await ctx.send("query desc", get("/users", { query: "name u", desc: "true" }), s)
    await ctx.send("desc false", get("/users", { desc: "false", limit: "3" }), s)
    await ctx.send("bad order", get("/users", { order_by: "display_name" }), s)
    await ctx.send("bad desc", get("/users", { desc: "yes" }), s)
    await ctx.send("limit zero", get("/users", { limit: "0" }), s)
    await ctx.send("admin", get("/users", { limit: "2", desc: "true" }), ctx.admin(p))
  }),
  sequence("GET /teams", "happy", "am: all teams of a project in their order, server and admin", async (ctx) => {
    const p = await ctx.project("fresh")
    const s = ctx.server(p)
    for (const name of ["Zeta", "Alpha", "Mid"]) {
      const t = await ctx.send(`create ${name}`, post("/teams", { display_name: name }), s)
      ctx.alias(record(t.body).id, `team:${name.toLowerCase()}`)
    }
    await ctx.send("all", get("/teams"), s)
    await ctx.send("admin all", get("/teams"), ctx.admin(p))
    await ctx.send("with order query", get("/teams", { order_by: "display_name", desc: "true" }), s)
    await ctx.send("with limit", get("/teams", { limit: "1" }), s)
  }),
  // ---- second batch: nulls, views, orders that depend on time, not ids
  sequence("PATCH /internal/projects/current", "malformed", "am: admin update with nulls in config and top level", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("domains null", patch(path, { config: { domains: null } }), as)
    await ctx.send("providers null", patch(path, { config: { oauth_providers: null } }), as)
    await ctx.send("email config null", patch(path, { config: { email_config: null } }), as)
    await ctx.send("email theme null", patch(path, { config: { email_theme: null } }), as)
    await ctx.send("permissions null", patch(path, { config: { team_creator_default_permissions: null, user_default_permissions: null } }), as)
    await ctx.send("flag null", patch(path, { config: { sign_up_enabled: null } }), as)
    await ctx.send("production null", patch(path, { is_production_mode: null }), as)
    await ctx.send("merge null", patch(path, { config: { oauth_account_merge_strategy: null } }), as)
    await ctx.send("empty arrays", patch(path, { config: { domains: [], oauth_providers: [], team_creator_default_permissions: [], team_member_default_permissions: [], user_default_permissions: [] } }), as)
    await ctx.send("read", get(path), as)
  }),
  sequence("GET /projects/current", "happy", "am: the client and server views after providers, passkeys and OTP are switched on", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.send("switch on", patch("/internal/projects/current", { config: { passkey_enabled: true, magic_link_enabled: true, credential_enabled: false, client_user_deletion_enabled: true, allow_user_api_keys: true, oauth_providers: [{ id: "spotify", type: "shared" }, { id: "gitlab", type: "standard", client_id: "g", client_secret: "s" }, { id: "discord", type: "shared" }] } }), as)
    await ctx.send("client", get("/projects/current"), ctx.client(p))
    await ctx.send("server", get("/projects/current"), ctx.server(p))
    await ctx.send("latest client", get("!/api/latest/projects/current"), ctx.client(p))
    await ctx.send("switch off", patch("/internal/projects/current", { config: { oauth_providers: [{ id: "gitlab", type: "shared" }], passkey_enabled: false } }), as)
    await ctx.send("client after", get("/projects/current"), ctx.client(p))
  }),
  sequence("DELETE /internal/projects/current", "known-error", "am: a deleted project: delete again, update, owner list, its keys", async (ctx) => {
    const owner = await ownerAs(ctx)
    const created = await ctx.send("create", post("/internal/projects", { display_name: "To delete" }), owner)
    const id = ctx.field(created, "id")
    ctx.alias(id, "project:doomed")
    const admin = async (): Promise<As> => ({ access: "admin", keys: { projectId: id }, adminAccessToken: await ctx.projects.ownerAccessToken() })
    await ctx.send("rename", patch("/internal/projects/current", { display_name: "Renamed before delete" }), await admin())
    await ctx.send("delete", del("/internal/projects/current"), await admin())
    await ctx.send("delete again", del("/internal/projects/current"), await admin())
    await ctx.send("update after", patch("/internal/projects/current", { description: "x" }), await admin())
    await ctx.send("client read after", get("/projects/current"), { access: "client", keys: { projectId: id, publishableClientKey: "pck_any" } })
  }),
  sequence("POST /internal/projects", "malformed", "am: project creation with more config faults and nulls", async (ctx) => {
    const owner = await ownerAs(ctx)
    await ctx.send("unknown theme", post("/internal/projects", { display_name: "X", config: { email_theme: unknownUuid } }), owner)
    await ctx.send("unknown default permission", post("/internal/projects", { display_name: "X", config: { team_member_default_permissions: [{ id: "nope" }] } }), owner)
    await ctx.send("description null", post("/internal/projects", { display_name: "Null description", description: null }), owner)
    await ctx.send("production text", post("/internal/projects", { display_name: "X", is_production_mode: "true" }), owner)
    await ctx.send("config null", post("/internal/projects", { display_name: "X", config: null }), owner)
    await ctx.send("name number", post("/internal/projects", { display_name: 12 }), owner)
    await ctx.send("email standard missing", post("/internal/projects", { display_name: "X", config: { email_config: { type: "standard", host: "h" } } }), owner)
    await ctx.send("owner token as admin", post("/internal/projects", { display_name: "X" }), { access: "admin", keys: ctx.target.internal, adminAccessToken: await ctx.projects.ownerAccessToken() })
  }),
  sequence("GET /team-member-profiles", "happy", "am: a user's profiles follow the order they joined, not the teams' age", async (ctx) => {
    const p = await ctx.project("fresh")
    const s = ctx.server(p)
    const owner = await ctx.createUser(p, { primary_email: ctx.email("own") })
    const joiner = await ctx.createUser(p, { primary_email: ctx.email("join"), display_name: "Joiner" })
    ctx.alias(owner, "user:own")
    ctx.alias(joiner, "user:join")
    const old = ctx.field(await ctx.send("old team", post("/teams", { display_name: "Old", creator_user_id: owner }), s), "id")
    const young = ctx.field(await ctx.send("young team", post("/teams", { display_name: "Young", creator_user_id: owner }), s), "id")
    ctx.alias(old, "team:old")
    ctx.alias(young, "team:young")
    await ctx.send("join young", post(`/team-memberships/${young}/${joiner}`, {}), s)
    await ctx.send("join old", post(`/team-memberships/${old}/${joiner}`, {}), s)
    await ctx.send("joiner's profiles", get("/team-member-profiles", { user_id: joiner }), s)
    await ctx.send("joiner's teams", get("/teams", { user_id: joiner }), s)
    await ctx.send("old team's members", get("/team-member-profiles", { team_id: old }), s)
    await ctx.send("users of old team", get("/users", { team_id: old }), s)
    await ctx.send("leave and rejoin young", del(`/team-memberships/${young}/${joiner}`), s)
    await ctx.send("rejoin young", post(`/team-memberships/${young}/${joiner}`, {}), s)
    await ctx.send("profiles after rejoin", get("/team-member-profiles", { user_id: joiner }), s)
  }),
  sequence("GET /users", "happy", "am: users filtered by team, with desc and limits, and an id search", async (ctx) => {
    const p = await ctx.project("fresh")
    const s = ctx.server(p)
    const ids: Array<string> = []
    for (const tag of ["va", "vb", "vc"]) {
      const id = await ctx.createUser(p, { primary_email: ctx.email(tag), display_name: `Vee ${tag}` })
      ctx.alias(id, `user:${tag}`)
      ids.push(id)
    }
    const team = ctx.field(await ctx.send("team", post("/teams", { display_name: "T", creator_user_id: ids[2] }), s), "id")
    ctx.alias(team, "team:t")
    await ctx.send("add va", post(`/team-memberships/${team}/${ids[0]}`, {}), s)
    await ctx.send("team members desc", get("/users", { team_id: team, desc: "true" }), s)
    await ctx.send("team members page", get("/users", { team_id: team, limit: "1" }), s)
    await ctx.send("exact id search", get("/users", { query: ids[1]! }), s)
    await ctx.send("id search with braces", get("/users", { query: `{${ids[1]!}}` }), s)
    await ctx.send("search upper case", get("/users", { query: "VEE V" }), s)
    await ctx.send("limit equal to count", get("/users", { limit: "3" }), s)
    await ctx.send("limit over count desc", get("/users", { limit: "10", desc: "true" }), s)
    await ctx.send("unknown team", get("/users", { team_id: unknownUuid }), s)
  }),
  sequence("GET /teams", "happy", "am: a client's own teams and the server's, in creation order", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email("tm"))
    const a = ctx.field(await ctx.send("create a", post("/teams", { display_name: "Team A", creator_user_id: "me" }), ctx.client(p, t)), "id")
    const b = ctx.field(await ctx.send("create b", post("/teams", { display_name: "Team B", creator_user_id: "me" }), ctx.client(p, t)), "id")
    ctx.alias(a, "team:a")
    ctx.alias(b, "team:b")
    await ctx.send("mine", get("/teams", { user_id: "me" }), ctx.client(p, t))
    await ctx.send("server of user", get("/teams", { user_id: t.userId }), ctx.server(p))
    await ctx.send("rename a", patch(`/teams/${a}`, { display_name: "Team A2" }), ctx.server(p))
    await ctx.send("mine after rename", get("/teams", { user_id: "me" }), ctx.client(p, t))
  }),
  sequence("OPTIONS /api/v1/*", "headers", "am: preflights under /api/latest, on the JWKS and with long header lists", async (ctx) => {
    const p = await ctx.project()
    const headers = { origin: "https://app.example.com", "access-control-request-method": "GET", "access-control-request-headers": "x-stack-project-id,x-stack-access-type,x-stack-publishable-client-key,x-stack-access-token,x-stack-refresh-token,x-stack-branch-id,x-stack-random-nonce,x-custom-1,x-custom-2" }
    await ctx.send("latest users me", { method: "OPTIONS", path: "!/api/latest/users/me" }, { headers })
    await ctx.send("jwks", { method: "OPTIONS", path: `/projects/${p.keys.projectId}/.well-known/jwks.json` }, { headers })
    await ctx.send("health", { method: "OPTIONS", path: "!/health" }, { headers })
    await ctx.send("outside the api", { method: "OPTIONS", path: "!/something" }, { headers })
    await ctx.send("delete method", { method: "OPTIONS", path: "/teams/x" }, { headers: { ...headers, "access-control-request-method": "DELETE" } })
    await ctx.send("jwks get with origin", get(`/projects/${p.keys.projectId}/.well-known/jwks.json`), { headers: { origin: "https://app.example.com" } })
  }),
  sequence("GET /projects/{id}/.well-known/jwks.json", "known-error", "am: JWKS paths with odd project ids and suffixes", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("upper-case id", get(`/projects/${p.keys.projectId.toUpperCase()}/.well-known/jwks.json`), {})
    await ctx.send("trailing slash", get(`/projects/${p.keys.projectId}/.well-known/jwks.json/`), {})
    await ctx.send("no .well-known", get(`/projects/${p.keys.projectId}/jwks.json`), {})
    await ctx.send("openid configuration", get(`/projects/${p.keys.projectId}/.well-known/openid-configuration`), {})
    await ctx.send("empty id", get("/projects//.well-known/jwks.json"), {})
  }),
  sequence("POST /auth/password/sign-in", "happy", "am: claims after sign-in with a selected team and a display name", async (ctx) => {
    const p = await ctx.project("teams")
    const email = ctx.email("claimteam")
    const up = await ctx.signUp(p, email)
    await ctx.quiet(patch("/users/me", { display_name: "Claim Team" }), ctx.client(p, up))
    ctx.alias(p.keys.projectId, "project:teams")
    const teams = await ctx.send("teams", get("/teams", { user_id: "me" }), ctx.client(p, up))
    ctx.alias(record((record(teams.body).items as Array<unknown> | undefined)?.[0]).id, "team:personal")
    const inn = await ctx.send("sign in", post("/auth/password/sign-in", { email, password: "password-123456" }), ctx.client(p))
    claims(ctx, "sign-in token", tokenOf(inn))
    const me = await ctx.send("me", get("/users/me"), ctx.client(p, { accessToken: tokenOf(inn) }))
    void me
  }),
  // ---- third batch
  sequence("POST /emails/render-email", "happy", "am: render with a project's own theme and with the default templates", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const theme = ctx.field(await ctx.send("create theme", post("/internal/email-themes", { display_name: "Own" }), as), "id")
    ctx.alias(theme, "theme:own")
    await ctx.send("update theme", patch(`/internal/email-themes/${theme}`, { tsx_source: goodTheme }), as)
    await ctx.send("own theme + source", post("/emails/render-email", { theme_id: theme, template_tsx_source: goodTemplate }), as)
    await ctx.send("theme false", post("/emails/render-email", { theme_id: false, template_tsx_source: goodTemplate }), as)
    await ctx.send("theme null", post("/emails/render-email", { theme_id: null, template_tsx_source: goodTemplate }), as)
    await ctx.send("theme source + unknown template", post("/emails/render-email", { theme_tsx_source: goodTheme, template_id: unknownUuid }), as)
    await ctx.send("no body", post("/emails/render-email"), as)
    await ctx.send("extra field", post("/emails/render-email", { theme_tsx_source: goodTheme, template_tsx_source: goodTemplate, variables: { a: 1 } }), as)
  }),
  sequence("PATCH /internal/email-templates/{id}", "known-error", "am: templates on the shared server, then with lower access", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const list = await ctx.send("list", get("/internal/email-templates"), as)
    const first = ctx.field(list, "templates.0.id")
    ctx.alias(first, "template:0")
    await ctx.send("patch default on shared", patch(`/internal/email-templates/${first}`, { tsx_source: goodTemplate }), as)
    await ctx.send("patch bad body on shared", patch(`/internal/email-templates/${first}`, { tsx_source: 5 }), as)
    await ctx.send("patch not uuid on shared", patch("/internal/email-templates/abc", { tsx_source: goodTemplate }), as)
    await ctx.send("server patch", patch(`/internal/email-templates/${first}`, { tsx_source: goodTemplate }), ctx.server(p))
    await ctx.send("client list", get("/internal/email-templates"), ctx.client(p))
    await ctx.send("no auth list", get("/internal/email-templates"), {})
  }),
  sequence("GET /users", "malformed", "am: user lists with more odd query values", async (ctx) => {
    const p = await ctx.project()
    const s = ctx.server(p)
    await ctx.send("limit fraction", get("/users", { limit: "1.5" }), s)
    await ctx.send("limit huge", get("/users", { limit: "100000", query: "nobody-matches-this" }), s)
    await ctx.send("limit negative", get("/users", { limit: "-3" }), s)
    await ctx.send("cursor not uuid", get("/users", { cursor: "abc" }), s)
    await ctx.send("cursor unknown", get("/users", { cursor: unknownUuid, limit: "1" }), s)
    await ctx.send("desc one", get("/users", { desc: "1", query: "nobody-matches-this" }), s)
    await ctx.send("desc zero", get("/users", { desc: "0", query: "nobody-matches-this" }), s)
    await ctx.send("query percent", get("/users", { query: "%" }), s)
    await ctx.send("query blank", get("/users", { query: "   ", limit: "1" }), s)
    await ctx.send("team not uuid", get("/users", { team_id: "team" }), s)
    await ctx.send("everything wrong", get("/users", { limit: "x", cursor: "y", order_by: "z", desc: "w", team_id: "v", extra: "u" }), s)
  }),
  sequence("GET /teams", "auth", "am: team lists by access and user, with faults", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email("tl"))
    await ctx.send("server me without token", get("/teams", { user_id: "me" }), ctx.server(p))
    await ctx.send("server me with token", get("/teams", { user_id: "me" }), ctx.server(p, t))
    await ctx.send("client no user id", get("/teams"), ctx.client(p, t))
    await ctx.send("client unknown user", get("/teams", { user_id: unknownUuid }), ctx.client(p, t))
    await ctx.send("admin unknown user", get("/teams", { user_id: unknownUuid }), ctx.admin(p))
    await ctx.send("bad user id", get("/teams", { user_id: "x" }), ctx.server(p))
    await ctx.send("extra query", get("/teams", { user_id: "me", add_current_user: "true" }), ctx.client(p, t))
  }),
  sequence("GET /team-member-profiles", "malformed", "am: member profiles with odd ids, me, and lower access", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email("mp"))
    await ctx.send("server me with token", get("/team-member-profiles", { user_id: "me" }), ctx.server(p, t))
    await ctx.send("server me without token", get("/team-member-profiles", { user_id: "me" }), ctx.server(p))
    await ctx.send("team not uuid", get("/team-member-profiles", { team_id: "t" }), ctx.server(p))
    await ctx.send("unknown team", get("/team-member-profiles", { team_id: unknownUuid }), ctx.server(p))
    await ctx.send("unknown user", get("/team-member-profiles", { user_id: unknownUuid }), ctx.admin(p))
    await ctx.send("client unknown team", get("/team-member-profiles", { team_id: unknownUuid }), ctx.client(p, t))
    await ctx.send("client signed out", get("/team-member-profiles", { team_id: unknownUuid }), ctx.client(p))
  }),
  sequence("GET /team-permissions", "malformed", "am: team permission lists with me, odd ids and lower access", async (ctx) => {
    const p = await ctx.project("teams")
    const t = await ctx.signUp(p, ctx.email("tp"))
    ctx.alias(t.userId, "user:tp")
    const teams = await ctx.quiet(get("/teams", { user_id: "me" }), ctx.client(p, t))
    ctx.alias(record((record(teams.body).items as Array<unknown> | undefined)?.[0]).id, "team:personal")
    await ctx.send("client me", get("/team-permissions", { user_id: "me" }), ctx.client(p, t))
    await ctx.send("client me recursive", get("/team-permissions", { user_id: "me", recursive: "true" }), ctx.client(p, t))
    await ctx.send("server me with token", get("/team-permissions", { user_id: "me" }), ctx.server(p, t))
    await ctx.send("server me without token", get("/team-permissions", { user_id: "me" }), ctx.server(p))
    await ctx.send("team not uuid", get("/team-permissions", { team_id: "x" }), ctx.server(p))
    await ctx.send("user not uuid", get("/team-permissions", { user_id: "x" }), ctx.server(p))
    await ctx.send("client no user", get("/team-permissions"), ctx.client(p, t))
    await ctx.send("extra query", get("/team-permissions", { user_id: "me", direct: "true" }), ctx.client(p, t))
  }),
  sequence("OPTIONS /api/v1/*", "headers", "am: preflights with lower-case methods, on the root, on redirected paths", async (ctx) => {
    const headers = { origin: "https://app.example.com", "access-control-request-method": "patch", "access-control-request-headers": "content-type" }
    await ctx.send("lower-case method", { method: "OPTIONS", path: "/users/me" }, { headers })
    await ctx.send("root", { method: "OPTIONS", path: "" }, { headers })
    await ctx.send("trailing slash", { method: "OPTIONS", path: "/users/me/" }, { headers })
    await ctx.send("double slash", { method: "OPTIONS", path: "//users/me" }, { headers })
    await ctx.send("api only", { method: "OPTIONS", path: "!/api" }, { headers })
    await ctx.send("unknown version", { method: "OPTIONS", path: "!/api/v2/users/me" }, { headers })
  }),
  sequence("GET /api/v1", "known-error", "am: repeated slashes and odd paths under the API", async (ctx) => {
    const p = await ctx.project()
    await ctx.send("double slash inside", get("//projects/current"), ctx.client(p))
    await ctx.send("double slash at the end", get("/projects/current//"), ctx.client(p))
    await ctx.send("double slash with query", get("///users", { limit: "1" }), ctx.server(p))
    await ctx.send("latest double slash", get("!/api/latest//projects/current"), ctx.client(p))
    await ctx.send("dot segment", get("/projects/./current"), ctx.client(p))
    await ctx.send("encoded slash", get("/projects%2Fcurrent"), ctx.client(p))
    await ctx.send("upper case path", get("/Projects/Current"), ctx.client(p))
  }),
  sequence("POST /auth/anonymous/sign-up", "happy", "am: claims of an anonymous user before and after it signs up with a password", async (ctx) => {
    const p = await ctx.project("fresh")
    ctx.alias(p.keys.projectId, "project:anon")
    const anon = await ctx.send("anonymous", post("/auth/anonymous/sign-up", {}), ctx.client(p))
    ctx.alias(record(anon.body).user_id, "user:anon")
    claims(ctx, "anonymous token", tokenOf(anon))
    const up = await ctx.send("upgrade", post("/auth/password/sign-up", { email: ctx.email("upgraded"), password: "password-123456", verification_callback_url: "http://localhost:3000/handler/email-verification" }), ctx.client(p, { accessToken: tokenOf(anon) }))
    claims(ctx, "upgraded token", tokenOf(up))
    await ctx.send("me", get("/users/me"), ctx.client(p, { accessToken: tokenOf(up) }))
    await ctx.send("jwks anonymous", get(`/projects/${p.keys.projectId}/.well-known/jwks.json`, { include_anonymous: "true" }), {})
  }),
  sequence("POST /auth/passkey/initiate-passkey-registration", "happy", "am: passkey registration options for users with and without names and e-mails", async (ctx) => {
    const p = await ctx.project("passkey")
    const named = await ctx.createUser(p, { display_name: "Only A Name" })
    ctx.alias(named, "user:named")
    ctx.alias(Buffer.from(named).toString("base64url"), "handle:named")
    const s1 = await ctx.quiet(post("/auth/sessions", { user_id: named }), ctx.server(p))
    await ctx.send("name only", post("/auth/passkey/initiate-passkey-registration", {}), ctx.client(p, { accessToken: tokenOf(s1) }))
    const bare = await ctx.createUser(p, {})
    ctx.alias(bare, "user:bare")
    ctx.alias(Buffer.from(bare).toString("base64url"), "handle:bare")
    const s2 = await ctx.quiet(post("/auth/sessions", { user_id: bare }), ctx.server(p))
    await ctx.send("nothing", post("/auth/passkey/initiate-passkey-registration", {}), ctx.client(p, { accessToken: tokenOf(s2) }))
    const mailed = await ctx.createUser(p, { primary_email: ctx.email("pkmail"), primary_email_verified: true })
    ctx.alias(mailed, "user:pkmail")
    ctx.alias(Buffer.from(mailed).toString("base64url"), "handle:pkmail")
    const s3 = await ctx.quiet(post("/auth/sessions", { user_id: mailed }), ctx.server(p))
    await ctx.send("email only", post("/auth/passkey/initiate-passkey-registration", {}), ctx.client(p, { accessToken: tokenOf(s3) }))
  }),
  sequence("GET /internal/projects/current", "happy", "am: the owner's admin token reads and updates the project; the list after", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = async (): Promise<As> => ({ access: "admin", keys: { projectId: p.keys.projectId }, adminAccessToken: await ctx.projects.ownerAccessToken() })
    await ctx.send("read", get("/internal/projects/current"), await as())
    await ctx.send("update", patch("/internal/projects/current", { display_name: "Owner renamed", config: { magic_link_enabled: true } }), await as())
    await ctx.send("themes", get("/internal/email-themes"), await as())
    await ctx.send("templates count", get("/internal/emails"), await as())
    await ctx.send("api keys", get("/internal/api-keys"), await as())
    await ctx.send("users", get("/users", { limit: "1" }), await as())
  }),
  // ---- fourth batch: the rules fixed above, from other angles
  sequence("PATCH /internal/projects/current", "happy", "am: domains sent out of order, themes selected by empty and default names", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    const path = "/internal/projects/current"
    await ctx.send("domains reversed", patch(path, { config: { domains: [{ domain: "https://zz.example.com", handler_path: "/z" }, { domain: "https://mm.example.com", handler_path: "/m" }, { domain: "http://aa.example.com", handler_path: "/a" }] } }), as)
    await ctx.send("dark theme", patch(path, { config: { email_theme: "a0172b5d-cff0-463b-83bb-85124697373a" } }), as)
    await ctx.send("empty theme", patch(path, { config: { email_theme: "" } }), as)
    await ctx.send("read", get(path), as)
  }),
  sequence("POST /internal/projects", "happy", "am: new projects with the dark theme, an empty theme and an unknown one", async (ctx) => {
    const owner = await ownerAs(ctx)
    const a = await ctx.send("dark", post("/internal/projects", { display_name: "Dark", config: { email_theme: "a0172b5d-cff0-463b-83bb-85124697373a" } }), owner)
    ctx.alias(record(a.body).id, "project:dark")
    const b = await ctx.send("empty", post("/internal/projects", { display_name: "Empty theme", config: { email_theme: "" } }), await ownerAs(ctx))
    ctx.alias(record(b.body).id, "project:empty")
    const c = await ctx.send("unknown", post("/internal/projects", { display_name: "Unknown theme", config: { email_theme: unknownUuid, domains: [{ domain: "https://b.example.com", handler_path: "/h" }, { domain: "https://a.example.com", handler_path: "/h" }] } }), await ownerAs(ctx))
    ctx.alias(record(c.body).id, "project:unknown")
  }),
  sequence("GET /users", "happy", "am: searches with LIKE wildcards and escapes", async (ctx) => {
    const p = await ctx.project("fresh")
    const s = ctx.server(p)
    for (const [tag, name] of [["wa", "Ann x_y"], ["wb", "Bob XZY"], ["wc", "Cat 50% off"], ["wd", "Dan 50 percent off"]] as const) {
      ctx.alias(await ctx.createUser(p, { primary_email: ctx.email(tag), display_name: name }), `user:${tag}`)
    }
    await ctx.send("underscore", get("/users", { query: "x_y" }), s)
    await ctx.send("escaped underscore", get("/users", { query: "x\\_y" }), s)
    await ctx.send("percent inside", get("/users", { query: "50%off" }), s)
    await ctx.send("escaped percent", get("/users", { query: "50\\%" }), s)
    await ctx.send("lone backslash", get("/users", { query: "\\" }), s)
    await ctx.send("parenthesis", get("/users", { query: "(ann" }), s)
    await ctx.send("dot", get("/users", { query: "." }), s)
  }),
  sequence("GET /api/v1", "headers", "am: paths outside the API and the bare /api", async (ctx) => {
    await ctx.send("api get", get("!/api"), {})
    await ctx.send("api options", { method: "OPTIONS", path: "!/api" }, { headers: { origin: "https://app.example.com", "access-control-request-method": "GET" } })
    await ctx.send("page get", get("!/no-such-page"), {})
    await ctx.send("page post", post("!/no-such-page", {}), {})
    await ctx.send("page with keys", get("!/no-such-page"), { access: "client", keys: ctx.target.internal })
    await ctx.send("apis prefix", get("!/apis/v1"), {})
  }),
  // ---- fifth batch
  sequence("POST /auth/sessions", "happy", "am: [5] claims of impersonation and long server sessions", async (ctx) => {
    const p = await ctx.project("fresh")
    ctx.alias(p.keys.projectId, "project:imp")
    const userId = await ctx.createUser(p, { primary_email: ctx.email("imp"), display_name: "Imp" })
    ctx.alias(userId, "user:imp")
    const imp = await ctx.send("impersonation", post("/auth/sessions", { user_id: userId, is_impersonation: true }), ctx.server(p))
    claims(ctx, "impersonation token", tokenOf(imp))
    const long = await ctx.send("long", post("/auth/sessions", { user_id: userId, expires_in_millis: 1000 * 60 * 60 * 24 * 300 }), ctx.server(p))
    claims(ctx, "long token", tokenOf(long))
    await ctx.send("sessions", get("/auth/sessions", { user_id: userId }), ctx.server(p))
    await ctx.send("bad expiry", post("/auth/sessions", { user_id: userId, expires_in_millis: -1 }), ctx.server(p))
    await ctx.send("unknown user", post("/auth/sessions", { user_id: unknownUuid }), ctx.server(p))
    await ctx.send("client", post("/auth/sessions", { user_id: userId }), ctx.client(p))
  }),
  sequence("GET /users/me", "headers", "am: [5] error answers with an origin: 400, 401, 403, 404, 405", async (ctx) => {
    const p = await ctx.project()
    const origin = { origin: "https://site.example.com" }
    await ctx.send("schema error", post("/auth/password/sign-in", { email: 1 }), { ...ctx.client(p), headers: origin })
    await ctx.send("wrong key", get("/users/me"), { access: "client", keys: { ...p.keys, publishableClientKey: "pck_x" }, headers: origin })
    await ctx.send("insufficient access", get("/internal/api-keys"), { ...ctx.client(p), headers: origin })
    await ctx.send("unknown user", get(`/users/${unknownUuid}`), { ...ctx.server(p), headers: origin })
    await ctx.send("no such method", { method: "PUT", path: "/users/me", body: {} }, { ...ctx.client(p), headers: origin })
    await ctx.send("preflight of a 405 method", { method: "OPTIONS", path: "/users/me" }, { headers: { ...origin, "access-control-request-method": "PUT" } })
  }),
  sequence("PATCH /internal/email-templates/{id}", "happy", "am: [5] a template given a theme, then false and null; render with it", async (ctx) => {
    const p = await ctx.project("fresh")
    const as = ctx.admin(p)
    await ctx.quiet(patch("/internal/projects/current", { config: { email_config: { type: "standard", host: "127.0.0.1", port: 2525, username: "u", password: "p", sender_name: "S", sender_email: "s@example.com" } } }), as)
    const theme = ctx.field(await ctx.send("theme", post("/internal/email-themes", { display_name: "Tpl theme" }), as), "id")
    ctx.alias(theme, "theme:tpl")
    await ctx.send("theme source", patch(`/internal/email-themes/${theme}`, { tsx_source: goodTheme }), as)
    await ctx.send("select theme", patch("/internal/projects/current", { config: { email_theme: theme } }), as)
    const id = ctx.field(await ctx.send("create", post("/internal/email-templates", { display_name: "With theme" }), as), "id")
    ctx.alias(id, "template:tpl")
    await ctx.send("patch with theme", patch(`/internal/email-templates/${id}`, { tsx_source: goodTemplate, theme_id: theme }), as)
    await ctx.send("patch with false", patch(`/internal/email-templates/${id}`, { tsx_source: goodTemplate, theme_id: false }), as)
    await ctx.send("render by ids", post("/emails/render-email", { theme_id: theme, template_id: id }), as)
    await ctx.send("render own template, source theme", post("/emails/render-email", { theme_tsx_source: goodTheme, template_id: id }), as)
  }),
  // ---- CORS
  sequence("OPTIONS /api/v1/*", "headers", "am: preflights asking for headers and methods the service does not list", async (ctx) => {
    const base = { origin: "https://app.example.com", "access-control-request-method": "POST" }
    await ctx.send("custom header", { method: "OPTIONS", path: "/users/me" }, { headers: { ...base, "access-control-request-headers": "x-custom-header" } })
    await ctx.send("authorization and cookie", { method: "OPTIONS", path: "/users/me" }, { headers: { ...base, "access-control-request-headers": "authorization, cookie" } })
    await ctx.send("upper-case stack headers", { method: "OPTIONS", path: "/users/me" }, { headers: { ...base, "access-control-request-headers": "X-Stack-Project-Id, X-Stack-Access-Type, Content-Type" } })
    await ctx.send("method trace", { method: "OPTIONS", path: "/users/me" }, { headers: { origin: "https://app.example.com", "access-control-request-method": "TRACE" } })
    await ctx.send("no origin", { method: "OPTIONS", path: "/users/me" }, { headers: { "access-control-request-method": "GET" } })
    await ctx.send("bare options", { method: "OPTIONS", path: "/teams" }, {})
    await ctx.send("odd origin", { method: "OPTIONS", path: "/auth/password/sign-in" }, { headers: { ...base, origin: "chrome-extension://abcdef" } })
    await ctx.send("private network", { method: "OPTIONS", path: "/users/me" }, { headers: { ...base, "access-control-request-private-network": "true" } })
  }),
  sequence("GET /users/me", "headers", "am: actual requests with odd origins and request headers", async (ctx) => {
    const p = await ctx.project()
    const t = await ctx.signUp(p, ctx.email("corsme"))
    await ctx.send("null origin", get("/users/me"), { ...ctx.client(p, t), headers: { origin: "null" } })
    await ctx.send("origin with port", get("/users/me"), { ...ctx.client(p, t), headers: { origin: "http://localhost:5173" } })
    await ctx.send("preflight headers on a get", get("/users/me"), { ...ctx.client(p, t), headers: { origin: "https://a.example.com", "access-control-request-headers": "x-custom" } })
    await ctx.send("referer and user agent", get("/users/me"), { ...ctx.client(p, t), headers: { referer: "https://a.example.com/page", "user-agent": "harness/1" } })
    await ctx.send("error with origin", get("/users/me"), { ...ctx.client(p), headers: { origin: "https://evil.example.com" } })
    await ctx.send("post with origin", post("/auth/password/sign-in", { email: ctx.email("corsme"), password: "password-123456" }), { ...ctx.client(p), headers: { origin: "https://a.example.com" } })
    await ctx.send("options with keys", { method: "OPTIONS", path: "/users/me" }, { ...ctx.client(p, t), headers: { origin: "https://a.example.com", "access-control-request-method": "GET" } })
  }),
  // ---- token claims and JWKS
  sequence("POST /auth/password/sign-up", "happy", "am: the claims of access tokens (sign-up, refresh, server session, anonymous)", async (ctx) => {
    const p = await ctx.project("fresh")
    const email = ctx.email("claims")
    const up = await ctx.send("sign up", post("/auth/password/sign-up", { email, password: "password-123456", verification_callback_url: "http://localhost:3000/handler/email-verification" }), ctx.client(p))
    const userId = String(record(up.body).user_id)
    ctx.alias(userId, "user:claims")
    ctx.alias(p.keys.projectId, "project:claims")
    claims(ctx, "sign-up token", tokenOf(up))
    const refreshed = await ctx.send("refresh", post("/auth/sessions/current/refresh"), ctx.client(p, { refreshToken: tokenOf(up, "refresh_token") }))
    claims(ctx, "refreshed token", tokenOf(refreshed))
    const session = await ctx.send("server session", post("/auth/sessions", { user_id: userId, expires_in_millis: 3_600_000 }), ctx.server(p))
    claims(ctx, "server session token", tokenOf(session))
    await ctx.quiet(patch("/internal/projects/current", { display_name: "Claims renamed" }), ctx.admin(p))
    const anon = await ctx.send("anonymous", post("/auth/anonymous/sign-up", {}), ctx.client(p))
    ctx.alias(record(anon.body).user_id, "user:anon")
    claims(ctx, "anonymous token", tokenOf(anon))
  }),
  sequence("GET /projects/{id}/.well-known/jwks.json", "happy", "am: JWKS variants: include_anonymous values, unknown and deleted projects", async (ctx) => {
    const p = await ctx.project()
    const jwks = (id: string) => `/projects/${id}/.well-known/jwks.json`
    await ctx.send("plain", get(jwks(p.keys.projectId)), {})
    await ctx.send("anonymous true", get(jwks(p.keys.projectId), { include_anonymous: "true" }), {})
    await ctx.send("anonymous false", get(jwks(p.keys.projectId), { include_anonymous: "false" }), {})
    await ctx.send("anonymous odd", get(jwks(p.keys.projectId), { include_anonymous: "yes" }), {})
    await ctx.send("unknown uuid", get(jwks(unknownUuid)), {})
    await ctx.send("internal anonymous", get(jwks("internal"), { include_anonymous: "true" }), {})
    await ctx.send("with admin key", get(jwks(p.keys.projectId)), ctx.admin(p))
    await ctx.send("with another project's keys", get(jwks("internal")), ctx.client(p))
    const created = await ctx.quiet(post("/internal/projects", { display_name: "Gone soon" }), await ownerAs(ctx))
    const gone = String(record(created.body).id)
    await ctx.quiet(del("/internal/projects/current"), { access: "admin", keys: { projectId: gone }, adminAccessToken: await ctx.projects.ownerAccessToken() })
    await ctx.send("deleted project", get(jwks(gone)), {})
  }),
  // ---- passkey options
  sequence("POST /auth/passkey/initiate-passkey-registration", "known-error", "am: passkey registration options signed out, with a body, as server", async (ctx) => {
    const p = await ctx.project("passkey")
    const t = await ctx.signUp(p, ctx.email("pk"))
    await ctx.send("signed out", post("/auth/passkey/initiate-passkey-registration", {}), ctx.client(p))
    await ctx.send("with fields", post("/auth/passkey/initiate-passkey-registration", { display_name: "x" }), ctx.client(p, t))
    await ctx.send("server with user", post("/auth/passkey/initiate-passkey-registration", {}), ctx.server(p, t))
    await ctx.send("bad token", post("/auth/passkey/initiate-passkey-registration", {}), ctx.client(p, { accessToken: "garbage" }))
    await ctx.send("get", get("/auth/passkey/initiate-passkey-registration"), ctx.client(p, t))
  }),
  sequence("POST /auth/passkey/initiate-passkey-authentication", "malformed", "am: passkey authentication options with bodies, tokens, admin", async (ctx) => {
    const p = await ctx.project("passkey")
    const t: Tokens = await ctx.signUp(p, ctx.email("pka"))
    await ctx.send("signed in", post("/auth/passkey/initiate-passkey-authentication", {}), ctx.client(p, t))
    await ctx.send("unknown fields", post("/auth/passkey/initiate-passkey-authentication", { email: "x@example.com" }), ctx.client(p))
    await ctx.send("admin", post("/auth/passkey/initiate-passkey-authentication", {}), ctx.admin(p))
    await ctx.send("array body", post("/auth/passkey/initiate-passkey-authentication", []), ctx.client(p))
    const off = await ctx.project()
    await ctx.send("passkeys off, server", post("/auth/passkey/initiate-passkey-authentication", {}), ctx.server(off))
  })
]
