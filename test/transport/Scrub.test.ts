import { assert, describe, it } from "@effect/vitest"
import * as Redacted from "effect/Redacted"
import * as Scrub from "../../packages/sdk/src/transport/internal/Scrub.ts"

describe("Scrub (issue #15 row 5)", () => {
  it("removes a secret as it is, URL-encoded and JSON-escaped, longest form first", () => {
    const secret = "sk_a+b/c=d \"quoted\" key"
    const scrub = Scrub.make([Redacted.make(secret), undefined])
    const echoed = `raw ${secret} url ${encodeURIComponent(secret)} json ${JSON.stringify(secret)}`
    const out = scrub(echoed)
    assert.notInclude(out, secret)
    assert.notInclude(out, encodeURIComponent(secret))
    assert.notInclude(out, JSON.stringify(secret).slice(1, -1))
    assert.strictEqual(out.split(Scrub.placeholder).length - 1, 3)
  })

  it("scrubs every key and string inside an error's details", () => {
    const scrub = Scrub.make([Redacted.make("token-value-123")])
    assert.deepStrictEqual(Scrub.value(scrub, { "token-value-123": ["x token-value-123", 1, { deep: "token-value-123" }] }), {
      [Scrub.placeholder]: [`x ${Scrub.placeholder}`, 1, { deep: Scrub.placeholder }]
    })
  })

  it("leaves short values alone (they would match ordinary text)", () => {
    assert.strictEqual(Scrub.make([Redacted.make("abc")]), Scrub.identity)
  })
})
