/**
 * `Credentials.bearer` reads `Authorization: Bearer <credential>` by hand (it runs once per
 * request): the scheme in any case, one or more spaces, a credential without whitespace, optional
 * trailing spaces. Anything else carries no bearer credential.
 */
import { assert, describe, it } from "@effect/vitest"
import { bearer } from "../../packages/sdk/src/server/Credentials.ts"

describe("Credentials.bearer", () => {
  it("reads the credential after the scheme, in any case, with extra spaces around it", () => {
    assert.strictEqual(bearer("Bearer a.b.c"), "a.b.c")
    assert.strictEqual(bearer("bearer a.b.c"), "a.b.c")
    assert.strictEqual(bearer("BEARER   a.b.c  "), "a.b.c")
  })

  it("refuses other schemes, no credential, whitespace inside it, and tabs or newlines as separators", () => {
    for (const value of [undefined, "", "Bearer", "Bearer ", "Bearer    ", "Basic a.b.c", "Bearera.b.c", "Bearer a b", "Bearer\ta.b.c", "Bearer a.b.c\n", " Bearer a.b.c"]) {
      assert.isUndefined(bearer(value), JSON.stringify(value))
    }
  })
})
