/**
 * The emulator's admin routes as the real 2.8.27 service answers them (issue #26, measured with
 * the differential harness, `AdminMore` sequences): the order of e-mail themes and templates, the
 * sent-mail list's query.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { type Answer, assertKnownError, call } from "./support.ts"

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
