/**
 * The emulator's admin routes as the real 2.8.27 service answers them (issue #26, measured with
 * the differential harness, `AdminMore` sequences): the order of e-mail themes and templates, the
 * sent-mail list's query, the selected e-mail theme of new and updated projects, paths with
 * repeated slashes, `OPTIONS` outside the API.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { internalProject } from "../../packages/emulator/src/Seeds.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { type Answer, assertKnownError, call, read, signUp } from "./support.ts"

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator.Emulator>) => Effect.provide(effect, Emulator.layer)

const ok = (answer: Answer, what: string) => assert.isTrue(answer.status === 200 || answer.status === 201, `${what}: ${answer.status} ${answer.text}`)

const byId = (a: string, b: string) => a < b ? -1 : a > b ? 1 : 0

/** A theme source that renders. */
const themeSource = `export function EmailTheme({ children }: { children: React.ReactNode }) {
  return <div className="frame">{children}</div>
}`

describe("e-mail themes and templates: the order of the lists", () => {
  it.effect("the defaults first, in place even when changed; the project's own after them, by id", () =>
    withEmulator(Effect.gen(function*() {
      const before = yield* call({ path: "/internal/email-themes", access: "admin" })
      ok(before, "list")
      const defaults = (before.body.themes as ReadonlyArray<{ readonly id: string }>).map((t) => t.id)
      const created: Array<string> = []
      for (let i = 0; i < 6; i++) {
        const answer = yield* call({ method: "POST", path: "/internal/email-themes", access: "admin", body: { display_name: `Theme ${i}` } })
        ok(answer, "create")
        created.push(answer.body.id as string)
      }
      // change the first default and one of the project's own
      ok(yield* call({ method: "PATCH", path: `/internal/email-themes/${defaults[0]}`, access: "admin", body: { tsx_source: themeSource } }), "patch default")
      ok(yield* call({ method: "PATCH", path: `/internal/email-themes/${created[0]}`, access: "admin", body: { tsx_source: themeSource } }), "patch own")
      const after = yield* call({ path: "/internal/email-themes", access: "admin" })
      const ids = (after.body.themes as ReadonlyArray<{ readonly id: string }>).map((t) => t.id)
      assert.deepStrictEqual(ids, [...defaults, ...created.slice().sort(byId)])

      const templates = yield* call({ path: "/internal/email-templates", access: "admin" })
      const defaultTemplates = (templates.body.templates as ReadonlyArray<{ readonly id: string }>).map((t) => t.id)
      const own: Array<string> = []
      for (let i = 0; i < 6; i++) {
        const answer = yield* call({ method: "POST", path: "/internal/email-templates", access: "admin", body: { display_name: `Template ${i}` } })
        ok(answer, "create template")
        own.push(answer.body.id as string)
      }
      const listed = yield* call({ path: "/internal/email-templates", access: "admin" })
      assert.deepStrictEqual(
        (listed.body.templates as ReadonlyArray<{ readonly id: string }>).map((t) => t.id),
        [...defaultTemplates, ...own.slice().sort(byId)]
      )
    })))
})

describe("the sent-mail list", () => {
  it.effect("takes no query: a query field is a SCHEMA_ERROR naming it", () =>
    withEmulator(Effect.gen(function*() {
      ok(yield* call({ path: "/internal/emails", access: "admin" }), "plain list")
      const answer = yield* call({ path: "/internal/emails?limit=1", access: "admin" })
      assertKnownError(answer, "SCHEMA_ERROR", 400)
      assert.include(String(answer.body.details.message), "query contains unknown properties: limit")
    })))
})

describe("the selected e-mail theme", () => {
  const defaultLight = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"
  const defaultDark = "a0172b5d-cff0-463b-83bb-85124697373a"
  const unknownTheme = "00000000-0000-4000-8000-000000000000"

  it.effect("a new project takes any theme name; one that is not a theme of it reads as the default", () =>
    withEmulator(Effect.gen(function*() {
      const owner = yield* signUp("owner-admin-parity@example.com", "correct horse battery", { project: internalProject })
      const headers = {
        [Headers.projectId]: internalProject.projectId,
        [Headers.accessType]: "client",
        [Headers.publishableClientKey]: internalProject.publishableClientKey,
        [Headers.accessToken]: owner.access_token
      }
      const create = (email_theme: string) =>
        call({ method: "POST", path: "/internal/projects", access: "none", headers, body: { display_name: "Themed", config: { email_theme } } })
      for (const [theme, reads] of [[unknownTheme, defaultLight], ["dark", defaultLight], ["", defaultLight], [defaultDark, defaultDark]] as const) {
        const answer = yield* create(theme)
        assert.strictEqual(answer.status, 201, answer.text)
        assert.strictEqual(answer.body.config.email_theme, reads, theme)
      }
    })))

  it.effect("an update must name one of the project's themes, but an empty name is not checked and reads as the default", () =>
    withEmulator(Effect.gen(function*() {
      const update = (email_theme: string) => call({ method: "PATCH", path: "/internal/projects/current", access: "admin", body: { config: { email_theme } } })
      const refusedUnknown = yield* update(unknownTheme)
      assert.strictEqual(refusedUnknown.status, 400, refusedUnknown.text)
      ok(yield* update(defaultDark), "select dark")
      const emptied = yield* update("")
      ok(emptied, "empty name")
      assert.strictEqual(emptied.body.config.email_theme, defaultLight)
    })))
})

describe("paths the web framework redirects", () => {
  const raw = (method: string, path: string) =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      return yield* read(yield* Effect.orDie(emulator.handle(new Request(`${emulator.baseUrl}${path}`, { method }))))
    })

  it.effect("repeated slashes become one (a trailing one kept), before the trailing slash goes", () =>
    withEmulator(Effect.gen(function*() {
      for (const [path, location] of [
        ["/api/v1//projects/current", "/api/v1/projects/current"],
        ["/api//v1", "/api/v1"],
        ["/api/v1/projects/current//", "/api/v1/projects/current/"],
        ["/api/v1///users?x=1", "/api/v1/users?x=1"],
        [`/api/v1/projects//.well-known/jwks.json`, "/api/v1/projects/.well-known/jwks.json"],
        ["/api/v1/projects/current/", "/api/v1/projects/current"]
      ] as const) {
        const answer = yield* raw("GET", path)
        assert.strictEqual(answer.status, 308, path)
        assert.strictEqual(answer.headers.get("location"), location, path)
        assert.strictEqual(answer.headers.get("refresh"), `0;url=${location}`, path)
        assert.isNull(answer.headers.get("access-control-allow-origin"), path)
      }
    })))

  it.effect("OPTIONS outside the API on a path without routes is not found; under the API it is a preflight", () =>
    withEmulator(Effect.gen(function*() {
      const outside = yield* raw("OPTIONS", "/something")
      assert.strictEqual(outside.status, 404)
      assert.isNull(outside.headers.get("access-control-allow-origin"))
      const inside = yield* raw("OPTIONS", "/api/v1/no/such/route")
      assert.strictEqual(inside.status, 200)
      assert.strictEqual(inside.headers.get("access-control-allow-origin"), "*")
      // `/api` itself is outside the API
      const api = yield* raw("OPTIONS", "/api")
      assert.strictEqual(api.status, 404)
      assert.isNull(api.headers.get("access-control-allow-origin"))
    })))

  it.effect("outside the API a path without routes gets the framework's HTML not-found page, gzipped when accepted", () =>
    withEmulator(Effect.gen(function*() {
      for (const method of ["GET", "POST", "OPTIONS"]) {
        const page = yield* raw(method, "/something")
        assert.strictEqual(page.status, 404, method)
        assert.strictEqual(page.headers.get("content-type"), "text/html; charset=utf-8")
        assert.strictEqual(page.headers.get("cache-control"), "no-store, must-revalidate")
        assert.isTrue(page.headers.get("vary")!.endsWith(", Accept-Encoding"))
        assert.isNull(page.headers.get("content-encoding"))
        assert.include(page.text, "404")
      }
      const emulator = yield* Emulator.Emulator
      const zipped = yield* Effect.orDie(emulator.handle(new Request(`${emulator.baseUrl}/something`, { headers: { "accept-encoding": "gzip, deflate" } })))
      assert.strictEqual(zipped.headers.get("content-encoding"), "gzip")
      const unzipped = yield* Effect.promise(() => new Response(zipped.body!.pipeThrough(new DecompressionStream("gzip"))).text())
      assert.include(unzipped, "404")
      // under the API an unknown route stays the service's plain-text 404
      const apiMiss = yield* raw("GET", "/api/v1/no/such/route")
      assert.strictEqual(apiMiss.status, 404)
      assert.strictEqual(apiMiss.headers.get("content-type"), "text/plain; charset=utf-8")
    })))
})

describe("the project's trusted domains", () => {
  it.effect("read back sorted by the domain, whatever order they were sent in", () =>
    withEmulator(Effect.gen(function*() {
      const answer = yield* call({
        method: "PATCH",
        path: "/internal/projects/current",
        access: "admin",
        body: {
          config: {
            domains: [
              { domain: "https://zeta.example.com", handler_path: "/handler" },
              { domain: "http://alpha.example.com", handler_path: "/h" },
              { domain: "https://alpha.example.com", handler_path: "/handler" },
              { domain: "https://Beta.example.com", handler_path: "/handler" }
            ]
          }
        }
      })
      ok(answer, "update")
      const expected = ["http://alpha.example.com", "https://Beta.example.com", "https://alpha.example.com", "https://zeta.example.com"]
      assert.deepStrictEqual((answer.body.config.domains as ReadonlyArray<{ readonly domain: string }>).map((d) => d.domain), expected)
      const read = yield* call({ path: "/internal/projects/current", access: "admin" })
      assert.deepStrictEqual((read.body.config.domains as ReadonlyArray<{ readonly domain: string }>).map((d) => d.domain), expected)
    })))
})

describe("the user list's search", () => {
  it.effect("is the database's case-insensitive LIKE: % and _ are wildcards, a backslash quotes, a lone one matches nothing", () =>
    withEmulator(Effect.gen(function*() {
      const names = ["Ann x_y", "Bob XZY", "Cat 50% off", "Dan 50 percent off"]
      for (const display_name of names) {
        ok(yield* call({ method: "POST", path: "/users", access: "server", body: { display_name } }), display_name)
      }
      const found = (query: string) =>
        Effect.map(call({ path: `/users?query=${encodeURIComponent(query)}`, access: "server" }), (answer) =>
          (answer.body.items as ReadonlyArray<{ readonly display_name: string | null }>).map((u) => u.display_name).filter((n) => n !== null && names.includes(n)).sort())
      assert.deepStrictEqual(yield* found("x_y"), ["Ann x_y", "Bob XZY"])
      assert.deepStrictEqual(yield* found("x\\_y"), ["Ann x_y"])
      assert.deepStrictEqual(yield* found("50%off"), ["Cat 50% off", "Dan 50 percent off"])
      assert.deepStrictEqual(yield* found("50\\%"), ["Cat 50% off"])
      assert.deepStrictEqual(yield* found("%"), names)
      assert.deepStrictEqual(yield* found("\\"), [])
      assert.deepStrictEqual(yield* found("(ann"), [])
    })))
})

describe("an edited template's trial render", () => {
  it.effect("lists the project's name as the one variable it is given (the development form)", () =>
    withEmulator(Effect.gen(function*() {
      ok(yield* call({
        method: "PATCH",
        path: "/internal/projects/current",
        access: "admin",
        body: { config: { email_config: { type: "standard", host: "127.0.0.1", port: 2525, username: "u", password: "p", sender_name: "S", sender_email: "s@example.com" } } }
      }), "custom server")
      const created = yield* call({ method: "POST", path: "/internal/email-templates", access: "admin", body: { display_name: "Edited" } })
      ok(created, "create")
      const project = yield* call({ path: "/internal/projects/current", access: "admin" })
      const source = `import { Subject, NotificationCategory } from "@stackframe/emails"
export function EmailTemplate() {
  return <><Subject value="Hi" /><NotificationCategory value="Transactional" /><div>Hi</div></>
}`
      const edited = yield* call({ method: "PATCH", path: `/internal/email-templates/${created.body.id}`, access: "admin", body: { tsx_source: source } })
      ok(edited, "edit")
      assert.isTrue(
        String(edited.body.rendered_html).endsWith(`\n\n variables: ${JSON.stringify({ projectDisplayName: project.body.display_name })}</div>`),
        String(edited.body.rendered_html).slice(-120)
      )
    })))
})
